"""The situation on the map and its file format (DESIGN.md section 3, format 1).

Loading validates everything up front, so the rules core can trust what it gets; every error
names the JSON path.  Unknown keys, top-level or per unit, survive a load/save round trip.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any, get_args

from aslgui.errors import AslError, shown
from aslgui.geometry import Hex, MapGrid, direction_to
from aslgui.model.boards import BoardTerrain, load_board_terrain
from aslgui.model.json_files import read_json_file, write_json_file
from aslgui.model.jsonvalues import from_json, refuse_non_finite, to_json
from aslgui.model.markers import Smoke, smoke_from_json, smoke_to_json
from aslgui.model.migrations import VERSION, migrate
from aslgui.model.scenario_boards import board_placements, typed
from aslgui.model.units import INFANTRY_KINDS, Phase, Unit
from aslgui.resource_files import load_json

FORMAT = "aslgui-scenario"
PHASES: tuple[str, ...] = get_args(Phase)
#: The last turn a file may be at (the phase bar counts to it; no scenario runs that long).
MAX_TURN = 99
HEXSIDE_FEATURES = ("road", "wall", "hedge", "bocage", "cliff")
GROUND_CONDITIONS = ("mud", "deep snow")
#: The top-level keys format 1 reads (DESIGN.md 3); any other is kept as it is.
KNOWN_TOP_KEYS = frozenset(
    {
        "format",
        "version",
        "name",
        "boards",
        "terrain",
        "fortified",
        "hexsides",
        "ground",
        "smoke",
        "phase",
        "turn",
        "player",
        "units",
    }
)


#: The top-level key of the side whose Player Turn starts each Game Turn (A3), which the phase bar
#: records so that a file saved in the other side's turn counts turns right (kept in ``extra``).
FIRST_PLAYER = "first_player"


class OffBoardError(AslError):
    """An action names a unit of the order of battle (``"hex": null``): it is not on the map,
    so it can do nothing there until it is placed on a hex."""


def terrain_names() -> tuple[str, ...]:
    """Terrain types the rules know (resources/data/terrain.json)."""
    return tuple(load_json("data", "terrain.json")["terrain"])


class UnitTable(dict[str, Unit]):
    """A scenario's units by id, in file order, that also answer "who is in this hex" and "where
    is this unit in the file" without a scan: both indexes are rebuilt on first use after any
    change, so selecting a unit among 10,000 asks O(1) per target hex, not O(units)."""

    def __init__(self, units: dict[str, Unit] | None = None) -> None:
        super().__init__(units or {})
        self._by_hex: dict[Hex, list[Unit]] | None = None
        self._position: dict[str, int] | None = None

    def _changed(self) -> None:
        self._by_hex = self._position = None

    def __setitem__(self, key: str, value: Unit) -> None:
        super().__setitem__(key, value)
        self._changed()

    def __delitem__(self, key: str) -> None:
        super().__delitem__(key)
        self._changed()

    def pop(self, key: str, *default: Any) -> Any:
        self._changed()
        return super().pop(key, *default)

    def update(self, *args: Any, **kwargs: Any) -> None:
        super().update(*args, **kwargs)
        self._changed()

    def clear(self) -> None:
        super().clear()
        self._changed()

    def popitem(self) -> tuple[str, Unit]:
        self._changed()
        return super().popitem()

    def setdefault(self, key: str, default: Unit) -> Unit:
        self._changed()
        return super().setdefault(key, default)

    def at(self, h: Hex) -> list[Unit]:
        """The units in hex ``h``, in file order."""
        if self._by_hex is None:
            self._by_hex = {}
            for unit in self.values():
                self._by_hex.setdefault(unit.hex, []).append(unit)
        return self._by_hex.get(h, [])

    def position(self, unit_id: str) -> int:
        """The index of a unit in the file's ``units`` list."""
        if self._position is None:
            self._position = {uid: i for i, uid in enumerate(self)}
        return self._position[unit_id]


