"""Side panels: the selected unit's properties (with a Gun's or vehicle's printed numbers and
where each came from), and the terrain brush (the palette is ``palette_panel``).

They only show values and emit what the user asked for; the main window turns each request
into an undoable command.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from aslgui.geometry import SPINE_NAMES
from aslgui.model import MainArmament, Scenario, Unit
from aslgui.model.scenario import terrain_names
from aslgui.model.units import Barrel
from aslgui.rules.counter_numbers import ma_text, printed_numbers
from aslgui.ui.map import style
from aslgui.ui.rehearsal.answer_words import player_names
from aslgui.ui.widgets.wheel_guard import guard_wheel

# -- the properties editor ------------------------------------------------------------------
_COMMON = (
    "name", "side", "nationality", "pinned", "broken", "cx", "concealed", "elite", "fired", "intensive_fired", "moved",
)
_BY_KIND: dict[str, tuple[str, ...]] = {
    "gun": (
        "ca", "caliber", "barrel", "mount", "rof", "manhandling", "breakdown",
        "limbered", "qsu", "low_ammo", "captured", "crew", "no_move",
    ),
    "vehicle": (
        "ma", "vca", "turret", "tca", "bu", "ce", "motion", "immobilized", "low_ammo", "mp", "towing", "pp",
        "no_move",
    ),
}
_INFANTRY = ("qualified", "labor", "ti", "no_move", "dc")
#: Markers kept in ``extra`` (no field of their own): TI, CE, and No Move after a PFPh CA change (C3.22).
_EXTRA_FLAGS = ("ce", "ti", "no_move")
_CHOICES: dict[str, tuple[str, ...]] = {
    "barrel": ("", "*", "L", "LL"),
    "mount": ("", "T", "ST", "NT"),
    "turret": ("", "T", "ST"),
    "ca": ("", *SPINE_NAMES),
    "vca": ("", *SPINE_NAMES),
    "tca": ("", *SPINE_NAMES),
    "labor": ("0", "-1", "-2"),
    "dc": ("", "true", "captured"),
}
#: A choice as the box shows it, where the file's value is no word a player uses (DC: ``true``).
_CHOICE_WORDS: dict[str, dict[str, str]] = {"dc": {"": "none", "true": "DC", "captured": "captured DC (A23.4)"}}
#: A unit kind as the panel's title names it.
KIND_WORDS = {"gun": "Gun", "vehicle": "vehicle", "squad": "squad", "halfsquad": "half-squad", "crew": "crew",
              "leader": "leader"}
_NUMBERS = ("caliber", "rof", "manhandling", "breakdown", "mp", "towing", "pp")
#: A vehicle's MA as its counter prints it: caliber, then barrel length (``75L``, ``37*``).
_MA = re.compile(r"(\d+(?:\.\d+)?)\s*(\*|LL|L)?", re.IGNORECASE)
_SPINES = ("ca", "vca", "tca")
#: A key's row label as a player reads it, and what it means (the label's tooltip).
LABELS: dict[str, tuple[str, str]] = {
    "cx": ("CX", "Exhausted (A4.51)"),
    "ti": ("TI", "TI marker: busy with a task this turn (e.g. pushing a Gun, C10.3)"),
    "ca": ("CA", "Covered Arc (C3.2): the hexspine it faces"),
    "vca": ("VCA", "Vehicular Covered Arc (D3.1): the hexspine the hull faces"),
    "tca": ("TCA", "Turret Covered Arc (D3.1): the hexspine the turret faces"),
    "bu": ("BU", "Buttoned Up (D5.2)"),
    "ce": ("CE", "Crew Exposed (D5.3)"),
    "rof": ("ROF", "Rate of Fire (A9.2, C2.24)"),
    "mp": ("MP", "Movement Points (D2.1)"),
    "pp": ("PP", "Portage Points a vehicle carries (A4.42, D6.1)"),
    "dc": ("DC", "Demolition Charge (A23)"),
    "manhandling": ("M#", "Manhandling Number (C10.3)"),
    "breakdown": ("B#", "Breakdown Number (C2.3)"),
    "towing": ("T#", "Towing Number (C10.1)"),
    "qsu": ("QSU", "Quick Set Up (C2.29)"),
    "no_move": ("No Move", "No Move marker after a CA change in the PFPh (C3.22)"),
    "caliber": ("Caliber", "The Gun's caliber in mm (C2.21)"),
    "ma": ("MA", "Main Armament as printed: caliber in mm and barrel, e.g. 75L, 37*, 50LL; empty: none (C2.21)"),
    "intensive_fired": ("Intensive Fire", "Fired Intensive Fire this phase (C5.6)"),
}


def key_label(key: str) -> tuple[str, str]:
    """A key's row label and tooltip: ``cx`` is CX, Exhausted (A4.51); ``low_ammo`` is Low ammo."""
    if key in LABELS:
        return LABELS[key]
    words = key.replace("_", " ")
    return words[:1].upper() + words[1:], ""


