"""The static map's layout (map_layers): the hex grid drawn once per hexside, hex names."""

from __future__ import annotations

import pytest
import shapely
from shapely.geometry import LineString

from aslgui.geometry import BoardPlacement, MapGrid, neighbour
from aslgui.ui.map_layers import grid_segments

pytestmark = pytest.mark.gui

Segment = frozenset[tuple[float, float]]


def _key(x1: float, y1: float, x2: float, y2: float) -> Segment:
    return frozenset({(round(x1, 3), round(y1, 3)), (round(x2, 3), round(y2, 3))})


@pytest.mark.parametrize(
    "boards",
    [
        [BoardPlacement("4", 0, 0)],
        [BoardPlacement("1", 0, 0), BoardPlacement("2", 1, 0), BoardPlacement("3", 0, 1), BoardPlacement("4", 1, 1)],
        [BoardPlacement("2", 0, 0), BoardPlacement("4", 1, 0), BoardPlacement("7", 0, 1, rotated=True)],
    ],
    ids=["one board", "2x2 boards", "three boards in an L"],
)
def test_grid_draws_every_hexside_between_map_hexes_once_and_nothing_off_the_map(boards: list[BoardPlacement]) -> None:
    grid = MapGrid(boards)
    segments = [_key(*row) for row in grid_segments(grid).tolist()]
    assert len(segments) == len(set(segments)), "a hexside drawn twice"
    width, height = grid.pixel_size
    places = [(b.col * 1800.0, b.row * 645.0) for b in boards]

    def on_a_board(segment: Segment) -> bool:
        mid_x, mid_y = (sum(x for x, _ in segment) / 2, sum(y for _, y in segment) / 2)
        return any(left <= mid_x <= left + 1800 and top <= mid_y <= top + 645 for left, top in places)

    assert all(on_a_board(s) for s in segments)  # none overhangs the map's edge or a gap in the layout
    drawn = set(segments)
    inner, every = set(), set()  # sides between two map hexes; sides of any map hex
    for h in grid.all_hexes:
        corners = MapGrid.vertices(h)
        for d in range(6):  # cut at the map edge by shapely, the drawing's oracle
            cut = shapely.clip_by_rect(LineString([corners[(d - 1) % 6], corners[d]]), 0, 0, width, height)
            if cut.length > 0 and on_a_board(side := _key(*shapely.get_coordinates(cut).ravel())):
                every.add(side)
                if neighbour(h, d) in grid:
                    inner.add(side)
    assert inner <= drawn <= every
