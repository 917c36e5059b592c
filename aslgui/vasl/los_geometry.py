"""LOS geometry of a board, derived once per archive for the LOS engine (``aslgui.rules.los``).

VASL checks LOS pixel by pixel along the thread.  aslgui instead describes each hex's depicted
terrain as a few convex polygons, so a single LOS walks hexes, not pixels, in plain Python:

- every pixel belongs to the hex whose centre is nearest (the hex polygon);
- in each hex, the pixels of each kind -- a depicted LOS obstacle (woods, building; A6.2), a
  depicted Hindrance (grain, brush; B.10), ground above the hex's own base level (a hill's crest
  or a gully's bank; B10, A6.3) -- are split into connected patches (numpy label propagation
  with pointer jumping, no loop over pixels), each patch kept as the convex hull of its pixel
  centres (from each pixel row's two ends);
- a straight line has a connected patch's pixels (unit squares) reaching across it on both of
  its sides exactly when the hull of their centres comes within half a square of it on both
  sides, so the hull answers "does the thread cross this depiction, visible on both sides of
  it" (A6.1) exactly, at the pixels' resolution;
- a bridge's depiction beside its road is a Hindrance patch like any other (B6); its road is
  road, so a thread along the road meets none;
- Inherent Terrain (B.6: orchard, crags, rubble, ...) is the whole hex instead, from the hex's
  own terrain (``hexfacts``), and its pixels spilling into neighbours are ignored, as VASL does;
- wall/hedge pixels are hexside terrain, judged by hexside (``hexfacts``), not here.

The product (``los-v<N>-<catalog>.json`` in the per-archive cache, keyed like the per-hex facts by
the hash of the terrain catalog file, so a cache hit parses no catalog) holds ``floors`` (each
hex's lowest ground), ``hexes`` (a local hex name -> its features as JSON text, parsed only for
the hexes a thread comes near: a list of ``[kind, top, xs, ys, name, aslgui_name, category,
core_x, core_y, inner, radius]``: kind ``obstacle``, ``hindrance`` or
``ground``, top in half levels, hull vertices in pixels from the hex centre (VASL's frame,
unrotated), a point inside the hull with the radius of a circle about it inside the hull, and
the hull's largest distance from that point) and ``inherent`` (a hex of Inherent Terrain -> its
aslgui name).  numpy is imported only inside ``derive_los``.
"""

from __future__ import annotations

import json
import math
from typing import TYPE_CHECKING, Any

from aslgui.limits import CATALOG_LIMIT, LOS_LIMIT
from aslgui.vasl import cache as derived
from aslgui.vasl.catalog_source import catalog_file

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from aslgui.vasl.archive import LosGrid
    from aslgui.vasl.catalog import Catalog
    from aslgui.vasl.hexfacts import HexFacts

#: Bump when the derivation changes: an older cached product is rebuilt.
LOS_VERSION = 4
KINDS = ("obstacle", "hindrance", "ground")




def board_los(path: str, digest: str, folders: tuple[str, ...], facts: dict[str, HexFacts]) -> dict[str, Any]:
    """The LOS product of the board in archive ``path`` read with the terrain catalog of
    ``folders`` (cached per archive and catalog file hash; the catalog is parsed only to build)."""
    catalog_digest = derived.file_digest(catalog_file(folders), "terrain catalog", CATALOG_LIMIT)
    product = f"los-v{LOS_VERSION}-{catalog_digest[:12]}.json"

    def build() -> dict[str, Any]:
        from aslgui.vasl.archive import open_archive
        from aslgui.vasl.catalog import load_catalog

        return derive_los(open_archive(path).los_grid(), load_catalog(folders), facts)

    value: dict[str, Any] = derived.cached_json(digest, product, build, lambda v: _valid(v, facts), LOS_LIMIT,
                                                _valid_hexes)
    return value


def _valid(value: Any, facts: dict[str, HexFacts]) -> bool:
    """A cached product's outline, for this board: every hex one of its hexes, every level a
    whole number, every hex's features a text (``_valid_hexes`` reads them)."""
    if not (isinstance(value, dict) and value.keys() == {"floors", "hexes", "inherent"}
            and all(isinstance(value[k], dict) and value[k].keys() <= facts.keys() for k in value)):
        return False
    floors, hexes, inherent = value["floors"], value["hexes"], value["inherent"]
    return (all(type(v) is int and -128 <= v <= 127 for v in floors.values())
            and all(type(v) is str for v in inherent.values()) and all(type(v) is str for v in hexes.values()))


def _valid_hexes(value: dict[str, Any]) -> bool:
    """Every hex's features strict JSON of the shape the LOS engine reads (it parses a hex's text
    only when a thread comes near: a damaged one would fail every later run)."""
    try:
        return all(_valid_features(_FEATURES.decode(text)) for text in value["hexes"].values())
    except (ValueError, RecursionError):
        return False


