"""The static map's layout (map_layers): the hex grid drawn once per hexside, hex names."""

from __future__ import annotations

import pytest
import shapely
from shapely.geometry import LineString, box

from aslgui.geometry import BoardPlacement, MapGrid, neighbour
from aslgui.ui.map.layers import grid_segments

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
    places = [(b.col * 1800.0, b.row * 645.0) for b in boards]
    for segment in segments:  # on a board: none overhangs the map's edge or a gap in the layout
        assert any(all(x0 <= x <= x0 + 1800 and y0 <= y <= y0 + 645 for x, y in segment) for x0, y0 in places)
    drawn = set(segments)
    inner, every = set(), set()  # pieces of sides between two map hexes; of sides of any map hex
    for h in grid.all_hexes:
        corners = MapGrid.vertices(h)
        for d in range(6):  # cut at each board's edges by shapely, the drawing's oracle
            side = LineString([corners[(d - 1) % 6], corners[d]])
            for x0, y0 in places:
                cut = shapely.intersection(side, box(x0, y0, x0 + 1800, y0 + 645))  # its edges included
                if cut.length > 0:
                    piece = _key(*shapely.get_coordinates(cut).ravel())
                    every.add(piece)
                    if neighbour(h, d) in grid:
                        inner.add(piece)
    assert inner <= drawn <= every
