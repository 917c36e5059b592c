"""Per-hex facts of a board, derived from its LOS pixel grids (numpy over the grid, no pixel loop).

For every hex of a board, in the board's own (unrotated) frame and named locally (``E5``):
``terrain`` (the VASL terrain name), ``elevation`` (base level), ``hexsides`` (hexside terrain
N, NE, SE, S, SW, NW, or None; ``on_map`` says which hexsides lie on this board), ``depression``
(gully, stream, ... or None), ``building_levels`` (upper levels of a multi-level building) and
``stairway``.  The rules of derivation follow what VASL's ``Hex.resetTerrain`` looks at:

- every point is a whole pixel, Java-style (coordinates truncated toward zero), and a point one
  pixel off the board's edge is pulled back onto it;
- the hex terrain is the terrain at the centre pixel; if that is not a building but a hexside
  point (or a pixel 5 px from the centre, across or down) is, the building (a building that
  misses the centre dot); then ``BoardMetadata``'s ``buildingTypes`` name the building's type;
  inherent terrain (orchard, crags, ...) anywhere nearer the centre than any hexside point
  makes the whole hex that terrain (B.6);
- the base elevation is the elevation at the centre pixel;
- a hexside's terrain is the hexside terrain (wall, hedge, bocage, cliff, ...) at its point --
  the hexside's midpoint moved one pixel toward the hex centre -- or, when that is none, at the
  neighbouring hex's point of the same hexside, so both hexes agree;
- a depression hex (gully, stream, sunken road) is one whose centre terrain is depression terrain.
"""

import math
from typing import TYPE_CHECKING, Any, NamedTuple

from aslgui.geometry.mapgrid import COLUMN_LETTERS

# No ``from __future__ import annotations``: the records' annotations are types, not strings typing
# would compile (a process's first compile costs ~10M instructions; docs/architecture.md).
if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from aslgui.vasl.archive import BoardArchive, BoardMetadata, LosGrid
    from aslgui.vasl.catalog import Catalog

    IntArray = npt.NDArray[np.int64]
    BoolArray = npt.NDArray[np.bool_]
else:  # numpy is imported only where a board is derived
    IntArray = BoolArray = Any

#: Bump when the derivation changes: cached facts of an older version are rebuilt.
FACTS_VERSION = 1
_CROSS = ((5, 0), (-5, 0), (0, 5), (0, -5))


class HexFacts(NamedTuple):
    """What a board says about one of its hexes (VASL terrain names; see the module docstring)."""

    terrain: str
    elevation: int
    hexsides: tuple[str | None, ...]
    on_map: tuple[bool, ...]
    depression: str | None
    building_levels: int
    stairway: bool


def local_name(col: int, vasl_row: int) -> str:
    """VASL's hex (column, row in column) -> its name: even columns start at row 1, odd at 0."""
    return f"{COLUMN_LETTERS[col]}{vasl_row + (1 if col % 2 == 0 else 0)}" if col < len(COLUMN_LETTERS) else ""


class _Layout(NamedTuple):
    """Every hex of a board as parallel arrays (numpy), in VASL's hex order."""

    cols: IntArray
    rows: IntArray
    centre: tuple[IntArray, IntArray]
    #: Hexside points, shape (hexes, 6) each for x and y.
    sides: tuple[IntArray, IntArray]
    on_map: BoolArray
    #: Index of the neighbour across each hexside, -1 when there is none on the board.
    neighbour: IntArray
    #: ``hex_index[col, row]``: the hex's index, -1 where a column has no such row.
    hex_index: IntArray
    #: Column and row spacing in pixels (the centres before truncation to whole pixels).
    spacing: tuple[float, float]


