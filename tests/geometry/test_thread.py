"""The LOS thread (A6.1) from centre dot to centre dot: every hex whose inside it crosses, in
order, and exactly the hexsides it runs along, checked against shapely on random threads."""

from __future__ import annotations

from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString

from aslgui.geometry import Hex, MapGrid, distance, neighbour
from aslgui.geometry.hexgrid import from_cube, to_cube
from aslgui.geometry.shapes import hex_polygon
from aslgui.geometry.thread import ALONG, CROSS, INTERIOR, VERTEX, Walk, index, thread

hexes = st.builds(Hex, st.integers(0, 40), st.integers(0, 20))


def crossed(s: Hex, t: Hex) -> list[Hex]:
    sx, _, sz = to_cube(s)
    tx, _, tz = to_cube(t)
    return [from_cube(sx + e[1], sz + e[2]) for e in thread(tx - sx, tz - sz) if e[0] == INTERIOR]


@settings(max_examples=150, deadline=None)
@given(hexes, hexes)
def test_a6_1_the_thread_crosses_exactly_the_hexes_whose_inside_the_line_passes(s: Hex, t: Hex) -> None:
    line = LineString([MapGrid.center(s), MapGrid.center(t)])
    near = {Hex(c, r) for c in range(min(s.col, t.col) - 2, max(s.col, t.col) + 3)
            for r in range(min(s.row, t.row) - 2, max(s.row, t.row) + 3)}
    inside = {h for h in near if line.intersection(hex_polygon(h).buffer(-1e-6)).length > 1e-6} | {s, t}
    found = crossed(s, t)
    assert set(found) == inside
    assert found[0] == s and found[-1] == t and len(found) == len(set(found))
    assert [distance(s, h) for h in found] == sorted(distance(s, h) for h in found)


@settings(max_examples=100, deadline=None)
@given(hexes, hexes)
def test_a6_1_the_thread_back_crosses_the_same_hexes(s: Hex, t: Hex) -> None:
    assert crossed(t, s) == crossed(s, t)[::-1]


def test_a_thread_on_a_hexspine_line_runs_along_the_hexsides_between() -> None:
    """C5 -> G5 (both even columns, row 5) is horizontal: it runs along D4/D5 and F4/F5."""
    grid = MapGrid.single("1")
    s = grid.parse("C5")
    sx, _, sz = to_cube(s)
    t = grid.parse("G5")
    tx, _, tz = to_cube(t)
    events = thread(tx - sx, tz - sz)
    alongs = [{grid.name(a := from_cube(sx + e[1], sz + e[2])), grid.name(neighbour(a, e[3]))}
              for e in events if e[0] == ALONG]
    assert alongs == [{"1D4", "1D5"}, {"1F4", "1F5"}]
    assert [grid.name(h) for h in crossed(s, t)] == ["1C5", "1E5", "1G5"]
    assert sum(e[0] == VERTEX for e in events) == 4 and not any(e[0] == CROSS for e in events)


def test_a_thread_down_a_column_crosses_each_hexside_between() -> None:
    events = thread(0, 4)
    assert [e[3] for e in events if e[0] == CROSS] == [3, 3, 3, 3]  # S hexsides
    assert [(e[3], e[4]) for e in events if e[0] == INTERIOR] == [(0, 4), (1, 3), (2, 2), (3, 1), (4, 0)]


@settings(max_examples=60, deadline=None)
@given(st.integers(-30, 30), st.integers(-30, 30), st.integers(1, 5))
def test_a_thread_walked_a_few_hexes_at_a_time_is_the_thread_walked_at_once(dx: int, dz: int, steps: int) -> None:
    """The LOS engine walks a thread only as far as it judges it (``Walk.more``); however it is
    cut, the events are the same, each once, ending at the target."""
    piecemeal = Walk(dx, dz)
    while piecemeal.more(steps):
        pass
    whole = Walk(dx, dz)
    while whole.more(1000):
        pass
    assert piecemeal.events == whole.events
    assert piecemeal.events[-1][:3] == (INTERIOR, dx, dz) and piecemeal.events[-1][4] == 0
    assert not piecemeal.more()


def test_a_walks_first_hex_at_a_range_is_the_first_found_searching_event_by_event() -> None:
    """``Walk.first_at(r)`` (``from_source`` passes a thread's empty first stretch by it) is the
    place of the first INTERIOR event at range r or beyond, None past the target, however far
    the thread was walked before and in whatever order asked (every offset to range 10:
    hexspine threads go two ranges on at a vertex)."""
    jumps = 0
    for dx in range(-10, 11):
        for dz in range(-10, 11):
            whole = thread(dx, dz)
            interiors = [(place, e[3]) for place, e in enumerate(whole) if e[0] == INTERIOR]
            jumps += any(b - a > 1 for (_, a), (_, b) in pairwise(interiors))
            ranges = list(range(interiors[-1][1] + 2))
            for steps, order in ((0, ranges), (1, ranges), (3, ranges[::-1]), (0, ranges[::-1])):
                path = Walk(dx, dz)
                path.more(steps)
                for r in order:
                    assert path.first_at(r) == next((place for place, at in interiors if at >= r), None)
                    assert tuple(path.events) == whole[:len(path.events)]
    assert jumps  # some threads skip a range


@settings(max_examples=150, deadline=None)
@given(hexes, hexes)
def test_an_events_even_or_odd_index_less_the_sources_is_its_hexs(s: Hex, t: Hex) -> None:
    """The walk reads a hex by the source's ``index`` plus the event's (``even`` from a source in an
    even column, ``odd`` in an odd one): the same as the hex's own."""
    sx, _, sz = to_cube(s)
    tx, _, tz = to_cube(t)
    pick = 1 if s.col & 1 else 0
    for e in thread(tx - sx, tz - sz):
        if e[0] == INTERIOR:
            where = [(e[1], e[2], e[7 + pick])]
        elif e[0] == CROSS:
            where = [(e[1], e[2], e[4 + pick])]
        elif e[0] == VERTEX:
            where = [(side[0], side[1], side[4 + pick]) for side in e[1]]
        else:
            continue
        for dx, dz, relative in where:
            h = from_cube(sx + dx, sz + dz)
            assert index(s.col, s.row) + relative == index(h.col, h.row)
