"""Line of Sight on a scenario file's own terrain (A6, B9.2, B.6): the ``los`` question, and the
engine's rules on small maps with levels (A6.2 height advantage, A6.4 blind hexes, A6.3
depressions)."""

from __future__ import annotations

from typing import Any

import pytest

from aslgui.errors import AslError
from aslgui.geometry import Hex, MapGrid, direction_to
from aslgui.model import scenario_from_json
from aslgui.rules import resolve
from aslgui.rules.los import Feature, LosMap, los_map, terrain_features, trace


def board(terrain: dict[str, str] | None = None, hexsides: dict[str, str] | None = None) -> Any:
    return scenario_from_json(
        {"boards": [{"id": "1", "col": 0, "row": 0}], "terrain": terrain or {}, "hexsides": hexsides or {}}
    )


def los(situation: Any, origin: str, target: str, **keys: Any) -> dict[str, Any]:
    answer: dict[str, Any] = resolve(situation, {"kind": "los", "from": origin, "to": target, **keys}).to_json()
    assert answer["legal"] is True  # a question, never an illegal action
    return answer


# -- A6.1/A6.2 obstacles ----------------------------------------------------------------------------
def test_a6_2_a_woods_hex_on_the_thread_blocks_it_naming_the_hex_and_rule() -> None:
    answer = los(board({"1E5": "woods"}), "1E2", "1E8")
    assert (answer["blocked"], answer["blocked_at"], answer["range"]) == (True, "1E5", 6)
    assert "A6.2" in answer["reason"] and "1E5" in answer["reason"]


@pytest.mark.parametrize("terrain", ["woods", "stone building", "wooden building", "stone rubble"])
def test_a6_2_every_obstacle_of_the_file_blocks_a_thread_through_its_hex(terrain: str) -> None:
    assert los(board({"1F5": terrain}), "1B3", "1J7")["blocked"] is True


def test_a6_2_an_obstacle_off_the_thread_or_in_either_ends_hex_does_not_block() -> None:
    situation = board({"1F3": "woods", "1E2": "woods", "1E8": "stone building"})
    answer = los(situation, "1E2", "1E8")
    assert (answer["blocked"], answer["blocked_at"], answer["hindrances"]) == (False, None, 0)
    assert "A6.1" in answer["reason"]


def test_a6_1_los_is_the_same_both_ways() -> None:
    situation = board({"1F5": "woods", "1H4": "grain"})
    for a, b in [("1B3", "1J7"), ("1C2", "1M6"), ("1A5", "1K4")]:
        there, back = los(situation, a, b), los(situation, b, a)
        assert (there["blocked"], there["hindrances"]) == (back["blocked"], back["hindrances"])


# -- A6.1 / B.6 along a hexside --------------------------------------------------------------------
# 1C5 -> 1E5 runs exactly along the 1D4/1D5 hexside (both are even-column hexes of row 5).
@pytest.mark.parametrize(
    ("terrain", "blocked", "hindrances"),
    [
        ({"1D4": "woods"}, False, 0),  # depicted on one side only: not crossed
        ({"1D4": "woods", "1D5": "woods"}, True, 0),  # on both sides: crossed
        ({"1D5": "grain"}, False, 0),  # grain is depicted terrain too
        ({"1D4": "grain", "1D5": "brush"}, False, 1),  # a Hindrance on both sides: +1, once
        ({"1D4": "woods", "1D5": "grain"}, False, 1),  # the lesser of the two sides
        ({"1D4": "orchard"}, False, 1),  # Inherent Terrain counts along its hexside (B.6)
        ({"1D5": "stone rubble"}, True, 0),  # ... and Inherent obstacles block there
    ],
)
def test_a6_1_along_a_hexside_both_sides_decide_except_inherent_terrain(
    terrain: dict[str, str], blocked: bool, hindrances: int
) -> None:
    answer = los(board(terrain), "1C5", "1E5")
    assert (answer["blocked"], answer["hindrances"]) == (blocked, hindrances)


# -- Hindrances (B12.2, B15, B16.2, B.10) ----------------------------------------------------------
def test_each_hindrance_hex_adds_one_and_is_named() -> None:
    answer = los(board({"1E4": "grain", "1E6": "brush", "1E7": "marsh"}), "1E2", "1E9")
    assert (answer["blocked"], answer["hindrances"], answer["hindrance_hexes"]) == (False, 3, ["1E4", "1E6", "1E7"])
    assert "B15" in answer["reason"] and "B12.2" in answer["reason"] and "B16.2" in answer["reason"]