class Scenario:
    """A whole situation: map, terrain, units, and whose phase it is.  Mutable: the GUI edits it
    in place through undoable commands, swapping whole (frozen) units.  A plain class, not a
    dataclass, so ``aslgui resolve`` never imports ``dataclasses`` (see units.py)."""

    def __init__(
        self,
        grid: MapGrid,
        units: dict[str, Unit] | None = None,
        terrain: dict[Hex, str] | None = None,
        fortified: frozenset[Hex] = frozenset(),
        hexsides: dict[frozenset[Hex], str] | None = None,
        ground: dict[Hex, str] | None = None,
        smoke: dict[Hex, tuple[Smoke, ...]] | None = None,
        name: str = "",
        phase: str = "PFPh",
        turn: int = 1,
        player: str = "",
        extra: dict[str, Any] | None = None,
        off_board: dict[str, dict[str, Any]] | None = None,
        file_index: dict[str, int] | None = None,
    ) -> None:
        self.grid = grid
        self.units = {} if units is None else units
        self.terrain: dict[Hex, str] = {} if terrain is None else terrain
        self.fortified = fortified
        self.hexsides: dict[frozenset[Hex], str] = {} if hexsides is None else hexsides
        self.ground: dict[Hex, str] = {} if ground is None else ground
        #: SMOKE and WP counters by hex (A24; ``model.markers``).
        self.smoke: dict[Hex, tuple[Smoke, ...]] = {} if smoke is None else smoke
        self.name = name
        self.phase = phase
        self.turn = turn
        self.player = player
        self.extra: dict[str, Any] = {} if extra is None else extra
        self._board_terrain: BoardTerrain | None = None
        #: The order of battle: units off the boards (``"hex": null``), as their validated JSON
        #: objects.  Apart from ``units`` so that the rules and the map never meet a unit with
        #: no hex; ``placed`` makes one a unit in a hex.
        self.off_board: dict[str, dict[str, Any]] = {} if off_board is None else off_board
        #: Each unit's index in the ``units`` list of the file read (on the map or not), for the
        #: JSON paths errors name (``unit_path``).
        self.file_index: dict[str, int] = {} if file_index is None else file_index

    @property
    def units(self) -> UnitTable:
        """Units by id in file order; any dict given is kept as a UnitTable (its indexes)."""
        return self._units

    @units.setter
    def units(self, units: dict[str, Unit]) -> None:
        self._units = units if isinstance(units, UnitTable) else UnitTable(units)

    # -- queries the rules and the map ask -------------------------------------------------
    @property
    def board_terrain(self) -> BoardTerrain:
        """What the boards' VASL archives say (read from the board library on first use, again
        whenever the map changes)."""
        if self._board_terrain is None or self._board_terrain.grid is not self.grid:
            self._board_terrain = load_board_terrain(self.grid)
        return self._board_terrain

    def reload_boards(self) -> None:
        """Look the boards up in the board library again on next use (a folder was added)."""
        self._board_terrain = None

    @property
    def board_notes(self) -> tuple[str, ...]:
        """Boards drawn plain although a board library is set up, and why (DESIGN.md 7)."""
        return self.board_terrain.notes

    @property
    def plain_board_notes(self) -> tuple[str, ...]:
        """Every board whose terrain is the file's only, and why, also with no board library at
        all: what ``aslgui resolve`` notes in every answer on this map (DESIGN.md 7)."""
        return self.board_terrain.plain_notes

    def terrain_at(self, h: Hex) -> str:
        """Terrain of a hex: the file's (an SSR overrides the board), else the board archive's,
        else open ground."""
        listed = self.terrain.get(h)
        if listed is not None:
            return listed
        boards = self.board_terrain
        return (boards.terrain(h) if boards.boards else None) or "open ground"

    def hexside(self, a: Hex, b: Hex) -> str | None:
        """Feature (road, wall, hedge, ...) of the hexside between two adjacent hexes, if any:
        the file's, else the board archive's."""
        listed = self.hexsides.get(frozenset((a, b)))
        if listed is not None:
            return listed
        boards = self.board_terrain
        return boards.hexside_between(a, b) if boards.boards else None

    def elevation_at(self, h: Hex) -> int:
        """Base level of a hex: the board archive's (hills, gullies), else 0."""
        return self.board_terrain.elevation(h) or 0

    def unit(self, unit_id: Any, path: str) -> Unit:
        """The unit with this id, or AslError naming ``path`` (e.g. ``action.firer``)."""
        if not isinstance(unit_id, str):
            raise AslError(f"expected a unit id (a string), got {shown(unit_id)}", path)
        try:
            return self.units[unit_id]
        except KeyError:
            if unit_id in self.off_board:
                raise OffBoardError(
                    f"{unit_id} is not on the map (off the boards, in the order of battle): place it on a hex first",
                    path,
                ) from None
            # every id of the file, in its order: one off the map is valid too
            ids = sorted([*self.units, *self.off_board], key=lambda i: self.file_index.get(i, len(self.file_index)))
            known = ", ".join(ids[:10]) or "none"
            known += f" ... ({len(ids)} in all)" if len(ids) > 10 else ""
            raise AslError(f"no unit with id {shown(unit_id)} (units: {known})", path) from None

    def units_at(self, h: Hex) -> Iterator[Unit]:
        """Units in a hex, in file order (bottom of the stack first)."""
        return iter(self.units.at(h))

    def unit_path(self, unit_id: str) -> str:
        """The JSON path of a unit in the scenario file, e.g. ``units[2]``: its index in the file
        read, units off the map counted; a unit added since, its place in the file as saved."""
        index = self.file_index.get(unit_id)
        return f"units[{self.units.position(unit_id) if index is None else index}]"

    def with_unit(self, unit: Unit) -> None:
        """Put ``unit`` in place of the one with its id (or add it), keeping file order."""
        self.units[unit.id] = unit

    def has_unit(self, unit_id: str) -> bool:
        """Whether ``unit_id`` names a unit, on the map or in the order of battle."""
        return unit_id in self.units or unit_id in self.off_board

    def placed(self, unit_id: str, h: Hex) -> Unit:
        """The order-of-battle unit ``unit_id`` as it stands once placed in hex ``h``."""
        unit: Unit = from_json(Unit, {**self.off_board[unit_id], "hex": self.grid.name(h)}, unit_id, self.grid)
        return unit

    def off_board_entry(self, unit: Unit) -> dict[str, Any]:
        """``unit`` as an order-of-battle entry: its JSON object with ``"hex": null``."""
        return {**to_json(unit, self.grid), "hex": None}


