"""The LOS walk's fast paths on real VASL boards give the answers of the plain ones (issue 40): a
hex's alike features tried widest first, those inside another's inner circle left out
(``features._records``), against every feature in its order; and ``sight`` (columns read at
once, no unwalked test) against ``trace`` to each hex; with SMOKE, WP, vehicles and wrecks on the
map, at levels 0 to 2."""

from __future__ import annotations

import random
from typing import Any

import pytest

from aslgui.model import scenario_from_json
from aslgui.rules.los import features, los_map, sight, trace
from aslgui.rules.los.judgement import walked
from aslgui.vasl.library import BOARDS_ENV
from tests.vasl.shared_data import BOARDS, needs_shared


def situation(board_ids: list[str], seed: int) -> Any:
    """Real boards with SMOKE and WP in 20 hexes and a vehicle or a wreck in 20 others."""
    places = [{"id": b, "col": i % 2, "row": i // 2} for i, b in enumerate(board_ids)]
    plain = scenario_from_json({"boards": places, "units": []})
    pick = random.Random(seed)
    names = pick.sample([plain.grid.name(h) for h in plain.grid], 40)
    smoke = {n: [{"kind": pick.choice(["smoke", "wp"]), "dispersed": pick.random() < 0.5}] for n in names[:20]}
    units = [{"id": f"v{i}", "side": "german", "kind": "vehicle", "hex": n, **({"wreck": True} if i % 2 else {})}
             for i, n in enumerate(names[20:])]
    return scenario_from_json({"boards": places, "units": units, "smoke": smoke})


def answers(scenario: Any, seed: int) -> list[Any]:
    the_map = los_map(scenario)
    hexes = list(scenario.grid)
    pick = random.Random(seed)
    found = []
    for _ in range(1500):
        a, b, la, lb = pick.choice(hexes), pick.choice(hexes), pick.randint(0, 2), pick.randint(0, 2)
        found.append((trace(the_map, a, b, la, lb), walked(the_map, a, b, la, lb, explain=False)))
    return found


@needs_shared
@pytest.mark.parametrize("boards", [["4"], ["6"], ["2", "5"]])
def test_a6_alike_features_widest_first_and_those_inside_another_left_out_give_the_same_answers(
        boards: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(BOARDS_ENV, str(BOARDS))
    scenario = situation(boards, 4)
    features._SCENARIO_MAPS.clear()
    fast = answers(scenario, 7)
    features._SCENARIO_MAPS.clear()
    with monkeypatch.context() as patched:
        patched.setattr(features, "_records", lambda found: tuple(map(features.record, found)))
        plain = answers(scenario, 7)
    features._SCENARIO_MAPS.clear()
    assert fast == plain
    assert sum(r.blocked for r, _ in fast) > 300 and sum(bool(r.hindrances) for r, _ in fast) > 100


@needs_shared
@pytest.mark.parametrize("level", [0, 1])
def test_a6_sight_is_trace_to_every_hex(level: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(BOARDS_ENV, str(BOARDS))
    scenario = situation(["4", "5"], 5)
    features._SCENARIO_MAPS.clear()
    the_map = los_map(scenario)
    shades: list[int | None] = []
    for source in random.Random(level).sample(list(scenario.grid), 4):
        seen = sight(the_map, source, level)
        assert seen == {h: None if (r := trace(the_map, source, h, level, 0)).blocked else r.hindrance
                        for h in scenario.grid}
        shades.extend(seen.values())
    assert None in shades and any(shades) and 0 in shades
