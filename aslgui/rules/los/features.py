"""What lies in a hex for LOS (A6): ``Feature``s (whole-hex terrain of the file, Inherent Terrain
and the convex hulls of depicted terrain patches of a VASL board, walls and hedges on hexsides),
and the ``LosMap`` of a scenario that holds them, read from a board's archive column by column
as threads reach it (``aslgui.vasl.los_geometry`` derives the patches once per archive).

Heights are kept in half levels (a unit at level 1 is at 2; a wall on level-0 ground tops at 1)
so Half-Level terrain needs no floats."""


from __future__ import annotations

import json
import math
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from functools import lru_cache
from itertools import groupby
from types import MappingProxyType
from typing import Any

from aslgui.geometry import Hex, MapGrid, direction_to
from aslgui.geometry.mapgrid import COLUMN_LETTERS, COLUMN_STEP, ROW_STEP, turn_local
from aslgui.geometry.thread import index
from aslgui.model import Scenario
from aslgui.model.boards import BoardTerrain
from aslgui.resource_files import load_json
from aslgui.rules.los.counters import counter_markers
from aslgui.rules.los.records import Feature, Marker

#: What a feature does to a thread that crosses it.
OBSTACLE, HINDRANCE, SPLIT, GROUND = range(4)
#: How close (pixels) depicted terrain must come to a hexside to count as reaching it.
REACH_PIXELS = 1.0
NO_FEATURES: tuple[Feature, ...] = ()
NO_WALLS: tuple[str | None, ...] = (None,) * 6
#: Up to this many hexes holding something, a thread is first tested against each of them (a
#: product or two per hex) rather than walked hex by hex: a plain board, its SSR terrain, counters.
MARKED_MOST = 48


#: Why a feature blocks: higher than both ends, as high as the higher one, a blind hex (A6.2, A6.4).
HINDERS, HIGHER, LEVEL_WITH_HIGHER, BLIND = 1, 2, 3, 4

#: One feature as the walk reads it, unpacked at once: its kind, top, hull radius (-1.0 for a
#: whole-hex feature), hull core and inner radius, and the ``Feature``.
Record = tuple[int, int, float, float, float, float, Feature]
NO_RECORDS: tuple[Record, ...] = ()
#: What a thread crossing a hex's inside may meet there: its lowest ground (half levels), its
#: features' ``Record``s, the same after the ground's own (``ground_feature``) when that is
#: not level 0, and whether every feature is a Hindrance (a grain field's patches: once one is
#: counted at a range the others add nothing, B.10).
Cell = tuple[int, tuple[Record, ...], tuple[Record, ...], bool]


@lru_cache(maxsize=64)
def ground_feature(top: int) -> Feature:
    """A hex's own ground level as a whole-hex feature (B10: hills)."""
    return Feature(GROUND, top, None, 0.0, False, "ground", "B10")


def record(f: Feature) -> Record:
    """A feature's ``Record``."""
    return f.kind, f.top, -1.0 if f.hull is None else f.radius, f.core[0], f.core[1], f.inner, f


def _first_met(r: Record) -> tuple[bool, float]:
    return r[2] >= 0.0, -r[2]


def _records(features: tuple[Feature, ...]) -> tuple[Record, ...]:
    """A hex's features' ``Record``s in their order, but each run of alike features (one kind,
    top, name and rule: a grain field's large patch and its specks) from the whole hex and the
    widest hull to the smallest, less those lying inside one before them (its inner circle):
    which of a run the thread meets first never shows (the same block, or one Hindrance at that
    range, B.10), and a thread through a hull inside another passes through that one too."""
    records: list[Record] = []
    for _, alike in groupby(features, key=lambda f: (f.kind, f.top, f.name, f.rule)):
        kept: list[Record] = []
        for r in sorted(map(record, alike), key=_first_met):
            if not any(k[2] < 0.0 or math.dist(k[6].core, r[6].core) + r[2] <= k[5] for k in kept):
                kept.append(r)
        records.extend(kept)
    return tuple(records)


def _cell(features: tuple[Feature, ...], floor: int) -> Cell:
    records = _records(features)
    grounded = (record(ground_feature(2 * floor)), *records) if floor else records
    return 2 * floor, records, grounded, bool(records) and all(r[0] == HINDRANCE for r in records)