def _layout(width: int, height: int, pixel_width: int, pixel_height: int) -> _Layout:
    import numpy as np

    hex_w, hex_h = pixel_width / max(width - 1, 1), pixel_height / height  # a one-column board: no division by 0
    cols = np.concatenate([np.full(height + c % 2, c) for c in range(width)])
    rows = np.concatenate([np.arange(height + c % 2) for c in range(width)])
    cx = cols * hex_w
    cy = rows * hex_h + np.where(cols % 2 == 0, hex_h / 2, 0.0)
    # The hexside points: each hexside's midpoint moved one pixel toward the centre.
    half, across = hex_h / 2, math.cos(math.radians(30)) * hex_h / 2
    dx = np.array([0.0, across - 1, across - 1, 0.0, 1 - across, 1 - across])
    dy = np.array([1 - half, 1 - half / 2, half / 2 - 1, half - 1, half / 2 - 1, 1 - half / 2])
    # Java's (int) truncates toward zero; the hexside points truncate the centre first.
    side_x = np.trunc(np.trunc(cx)[:, None] + dx).astype(np.int64)
    side_y = np.trunc(np.trunc(cy)[:, None] + dy).astype(np.int64)

    def onto_board(v: "npt.NDArray[Any]", size: int) -> IntArray:
        v = np.trunc(v).astype(np.int64)
        v[v == -1] = 0
        v[(v == size) | (v == size + 1)] = size - 1
        return v

    on_map = np.ones((len(cols), 6), dtype=bool)
    last_col, odd = cols == width - 1, cols % 2 == 1
    on_map[cols == 0, 4:6] = False
    on_map[last_col, 1:3] = False
    top, bottom = odd & (rows == 0), odd & (rows == height)
    on_map[np.ix_(top, [0, 1, 5])] = False
    on_map[np.ix_(bottom, [2, 3, 4])] = False
    index = np.full((width, height + 1), -1, dtype=np.int64)
    index[cols, rows] = np.arange(len(cols))
    even = cols % 2 == 0
    # Per hexside clockwise from N: column step, row step in an even column, in an odd column.
    dc, even_dr, odd_dr = np.array([(0, -1, -1), (1, 0, -1), (1, 1, 0), (0, 1, 1), (-1, 1, 0), (-1, 0, -1)]).T
    ncol = cols[:, None] + dc
    nrow = rows[:, None] + np.where(even[:, None], even_dr, odd_dr)
    inside = (ncol >= 0) & (ncol < width) & (nrow >= 0) & (nrow <= height)
    neighbour = np.where(inside, index[np.clip(ncol, 0, width - 1), np.clip(nrow, 0, height)], -1)
    return _Layout(
        cols, rows, (onto_board(cx, pixel_width), onto_board(cy, pixel_height)),
        (onto_board(side_x, pixel_width), onto_board(side_y, pixel_height)), on_map, neighbour, index,
        (hex_w, hex_h),
    )


def derive(grid: "LosGrid", metadata: "BoardMetadata", catalog: "Catalog") -> dict[str, HexFacts]:
    """Local hex name -> HexFacts for every hex of a board (see the module docstring)."""
    import numpy as np

    width_px, height_px = grid.pixel_size
    lay = _layout(grid.width, grid.height, width_px, height_px)
    terrain, elevation = grid.terrain, grid.elevation
    is_building = catalog.table("is_building").astype(bool)
    is_hexside = catalog.table("is_hexside").astype(bool)
    is_depression = catalog.table("is_depression").astype(bool)
    is_inherent = catalog.table("inherent").astype(bool)
    cx, cy = lay.centre
    sx, sy = lay.sides
    centre_code = terrain[cx, cy].astype(np.int64)
    # Points of hexsides off the board may lie outside the grid: read them clipped, never use them.
    side_code = terrain[np.clip(sx, 0, width_px - 1), np.clip(sy, 0, height_px - 1)].astype(np.int64)

    # A building that misses the centre dot: the first hexside point on the board showing one,
    # then the last of the four pixels 5 px across/down from the centre showing one.
    side_building = is_building[side_code] & lay.on_map
    use_side = ~is_building[centre_code] & side_building.any(axis=1)
    centre_code[use_side] = side_code[use_side, side_building[use_side].argmax(axis=1)]
    for dx, dy in _CROSS:
        px, py = cx + dx, cy + dy
        inside = (px >= 0) & (px < width_px) & (py >= 0) & (py < height_px)
        probe = np.zeros_like(centre_code)
        probe[inside] = terrain[px[inside], py[inside]]
        missed = ~is_building[centre_code] & inside & is_building[probe]
        centre_code[missed] = probe[missed]

    inherent = _inherent_codes(terrain, is_inherent, lay)
    centre_code = np.where(inherent >= 0, inherent, centre_code)

    # Hexside terrain: this hex's point, else the neighbour's point of the same hexside.
    own = np.where(is_hexside[side_code] & lay.on_map, side_code, -1)
    opposite = np.full_like(own, -1)
    for side in range(6):
        across = lay.neighbour[:, side]
        has = (across >= 0) & lay.on_map[:, side]
        theirs = side_code[across[has], (side + 3) % 6]
        opposite[has, side] = np.where(is_hexside[theirs], theirs, -1)
    hexside_code = np.where(own >= 0, own, opposite)

    # One pass in Python over the hexes (not the pixels), every lookup prepared.
    name_of = {t.code: t.name for t in catalog.types}
    height_of = {t.code: t.height for t in catalog.types}
    overrides = {h: t for h, vasl_name in metadata.building_types.items() if (t := catalog.by_name(vasl_name))}
    side_names = np.array([name_of.get(code) for code in range(256)] + [None], dtype=object)[hexside_code]
    building, depression = is_building.tolist(), is_depression.tolist()
    stairs = grid.stairways
    facts: dict[str, HexFacts] = {}
    for i, (col, row, code, level, sides, on_map) in enumerate(
        zip(lay.cols.tolist(), lay.rows.tolist(), centre_code.tolist(), elevation[cx, cy].tolist(),
            side_names.tolist(), lay.on_map.tolist(), strict=True)
    ):
        name = local_name(col, row)
        terrain_name = name_of.get(code, f"terrain code {code}")
        override = overrides.get(name)
        if override and building[code]:
            terrain_name, code = override.name, override.code
        facts[name] = HexFacts(
            terrain=terrain_name,
            elevation=level,
            hexsides=tuple(sides),
            on_map=tuple(on_map),
            depression=terrain_name if depression[code] else None,
            building_levels=height_of.get(code, 0) if building[code] and "Level" in terrain_name else 0,
            stairway=i < len(stairs) and stairs[i] == 1,
        )
    return facts


