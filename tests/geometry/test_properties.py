"""Property tests (hypothesis) for the hex grid and Covered Arcs (C3.2)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Point

from aslgui.geometry import BoardPlacement, Hex, MapGrid, ca_hexes, distance, entry_hexsides, in_ca, spines_to_bring
from aslgui.geometry.hexgrid import neighbour
from aslgui.geometry.shapes import hex_polygon

GRID = MapGrid(
    [BoardPlacement("4", 0, 0), BoardPlacement("5", 1, 0), BoardPlacement("6", 0, 1), BoardPlacement("7", 1, 1)]
)
map_hexes = st.sampled_from(GRID.all_hexes)
any_hexes = st.builds(Hex, st.integers(-80, 80), st.integers(-40, 40))
spines = st.integers(0, 5)


@given(any_hexes, any_hexes)
def test_distance_is_symmetric_and_zero_only_for_the_same_hex(a: Hex, b: Hex) -> None:
    assert distance(a, b) == distance(b, a)
    assert (distance(a, b) == 0) == (a == b)


@given(any_hexes, any_hexes, any_hexes)
def test_distance_obeys_the_triangle_inequality(a: Hex, b: Hex, c: Hex) -> None:
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@given(any_hexes, spines)
def test_a_step_changes_distance_by_one(h: Hex, direction: int) -> None:
    assert distance(h, neighbour(h, direction)) == 1


@settings(max_examples=60)
@given(any_hexes, st.integers(1, 12))
def test_c3_2_six_cas_cover_every_hex_within_range(origin: Hex, reach: int) -> None:
    covered = {h for spine in range(6) for h in ca_hexes(origin, spine, reach)}
    ring = {
        Hex(origin.col + dc, origin.row + dr) for dc in range(-reach, reach + 1) for dr in range(-reach - 1, reach + 2)
    }
    within = {h for h in ring if 1 <= distance(origin, h) <= reach}
    assert covered == within


@settings(max_examples=60)
@given(any_hexes, spines, st.integers(1, 12))
def test_c3_2_adjacent_cas_share_exactly_one_boundary_row(origin: Hex, spine: int, reach: int) -> None:
    shared = set(ca_hexes(origin, spine, reach)) & set(ca_hexes(origin, spine + 1, reach))
    row: list[Hex] = []
    h = origin
    for _ in range(reach):
        h = neighbour(h, spine + 1)
        row.append(h)
    assert shared == set(row)


@given(any_hexes, spines, any_hexes)
def test_c5_1_case_a_count_is_zero_exactly_inside_the_ca(origin: Hex, spine: int, target: Hex) -> None:
    turns = spines_to_bring(origin, spine, target)
    assert 0 <= turns <= 3
    if target != origin:
        assert (turns == 0) == in_ca(origin, spine, target)
        assert in_ca(origin, spine + turns, target) or in_ca(origin, spine - turns, target)


@given(any_hexes, spines, any_hexes)
def test_c3_2_ca_is_mirror_symmetric(origin: Hex, spine: int, target: Hex) -> None:
    # Reflect through the origin: the CA of the opposite spine holds the reflected hex.
    ox, oz = origin.col, origin.row - (origin.col - (origin.col & 1)) // 2
    tx, tz = target.col, target.row - (target.col - (target.col & 1)) // 2
    rx, rz = 2 * ox - tx, 2 * oz - tz
    mirrored = Hex(rx, rz + (rx - (rx & 1)) // 2)
    assert in_ca(origin, spine, target) == in_ca(origin, spine + 3, mirrored)


@given(map_hexes)
def test_name_to_hex_to_name_round_trips(h: Hex) -> None:
    name = GRID.name(h)
    assert GRID.parse(name) == h
    assert GRID.parse(name.lower()) == h
    assert GRID.name(GRID.parse(name)) == name


@given(any_hexes)
def test_hex_to_pixel_to_hex_round_trips(h: Hex) -> None:
    assert MapGrid.hex_at(*MapGrid.center(h)) == h


@given(st.floats(0, 3600), st.floats(0, 1290))
def test_pixel_to_hex_finds_the_hex_whose_outline_holds_it(x: float, y: float) -> None:
    h = MapGrid.hex_at(x, y)
    assert hex_polygon(h).buffer(1e-6).contains(Point(x, y))


@given(any_hexes, spines)
def test_b9_3_a_line_from_a_neighbour_enters_across_their_shared_hexside(target: Hex, direction: int) -> None:
    origin = neighbour(target, direction)
    assert entry_hexsides(target, origin) == (origin,)


@given(any_hexes, any_hexes)
def test_b9_3_a_line_enters_across_one_hexside_or_two_along_a_hexspine(target: Hex, origin: Hex) -> None:
    crossed = entry_hexsides(target, origin)
    if origin == target:
        assert crossed == ()
        return
    assert len(crossed) in (1, 2)
    # each hexside crossed faces the origin: the hex beyond it is one step nearer
    assert all(distance(origin, side) == distance(origin, target) - 1 for side in crossed)
