"""Issue 29 in the window: "Show where it hits" shades the selected Gun's hexes with the
``odds_map`` answer and says the shot on hover; "Show the enemy's threat" is counted a slice of
hexes at a time, every firer of each asked best first, and follows moves and undo (DESIGN.md 12)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from aslgui.errors import AslError
from aslgui.geometry import Hex
from aslgui.model import load_scenario
from aslgui.resource_files import resource_path
from aslgui.rules import resolve
from aslgui.rules.odds_map import FirerOdds, HexOdds, threat_firers, unit_odds
from aslgui.ui.map import odds_view
from aslgui.ui.map.odds_view import shot_phase
from aslgui.ui.window.main_window import DEMO_PATH, MainWindow
from tests.rules.test_odds_map_threat import best

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


def test_issue29_the_threat_is_counted_in_slices_of_hexes_and_drawn_as_it_grows(
        qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each step asks every firer of one slice of hexes (``threat_odds``): the threat grows slice
    by slice, each slice's hexes as the odds map answers them, drawn at most ``DRAWINGS`` times
    as it grows, the last at the end."""
    monkeypatch.setattr(odds_view, "FIRER_HEXES_PER_STEP", 64)  # the tank's: 64 hexes a step
    monkeypatch.setattr(odds_view, "DRAWINGS", 3)
    tools, hexes, name = window.odds_tools, window.scenario.grid.all_hexes, window.scenario.grid.name
    window.scene.select_unit("s1")
    tools.threat_action.trigger()
    tools._timer.stop()  # stepped by hand
    expected = answer(window, threat_to_side="russian", target_type="vehicle", target={"size": 0}, phase="DFPh")
    tools._next_step()  # the firers' shots read
    assert tools.shown == {}
    counted, drawn = [], []
    while tools._pending:
        tools._next_step()
        counted.append(named(window, tools.shown))
        drawn.append(named(window, tools.layer.odds))
    slices = -(-len(hexes) // 64)
    assert len(counted) == slices + 1  # a step per slice, the last one ending the count
    for i in range(slices):
        asked = {name(h) for h in hexes[:(i + 1) * 64]}
        assert counted[i] == {hex_name: odds for hex_name, odds in expected.items() if hex_name in asked}
        parts, before = (i + 1) * 64 * 3 // len(hexes), i * 64 * 3 // len(hexes)
        assert drawn[i] == (counted[i] if parts > before else drawn[i - 1] if i else {})
    assert len({tuple(sorted(shown.items())) for shown in drawn}) <= 3 + 1  # {} first
    assert named(window, tools.shown) == drawn[-1] == expected and expected
    assert tools.label.text() == f"Enemy threat (DFPh): {len(expected)} hexes in reach"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_threat_in_the_window_is_every_firers_map_kept_best_of(qtbot: QtBot, window: MainWindow,
                                                                   seed: int) -> None:
    """The window's threat of several Guns (random hexes and Covered Arcs, a twin of the tank on its
    hex so that ties occur), both Target Types, both sides: each firer's own map kept best of in
    file order, what the window counted before it asked each hex's firers best first."""
    scenario, rng = load_scenario(DEMO_PATH), random.Random(seed)
    gun, crew, tank = scenario.units["g1"], scenario.units["c1"], scenario.units["t1"]
    scenario.units["t2"] = tank._replace(id="t2")
    for i, h in enumerate(rng.sample(list(scenario.grid.all_hexes), 4)):
        side = ("german", "russian")[i % 2]
        spine = rng.randrange(6)  # a Covered Arc of 6 hexspines from this one (C3.2)
        scenario.units[f"g{i + 2}"] = gun._replace(id=f"g{i + 2}", side=side, hex=h, ca=spine, crew=f"c{i + 2}")
        scenario.units[f"c{i + 2}"] = crew._replace(id=f"c{i + 2}", side=side, hex=h)
    window.set_scenario(scenario, None)
    tools = window.odds_tools
    tools.threat_action.trigger()
    for selected in ("s1", "s2"):
        window.scene.select_unit(selected)
        for type_action in tools.type_actions:
            type_action.trigger()
            qtbot.waitUntil(lambda: not tools._pending and not tools._timer.isActive())
            about = tools._about
            assert about is not None
            kept: dict[Hex, HexOdds] = {}
            for firer in threat_firers(scenario, scenario.units[selected].side):
                best(kept, unit_odds(scenario, firer, about.target, about.target_type, about.phase))
            assert tools.shown == kept and kept, (selected, about.target_type)
            assert tools.label.text() == f"Enemy threat ({about.phase}): {len(kept)} hexes in reach"


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



def test_a_firer_the_rules_cannot_read_at_a_hex_is_left_out_of_the_whole_threat(
        qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    """The tank's shot cannot be read at the hexes after the first 100: it is left out of the whole
    threat (the hexes counted before it too) and said, as when the window counted it alone."""
    hexes, at = window.scenario.grid.all_hexes, FirerOdds.at

    def unreadable(odds: FirerOdds, h: Hex, *args: Any) -> Any:
        if odds.firer.id == "t1" and hexes.index(h) >= 100:
            raise AslError("no such gun", "unit.ma")
        return at(odds, h, *args)

    monkeypatch.setattr(FirerOdds, "at", unreadable)
    tools = window.odds_tools
    window.scene.select_unit("s1")
    tools.threat_action.trigger()
    qtbot.waitUntil(lambda: not tools._pending and not tools._timer.isActive())
    assert tools.shown == {} and tools.layer.odds == {}
    assert tools.label.text() == "Enemy threat (DFPh): 0 hexes in reach; PzKpfw IIIG left out: no such gun"