def test_b10_six_hindrances_block_at_the_sixth() -> None:
    five = board({f"1E{row}": "grain" for row in range(3, 8)})
    assert (los(five, "1E2", "1E9")["blocked"], los(five, "1E2", "1E9")["hindrances"]) == (False, 5)
    six = los(board({f"1E{row}": "grain" for row in range(3, 9)}), "1E2", "1E10")
    assert (six["blocked"], six["blocked_at"], six["hindrances"]) == (True, "1E8", 6)
    assert "B.10" in six["reason"]


def test_a_hindrance_in_either_ends_hex_does_not_count() -> None:
    assert los(board({"1E2": "grain", "1E8": "brush"}), "1E2", "1E8")["hindrances"] == 0


# -- B9.2 walls and hedges -------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("hexsides", "blocked"),
    [
        ({"1E4/1E5": "wall"}, True),  # crossed between two hexes of neither end
        ({"1E4/1E5": "hedge"}, True),
        ({"1E2/1E3": "wall"}, False),  # a hexside of the firer's hex
        ({"1E7/1E8": "hedge"}, False),  # a hexside of the target's hex
        ({"1F4/1F5": "wall"}, False),  # not on the thread
    ],
)
def test_b9_2_a_wall_or_hedge_crossed_blocks_same_level_los_unless_it_is_an_ends_hexside(
    hexsides: dict[str, str], blocked: bool
) -> None:
    answer = los(board(hexsides=hexsides), "1E2", "1E8")
    assert answer["blocked"] is blocked
    if blocked:
        assert "B9.2" in answer["reason"] and answer["blocked_at"] == "1E4"


@pytest.mark.parametrize(
    ("hexsides", "blocked"),
    [
        ({"1D4/1D5": "wall"}, True),  # lengthwise, touching neither end's hex (1A5 -> 1G5)
        ({"1B4/1B5": "wall"}, False),  # lengthwise but touching the firer's hex
        ({"1D4/1E5": "wall", "1D5/1E5": "wall"}, True),  # walls meet the vertex from both sides
        ({"1D4/1E5": "wall"}, False),  # one side only: it ends at the vertex
        ({"1D4/1D5": "hedge", "1D4/1E5": "hedge"}, True),  # the lengthwise hedge alone suffices
    ],
)
def test_b9_2_a_wall_along_the_thread_or_at_a_vertex(hexsides: dict[str, str], blocked: bool) -> None:
    assert los(board(hexsides=hexsides), "1A5", "1G5")["blocked"] is blocked


def test_b9_2_ex_lengthwise_walls_touching_the_ends_need_three_at_the_far_vertex() -> None:
    """The B9.2 EX pattern on a short thread: 1C5 -> 1E5 runs along 1D4/1D5, which touches both
    ends' hexes; walls at its far vertex other than the target's own hexsides are needed."""
    touching = {"1D4/1D5": "wall"}
    assert los(board(hexsides=touching), "1C5", "1E5")["blocked"] is False
    assert los(board(hexsides=touching), "1C5", "1G5")["blocked"] is False
    corner = {"1D4/1D5": "wall", "1D4/1E5": "wall", "1D5/1E5": "wall"}
    assert los(board(hexsides=corner), "1C5", "1G5")["blocked"] is True


# -- levels: buildings (B23), height advantage (A6.2), blind hexes (A6.4), depressions (A6.3) --------
def test_a6_2_a_unit_in_a_building_upper_level_sees_over_grain_but_not_over_same_level_woods() -> None:
    situation = board({"1E2": "stone building", "1E5": "grain"})
    assert los(situation, "1E2", "1E8", from_level=1)["hindrances"] == 0  # grain hinders same-level LOS only
    woods = board({"1E2": "stone building", "1E5": "woods"})
    answer = los(woods, "1E2", "1E8", from_level=1)
    assert (answer["blocked"], answer["blocked_at"]) == (True, "1E5")
    assert "height advantage (A6.2)" in answer["reason"]


def test_a_level_above_ground_needs_a_building() -> None:
    with pytest.raises(AslError) as error:
        resolve(board(), {"kind": "los", "from": "1E2", "to": "1E8", "from_level": 1})
    assert error.value.path == "action.from_level"


