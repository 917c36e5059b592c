"""Moving in the MPh in the window (DESIGN.md 13): a real drag of an ATTACKER's unit draws the
path the pointer passed with MP per hex and the running total; the release opens the popup with
the move; Commit moves the unit (its towed Gun and Passengers with it) and logs it; undo moves it
back; a drag onto enemy Infantry is the OVR, rolled in the popup."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPointF, Qt
from pytestqt.qtbot import QtBot

from aslgui.geometry import Hex
from aslgui.model import scenario_to_json
from aslgui.model.log import read_log
from aslgui.ui.rehearsal.popup import RehearsalPopup
from aslgui.ui.window.main_window import MainWindow
from tests.gui.conftest import answer_popup, example, rehearse, viewport_point
from tests.gui.turns import assert_turn_undoes_redoes_and_saves
from tests.rules.move_boards import board

pytestmark = pytest.mark.gui


def drag(qtbot: QtBot, window: MainWindow, start: str, *through: str, release: bool = True) -> None:
    """Press on ``start``'s counter, pass over each hex of ``through`` and let go on the last."""
    grid, viewport = window.scenario.grid, window.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=viewport_point(window, grid.parse(start)))
    for name in through:
        qtbot.mouseMove(viewport, viewport_point(window, grid.parse(name)))
    if release:
        qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=viewport_point(window, grid.parse(through[-1])))


def names(window: MainWindow, hexes: list[Hex]) -> list[str]:
    return [window.scenario.grid.name(h) for h in hexes]


def commit(popup: RehearsalPopup) -> None:
    popup.commit_button.click()


def test_d2_1_the_drag_draws_the_path_with_mp_per_hex_and_the_running_total(qtbot: QtBot,
                                                                           window: MainWindow) -> None:
    rehearsal = rehearse(window, board())
    window.view.set_zoom(0.6)
    drag(qtbot, window, "4E6", "4E5", "4E4", "4F3", release=False)
    preview = rehearsal.move_preview
    assert names(window, preview.path) == ["4E5", "4E4", "4F3"]
    assert preview.labels() == ["+1 = 1", "+1 = 2", "+1 = 3"]
    shown = [label.text() for label in preview._labels if label.isVisible()]
    assert shown == ["+1 = 1", "+1 = 2", "+1 = 3"]
    # back over 4E4 cuts the path there; the popup opens on the release, Cancel changes nothing
    qtbot.mouseMove(window.view.viewport(), viewport_point(window, window.scenario.grid.parse("4E4")))
    assert names(window, preview.path) == ["4E5", "4E4"]
    seen = answer_popup(lambda popup: popup.reject())
    qtbot.mouseRelease(window.view.viewport(), Qt.MouseButton.LeftButton,
                       pos=viewport_point(window, window.scenario.grid.parse("4E4")))
    assert seen and seen[0].gesture.action == {"kind": "move", "unit": "t1", "path": ["4E5", "4E4"], "phase": "MPh"}
    assert window.scenario.grid.name(window.scenario.units["t1"].hex) == "4E6"
    assert preview.path == [] and preview._line is None


def test_d2_1_commit_moves_the_tank_logs_it_and_undo_moves_it_back(qtbot: QtBot, window: MainWindow) -> None:
    scenario = board({"g1": {"hex": "4E6", "towed_by": "t1", "side": "german", "limbered": True, "crew": None},
                      "s1": {"hex": "4E6", "aboard": "t1"}})
    rehearse(window, scenario)
    window.view.set_zoom(0.6)
    seen = answer_popup(commit)
    drag(qtbot, window, "4E6", "4E5", "4E4")
    assert seen and seen[0].resolution is not None and seen[0].resolution.legal
    units = window.scenario.units
    assert {uid: window.scenario.grid.name(units[uid].hex) for uid in ("t1", "g1", "s1")} == {
        "t1": "4E4", "g1": "4E4", "s1": "4E4"}
    assert (units["t1"].moved, units["t1"].extra["mp_spent"], units["t1"].stopped) == (True, 4, False)
    entry = read_log(window.scenario)[-1]
    assert (entry.action["kind"], entry.answer["mp_spent"], entry.phase) == ("move", 4, "MPh")
    assert [step["hex"] for step in entry.answer["steps"]] == ["4E5", "4E4"]
    window.undo_stack.undo()
    units = window.scenario.units
    assert {uid: window.scenario.grid.name(units[uid].hex) for uid in ("t1", "g1", "s1")} == {
        "t1": "4E6", "g1": "4E6", "s1": "4E6"}
    assert "mp_spent" not in units["t1"].extra and read_log(window.scenario) == []


