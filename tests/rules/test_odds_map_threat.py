"""DESIGN.md 12, issue 40: a threat asks each hex's firers best first and stops at the first that
cannot beat the one kept (``threat_odds``). Its answer must be every firer's map kept best of, a
tie going to the firer listed first (``best`` in file order): each firer's best possible odds
(``best_odds``) are never below what it has at a hex, more DRM never gives better odds, and the
two ways give the same maps, checked on plain boards with many Guns (ties among them)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aslgui.geometry import Hex
from aslgui.geometry.hexgrid import to_cube
from aslgui.model import Scenario, scenario_from_json
from aslgui.rules import resolve
from aslgui.rules.odds_map import FirerOdds, HexOdds, threat_firers, threat_odds, threat_of
from aslgui.rules.odds_target import enemy_side, target_unit
from aslgui.rules.tables import location_tem
from aslgui.rules.to_hit.numbers import ThNumbers
from tests.rules.test_odds_map import FIRERS, PLAIN, TARGETS, TERRAIN

SPINES = ["N/NE", "NE/SE", "SE/S", "S/SW", "SW/NW", "NW/N"]
#: Negative and positive TEM both (a shellhole's, C6 Case Q reads the hex).
MORE_TERRAIN = {**TERRAIN, "5B2": "shellhole", "5C3": "woods", "4H6": "stone building"}


def guns(count: int, seed: int, boards: list[str]) -> Scenario:
    """``count`` German Guns with crews at random hexes of ``boards``, some fired or pinned, the
    fourth RFNM, some twins of the Gun before (tied odds everywhere), a Russian T-34 and squad."""
    rng = random.Random(seed)
    plain = scenario_from_json({"format": "aslgui-scenario", "version": 1, "phase": "PFPh", "turn": 1,
                                "player": "russian", "boards": [{"id": b, "col": i, "row": 0} for i, b in
                                                                 enumerate(boards)], "units": []})
    names = [plain.grid.name(h) for h in plain.grid.all_hexes]
    units: list[dict[str, Any]] = [
        {"id": "t34", "side": "russian", "nationality": "russian", "kind": "vehicle", "name": "T-34 M41",
         "hex": names[7], "vca": "N/NE", "tca": "N/NE", "turret": "T"},
        {"id": "s1", "side": "russian", "nationality": "russian", "kind": "squad", "name": "4-4-7", "hex": names[9]}]
    for i in range(count):
        if i and i != 3 and rng.random() < 0.3:  # a twin of the Gun before: the same in all but its id
            gun, crew = ({**unit, "id": f"{unit['id'][0]}{i}"} for unit in units[-2:])
            gun["crew"] = crew["id"]
        else:
            where = rng.choice(names)
            gun = {"id": f"g{i}", "side": "german", "nationality": "german", "kind": "gun",
                   "name": rng.choice(["75L AT", "75L AT", "37L AT"]), "hex": where, "ca": rng.choice(SPINES),
                   "crew": f"c{i}", **({"fired": True} if rng.random() < 0.15 else {}),
                   **({"rfnm": True} if i == 3 else {})}
            crew = {"id": f"c{i}", "side": "german", "nationality": "german", "kind": "crew", "name": "2-2-8",
                    "hex": where, **({"pinned": True} if rng.random() < 0.1 else {})}
        units += [gun, crew]
    return scenario_from_json({"format": "aslgui-scenario", "version": 1, "phase": "PFPh", "turn": 1,
                               "player": "russian", "boards": [{"id": b, "col": i, "row": 0} for i, b in
                                                               enumerate(boards)],
                               "terrain": MORE_TERRAIN, "units": units})


def best(into: dict[Hex, HexOdds], more: Mapping[Hex, HexOdds]) -> None:
    """Keep in ``into`` the better chance of each hex: to hit, then to Critical Hit; a tie keeps
    the firer found first (file order): the threat asked the plain way, a firer at a time."""
    for h, odds in more.items():
        kept = into.get(h)
        if kept is None or (odds.hit, odds.critical) > (kept.hit, kept.critical):
            into[h] = odds


def every_firer(scenario: Scenario, target_type: str, phase: str, keys: dict[str, Any]) -> dict[Any, HexOdds]:
    """The threat asked the plain way: every firer's whole map, kept best of in file order."""
    side = "russian"
    target = target_unit(scenario, side, target_type, keys)
    into: dict[Any, HexOdds] = {}
    for odds in threat_of(scenario, threat_firers(scenario, side), target, target_type, phase):
        if not isinstance(odds, str):
            best(into, odds.count(scenario.grid.all_hexes))
    return into


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), count=st.integers(1, 9), target_type=st.sampled_from(["vehicle", "infantry"]),
       phase=st.sampled_from(["MPh", "DFPh"]), keys=st.sampled_from(TARGETS))