def printed_html(unit: Unit) -> str:
    """A Gun's or vehicle's printed numbers as a player reads the counter (``MA 75*, ROF 1``), under
    where they came from in small grey words, so a narrow dock wraps them (empty for other kinds)."""
    by_source: dict[str, list[str]] = {}
    for number in printed_numbers(unit):
        by_source.setdefault(number.source, []).append(f"<b>{number.label}</b>&nbsp;{number.text}")
    return "".join(f"<div><small style='color:gray'>from the {source}:</small><br>{', '.join(numbers)}</div>"
                   for source, numbers in by_source.items())


def editable_keys(unit: Unit) -> tuple[str, ...]:
    """The keys the panel offers for a unit of this kind."""
    return _COMMON + _BY_KIND.get(unit.kind, _INFANTRY)


def field_value(unit: Unit, key: str) -> Any:
    """A unit's value for ``key`` as the panel shows it (extra flags included)."""
    if key in _EXTRA_FLAGS:
        return unit.extra.get(key) is True
    return getattr(unit, key)


def with_value(unit: Unit, key: str, text_or_flag: str | bool) -> Unit:
    """A copy of ``unit`` with ``key`` set from the panel's widget value; ValueError if it does
    not parse (the panel then shows the old value again)."""
    if key in _EXTRA_FLAGS:
        extra = {k: v for k, v in unit.extra.items() if k != key}
        if text_or_flag:
            extra[key] = True
        return unit._replace(extra=extra)
    if isinstance(text_or_flag, bool):
        flag: dict[str, Any] = {key: text_or_flag}
        return unit._replace(**flag)
    text = text_or_flag.strip()
    value: Any
    if key in _SPINES:
        value = SPINE_NAMES.index(text) if text else None
    elif key == "labor":
        value = int(text)
    elif key == "dc":
        value = {"": None, "true": True}.get(text, text)
    elif key in _NUMBERS:
        value = None if not text else (float(text) if key == "caliber" else int(text))
        if key == "caliber" and value is not None and value == int(value):
            value = int(value)
    elif key == "ma":
        return unit._replace(ma=_main_armament(unit.ma, text))
    elif key in ("barrel", "mount", "turret", "crew"):
        value = text or None
    else:
        value = text
    changes: dict[str, Any] = {key: value}
    return unit._replace(**changes)


def _main_armament(ma: MainArmament | None, text: str) -> MainArmament | None:
    """The MA typed as printed (``75L``): its caliber and barrel, the rest of the MA kept (an MA
    cleared is none); ValueError for anything else."""
    if not text:
        return None
    match = _MA.fullmatch(text)
    if match is None:
        raise ValueError(f"MA {text!r}: a caliber and barrel as printed, such as 75L")
    number = float(match.group(1))
    barrels: dict[str, Barrel] = {"*": "*", "L": "L", "LL": "LL"}
    barrel = barrels.get((match.group(2) or "").upper())
    return (ma or MainArmament())._replace(caliber=int(number) if number.is_integer() else number, barrel=barrel)


def _display(value: Any, key: str) -> str:
    if key == "ma":
        return "" if value is None else ma_text(value.caliber, value.barrel) or ""
    if key in _SPINES:
        return "" if value is None else SPINE_NAMES[value]
    if value is None:
        return ""
    if value is True:
        return "true"
    return f"{value:g}" if isinstance(value, float) else str(value)