class LosMap:
    """What the LOS engine needs of a map: per hex its ground level, its features, its
    wall/hedge hexsides and whether it is a depression, and how high a unit may stand in it."""

    def __init__(
        self,
        grid: MapGrid,
        features: Mapping[Hex, tuple[Feature, ...]],
        hexsides: Mapping[Hex, tuple[str | None, ...]],
        levels: Mapping[Hex, int] | None = None,
        depressions: frozenset[Hex] = frozenset(),
        upper_levels: Mapping[Hex, int] | None = None,
        floors: Mapping[Hex, int] | None = None,
    ) -> None:
        self.grid = grid
        self.features = features
        self.hexsides = hexsides
        self.levels: Mapping[Hex, int] = levels or {}
        self.depressions = depressions
        self.upper_levels: Mapping[Hex, int] = upper_levels or {}
        #: A hex's lowest ground, where it differs from its centre's level (a crest hex).
        self.floors: Mapping[Hex, int] = self.levels if floors is None else floors
        #: ``features`` and ``floors`` by hex ``index`` (``geometry.thread``), for every hex holding
        #: a feature or ground other than level 0: the thread's walk reads them per hex it crosses.
        self.cells: dict[int, Cell] = {
            index(*h): _cell(features.get(h, NO_FEATURES), self.floors.get(h, 0))
            for h in {*features, *(h for h, floor in self.floors.items() if floor)}
        }
        #: ``hexsides`` by hex ``index``.
        self.side_cells: dict[int, tuple[str | None, ...]] = {index(*h): walls for h, walls in hexsides.items()}

    @property
    def partial(self) -> bool:
        """Whether ``features`` may still lack hexes (an archive map's, until threads came near them all)."""
        return False

    #: The Hindrances the situation's counters make per hex (SMOKE, vehicles, wrecks; ``counters``).
    counters: Mapping[Hex, tuple[Marker, ...]] = MappingProxyType({})

    #: ``marked``'s last answer and the counters it was for (a copy laid with other counters shares it).
    _marked: tuple[Mapping[Hex, tuple[Marker, ...]], frozenset[Hex] | None] | None = None

    def read_around(self, a: Hex, b: Hex) -> None:
        """Make ``features`` hold every hex a thread between ``a`` and ``b`` may touch, and the
        hexes a column beyond (a map built whole already holds them all)."""

    def marked(self) -> frozenset[Hex] | None:
        """Every hex where a thread may meet something: terrain, ground above level 0, a wall or
        hedge, a counter, a depression; None when they may be more than ``MARKED_MOST`` (told from
        the sizes alone, so a VASL board's map never builds the set) or are still being read
        (``partial``). A thread passing near none of them is clear (``judgement.trace``)."""
        if self.partial:
            return None
        kept = self._marked
        if kept is None or kept[0] is not self.counters:
            parts = (self.features, self.hexsides, self.counters, self.depressions, self.floors)
            kept = self._marked = (self.counters, self._marked_hexes() if sum(map(len, parts)) <= MARKED_MOST else None)
        return kept[1]

    def every_marked(self) -> frozenset[Hex]:
        """``marked`` however many they are, every column read first: a map of one source's
        threads to every hex (``judgement.from_source``) tests them once per direction, not per
        thread."""
        kept = self._every_marked
        if kept is None or kept[0] is not self.counters:
            cols = [h.col for h in self.grid]
            if cols:
                self.read_around(Hex(min(cols), 0), Hex(max(cols), 0))
            kept = self._every_marked = (self.counters, self._marked_hexes())
        return kept[1]

    #: ``every_marked``'s last answer and the counters it was for.
    _every_marked: tuple[Mapping[Hex, tuple[Marker, ...]], frozenset[Hex]] | None = None

    def _marked_hexes(self) -> frozenset[Hex]:
        raised = (h for h, floor in self.floors.items() if floor > 0)
        return frozenset((*self.features, *self.hexsides, *self.counters, *self.depressions, *raised))

    def level(self, h: Hex) -> int:
        """Ground level of a hex (its centre dot's)."""
        return self.levels.get(h, 0)

    #: ``counter_cells``' last answer and the counters it was for.
    _counter_cells: tuple[Mapping[Hex, tuple[Marker, ...]], dict[int, tuple[Hex, tuple[Marker, ...]]]] | None = None

    def counter_cells(self) -> dict[int, tuple[Hex, tuple[Marker, ...]]]:
        """``counters`` by hex ``index``, each with its hex (made once per set of counters)."""
        kept = self._counter_cells
        if kept is None or kept[0] is not self.counters:
            kept = self._counter_cells = (self.counters, {index(*h): (h, m) for h, m in self.counters.items()})
        return kept[1]



