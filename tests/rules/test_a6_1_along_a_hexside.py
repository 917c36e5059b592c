"""A6.1 along a hexside on depicted terrain: a thread exactly along the hexside between two hexes
is blocked when both hold the obstacle up to that hexside, and not by a neighbour's drawing that
crosses the line by under a pixel.  Each pixel of a VASL board goes to the nearer hex centre, so
terrain reaching a hexside from the far side lies a pixel off it (issue 25: board 5 P6-N6, board 1
S1-O1; tests/vasl/test_los_along_real_boards.py has the real boards)."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from aslgui.geometry import Hex, MapGrid
from aslgui.rules.los import Feature, LosMap, trace
from aslgui.rules.los.features import OBSTACLE

GRID = MapGrid.single("1")
#: 1C5 -> 1E5 runs exactly along the 1D4/1D5 hexside, 32.25 pixels below 1D4's centre.
SIDE_Y = 32.25


def _patch(y_near: float, y_far: float) -> Feature:
    """Woods depicted as a band of pixel centres 30 pixels wide between two heights (pixels from
    the hex centre)."""
    xs, ys = (-15.0, 15.0, 15.0, -15.0), (y_near, y_near, y_far, y_far)
    core = (0.0, (y_near + y_far) / 2)
    radius = ((15.0**2) + ((y_far - y_near) / 2) ** 2) ** 0.5
    return Feature(OBSTACLE, 2, (xs, ys), radius, False, "woods", "B13", core, 0.0)


def _map(gap_north: float, depth_north: float, gap_south: float, depth_south: float) -> LosMap:
    north, south = GRID.parse("1D4"), GRID.parse("1D5")
    features: dict[Hex, tuple[Feature, ...]] = {
        north: (_patch(SIDE_Y - gap_north, SIDE_Y - gap_north - depth_north),),
        south: (_patch(-SIDE_Y + gap_south, -SIDE_Y + gap_south + depth_south),),
    }
    return LosMap(GRID, features, {})


def _reaches(gap: float, depth: float) -> bool:
    """A pixel square (half a pixel across a level thread) within a pixel of the hexside, and
    the depiction more than that band deep."""
    return gap < 1.5 < gap + depth


def _away_from_the_edges(value: float) -> bool:
    return abs(value - 1.5) > 0.01


@settings(max_examples=150, deadline=None)
@given(
    st.floats(0, 4).filter(_away_from_the_edges),
    st.floats(0, 30),
    st.floats(0, 4).filter(_away_from_the_edges),
    st.floats(0, 30),
)
def test_a6_1_along_a_hexside_blocked_exactly_when_both_sides_hold_the_obstacle_to_it(
    gap_n: float, depth_n: float, gap_s: float, depth_s: float
) -> None:
    assume(_away_from_the_edges(gap_n + depth_n) and _away_from_the_edges(gap_s + depth_s))
    the_map = _map(gap_n, depth_n, gap_s, depth_s)
    both = _reaches(gap_n, depth_n) and _reaches(gap_s, depth_s)
    a, b = GRID.parse("1C5"), GRID.parse("1E5")
    there, back = trace(the_map, a, b), trace(the_map, b, a)
    assert there.blocked is back.blocked is both


def test_a6_1_woods_a_pixel_off_the_hexside_on_both_sides_block_a_sliver_does_not() -> None:
    """The two forms of issue 25: woods whose nearest pixels lie one pixel off the hexside on one
    side and on it on the other block (board 5 P6-N6); a building's one-pixel sliver across the
    hexside into a hex without one does not make it both sides (board 1 S1-O1)."""
    a, b = GRID.parse("1C5"), GRID.parse("1E5")
    assert trace(_map(1.0, 30, 0.0, 30), a, b).blocked is True
    assert trace(_map(0.0, 30, 0.25, 0.0), a, b).blocked is False
