"""Issue 29 in the window: "Show where it hits" shades the selected Gun's hexes with the
``odds_map`` answer and says the shot on hover; "Show the enemy's threat" is counted one firer at a
time and follows moves and undo (DESIGN.md 12)."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from aslgui.geometry import Hex
from aslgui.model import load_scenario
from aslgui.resource_files import resource_path
from aslgui.rules import resolve
from aslgui.rules.odds_map import HexOdds
from aslgui.ui.map import odds_view
from aslgui.ui.map.odds_view import shot_phase
from aslgui.ui.window.main_window import DEMO_PATH, MainWindow

pytestmark = pytest.mark.gui


def named(window: MainWindow, shown: dict[Hex, HexOdds]) -> dict[str, tuple[int, float]]:
    return {window.scenario.grid.name(h): (o.final_th_needed, o.hit) for h, o in shown.items()}


def answer(window: MainWindow, **action: object) -> dict[str, tuple[int, float]]:
    hexes = resolve(window.scenario, {"kind": "odds_map", **action}).values["hexes"]
    return {name: (value["final_th_needed"], value["hit"]) for name, value in hexes.items()}


def test_issue29_show_where_it_hits_is_the_odds_map_and_the_hover_says_the_shot(window: MainWindow) -> None:
    tools = window.odds_tools
    window.scene.select_unit("g1")
    tools.hits_action.trigger()
    assert tools.layer.isVisible()
    assert named(window, tools.shown) == answer(window, unit="g1", target_type="vehicle", target={"size": 0},
                                                phase="PFPh")
    grid = window.scenario.grid
    assert grid.parse("4C9") not in tools.shown and grid.parse("4E9") in tools.shown  # 4C9 behind the 4D6 woods
    line = tools.describe(grid.parse("4K8"))
    assert line.startswith("4K8: TH# ") and "range 6" in line and "1 Hindrance" in line, line
    assert "no shot: no LOS to 4C9" in tools.describe(grid.parse("4C9"))
    tools.type_actions[1].trigger()  # the Infantry Target Type: the 4C9 squad's hex takes its TEM
    assert named(window, tools.shown) == answer(window, unit="g1", target_type="infantry", phase="PFPh")
    tools.th_action.trigger()
    assert tools.layer.th


def test_issue29_show_where_it_hits_asks_for_a_gun_or_vehicle(window: MainWindow) -> None:
    window.scene.select_unit("s1")
    window.odds_tools.hits_action.trigger()
    assert not window.odds_tools.layer.isVisible() and "select a Gun or vehicle" in window.odds_tools.label.text()


def test_issue29_the_threat_is_counted_as_it_comes_and_follows_moves_and_undo(qtbot: QtBot,
                                                                              window: MainWindow) -> None:
    tools, grid = window.odds_tools, window.scenario.grid
    window.scene.select_unit("s1")  # a Russian unit: the German tank's threat, in the German's next fire phase
    assert shot_phase(window.scenario, "german") == "DFPh"
    tools.threat_action.trigger()
    qtbot.waitUntil(lambda: not tools._pending and tools._timer.isActive() is False)
    expected = answer(window, threat_to_side="russian", target_type="vehicle", target={"size": 0}, phase="DFPh")
    assert named(window, tools.shown) == expected and expected
    hexes = sorted(tools.shown)
    assert tools.describe(hexes[0]).startswith("PzKpfw IIIG in 4")
    window.move_unit("t1", grid.parse("4A1"))
    qtbot.waitUntil(lambda: not tools._pending and tools._timer.isActive() is False)
    moved = named(window, tools.shown)
    assert moved != expected and moved == answer(window, threat_to_side="russian", target_type="vehicle",
                                                 target={"size": 0}, phase="DFPh")
    window.undo_stack.undo()
    qtbot.waitUntil(lambda: not tools._pending and tools._timer.isActive() is False)
    assert named(window, tools.shown) == expected
    tools.threat_action.trigger()  # off
    assert not tools.layer.isVisible() and tools.shown == {}


def test_issue29_the_threat_is_counted_in_slices_of_hexes_and_drawn_firer_by_firer(
        qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(odds_view, "HEXES_PER_STEP", 64)  # the demo's map is counted in several steps per firer
    tools = window.odds_tools
    window.scene.select_unit("s1")
    tools.threat_action.trigger()
    tools._timer.stop()  # stepped by hand: each step a slice of one firer's hexes
    firers, steps, drawn = len(tools._pending), 0, []
    while tools._pending:
        tools._next_step()
        steps += 1
        drawn.append(dict(tools.shown))
    assert steps >= firers * len(window.scenario.grid) // 64
    assert len({tuple(sorted(shown.items())) for shown in drawn}) <= firers + 1  # changed only as a firer is done
    assert named(window, tools.shown) == answer(window, threat_to_side="russian", target_type="vehicle",
                                                target={"size": 0}, phase="DFPh")


def test_the_odds_maps_keep_working_after_another_scenario_is_shown(window: MainWindow) -> None:
    """A new scenario clears the scene, the shading's item with it: the maps lay a new one, follow
    the new file at once, and the TH# switch works on it (the GUI tester's finding)."""
    tools = window.odds_tools
    window.scene.select_unit("g1")
    tools.hits_action.trigger()
    before = named(window, tools.shown)
    assert before and tools.layer.isVisible()
    window.set_scenario(load_scenario(DEMO_PATH), None)  # File > Open, an example, a recovery: the same
    assert tools.layer.scene() is window.scene and tools.layer.isVisible()
    assert named(window, tools.shown) == before == answer(window, unit="g1", target_type="vehicle",
                                                          target={"size": 0}, phase="PFPh")
    tools.th_action.trigger()
    assert tools.layer.th


def test_the_threat_of_an_enemy_with_no_gun_or_vehicle_says_so_at_once(window: MainWindow) -> None:
    scenario = load_scenario(DEMO_PATH)
    for unit_id in [u.id for u in scenario.units.values() if u.side == "german" and u.kind in ("gun", "vehicle")]:
        del scenario.units[unit_id]
    window.set_scenario(scenario, None)
    window.scene.select_unit("s1")
    window.odds_tools.threat_action.trigger()
    assert not window.odds_tools._timer.isActive() and window.odds_tools.shown == {}
    assert window.odds_tools.label.text().endswith(": the enemy has no Gun or vehicle")


def test_an_empty_odds_map_says_why(window: MainWindow) -> None:
    """A mortar hits no hex on the Vehicle Target Type (it must use the Area one, C3.33): the status
    line says so, as the shot at the hex before it does."""
    window.set_scenario(load_scenario(resource_path("examples", "c3_331_area_target.json")), None)
    window.scene.select_unit("m1")
    window.odds_tools.hits_action.trigger()
    text = window.odds_tools.label.text()
    assert window.odds_tools.shown == {} and ": no hex: " in text and text.endswith("(C3.33)"), text
