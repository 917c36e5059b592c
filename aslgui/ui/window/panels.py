"""Side panels: the unit palette, the selected unit's properties, and the terrain brush.

They only show values and emit what the user asked for; the main window turns each request
into an undoable command.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from aslgui.geometry import SPINE_NAMES
from aslgui.model import Unit
from aslgui.model.scenario import terrain_names
from aslgui.ui.map import style
from aslgui.ui.widgets.wheel_guard import guard_wheel
from aslgui.ui.window.palette import Template, all_templates

# -- the palette ----------------------------------------------------------------------------


class PalettePanel(QWidget):
    """Pick a unit type and a side, then click hexes to place counters."""

    armed = Signal(object)  # Template | None

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        self.side = QComboBox()
        self.side.setEditable(True)
        self.side.setToolTip("Side of new counters (its nationality colours the counter)")
        layout.addWidget(QLabel("Side"))
        layout.addWidget(self.side)
        self.list = QListWidget()
        self.templates = all_templates()
        for template in self.templates:
            item = QListWidgetItem(template.label)
            item.setData(Qt.ItemDataRole.UserRole, template.label)
            self.list.addItem(item)
        layout.addWidget(QLabel("Click a unit, then click hexes to place it"))
        layout.addWidget(self.list, 1)
        self.stop = QPushButton("Stop placing")
        self.stop.setEnabled(False)  # only while a unit type is picked
        self.stop.clicked.connect(self.disarm)
        layout.addWidget(self.stop)
        self.list.currentRowChanged.connect(self._on_row)

    def set_sides(self, sides: list[str]) -> None:
        """Offer the scenario's sides first, then the nationalities we have colours for."""
        current = self.side.currentText()
        self.side.clear()
        self.side.addItems(list(dict.fromkeys([*sides, *style.NATIONALITY_COLORS])))
        if current:
            self.side.setCurrentText(current)

    @property
    def template(self) -> Template | None:
        row = self.list.currentRow()
        return self.templates[row] if 0 <= row < len(self.templates) else None

    def _on_row(self, _row: int) -> None:
        self.stop.setEnabled(self.template is not None)
        self.armed.emit(self.template)

    def disarm(self) -> None:
        self.list.setCurrentRow(-1)
        self.armed.emit(None)


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
        "vca", "turret", "tca", "bu", "ce", "motion", "immobilized", "low_ammo", "mp", "towing", "pp", "no_move",
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
_NUMBERS = ("caliber", "rof", "manhandling", "breakdown", "mp", "towing", "pp")
_SPINES = ("ca", "vca", "tca")


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
    elif key in ("barrel", "mount", "turret", "crew"):
        value = text or None
    else:
        value = text
    changes: dict[str, Any] = {key: value}
    return unit._replace(**changes)


def _display(value: Any, key: str) -> str:
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

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.unit: Unit | None = None
        self.form = QFormLayout(self)
        self.title = QLabel("No unit selected")
        self.title.setWordWrap(True)
        self.form.addRow(self.title)
        self.widgets: dict[str, QWidget] = {}

    def set_unit(self, unit: Unit | None) -> None:
        """Show ``unit`` (None: nothing selected); rebuilds the form when the kind changes."""
        keys = editable_keys(unit) if unit is not None else ()
        if unit is None or self.unit is None or editable_keys(self.unit) != keys:
            self._rebuild(keys)
        self.unit = unit
        if unit is None:
            self.title.setText("No unit selected")
            return
        self.title.setText(f"<b>{unit.id}</b>: {unit.kind}")
        for key, widget in self.widgets.items():
            value = field_value(unit, key)
            widget.blockSignals(True)
            if isinstance(widget, QCheckBox):
                widget.setChecked(bool(value))
            elif isinstance(widget, QComboBox):
                widget.setCurrentText(_display(value, key))
            elif isinstance(widget, QLineEdit):
                widget.setText(_display(value, key))
            widget.blockSignals(False)

    def _rebuild(self, keys: tuple[str, ...]) -> None:
        while self.form.rowCount() > 1:
            self.form.removeRow(1)
        self.widgets = {}
        for key in keys:
            widget: QWidget
            if key in _CHOICES:
                combo = QComboBox()
                combo.addItems(list(_CHOICES[key]))
                combo.currentTextChanged.connect(self._sender_for(key))
                widget = combo
            elif key in ("name", "side", "nationality", "crew", *_NUMBERS):
                line = QLineEdit()
                line.editingFinished.connect(lambda key=key, line=line: self._commit(key, line.text()))
                widget = line
            else:
                box = QCheckBox()
                box.toggled.connect(self._sender_for(key))
                widget = box
            widget.setObjectName(f"prop_{key}")
            self.form.addRow(key.replace("_", " "), widget)
            self.widgets[key] = widget
        guard_wheel(self)  # scrolling the panel must not change a value (issue 17.4)
        self.form.activate()  # size the form now, so its scroll area never squeezes the rows

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
