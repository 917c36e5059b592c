"""A counter's context menu and the marker shortcuts: turn its CA, set or clear the common
markers (Pin, Broken, BU/CE, Motion, the fire counters, concealment...), man a Gun with
Infantry in its hex, delete it. Each choice is one undoable edit of the model.

Marker actions live on the window, so their keys work wherever the map has focus; each acts on
the selected counter and shows whether that counter carries the marker.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import NamedTuple

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QWidget

from aslgui.model import Scenario, Unit
from aslgui.ui.map.counters import fire_marker
from aslgui.ui.rehearsal.answer_words import player_names, unit_name
from aslgui.ui.window.panels import KIND_WORDS, field_value, with_value

INFANTRY = frozenset({"squad", "halfsquad", "crew", "leader"})
VEHICLE = frozenset({"vehicle"})
ORDNANCE = frozenset({"gun", "vehicle"})
EVERY_KIND = INFANTRY | ORDNANCE


class Marker(NamedTuple):
    """A marker the menu and a key toggle: the unit key it sets, its name, key and who takes it."""

    key: str
    label: str
    shortcut: str
    kinds: frozenset[str]


MARKERS = (
    Marker("pinned", "Pin", "P", INFANTRY),
    Marker("broken", "Broken", "B", INFANTRY),
    Marker("bu", "BU (buttoned up)", "U", VEHICLE),
    Marker("ce", "CE (crew exposed)", "E", VEHICLE),
    Marker("motion", "Motion", "M", VEHICLE),
    Marker("fired", "Fired", "F", EVERY_KIND),  # named Prep, First or Final Fire by phase and side
    Marker("intensive_fired", "Intensive Fire", "I", ORDNANCE),
    Marker("cx", "CX", "X", INFANTRY),
    Marker("concealed", "Concealed (?)", "C", EVERY_KIND),
)
#: Who takes the markers of each group, in a player's words.
TAKERS = {INFANTRY: "Infantry", VEHICLE: "vehicles", ORDNANCE: "Guns and vehicles", EVERY_KIND: "every counter"}
#: Markers that exclude each other: a vehicle is BU or CE, not both.
EXCLUSIVE = {"bu": "ce", "ce": "bu"}


def toggled(unit: Unit, key: str) -> Unit:
    """The unit with marker ``key`` switched (BU on takes CE off and the other way round)."""
    on = not bool(field_value(unit, key))
    changed = with_value(unit, key, on)
    other = EXCLUSIVE.get(key)
    return with_value(changed, other, False) if on and other else changed


def marker_label(marker: Marker, unit: Unit | None, scenario: Scenario) -> str:
    """The menu text: the fire marker is named as the counter it puts on this unit now."""
    if marker.key == "fired" and unit is not None:
        return fire_marker(unit, scenario.phase, scenario.player)
    return marker.label


class CounterMenu:
    """Marker actions with their keys, and the context menu of one counter."""

    def __init__(self, window: QWidget, scenario: Callable[[], Scenario], selected: Callable[[], str | None],
                 apply_unit_changes: Callable[[list[Unit], str], None],
                 rotate_actions: Mapping[tuple[str, int], QAction], delete_action: QAction) -> None:
        self._scenario = scenario
        self._selected = selected
        self._apply = apply_unit_changes
        self.rotate_actions = rotate_actions
        self.delete_action = delete_action
        self.marker_actions: dict[str, QAction] = {}
        self.markers_menu = QMenu("&Markers", window)
        for marker in MARKERS:
            action = QAction(marker.label, window)
            action.setCheckable(True)
            action.setShortcut(QKeySequence(marker.shortcut))
            action.triggered.connect(lambda _checked=False, key=marker.key: self.toggle_selected(key))
            window.addAction(action)  # the key works with the menu closed
            self.markers_menu.addAction(action)
            self.marker_actions[marker.key] = action
        self.refresh()

    def _unit(self, unit_id: str | None) -> Unit | None:
        return self._scenario().units.get(unit_id or "")

    def refresh(self) -> None:
        """Enable the markers the selected counter can take and tick the ones it carries."""
        unit = self._unit(self._selected())
        for marker in MARKERS:
            action = self.marker_actions[marker.key]
            applies = unit is not None and unit.kind in marker.kinds
            action.setEnabled(applies)
            action.setText(marker_label(marker, unit, self._scenario()))
            action.setChecked(applies and unit is not None and bool(field_value(unit, marker.key)))

    def toggle_selected(self, key: str) -> None:
        """Set or clear a marker on the selected counter, as one undo step."""
        unit = self._unit(self._selected())
        marker = next(m for m in MARKERS if m.key == key)
        if unit is None or unit.kind not in marker.kinds:
            return
        changed = toggled(unit, key)
        verb = "Mark" if field_value(changed, key) else "Clear"
        self._apply([changed], f"{verb} {marker_label(marker, unit, self._scenario())}: {unit.name or unit.id}")

    def why_not(self, key: str) -> str | None:
        """Why a marker's key did nothing: the selected counter does not take that marker (its
        menu entry is greyed, and Qt passes the key on), so the window can say so; else None."""
        marker = next((m for m in MARKERS if m.shortcut == key.upper()), None)
        unit = self._unit(self._selected())
        if marker is None or unit is None or unit.kind in marker.kinds:
            return None
        what = KIND_WORDS.get(unit.kind, unit.kind)
        return f"{marker.label} ({marker.shortcut}) is for {TAKERS[marker.kinds]}: {unit.name or unit.id} is a {what}"

    def man_with(self, gun_id: str, crew_id: str | None) -> None:
        """Man a Gun with Infantry in its hex (None: leave it unmanned), as one undo step."""
        gun = self._scenario().units[gun_id]
        crew = self._unit(crew_id)
        text = f"Man {gun.name or gun.id} with {crew.name or crew.id}" if crew else f"Unman {gun.name or gun.id}"
        self._apply([gun._replace(crew=crew_id)], text)

    def crew_candidates(self, gun: Unit) -> list[Unit]:
        """Friendly Infantry in the Gun's hex, its present crew first: who may man it."""
        here = [u for u in self._scenario().units_at(gun.hex) if u.is_infantry and u.side == gun.side]
        return sorted(here, key=lambda u: u.id != gun.crew)

    def build(self, unit_id: str, parent: QWidget) -> QMenu:
        """The context menu of one counter (the window adds its plug-ins' entries)."""
        unit = self._scenario().units[unit_id]
        self.refresh()
        menu = QMenu(parent)
        if unit.kind in ORDNANCE:
            menu.addActions([self.rotate_actions["main", 1], self.rotate_actions["main", -1]])
            if unit.kind == "vehicle" and unit.turret is not None:
                menu.addActions([self.rotate_actions["tca", 1], self.rotate_actions["tca", -1]])
            menu.addSeparator()
        menu.addActions([self.marker_actions[m.key] for m in MARKERS if unit.kind in m.kinds])
        if unit.kind == "gun":
            self._add_man_with(menu.addMenu("Man with..."), unit)
        menu.addSeparator()
        menu.addAction(self.delete_action)
        return menu

    def _add_man_with(self, menu: QMenu, gun: Unit) -> None:
        names = player_names(self._scenario())  # two alike crews: "#1 in 4E5", "#2 in 4E5", no ids
        for crew in [*self.crew_candidates(gun), None]:
            label = unit_name(crew.id, names) if crew is not None else "Nobody (unmanned)"
            action = menu.addAction(label)
            action.setCheckable(True)
            action.setChecked(gun.crew == (crew.id if crew is not None else None))
            action.triggered.connect(
                lambda _checked=False, crew_id=(crew.id if crew else None): self.man_with(gun.id, crew_id))
        menu.setEnabled(bool(self.crew_candidates(gun)) or gun.crew is not None)