# -- the map of a scenario ----------------------------------------------------------------------
@lru_cache(maxsize=256)
def terrain_features(name: str, ground: int = 0) -> tuple[Feature, ...]:
    """The whole-hex feature of a terrain name (resources/data/los.json) on ground of ``ground``."""
    facts = load_json("data", "los.json")["terrain"].get(name)
    if facts is None:
        return NO_FEATURES
    kind = {"obstacle": OBSTACLE, "hindrance": HINDRANCE, "split": SPLIT}[facts["effect"]]
    top = 2 * (ground + facts["height"]) + (1 if facts["half_level"] else 0)
    return (Feature(kind, top, None, 0.0, facts["inherent"], name, facts["rule"]),)


@lru_cache(maxsize=64)
def _upper_levels(name: str) -> int:
    return int(load_json("data", "los.json")["terrain"].get(name, {}).get("upper_levels", 0))


def los_map(scenario: Scenario) -> LosMap:
    """The LOS map of a scenario: the boards' VASL archives where the library has them (depicted
    terrain, levels, hexsides), under the file's own whole-hex terrain and hexsides (SSR), with
    the counters' Hindrances laid on it (``counters``).  A map on archives is kept per map layout,
    archives and file terrain, and reads a hex's depicted terrain only when a thread first comes
    near it (``LosMap.read_around``); within ``steady`` the scenario's map is made once."""
    if _STEADY and _STEADY[-1][0] is scenario:
        kept = _STEADY[-1][1]
        found = kept.get("map")
        if found is None:
            found = kept["map"] = with_counters(_terrain_map(scenario), scenario)
        return found
    return with_counters(_terrain_map(scenario), scenario)


#: The scenarios of the ``steady`` blocks open, each with its LOS map once made.
_STEADY: list[tuple[Scenario, dict[str, LosMap]]] = []


@contextmanager
def steady(scenario: Scenario) -> Iterator[None]:
    """A block in which nothing changes ``scenario`` (a batch of questions: answering one changes
    nothing), so ``los_map`` makes its map once rather than per question (its file terrain, its
    counters)."""
    _STEADY.append((scenario, {}))
    try:
        yield
    finally:
        _STEADY.pop()


def with_counters(los: LosMap, scenario: Scenario) -> LosMap:
    """The terrain map with the scenario's counters on it: a shallow copy sharing the terrain
    (and what it reads as threads come near), so the cached map is never changed."""
    counters = counter_markers(scenario, los.levels)
    if not counters:
        return los
    laid = type(los).__new__(type(los))  # copy.copy's shallow copy, without importing copy (issue 30)
    vars(laid).update(vars(los))
    laid.counters = counters
    return laid


def _terrain_map(scenario: Scenario) -> LosMap:
    boards = scenario.board_terrain
    if not boards.boards:
        return _file_map(scenario, None)
    archive = _archive_los(boards)
    key = (archive, tuple(scenario.grid.boards), tuple(scenario.terrain.items()), tuple(scenario.hexsides.items()))
    found = _SCENARIO_MAPS.get(key)
    if found is None:
        if len(_SCENARIO_MAPS) > 8:
            _SCENARIO_MAPS.clear()
        found = _SCENARIO_MAPS[key] = _file_map(scenario, archive)
    return found


