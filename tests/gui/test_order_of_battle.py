"""File > Import VASL game and the Order of battle dock, driven through the real widgets.

Offscreen Qt performs no real drag (DESIGN.md 6): the tests check the drag's payload from the
dock and the drop on the scene separately, as the map's own drag tests do."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QMenu
from pytestqt.qtbot import QtBot

from aslgui.model import load_scenario
from aslgui.rules import resolve
from aslgui.ui.map.scene import oob_unit_id
from aslgui.ui.rehearsal.phase import sides as phase_sides
from aslgui.ui.widgets.dialogs import FileDialog, MessageBox
from aslgui.ui.window.main_window import MainWindow
from aslgui.ui.window.palette import new_unit_id, unmanned_gun
from tests import vsav_saves as vs

pytestmark = pytest.mark.gui


def build_save(tmp_path: Path) -> Path:
    """Board 4 with a Russian squad on 4B2, and in the margin the order of battle: a Russian
    57LL AT Gun with its crew, a German squad concealed by a ?, a German 8-1 leader."""
    x, y = 150, 150
    commands = [
        vs.boards((0, 0, "04")),
        vs.squad("p1", *vs.hex_pixel("B2")),
        vs.piece("p2", "2-2-8 crew", "ru/ru228C", 150, 80),
        vs.gun("p2g", "57LL AT ZIS-2", "ru/gun/ruAT57LL", 150, 80, rotation=0),
        vs.stack("sg", 150, 80, ["p2", "p2g"]),
        vs.piece("p3", "4-6-7 1sq", "ge/ge467S", x, y),
        vs.concealment("p4", x, y, "ge"),
        vs.stack("st", x, y, ["p3", "p4"]),
        vs.piece("p5", "8-1", "ge/geL81", 250, 150),
        vs.piece("p6", "User-Labeled", "DO/LabelMe", 300, 100),
    ]
    path = tmp_path / "Kampfgruppe.vsav"
    path.write_bytes(vs.save_bytes(commands))
    return path


@pytest.fixture
def imported(window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, infos: list[str]) -> MainWindow:
    """The window after File > Import VASL game... picked the built save."""
    save = build_save(tmp_path)
    monkeypatch.setattr(FileDialog, "open_vsav_path", classmethod(lambda cls, parent, folder: str(save)))
    action = next(a for a in window.actions() if a.text() == "&Import VASL game...")
    action.trigger()
    return window


def centre(window: MainWindow, name: str) -> QPointF:
    grid = window.scenario.grid
    return QPointF(*grid.center(grid.parse(name)))


def test_import_opens_the_game_as_a_new_unsaved_scenario(
    imported: MainWindow, infos: list[str], tmp_path: Path
) -> None:
    window = imported
    assert window.path is None
    assert window.isWindowModified()
    assert window.windowTitle() == "Kampfgruppe[*] - aslgui"
    assert [b.id for b in window.scenario.grid.boards] == ["4"]
    assert list(window.scenario.units) == ["s1"]
    assert window.scene.counter_item("s1") is not None
    title, blank, board_line = infos[0].splitlines()[:3]
    assert (title, blank, board_line) == (f"Imported VASL game: {tmp_path / 'Kampfgruppe.vsav'}", "", "boards: 04")
    assert "units: 5 (allied 3, axis 2); 1 on the map, 4 in the order of battle\n" in infos[0]  # no file key (issue 38)
    assert "skipped: 1 labels" in infos[0]


def test_the_dock_lists_the_order_of_battle_by_side(imported: MainWindow) -> None:
    oob = imported.order_of_battle
    assert oob.dock.isVisible()
    groups = [oob.list.topLevelItem(i).text(0) for i in range(oob.list.topLevelItemCount())]
    assert groups == ["Allied (2 units)", "Axis (2 units)"]
    assert oob.list.unit_ids() == ["c1", "g1", "l1", "s2"]  # leaders first, vehicles last
    assert oob.list.items["s2"].text(0) == "4-6-7 1sq (?)"
    assert oob.list.items["g1"].text(0) == "57LL AT ZIS-2"


def test_a_drag_from_the_dock_carries_the_unit_id(imported: MainWindow) -> None:
    listing = imported.order_of_battle.list
    mime = listing.mimeData([listing.items["g1"]])
    assert oob_unit_id(mime) == "g1"
    assert listing.mimeTypes() == ["application/x-aslgui-oob-unit"]


def test_dropping_places_the_unit_and_undo_takes_it_back(imported: MainWindow) -> None:
    window = imported
    window.scene.drop_counter("g1", centre(window, "4E5"))
    gun = window.scenario.units["g1"]
    assert gun.hex == window.scenario.grid.parse("4E5") and gun.ca == 2  # SE/S as VASL showed it
    assert "g1" not in window.scenario.off_board
    assert window.order_of_battle.list.unit_ids() == ["c1", "l1", "s2"]
    assert window.scene.counter_item("g1").scenePos().x() == pytest.approx(centre(window, "4E5").x(), abs=10)
    window.undo_stack.undo()
    assert "g1" not in window.scenario.units
    assert list(window.scenario.off_board) == ["c1", "g1", "s2", "l1"]
    assert window.order_of_battle.list.unit_ids() == ["c1", "g1", "l1", "s2"]
    window.undo_stack.redo()
    assert window.scenario.units["g1"].hex == window.scenario.grid.parse("4E5")


def test_a_drop_event_on_the_view_places_the_unit(imported: MainWindow) -> None:
    """The drag's last half as Qt delivers it: enter, move and drop events on the map's viewport."""
    window = imported
    listing = window.order_of_battle.list
    viewport = window.view.viewport()
    window.view.centerOn(centre(window, "4H4"))
    where = window.view.mapFromScene(centre(window, "4H4"))
    actions, button, keys = Qt.DropAction.CopyAction, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    mime = listing.mimeData([listing.items["l1"]])
    enter = QDragEnterEvent(where, actions, mime, button, keys)
    QApplication.sendEvent(viewport, enter)
    move = QDragMoveEvent(where, actions, mime, button, keys)
    QApplication.sendEvent(viewport, move)
    assert move.isAccepted()
    QApplication.sendEvent(viewport, QDropEvent(QPointF(where), actions, mime, button, keys))
    assert window.scenario.units["l1"].hex == window.scenario.grid.parse("4H4")


def test_a_drop_off_the_map_leaves_the_unit_in_the_order_of_battle(imported: MainWindow) -> None:
    window = imported
    window.scene.drop_counter("s2", QPointF(-300.0, -300.0))
    assert "s2" in window.scenario.off_board and "s2" not in window.scenario.units
    assert window.undo_stack.count() == 0


def test_placed_units_fire_and_order_of_battle_units_cannot(imported: MainWindow) -> None:
    """Drag a Gun and a squad onto hexes, and the rules answer the shot; before, the Gun was off
    the map and the same shot was illegal, saying so."""
    window = imported
    window.scenario.player = "allied"
    shot = {"kind": "fire", "firer": "g1", "target": "s2", "target_type": "infantry"}
    before = resolve(window.scenario, shot)
    assert before.legal is False and "g1 is not on the map" in before.reasons[0]
    window.set_mode("rehearse")  # a drop from the dock places in either mode
    window.scene.drop_counter("c1", centre(window, "4E5"))
    window.scene.drop_counter("g1", centre(window, "4E5"))
    window.scene.drop_counter("s2", centre(window, "4E8"))
    answer = resolve(window.scenario, shot)
    assert answer.legal is True, answer.reasons
    assert answer.values["range"] == 3
    assert answer.values["modified_th"] is not None


def test_saving_after_import_keeps_the_order_of_battle(imported: MainWindow, tmp_path: Path) -> None:
    window = imported
    window.scene.drop_counter("g1", centre(window, "4E5"))
    target = tmp_path / "saved.json"
    assert window._save_to(target)
    again = load_scenario(target)
    assert list(again.off_board) == ["c1", "s2", "l1"] and again.off_board["s2"]["concealed"] is True
    assert again.units["g1"].hex == again.grid.parse("4E5")


def test_a_new_counter_never_takes_an_order_of_battle_id(imported: MainWindow) -> None:
    assert new_unit_id(imported.scenario, "gun") == "g2"
    assert new_unit_id(imported.scenario, "crew") == "c2"
    assert new_unit_id(imported.scenario, "leader") == "l2"


def test_an_unreadable_save_is_refused_and_the_map_kept(window: MainWindow, tmp_path: Path, errors: list[str]) -> None:
    bad = tmp_path / "bad.vsav"
    bad.write_bytes(b"no zip here")
    assert window.order_of_battle.import_file(bad) is False
    assert errors and str(bad) in errors[0] and "not a readable VASSAL save" in errors[0]
    assert window.scenario.name.startswith("Demo")
    assert not window.order_of_battle.dock.isVisible()


def test_alike_units_share_a_line_and_a_drag_takes_the_next(window: MainWindow, tmp_path: Path) -> None:
    save = tmp_path / "three.vsav"
    save.write_bytes(
        vs.save_bytes([vs.boards((0, 0, "01")), *(vs.squad(f"p{i}", 100 + 60 * i, 100) for i in range(3))])
    )
    assert window.order_of_battle.import_file(save)
    listing = window.order_of_battle.list
    line = listing.items["s1"]
    assert line is listing.items["s3"] and line.text(0) == "4-4-7 1sq  x3"
    window.scene.drop_counter(oob_unit_id(listing.mimeData([line])) or "", centre(window, "1E5"))
    assert list(window.scenario.units) == ["s1"]
    assert listing.items["s2"].text(0) == "4-4-7 1sq  x2"


STALINGRAD = vs.REAL_SAVES / "The Streets Of Stalingrad (Scenario C).vsav"


@pytest.mark.skipif(not STALINGRAD.is_file(), reason=f"no real VASL save at {STALINGRAD} (a clone has no ../shared)")
def test_stalingrad_set_up_dragged_onto_board_01_and_fired(window: MainWindow, infos: list[str]) -> None:
    """The issue's user: imports the Stalingrad set-up, sees board 01 and the order of battle,
    drags a German squad and a Russian T-34 onto hexes, and fires."""
    assert window.order_of_battle.import_file(STALINGRAD)
    listing = window.order_of_battle.list
    assert [listing.topLevelItem(i).text(0) for i in range(2)] == ["Allied (69 units, 11 support weapons)",
                                                                  "Axis (48 units, 22 support weapons)"]
    squads = listing.items[next(u for u, e in window.scenario.off_board.items() if e["name"] == "4-6-7 1sq")]
    tank = listing.items[next(u for u, e in window.scenario.off_board.items() if e["name"] == "T-34 M41")]
    assert (squads.text(0), tank.text(0)) == ("4-6-7 1sq  x26", "T-34 M41  x2")
    squad_id, tank_id = (oob_unit_id(listing.mimeData([item])) or "" for item in (squads, tank))
    window.scene.drop_counter(squad_id, centre(window, "1K5"))
    window.scene.drop_counter(tank_id, centre(window, "1N6"))
    window.scenario.player = "allied"
    answer = resolve(window.scenario, {"kind": "fire", "firer": tank_id, "target": squad_id, "target_type": "infantry"})
    assert answer.legal is True, answer.reasons
    assert answer.values["range"] == 3
    assert squad_id not in listing.items and tank_id not in listing.items


def test_a_counter_returns_to_the_order_of_battle_and_undo_puts_it_back(imported: MainWindow) -> None:
    window = imported
    window.scene.drop_counter("l1", centre(window, "4B2"))  # on the squad s1
    window.order_of_battle.withdraw("s1")
    assert "s1" not in window.scenario.units and window.scenario.off_board["s1"]["hex"] is None
    assert "s1" in window.order_of_battle.list.unit_ids()
    window.undo_stack.undo()
    assert list(window.scenario.units) == ["s1", "l1"]  # back under the leader, where it was
    assert window.scenario.units["s1"].hex == window.scenario.grid.parse("4B2")


def test_the_context_menu_offers_the_return(imported: MainWindow) -> None:
    menu = QMenu()
    imported.order_of_battle.fill_menu(menu, "s1")
    (action,) = menu.actions()
    assert action.text() == "Return to order of battle"
    action.trigger()
    assert "s1" in imported.scenario.off_board


def test_the_attacker_can_be_a_side_still_in_the_order_of_battle(imported: MainWindow) -> None:
    assert phase_sides(imported.scenario) == ["allied", "axis"]


def test_aslgui_open_with_a_vasl_game_imports_it_as_file_import_does(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, infos: list[str]
) -> None:
    """``aslgui open GAME.vsav``: the window opens on the imported game with its report, not on the
    demo with "not UTF-8 text" (a save is a zip, not a scenario file)."""
    from aslgui.ui import app

    opened: list[MainWindow] = []
    monkeypatch.setattr(QApplication, "exec", lambda self: opened.extend(
        w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible()) or 0)
    save = build_save(tmp_path)
    assert app.run_gui(str(save)) == 0
    window = opened[-1]
    qtbot.addWidget(window)
    qtbot.waitUntil(lambda: bool(infos))
    assert infos[0].startswith(f"Imported VASL game: {save}")
    assert window.order_of_battle.list.unit_ids() and not window.scenario.name.startswith("Demo")


def test_aslgui_open_with_a_broken_vasl_game_says_the_demo_is_shown_instead(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, errors: list[str]
) -> None:
    """As a broken scenario file does: the window shows the demo, and the error box says so."""
    from aslgui.ui import app

    opened: list[MainWindow] = []
    monkeypatch.setattr(QApplication, "exec", lambda self: opened.extend(
        w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible()) or 0)
    save = tmp_path / "random.vsav"
    save.write_bytes(b"not a zip at all")
    assert app.run_gui(str(save)) == 0
    qtbot.addWidget(opened[-1])
    qtbot.waitUntil(lambda: bool(errors))
    assert errors[0].startswith(f"Cannot import VASL game: {save}\n\n")
    assert errors[0].endswith("\n\nShowing the built-in demo instead.") and opened[-1].scenario.name.startswith("Demo")


@pytest.mark.parametrize("answer", [True, False])
def test_c3_22_a_crew_from_the_order_of_battle_dropped_on_an_unmanned_gun_is_offered_it(
        imported: MainWindow, monkeypatch: pytest.MonkeyPatch, answer: bool) -> None:
    """As from the palette: the Gun fires only manned (C3.22). One undo step takes the crew and
    the manning back; its own crew joining the Gun it mans is asked nothing."""
    window = imported
    asked: list[str] = []
    monkeypatch.setattr(MessageBox, "offer", classmethod(lambda cls, parent, title, text, yes, no:
                                                         asked.append(text) or answer))
    window.scene.drop_counter("g1", centre(window, "4E5"))
    window.scene.drop_counter("c1", centre(window, "4E5"))
    assert asked == [] and window.scenario.units["g1"].crew == "c1"  # its own crew: nothing to ask
    window.undo_stack.undo()
    window.apply_unit_changes([window.scenario.units["g1"]._replace(crew=None)], "unman")
    window.scene.drop_counter("c1", centre(window, "4E5"))
    assert asked == ["Man 57LL AT ZIS-2 in 4E5 with this 2-2-8 crew?"]
    assert window.scenario.units["g1"].crew == ("c1" if answer else None)
    window.undo_stack.undo()
    assert "c1" in window.scenario.off_board and window.scenario.units["g1"].crew is None


def test_c3_22_a_half_squad_is_offered_an_unmanned_gun_as_an_import_mans_one(imported: MainWindow) -> None:
    window = imported
    window.scene.drop_counter("g1", centre(window, "4E5"))
    gun = window.scenario.units["g1"]._replace(crew=None)
    window.apply_unit_changes([gun], "unman")
    half = window.scenario.units["g1"]._replace(id="h9", kind="halfsquad", name="2-3-7", side=gun.side, crew=None)
    squad = half._replace(kind="squad")
    assert unmanned_gun(window.scenario, half) == gun and unmanned_gun(window.scenario, squad) is None
