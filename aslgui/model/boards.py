"""What the players' VASL board archives say about a map's hexes (DESIGN.md section 7).

``load_board_terrain(grid)`` looks up every board of the map in the board library
(``aslgui.vasl.library``): a board whose archive is found gives each of its hexes terrain, base
elevation and hexside terrain (aslgui's names); a board the library lacks, or whose archive
cannot be read, stays plain (terrain from the scenario file only) and is reported in ``notes``,
which the GUI's status line shows; ``aslgui resolve`` adds ``plain_notes`` to its answers, which
also name every board when no board library is set up at all (the status line says that too).
Rotated boards read their own hexes turned back (``MapGrid.locals_of``), hexside directions
turned by three.  Plain boards import nothing from the archive readers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from aslgui.collector import collector_paused
from aslgui.errors import AslError
from aslgui.geometry import Hex, MapGrid, direction_to
from aslgui.geometry.mapgrid import COLUMN_LETTERS
from aslgui.vasl.library import BOARDS_ENV, archive_name, find_archive, library_folders

if TYPE_CHECKING:
    from aslgui.vasl.board import VaslBoard
    from aslgui.vasl.hexfacts import HexFacts


class BoardTerrain:
    """The archives' facts for the hexes of one map (empty when every board is plain)."""

    def __init__(
        self, grid: MapGrid, boards: dict[str, VaslBoard], notes: tuple[str, ...] = (), configured: bool = True
    ) -> None:
        self.grid = grid
        #: Board id (upper case) -> the board read from its archive.
        self.boards = boards
        #: Boards drawn plain although a board library is set up, and why (no archive in the
        #: library, an unreadable archive): the GUI names them in its status line.
        self.notes = notes
        #: Whether any board library folder is set up at all.
        self.configured = configured
        #: Each hex's facts, terrain name and hexside names once looked up: the grid and the archives read never
        #: change (a new map or library gets a new BoardTerrain), and a shot asks its hexes' terrain
        #: several times (issue 40).
        self._facts_of: dict[Hex, tuple[tuple[bool, HexFacts], ...]] = {}
        self._terrain_of: dict[Hex, str | None] = {}
        self._hexside_of: dict[tuple[Hex, int], str | None] = {}

    @property
    def plain_notes(self) -> tuple[str, ...]:
        """Every board whose terrain is the scenario file's only, and why, one note per board, for
        ``aslgui resolve``'s answers (DESIGN.md 7): ``notes``, or with no board library at all, how
        to set one up."""
        if self.configured:
            return self.notes
        return tuple(f"board {board.id}: no VASL archive found (no board library configured: set {BOARDS_ENV} or "
                     "add a folder in Edit > Preferences); terrain from the file only" for board in self.grid.boards)

    def _facts(self, h: Hex) -> tuple[tuple[bool, HexFacts], ...]:
        """(rotated?, facts) from each board with an archive that holds ``h``, canonical first."""
        known = self._facts_of.get(h)
        if known is None:
            known = self._facts_of[h] = self._look_up(h)
        return known

    def _look_up(self, h: Hex) -> tuple[tuple[bool, HexFacts], ...]:
        found = []
        for board, local in self.grid.locals_of(h):
            vasl = self.boards.get(board.id.upper())
            if vasl is not None:
                facts = vasl.hexes.get(f"{COLUMN_LETTERS[local.col]}{local.row}")
                if facts is not None:
                    found.append((board.rotated, facts))
        return tuple(found)

    def from_archive(self, h: Hex) -> bool:
        return bool(self.boards) and bool(self._facts(h))

    def terrain(self, h: Hex) -> str | None:
        """aslgui's name for the hex's terrain, None when no archive covers the hex."""
        if h in self._terrain_of:
            return self._terrain_of[h]
        from aslgui.vasl.board import aslgui_name

        found = self._facts(h) if self.boards else ()
        named = self._terrain_of[h] = aslgui_name(found[0][1].terrain) if found else None
        return named

    def elevation(self, h: Hex) -> int | None:
        """Base level of the hex (a hill's level, -1 in a gully), None when no archive covers it."""
        found = self._facts(h) if self.boards else ()
        return found[0][1].elevation if found else None

    def hexside(self, h: Hex, direction: int) -> str | None:
        """aslgui's name for the terrain on hexside ``direction`` (map frame, 0 = N) of ``h``, from
        the board on which that hexside lies; None for none."""
        key = (h, direction)
        if key in self._hexside_of:
            return self._hexside_of[key]
        from aslgui.vasl.board import aslgui_name

        named = None
        for rotated, facts in self._facts(h) if self.boards else ():
            own = (direction + 3) % 6 if rotated else direction
            if facts.on_map[own]:
                side = facts.hexsides[own]
                named = aslgui_name(side) if side else None
                break
        self._hexside_of[key] = named
        return named

    def hexside_between(self, a: Hex, b: Hex) -> str | None:
        """The archive's terrain on the hexside between adjacent ``a`` and ``b``."""
        if not self.boards:
            return None
        direction = direction_to(a, b)
        if direction is None:
            return None
        return self.hexside(a, direction) or self.hexside(b, (direction + 3) % 6)


def load_board_terrain(grid: MapGrid) -> BoardTerrain:
    """Read every board of ``grid`` the library has; the others stay plain, noted (without any
    library folder at all, every board is plain, as ``plain_notes`` says)."""
    with collector_paused():  # a board's facts are thousands of objects and no cycles
        return _load_board_terrain(grid)


def _load_board_terrain(grid: MapGrid) -> BoardTerrain:
    boards: dict[str, VaslBoard] = {}
    notes: list[str] = []
    folders = library_folders()
    if not folders:
        return BoardTerrain(grid, boards, configured=False)
    for placement in grid.boards:
        if placement.plain:
            notes.append(f"board {placement.id}: drawn plain as the file asks (\"plain\": true), terrain from the "
                         "scenario file")
            continue
        path = find_archive(placement.id, folders)
        if path is None:
            notes.append(
                f"board {placement.id}: no VASL board archive {archive_name(placement.id)} in the board library "
                "(ASLGUI_VASL_BOARDS or the saved folders); drawn plain, terrain from the scenario file"
            )
            continue
        from aslgui.vasl.board import load_board

        try:
            boards[placement.id.upper()] = load_board(path)
        except AslError as error:
            notes.append(f"board {placement.id}: {error.message}; drawn plain, terrain from the scenario file")
    return BoardTerrain(grid, boards, tuple(notes))