#: Reads a hex's features as ``strict_json`` does, but with C floats (one Python call per float
#: was most of a cache hit's time): ``_valid_features`` refuses 1e999 (infinite) where a number
#: may stand, and a number anywhere else is refused by its shape anyway.
_FEATURES = json.JSONDecoder(parse_constant=derived.refuse_constant)
_NUMBERS = {int, float}


def _valid_features(features: Any) -> bool:
    if type(features) is not list:
        return False
    for f in features:
        if not (type(f) is list and len(f) == 11 and f[0] in KINDS and type(f[1]) is int
                and type(f[2]) is list and type(f[3]) is list and 0 < len(f[2]) == len(f[3])
                and type(f[4]) is str and (f[5] is None or type(f[5]) is str) and type(f[6]) is str):
            return False
        numbers = f[2] + f[3] + f[7:]
        if not (set(map(type, numbers)) <= _NUMBERS and -math.inf < min(numbers) and max(numbers) < math.inf):
            return False
    return True


def _hex_of_pixels(width: int, height: int, pixel_w: int, pixel_h: int) -> tuple[Any, Any]:
    """(column, row in column) of the hex whose centre is nearest each pixel, as [x, y] arrays."""
    import numpy as np

    hex_w, hex_h = pixel_w / max(width - 1, 1), pixel_h / height  # one column: no division by 0
    x = np.arange(pixel_w, dtype=np.float64)[:, None]
    y = np.arange(pixel_h, dtype=np.float64)[None, :]
    best_c = np.zeros((pixel_w, pixel_h), dtype=np.int64)
    best_r = np.zeros((pixel_w, pixel_h), dtype=np.int64)
    best_d = np.full((pixel_w, pixel_h), np.inf)
    first = np.floor(x / hex_w).astype(np.int64)
    for shift in (0, 1):
        col = np.clip(first + shift, 0, width - 1)
        offset = np.where(col % 2 == 0, hex_h / 2, 0.0)
        row = np.clip(np.rint((y - offset) / hex_h).astype(np.int64), 0, height - 1 + (col % 2))
        d = (x - col * hex_w) ** 2 + (y - (row * hex_h + offset)) ** 2
        closer = d < best_d
        best_c = np.where(closer, col, best_c)
        best_r = np.where(closer, row, best_r)
        best_d = np.where(closer, d, best_d)
    return best_c, best_r


