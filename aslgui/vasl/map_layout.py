"""Where a counter lies on VASL's Main Map: its boards' pixel rectangles (a 400 px margin around
them, boards side by side and stacked in their grid, cropped or magnified as VASL shows them, a
board turned 180° (``r``) with its own coordinates reversed) and the hex of aslgui's map at a
VASL map pixel.  Learned from VASSAL's ``Map``/``Board`` and VASL's ``ASLBoard`` layout."""

from __future__ import annotations

import re

from aslgui.geometry import BoardPlacement, MapGrid
from aslgui.geometry.mapgrid import BOARD_PIXEL_HEIGHT, BOARD_PIXEL_WIDTH
from aslgui.vasl.pieces import VsavError
from aslgui.vasl.vsav import Board, SavedGame

#: VASL's Main Map margin around the boards (pixels).
MAP_MARGIN = 400


class MapLayout:
    """The boards' pixel rectangles on VASL's Main Map, and hex names of points on them."""

    def __init__(self, game: SavedGame) -> None:
        self.file = game.file
        self.notes: list[str] = []
        self.boards: list[tuple[Board, str]] = []
        taken: dict[tuple[int, int], str] = {}
        placed: dict[str, Board] = {}
        for board in game.boards:
            board_id = scenario_board_id(game.file, board.name)
            twice = placed.setdefault(board_id.upper(), board)
            if twice is not board:
                raise VsavError(game.file, f"board {board.name} is placed twice (at column {twice.col}, row "
                                f"{twice.row} and at {board.col}, {board.row}): a map holds each board once", "bd")
            if (board.col, board.row) in taken:
                self.notes.append(f"board {board.name} at {board.col},{board.row} shares its place; left out")
                continue
            taken[board.col, board.row] = board_id
            self.boards.append((board, board_id))
            if board.crop != (0, 0, -1, -1):
                self.notes.append(f"board {board.name} is cropped in VASL; the whole board is used")
        self._origins = self._place()
        #: The scenario's map of these boards: it names the hexes (a turned board's own names,
        #: a joined hex by its upper/left board, DESIGN.md sections 3 and 7).
        self.grid = (
            MapGrid([BoardPlacement(board_id, b.col, b.row, b.rotated) for b, board_id in self.boards])
            if self.boards
            else None
        )

    @staticmethod
    def size(board: Board) -> tuple[float, float]:
        """The board's size on VASL's map: its cropped part, magnified."""
        _, _, width, height = board.crop
        w = width if width > 0 else BOARD_PIXEL_WIDTH
        h = height if height > 0 else BOARD_PIXEL_HEIGHT
        return w * board.zoom, h * board.zoom

    def _place(self) -> list[tuple[float, float]]:
        """Each board's top-left pixel: after the margin, the widths of the boards to its left in
        its row and the heights of the boards above it in its column (VASSAL's Map layout)."""
        sizes = {(b.col, b.row): self.size(b) for b, _ in self.boards}
        origins = []
        for board, _ in self.boards:
            x = MAP_MARGIN + sum(sizes.get((c, board.row), (BOARD_PIXEL_WIDTH, 0))[0] for c in range(board.col))
            y = MAP_MARGIN + sum(sizes.get((board.col, r), (0, BOARD_PIXEL_HEIGHT))[1] for r in range(board.row))
            origins.append((x, y))
        return origins

    def hex_name(self, x: int, y: int) -> str | None:
        """The hex a counter at VASL map pixel (x, y) is in, or None off the boards."""
        for (board, _), (ox, oy) in zip(self.boards, self._origins, strict=True):
            width, height = self.size(board)
            if self.grid is not None and ox <= x <= ox + width and oy <= y <= oy + height:
                h = MapGrid.hex_at(*map_pixel(board, (x - ox, y - oy)))
                return self.grid.name(h) if h in self.grid else None
        return None


def map_pixel(board: Board, point: tuple[float, float]) -> tuple[float, float]:
    """Where ``point`` (pixels from the board's top-left on VASL's map) lies on aslgui's map of
    whole, unmagnified boards: VASL's board coordinates undo the turn and the zoom and add the
    crop offset (its ``localCoordinates``); aslgui's map turns a rotated board back in its place."""
    px, py = point
    width, height = MapLayout.size(board)
    if board.rotated:
        px, py = width - px, height - py
    px, py = px / board.zoom + board.crop[0], py / board.zoom + board.crop[1]
    if board.rotated:
        px, py = BOARD_PIXEL_WIDTH - px, BOARD_PIXEL_HEIGHT - py
    return board.col * BOARD_PIXEL_WIDTH + px, board.row * BOARD_PIXEL_HEIGHT + py


def scenario_board_id(file: str, vasl_name: str) -> str:
    """The scenario's id of a VASL board: ``"01"`` -> ``"1"`` (hex names read ``1E5``), others as
    VASL names them."""
    if vasl_name.isascii() and vasl_name.isdigit():  # "²" is a digit to Python, not a board number
        return str(int(vasl_name))
    if not re.fullmatch(r"[0-9A-Za-z]+", vasl_name):
        raise VsavError(file, f"board {vasl_name!r} has a name aslgui cannot use as a board id", "bd")
    return vasl_name
