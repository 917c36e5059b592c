"""shapely polygons in map pixels: hexes, CA wedge outlines, hexside segments.

Membership is decided by the integer math in ``hexgrid``; these shapes are for drawing and for
geometric questions (what a wedge covers on screen, which hexsides a line crosses).  Imported
lazily so ``aslgui resolve`` never pays for shapely/numpy.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import shapely
from shapely.geometry import LineString, Polygon, box

from aslgui.geometry.hexgrid import Hex, ca_hexes, distance, neighbour
from aslgui.geometry.mapgrid import HEX_HEIGHT, HEX_WIDTH, MapGrid

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


def hexside_segment(h: Hex, direction: int) -> LineString:
    """The hexside of ``h`` across which lies its neighbour in ``direction``."""
    corners = MapGrid.vertices(h)
    return LineString([corners[(direction - 1) % 6], corners[direction % 6]])


def _far_range(grid: MapGrid, origin: Hex) -> int:
    """A range beyond every hex of the map, so a wedge drawn that far is cut only by the map edge."""
    return max(distance(origin, corner) for corner in grid.corner_hexes) + 2


def ca_wedge(grid: MapGrid, origin: Hex, spine: int, max_range: int | None = None) -> Polygon:
    """Outline of the CA (C3.2) of a unit in ``origin`` facing ``spine``, clipped to the map.

    Traced along the outer zigzag of the two boundary hexrows, so both rows lie inside the
    outline.  Without ``max_range`` the wedge runs to the map edge; with it, it stops after the
    hexes at that range.
    """
    if max_range is not None:
        return shapely.union_all(hex_polygons(list(ca_hexes(origin, spine, max_range)))).intersection(
            map_rectangle(grid)
        )
    reach = _far_range(grid, origin)
    d1, d2 = spine % 6, (spine + 1) % 6
    outline: list[tuple[float, float]] = [MapGrid.vertices(origin)[d1]]
    h = origin
    for _ in range(reach):  # the d1 row's outer side: its vertices d1+3, d1+4 per hex
        h = neighbour(h, d1)
        corners = MapGrid.vertices(h)
        outline += [corners[(d1 + 3) % 6], corners[(d1 + 4) % 6]]
    outline.append(MapGrid.vertices(h)[(d1 + 5) % 6])
    mirrored: list[tuple[float, float]] = []
    h = origin
    for _ in range(reach):  # the d2 row's outer side: its vertices d2+2, d2+1 per hex
        h = neighbour(h, d2)
        corners = MapGrid.vertices(h)
        mirrored += [corners[(d2 + 2) % 6], corners[(d2 + 1) % 6]]
    mirrored.append(MapGrid.vertices(h)[d2])
    return Polygon(outline + mirrored[::-1]).intersection(map_rectangle(grid))