def test_d2_1_a_jump_of_the_pointer_takes_the_cheapest_way(qtbot: QtBot, window: MainWindow) -> None:
    rehearsal = rehearse(window, board(terrain={"4C5": "stone rubble"}))
    window.view.set_zoom(0.6)
    drag(qtbot, window, "4C6", "4C4", release=False)  # 4C5's rubble (3 MF) is dearer than going round it
    path = names(window, rehearsal.move_preview.path)
    assert path in (["4B5", "4B4", "4C4"], ["4D5", "4D4", "4C4"])
    assert rehearsal.move_preview.labels() == ["+1 = 1", "+1 = 2", "+1 = 3"]
    answer_popup(lambda popup: popup.reject())
    qtbot.mouseRelease(window.view.viewport(), Qt.MouseButton.LeftButton,
                       pos=viewport_point(window, window.scenario.grid.parse("4C4")))


def test_d2_1_past_the_mp_left_the_path_turns_red_and_commit_is_off(qtbot: QtBot, window: MainWindow) -> None:
    rehearsal = rehearse(window, board({"s1": {"mf_spent": 3}}))
    window.view.set_zoom(0.6)
    drag(qtbot, window, "4C6", "4C5", "4C4", release=False)
    assert rehearsal.move_preview.legal is False
    assert rehearsal.move_preview.labels() == ["+1 = 4", "+1 = 5"]
    seen = answer_popup(lambda popup: None)
    qtbot.mouseRelease(window.view.viewport(), Qt.MouseButton.LeftButton,
                       pos=viewport_point(window, window.scenario.grid.parse("4C4")))
    assert seen and not seen[0].commit_button.isEnabled()
    assert window.scenario.grid.name(window.scenario.units["s1"].hex) == "4C6"


def test_d7_1_a_drag_onto_enemy_infantry_is_the_ovr_rolled_then_reaction_fire(qtbot: QtBot,
                                                                             window: MainWindow) -> None:
    rehearse(window, board({"t1": {"hex": "4F6", "vca": "NE/SE"}}))
    window.view.set_zoom(0.6)
    reactions: list[list[RehearsalPopup]] = []

    def roll_and_commit(popup: RehearsalPopup) -> None:
        assert popup.gesture.kind == "overrun" and popup.gesture.action["path"] == ["4G6", "4H5"]
        assert not popup.commit_button.isEnabled()  # the OVR waits for its dice
        popup.roll(3, 4)
        assert popup.resolution is not None and popup.resolution.outcome is not None
        reactions.append(answer_popup(lambda reaction: reaction.reject()))  # the squad's Reaction Fire, declined
        popup.commit_button.click()

    seen = answer_popup(roll_and_commit)
    drag(qtbot, window, "4F6", "4G6", "4H5")
    assert seen
    tank = window.scenario.units["t1"]
    assert (window.scenario.grid.name(tank.hex), tank.extra["mp_spent"]) == ("4H5", 12)
    entry = read_log(window.scenario)[-1]
    assert entry.action["dice"] == {"colored": 3, "white": 4}
    assert entry.answer["overrun"]["outcome"]["final_dr"] == 8  # 7 + the woods TEM +1 (D7.15)
    assert reactions[0] and reactions[0][0].gesture.kind == "reaction_fire"