# -- loading -------------------------------------------------------------------------------
def _hex_map(data: dict[str, Any], key: str, grid: MapGrid, allowed: tuple[str, ...]) -> dict[Hex, str]:
    raw = typed(data, key, dict, f"an object of hex name -> {key} value", {})
    out: dict[Hex, str] = {}
    named: dict[Hex, str] = {}
    for name, value in raw.items():
        path = f"{key}.{name}"
        h = grid.parse(name, path)
        if value not in allowed:
            raise AslError(f"unknown value {shown(value)}; expected one of: {', '.join(allowed)}", path)
        _once(out, named, h, name, value, path)
    return out


def _once(out: dict[Any, str], named: dict[Any, str], place: Any, name: str, value: str, path: str) -> None:
    """``out[place] = value`` for a hex (or hexside) first named ``name``: named again under
    another spelling (case, a joined hex's other board, ``4E6/4E5``) with another value, which
    one counts would be a guess, so it is an error naming the second key; the same value again
    is the same fact."""
    if place in out and out[place] != value:
        raise AslError(f"the same {'hexside' if isinstance(place, frozenset) else 'hex'} as {named[place]}, given "
                       f"{shown(out[place])} there and {shown(value)} here: name it once", path)
    out[place] = value
    named.setdefault(place, name)


