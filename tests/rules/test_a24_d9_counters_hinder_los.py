"""Counters as LOS Hindrances (issue 25.4): SMOKE and WP (A24: +3, Dispersed +2; WP +2, Dispersed
+1, A24.3; two levels high, A24.4; LOS into and out of a SMOKE hex too), vehicles and wrecks (D9:
+1 per hex at its level, never in the firer's or target's own hex), six block (B.10); in the
``los`` answer, in a shot's Hindrance DRM lines and in ``sight``; and the scenario file's
``smoke`` key, validated with its JSON path."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aslgui.errors import AslError
from aslgui.geometry import Hex
from aslgui.model import scenario_from_json, scenario_to_json
from aslgui.model.markers import Smoke
from aslgui.rules import resolve
from aslgui.rules.los import LosMap, los_map, sight, steady, trace
from aslgui.rules.los.counters import smoke_marker
from tests.rules.fixtures.to_hit_scenarios import fire, german_tank, russian_gun, scenario, unit


def board(smoke: dict[str, Any] | None = None, units: list[dict[str, Any]] | None = None,
          terrain: dict[str, str] | None = None) -> Any:
    data: dict[str, Any] = {"boards": [{"id": "1", "col": 0, "row": 0}], "terrain": terrain or {},
                            "units": units or []}
    if smoke is not None:
        data["smoke"] = smoke
    return scenario_from_json(data)


def los(situation: Any, origin: str, target: str, **keys: Any) -> dict[str, Any]:
    answer: dict[str, Any] = resolve(situation, {"kind": "los", "from": origin, "to": target, **keys}).to_json()
    return answer


def smoke(kind: str = "smoke", dispersed: bool = False) -> list[dict[str, Any]]:
    return [{"kind": kind, "dispersed": dispersed}]


def vehicle(unit_id: str, hex_name: str, **keys: Any) -> dict[str, Any]:
    return {"id": unit_id, "side": "german", "kind": "vehicle", "hex": hex_name, **keys}


# -- A24 SMOKE and WP ---------------------------------------------------------------------------
@pytest.mark.parametrize(("kind", "dispersed", "drm", "rule"), [
    ("smoke", False, 3, "A24"), ("smoke", True, 2, "A24"), ("wp", False, 2, "A24.3"), ("wp", True, 1, "A24.3"),
])
def test_a24_smoke_between_the_ends_adds_its_printed_drm(kind: str, dispersed: bool, drm: int, rule: str) -> None:
    answer = los(board({"1E5": smoke(kind, dispersed)}), "1E2", "1E8")
    assert (answer["blocked"], answer["hindrances"], answer["hindrance_hexes"]) == (False, drm, ["1E5"])
    assert rule in answer["reason"] and "1E5" in answer["reason"]


@pytest.mark.parametrize("end", ["1E2", "1E8"])
def test_a24_smoke_in_the_firers_or_the_targets_own_hex_hinders_los_out_of_and_into_it(end: str) -> None:
    answer = los(board({end: smoke()}), "1E2", "1E8")
    assert (answer["blocked"], answer["hindrances"], answer["hindrance_hexes"]) == (False, 3, [end])


@pytest.mark.parametrize(("ground", "hindered"), [(0, True), (1, True), (2, True), (3, False)])
def test_a24_4_smoke_is_two_levels_high_a_thread_from_above_it_passes_over(ground: int, hindered: bool) -> None:
    grid = board().grid
    source, middle, target = grid.parse("1E2"), grid.parse("1E5"), grid.parse("1E8")
    the_map = LosMap(grid, {}, {}, {source: ground})
    the_map.counters = {middle: (smoke_marker((Smoke("smoke"),), 0),)}
    assert trace(the_map, source, target).hindrance == (3 if hindered else 0)


def test_a24_a_unit_above_the_smoke_of_its_own_hex_sees_out_of_it() -> None:
    grid = board().grid
    source, target = grid.parse("1E2"), grid.parse("1E8")
    the_map = LosMap(grid, {}, {}, {source: 3})
    the_map.counters = {source: (smoke_marker((Smoke("smoke"),), 3),)}
    assert trace(the_map, source, target).hindrance == 3  # SMOKE rises from the hex's own ground
    the_map.counters = {source: (smoke_marker((Smoke("smoke"),), 0),)}
    assert trace(the_map, source, target).hindrance == 0


def test_a24_the_greatest_marker_of_a_hex_counts_once() -> None:
    answer = los(board({"1E5": [*smoke("wp"), *smoke("smoke", True), *smoke()]}), "1E2", "1E8")
    assert (answer["hindrances"], answer["hindrance_hexes"]) == (3, ["1E5"])


def test_b10_two_smoke_hexes_make_six_and_block() -> None:
    answer = los(board({"1E4": smoke(), "1E6": smoke()}), "1E2", "1E8")
    assert (answer["blocked"], answer["blocked_at"]) == (True, "1E6")
    assert "B.10" in answer["reason"]


def test_a24_smoke_adds_to_terrain_hindrances_at_the_same_range() -> None:
    answer = los(board({"1E5": smoke("smoke", True)}, terrain={"1E5": "grain"}), "1E2", "1E8")
    assert (answer["blocked"], answer["hindrances"]) == (False, 3)


def test_a6_1_smoke_along_a_hexside_counts_from_either_side() -> None:
    # 1C5 -> 1E5 runs exactly along the 1D4/1D5 hexside
    for side in ("1D4", "1D5"):
        assert los(board({side: smoke()}), "1C5", "1E5")["hindrances"] == 3


def test_a24_smoke_is_a_to_hit_drm_line_of_its_own_value_and_rule() -> None:
    situation = scenario(russian_gun(), german_tank(), smoke={"4E7": smoke("wp")})
    lines = [(x["rule"], x["value"], x["text"]) for x in fire(situation, firer="g", target="t")["drm"]
             if x["case"] == "R"]
    assert lines == [("A24.3", 2, "WP in 4E7 hinders the LOS")]


def test_a24_sight_shades_the_hexes_behind_smoke_with_its_drm() -> None:
    situation = board({"1E5": smoke()})
    shading = sight(los_map(situation), situation.grid.parse("1E2"))
    assert shading[situation.grid.parse("1E8")] == 3
    assert shading[situation.grid.parse("1E4")] == 0


# -- D9 vehicles and wrecks ---------------------------------------------------------------------
@pytest.mark.parametrize(("keys", "name"), [({}, "vehicle"), ({"wreck": True}, "wreck")])
def test_d9_a_vehicle_or_wreck_between_the_ends_is_a_plus_one_hindrance(keys: dict[str, Any], name: str) -> None:
    answer = los(board(units=[vehicle("v", "1E5", **keys)]), "1E2", "1E8")
    assert (answer["hindrances"], answer["hindrance_hexes"]) == (1, ["1E5"])
    assert f"{name} in 1E5 (D9)" in answer["reason"]


def test_d9_a_batch_lays_the_counters_once_and_a_counter_moved_after_it_is_seen() -> None:
    """Issue 40: within ``steady`` (a batch of questions, which change nothing) the scenario's LOS
    map with its counters is made once; a copy of the scenario (an odds map's placed target) and
    the scenario after the block get their own, so a vehicle moved later hinders where it stands."""
    situation = board(units=[vehicle("v1", "1E5")])
    with steady(situation):
        kept = los_map(situation)
        assert los_map(situation) is kept and los_map(copy.copy(situation)) is not kept
        assert los(situation, "1E2", "1E8")["hindrance_hexes"] == ["1E5"]
    moved = situation.units["v1"]._replace(hex=situation.grid.parse("1E6"))
    situation.units["v1"] = moved
    assert los_map(situation) is not kept
    assert los(situation, "1E2", "1E8")["hindrance_hexes"] == ["1E6"]


def test_d9_vehicles_in_the_firers_or_targets_hex_and_a_second_vehicle_in_a_hex_add_nothing() -> None:
    units = [vehicle("a", "1E2"), vehicle("b", "1E8"), vehicle("c", "1E5"), vehicle("d", "1E5", wreck=True)]
    answer = los(board(units=units), "1E2", "1E8")
    assert (answer["hindrances"], answer["hindrance_hexes"]) == (1, ["1E5"])


def test_d9_a_vehicle_hinders_same_level_los_only() -> None:
    situation = board(units=[vehicle("v", "1E5")], terrain={"1E2": "stone building"})
    assert los(situation, "1E2", "1E8", from_level=1)["hindrances"] == 0


def test_d9_a_vehicle_on_the_line_of_a_shot_is_a_drm_line() -> None:
    situation = scenario(russian_gun(), german_tank(), unit("w", "vehicle", "4E7", wreck=True))
    lines = [(x["rule"], x["value"]) for x in fire(situation, firer="g", target="t")["drm"] if x["case"] == "R"]
    assert lines == [("D9", 1)]


# -- the scenario file's ``smoke`` --------------------------------------------------------------
def test_the_smoke_key_round_trips() -> None:
    situation = board({"1e5": smoke("wp", True), "1F3": [*smoke(), *smoke("wp")]})
    data = scenario_to_json(situation)
    assert data["smoke"] == {"1E5": smoke("wp", True), "1F3": [*smoke(), *smoke("wp")]}
    assert scenario_from_json(data).smoke == situation.smoke


@pytest.mark.parametrize(("raw", "path"), [
    ([], "smoke"),
    ({"1Z99": smoke()}, "smoke.1Z99"),
    ({"1E5": []}, "smoke.1E5"),
    ({"1E5": {"kind": "smoke"}}, "smoke.1E5"),
    ({"1E5": ["smoke"]}, "smoke.1E5[0]"),
    ({"1E5": [{"kind": "fog"}]}, "smoke.1E5[0].kind"),
    ({"1E5": [{"kind": "smoke", "dispersed": "no"}]}, "smoke.1E5[0].dispersed"),
    ({"1E5": [{"kind": "smoke", "colour": "grey"}]}, "smoke.1E5[0].colour"),
    ({"1E5": smoke(), "1e5": smoke()}, "smoke.1e5"),
    ({"1E5": smoke() * 9}, "smoke.1E5"),
])
def test_a_bad_smoke_value_is_an_error_naming_its_json_path(raw: Any, path: str) -> None:
    with pytest.raises(AslError) as caught:
        board(raw)
    assert caught.value.path == path


def test_a_wreck_key_that_is_no_flag_is_an_error_naming_it() -> None:
    with pytest.raises(AslError) as caught:
        board(units=[vehicle("v", "1E5", wreck="yes")])
    assert caught.value.path == "units[0].wreck"


# -- both ways, any placement -------------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(st.integers(0, 32), st.integers(1, 9), st.integers(0, 32), st.integers(1, 9),
       st.lists(st.tuples(st.integers(0, 32), st.integers(1, 9), st.booleans()), max_size=4))
def test_a24_d9_counters_hinder_the_same_both_ways(c1: int, r1: int, c2: int, r2: int,
                                                   placed: list[tuple[int, int, bool]]) -> None:
    situation = board()
    grid = situation.grid
    for i, (col, row, is_smoke) in enumerate(placed):
        h = Hex(col, row)
        if is_smoke:
            situation.smoke[h] = next(iter(scenario_from_json(
                {"boards": [{"id": "1"}], "smoke": {grid.name(h): smoke()}}).smoke.values()))
        else:
            situation.units[f"v{i}"] = scenario_from_json(
                {"boards": [{"id": "1"}], "units": [vehicle(f"v{i}", grid.name(h))]}).units[f"v{i}"]
    a, b = Hex(c1, r1), Hex(c2, r2)
    the_map = los_map(situation)
    there, back = trace(the_map, a, b), trace(the_map, b, a)
    assert (there.blocked, there.hindrance) == (back.blocked, back.hindrance)
