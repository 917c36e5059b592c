"""The odds of the action in the rehearsal popup, in words (issue 18, DESIGN.md section 10), and
for a shot a what-if table: the same shot with each round its counter lists and as Intensive Fire.

Every figure is the rules core's own ``odds`` answer; this module only words it.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any, NamedTuple

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from aslgui.errors import AslError
from aslgui.model import Scenario
from aslgui.rules import resolve
from aslgui.rules.resolution import Resolution
from aslgui.rules.to_hit.legality import ammo_choices

#: How an IFT result reads in the odds line (A7: the printed result, "-" is no effect).
RESULT_WORDS = {"-": "no effect"}
WHAT_IF_COLUMNS = ("Shot", "Hits on", "Hit", "CH", "Breaks down")


def percent(share: float) -> str:
    """72%, 3%; below 1% one decimal (0.5%), so a 1-in-216 chance never reads as 0%."""
    if 0 < share < 0.01:
        return f"{share:.1%}"
    return f"{share:.0%}"


def hit_words(values: Mapping[str, Any]) -> str:
    """What Original DR hits, as a player says it (C3.3, C3.6, C5.35)."""
    if values.get("improbable"):
        return "only an Improbable Hit (Original 2, then dr 1-3)"
    doubled = " (lower die doubled)" if values.get("doubled_lower_dr") else ""
    return f"hits on {values.get('final_th_needed')} or less{doubled}"


def hits_on_cell(values: Mapping[str, Any]) -> str:
    """``hit_words`` short enough for the what-if table's "Hits on" column at the popup's size
    (``hits on 10 or ...`` was cut off); the row's tooltip keeps the words."""
    if values.get("improbable"):
        return "Improbable"
    return f"\u2264 {values.get('final_th_needed')}" + (" (doubled)" if values.get("doubled_lower_dr") else "")


def _results(shares: Mapping[str, float]) -> str:
    return ", ".join(f"{RESULT_WORDS.get(result, result)} {percent(share)}" for result, share in shares.items())


def odds_words(resolution: Resolution) -> list[str]:
    """The answer's ``odds`` in words, one line per thing that can happen; none without odds."""
    values = resolution.values
    odds = values.get("odds")
    if not isinstance(odds, Mapping):
        return []
    kind = resolution.kind
    if kind == "fire" or "hit" in odds:  # a shot, or a Gun's Reaction Fire (its To Hit, D7.22)
        return [f"{hit_words(values)}: {percent(odds['hit'])}", f"CH {percent(odds['critical'])}",
                f"breaks down {percent(odds['malfunction'])}"]
    if kind == "push":
        return [f"enters {percent(odds['enter'])} (may go on {percent(odds['continue'])})",
                f"fails to enter {percent(odds['fail'])}"]
    lines = []
    for name, words in (("detonated", "detonates"), ("malfunction", "malfunctions"), ("immobilized", "immobilized"),
                        ("set", "Set"), ("trailer_hit", "trailer hit")):
        if name in odds and (odds[name] or name in ("detonated", "set", "trailer_hit")):
            lines.append(f"{words} {percent(odds[name])}")
    if odds.get("result"):
        ovr = values.get("overrun")  # a move ending in an OVR: its IFT column is the OVR's (DESIGN.md 13)
        column = values.get("ift_column", ovr.get("ift_column") if isinstance(ovr, Mapping) else None)
        drm = resolution.total_drm
        # small arms or a FT at the OVRing vehicle (D7.22): the printed result, whose effect is not applied
        printed = ', printed results, not applied to the vehicle (see "On the vehicle")' if values.get(
            "vehicle_effect_note") else ""
        lines.append(f"IFT {column} column, DRM {drm:+d}{printed}: {_results(odds['result'])}")
    if odds.get("cc_result"):  # CC Reaction Fire vs the vehicle (D7.21)
        ccv, drm = values.get("final_ccv"), resolution.total_drm
        lines.append(f"CC at CCV {ccv}, DRM {drm:+d}: {_results(odds['cc_result'])}")
    if odds.get("unlikely_kill_possible"):
        lines.append(f"Unlikely Kill possible (A11.501) {percent(odds['unlikely_kill_possible'])}")
    if odds.get("thrower_result_if_detonated"):
        column = values.get("thrower_ift_column")
        lines.append(f"thrower's Location, IFT {column} column, DRM {values.get('thrower_drm'):+d}: "
                     f"{_results(odds['thrower_result_if_detonated'])}")
    return lines