def _hexsides(data: dict[str, Any], grid: MapGrid) -> dict[frozenset[Hex], str]:
    raw = typed(data, "hexsides", dict, 'an object of "hex/hex" -> road/wall/hedge', {})
    out: dict[frozenset[Hex], str] = {}
    named: dict[frozenset[Hex], str] = {}
    for key, value in raw.items():
        path = f"hexsides.{key}"
        parts = key.split("/")
        if len(parts) != 2:
            raise AslError('expected a hexside as two adjacent hexes, e.g. "4E5/4E6"', path)
        a, b = (grid.parse(part, path) for part in parts)
        if direction_to(a, b) is None:
            raise AslError(f"{parts[0]} and {parts[1]} are not adjacent", path)
        if value not in HEXSIDE_FEATURES:
            raise AslError(f"unknown hexside {shown(value)}; expected one of: {', '.join(HEXSIDE_FEATURES)}", path)
        _once(out, named, frozenset((a, b)), key, value, path)
    return out


def scenario_from_json(data: Any) -> Scenario:
    """Validate a parsed scenario file and build the Scenario (AslError names the bad path)."""
    if not isinstance(data, dict):
        raise AslError("a scenario file holds one JSON object", "")
    if data.get("format", FORMAT) != FORMAT:
        raise AslError(f'not an aslgui scenario (expected "format": "{FORMAT}")', "format")
    data = migrate(data)
    grid = MapGrid(board_placements(data))
    fortified_raw = typed(data, "fortified", list, "a list of hex names", [])
    phase = data.get("phase", "PFPh")
    if phase not in PHASES:
        raise AslError(f"unknown phase {shown(phase)}; expected one of: {', '.join(PHASES)}", "phase")
    units_raw = typed(data, "units", list, "a list of units", [])
    units: dict[str, Unit] = {}
    off_board: dict[str, dict[str, Any]] = {}
    indexes: dict[str, int] = {}
    refs: list[tuple[Unit, str, str]] = []
    placed: dict[str, Unit] = {}  # every unit read, on the map or off
    placeholder = f"{grid.boards[0].id}A1"  # every board has an A1
    for i, raw in enumerate(units_raw):
        path = f"units[{i}]"
        in_oob = isinstance(raw, dict) and "hex" in raw and raw["hex"] is None
        # A unit in the order of battle ("hex": null) has every other key checked as on the map.
        unit = from_json(Unit, {**raw, "hex": placeholder} if in_oob else raw, path, grid)
        if unit.id in indexes:
            raise AslError(f"duplicate unit id {shown(unit.id)}", f"{path}.id")
        indexes[unit.id] = i
        if in_oob:
            off_board[unit.id] = {**to_json(unit, grid), "hex": None}
        else:
            units[unit.id] = unit
        refs += [(unit, k, ref) for k in REFERENCES if (ref := getattr(unit, k)) is not None]
        placed[unit.id] = unit
    for unit, key, ref in refs:
        _check_reference(unit, key, ref, placed, f"units[{indexes[unit.id]}].{key}")
    return Scenario(
        grid=grid,
        units=units,
        terrain=_hex_map(data, "terrain", grid, terrain_names()),
        fortified=frozenset(_hex_name(grid, n, f"fortified[{i}]") for i, n in enumerate(fortified_raw)),
        hexsides=_hexsides(data, grid),
        ground=_hex_map(data, "ground", grid, GROUND_CONDITIONS),
        smoke=smoke_from_json(data.get("smoke"), grid),
        name=typed(data, "name", str, "a string", ""),
        phase=phase,
        turn=_turn(data),
        player=typed(data, "player", str, "a side name", ""),
        extra=_extra(data),
        off_board=off_board,
        file_index=indexes,
    )