def _file_map(scenario: Scenario, archive: _ArchiveLos | None) -> LosMap:
    """The file's terrain and hexsides, laid over the archives' map (copying only what it changes)."""
    features: dict[Hex, tuple[Feature, ...]] = {}
    upper = dict(archive.upper_levels) if archive else {}
    levels = archive.levels if archive else {}
    for h, name in scenario.terrain.items():
        if here := terrain_features(name, levels.get(h, 0)):
            features[h] = here
        if n := _upper_levels(name):
            upper[h] = n
        else:
            upper.pop(h, None)
    sides: dict[Hex, list[str | None]] = {}
    base = archive.hexsides if archive else {}
    if scenario.hexsides:
        known = load_json("data", "los.json")["hexsides"]
        for pair, feature in scenario.hexsides.items():
            a, b = pair
            for here_hex, there in ((a, b), (b, a)):
                walls = sides.setdefault(here_hex, list(base.get(here_hex, NO_WALLS)))
                walls[_direction(here_hex, there)] = feature if feature in known else None
    hexsides = base
    if sides:
        hexsides = {h: v for h, v in {**base, **{h: tuple(v) for h, v in sides.items()}}.items() if any(v)}
    if archive is None:
        return LosMap(scenario.grid, features, hexsides, levels, frozenset(), upper)
    # The file's terrain fills its hexes: their ground is the hex's level (no crest below it).
    grounds = {h: levels[h] for h in scenario.terrain if h in levels and archive.floors.get(h) != levels[h]}
    floors = {**archive.floors, **grounds} if grounds else archive.floors
    return _ArchiveMap(archive, frozenset(scenario.terrain), scenario.grid, features, hexsides, levels,
                       archive.depressions, upper, floors)


class _ArchiveLos:
    """What the boards' archives say for LOS on one map layout: per hex its levels and hexsides,
    and per map column the raw depicted terrain of its hexes, turned into ``Feature``s only when
    a thread comes near (``features`` keeps what was built)."""

    def __init__(
        self,
        levels: dict[Hex, int],
        depressions: frozenset[Hex],
        upper_levels: dict[Hex, int],
        floors: dict[Hex, int],
        hexsides: dict[Hex, tuple[str | None, ...]],
        columns: dict[int, list[tuple[Hex, str, float, str | None, int]]],
    ) -> None:
        self.levels, self.depressions, self.upper_levels = levels, depressions, upper_levels
        self.floors, self.hexsides = floors, hexsides
        #: Map column -> its hexes' (hex, raw features of one board as JSON text, flip, Inherent
        #: Terrain, level).
        self.columns = columns
        self.features: dict[Hex, tuple[Feature, ...]] = {}
        #: Map columns already built into ``features``.
        self.built: set[int] = set()

    def column(self, col: int) -> None:
        """Build the features of a map column's hexes (once)."""
        if col in self.built:
            return
        self.built.add(col)
        data = load_json("data", "los.json")
        for h, raws, flip, inherent, level in self.columns.get(col, ()):
            here = tuple(_archive_feature(raw, flip, data) for raw in json.loads(raws)) if raws else NO_FEATURES
            if inherent:  # B.6: the whole hex is the terrain
                here += terrain_features(inherent, level)
            if here:  # a half hex joined to the board before: both halves count
                self.features[h] = self.features.get(h, NO_FEATURES) + here


class _ArchiveMap(LosMap):
    """A scenario's LOS map on archives: the file's own terrain, and the archives' depicted
    terrain of each other hex as threads first come near it."""

    def __init__(self, archive: _ArchiveLos, own: frozenset[Hex], grid: MapGrid,
                 features: dict[Hex, tuple[Feature, ...]], *args: Any) -> None:
        super().__init__(grid, features, *args)
        self.archive = archive
        #: The file's terrain hexes: it replaces the archives' there.
        self.own = own
        self.filled = features
        #: Map columns whose archive features are not in ``features`` yet.
        self.unread = set(archive.columns)

    @property
    def partial(self) -> bool:
        # the set is shared with the copies ``with_counters`` lays counters on, so all see one answer
        return bool(self.unread)

    def read_around(self, a: Hex, b: Hex) -> None:
        archive, own = self.archive, self.own
        for col in range(min(a.col, b.col) - 1, max(a.col, b.col) + 2):
            if col in self.unread:
                self.unread.discard(col)
                archive.column(col)
                for h, *_ in archive.columns[col]:
                    if h not in own and h in archive.features:
                        self.filled[h] = archive.features[h]
                        self.cells[index(*h)] = _cell(archive.features[h], self.floors.get(h, 0))


_ARCHIVE_MAPS: dict[tuple[Any, ...], _ArchiveLos] = {}
_SCENARIO_MAPS: dict[tuple[Any, ...], LosMap] = {}