class WhatIf(NamedTuple):
    """One line of the what-if table: a variant of the shot and the rules' answer (or why none)."""

    label: str
    resolution: Resolution | None
    error: str = ""

    def cells(self) -> tuple[str, ...]:
        res = self.resolution
        if res is None:
            return (self.label, self.error, "", "", "")
        odds = res.values.get("odds")
        if not res.legal or not isinstance(odds, Mapping):
            return (self.label, "not allowed", "", "", "")
        return (self.label, hits_on_cell(res.values), percent(odds["hit"]), percent(odds["critical"]),
                percent(odds["malfunction"]))

    def tooltip(self) -> str:
        """Why the shot is refused, or what its Original DR must be, in words."""
        res = self.resolution
        if res is None:
            return self.error
        return "\n".join(res.reasons) if not res.legal else f"{self.label}: {hit_words(res.values)}"


def _marked_fired(scenario: Scenario, firer_id: str) -> Scenario:
    """The firer after its normal ROF: Intensive Fire is the extra shot that follows it (C5.6)."""
    unit = scenario.units.get(firer_id)
    if unit is None or unit.fired:
        return scenario
    after = copy.copy(scenario)  # shares the map and terrain, which a shot does not change
    after.units = {**scenario.units, firer_id: unit._replace(fired=True)}
    return after


def what_if(scenario: Scenario, action: Mapping[str, Any]) -> list[WhatIf]:
    """The same shot (no dice) with each round its counter lists (C8: as the Ammo choice offers),
    then as Intensive Fire after its ROF (C5.6)."""
    shot = {k: v for k, v in action.items() if k not in ("dice", "dr", "effects_dr")}
    rounds = ammo_choices(scenario.units.get(str(shot.get("firer"))))
    variants: list[tuple[str, Scenario, dict[str, Any]]] = [(ammo, scenario, {**shot, "ammo": ammo})
                                                            for ammo in rounds]
    variants.append(("Intensive Fire", _marked_fired(scenario, str(shot.get("firer"))), {**shot, "intensive": True}))
    lines = []
    for label, situation, variant in variants:
        try:
            lines.append(WhatIf(label, resolve(situation, variant)))
        except AslError as error:
            lines.append(WhatIf(label, None, str(error)))
    return lines


class OddsView:
    """Two widgets the popup places: ``words``, the odds line under the numbers, and ``what_if``,
    a shot's what-if table, below the outcome so a roll's result stays in view."""

    def __init__(self) -> None:
        self.words = QLabel()
        self.words.setWordWrap(True)
        self.table = QTableWidget(0, len(WHAT_IF_COLUMNS))
        self.table.setHorizontalHeaderLabels(list(WHAT_IF_COLUMNS))
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        rows = self.table.verticalHeader()
        rows.setMinimumSectionSize(1)
        rows.setDefaultSectionSize(self.table.fontMetrics().height() + 6)
        self.table.setToolTip("The same shot with each round its counter lists and as Intensive Fire (C5.6), "
                              "before any roll")
        self.title = QLabel("<b>What if</b> (the same shot, before any roll)")
        self.what_if = QWidget()
        layout = QVBoxLayout(self.what_if)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(self.table)

    def show_odds(self, resolution: Resolution | None, scenario: Scenario, action: Mapping[str, Any]) -> None:
        """Word the answer's odds; for a legal shot fill the what-if table."""
        lines = odds_words(resolution) if resolution is not None else []
        self.words.setText("Odds: " + "; ".join(lines) if lines else "")
        self.words.setVisible(bool(lines))
        rows = what_if(scenario, action) if resolution is not None and resolution.kind == "fire" else []
        if self.table.rowCount() != len(rows):
            self._lay_out(len(rows))
        for row, line in enumerate(rows):
            why = line.tooltip()
            for column, text in enumerate(line.cells()):
                item = self.table.item(row, column)
                if item is not None and (item.text(), item.toolTip()) != (text, why):
                    item.setText(text)
                    item.setToolTip(why)
        self.what_if.setVisible(bool(rows))

    def _lay_out(self, count: int) -> None:
        """Rows for ``count`` shots, the table exactly as tall as they are (no scrolling)."""
        self.table.setRowCount(count)
        for row in range(count):
            for column in range(self.table.columnCount()):
                self.table.setItem(row, column, QTableWidgetItem())
        table = self.table
        height = table.horizontalHeader().sizeHint().height() + count * table.verticalHeader().defaultSectionSize()
        table.setFixedHeight(height + 2 * table.frameWidth())

    def what_if_rows(self) -> list[list[str]]:
        """The table's cells as text (what a test or a screen reader reads)."""
        table = self.table
        return [[item.text() if (item := table.item(r, c)) else "" for c in range(table.columnCount())]
                for r in range(table.rowCount())]