def test_design_13_no_path_outside_the_mph_nor_for_the_defender(qtbot: QtBot, window: MainWindow) -> None:
    rehearsal = rehearse(window, board(phase="PFPh"))
    window.view.set_zoom(0.6)
    drag(qtbot, window, "4C6", "4C5", release=False)
    assert rehearsal.move_preview.path == []
    qtbot.mouseRelease(window.view.viewport(), Qt.MouseButton.LeftButton,
                       pos=viewport_point(window, window.scenario.grid.parse("4C6")))
    rehearse(window, board())
    drag(qtbot, window, "4H5", "4H4", release=False)
    assert rehearsal.move_preview.path == []
    qtbot.mouseRelease(window.view.viewport(), Qt.MouseButton.LeftButton,
                       pos=viewport_point(window, window.scenario.grid.parse("4H5")))


def test_issue34_a_t34_dragged_three_hexes_overruns_the_pak_whose_reaction_fire_is_rolled_and_undo_restores(
        qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    """Issue 34 item 4, its MPh: the T-34 pays MP hex by hex, OVRs the manned PaK 40 (rolled); the
    PaK's Reaction Fire is rolled; both in the log with their dice; undo to the start gives the
    scenario back; saved and reopened, the played turn is equal."""
    pak = {"side": "german", "kind": "gun", "name": "75L AT", "hex": "4E5", "ca": "S/SW", "crew": "crew"}
    crew = {"side": "german", "kind": "crew", "name": "2-2-8", "hex": "4E5"}
    t34 = {"side": "russian", "kind": "vehicle", "name": "T-34 M41", "hex": "4E9", "vca": "NW/N", "tca": "NW/N",
           "turret": "ST"}
    start = board({uid: {"hex": "4A1"} for uid in ("g1", "c1", "r1")}, extra_units={"pak": pak, "crew": crew,
                                                                                     "t34": t34},
                  player="russian", terrain={})
    rehearse(window, start)
    window.view.set_zoom(0.6)
    original = scenario_to_json(start)
    looked: dict[str, Any] = {}

    def react(popup: RehearsalPopup) -> None:
        looked["reaction"] = popup.gesture.action
        popup.roll(1, 2, 3)
        popup.commit_button.click()

    def overrun(popup: RehearsalPopup) -> None:
        looked["labels"] = window.rehearsal.move_preview.labels()
        assert popup.gesture.kind == "overrun" and popup.gesture.action["path"] == ["4E8", "4E7", "4E6", "4E5"]
        popup.roll(6, 5)
        answer_popup(react)
        popup.commit_button.click()

    answer_popup(overrun)
    drag(qtbot, window, "4E9", "4E8", "4E7", "4E6", "4E5")
    assert looked["labels"] == ["+1 = 1", "+1 = 2", "+1 = 3", "+5 = 8"]  # the OVR: 1 + one-fourth of 16 MP
    log = read_log(window.scenario)
    assert [(e.phase, e.kind) for e in log] == [("MPh", "move"), ("MPh", "fire")]
    assert log[0].action["dice"] == {"colored": 6, "white": 5} and log[0].answer["mp_spent"] == 8
    assert log[1].action["reaction_fire"] is True and log[1].action["dice"] == {"colored": 1, "white": 2}
    assert window.scenario.grid.name(window.scenario.units["t34"].hex) == "4E5"
    assert_turn_undoes_redoes_and_saves(window, original, tmp_path)


def test_d2_1_the_cost_of_the_hex_under_the_dragged_counter_is_drawn_above_it(qtbot: QtBot,
                                                                           window: MainWindow) -> None:
    """Seen in the screenshots: the OVR's ``+4 = 7`` lay under the KV-1 dragged onto the PaK;
    now the label of the hex the counter is over is above it, the others stay under it (D2.1)."""
    rehearsal = rehearse(window, board())
    window.view.set_zoom(0.6)
    drag(qtbot, window, "4E6", "4E5", "4E4", release=False)
    dragged = window.scene.counter_item("t1").zValue()
    shown = [(label.text(), label.zValue() > dragged) for label in rehearsal.move_preview._labels]
    assert shown == [("+1 = 1", False), ("+1 = 2", True)]
    answer_popup(lambda popup: popup.reject())
    qtbot.mouseRelease(window.view.viewport(), Qt.MouseButton.LeftButton,
                       pos=viewport_point(window, window.scenario.grid.parse("4E4")))


def test_c5_13_a_drag_onto_an_enemy_afv_offers_the_shot_first_and_the_move_after(qtbot: QtBot,
                                                                               window: MainWindow) -> None:
    """A tank dragged onto an enemy tank means to shoot it (Bounding First Fire, C5.13): the shot
    is the popup's first choice and the move into its hex comes after (it came first, one Enter
    parked the tank beside its target); onto an empty hex the move stays first."""
    enemy = {"e1": {"side": "russian", "kind": "vehicle", "name": "T-34 M43", "hex": "4E4", "vca": "S/SW",
                    "afv": True, "turret": "T", "tca": "S/SW", "mp": 17, "ma": {"caliber": 76, "barrel": "L",
                                                                               "kind": "gun"}}}
    rehearse(window, board(extra_units=enemy))
    window.view.set_zoom(0.6)
    seen = answer_popup(lambda popup: popup.reject())
    drag(qtbot, window, "4E6", "4E5", "4E4")
    kinds = [g.kind for g in seen[0].gestures]
    assert kinds[0] == "fire" and seen[0].gestures[0].action["target"] == "e1"
    assert kinds[-1] == "move" and seen[0].gesture.kind == "fire"
    seen = answer_popup(lambda popup: popup.reject())
    drag(qtbot, window, "4E6", "4F6")
    assert seen[0].gestures[0].kind == "move"


def test_a4_14_a23_3_a_dc_carrier_dragged_onto_an_enemy_next_door_opens_on_placing_the_dc(
        qtbot: QtBot, window: MainWindow) -> None:
    """The popup opens on what the rules allow: Place DC (A23.3), not the move Infantry may not make
    into an enemy hex (A4.14), which stays offered second with its reason."""
    enemy = {"r2": {"side": "russian", "kind": "squad", "name": "4-4-7", "hex": "4C5"}}
    rehearse(window, board({"s1": {"dc": True}}, enemy))
    window.view.set_zoom(0.6)
    seen = answer_popup(lambda popup: None)
    drag(qtbot, window, "4C6", "4C5")
    assert seen and [g.kind for g in seen[0].gestures] == ["place_dc", "move"]
    assert seen[0].gesture.kind == "place_dc" and seen[0].resolution is not None and seen[0].resolution.legal


def test_d2_1_a_vehicle_without_its_printed_mp_says_so_as_it_is_picked_up(qtbot: QtBot, window: MainWindow) -> None:
    """Its move cannot be counted (D2.1): the status line says to set its MP while it is dragged,
    before any release, and no path is drawn."""
    rehearsal = rehearse(window, board({"t1": {"mp": None, "name": "StuG IIIG"}}))
    window.view.set_zoom(0.6)
    drag(qtbot, window, "4E6", "4E5", release=False)
    assert window.statusBar().currentMessage() == ("Not allowed: StuG IIIG has no printed MP allotment to move "
                                                   "with: set its MP in the side panel (D2.1)")
    assert rehearsal.move_preview.path == []
    qtbot.mouseRelease(window.view.viewport(), Qt.MouseButton.LeftButton,
                       pos=viewport_point(window, window.scenario.grid.parse("4E5")))
    assert window.scenario.grid.name(window.scenario.units["t1"].hex) == "4E6" and window.undo_stack.count() == 0


def test_d2_1_a_path_dragged_past_the_mp_left_says_why_while_it_is_dragged(qtbot: QtBot, window: MainWindow) -> None:
    """The path turns red at the hex past its 2 MP, and the status line says why then, before any
    release (the popup says it again once let go)."""
    rehearse(window, board({"t1": {"mp": 2}}))
    window.view.set_zoom(0.6)
    window.statusBar().clearMessage()
    drag(qtbot, window, "4E6", "4E5", "4E4", release=False)
    assert window.statusBar().currentMessage() == ""
    drag_on = viewport_point(window, window.scenario.grid.parse("4E3"))
    qtbot.mouseMove(window.view.viewport(), drag_on)
    assert window.statusBar().currentMessage() == (
        "Not allowed: PzKpfw IVH would spend 3 MP of its 2 this MPh (0 already spent) (D2.1)")
    seen = answer_popup(lambda popup: None)
    qtbot.mouseRelease(window.view.viewport(), Qt.MouseButton.LeftButton, pos=drag_on)
    assert seen and seen[0].resolution is not None and not seen[0].resolution.legal


def test_d2_1_a_refusal_said_while_dragging_gives_way_to_what_was_then_done(qtbot: QtBot, window: MainWindow) -> None:
    """The refusal of a path dragged too far stayed in the status line after a legal move was
    committed: the line now says what was done."""
    rehearse(window, board({"t1": {"mp": 2}}))
    window.view.set_zoom(0.6)
    drag(qtbot, window, "4E6", "4E5", "4E4", "4E3", release=False)
    assert window.statusBar().currentMessage().startswith("Not allowed: PzKpfw IVH would spend 3 MP")
    answer_popup(lambda popup: popup.commit_button.click())
    back = viewport_point(window, window.scenario.grid.parse("4E5"))
    qtbot.mouseMove(window.view.viewport(), back)
    qtbot.mouseRelease(window.view.viewport(), Qt.MouseButton.LeftButton, pos=back)
    assert window.scenario.grid.name(window.scenario.units["t1"].hex) == "4E5"
    assert window.statusBar().currentMessage() == f"Done: {window.undo_stack.text(0)}"


def test_d2_1_a_popup_clears_what_the_status_line_said_of_earlier_gestures(qtbot: QtBot, window: MainWindow) -> None:
    """The status line spoke of an earlier gesture ("Done: ..." of the last move, or the drag's own
    refusal) while a later move's popup was open and after it was cancelled: a popup clears it,
    since the popup itself says why that move is refused."""
    rehearse(window, board({"t1": {"mp": 2}}))
    window.view.set_zoom(0.6)
    answer_popup(lambda popup: popup.commit_button.click())
    drag(qtbot, window, "4E6", "4E5")
    assert window.statusBar().currentMessage() == f"Done: {window.undo_stack.text(0)}"
    status_while_asked: list[str] = []
    answer_popup(lambda popup: (status_while_asked.append(window.statusBar().currentMessage()), popup.reject()))
    drag(qtbot, window, "4E5", "4E4", "4E3")
    assert status_while_asked == [""] and window.statusBar().currentMessage() == ""
    assert window.scenario.grid.name(window.scenario.units["t1"].hex) == "4E5" and window.undo_stack.count() == 1


def test_a3_the_defenders_vehicle_picked_up_in_the_mph_is_not_told_it_may_not_move(qtbot: QtBot,
                                                                                      window: MainWindow) -> None:
    """Dragging the DEFENDER's tank at a moving enemy is Defensive First Fire, not a move: no "Not
    allowed" while it is dragged; let go on an empty hex, it hears that only the ATTACKER moves (A3)."""
    rehearse(window, board(extra_units={"v2": {"side": "russian", "kind": "vehicle", "name": "T-34 M43", "hex": "4E3",
                                               "vca": "S/SW", "mp": 17, "afv": True}}))
    window.statusBar().clearMessage()
    drag(qtbot, window, "4E3", "4D3", release=False)
    assert window.statusBar().currentMessage() == ""
    qtbot.mouseRelease(window.view.viewport(), Qt.MouseButton.LeftButton,
                       pos=viewport_point(window, window.scenario.grid.parse("4D3")))
    assert window.statusBar().currentMessage() == (
        "Not allowed: T-34 M43 belongs to the DEFENDER (russian): only the ATTACKER moves, in its MPh (A3): switch to "
        "Setup to move it")


def test_c10_11_a_vehicle_dragged_onto_a_friendly_gun_next_door_opens_on_the_hook_up(
        qtbot: QtBot, window: MainWindow) -> None:
    """The SPW one hex from its 75*RCL: the drag means to hook the Gun up (C10.11), which enters its
    hex; the plain move there stays a choice, after it."""
    scenario = example("c10_13_hook_up")
    scenario.units["spw"] = scenario.units["spw"]._replace(hex=scenario.grid.parse("1H5"))
    rehearse(window, scenario)
    seen = answer_popup(lambda popup: popup.commit_button.click())
    drag(qtbot, window, "1H5", "1H4")
    [popup] = seen
    assert [g.kind for g in popup.gestures] == ["hook_up", "move"]
    assert popup.gesture.kind == "hook_up" and popup.resolution is not None and popup.resolution.legal
    assert popup.gesture.label == "Enter 1H4 (1 MP) and hook up 75*RCL (C10.11)"
    spw = window.scenario.units["spw"]  # committed: the entry's 1 MP, then the hook-up's 7 on top (C10.11)
    assert (window.scenario.grid.name(spw.hex), spw.extra["mp_spent"], spw.extra["ti"]) == ("1H4", 8, True)
    assert window.scenario.units["rcl75"].towed_by == "spw"
    window.undo_stack.undo()
    assert window.scenario.grid.name(window.scenario.units["spw"].hex) == "1H5"
    assert "mp_spent" not in window.scenario.units["spw"].extra


def test_c10_1_a_towing_vehicle_let_go_on_a_building_next_door_hears_why_it_may_not_enter(
        window: MainWindow) -> None:
    """A drop no drag path led to (the pointer jumped) still means a move: the popup says the tow
    may not enter the building (C10.1), not that the SPW has no action there."""
    scenario = example("c10_13_hook_up")
    scenario.units["rcl75"] = scenario.units["rcl75"]._replace(towed_by="spw")
    scenario.terrain[scenario.grid.parse("1H3")] = "stone building"
    rehearse(window, scenario)
    refused: list[str] = []
    window.rehearsal.refused.connect(refused.append)
    seen = answer_popup(lambda popup: None)
    window.scene.drop_counter("spw", QPointF(*scenario.grid.center(scenario.grid.parse("1H3"))))
    [popup] = seen
    assert refused == [] and [g.kind for g in popup.gestures] == ["move"]
    assert popup.resolution is not None and "no towing into stone building (C10.1)" in popup.resolution.reasons


def test_c10_5_dragging_a_gun_en_portee_draws_and_commits_its_vehicles_move(qtbot: QtBot, window: MainWindow) -> None:
    """Dragging a truck's stack by the Gun it carries raised "g is a Gun" from the path preview, as a
    player rehearsing a real save found: the drag is the truck's move, and the Gun turns with it (C10.53)."""
    truck = {"side": "german", "kind": "vehicle", "name": "Opel 6700", "hex": "4C3", "vca": "N/NE", "mp": 20,
             "afv": False, "pp": 8}
    gun = {"side": "german", "kind": "gun", "name": "37L AT", "hex": "4C3", "ca": "N/NE", "caliber": 37, "barrel": "L",
           "aboard": "v"}
    rehearsal = rehearse(window, board(extra_units={"v": truck, "g": gun}))
    seen = answer_popup(commit)
    to = window.scenario.grid.parse("4D3")
    rehearsal.drag_entered("g", to)  # what the scene forwards as the Gun is dragged over 4D3
    assert rehearsal.move_preview.unit_id == "v" and rehearsal.move_preview.path == [to]
    window.scene.drop_counter("g", QPointF(*window.scenario.grid.center(to)))
    assert seen and seen[0].gesture.label.startswith("Move Opel 6700 to 4D3")
    units = window.scenario.units
    assert units["v"].hex == units["g"].hex == to and units["g"].ca == units["v"].vca
