"""Odds maps on the map (issue 29, DESIGN.md 12), drawn from the rules core's ``odds_map``:

- "Show where it hits" (toolbar and View menu): every hex the selected Gun or vehicle may fire
  at, shaded by its chance to hit a target there and written as the percentage or the TH#; hexes
  it cannot fire at (out of LOS, its state) stay dark;
- "Show the enemy's threat": every hex shaded by the best chance any enemy Gun or vehicle has to
  hit a target there (the selected vehicle for the Vehicle Target Type), counted a slice of hexes
  per timer step (each hex's firers asked best first) and drawn as it grows, so the window never
  waits long while ten Guns are counted.

Hovering a hex says the shot in one line, from the ``fire`` answer for a target placed there.
Both follow the selection, moves and undo. Qt only draws here; the numbers are the rules core's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import NamedTuple

import shiboken6
from PySide6.QtCore import QObject, QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QColor, QPainter, QPainterPath, QPen, QStaticText
from PySide6.QtWidgets import (
    QGraphicsItem,
    QLabel,
    QMainWindow,
    QMenu,
    QStyleOptionGraphicsItem,
    QWidget,
)

from aslgui.collector import collector_paused
from aslgui.errors import AslError
from aslgui.geometry import BoardPlacement, Hex, MapGrid, ca_hexes
from aslgui.geometry.shapes import boards_outline
from aslgui.model import Scenario, Unit
from aslgui.rules.action_keys import MAP_TARGET_TYPES
from aslgui.rules.actions import ATTACKER_FIRE_PHASES, DEFENDER_FIRE_PHASES
from aslgui.rules.odds_hex import fire_at
from aslgui.rules.odds_map import FirerOdds, HexOdds, threat_firers, threat_odds, unit_odds
from aslgui.rules.odds_target import enemy_side, keys_of, target_unit
from aslgui.rules.resolution import HINDRANCE_CASE, IllegalAction, Resolution
from aslgui.rules.to_hit.shot import FIRERS
from aslgui.ui.map.layers import geometry_path
from aslgui.ui.map.los_view import BLOCKED_SHADE, ToolHost, hex_outline
from aslgui.ui.map.style import font

_Z_ODDS = 6.4
#: The shading's steps: chances to hit are shaded in 5% steps, one path per step.
_STEPS = 20
#: Below this zoom the numbers are left out (they would not be readable).
_TEXT_ZOOM = 0.3
#: Case P target sizes a player may choose for the target AFV (C6.7).
SIZES = (-2, -1, 0, 1, 2)
#: Hexes times firers of the threat counted per timer step (each hex asks its firers best first,
#: most of them only the best's bound): about 8 ms for 32 hexes of ten Guns on VASL boards
#: (threads walked), 6-7 ms median for 16 hexes of twenty on 16 boards.
FIRER_HEXES_PER_STEP = 320
#: The threat's shading is drawn this many times as it is counted (each drawing repaints the map,
#: about 5 ms on 4 boards), once per part of the map counted in which some hex was found.
DRAWINGS = 12
#: What ``next`` gives once the threat's steps are all taken.
_DONE = object()


def shade(hit: float) -> QColor:
    """Pale yellow for a slim chance to deep red for a sure one."""
    return QColor.fromHsvF(0.16 * (1.0 - hit), 0.35 + 0.6 * hit, 0.98, 0.62)


def percent(chance: float) -> str:
    """A chance as a player reads it: whole percent, and ``<1%`` for one that still hits sometimes."""
    if 0 < chance < 0.005:
        return "<1%"
    return f"{round(chance * 100)}%"


def shot_words(answer: Resolution, words: Callable[[str], str]) -> str:
    """A ``fire`` answer in one line: ``TH# 7, 58%: range 6, Case A +2, 1 Hindrance``; its
    reason put in the window's ``words`` when it is no shot."""
    values = answer.values
    if not answer.legal:
        return f"no shot: {words(answer.reasons[0])}" if answer.reasons else "no shot"
    parts = [f"range {values['range']}"]
    hindrances = sum(1 for line in answer.drm if line.case == HINDRANCE_CASE)
    for line in answer.drm:
        if line.case != HINDRANCE_CASE and line.value:
            parts.append(f"{'Case ' + line.case if len(line.case) == 1 else line.case} {line.value:+d}")
    if hindrances:
        parts.append(f"{hindrances} Hindrance{'s' if hindrances > 1 else ''}")
    odds = values["odds"] or {}
    return f"TH# {values['final_th_needed']}, {percent(odds.get('hit', 0.0))}: {', '.join(parts)}"


