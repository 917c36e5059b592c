"""Geomorphic boards joined into one map: hex names, membership and pixel layout.

A board is 33 columns (``A..GG``) wide; odd columns hold rows 0..10, even ones 1..10
(DESIGN.md section 2).  Boards placed side by side share their GG/A column; stacked boards
share the row-10/row-0 half hexes of odd columns.  So every board maps onto one global odd-q
grid: board ``(bcol, brow)`` starts at column ``32 * bcol`` and row ``10 * brow``.

A rotated board (VASL's ``r`` boards, DESIGN.md 7) is turned 180 degrees in its place: the hex
at local column ``c``, row ``r`` of its place is its own hex ``32 - c``, ``11 - r`` (even
columns) or ``10 - r`` (odd columns), so its A1 lies at the bottom right and GG10 at the top
left; the grid itself, and so ranges, CAs and joins, is the same as for any board.
"""

import math
import re
from collections.abc import Iterator, Sequence
from functools import cached_property
from typing import NamedTuple

from aslgui.errors import AslError, shown
from aslgui.geometry.hexgrid import Box, Hex

BOARD_COLUMNS = 33
BOARD_ROWS = 10
#: Columns/rows by which the next board to the right/below starts (the joins overlap).
COLUMN_STEP = BOARD_COLUMNS - 1
ROW_STEP = BOARD_ROWS

#: VASL's geomorphic board metrics (pixels): column spacing and hex height.
HEX_WIDTH = 56.25
HEX_HEIGHT = 64.5
#: Distance from a hex centre to its east/west vertex; columns are 1.5 of it apart.
HEX_RADIUS = HEX_WIDTH / 1.5
BOARD_PIXEL_WIDTH = COLUMN_STEP * HEX_WIDTH
BOARD_PIXEL_HEIGHT = ROW_STEP * HEX_HEIGHT

COLUMN_LETTERS: tuple[str, ...] = tuple(
    [chr(ord("A") + i) for i in range(26)] + [chr(ord("A") + i) * 2 for i in range(7)]
)
_LETTER_INDEX = {letters: i for i, letters in enumerate(COLUMN_LETTERS)}
#: ASCII only: ``\d`` would take other scripts' digits, which no later reader takes back.
_LOCAL_NAME = re.compile(r"([A-Z]{1,2})([0-9]{1,2})$")
#: A board id as VASL names its archives (``bd04``, ``bdRO``, ``bdDB``): ASCII letters and digits,
#: a few of them (the longest VASL ids are under ten).
_BOARD_ID = re.compile(r"[0-9A-Za-z]{1,16}")


class HexNameError(AslError):
    """A hex name that does not parse or is not on this map."""


class BoardPlacement(NamedTuple):
    """A geomorphic board (its id, e.g. ``"4"``) at a place in the grid of boards, maybe turned 180°."""

    id: str
    col: int
    row: int
    rotated: bool = False
    #: Drawn plain even where the board library holds its archive: its terrain is the file's only
    #: (a rulebook example, whose terrain is its own).
    plain: bool = False


def board_key(board_id: str) -> str:
    """The board an id names: ``4`` and ``04`` are one board (both find ``bd04``), ``ro`` and ``RO`` too."""
    upper = board_id.upper()
    return str(int(upper)) if upper.isdigit() and upper.isascii() else upper


def _is_local(name: str) -> bool:
    match = _LOCAL_NAME.fullmatch(name)
    return match is not None and match.group(1) in _LETTER_INDEX


def check_board_ids(ids: Sequence[str]) -> None:
    """AslError naming ``boards[i].id`` unless every hex name of a map of these boards reads one
    way only: ids of ASCII letters and digits, no board twice (``4`` and ``04``), and no id that
    is another plus a column letter (``4`` and ``4E``: ``4EE5`` is EE5 of 4 or E5 of 4E)."""
    first: dict[str, int] = {}
    for i, board_id in enumerate(ids):
        path = f"boards[{i}].id"
        if not isinstance(board_id, str) or not _BOARD_ID.fullmatch(board_id):
            expected = 'a board id of up to 16 ASCII letters and digits such as "4" or "RO"'
            raise AslError(f"expected {expected}, got {shown(board_id)}", path)
        key = board_key(board_id)
        if key in first:
            raise AslError(f"board {board_id} is board {ids[first[key]]} (boards[{first[key]}]) again: each board "
                           "can be placed once, or its hex names would name two hexes", path)
        first[key] = i
    by_upper = {board_id.upper(): i for i, board_id in enumerate(ids)}
    for longer, j in by_upper.items():
        for cut_at in range(1, len(longer)):
            shorter, suffix = longer[:cut_at], longer[cut_at:]
            if shorter not in by_upper:
                continue
            clash = next((col for col in COLUMN_LETTERS if _is_local(f"{suffix}{col}1")), None)
            if clash is not None:
                raise AslError(
                    f"board ids {ids[by_upper[shorter]]} and {ids[j]} make hex names ambiguous: {longer}{clash}1 "
                    f"would be {clash}1 of board {ids[j]} or {suffix}{clash}1 of board {ids[by_upper[shorter]]}",
                    f"boards[{j}].id",
                )