def test_design_12_a_threat_is_every_firers_map_kept_best_of_a_tie_to_the_first(
        seed: int, count: int, target_type: str, phase: str, keys: dict[str, Any]) -> None:
    scenario = guns(count, seed, ["4", "5"])
    target = target_unit(scenario, "russian", target_type, keys)
    each = threat_of(scenario, threat_firers(scenario, "russian"), target, target_type, phase)
    found = threat_odds([odds for odds in each if not isinstance(odds, str)], scenario.grid.all_hexes)
    assert found == every_firer(scenario, target_type, phase, keys)


def test_design_12_ties_go_to_the_firer_listed_first() -> None:
    """Twin Guns (same hex, same CA) tie everywhere: the threat names the first."""
    scenario = guns(6, 11, ["4", "5"])
    names = {odds.firer for odds in every_firer(scenario, "vehicle", "DFPh", {}).values()}
    twins = [u for u in scenario.units.values() if u.kind == "gun" and any(
        v.kind == "gun" and v.id != u.id and v.hex == u.hex and v.ca == u.ca and v.name == u.name
        and v.fired == u.fired and int(v.id[1:]) < int(u.id[1:]) for v in scenario.units.values())]
    assert twins, "no twin Guns: the test would check no tie"
    assert not names & {u.id for u in twins}
    target = target_unit(scenario, "russian", "vehicle", {})
    each = threat_of(scenario, threat_firers(scenario, "russian"), target, "vehicle", "DFPh")
    found = threat_odds([odds for odds in each if not isinstance(odds, str)], scenario.grid.all_hexes)
    assert found == every_firer(scenario, "vehicle", "DFPh", {})


@pytest.mark.parametrize("phase", ["PFPh", "MPh", "DFPh", "AFPh"])
@pytest.mark.parametrize("target_type", ["vehicle", "infantry"])
@pytest.mark.parametrize("firer", FIRERS)
def test_design_12_a_firers_best_odds_are_never_below_its_odds_at_a_hex(firer: str, target_type: str,
                                                                         phase: str) -> None:
    for keys in TARGETS:
        unit = PLAIN.units[firer]
        odds = FirerOdds(PLAIN, unit, target_unit(PLAIN, enemy_side(PLAIN, unit.side), target_type, keys),
                         target_type, phase)
        hexes = PLAIN.grid.all_hexes
        cubes = [(h, x, z) for h in hexes for x, _, z in (to_cube(h),)]
        tems = [location_tem(PLAIN.terrain_at(h), h in PLAIN.fortified) for h in hexes]
        bests, _ = odds.best_odds(cubes, tems)
        for h, bound in zip(hexes, bests, strict=True):
            found = odds.at(h, odds.one_trace)
            if found is not None:
                got = odds.odds(*found)
                assert (got.hit, got.critical) <= bound, PLAIN.grid.name(h)


@pytest.mark.parametrize("firer", FIRERS)
@pytest.mark.parametrize("target_type", ["vehicle", "infantry"])
def test_design_12_more_drm_never_gives_better_odds(firer: str, target_type: str) -> None:
    """What ``best_odds`` rests on: with the same Modified TH#, a higher total DRM gives no better
    chance to hit, nor at the same chance to hit a better chance to Critical Hit."""
    for keys in TARGETS:
        unit = PLAIN.units[firer]
        odds = FirerOdds(PLAIN, unit, target_unit(PLAIN, enemy_side(PLAIN, unit.side), target_type, keys),
                         target_type, "MPh")
        shot = odds.shot
        for modified in range(0, 19):
            chances = [odds.odds(ThNumbers(modified, drm, target_type, shot.deliberate, shot.doubles_lower_dr), shot)
                       for drm in range(-8, 20)]
            pairs = [(c.hit, c.critical) for c in chances]
            assert pairs == sorted(pairs, reverse=True), (firer, keys, modified)


def test_design_12_a_threat_map_with_no_shot_anywhere_says_each_firers_reason() -> None:
    """In the PFPh of the Russian Player Turn no German Gun fires: each one's reason, in file order."""
    scenario = guns(3, 5, ["4", "5"])
    answer = resolve(scenario, {"kind": "odds_map", "threat_to_side": "russian", "target_type": "vehicle",
                                "phase": "PFPh"}).values
    assert answer["hexes"] == {}
    assert [note.split()[0] for note in answer["notes"]] == ["g0", "g1", "g2"]
    assert all("may fire at no hex in the PFPh" in note for note in answer["notes"])