def _components(key: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Label 4-connected patches of equal ``key`` (>= 0) in an [x, y] grid: each pixel gets the
    flat index of its patch's smallest pixel (-1 where key < 0).  Hooking along grid edges and
    pointer jumping, all whole-array numpy steps."""
    import numpy as np

    flat = key.ravel()
    size_y = key.shape[1]
    label = np.where(flat >= 0, np.arange(flat.size), -1)
    pairs = []
    for step, valid in ((size_y, np.ones(key.shape, bool)), (1, np.ones(key.shape, bool))):
        valid = valid.copy()
        if step == 1:
            valid[:, -1] = False
        else:
            valid[-1, :] = False
        a = np.flatnonzero(valid.ravel() & (flat >= 0))
        a = a[flat[a] == flat[a + step]]
        pairs.append((a, a + step))
    while True:
        before = label.copy()
        for a, b in pairs:
            low = np.minimum(label[a], label[b])
            # Hook both roots onto the smaller label (duplicates: np.minimum.at keeps the least).
            np.minimum.at(label, label[a], low)
            np.minimum.at(label, label[b], low)
        while True:  # pointer jumping: every pixel points at its root
            jumped = np.where(label >= 0, label[np.maximum(label, 0)], -1)
            if (jumped == label).all():
                break
            label = jumped
        if (label == before).all():
            return label.reshape(key.shape)


def _hull(points: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Convex hull (Andrew's monotone chain) of a patch's row ends, counter-clockwise."""
    pts = sorted(set(points))
    if len(pts) <= 2:
        return pts

    def turn(o: tuple[int, int], a: tuple[int, int], b: tuple[int, int]) -> int:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[tuple[int, int]] = []
    upper: list[tuple[int, int]] = []
    for p in pts:
        while len(lower) >= 2 and turn(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and turn(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def derive_los(grid: LosGrid, catalog: Catalog, facts: dict[str, HexFacts]) -> dict[str, Any]:
    """``{"floors": {hex: lowest ground level}, "hexes": {hex: LOS features}}`` (local hex names;
    see the module docstring), from a board's pixel grids."""
    import numpy as np

    from aslgui.vasl.hexfacts import local_name

    pixel_w, pixel_h = grid.pixel_size
    hex_w, hex_h = pixel_w / max(grid.width - 1, 1), pixel_h / grid.height
    col, row = _hex_of_pixels(grid.width, grid.height, pixel_w, pixel_h)
    stride = grid.height + 1
    hex_id = col * stride + row
    code = grid.terrain.astype(np.int64)
    elevation = grid.elevation.astype(np.int64)
    # A hex's floor: its lowest ground (a crest hex's centre may stand higher than its edge).
    base = np.full(grid.width * stride, 127, dtype=np.int64)
    np.minimum.at(base, hex_id.ravel(), elevation.ravel())
    pick = catalog.table
    special = pick("inherent").astype(bool) | np.array([t == "HEXSIDE" for t in _categories(catalog)])
    height = pick("height").astype(np.int64)
    half = pick("half_level").astype(np.int64)
    top = 2 * (elevation + height[code]) + half[code]
    kinds = {
        "obstacle": pick("obstacle").astype(bool)[code] & ~special[code],
        "hindrance": pick("hindrance").astype(bool)[code] & ~pick("obstacle").astype(bool)[code] & ~special[code],
        "ground": elevation > base[hex_id],
    }
    names = {t.code: (t.name, t.aslgui, t.los_category) for t in catalog.types}
    out: dict[str, list[list[Any]]] = {}
    floors = {local_name(c, r): int(base[c * stride + r]) for c in range(grid.width)
              for r in range(grid.height + c % 2) if base[c * stride + r] != 127}
    for kind, mask in kinds.items():
        level = 2 * elevation if kind == "ground" else top
        tag = np.zeros_like(code) if kind == "ground" else code
        key = np.where(mask, (hex_id * 64 + (level + 16)) * 256 + tag, -1)
        label = _components(key)
        xs, ys = np.nonzero(label >= 0)
        if not len(xs):
            continue
        labels = label[xs, ys]
        order = np.lexsort((xs, ys, labels))
        labels, xs, ys = labels[order], xs[order], ys[order]
        group = labels * pixel_h + ys  # one group per patch and pixel row
        starts = np.flatnonzero(np.r_[True, group[1:] != group[:-1]])
        ends = np.r_[starts[1:], len(group)] - 1
        patch_of_row = labels[starts]
        patch_starts = np.flatnonzero(np.r_[True, patch_of_row[1:] != patch_of_row[:-1]])
        patch_ends = np.r_[patch_starts[1:], len(patch_of_row)]
        row_y, left, right = ys[starts].tolist(), xs[starts].tolist(), xs[ends].tolist()
        keys = key.ravel()[labels[starts][patch_starts]].tolist()
        for p, (lo, hi) in enumerate(zip(patch_starts.tolist(), patch_ends.tolist(), strict=True)):
            ends_of_rows = [(left[i], row_y[i]) for i in range(lo, hi)] + [(right[i], row_y[i]) for i in range(lo, hi)]
            hull = _hull(ends_of_rows)
            packed = keys[p]
            terrain_code, rest = packed % 256, packed // 256
            hid, level_value = rest // 64, rest % 64 - 16
            c, r = divmod(hid, stride)
            cx, cy = c * hex_w, r * hex_h + (hex_h / 2 if c % 2 == 0 else 0.0)
            name, aslgui, category = names.get(terrain_code, (f"terrain code {terrain_code}", None, "OTHER"))
            if kind == "ground":
                name, aslgui, category = "ground", None, "GROUND"
            xs_, ys_ = [round(x - cx, 2) for x, _ in hull], [round(y - cy, 2) for _, y in hull]
            (core_x, core_y), inner = core(xs_, ys_)
            radius = max(math.hypot(x - core_x, y - core_y) for x, y in zip(xs_, ys_, strict=True))
            out.setdefault(local_name(c, r), []).append([
                kind, level_value, xs_, ys_, name, aslgui, category, core_x, core_y, inner, radius,
            ])
    inherent = {}
    hexes = {local: json.dumps(features, separators=(",", ":")) for local, features in out.items()}
    for local, hex_facts in facts.items():
        kind_of = catalog.by_name(hex_facts.terrain)
        if kind_of is not None and kind_of.inherent:
            inherent[local] = kind_of.aslgui or kind_of.name.lower()
    return {"floors": floors, "hexes": hexes, "inherent": inherent}


def core(xs: list[float], ys: list[float]) -> tuple[tuple[float, float], float]:
    """A hull's vertex average and the distance from it to the nearest hull edge (less a pixel,
    to stay clear of rounding): a circle of that radius lies inside the hull."""
    n = len(xs)
    cx, cy = sum(xs) / n, sum(ys) / n
    if n < 3:
        return (cx, cy), 0.0
    nearest = math.inf
    for i in range(n):
        ax, ay, bx, by = xs[i - 1], ys[i - 1], xs[i], ys[i]
        length = math.hypot(bx - ax, by - ay)
        if length:
            nearest = min(nearest, abs((bx - ax) * (cy - ay) - (by - ay) * (cx - ax)) / length)
    return (cx, cy), max(nearest - 1.0, 0.0)


def _categories(catalog: Catalog) -> list[str]:
    """LOS category by terrain code (256 entries)."""
    by_code = {t.code: t.los_category for t in catalog.types}
    return [by_code.get(code, "") for code in range(256)]