#: A unit's keys naming another unit, and the kinds that one may be: a Gun's manning Infantry, the
#: vehicle towing a Gun, the vehicle a Passenger, Rider or Gun en portee is aboard (DESIGN.md 3).
REFERENCES: dict[str, tuple[frozenset[str], str]] = {
    "crew": (INFANTRY_KINDS, "an Infantry unit"),
    "towed_by": (frozenset({"vehicle"}), "a vehicle"),
    "aboard": (frozenset({"vehicle"}), "a vehicle"),
}


def _check_reference(unit: Unit, key: str, ref: str, placed: dict[str, Unit], path: str) -> None:
    """A unit's ``crew``, ``towed_by`` or ``aboard`` names another unit of the file, of the kind it
    must be: else a question would count a squad towing a Gun, or a unit aboard itself."""
    if ref not in placed:
        raise AslError(f"no unit with id {shown(ref)}", path)
    kinds, words = REFERENCES[key]
    if ref == unit.id or placed[ref].kind not in kinds:
        what = "itself" if ref == unit.id else f"a {placed[ref].kind}"
        raise AslError(f"{key} must name {words} other than the unit, but {shown(ref)} is {what}", path)


def _extra(data: dict[str, Any]) -> dict[str, Any]:
    """Unknown top-level keys, kept as they are (finite numbers only: they are saved again); the
    phase bar's ``first_player`` must be a side name, as ``player`` is."""
    extra = {k: v for k, v in data.items() if k not in KNOWN_TOP_KEYS}
    refuse_non_finite(extra, "")
    typed(data, FIRST_PLAYER, str, "a side name", "")
    return extra


def _turn(data: dict[str, Any]) -> int:
    turn: int = typed(data, "turn", int, "a turn number", 1)
    if not 1 <= turn <= MAX_TURN:
        raise AslError(f"expected a turn number from 1 to {MAX_TURN}, got {shown(turn)}", "turn")
    return turn


def _hex_name(grid: MapGrid, value: Any, path: str) -> Hex:
    if not isinstance(value, str):
        raise AslError(f"expected a hex name, got {shown(value)}", path)
    return grid.parse(value, path)


def scenario_to_json(scenario: Scenario) -> dict[str, Any]:
    """The file's JSON object; unknown keys kept from loading come back out."""
    grid = scenario.grid
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "name": scenario.name,
        "boards": [{"id": b.id, "col": b.col, "row": b.row, **({"rotated": True} if b.rotated else {}),
                    **({"plain": True} if b.plain else {})}
                   for b in grid.boards],
        "terrain": {grid.name(h): t for h, t in sorted(scenario.terrain.items())},
    }
    if scenario.fortified:
        data["fortified"] = sorted(grid.name(h) for h in scenario.fortified)
    if scenario.hexsides:
        data["hexsides"] = {"/".join(sorted(grid.name(h) for h in side)): v for side, v in scenario.hexsides.items()}
    if scenario.ground:
        data["ground"] = {grid.name(h): v for h, v in sorted(scenario.ground.items())}
    if scenario.smoke:
        data["smoke"] = smoke_to_json(scenario.smoke, grid)
    data.update(phase=scenario.phase, turn=scenario.turn, player=scenario.player)
    data["units"] = [to_json(unit, grid) for unit in scenario.units.values()] + [
        dict(entry) for entry in scenario.off_board.values()
    ]
    data.update(scenario.extra)
    return data


def load_scenario(path: str | os.PathLike[str]) -> Scenario:
    """Read and validate a scenario file (one that holds no JSON object is named)."""
    data = read_json_file(path, "scenario file")
    if not isinstance(data, dict):
        raise AslError(f"scenario file {os.fspath(path)!r} holds {shown(data)}, not one JSON object", "")
    return scenario_from_json(data)


def save_scenario(scenario: Scenario, path: str | os.PathLike[str]) -> None:
    """Write atomically (a crash mid-save leaves the previous file whole)."""
    write_json_file(scenario_to_json(scenario), path)