def _archive_los(boards: BoardTerrain) -> _ArchiveLos:
    """What the boards' archives say for LOS, on this map (kept per map layout and archives)."""
    key = tuple((p, boards.boards[p.id.upper()].digest) for p in boards.grid.boards if p.id.upper() in boards.boards)
    found = _ARCHIVE_MAPS.get(key)
    if found is None:
        if len(_ARCHIVE_MAPS) > 8:
            _ARCHIVE_MAPS.clear()
            _SCENARIO_MAPS.clear()
        found = _ARCHIVE_MAPS[key] = _read_archive_los(key, boards)
    return found


def _read_archive_los(key: tuple[Any, ...], boards: BoardTerrain) -> _ArchiveLos:
    from aslgui.vasl.catalog_source import aslgui_names
    from aslgui.vasl.library import library_folders
    from aslgui.vasl.los_geometry import board_los

    levels: dict[Hex, int] = {}
    depressions: set[Hex] = set()
    upper: dict[Hex, int] = {}
    floors: dict[Hex, int] = {}
    sides: dict[Hex, tuple[str | None, ...]] = {}
    columns: dict[int, list[tuple[Hex, str, float, str | None, int]]] = {}
    known_sides = load_json("data", "los.json")["hexsides"]
    names = aslgui_names()
    for placement, _ in key:
        board = boards.boards[placement.id.upper()]
        product = board_los(board.path, board.digest, (os.path.dirname(board.path), *library_folders()), board.hexes)
        flip = -1.0 if placement.rotated else 1.0
        inherent, raws, own_floors = product["inherent"], product["hexes"], product["floors"]
        for local, facts in board.hexes.items():
            h = _on_map(placement, local)
            here = raws.get(local, "")
            if here or local in inherent:
                columns.setdefault(h.col, []).append((h, here, flip, inherent.get(local), facts.elevation))
            floor = own_floors.get(local, facts.elevation)
            floors[h] = min(floor, floors.get(h, floor))
            if h in levels:  # a half hex joined to the board before: its facts stand
                continue
            levels[h] = facts.elevation
            if facts.depression:
                depressions.add(h)
            if facts.building_levels:
                upper[h] = facts.building_levels
            if any(facts.hexsides):
                turn = 3 if placement.rotated else 0
                walls = tuple(_wall_name(names, facts.hexsides[(d + turn) % 6], known_sides) for d in range(6))
                if any(walls):
                    sides[h] = walls
    return _ArchiveLos(levels, frozenset(depressions), upper, floors, sides, columns)


def _wall_name(names: Mapping[str, str | None], vasl_name: str | None, known: Mapping[str, Any]) -> str | None:
    """aslgui's name of a hexside terrain the LOS rules know (wall, hedge), else None."""
    name = names.get(vasl_name) if vasl_name else None
    return name if name in known else None


def _on_map(placement: Any, local: str) -> Hex:
    """A board's own hex name (``E5``) -> the hex on the map (a rotated board's turned)."""
    letters = local.rstrip("0123456789")
    col, row = COLUMN_LETTERS.index(letters), int(local[len(letters):])
    if placement.rotated:
        col, row = turn_local(col, row)
    return Hex(placement.col * COLUMN_STEP + col, placement.row * ROW_STEP + row)


def _archive_feature(raw: list[Any], flip: float, data: dict[str, Any]) -> Feature:
    """A feature of the archive product (``aslgui.vasl.los_geometry``), turned with its board."""
    kind, top, xs, ys, name, aslgui, category, core_x, core_y, inner, radius = raw
    facts = data["terrain"].get(aslgui) if aslgui else None
    rule = facts["rule"] if facts else data["categories"].get(category, "A6.2")
    if flip < 0.0:  # a rotated board: turned about its centre
        xs, ys, core_x, core_y = [-x for x in xs], [-y for y in ys], -core_x, -core_y
    code = {"obstacle": OBSTACLE, "hindrance": HINDRANCE, "ground": GROUND}[kind]
    return Feature(code, top, (tuple(xs), tuple(ys)), radius, False, aslgui or name.lower(), rule, (core_x, core_y),
                   inner)


def _direction(a: Hex, b: Hex) -> int:
    d = direction_to(a, b)
    assert d is not None, "hexsides join adjacent hexes"
    return d