def _hill_map(
    levels: dict[str, int],
    terrain: dict[str, str],
    depressions: tuple[str, ...] = (),
    hexsides: dict[str, str] | None = None,
) -> LosMap:
    grid = MapGrid.single("1")
    parse = grid.parse
    features: dict[Hex, tuple[Feature, ...]] = {}
    for name, kind in terrain.items():
        level = levels.get(name, 0)
        features[parse(name)] = features.get(parse(name), ()) + terrain_features(kind, level)
    sides: dict[Hex, list[str | None]] = {}
    for pair, kind in (hexsides or {}).items():
        a, b = (parse(n) for n in pair.split("/"))
        for here, there in ((a, b), (b, a)):
            side = direction_to(here, there)
            assert side is not None
            sides.setdefault(here, [None] * 6)[side] = kind
    return LosMap(grid, features, {h: tuple(v) for h, v in sides.items()}, {parse(n): v for n, v in levels.items()},
                  frozenset(parse(n) for n in depressions))


def _trace(los_map_: LosMap, a: str, b: str) -> Any:
    parse = los_map_.grid.parse
    return trace(los_map_, parse(a), parse(b))


@pytest.mark.parametrize(("target", "blind"), [("1E6", True), ("1E7", False), ("1E8", False)])
def test_a6_4_a_lower_obstacle_casts_one_blind_hex_behind_it(target: str, blind: bool) -> None:
    """A level-2 viewer in 1E3, level-0 woods (top at level 1) in 1E5 two hexes away: one blind
    hex behind it (2*1 + 2//5 - 2 - 0 + 1 = 1)."""
    result = _trace(_hill_map({"1E3": 2}, {"1E5": "woods"}), "1E3", target)
    assert result.blocked is blind
    if blind:
        assert "A6.4" in result.reason and result.blocked_at == Hex(4, 5)


def test_a6_4_five_hexes_of_range_add_a_blind_hex() -> None:
    far = _hill_map({"1E1": 2}, {"1E6": "woods"})  # 5 hexes from the viewer: two blind hexes
    assert [_trace(far, "1E1", t).blocked for t in ("1E7", "1E8", "1E9")] == [True, True, False]


@pytest.mark.parametrize("viewer", [2, 3])
def test_a6_4_a_one_and_a_half_level_building_casts_blind_hexes_by_its_full_levels(viewer: int) -> None:
    """A 1½-level building (B23) rises one full level above ground-level targets: one blind hex
    behind it two hexes from a level-2 or level-3 viewer (1½ levels above it is one full level,
    the first, which takes none off), two when it is five hexes away (A6.4)."""
    near = _hill_map({"1E3": viewer}, {"1E5": "stone building"})
    assert [_trace(near, "1E3", t).blocked for t in ("1E6", "1E7")] == [True, False]
    assert "A6.4" in _trace(near, "1E3", "1E6").reason
    far = _hill_map({"1E1": viewer}, {"1E6": "stone building"})
    assert [_trace(far, "1E1", t).blocked for t in ("1E7", "1E8", "1E9")] == [True, True, False]


def test_a6_4_a_half_level_obstacle_casts_no_blind_hex() -> None:
    """Rubble (B24, half a level) is not a full level above the ground-level target: a level-1
    viewer sees the hex right behind it."""
    rubble = _hill_map({"1E3": 1}, {"1E5": "stone rubble"})
    assert _trace(rubble, "1E3", "1E6").blocked is False


# -- B9.5 bocage, B11 cliffs -----------------------------------------------------------------------
def test_b9_5_bocage_is_a_level_one_hexside_obstacle() -> None:
    """Bocage blocks same-level LOS as a wall does, but as a Level-1 obstacle it also blocks a
    level-1 viewer (as high as the higher end: A6.2), which a wall does not, and casts blind
    hexes behind it for a level-2 viewer, counted from the hex before it (A6.4); a hexside of
    either end's hex never blocks (the hex right behind it is the target's own hexside)."""
    bocage, wall = {"1E4/1E5": "bocage"}, {"1E4/1E5": "wall"}
    flat = _trace(_hill_map({}, {}, hexsides=bocage), "1E2", "1E8")
    assert (flat.blocked, flat.blocked_at) == (True, Hex(4, 4)) and "B9.5" in flat.reason
    assert _trace(_hill_map({"1E2": 1}, {}, hexsides=bocage), "1E2", "1E8").blocked is True
    assert _trace(_hill_map({"1E2": 1}, {}, hexsides=wall), "1E2", "1E8").blocked is False
    high = _hill_map({"1E1": 2}, {}, hexsides={"1E6/1E7": "bocage"})  # five hexes on: two blind hexes
    assert [_trace(high, "1E1", t).blocked for t in ("1E7", "1E8", "1E9")] == [False, True, False]
    assert "blind hex" in _trace(high, "1E1", "1E8").reason
    assert _trace(_hill_map({}, {}, hexsides=bocage), "1E4", "1E8").blocked is False
    answer = los(board(hexsides=bocage), "1E2", "1E8")  # a scenario file's bocage hexside
    assert (answer["blocked"], answer["blocked_at"]) == (True, "1E4") and "B9.5" in answer["reason"]