def _inherent_codes(terrain: "npt.NDArray[np.uint8]", is_inherent: BoolArray, lay: _Layout) -> Any:
    """Per hex, the inherent terrain found nearer its centre than any of its hexside points
    (the first such pixel, x outer and y inner, as VASL scans), else -1."""
    import numpy as np

    result = np.full(len(lay.cols), -1, dtype=np.int64)
    px, py = np.nonzero(is_inherent[terrain])  # x-major order: VASL's scan order
    if not len(px):
        return result
    best, best_d = _nearest_hex(px, py, lay)
    sx, sy = lay.sides
    for side in range(6):  # keep the pixels no nearer this hexside's point than the centre
        x, y = sx[best, side], sy[best, side]
        keep = ((px - x) ** 2 + (py - y) ** 2 >= best_d) | ~lay.on_map[best, side]
        px, py, best, best_d = px[keep], py[keep], best[keep], best_d[keep]
    hexes, first = np.unique(best, return_index=True)
    result[hexes] = terrain[px[first], py[first]]
    return result


def _nearest_hex(px: Any, py: Any, lay: _Layout) -> tuple[Any, Any]:
    """Index of the hex whose centre is nearest each pixel, and the squared distance to it.

    Centres are whole pixels, each at most 1 px before its place on the grid, so the nearest
    lies in the column at or before the pixel or the next (any other is more than a hex width
    away, a centre of these two at most half a hex height and a pixel), and in each of them at
    the row at or before the pixel or the next.  Those four are tried by column, then row: a tie
    goes to the first."""
    import numpy as np

    cx, cy = lay.centre
    hex_w, hex_h = lay.spacing
    width, rows = lay.hex_index.shape
    best = np.zeros(len(px), dtype=np.int64)
    best_d = np.full(len(px), np.iinfo(np.int64).max)
    left = np.floor(px / hex_w).astype(np.int64)  # (numpy's float // is several times slower)
    for col in (np.minimum(left, width - 1), np.minimum(left + 1, width - 1)):
        above = np.floor((py - np.where(col % 2 == 0, hex_h / 2, 0.0)) / hex_h).astype(np.int64)
        last = rows - 2 + col % 2  # odd columns hold one more hex
        for row in (np.clip(above, 0, last), np.clip(above + 1, 0, last)):
            candidate = lay.hex_index[col, row]
            d = (px - cx[candidate]) ** 2 + (py - cy[candidate]) ** 2
            closer = d < best_d
            best[closer], best_d[closer] = candidate[closer], d[closer]
    return best, best_d


def derive_from_archive(archive: "BoardArchive", catalog: "Catalog") -> dict[str, HexFacts]:
    return derive(archive.los_grid(), archive.metadata, catalog)
