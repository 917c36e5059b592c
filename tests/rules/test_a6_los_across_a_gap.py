"""A6, issue 37: a line of sight across a gap between boards (board 4 at column 1 row 0 and board 7
at column 0 row 1, or three boards in an L). The gap holds no terrain: no ground, no obstacle, no
Hindrance, no depression bank, no hexside; only hexes on the boards count (range still counts the
gap's hexes, A.2). ``los``, ``fire``, ``odds_map`` and the map's shading answer across it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aslgui.geometry import BoardPlacement, Hex, MapGrid, neighbour
from aslgui.model import scenario_from_json
from aslgui.rules import resolve
from aslgui.rules.los import LosMap, los_map, los_values, sight, terrain_features, trace
from aslgui.vasl.library import BOARDS_ENV
from tests.vasl.shared_data import BOARDS

REPO = Path(__file__).resolve().parents[2]
#: Two boards on a diagonal (a gap left of board 4 and right of board 7), and an L of three.
GAP = [BoardPlacement("4", 1, 0), BoardPlacement("7", 0, 1)]
L_SHAPE = [BoardPlacement("4", 0, 0), BoardPlacement("5", 1, 0), BoardPlacement("7", 0, 1)]
FILLERS = {"gap": [BoardPlacement("8", 0, 0), BoardPlacement("9", 1, 1)], "l": [BoardPlacement("8", 1, 1)]}
LAYOUTS = {"gap": GAP, "l": L_SHAPE}
TERRAIN = ("woods", "stone building", "grain", "brush", "orchard", "marsh", "stone rubble")
WALLS = ("wall", "hedge", "bocage")


@st.composite
def gap_maps(draw: st.DrawFn) -> tuple[LosMap, LosMap, list[Hex]]:
    """A layout with a gap and terrain, levels and walls on its boards; and the same terrain on the
    filled rectangle whose filler boards hold nothing and lie below every end (so they are nothing)."""
    name = draw(st.sampled_from(sorted(LAYOUTS)))
    grid, full = MapGrid(LAYOUTS[name]), MapGrid(LAYOUTS[name] + FILLERS[name])
    hexes = list(grid.all_hexes)
    on = st.sampled_from(hexes)
    levels = draw(st.dictionaries(on, st.integers(-1, 2), max_size=12))
    features = {h: terrain_features(t, levels.get(h, 0))
                for h, t in draw(st.dictionaries(on, st.sampled_from(TERRAIN), max_size=60)).items()}
    sides: dict[Hex, tuple[str | None, ...]] = {}
    for h in draw(st.lists(on, max_size=8, unique=True)):
        walls = tuple(draw(st.sampled_from((None, *WALLS))) if neighbour(h, d) in grid else None for d in range(6))
        if any(walls):
            sides[h] = walls
    floors = {h: levels.get(h, 0) for h in hexes}
    filled_floors = {**{h: -9 for h in full.all_hexes if h not in grid}, **floors}
    return (LosMap(grid, features, sides, levels, floors=floors),
            LosMap(full, features, sides, levels, floors=filled_floors), hexes)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_a6_a_gap_between_boards_is_nothing_the_thread_meets(data: st.DataObject) -> None:
    """Each answer on the layout with a gap is the answer on the filled rectangle whose filler
    boards hold nothing; it names only hexes of the boards."""
    gap_map, filled, hexes = data.draw(gap_maps())
    for _ in range(data.draw(st.integers(1, 12))):
        source, target = data.draw(st.sampled_from(hexes)), data.draw(st.sampled_from(hexes))
        levels = data.draw(st.integers(0, 2)), data.draw(st.integers(0, 2))
        got = trace(gap_map, source, target, *levels)
        # the filled map names a board's edge hex by the filler board above or left of it
        assert got._replace(reason="") == trace(filled, source, target, *levels)._replace(reason="")
        values = los_values(gap_map, got)  # every hex it names is on the boards
        assert values["range"] == got.range and bool(values["reason"])


def test_a6_a_unit_below_level_0_sees_over_the_gap_its_ground_would_hide_it_behind() -> None:
    """7GG4 at level -1 beside the gap looks across it to 4J10: the gap has no level-0 ground to
    rise above it (as the filled map's level-0 board would); on the boards, level-0 ground does."""
    grid = MapGrid(GAP)
    board_7 = [h for h in grid.all_hexes if grid.name(h).startswith("7")]
    low = {h: -1 for h in board_7}
    the_map = LosMap(grid, {}, {}, low, floors={**{h: 0 for h in grid.all_hexes}, **low})
    result = trace(the_map, grid.parse("7GG4"), grid.parse("4J10"))
    assert (result.blocked, result.range) == (False, 9)
    beyond = trace(the_map, grid.parse("7GG4"), grid.parse("4L9"))  # over 4J10 and 4K10
    assert beyond.blocked_at is not None and grid.name(beyond.blocked_at) == "4J10"
    assert beyond.reason == "ground level 0 in 4J10 is as high as the higher end, which needs a height advantage (A6.2)"


def test_a6_a_depression_beside_the_gap_is_not_left_by_the_gap() -> None:
    """A6.3: a thread out of a depression must stay in it until the height advantage covers the
    range; a gap beside it is no bank (nothing is there), so only board hexes out of it count."""
    grid = MapGrid(GAP)
    source = grid.parse("7GG4")
    the_map = LosMap(grid, {}, {}, {source: -1}, frozenset({source}), floors={source: -1})
    assert not trace(the_map, source, grid.parse("4J10")).blocked  # across the gap only
    out = trace(the_map, source, grid.parse("7FF6"))
    assert out.blocked and "leaves the depression of 7GG4" in out.reason and "(A6.3)" in out.reason


def situation() -> dict[str, Any]:
    return {
        "format": "aslgui-scenario", "version": 1, "phase": "PFPh", "turn": 1, "player": "russian",
        "boards": [{"id": "4", "col": 1, "row": 0}, {"id": "7", "col": 0, "row": 1}],
        "terrain": {"7W9": "woods", "4D10": "grain"},
        "units": [
            {"id": "g1", "side": "russian", "nationality": "russian", "kind": "gun", "name": "57LL AT",
             "hex": "7T8", "ca": "N/NE", "crew": "c1"},
            {"id": "c1", "side": "russian", "nationality": "russian", "kind": "crew", "hex": "7T8"},
            {"id": "t1", "side": "german", "nationality": "german", "kind": "vehicle", "name": "PzKpfw IIIG",
             "hex": "4J10", "vca": "NW/N", "afv": True},
        ],
    }


def test_a6_c3_fire_and_odds_map_answer_across_the_gap_on_plain_boards() -> None:
    scenario = scenario_from_json(situation())
    los = resolve(scenario, {"kind": "los", "from": "7T8", "to": "4J10"}).to_json()
    assert (los["range"], los["blocked"]) == (22, False)
    fire = resolve(scenario, {"kind": "fire", "firer": "g1", "target": "t1", "target_type": "vehicle"}).to_json()
    assert fire["legal"] and fire["range"] == 22
    odds = resolve(scenario, {"kind": "odds_map", "unit": "g1", "target_type": "vehicle"}).to_json()
    assert odds["hexes"]["4J10"]["final_th_needed"] == fire["final_th_needed"]
    assert any(name.startswith("4") for name in odds["hexes"]) and any(name.startswith("7") for name in odds["hexes"])
    shading = sight(los_map(scenario), scenario.grid.parse("7T8"))
    assert len(shading) == len(scenario.grid) and shading[scenario.grid.parse("4J10")] == 0


@pytest.mark.skipif(BOARDS is None, reason="../shared/vasl/boards (real VASL boards, test data only) is not "
                                           "beside this repository")
def test_a6_the_audits_thread_7t8_to_4j10_on_the_real_boards_is_answered(tmp_path: Path) -> None:
    """The audit's case: boards 4 and 7 of VASL, 7T8 (its ground at level -1) to 4J10. ``los``,
    ``fire`` and ``odds_map`` exit 0 with an answer, never "not on the map"."""
    scenario = tmp_path / "gap.json"
    scenario.write_text(json.dumps({**situation(), "terrain": {}}))
    env = {**os.environ, BOARDS_ENV: str(BOARDS), "PYTHONPATH": str(REPO)}
    actions = [{"kind": "los", "from": "7T8", "to": "4J10"},
               {"kind": "fire", "firer": "g1", "target": "t1", "target_type": "vehicle"},
               {"kind": "odds_map", "unit": "g1", "target_type": "vehicle"}]
    done = subprocess.run([sys.executable, "-m", "aslgui", "resolve", str(scenario), "-"],
                          input="\n".join(json.dumps(a) for a in actions), capture_output=True, text=True,
                          env=env, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    los, fire, odds = (json.loads(line) for line in done.stdout.splitlines())
    assert (los["range"], los["blocked"]) == (22, False)
    assert fire["range"] == 22 and odds["kind"] == "odds_map"