def test_a6_4_b11_a_cliff_casts_one_blind_hex_more_than_a_crest_line() -> None:
    """A level-3 viewer in 1E1 over a level-2 plateau (1E2-1E3) ending at 1E3: the crest line
    hides only 1E4 at its foot; where the edge is a cliff (the 1E3/1E4 hexside) 1E5 is blind too,
    a cliff not being a crest line (A6.4, B11)."""
    levels = {"1E1": 3, "1E2": 2, "1E3": 2}
    crest = _hill_map(levels, {})
    cliff = _hill_map(levels, {}, hexsides={"1E3/1E4": "cliff"})
    assert [_trace(crest, "1E1", t).blocked for t in ("1E4", "1E5", "1E6")] == [True, False, False]
    assert [_trace(cliff, "1E1", t).blocked for t in ("1E4", "1E5", "1E6")] == [True, True, False]
    reason = _trace(cliff, "1E1", "1E5").reason
    assert "cliff" in reason and "B11" in reason and "A6.4" in reason
    assert _trace(cliff, "1E5", "1E1").blocked is True  # LOS is the same both ways


def test_a6_2_hill_ground_higher_than_both_ends_blocks() -> None:
    hills = _hill_map({"1E5": 1}, {})
    result = _trace(hills, "1E2", "1E8")
    assert (result.blocked, result.blocked_at) == (True, Hex(4, 5))
    assert "ground level 1" in result.reason and "A6.2" in result.reason


def test_a6_3_from_a_depression_the_thread_must_stay_in_it() -> None:
    gully = {"1E2": -1, "1E3": -1, "1E4": -1}
    along = _hill_map(gully, {}, depressions=("1E2", "1E3", "1E4"))
    assert _trace(along, "1E2", "1E5").blocked is False  # out of the gully only into the target's hex
    short = _hill_map({"1E2": -1, "1E3": -1}, {}, depressions=("1E2", "1E3"))
    result = _trace(short, "1E2", "1E5")
    assert (result.blocked, result.blocked_at) == (True, Hex(4, 4))
    assert "A6.3" in result.reason


# -- the scenario's LOS map ------------------------------------------------------------------------
def test_the_los_map_holds_the_files_terrain_and_walls_only() -> None:
    situation = board({"1E5": "woods", "1E6": "road", "1E7": "shellhole"}, {"1E4/1E5": "wall", "1E6/1E7": "road"})
    the_map = los_map(situation)
    assert set(the_map.features) == {situation.grid.parse("1E5")}
    assert {situation.grid.name(h) for h in the_map.hexsides} == {"1E4", "1E5"}


@pytest.mark.parametrize(("gully", "blocked"), [(("1D4",), False), (("1D5",), False), ((), True)])
def test_a6_3_along_a_hexside_the_thread_leaves_the_depression_only_with_neither_hex_in_it(
    gully: tuple[str, ...], blocked: bool
) -> None:
    """1A5 (a gully, level -1) to 1G5 (level 1) runs along 1B4/1B5 and 1D4/1D5: the height
    advantage covers two hexes of range from 1G5, so the thread must stay in the gully to 1C5 and
    along 1D4/1D5 (three hexes from 1G5); a gully hex on either side of that hexside keeps it in
    (A6.1: the bank must lie on both sides); with neither, it leaves the gully there."""
    hexes = ("1A5", "1B4", "1B5", "1C5", *gully)
    the_map = _hill_map({**{h: -1 for h in hexes}, "1G5": 1}, {}, depressions=hexes)
    result = _trace(the_map, "1A5", "1G5")
    assert result.blocked is blocked
    if blocked:
        assert result.blocked_at in (Hex(3, 4), Hex(3, 5)) and "A6.3" in result.reason
