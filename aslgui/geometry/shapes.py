"""shapely polygons in map pixels: hexes, CA wedge outlines, hexside segments.

Membership is decided by the integer math in ``hexgrid``; these shapes are for drawing and for
geometric questions (what a wedge covers on screen, which hexsides a line crosses).  Imported
lazily so ``aslgui resolve`` never pays for shapely/numpy.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import shapely
from shapely.geometry import LineString, MultiPolygon, Polygon, box

from aslgui.geometry.hexgrid import Hex, ca_hexes, distance, neighbour, to_cube
from aslgui.geometry.mapgrid import BOARD_PIXEL_HEIGHT, BOARD_PIXEL_WIDTH, HEX_HEIGHT, HEX_WIDTH, MapGrid

_UNIT_VERTICES = np.array(MapGrid.vertices(Hex(0, 1)))  # A hex of an even column...
_UNIT_CENTER = np.array(MapGrid.center(Hex(0, 1)))  # ...made relative to its own centre.
_OFFSETS = _UNIT_VERTICES - _UNIT_CENTER


def hex_polygon(h: Hex) -> Polygon:
    """The hex as a polygon (vertex ``i`` on hexspine ``i``)."""
    return Polygon(MapGrid.vertices(h))


def hex_polygons(hexes: Sequence[Hex]) -> np.ndarray:
    """Polygons of many hexes at once (one vectorised shapely call, no Python loop of shapes)."""
    cols = np.fromiter((h.col for h in hexes), dtype=float, count=len(hexes))
    rows = np.fromiter((h.row for h in hexes), dtype=float, count=len(hexes))
    centers = np.column_stack((cols * HEX_WIDTH, rows * HEX_HEIGHT - np.where(cols % 2 == 0, HEX_HEIGHT / 2, 0.0)))
    rings = centers[:, None, :] + _OFFSETS[None, :, :]
    polygons: np.ndarray = shapely.polygons(rings)
    return polygons


def map_rectangle(grid: MapGrid) -> Polygon:
    """The map's bounding rectangle: half hexes at the edges are clipped by it."""
    width, height = grid.pixel_size
    return box(0.0, 0.0, width, height)


def boards_outline(grid: MapGrid) -> Polygon | MultiPolygon:
    """The boards themselves (the union of their rectangles): in an L-shaped or gapped layout the
    empty places of the bounding rectangle are outside it, so what is clipped by it (CA wedges,
    the visibility shading) never covers them."""
    shape: Polygon | MultiPolygon = shapely.union_all([
        box(b.col * BOARD_PIXEL_WIDTH, b.row * BOARD_PIXEL_HEIGHT,
            (b.col + 1) * BOARD_PIXEL_WIDTH, (b.row + 1) * BOARD_PIXEL_HEIGHT) for b in grid.boards
    ])
    return shape


def hexside_segment(h: Hex, direction: int) -> LineString:
    """The hexside of ``h`` across which lies its neighbour in ``direction``."""
    corners = MapGrid.vertices(h)
    return LineString([corners[(direction - 1) % 6], corners[direction % 6]])


def _far_range(grid: MapGrid, origin: Hex) -> int:
    """A range beyond every hex of the map, so a wedge drawn that far is cut only by the map edge."""
    return max(distance(origin, corner) for corner in grid.corner_hexes) + 2


def ca_wedge(grid: MapGrid, origin: Hex, spine: int, max_range: int | None = None) -> Polygon | MultiPolygon:
    """Outline of the CA (C3.2) of a unit in ``origin`` facing ``spine``, clipped to the boards
    (``boards_outline``).

    Traced along the outer zigzag of the two boundary hexrows, so both rows lie inside the
    outline.  Without ``max_range`` the wedge runs to the map edge; with it, it stops after the
    hexes at that range.
    """
    if max_range is not None:
        return shapely.union_all(hex_polygons(list(ca_hexes(origin, spine, max_range)))).intersection(
            boards_outline(grid)
        )
    reach = _far_range(grid, origin)
    d1, d2 = spine % 6, (spine + 1) % 6
    row1, last1 = _row_corners(origin, d1, reach, ((d1 + 3) % 6, (d1 + 4) % 6))  # the d1 row's outer side
    row2, last2 = _row_corners(origin, d2, reach, ((d2 + 2) % 6, (d2 + 1) % 6))  # the d2 row's, outward
    ring = np.vstack(
        (MapGrid.vertices(origin)[d1], row1, last1 + _OFFSETS[(d1 + 5) % 6], last2 + _OFFSETS[d2], row2[::-1])
    )
    wedge: Polygon | MultiPolygon = shapely.polygons(ring).intersection(boards_outline(grid))
    return wedge


def _row_corners(origin: Hex, direction: int, reach: int, corners: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
    """Two corners of each hex 1..``reach`` out from ``origin`` along ``direction``, in order, and
    the centre of the last one: the hexes of a row are evenly spaced in cube coordinates, so
    numpy lays them out at once."""
    x0, _, z0 = to_cube(origin)
    x1, _, z1 = to_cube(neighbour(origin, direction))
    step = np.arange(1, reach + 1)
    x = x0 + step * (x1 - x0)
    row = z0 + step * (z1 - z0) + (x - (x & 1)) // 2
    centers = np.column_stack((x * HEX_WIDTH, row * HEX_HEIGHT - np.where(x % 2 == 0, HEX_HEIGHT / 2, 0.0)))
    points = np.stack((centers + _OFFSETS[corners[0]], centers + _OFFSETS[corners[1]]), axis=1).reshape(-1, 2)
    return points, centers[-1]