def shot_phase(scenario: Scenario, side: str) -> str:
    """The phase a side's shots are counted in: the scenario's when that side may fire in it (the
    MPh too: Bounding and Defensive First Fire), else its own fire phase (A3); with no ATTACKER
    set, the scenario's, whose side rules the answers skip."""
    if not scenario.player:
        return scenario.phase
    own = ATTACKER_FIRE_PHASES if side == scenario.player else DEFENDER_FIRE_PHASES
    return scenario.phase if scenario.phase in (*own, "MPh") else own[0]


class Shading(NamedTuple):
    """What the shading shown is of: one firer's shots (``firer``) or, with none, the enemy's."""

    firer: str | None
    target: Unit
    target_type: str
    phase: str


class OddsLayer(QGraphicsItem):
    """The shading: one item painting each hex's colour and number, clipped to the boards."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(_Z_ODDS)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        # painted once per zoom and shading, not at each repaint (a hover, a moved counter)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.odds: dict[Hex, HexOdds] = {}
        self.th = False
        self._paths: list[tuple[QColor, QPainterPath]] = []
        self._clip = QPainterPath()
        self._rect = QRectF()
        #: Each number written, laid out once with its half width (``drawText`` lays it out anew
        #: at every hex, most of the text's cost).
        self._labels: dict[str, tuple[QStaticText, float]] = {}

    def show_odds(self, grid: MapGrid, odds: dict[Hex, HexOdds], dark: bool, clip: QPainterPath) -> None:
        """Shade ``odds``; ``dark``: every other hex of the map is dark (out of the firer's reach)."""
        self.prepareGeometryChange()
        self.odds, self._clip, self._rect = odds, clip, clip.boundingRect()
        steps: dict[int, list[Hex]] = {}
        for h, found in odds.items():
            steps.setdefault(round(found.hit * _STEPS), []).append(h)
        self._paths = [(shade(step / _STEPS), hex_outline(hexes)) for step, hexes in sorted(steps.items())]
        if dark:
            self._paths.insert(0, (BLOCKED_SHADE, hex_outline(h for h in grid.all_hexes if h not in odds)))
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setClipPath(self._clip)
        painter.setPen(Qt.PenStyle.NoPen)
        smooth = painter.testRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)  # every edge is a hexside: most of the cost
        for colour, path in self._paths:
            painter.fillPath(path, colour)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, smooth)
        if painter.worldTransform().m11() < _TEXT_ZOOM:
            return
        painter.setFont(font(15, bold=True))
        painter.setPen(QPen(QColor(40, 20, 0)))
        exposed = option.exposedRect.adjusted(-40, -40, 40, 40)
        for h, found in self.odds.items():
            x, y = MapGrid.center(h)
            if exposed.contains(x, y):
                label, half = self._label(str(found.final_th_needed) if self.th else percent(found.hit))
                painter.drawStaticText(QPointF(x - half, y + 4), label)

    def _label(self, text: str) -> tuple[QStaticText, float]:
        kept = self._labels.get(text)
        if kept is None:
            label = QStaticText(text)
            label.setTextFormat(Qt.TextFormat.PlainText)
            label.prepare(font=font(15, bold=True))
            kept = self._labels[text] = (label, label.size().width() / 2)
        return kept


