"""Covered Arc wedges (C3.2) and the shading are clipped to the boards themselves (issue 25.6):
in an L-shaped or gapped layout a wedge never covers a point off every board, and still covers
every hex of its CA on the boards."""

from __future__ import annotations

import shapely
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Point

from aslgui.geometry import BoardPlacement, MapGrid
from aslgui.geometry.hexgrid import in_ca
from aslgui.geometry.mapgrid import BOARD_PIXEL_HEIGHT, BOARD_PIXEL_WIDTH
from aslgui.geometry.shapes import boards_outline, ca_wedge

LAYOUTS = {
    "L": MapGrid([BoardPlacement("1", 0, 0), BoardPlacement("2", 1, 0), BoardPlacement("3", 0, 1)]),
    "gapped": MapGrid([BoardPlacement("1", 0, 0), BoardPlacement("2", 2, 0), BoardPlacement("3", 1, 1)]),
}


def on_a_board(grid: MapGrid, x: float, y: float) -> bool:
    return any(b.col * BOARD_PIXEL_WIDTH <= x <= (b.col + 1) * BOARD_PIXEL_WIDTH
               and b.row * BOARD_PIXEL_HEIGHT <= y <= (b.row + 1) * BOARD_PIXEL_HEIGHT for b in grid.boards)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(LAYOUTS)), st.integers(0, 10_000), st.integers(0, 5),
       st.floats(0, 1), st.floats(0, 1))
def test_c3_2_a_wedge_never_covers_a_point_off_every_board(layout: str, pick: int, spine: int,
                                                           fx: float, fy: float) -> None:
    grid = LAYOUTS[layout]
    origin = grid.all_hexes[pick % len(grid)]
    wedge = ca_wedge(grid, origin, spine)
    width, height = grid.pixel_size
    x, y = fx * width, fy * height
    if not on_a_board(grid, x, y):
        assert not wedge.buffer(-1e-6).contains(Point(x, y))
    assert wedge.difference(boards_outline(grid)).area < 1e-6


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(sorted(LAYOUTS)), st.integers(0, 10_000), st.integers(0, 5), st.integers(0, 10_000))
def test_c3_2_the_clipped_wedge_still_holds_the_centre_of_each_ca_hex_on_the_boards(
    layout: str, pick: int, spine: int, other: int
) -> None:
    grid = LAYOUTS[layout]
    origin, h = grid.all_hexes[pick % len(grid)], grid.all_hexes[other % len(grid)]
    wedge = ca_wedge(grid, origin, spine)
    if h != origin and in_ca(origin, spine, h):
        assert shapely.intersects(wedge.buffer(1e-6), Point(grid.center(h)))


def test_the_boards_outline_of_an_l_leaves_the_empty_quarter_out() -> None:
    grid = LAYOUTS["L"]
    outline = boards_outline(grid)
    assert outline.area == 3 * BOARD_PIXEL_WIDTH * BOARD_PIXEL_HEIGHT
    assert not outline.contains(Point(1.5 * BOARD_PIXEL_WIDTH, 1.5 * BOARD_PIXEL_HEIGHT))
