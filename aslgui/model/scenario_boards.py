"""A scenario file's boards (DESIGN.md 3): where each is placed, turned or plain, or the one
board its hex names imply, each checked with an ``AslError`` naming the key; and ``typed``, the
check of a top-level value's JSON type that ``scenario`` uses for every other key."""

from __future__ import annotations

import re
from typing import Any

from aslgui.errors import AslError, shown
from aslgui.geometry import BoardPlacement
from aslgui.limits import MAX_BOARD_PLACE


def typed(data: dict[str, Any], key: str, kind: type, expected: str, default: Any) -> Any:
    """A top-level value of exactly type ``kind`` (true/false is no integer), or its default."""
    value = data.get(key, default)
    if type(value) is not kind:
        raise AslError(f"expected {expected}, got {shown(value)}", key)
    return value


#: A board-prefixed hex name; compiled on first use (``re``'s cache), as few files need it.
_BOARD_PREFIXED = r"([0-9]+)[A-Za-z]{1,2}[0-9]+"


def _implied_board(data: dict[str, Any]) -> str | None:
    """The one board every hex name in a file without ``boards`` points at (e.g. ``4E5``)."""
    names = list(data.get("terrain", {}) if isinstance(data.get("terrain"), dict) else [])
    units = data.get("units")
    if isinstance(units, list):
        names += [u.get("hex") for u in units if isinstance(u, dict)]
    prefixes = {
        m.group(1) for n in names if isinstance(n, str) and (m := re.fullmatch(_BOARD_PREFIXED, n.strip()))
    }
    return prefixes.pop() if len(prefixes) == 1 else None


def _board_flag(board: dict[str, Any], key: str, path: str) -> bool:
    """A board's ``rotated`` or ``plain`` (default false)."""
    value = board.get(key, False)
    if not isinstance(value, bool):
        raise AslError(f"expected true or false, got {shown(value)}", f"{path}.{key}")
    return value


def board_placements(data: dict[str, Any]) -> list[BoardPlacement]:
    """The map's boards (``boards``, or the one board every hex name of the file names), each
    checked: a string id, a whole-number place that no other board takes."""
    if "boards" not in data:
        implied = _implied_board(data)
        if implied is None:
            raise AslError("missing required key 'boards' (a list of {id, col, row})", "boards")
        return [BoardPlacement(implied, 0, 0)]
    raw = typed(data, "boards", list, "a list of boards {id, col, row}", None)
    if not raw:
        raise AslError("a map needs at least one board", "boards")
    placements: list[BoardPlacement] = []
    for i, board in enumerate(raw):
        path = f"boards[{i}]"
        if not isinstance(board, dict):
            raise AslError(f"expected an object {{id, col, row}}, got {shown(board)}", path)
        board_id = board.get("id")
        if type(board_id) is int:  # DESIGN.md 3: ids are strings ("RO", "4" and "04" are three boards)
            raise AslError(f'expected a board id as a string, "{board_id}", got the number {board_id}', f"{path}.id")
        if not isinstance(board_id, str):  # what a board id may hold: MapGrid's check_board_ids
            raise AslError(f'expected a board id such as "4", got {shown(board_id)}', f"{path}.id")
        place = [board.get("col", 0), board.get("row", 0)]
        for key, value in zip(("col", "row"), place, strict=True):
            if type(value) is not int or not 0 <= value <= MAX_BOARD_PLACE:
                raise AslError(f"expected a whole number from 0 to {MAX_BOARD_PLACE} (MAX_BOARD_PLACE), got "
                               f"{shown(value)}", f"{path}.{key}")
        rotated, plain = (_board_flag(board, key, path) for key in ("rotated", "plain"))
        placements.append(BoardPlacement(board_id, place[0], place[1], rotated, plain))
    seen: dict[tuple[int, int], str] = {}
    for i, p in enumerate(placements):
        if (p.col, p.row) in seen:
            raise AslError(f"board {p.id} is placed where board {seen[p.col, p.row]} already is", f"boards[{i}]")
        seen[p.col, p.row] = p.id
    return placements
