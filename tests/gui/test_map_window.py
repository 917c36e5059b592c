"""The map window driven through its real widgets: the demo, arcs, moves, terrain, files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QKeySequence, QUndoCommand, QWheelEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from aslgui.geometry import Hex, in_ca, parse_spine
from aslgui.model import load_scenario, save_scenario, scenario_from_json
from aslgui.ui.widgets.dialogs import FileDialog, MessageBox
from aslgui.ui.window.main_window import MainWindow
from aslgui.ui.window.new_scenario import NewScenario, NewScenarioDialog, arrange_boards
from tests.gui.conftest import viewport_point

pytestmark = pytest.mark.gui


def inside_point(win: MainWindow, h: Hex) -> QPointF:
    """The hex centre, nudged a pixel onto the map for the half hexes whose centre is on its edge."""
    x, y = win.scenario.grid.center(h)
    width, height = win.scenario.grid.pixel_size
    return QPointF(min(max(x, 1.0), width - 1.0), min(max(y, 1.0), height - 1.0))


def wedge_hexes(win: MainWindow, arc: str) -> set[Hex]:
    """Map hexes whose centre lies inside the drawn wedge of ``arc``."""
    path = win.scene.arcs.selected_items[arc].path()
    return {h for h in win.scenario.grid.all_hexes if path.contains(inside_point(win, h))}


def expected_ca(win: MainWindow, origin: Hex, spine: int) -> set[Hex]:
    return {h for h in win.scenario.grid.all_hexes if in_ca(origin, spine, h)}


def click(qtbot: QtBot, win: MainWindow, h: Hex) -> None:
    qtbot.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, pos=viewport_point(win, h))


def test_demo_opens_with_its_counters(window: MainWindow) -> None:
    assert window.scenario.name.startswith("Demo")
    assert set(window.scenario.units) == {"g1", "c1", "s1", "t1", "s2", "l1"}
    assert window.windowTitle() == "Demo: a Russian 57LL AT Gun covers the road (C3.2)[*] - aslgui"
    assert not window.isWindowModified()
    gun = window.scene.counter_item("g1")
    assert gun.scenePos().x() == pytest.approx(
        window.scenario.grid.center(window.scenario.grid.parse("4E5"))[0], abs=10
    )


def test_c3_2_clicking_the_gun_draws_its_ca_wedge_over_exactly_its_ca_hexes(qtbot: QtBot, window: MainWindow) -> None:
    grid = window.scenario.grid
    click(qtbot, window, grid.parse("4E5"))
    assert window.scene.selected in {"g1", "c1"}
    window.scene.select_unit("g1")
    drawn = wedge_hexes(window, "ca")
    assert drawn == expected_ca(window, grid.parse("4E5"), parse_spine("S/SW"))
    # The C3.2 EX: 4E6 on the boundary row, and the range-5 hexes A8, B8, C9, D9, E10.
    assert {grid.parse(n) for n in ("4E6", "4A8", "4B8", "4C9", "4D9", "4E10")} <= drawn
    assert grid.parse("4F6") not in drawn


def test_c3_2_rotating_the_ca_one_hexspine_moves_the_wedge_and_undo_turns_it_back(
    qtbot: QtBot, window: MainWindow
) -> None:
    grid = window.scenario.grid
    window.scene.select_unit("g1")
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_BracketRight)
    assert window.scenario.units["g1"].ca == parse_spine("SW/NW")
    assert wedge_hexes(window, "ca") == expected_ca(window, grid.parse("4E5"), parse_spine("SW/NW"))
    assert window.isWindowModified()
    window.undo_stack.undo()
    assert window.scenario.units["g1"].ca == parse_spine("S/SW")
    assert wedge_hexes(window, "ca") == expected_ca(window, grid.parse("4E5"), parse_spine("S/SW"))
    assert not window.isWindowModified()


def test_dragging_the_rotation_handle_snaps_the_ca_to_the_nearest_hexspine(qtbot: QtBot, window: MainWindow) -> None:
    window.scene.select_unit("g1")
    viewport = window.view.viewport()
    start = viewport_point(window, window.scenario.grid.parse("4E5"), -18.75 * 34 / 37.5, 32.25 * 34 / 37.5)
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    target = viewport_point(window, window.scenario.grid.parse("4E5"), 40.0, 3.0)  # just below east: NE/SE
    qtbot.mouseMove(viewport, target)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=target)
    assert window.scenario.units["g1"].ca == parse_spine("NE/SE")


def test_turreted_vehicle_shows_vca_and_tca_as_separate_wedges(window: MainWindow) -> None:
    grid = window.scenario.grid
    window.scene.select_unit("t1")
    assert set(window.scene.arcs.selected_items) == {"vca", "tca"}
    window.rotate_selected("tca", 2)
    tank = window.scenario.units["t1"]
    assert wedge_hexes(window, "tca") == expected_ca(window, tank.hex, parse_spine("NE/SE"))
    assert wedge_hexes(window, "vca") == expected_ca(window, tank.hex, parse_spine("NW/N"))
    assert window.scene.arcs.selected_items["vca"].pen().style() == Qt.PenStyle.DashLine
    assert grid.parse("4E5") in wedge_hexes(window, "vca")


def test_side_toggle_shows_every_ca_of_that_side(window: MainWindow) -> None:
    window.side_arcs.setCurrentText("german")
    path = window.scene.layers.side_arcs_path
    grid = window.scenario.grid
    assert path.contains(QPointF(*grid.center(grid.parse("4E5"))))  # the tank's TCA covers the Gun
    window.side_arcs.setCurrentText("none")
    assert window.scene.layers.side_arcs_path.isEmpty()


def test_dragging_a_counter_moves_it_to_the_hex_centre_and_undo_puts_it_back(qtbot: QtBot, window: MainWindow) -> None:
    grid = window.scenario.grid
    viewport = window.view.viewport()
    start = viewport_point(window, grid.parse("4F3"))
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    end = window.view.mapFromScene(QPointF(*grid.center(grid.parse("4H5"))) + QPointF(9, -7))
    qtbot.mouseMove(viewport, end)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=end)
    assert window.scenario.units["s1"].hex == grid.parse("4H5")
    assert window.scene.counter_item("s1").scenePos() == QPointF(*grid.center(grid.parse("4H5")))
    window.undo_stack.undo()
    assert window.scenario.units["s1"].hex == grid.parse("4F3")
    assert window.scene.counter_item("s1").scenePos() == QPointF(*grid.center(grid.parse("4F3")))


def test_a_moved_counter_lands_on_top_of_the_stack(window: MainWindow) -> None:
    grid = window.scenario.grid
    window.scene.drop_counter("s1", QPointF(*grid.center(grid.parse("4C9"))))
    assert [u.id for u in window.scenario.units_at(grid.parse("4C9"))] == ["s2", "l1", "s1"]
    assert window.scene.counter_item("s1").zValue() > window.scene.counter_item("l1").zValue()


def test_a4_43_the_demo_gun_tile_lies_on_its_crew(window: MainWindow) -> None:
    window.scene.select_unit(None)
    gun, crew = window.scene.counter_item("g1"), window.scene.counter_item("c1")
    assert gun.zValue() > crew.zValue()
    top = window.scene.items(gun.scenePos())  # what a click on the hex centre picks first
    assert next(i for i in top if i in (gun, crew)) is gun


def test_drop_off_the_map_snaps_back(window: MainWindow) -> None:
    window.scene.drop_counter("s1", QPointF(-500.0, -500.0))
    assert window.scenario.units["s1"].hex == window.scenario.grid.parse("4F3")
    assert window.undo_stack.count() == 0


def test_rehearse_mode_hands_drops_to_the_action_handler_and_moves_nothing(window: MainWindow) -> None:
    grid = window.scenario.grid
    calls: list[tuple[str, Hex]] = []
    window.set_mode("rehearse")
    window.scene.action_handler = lambda unit_id, h: calls.append((unit_id, h))
    window.scene.drop_counter("g1", QPointF(*grid.center(grid.parse("4E9"))))
    assert calls == [("g1", grid.parse("4E9"))]
    assert window.scenario.units["g1"].hex == grid.parse("4E5")


def test_painting_terrain_is_one_undo_step_per_stroke(qtbot: QtBot, window: MainWindow) -> None:
    grid = window.scenario.grid
    window.brush.list.setCurrentRow(
        window.brush.list.row(window.brush.list.findItems("grain", Qt.MatchFlag.MatchExactly)[0])
    )
    window.brush.paint.setChecked(True)
    viewport = window.view.viewport()
    start = viewport_point(window, grid.parse("4I5"))
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(viewport, window.view.mapFromScene(QPointF(*grid.center(grid.parse("4I6")))))
    qtbot.mouseRelease(
        viewport, Qt.MouseButton.LeftButton, pos=window.view.mapFromScene(QPointF(*grid.center(grid.parse("4I6"))))
    )
    assert window.scenario.terrain_at(grid.parse("4I5")) == "grain"
    assert window.scenario.terrain_at(grid.parse("4I6")) == "grain"
    assert window.undo_stack.count() == 1
    window.undo_stack.undo()
    assert window.scenario.terrain_at(grid.parse("4I5")) == "open ground"
    assert window.scenario.terrain_at(grid.parse("4I6")) == "open ground"


def test_palette_places_a_counter_and_delete_removes_it(qtbot: QtBot, window: MainWindow) -> None:
    grid = window.scenario.grid
    window.palette_panel.side.setCurrentText("german")
    assert not window.palette_panel.stop.isEnabled()  # nothing to stop yet
    window.palette_panel.pick("Squad 4-6-7")
    click(qtbot, window, grid.parse("4K3"))
    added = [u for u in window.scenario.units_at(grid.parse("4K3"))]
    assert [(u.kind, u.side, u.name) for u in added] == [("squad", "german", "4-6-7")]
    qtbot.mouseClick(window.palette_panel.stop, Qt.MouseButton.LeftButton)
    assert window.palette_panel.template is None and not window.palette_panel.stop.isEnabled()
    click(qtbot, window, grid.parse("4K3"))
    assert window.scene.selected == added[0].id
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_Delete)
    assert added[0].id not in window.scenario.units
    window.undo_stack.undo()
    assert window.scenario.units[added[0].id].hex == grid.parse("4K3")


def test_rehearse_puts_the_setup_tools_down_and_picking_one_goes_back_to_setup(
        qtbot: QtBot, window: MainWindow) -> None:
    """A counter picked in the palette, then Rehearse: a click or drag asks the rules, it never
    adds the picked counter; picking a counter or the brush in Rehearse goes back to Setup."""
    grid = window.scenario.grid
    window.set_mode("setup")
    window.palette_panel.pick("Leader 8-1")
    window.brush.paint.setChecked(True)  # the brush puts the palette down, and the other way round
    assert window.palette_panel.template is None and window.scene.tool == "paint"
    window.palette_panel.pick("Leader 8-1")
    assert window.scene.tool == "place"
    window.set_mode("rehearse")
    assert window.scene.tool == "select" and window.palette_panel.template is None
    assert not window.brush.paint.isChecked()
    before = set(window.scenario.units)
    click(qtbot, window, grid.parse("4K3"))
    assert set(window.scenario.units) == before
    window.palette_panel.pick("Squad 4-6-7")
    assert window.scene.mode == "setup" and window.mode_actions["setup"].isChecked()
    assert window.scene.tool == "place"
    window.set_mode("rehearse")
    window.brush.paint.setChecked(True)
    assert window.scene.mode == "setup" and window.scene.tool == "paint"


def test_the_palette_side_is_one_of_the_scenarios_sides_off_board_ones_too(window: MainWindow) -> None:
    """An imported game's sides are allied and axis, the axis units all off the boards: the palette
    offers both first and picks one, never the demo's "russian" left from before (a crew placed
    on a side the scenario lacks was offered no Gun)."""
    assert window.palette_panel.side.currentText() in ("german", "russian")  # the demo's
    window.set_scenario(scenario_from_json({
        "format": "aslgui-scenario", "version": 1, "boards": [{"id": "4", "col": 0, "row": 0}],
        "units": [{"id": "s1", "side": "allied", "kind": "squad", "name": "4-4-7", "hex": "4E5"},
                  {"id": "s2", "side": "axis", "kind": "squad", "name": "4-6-7", "hex": None}]}), None)
    side = window.palette_panel.side
    assert [side.itemText(i) for i in range(2)] == ["allied", "axis"]
    assert side.currentText() == "allied"
    side.setCurrentText("axis")
    window.undo_stack.push(QUndoCommand("nothing"))  # any change of the scenario keeps the side picked
    assert side.currentText() == "axis"
    side.setCurrentText(side.itemText(2))  # a nationality offered below the sides, picked on purpose
    window.undo_stack.push(QUndoCommand("nothing else"))
    assert side.currentText() == side.itemText(2) not in ("allied", "axis")


@pytest.mark.parametrize(("side", "nationality"),
                         [("allied", "russian"), ("axis", "german"), ("finns", "finns"), ("partisans", "partisans")])
def test_a_palette_counter_of_a_side_takes_the_nationality_of_its_units(
        window: MainWindow, side: str, nationality: str) -> None:
    """A generic Squad 4-6-7 placed for "allied" in an imported game is Russian like the side's own
    squads (and drawn in their colour), not of a nationality called "allied"; a side with no units
    gives its own name, but an alliance none (below)."""
    window.set_scenario(scenario_from_json({
        "format": "aslgui-scenario", "version": 1, "boards": [{"id": "4", "col": 0, "row": 0}],
        "units": [{"id": "s1", "side": "allied", "nationality": "russian", "kind": "squad", "name": "4-4-7",
                   "hex": "4E5"},
                  {"id": "s2", "side": "axis", "nationality": "german", "kind": "squad", "name": "4-6-7",
                   "hex": None}]}), None)
    unit = window.add_unit(window.palette_panel.pick("Squad 4-6-7"), window.scenario.grid.parse("4K3"), side)
    assert unit is not None and (unit.side, unit.nationality) == (side, nationality)


@pytest.mark.parametrize("side", ["axis", "allied"])
def test_a_palette_counter_of_an_alliance_with_no_units_has_no_nationality_called_so(
        window: MainWindow, side: str) -> None:
    """An imported game's side with no units yet: "axis" is no nationality (A25 reads none), so the
    squad has none, and its side colours it."""
    window.set_scenario(scenario_from_json({
        "format": "aslgui-scenario", "version": 1, "boards": [{"id": "4", "col": 0, "row": 0}], "units": []}), None)
    unit = window.add_unit(window.palette_panel.pick("Squad 4-6-7"), window.scenario.grid.parse("4K3"), side)
    assert unit is not None and (unit.side, unit.nationality) == (side, "")


@pytest.mark.parametrize(("name", "ct"), [("M3 Halftrack (american)", False), ("SPW 250/1 (german)", False),
                                          ("T-34 M41 (russian)", True)])
def test_roster_halftracks_are_open_topped(window: MainWindow, name: str, ct: bool) -> None:
    """D7.11 and C5.35 read ``ct``: a halftrack placed from the palette is open-topped, a tank closed."""
    unit = window.add_unit(window.palette_panel.pick(name), window.scenario.grid.parse("4P8"), "russian")
    assert unit is not None and unit.ct is ct


def test_roster_guns_come_with_their_key_numbers(window: MainWindow) -> None:
    template = window.palette_panel.pick("57LL AT (russian)")
    unit = window.add_unit(template, window.scenario.grid.parse("4P8"), "russian")
    assert unit is not None and (unit.caliber, unit.barrel, unit.mount) == (57, "LL", "NT")


def test_properties_panel_edit_adds_the_pin_marker_undoably(window: MainWindow) -> None:
    window.scene.select_unit("s1")
    pinned = window.properties.widgets["pinned"]
    pinned.click()  # type: ignore[attr-defined]
    assert window.scenario.units["s1"].pinned
    assert window.scene.counter_item("s1").marker_names == ["Pin", "DC"]
    window.undo_stack.undo()
    assert not window.scenario.units["s1"].pinned


def test_hover_shows_range_and_case_a(qtbot: QtBot, window: MainWindow) -> None:
    grid = window.scenario.grid
    window.scene.select_unit("g1")
    qtbot.mouseMove(window.view.viewport(), viewport_point(window, grid.parse("4E7"), 0, 15))
    assert window.hover_label.text().startswith("4E7  road")
    assert "range 2 from 57LL AT (S/SW): in CA" in window.hover_label.text()
    qtbot.mouseMove(window.view.viewport(), viewport_point(window, grid.parse("4H5"), 0, 15))
    assert "needs 2 hexspines (Case A +4, NT)" in window.hover_label.text()


def test_wheel_zoom_keeps_the_point_under_the_cursor(window: MainWindow) -> None:
    view = window.view
    grid = window.scenario.grid
    view.set_zoom(1.0)
    cursor = viewport_point(window, grid.parse("4H5"), 10, 10)
    before = view.mapToScene(cursor)
    event = QWheelEvent(
        QPointF(cursor),
        QPointF(view.viewport().mapToGlobal(cursor)),
        QPoint(0, 0),
        QPoint(0, 120),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(view.viewport(), event)
    assert view.zoom == pytest.approx(1.2)
    after = view.mapToScene(cursor)
    assert (after - before).manhattanLength() < 2.0


def test_fit_to_window_shows_the_whole_map(window: MainWindow) -> None:
    window.view.fit_to_window()
    visible = window.view.mapToScene(window.view.viewport().rect()).boundingRect()
    width, height = window.scenario.grid.pixel_size
    assert visible.contains(QPointF(0, 0)) and visible.contains(QPointF(width, height))


def test_save_and_reload_round_trips_the_edits(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, window: MainWindow
) -> None:
    grid = window.scenario.grid
    window.paint_terrain([grid.parse("4M8")], "marsh")
    window.rotate_unit("g1", "ca", parse_spine("N/NE"))
    target = tmp_path / "situation.json"
    monkeypatch.setattr(FileDialog, "save_path", classmethod(lambda cls, parent, suggestion: str(target)))
    assert window.save()
    assert not window.isWindowModified()
    assert window.windowTitle() == "situation.json[*] - aslgui"
    assert window.recent_files() == [str(target.resolve())]
    assert window.open_file(target)
    assert window.scenario.terrain_at(grid.parse("4M8")) == "marsh"
    assert window.scenario.units["g1"].ca == parse_spine("N/NE")
    assert window.undo_stack.count() == 0


def test_failed_save_keeps_the_previous_file_and_says_why(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, window: MainWindow, errors: list[str]
) -> None:
    target = tmp_path / "situation.json"
    save_scenario(window.scenario, target)
    before = target.read_text(encoding="utf-8")
    window.path = target
    window.rotate_unit("g1", "ca", 0)

    def full_disk(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("os.replace", full_disk)
    assert not window.save()
    assert target.read_text(encoding="utf-8") == before
    assert len(errors) == 1 and "No space left on device" in errors[0]
    assert window.isWindowModified()
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


@pytest.mark.parametrize(
    ("content", "says"),
    [
        ('{"format": "aslgui-scenario", "version": 1, "boards": [{"id": "4"}], "units": [', "not valid JSON"),
        ('{"format": "aslgui-scenario", "version": 9, "boards": [{"id": "4"}]}', "newer aslgui"),
        (
            '{"format": "aslgui-scenario", "version": 1, "boards": [{"id": "4"}], "terrain": {"4E5": "lava"}}',
            "terrain.4E5",
        ),
    ],
)
def test_opening_a_broken_or_newer_file_explains_and_keeps_the_situation(
    tmp_path: Path, window: MainWindow, errors: list[str], content: str, says: str
) -> None:
    window.rotate_unit("g1", "ca", 0)
    window.undo_stack.setClean()
    bad = tmp_path / "bad.json"
    bad.write_text(content, encoding="utf-8")
    assert not window.open_file(bad)
    assert len(errors) == 1 and says in errors[0]
    assert window.scenario.units["g1"].ca == 0
    assert window.path is None


def test_unsaved_changes_are_asked_about_before_opening_another_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, window: MainWindow
) -> None:
    other = tmp_path / "other.json"
    save_scenario(load_scenario(other.parent / "missing.json") if False else window.scenario, other)
    window.rotate_unit("g1", "ca", 0)
    monkeypatch.setattr(MessageBox, "ask_save_changes", classmethod(lambda cls, parent, name: "cancel"))
    assert not window.open_file(other)
    assert window.scenario.units["g1"].ca == 0
    monkeypatch.setattr(MessageBox, "ask_save_changes", classmethod(lambda cls, parent, name: "discard"))
    assert window.open_file(other)
    assert window.scenario.units["g1"].ca == parse_spine("S/SW")


def test_new_scenario_builds_the_chosen_boards(monkeypatch: pytest.MonkeyPatch, window: MainWindow) -> None:
    monkeypatch.setattr(
        NewScenarioDialog,
        "ask",
        classmethod(lambda cls, parent: NewScenario("Four boards", arrange_boards(["4", "3", "2", "5"], 2), "german")),
    )
    window.new_scenario()
    grid = window.scenario.grid
    assert [(b.id, b.col, b.row) for b in grid.boards] == [("4", 0, 0), ("3", 1, 0), ("2", 0, 1), ("5", 1, 1)]
    assert window.scenario.units == {}
    assert grid.name(grid.parse("3A5")) == "4GG5"  # the join's half hexes answer to both names
    assert window.windowTitle() == "Four boards[*] - aslgui"


def test_scenario_changed_fires_after_every_edit_and_undo(qtbot: QtBot, window: MainWindow) -> None:
    with qtbot.waitSignal(window.scenario_changed, timeout=1000):
        window.apply_unit_changes([window.scenario.units["s2"]._replace(broken=True)], "Break s2")
    with qtbot.waitSignal(window.scenario_changed, timeout=1000):
        window.undo_stack.undo()
    assert not window.scenario.units["s2"].broken


def test_undo_redo_shortcuts(qtbot: QtBot, window: MainWindow) -> None:
    window.rotate_unit("g1", "ca", 0)
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.scenario.units["g1"].ca == parse_spine("S/SW")
    qtbot.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert window.scenario.units["g1"].ca == 0


def test_window_geometry_is_kept_in_settings(qtbot: QtBot, tmp_path: Path, window: MainWindow) -> None:
    window.resize(1000, 700)
    window.close()
    assert json.dumps(window.settings.value("geometry") is not None) == "true"


def test_brace_keys_turn_the_turret(qtbot: QtBot, window: MainWindow) -> None:
    window.scene.select_unit("t1")
    window.view.setFocus()
    qtbot.keyClick(window.view, "}")
    assert window.scenario.units["t1"].tca == parse_spine("N/NE")
    assert window.scenario.units["t1"].vca == parse_spine("NW/N")
    qtbot.keyClick(window.view, "[")
    assert window.scenario.units["t1"].vca == parse_spine("SW/NW")


def test_middle_button_drag_pans_the_map(qtbot: QtBot, window: MainWindow) -> None:
    viewport = window.view.viewport()
    start = viewport.rect().center()
    before = window.view.mapToScene(start)
    qtbot.mousePress(viewport, Qt.MouseButton.MiddleButton, pos=start)
    qtbot.mouseMove(viewport, start + QPoint(-120, -60))
    qtbot.mouseRelease(viewport, Qt.MouseButton.MiddleButton, pos=start + QPoint(-120, -60))
    moved = window.view.mapToScene(start) - before
    assert (round(moved.x()), round(moved.y())) == (120, 60)
    assert window.undo_stack.count() == 0


def test_d6_c10_1_a_setup_move_takes_along_what_rides_or_is_towed_and_a_rider_moved_alone_gets_off(
        window: MainWindow) -> None:
    """In Setup a vehicle dragged elsewhere takes its Passengers and the Gun it tows (D6, C10.1);
    its Passenger dragged away alone is no longer aboard: the file saved reopens (a unit aboard a
    vehicle in another hex would be counted as its Passenger)."""
    window.set_scenario(scenario_from_json({
        "format": "aslgui-scenario", "version": 1, "boards": [{"id": "4", "col": 0, "row": 0}],
        "units": [{"id": "ht", "side": "german", "kind": "vehicle", "name": "SPW 251/1", "hex": "4E5", "vca": "N/NE"},
                  {"id": "pax", "side": "german", "kind": "squad", "name": "4-6-7", "hex": "4E5", "aboard": "ht"},
                  {"id": "pak", "side": "german", "kind": "gun", "name": "75L AT", "hex": "4E5", "towed_by": "ht"}]}),
        None)
    grid = window.scenario.grid
    window.move_unit("ht", grid.parse("4G5"))
    assert {u.id: grid.name(u.hex) for u in window.scenario.units.values()} == {"ht": "4G5", "pax": "4G5",
                                                                               "pak": "4G5"}
    window.move_unit("pax", grid.parse("4G6"))
    pax = window.scenario.units["pax"]
    assert (grid.name(pax.hex), pax.aboard, window.scenario.units["pak"].towed_by) == ("4G6", None, "ht")
    window.undo_stack.undo()
    window.undo_stack.undo()
    assert {u.id: (grid.name(u.hex), u.aboard) for u in window.scenario.units.values()} == {
        "ht": ("4E5", None), "pax": ("4E5", "ht"), "pak": ("4E5", None)}


def test_a_long_file_name_saves_and_a_failed_save_names_the_file_chosen_not_a_temporary_one(
        window: MainWindow, tmp_path: Path, errors: list[str]) -> None:
    """A 250-character name the system allows is saved (its temporary file's name is kept within
    the 255-byte limit); a folder that is not there is said in the system's words for the file the
    player chose, and the window stays unsaved."""
    long_name = tmp_path / ("n" * 245 + ".json")
    assert window._save_to(long_name) and long_name.is_file()
    assert [p.name for p in tmp_path.iterdir()] == [long_name.name]  # no temporary file left
    missing = tmp_path / "no such folder" / "x.json"
    window.move_unit("s1", window.scenario.grid.parse("4D8"))
    assert not window._save_to(missing)
    assert errors == [f"Cannot save scenario: {missing}\n\nNo such file or directory\n\nThe previous file is "
                      "unchanged."]
    assert not window.undo_stack.isClean()


@pytest.mark.parametrize(("keys", "factor"), [("Ctrl+=", 1.25), ("Ctrl++", 1.25), ("Ctrl+-", 1 / 1.25)])
def test_zoom_keys_a_player_tries_work_where_the_platform_gives_none(
        qtbot: QtBot, window: MainWindow, keys: str, factor: float) -> None:
    """Ctrl+= zooms in beside Ctrl++ (the same key without Shift), and File > Quit is on Ctrl+Q,
    whatever key bindings the platform's theme has (none offscreen)."""
    window.view.set_zoom(1.0)
    sequence = QKeySequence(keys)
    combo = sequence[0]
    qtbot.keyClick(window.view, combo.key(), combo.keyboardModifiers())
    assert window.view.zoom == pytest.approx(factor)
    [quit_action] = [a for a in window.actions() if a.text() == "&Quit"]
    assert "Ctrl+Q" in [key.toString() for key in quit_action.shortcuts()]