def turn_local(col: int, row: int) -> tuple[int, int]:
    """A board's local hex turned 180 degrees (its own inverse): ``(0, 1)`` (A1) <-> ``(32, 10)``."""
    return BOARD_COLUMNS - 1 - col, (BOARD_ROWS + 1 if col % 2 == 0 else BOARD_ROWS) - row


def _rows_in_column(col: int) -> range:
    return range(0, BOARD_ROWS + 1) if col & 1 else range(1, BOARD_ROWS + 1)


class MapGrid:
    """The hexes of a map of one or more boards, and the pixel layout VASL uses."""

    def __init__(self, boards: Sequence[BoardPlacement]) -> None:
        if not boards:
            raise AslError("a map needs at least one board", path="boards")
        check_board_ids([b.id for b in boards])
        self.boards: tuple[BoardPlacement, ...] = tuple(boards)
        # Upper, then left board first: its name is the canonical one for a joined hex.
        self._by_position = sorted(self.boards, key=lambda b: (b.row, b.col))
        self._by_id = {b.id.upper(): b for b in self.boards}
        self._by_place = {(b.col, b.row): b for b in self.boards}
        # Longest ids first, so board "24" wins over board "2" for "24A1".
        self._ids_longest_first = sorted(self._by_id, key=len, reverse=True)
        self._name_cache: dict[Hex, str] = {}
        #: Names already parsed: a batch of questions names the same few hundred hexes again and again.
        self._parse_cache: dict[str, Hex] = {}

    @classmethod
    def single(cls, board_id: str = "1") -> "MapGrid":
        """A one-board map, handy for tests and quick questions."""
        return cls([BoardPlacement(board_id, 0, 0)])

    # -- membership -------------------------------------------------------------------------
    def _boards_of(self, h: Hex) -> Iterator[BoardPlacement]:
        """The boards holding ``h`` (two or four for a joined half hex), upper then left first:
        found from the hex's column and row, not by scanning the boards."""
        board_col, col_in = divmod(h.col, COLUMN_STEP)
        board_row, row_in = divmod(h.row, ROW_STEP)
        for brow in (board_row - 1, board_row) if row_in == 0 else (board_row,):
            for bcol in (board_col - 1, board_col) if col_in == 0 else (board_col,):
                board = self._by_place.get((bcol, brow))
                if board is None:
                    continue
                local_col, local_row = h.col - bcol * COLUMN_STEP, h.row - brow * ROW_STEP
                if 0 <= local_col < BOARD_COLUMNS and local_row in _rows_in_column(local_col):
                    yield board

    def _board_of(self, h: Hex) -> BoardPlacement | None:
        return next(self._boards_of(h), None)

    def locals_of(self, h: Hex) -> tuple[tuple[BoardPlacement, Hex], ...]:
        """Each board holding ``h`` with the hex in that board's own naming (turned back for a
        rotated board): ``Hex(4, 5)`` is its E5.  The canonical board comes first."""
        return tuple((board, self._own_local(board, h)) for board in self._boards_of(h))

    @staticmethod
    def _own_local(board: BoardPlacement, h: Hex) -> Hex:
        col, row = h.col - board.col * COLUMN_STEP, h.row - board.row * ROW_STEP
        return Hex(*turn_local(col, row)) if board.rotated else Hex(col, row)

    def __contains__(self, h: object) -> bool:
        return isinstance(h, Hex) and self._board_of(h) is not None

    @cached_property
    def all_hexes(self) -> tuple[Hex, ...]:
        """Every hex on the map once (joined half hexes count as one), column by column."""
        seen: set[Hex] = set()
        for board in self._by_position:
            for local_col in range(BOARD_COLUMNS):
                for local_row in _rows_in_column(local_col):
                    seen.add(Hex(board.col * COLUMN_STEP + local_col, board.row * ROW_STEP + local_row))
        return tuple(sorted(seen))

    @cached_property
    def box(self) -> Box:
        """The columns and rows the map's boards span (every map hex is inside; a layout with
        gaps has hexes of the box that are not on the map)."""
        cols = max(b.col for b in self.boards) + 1
        rows = max(b.row for b in self.boards) + 1
        return Box(0, cols * COLUMN_STEP, 0, rows * ROW_STEP)

    @cached_property
    def corner_hexes(self) -> tuple[Hex, ...]:
        """The hexes at the map's four corners: no map hex is farther from any hex than one of them."""
        hexes = self.all_hexes
        by_col_then_top = min(hexes, key=lambda h: (h.col, -h.row)), max(hexes, key=lambda h: (h.col, -h.row))
        return (hexes[0], hexes[-1], *by_col_then_top)

    def __iter__(self) -> Iterator[Hex]:
        return iter(self.all_hexes)

    def __len__(self) -> int:
        return len(self.all_hexes)

    # -- names ------------------------------------------------------------------------------
    def name(self, h: Hex) -> str:
        """Canonical name, e.g. ``4E6``; the upper/left board's name for a joined hex."""
        cached = self._name_cache.get(h)
        if cached is not None:
            return cached
        board = self._board_of(h)
        if board is None:
            raise HexNameError(f"hex at column {h.col}, row {h.row} is not on the map")
        local = self._own_local(board, h)
        text = f"{board.id}{COLUMN_LETTERS[local.col]}{local.row}"
        self._name_cache[h] = text
        return text

    def parse(self, text: str, path: str = "") -> Hex:
        """The hex named ``text`` (case-insensitive; the board may be omitted on a one-board map)."""
        found = self._parse_cache.get(text)
        if found is None:
            found = self._parse_cache[text] = self._parse(text, path)
            if len(self._parse_cache) > 65536:  # names are user input: keep the cache bounded
                self._parse_cache.clear()
        return found

    def parsed(self, text: object) -> Hex | None:
        """The hex ``text`` names, else None (never an error): a quick answer takes a good name at
        once, the first time too, and leaves any other to the whole way, which says why (issue 40)."""
        if type(text) is not str:
            return None
        found = self._parse_cache.get(text)
        if found is None:
            try:
                found = self.parse(text)
            except HexNameError:
                return None
        return found

    def _parse(self, text: str, path: str) -> Hex:
        raw = text.strip().upper() if text.isascii() else ""  # "4E\u0665" is no hex: refused, not read as 4E5
        candidates = [(bid, raw[len(bid) :]) for bid in self._ids_longest_first if raw.startswith(bid)]
        if len(self.boards) == 1:
            candidates.append((self._ids_longest_first[0], raw))
        for board_id, local in candidates:
            match = _LOCAL_NAME.match(local)
            if not match or match.group(1) not in _LETTER_INDEX:
                continue
            board = self._by_id[board_id]
            local_col = _LETTER_INDEX[match.group(1)]
            local_row = int(match.group(2))
            if local_row not in _rows_in_column(local_col):
                raise HexNameError(
                    f"hex {shown(text)} is not on board {board.id}: column {match.group(1)} holds rows "
                    f"{_rows_in_column(local_col)[0]}..{BOARD_ROWS}",
                    path=path,
                )
            if board.rotated:
                local_col, local_row = turn_local(local_col, local_row)
            return Hex(board.col * COLUMN_STEP + local_col, board.row * ROW_STEP + local_row)
        boards = ", ".join(b.id for b in self.boards)
        raise HexNameError(
            f"hex {shown(text)} is not on the map (boards {boards}; a hex is <board><A..GG><row>, e.g. "
            f"{self.boards[0].id}E6)",
            path=path,
        )

    # -- pixels -----------------------------------------------------------------------------
    @property
    def pixel_size(self) -> tuple[float, float]:
        """Width and height of the map's bounding rectangle in pixels."""
        cols = max(b.col for b in self.boards) + 1
        rows = max(b.row for b in self.boards) + 1
        return cols * BOARD_PIXEL_WIDTH, rows * BOARD_PIXEL_HEIGHT

    @staticmethod
    def center(h: Hex) -> tuple[float, float]:
        """Pixel centre of a hex (VASL: A1 at (0, h/2), B0 at (w, 0) on the first board)."""
        y = h.row * HEX_HEIGHT - (HEX_HEIGHT / 2 if h.col % 2 == 0 else 0.0)
        return h.col * HEX_WIDTH, y

    @staticmethod
    def hex_at(x: float, y: float) -> Hex:
        """The hex whose polygon holds pixel ``(x, y)`` (on or off the map)."""
        base = math.floor(x / HEX_WIDTH)
        best: Hex | None = None
        best_score = math.inf
        for col in (base - 1, base, base + 1, base + 2):
            offset = HEX_HEIGHT / 2 if col % 2 == 0 else 0.0
            row = round((y + offset) / HEX_HEIGHT)
            h = Hex(col, row)
            score = _outside_score(h, x, y)
            if score < best_score:
                best, best_score = h, score
        assert best is not None
        return best

    @staticmethod
    def vertices(h: Hex) -> tuple[tuple[float, float], ...]:
        """The six corners, vertex ``i`` being hexspine ``i`` (N/NE first, clockwise)."""
        cx, cy = MapGrid.center(h)
        r, half_h = HEX_RADIUS, HEX_HEIGHT / 2
        return (
            (cx + r / 2, cy - half_h),
            (cx + r, cy),
            (cx + r / 2, cy + half_h),
            (cx - r / 2, cy + half_h),
            (cx - r, cy),
            (cx - r / 2, cy - half_h),
        )


def _outside_score(h: Hex, x: float, y: float) -> float:
    """How far (x, y) lies outside hex ``h`` by its worst edge; <= 0 means inside."""
    cx, cy = MapGrid.center(h)
    dx, dy = abs(x - cx), abs(y - cy)
    half_h = HEX_HEIGHT / 2
    # Flat top/bottom edge, and the slanted edge from (r, 0) to (r/2, half_h).
    slant = dx * half_h + dy * (HEX_RADIUS / 2) - HEX_RADIUS * half_h
    return max(dy - half_h, slant / math.hypot(half_h, HEX_RADIUS / 2))
