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
    ],
    ids=["one board", "2x2 boards"],
)
def test_grid_draws_every_hexside_between_map_hexes_once_and_nothing_off_the_map(boards: list[BoardPlacement]) -> None:
    grid = MapGrid(boards)
    segments = [_key(*row) for row in grid_segments(grid).tolist()]
    assert len(segments) == len(set(segments)), "a hexside drawn twice"
    width, height = grid.pixel_size
    for segment in segments:
        assert all(0.0 <= x <= width and 0.0 <= y <= height for x, y in segment)
    drawn = set(segments)
    inner = set()
    for h in grid.all_hexes:
        corners = MapGrid.vertices(h)
        for d in range(6):
            if neighbour(h, d) in grid:  # cut at the map edge by shapely, the drawing's oracle
                cut = shapely.clip_by_rect(LineString([corners[(d - 1) % 6], corners[d]]), 0, 0, width, height)
                if cut.length > 0:
                    inner.add(_key(*shapely.get_coordinates(cut).ravel()))
    assert inner <= drawn
    # Besides the inner hexsides, only the map's outer hexsides (cut at its edge) are drawn.
    outer = drawn - inner
    assert all(min(y for _, y in s) >= height - 32.25 - 1e-6 or max(x for x, _ in s) <= 37.5 + 1e-6
               or min(x for x, _ in s) >= width - 37.5 - 1e-6 or max(y for _, y in s) <= 32.25 + 1e-6
               for s in outer)