class OddsTools(QObject):
    """"Show where it hits" and "Show the enemy's threat" of a main window (module docstring)."""

    def __init__(self, window: QMainWindow, host: ToolHost) -> None:
        super().__init__(window)
        self.window, self.host = window, host
        #: The shading now shown: hex -> odds; and what it is of, for the hover line.
        self.shown: dict[Hex, HexOdds] = {}
        self._about: Shading | None = None
        #: The threat's steps not taken yet (``_threat_steps``), None once it is counted.
        self._pending: Iterator[None] | None = None
        self._boards: tuple[tuple[BoardPlacement, ...], QPainterPath] = ((), QPainterPath())
        self._timer = QTimer(self)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._next_step)
        self.label = QLabel()
        window.statusBar().addWidget(self.label)
        self.hits_action = self._toggle("Show where it hits", "Shade every hex the selected Gun or vehicle may fire at "
                                        "by its chance to hit a target there (C3)")
        self.threat_action = self._toggle("Show the enemy's threat", "Shade every hex by the best chance any enemy "
                                          "Gun or vehicle has to hit a target there (C3)")
        shown = QActionGroup(self)
        shown.setExclusionPolicy(QActionGroup.ExclusionPolicy.ExclusiveOptional)
        shown.addAction(self.hits_action)
        shown.addAction(self.threat_action)
        menu = host.view_menu.addMenu("Odds map target")
        self.type_actions = self._choices(menu, [f"{t.capitalize()} Target Type" for t in MAP_TARGET_TYPES], 0)
        menu.addSeparator()
        self.size_actions = self._choices(menu, [f"Target AFV size {s:+d} (C6.7)" if s else "Target AFV size 0"
                                                 for s in SIZES], SIZES.index(0))
        menu.addSeparator()
        self.th_action = QAction("Write the TH# instead of the chance", window)
        self.th_action.setCheckable(True)
        self.th_action.toggled.connect(self._on_th)
        menu.addAction(self.th_action)
        self.layer = self._new_layer()
        host.scene.selection_changed.connect(lambda _unit: self.refresh())
        host.scene.hex_hovered.connect(self._on_hover)
        host.scenario_changed.connect(self.refresh)  # an edit, an undo, another scenario

    def _toggle(self, text: str, tip: str) -> QAction:
        action = QAction(text, self.window)
        action.setCheckable(True)
        action.setToolTip(tip)
        action.toggled.connect(lambda _on: self.refresh())
        self.window.addAction(action)
        self.host.toolbar.addAction(action)
        self.host.view_menu.addAction(action)
        return action

    def _choices(self, menu: QMenu, texts: list[str], checked: int) -> list[QAction]:
        group = QActionGroup(self)
        actions = []
        for i, text in enumerate(texts):
            action = menu.addAction(text)
            action.setCheckable(True)
            action.setChecked(i == checked)
            action.toggled.connect(self._on_choice)
            group.addAction(action)
            actions.append(action)
        return actions

    def _on_choice(self, on: bool) -> None:
        if on:
            self.refresh()

    @property
    def target_type(self) -> str:
        return next(t for t, a in zip(MAP_TARGET_TYPES, self.type_actions, strict=True) if a.isChecked())

    @property
    def size(self) -> int:
        return next(s for s, a in zip(SIZES, self.size_actions, strict=True) if a.isChecked())

    def _on_th(self, on: bool) -> None:
        layer = self._layer_on_scene()
        layer.th = on
        layer.update()

    def _layer_on_scene(self) -> OddsLayer:
        """The shading's item, laid anew when another scenario cleared the scene (and every item on
        it with it)."""
        if not shiboken6.isValid(self.layer):
            self.layer = self._new_layer()
        return self.layer

    def _new_layer(self) -> OddsLayer:
        layer = OddsLayer()
        layer.th = self.th_action.isChecked()
        layer.hide()
        self.host.scene.addItem(layer)
        return layer

    def _selected(self) -> Unit | None:
        unit_id = self.host.scene.selected
        return self.host.scenario.units.get(unit_id) if unit_id else None

    def _target(self, side: str, selected: Unit | None) -> Unit:
        """The target placed in each hex: the selected vehicle of the threatened side for the
        Vehicle Target Type, else an AFV of the chosen size, or a squad."""
        scenario, target_type = self.host.scenario, self.target_type
        own = selected is not None and selected.kind == "vehicle" and selected.side == side
        keys = keys_of(selected, scenario) if own and target_type == "vehicle" and selected else {"size": self.size}
        return target_unit(scenario, side, target_type, keys if target_type == "vehicle" else {})

    # -- shading -------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Shade the map again for what is checked, selected and where the units now are."""
        parts = (self.host.scene, self.label, *self.type_actions, *self.size_actions)
        if not all(shiboken6.isValid(part) for part in parts):  # the window is being torn down
            return
        self._timer.stop()
        self._pending, self.shown, self._about = None, {}, None
        self._layer_on_scene().hide()
        self.label.setText("")
        try:
            if self.hits_action.isChecked():
                self._show_hits()
            elif self.threat_action.isChecked():
                self._start_threat()
        except AslError as error:  # a unit the rules cannot read: said, never a traceback
            self.label.setText(error.message)

    def _draw(self, dark: bool) -> None:
        grid = self.host.scenario.grid
        if self._boards[0] != grid.boards:  # the boards' outline (the shading's clip), kept per map layout
            self._boards = (grid.boards, geometry_path(boards_outline(grid)))
        self.layer.show_odds(grid, dict(self.shown), dark, self._boards[1])  # as drawn, while a threat grows
        self.layer.show()

    def _show_hits(self) -> None:
        scenario, unit = self.host.scenario, self._selected()
        if unit is None or unit.kind not in FIRERS:
            self.label.setText("Show where it hits: select a Gun or vehicle")
            return
        target = self._target(enemy_side(scenario, unit.side), None)
        phase = shot_phase(scenario, unit.side)
        self._about = Shading(unit.id, target, self.target_type, phase)
        with collector_paused():
            self.shown = unit_odds(scenario, unit, target, self.target_type, phase)
        self._draw(dark=True)
        what = f"Where {unit.name or unit.id} hits ({phase}, {self.target_type} target)"
        found = f"{len(self.shown)} hexes" if self.shown else f"no hex{self._why_none(unit)}"
        self.label.setText(f"{what}: {found}")

    def _why_none(self, unit: Unit) -> str:
        """Why the unit hits no hex, as its shot at the hex before it says (a mortar on the Vehicle
        Target Type, not its fire phase, ...), so an empty map is never left unexplained."""
        scenario, about = self.host.scenario, self._about
        spine = unit.firing_arc
        ahead = None if spine is None else next((h for h in ca_hexes(unit.hex, spine, 1) if h in scenario.grid), None)
        if about is None or ahead is None:
            return ""
        answer = fire_at(scenario, unit, about.target, about.target_type, about.phase, ahead)
        return f": {self.host.in_words(answer.reasons[0])}" if answer.reasons else ""

    def _threatened(self) -> tuple[str, Unit | None]:
        """The side whose units are threatened: the selected unit's, else the ATTACKER's, else the
        file's first side."""
        scenario, selected = self.host.scenario, self._selected()
        if selected is not None:
            return selected.side, selected
        first = next((u.side for u in scenario.units.values()), "")
        return scenario.player or first, None

    def _start_threat(self) -> None:
        scenario = self.host.scenario
        side, selected = self._threatened()
        target = self._target(side, selected)
        phase = shot_phase(scenario, enemy_side(scenario, side))
        self._about = Shading(None, target, self.target_type, phase)
        firers = threat_firers(scenario, side)
        self._draw(dark=False)
        if not firers:
            self.label.setText(f"Enemy threat to {side} ({phase}): the enemy has no Gun or vehicle")
            return
        self.label.setText(f"Enemy threat to {side} ({phase}): counting {len(firers)} Guns and vehicles...")
        self._pending = self._threat_steps(firers, self._about)
        self._timer.start()

    def _next_step(self) -> None:
        """One step of the threat being counted (``_threat_steps``); the timer stops after its last."""
        if self._pending is None or next(self._pending, _DONE) is _DONE:
            self._pending = None
            self._timer.stop()

    def _threat_steps(self, firers: list[Unit], about: Shading) -> Iterator[None]:
        """The threat counted a step at a time: every firer's shot read, then each slice of
        hexes asked of all firers at once (``FIRER_HEXES_PER_STEP``), best first (``threat_odds``:
        the same best as every firer's whole map, far fewer threads walked), drawn ``DRAWINGS``
        times as it grows; when no hex is in reach, why each firer hits none, one per step (DESIGN 12)."""
        scenario = self.host.scenario
        read: list[FirerOdds | str] = []  # each firer's odds, or why it fires no ordnance (a truck, C3)
        left_out: dict[str, str] = {}
        for firer in firers:
            try:
                read.append(FirerOdds(scenario, firer, about.target, about.target_type, about.phase))
            except IllegalAction as error:
                read.append(self.host.in_words(error.message))
            except AslError as error:  # a unit the rules cannot read: left out, and said
                left_out[firer.id] = error.message
        yield
        hexes = scenario.grid.all_hexes
        counted = drawn = new = 0  # hexes counted, the parts of the map drawn, hexes found since
        while counted < len(hexes):
            counting = [odds for odds in read if isinstance(odds, FirerOdds) and odds.firer.id not in left_out]
            part = hexes[counted:counted + max(1, FIRER_HEXES_PER_STEP // max(1, len(counting)))]
            try:
                with collector_paused():
                    found = threat_odds(counting, part)
            except AslError as error:  # a firer the rules cannot read at some hex: left out of the whole threat
                unreadable = self._unreadable(counting, part)
                if not unreadable:  # none alone: said, never a traceback
                    self.label.setText(error.message)
                    return
                left_out.update(unreadable)
                self.shown, counted, drawn, new = {}, 0, 0, 1
                continue
            self.shown.update(found)
            counted, new = counted + len(part), new + len(found)
            if new and (parts := counted * DRAWINGS // len(hexes)) > drawn:
                self._draw(dark=False)
                drawn, new = parts, 0
            yield
        idle: list[str] = []
        for odds in read if not self.shown else []:
            if isinstance(odds, str):
                idle.append(odds)
            elif odds.firer.id not in left_out:
                idle.append(self.host.in_words(f"{odds.firer.id} may fire at no hex: {odds.why_none()}"))
                yield
        skipped = [self.host.in_words(f"{firer.id} left out: {left_out[firer.id]}")
                   for firer in firers if firer.id in left_out]
        self.label.setText("; ".join([f"Enemy threat ({about.phase}): {len(self.shown)} hexes in reach",
                                      *skipped, *idle]))

    @staticmethod
    def _unreadable(counting: list[FirerOdds], hexes: tuple[Hex, ...]) -> dict[str, str]:
        """The firers whose odds at one of ``hexes`` the rules cannot read, with why."""
        out: dict[str, str] = {}
        for odds in counting:
            try:
                with collector_paused():
                    odds.count(hexes)
            except AslError as error:
                out[odds.firer.id] = error.message
        return out

    # -- the hover line ------------------------------------------------------------------------
    def describe(self, h: Hex) -> str:
        """The shot at a hex in one line: the unit's own, or who threatens it most."""
        if self._about is None:
            return ""
        firer_id, target, target_type, phase = self._about
        scenario = self.host.scenario
        name = scenario.grid.name
        if firer_id is None:
            found = self.shown.get(h)
            if found is None:
                return f"{name(h)}: no enemy Gun or vehicle can hit here" if not self._pending else ""
            threat = scenario.units[found.firer]
            return (f"{threat.name or threat.id} in {name(threat.hex)}: {percent(found.hit)} "
                    f"(TH# {found.final_th_needed})")
        firer = scenario.units.get(firer_id)
        if firer is None:
            return ""
        return f"{name(h)}: {shot_words(fire_at(scenario, firer, target, target_type, phase, h), self.host.in_words)}"

    def _on_hover(self, h: Hex | None) -> None:
        if self._about is not None and h is not None:
            try:
                self.label.setText(self.describe(h))
            except AslError as error:
                self.label.setText(error.message)
