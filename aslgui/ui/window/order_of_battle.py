"""The order of battle: units off the boards (``"hex": null``) listed by side in a dock, from
which the user drags them onto a hex, and the support weapons no unit holds (on a hex or in the
margin), which the user drags onto a unit in Setup to give it; and File > Import VASL game...,
which fills it.

The list is a plain ``QTreeWidget`` whose drag carries the unit id (``OOB_MIME``); the map
scene accepts that drop and asks for the placement (``MapScene.oob_drop_requested``), which
is one undoable ``OrderOfBattleCommand``; a counter's context menu sends it back.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

from PySide6.QtCore import QMimeData, QSize, Qt
from PySide6.QtGui import QColor, QIcon, QPixmap, QUndoCommand
from PySide6.QtWidgets import QAbstractItemView, QDockWidget, QMainWindow, QMenu, QTreeWidget, QTreeWidgetItem, QWidget

from aslgui.errors import AslError
from aslgui.geometry import Hex
from aslgui.model import Scenario, Unit, scenario_from_json
from aslgui.model.support_weapons import SUPPORT_WEAPONS, can_take, given, loose_weapon, loose_weapons, without
from aslgui.ui.map import style
from aslgui.ui.map.counter_art import art_stem, library
from aslgui.ui.map.scene import OOB_MIME
from aslgui.ui.rehearsal.controller import WindowServices
from aslgui.ui.rehearsal.player_terms import in_player_terms
from aslgui.ui.widgets.dialogs import FileDialog, Folders, MessageBox

UNIT_ID_ROLE = Qt.ItemDataRole.UserRole
#: A line's icon: the counter's own art when the module draws it, else a swatch of its colour.
ICON_PIXELS = 28


def describe(entry: dict[str, Any]) -> str:
    """One line for a unit of the order of battle: its name and what state it is in."""
    states = [word for key, word in (("broken", "broken"), ("concealed", "?"), ("hip", "HIP")) if entry.get(key)]
    sw = entry.get("sw")
    if isinstance(sw, list) and sw:
        states.append("+ " + ", ".join(map(str, sw)))
    if entry.get("dc"):
        states.append("+ DC")
    name = entry.get("name") or entry.get("kind", "")
    return f"{name} ({', '.join(states)})" if states else str(name)


def describe_weapon(weapon: dict[str, Any]) -> str:
    """One line for a support weapon no unit holds: its name, state and where it lies."""
    state = [str(word) for word in weapon.get("state") or () if isinstance(word, str)]
    where = f"on {weapon['hex']}" if isinstance(weapon.get("hex"), str) else "in the margin"
    return f"{weapon['name']} ({', '.join([*state, f'support weapon {where}'])})"


def counted(text: str, count: int) -> str:
    """A line of ``count`` alike counters: the count right after the name, before what state they
    are in, so a narrow dock that cuts the line off still shows it (``LMG  x7 (support weapon ...``)."""
    if count == 1:
        return text
    name, bracket, states = text.partition(" (")
    return f"{name}  x{count}{bracket}{states}"


#: How the list orders a side's units: as an OOB reads, leaders first, vehicles last, then the
#: support weapons no unit holds.
WEAPON_KIND = "support weapon"
KIND_ORDER = ("leader", "squad", "halfsquad", "crew", "gun", "vehicle", WEAPON_KIND)


class OrderOfBattle(QTreeWidget):
    """Units off the boards by side, alike ones on one line (``4-4-7 1sq  x21``); drag a line
    onto a hex of the map to place one of them there."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("order_of_battle")
        self.setHeaderHidden(True)
        self.setDragEnabled(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setToolTip("Units off the boards: drag one onto a hex to place it there. Support weapons no unit "
                        "holds: drag one onto a unit in Setup to give it.")
        self.setIconSize(QSize(ICON_PIXELS, ICON_PIXELS))
        self._shown: tuple[tuple[str, str], ...] | None = None
        self._icons: dict[str, QIcon] = {}
        #: The line showing each unit id (alike units share one), and the ids of each line.
        self.items: dict[str, QTreeWidgetItem] = {}
        self._lines: list[list[str]] = []

    def show_scenario(self, scenario: Scenario) -> None:
        """List the scenario's order of battle (only rebuilt when it changed)."""
        weapons = {w["id"]: {**w, "kind": WEAPON_KIND} for w in loose_weapons(scenario)
                   if w["id"] not in scenario.off_board}
        entries = {**scenario.off_board, **weapons}
        shown = tuple((unit_id, describe_weapon(entry) if unit_id in weapons else describe(entry))
                      for unit_id, entry in entries.items())
        if shown == self._shown:
            return
        self._shown = shown
        self.clear()
        self.items, self._lines = {}, []
        sides: dict[str, dict[tuple[int, str, str], list[str]]] = {}
        for unit_id, text in shown:
            entry = entries[unit_id]
            kind = str(entry.get("kind", ""))
            rank = KIND_ORDER.index(kind) if kind in KIND_ORDER else len(KIND_ORDER)
            key = (rank, str(entry.get("nationality", "")), text)
            sides.setdefault(str(entry.get("side", "")), {}).setdefault(key, []).append(unit_id)
        for side, lines in sorted(sides.items()):
            count = sum(len(ids) for (rank, _, _), ids in lines.items() if KIND_ORDER[rank:rank + 1] != (WEAPON_KIND,))
            loose = sum(len(ids) for ids in lines.values()) - count
            counts = f"{count} unit{'s' * (count != 1)}" + (
                f", {loose} support weapon{'s' * (loose != 1)}" if loose else "")
            group = QTreeWidgetItem(self, [f"{side.capitalize() or 'No side'} ({counts})"])
            group.setFlags(Qt.ItemFlag.ItemIsEnabled)
            for (_, nationality, text), ids in sorted(lines.items()):
                item = QTreeWidgetItem(group, [counted(text, len(ids))])
                item.setData(0, UNIT_ID_ROLE, ids[0])
                stem = art_stem(entries[ids[0]])
                art = library().icon(stem, ICON_PIXELS)
                tip = f"{nationality} {entries[ids[0]].get('kind', '')}".strip() + f", {len(ids)} off the boards"
                gap = library().why_not_whole(stem) if art else f"a colour swatch, as {library().why_plain(stem)}"
                item.setToolTip(0, f"{tip}\n{gap[0].upper()}{gap[1:]}" if gap else tip)
                item.setIcon(0, art or self._icon(nationality or side))
                item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsDragEnabled)
                self.items.update(dict.fromkeys(ids, item))
                self._lines.append(ids)
            group.setExpanded(True)

    def redraw(self, scenario: Scenario) -> None:
        """List the scenario's order of battle again, with the counter art the library has now."""
        self._shown = None
        self.show_scenario(scenario)

    def _icon(self, nationality: str) -> QIcon:
        """A swatch of the nationality's counter colour, as the map draws its counters."""
        if nationality not in self._icons:
            pixmap = QPixmap(14, 14)
            pixmap.fill(QColor(style.NATIONALITY_COLORS.get(nationality, style.FALLBACK_NATIONALITY)))
            self._icons[nationality] = QIcon(pixmap)
        return self._icons[nationality]

    def unit_ids(self) -> list[str]:
        """The ids listed, top to bottom."""
        return [unit_id for ids in self._lines for unit_id in ids]

    def mimeTypes(self) -> list[str]:
        return [OOB_MIME]

    def mimeData(self, items: Sequence[QTreeWidgetItem]) -> QMimeData:
        """The drag's payload: the id of the unit dragged (the first of a line of alike ones)."""
        mime = QMimeData()
        ids = [item.data(0, UNIT_ID_ROLE) for item in items if item.data(0, UNIT_ID_ROLE)]
        if ids:
            mime.setData(OOB_MIME, str(ids[0]).encode("utf-8"))
        return mime


def _put_back(table: dict[str, Any], key: str, value: Any, rank: dict[str, int]) -> None:
    """Put ``key`` back into ``table`` where it was (``rank``: every key's former position)."""
    entries = {**table, key: value}
    table.clear()
    table.update(sorted(entries.items(), key=lambda item: rank.get(item[0], len(rank))))


class OrderOfBattleCommand(QUndoCommand):
    """A unit moved between the order of battle and the map, as one undo step: placed on hex
    ``h`` (on top of its stack), or taken off the map back into the order of battle (``h`` None).
    Undo puts it back where it was, in its stack or in the list."""

    def __init__(self, scenario: Scenario, unit_id: str, h: Hex | None) -> None:
        self.scenario = scenario
        self.unit_id = unit_id
        self.placing = h is not None
        if h is not None:
            self.unit = scenario.placed(unit_id, h)
            self.entry = scenario.off_board[unit_id]
            text = f"Place {self.entry.get('name') or unit_id} in {scenario.grid.name(h)}"
        else:
            self.unit = scenario.units[unit_id]
            self.entry = scenario.off_board_entry(self.unit)
            text = f"Return {self.unit.name or unit_id} to the order of battle"
        super().__init__(text)
        self.map_rank = {u: i for i, u in enumerate(scenario.units)}
        self.oob_rank = {u: i for i, u in enumerate(scenario.off_board)}

    def _onto_map(self, on_top: bool) -> None:
        self.scenario.off_board.pop(self.unit_id, None)
        if on_top:
            self.scenario.units[self.unit_id] = self.unit
        else:
            _put_back(self.scenario.units, self.unit_id, self.unit, self.map_rank)

    def _off_map(self) -> None:
        self.scenario.units.pop(self.unit_id, None)
        _put_back(self.scenario.off_board, self.unit_id, self.entry, self.oob_rank)

    def redo(self) -> None:
        if self.placing:
            self._onto_map(on_top=True)
        else:
            self._off_map()

    def undo(self) -> None:
        if self.placing:
            self._off_map()
        else:
            self._onto_map(on_top=False)


class GiveWeaponCommand(QUndoCommand):
    """A support weapon no unit holds given to a unit (A4.4), as one undo step: it leaves the
    scenario's ``support_weapons`` and becomes the unit's ``dc`` or one of its ``sw``."""

    def __init__(self, scenario: Scenario, weapon: dict[str, Any], unit_id: str) -> None:
        unit = scenario.units[unit_id]
        super().__init__(f"Give {weapon['name']} to {unit.name or unit_id}")
        self.scenario = scenario
        self.before = (unit, scenario.extra.get(SUPPORT_WEAPONS))
        self.after = (given(unit, weapon), without(scenario, weapon["id"]))

    def _apply(self, unit: Unit, weapons: Any) -> None:
        self.scenario.units[unit.id] = unit
        if weapons is None:
            self.scenario.extra.pop(SUPPORT_WEAPONS, None)
        else:
            self.scenario.extra[SUPPORT_WEAPONS] = weapons

    def redo(self) -> None:
        self._apply(*self.after)

    def undo(self) -> None:
        self._apply(*self.before)


class OobHost(WindowServices, Protocol):
    """What the order of battle needs from the window besides a QMainWindow to dock into."""

    path: Path | None

    def offer_manning(self, unit: Unit) -> Unit | None: ...


class OrderOfBattleDock:
    """The window's order of battle: the dock, placing by drop, and importing a VASL game."""

    def __init__(self, window: QMainWindow, host: OobHost) -> None:
        self.window = window
        self.host = host
        self.list = OrderOfBattle()
        self.dock = QDockWidget("Order of battle", window)
        self.dock.setObjectName("dock_order_of_battle")
        self.dock.setWidget(self.list)
        window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.dock)
        host.view_menu.addAction(self.dock.toggleViewAction())
        host.scene.oob_drop_requested.connect(self.place)
        host.scene.weapon_drop_requested.connect(self.give)
        host.scenario_changed.connect(self.refresh)
        #: The scenario listed: another one (opened, imported, recovered) shows the dock if it has units here.
        self._listed: Scenario | None = None
        self.refresh()
        self.dock.setVisible(bool(host.scenario.off_board or loose_weapons(host.scenario)))

    def refresh(self) -> None:
        self.list.show_scenario(self.host.scenario)
        if self.host.scenario is not self._listed:
            self._listed = self.host.scenario
            self.reveal()

    def reveal(self) -> None:
        """Show the dock, in front, when the scenario has units off the boards or support weapons
        no unit holds: opened, imported or recovered after a crash, they are never hidden behind
        View > Order of battle (issue 38)."""
        if self.host.scenario.off_board or loose_weapons(self.host.scenario):
            self.dock.setVisible(True)
            self.dock.raise_()

    def place(self, unit_id: str, h: Hex) -> None:
        """Put a unit of the order of battle on hex ``h`` (undoable); a crew or half-squad put on
        an unmanned Gun of its side is offered it, as from the palette, in the same undo step."""
        if unit_id not in self.host.scenario.off_board:
            return
        command = OrderOfBattleCommand(self.host.scenario, unit_id, h)
        manned = self.host.offer_manning(command.unit)
        if manned is None:
            self.host.undo_stack.push(command)
            return
        self.host.undo_stack.beginMacro(f"{command.text()}, manning {manned.name or 'the Gun'}")
        self.host.undo_stack.push(command)
        self.host.apply_unit_changes([manned], f"{manned.name or 'the Gun'} manned")
        self.host.undo_stack.endMacro()

    def give(self, weapon_id: str, unit_id: str) -> bool:
        """Give a support weapon no unit holds to a unit (undoable); False, and said in the status
        line, when that unit cannot take it (not Infantry, or a DC when it holds one)."""
        weapon = loose_weapon(self.host.scenario, weapon_id)
        unit = self.host.scenario.units.get(unit_id)
        if weapon is None or unit is None:
            return False
        if not can_take(unit, weapon):
            why = "holds a DC already" if unit.dc and weapon["name"] == "DC" else "is no Infantry (A4.4)"
            self.window.statusBar().showMessage(f"{unit.name or unit_id} cannot take the {weapon['name']}: it {why}",
                                                5000)
            return False
        self.host.undo_stack.push(GiveWeaponCommand(self.host.scenario, weapon, unit_id))
        return True

    def withdraw(self, unit_id: str) -> None:
        """Take a unit off the map into the order of battle (undoable)."""
        if unit_id in self.host.scenario.units:
            self.host.undo_stack.push(OrderOfBattleCommand(self.host.scenario, unit_id, None))
            self.dock.setVisible(True)

    def fill_menu(self, menu: QMenu, unit_id: str) -> None:
        """The map's context menu on a counter: send it back to the order of battle."""
        menu.addAction("Return to order of battle", lambda: self.withdraw(unit_id))

    def import_dialog(self) -> None:
        path = self.host.path
        chosen = FileDialog.open_vsav_path(self.window, Folders.start("vsav", path.parent if path else None))
        if chosen:
            Folders.remember("vsav", chosen)
            self.import_file(chosen)

    def import_file(self, path: str | os.PathLike[str], otherwise: str = "") -> bool:
        """Open a VASL save as a new, unsaved scenario and say what came over and what did not;
        one that cannot be read is said, with ``otherwise``: what is shown instead."""
        from aslgui.model.vsav_import import import_vsav

        window, host = self.window, self.host
        if not host.maybe_discard():
            return False
        try:
            imported = import_vsav(path)
            scenario = scenario_from_json(imported.scenario)
        except AslError as error:
            MessageBox.error(window, "Cannot import VASL game", f"{os.fspath(path)}\n\n{error.message}{otherwise}")
            return False
        host.set_scenario(scenario, None)
        host.undo_stack.resetClean()  # nothing saved yet: closing asks first
        lines = [in_player_terms(line) for line in imported.report.lines()]  # the window's words, not keys
        lines += [f"board: {note}" for note in scenario.board_notes]
        MessageBox.info(window, "Imported VASL game", f"{os.fspath(path)}\n\n" + "\n".join(lines))
        return True
