"""A6, issue 29: ``trace`` tells a thread that passes near nothing clear without walking it (a
plain board's open ground); its answer must be the walked one's on every map, whatever lies on
it: terrain, hills, depressions, walls and cliffs, SMOKE and vehicles, units above the ground.
Issue 40: so must ``from_source``'s, which tells them by one table per direction of a source."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from aslgui.geometry import Hex, MapGrid
from aslgui.rules.los import LosMap, terrain_features, trace
from aslgui.rules.los.features import MARKED_MOST, ground_feature
from aslgui.rules.los.judgement import from_source, walked
from aslgui.rules.los.records import Marker

GRID = MapGrid.single("1")
HEXES = list(GRID.all_hexes)
TERRAIN = ("woods", "stone building", "grain", "brush", "orchard", "marsh", "crags", "stone rubble")
WALLS = ("wall", "hedge", "bocage", "cliff")
MARKERS = (Marker("vehicle", "D9", 1, 0, False), Marker("SMOKE", "A24", 3, 4, True))

hexes = st.sampled_from(HEXES)


@st.composite
def maps(draw: st.DrawFn, most: int = 8) -> LosMap:
    """A board with a few things on it, by default at most as many as ``trace`` tests one by one."""
    levels = draw(st.dictionaries(hexes, st.integers(-1, 2), max_size=6))
    features = {h: terrain_features(name, levels.get(h, 0))
                for h, name in draw(st.dictionaries(hexes, st.sampled_from(TERRAIN), max_size=most)).items()}
    sides = {h: tuple(draw(st.sampled_from((None, *WALLS))) for _ in range(6))
             for h in draw(st.lists(hexes, max_size=most // 2, unique=True))}
    depressions = frozenset(draw(st.lists(hexes, max_size=3)))
    the_map = LosMap(GRID, features, sides, levels, depressions)
    if counters := draw(st.dictionaries(hexes, st.sampled_from(MARKERS).map(lambda m: (m,)), max_size=4)):
        the_map.counters = counters
    return the_map


@settings(max_examples=120, deadline=None)
@given(maps(), st.lists(st.tuples(hexes, hexes, st.integers(0, 2), st.integers(0, 2)), min_size=1, max_size=30))
def test_a6_a_thread_told_clear_unwalked_is_the_walked_answer(the_map: LosMap,
                                                             pairs: list[tuple[Hex, Hex, int, int]]) -> None:
    for source, target, source_level, target_level in pairs:
        assert trace(the_map, source, target, source_level, target_level) == walked(
            the_map, source, target, source_level, target_level)


def test_a6_open_ground_is_told_unwalked_only_up_to_a_few_marked_hexes() -> None:
    few = LosMap(GRID, {h: terrain_features("woods") for h in HEXES[:MARKED_MOST]}, {})
    many = LosMap(GRID, {h: terrain_features("woods") for h in HEXES[:MARKED_MOST + 1]}, {})
    assert few.marked() == frozenset(HEXES[:MARKED_MOST])
    assert many.marked() is None


@settings(max_examples=60, deadline=None)
@given(maps(60), hexes, st.integers(0, 2), st.integers(0, 2))
def test_a6_a_source_s_threads_told_by_direction_are_the_walked_answers(the_map: LosMap, source: Hex,
                                                                       source_level: int, target_level: int) -> None:
    """Every hex of the board from one source, the map holding more than ``trace`` tests one by one."""
    trace_to = from_source(the_map, source, source_level)
    for target in HEXES:
        assert trace_to(target, target_level) == walked(the_map, source, target, source_level, target_level)


@settings(max_examples=60, deadline=None)
@given(maps(60), hexes, st.integers(0, 2), st.integers(0, 2))
def test_a6_a_source_s_threads_told_surely_blocked_unwalked_are_blocked(the_map: LosMap, source: Hex,
                                                                        source_level: int, target_level: int) -> None:
    """Without ``explain`` a thread surely crossing an obstacle higher than both ends is told
    blocked unwalked (``los.blockers``): the walk blocks it too; a clear thread's answer is the walk's."""
    trace_to = from_source(the_map, source, source_level, explain=False)
    for target in HEXES:
        told, walked_answer = trace_to(target, target_level), walked(the_map, source, target, source_level,
                                                                     target_level)
        assert told.blocked == walked_answer.blocked
        assert told.blocked or told == walked_answer


def test_a6_2_ground_as_high_as_the_higher_end_on_its_own_slope_is_not_told_surely_blocked() -> None:
    """Ground as high as the higher end, drawn in the hex beside it whose centre is as low as the
    lower end, is that end's own slope (``Trace.own_slope``): the walk passes it by, so the sure
    blocks (``los.blockers``) must not count it; a hill hex of that height further on is told
    blocked unwalked."""
    source, target = GRID.parse("1E2"), GRID.parse("1E8")
    slope = LosMap(GRID, {GRID.parse("1E7"): (ground_feature(2),)}, {}, {target: 1})
    told = from_source(slope, source, 0, explain=False)(target, 0)
    assert told == walked(slope, source, target, 0, 0) and not told.blocked
    hill = GRID.parse("1E6")
    crest = LosMap(GRID, {hill: (ground_feature(2),)}, {}, {target: 1, hill: 1})
    told = from_source(crest, source, 0, explain=False)(target, 0)
    assert told.blocked and told.blocked_at is None and walked(crest, source, target, 0, 0).blocked_at == hill