class PropertiesPanel(QWidget):
    """Edit the selected unit: its names and every status that shows as a marker."""

    edited = Signal(object)  # Unit

    def __init__(self, scenario: Callable[[], Scenario] | None = None, parent: QWidget | None = None) -> None:
        """``scenario`` gives the situation the unit is in: who may crew a Gun, by name."""
        super().__init__(parent)
        self.unit: Unit | None = None
        self.scenario = scenario
        self.form = QFormLayout(self)
        self.title = QLabel("No unit selected")
        self.title.setWordWrap(True)
        self.form.addRow(self.title)
        #: The counter's printed numbers (MA 76L, ROF 1, AF 11/6, MP 16) and where each came from.
        self.printed = QLabel()
        self.printed.setObjectName("printed_numbers")
        self.printed.setWordWrap(True)
        self.printed.setToolTip("The counter's numbers: from your VASL counter, the scenario file, or the built-in "
                                "roster (checked against its counter, or not)")
        self.form.addRow(self.printed)
        self.widgets: dict[str, QWidget] = {}

    def set_unit(self, unit: Unit | None) -> None:
        """Show ``unit`` (None: nothing selected); rebuilds the form when the kind changes."""
        keys = editable_keys(unit) if unit is not None else ()
        if unit is None or self.unit is None or editable_keys(self.unit) != keys:
            self._rebuild(keys)
        self.unit = unit
        self.printed.setText(printed_html(unit) if unit is not None else "")
        self.printed.setVisible(bool(self.printed.text()))
        if unit is None:
            self.title.setText("No unit selected")
            return
        self.title.setText(f"<b>{unit.name or KIND_WORDS.get(unit.kind, unit.kind)}</b>: "
                           f"{KIND_WORDS.get(unit.kind, unit.kind)}")
        for key, widget in self.widgets.items():
            value = field_value(unit, key)
            widget.blockSignals(True)
            if isinstance(widget, QCheckBox):
                widget.setChecked(bool(value))
            elif key == "crew" and isinstance(widget, QComboBox):
                self._fill_crews(widget, unit)
            elif isinstance(widget, QComboBox):
                widget.setCurrentIndex(max(widget.findData(_display(value, key)), 0))
            elif isinstance(widget, QLineEdit):
                widget.setText(_display(value, key))
            widget.blockSignals(False)

    def _rebuild(self, keys: tuple[str, ...]) -> None:
        while self.form.rowCount() > 2:
            self.form.removeRow(2)
        self.widgets = {}
        for key in keys:
            widget: QWidget
            if key in _CHOICES or key == "crew":
                combo = QComboBox()
                for choice in _CHOICES.get(key, ()):
                    combo.addItem(_CHOICE_WORDS.get(key, {}).get(choice, choice), choice)
                combo.currentIndexChanged.connect(lambda _i, k=key, box=combo: self._commit(k, box.currentData()))
                widget = combo
            elif key in ("name", "side", "nationality", "ma", *_NUMBERS):
                line = QLineEdit()
                line.editingFinished.connect(lambda key=key, line=line: self._commit(key, line.text()))
                widget = line
            else:
                box = QCheckBox()
                box.toggled.connect(self._sender_for(key))
                widget = box
            widget.setObjectName(f"prop_{key}")
            text, tip = key_label(key)
            label = QLabel(text)
            label.setToolTip(tip)
            widget.setToolTip(tip)
            self.form.addRow(label, widget)
            self.widgets[key] = widget
        guard_wheel(self)  # scrolling the panel must not change a value (issue 17.4)
        self.form.activate()  # size the form now, so its scroll area never squeezes the rows

    def _fill_crews(self, combo: QComboBox, gun: Unit) -> None:
        """Who may man the Gun, by the names the map shows: its side's Infantry in its hex, and
        whoever mans it now (C3.22); the file's id stays the box's data."""
        scenario = self.scenario() if self.scenario is not None else None
        names = player_names(scenario) if scenario is not None else {}
        here = [u.id for u in scenario.units_at(gun.hex) if u.is_infantry and u.side == gun.side] if scenario else []
        combo.clear()
        combo.addItem("none", "")
        for unit_id in dict.fromkeys([*([gun.crew] if gun.crew else []), *here]):
            combo.addItem(names.get(unit_id, unit_id), unit_id)
        combo.setCurrentIndex(max(combo.findData(gun.crew or ""), 0))

    def _sender_for(self, key: str) -> Callable[[Any], None]:
        return lambda value: self._commit(key, value)

    def _commit(self, key: str, value: str | bool) -> None:
        if self.unit is None:
            return
        try:
            changed = with_value(self.unit, key, value)
        except ValueError:
            self.set_unit(self.unit)
            return
        if changed != self.unit or changed.extra != self.unit.extra:
            self.edited.emit(changed)


# -- the terrain brush ----------------------------------------------------------------------
class TerrainBrushPanel(QWidget):
    """Choose a terrain type and switch the map's left button to painting it."""

    changed = Signal(object)  # terrain name while painting, None when off

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        self.paint = QCheckBox("Paint terrain (drag over hexes)")
        layout.addWidget(self.paint)
        self.list = QListWidget()
        for name in terrain_names():
            item = QListWidgetItem(name)
            item.setBackground(style.terrain_color(name))
            self.list.addItem(item)
        self.list.setCurrentRow(list(terrain_names()).index("woods"))
        layout.addWidget(self.list, 1)
        self.paint.toggled.connect(lambda _on: self._emit())
        self.list.currentRowChanged.connect(lambda _row: self._emit())

    @property
    def terrain(self) -> str:
        item = self.list.currentItem()
        return item.text() if item is not None else "open ground"

    def _emit(self) -> None:
        self.changed.emit(self.terrain if self.paint.isChecked() else None)
