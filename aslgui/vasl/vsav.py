"""Reading a VASL save (``.vsav``): the zip, the obfuscated command text, the boards and pieces.

A save is a zip whose ``savedGame`` entry holds VASSAL's command list, obfuscated.  The text
is commands separated by ESC; a command holding sub-commands is itself such a list, its ESCs
escaped one backslash deeper at each level (VASSAL's ``SequenceEncoder``: a delimiter inside a
token gets a backslash before it, a token ending in a backslash or wrapped in quotes is
quoted).  A piece is ``+/id/type/state`` (its traits: ``aslgui.vasl.pieces``); ``bd`` places the
boards (VASL's ``ASLBoard`` state, one board after another).  This module reads those facts and
nothing more; ``aslgui.model.vsav_import`` turns them into a scenario (DESIGN.md section 8).
"""

from __future__ import annotations

import io
import os
import zipfile
import zlib
from bisect import bisect_left
from collections.abc import Iterator
from typing import NamedTuple

from aslgui.errors import AslError
from aslgui.limits import MAX_COMMANDS, MAX_TEXT_BYTES
from aslgui.user_files import read_bounded
from aslgui.vasl.pieces import Piece, VsavError, decode_sequence, escaped_runs, int_field, parse_piece, unescaped

#: The zip entry holding the command list.
SAVED_GAME = "savedGame"
ESC = "\x1b"

#: Headers of the obfuscated command list.  ``!VCSK`` (VASSAL up to 3.7): a key and then each
#: byte XORed with it, all written as two hex digits.  VASSAL 3.8's sources define binary forms:
#: ``!VOBS`` (also ``VOBS``): a key byte, then the bytes XORed with it; ``!VOXZ``: a key byte,
#: then an XZ stream XORed with it; and a bare XZ stream.  Plain text VASSAL reads as it is.
LEGACY_HEADER = b"!VCSK"
XOR_HEADERS = (b"!VOBS", b"VOBS")
XZ_XOR_HEADER = b"!VOXZ"
XZ_MAGIC = b"\xfd7zXZ\x00"
KNOWN_HEADERS = "!VCSK (VASSAL 3.7 and earlier), !VOBS, VOBS, !VOXZ or a bare XZ stream (VASSAL 3.8), or plain text"


class Board(NamedTuple):
    """A board of the layout: VASL's name (``"01"``), its place in the grid of boards, turned 180°
    (``r`` prefix), and the part of it shown when cropped (x, y, width, height; -1 = whole)."""

    name: str
    col: int
    row: int
    rotated: bool = False
    crop: tuple[int, int, int, int] = (0, 0, -1, -1)
    zoom: float = 1.0


class Stack(NamedTuple):
    """A VASSAL stack: its map and position, and its pieces' ids from the bottom up."""

    id: str
    map: str
    x: int
    y: int
    piece_ids: tuple[str, ...]


class SavedGame(NamedTuple):
    """What a save holds that aslgui reads."""

    file: str
    boards: tuple[Board, ...]
    pieces: tuple[Piece, ...]
    stacks: tuple[Stack, ...]
    #: Commands read but not used (``INFO``, ``NOTES``, extensions ...), by their keyword.
    other_commands: tuple[str, ...]
    #: Pieces whose innermost part is not VASSAL's basic piece (decks, at-start objects ...).
    unreadable: int


# -- VASSAL's command list ----------------------------------------------------------------
def flatten_commands(text: str) -> list[str]:
    """Every command of a command list, sub-commands in order after their parent, as VASSAL
    decodes it one level at a time, in one pass: at level k the separators are the ESCs escaped
    exactly k times (``escaped_runs``), so each command is cut out of the text once (linear in
    the text, where splitting level by level was cubic in the depth; a stack, no recursion)."""
    runs = escaped_runs(text, ESC)
    by_level: dict[int, list[int]] = {}
    for index, (_, backslashes) in enumerate(runs):
        by_level.setdefault(backslashes, []).append(index)
    positions = [pos for pos, _ in runs]
    out: list[str] = []
    pending = [(0, len(text), 0)]
    while pending:
        start, end, level = pending.pop()
        cuts = by_level.get(level, [])
        first, last = bisect_left(cuts, bisect_left(positions, start)), bisect_left(cuts, bisect_left(positions, end))
        if first == last:  # one command: the ESCs inside are escaped deeper
            out.append(unescaped(text, start, end, runs[bisect_left(positions, start) : bisect_left(positions, end)],
                                 level + 1))
            continue
        tokens, begin = [], start
        for index in cuts[first:last]:
            tokens.append((begin, positions[index] - level))  # its escapes are not the token's
            begin = positions[index] + 1
        tokens.append((begin, end))
        for a, b in reversed(tokens):
            if b - a > 1 and text[a] == "'" and text[b - 1] == "'":  # a token in quotes loses them
                a, b = a + 1, b - 1
            pending.append((a, b, level + 1))
    return out


# -- the container --------------------------------------------------------------------------
def _read_file(path: str) -> bytes:
    """The file's bytes: a regular file of at most 64 MB, never a FIFO or device (DESIGN.md 9)."""
    try:
        return read_bounded(path, "VASL save")
    except AslError as error:
        raise VsavError(path, error.message, names_file=True) from None


def _saved_game_entry(path: str, data: bytes) -> bytes:
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            try:
                info = archive.getinfo(SAVED_GAME)
            except KeyError:
                names = ", ".join(archive.namelist()[:8]) or "nothing"
                raise VsavError(path, f"a zip but not a VASSAL save: it has no {SAVED_GAME} entry (it holds {names})",
                                SAVED_GAME) from None
            if info.file_size > MAX_TEXT_BYTES:
                raise VsavError(path, f"{SAVED_GAME} is {info.file_size} bytes, over the limit of "
                                f"{MAX_TEXT_BYTES} bytes", SAVED_GAME)
            with archive.open(info) as entry:
                raw = entry.read(MAX_TEXT_BYTES + 1)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, OSError, NotImplementedError, RuntimeError) as error:
        raise VsavError(path, f"not a readable VASSAL save (a zip): {error}") from None
    except VsavError:  # an AslError, so a ValueError: said as it is, not as a corrupt zip
        raise
    except (ValueError, zlib.error) as error:  # corrupt compressed data
        raise VsavError(path, f"the zip is corrupt: {error}") from None
    if len(raw) > MAX_TEXT_BYTES:
        raise VsavError(path, f"{SAVED_GAME} is larger than the limit of {MAX_TEXT_BYTES} bytes", SAVED_GAME)
    return raw


def _xor(data: bytes, key: int) -> bytes:
    return data.translate(bytes(i ^ key for i in range(256)))


def _unxz(path: str, data: bytes) -> bytes:
    import lzma  # only 3.8 saves need it

    try:
        decompressor = lzma.LZMADecompressor(format=lzma.FORMAT_XZ)
        text = decompressor.decompress(data, max_length=MAX_TEXT_BYTES + 1)
    except lzma.LZMAError as error:
        raise VsavError(path, f"the XZ-compressed command list is corrupt: {error}", SAVED_GAME) from None
    if len(text) > MAX_TEXT_BYTES:
        raise VsavError(path, f"the command list is larger than the limit of {MAX_TEXT_BYTES} bytes", SAVED_GAME)
    if not decompressor.eof:
        raise VsavError(path, "the XZ-compressed command list is truncated", SAVED_GAME)
    return text


def deobfuscate(path: str, raw: bytes) -> str:
    """The command text of a ``savedGame`` entry in any form VASSAL writes; others are refused."""
    if raw.startswith(LEGACY_HEADER):
        body = raw[len(LEGACY_HEADER) :]
        if len(body) < 2:
            raise VsavError(path, "the obfuscation key is missing after !VCSK", SAVED_GAME)
        try:
            key = int(body[:2].decode("ascii"), 16)
        except ValueError:
            raise VsavError(path, f"bad obfuscation key {body[:2]!r} after !VCSK", SAVED_GAME) from None
        if len(body) % 2:
            raise VsavError(path, "the obfuscated text is truncated (an odd number of hex digits)", SAVED_GAME)
        try:
            plain = _xor(bytes.fromhex(body[2:].decode("ascii")), key)
        except ValueError:
            raise VsavError(path, "the obfuscated text holds a character that is no hex digit", SAVED_GAME) from None
    elif raw.startswith(XZ_XOR_HEADER) or raw.startswith(XOR_HEADERS):
        header = next(h for h in (XZ_XOR_HEADER, *XOR_HEADERS) if raw.startswith(h))
        if len(raw) <= len(header):
            raise VsavError(path, f"the obfuscation key is missing after {header.decode()}", SAVED_GAME)
        key = raw[len(header)]
        plain = _xor(raw[len(header) + 1 :], key)
        if header == XZ_XOR_HEADER:
            plain = _unxz(path, plain)
    elif raw.startswith(XZ_MAGIC):
        plain = _unxz(path, raw)
    elif raw.startswith(b"begin_save"):  # not obfuscated: VASSAL reads plain text as it is
        plain = raw
    else:
        shown = raw[:8].decode("latin-1").encode("unicode_escape").decode("ascii")
        raise VsavError(path, f"{SAVED_GAME} starts with {shown!r}, not {KNOWN_HEADERS}", SAVED_GAME)
    return plain.decode("utf-8", errors="replace")


# -- boards ---------------------------------------------------------------------------------
def parse_boards(path: str, command: str) -> list[Board]:
    """Boards of a ``bd`` command: ``x, y, [r]name, [crop x, y, w, h,] VER, version, overlays...,
    [SSR, changes] [ZOOM, magnification]`` per board, boards separated by a new ``bd`` (VASL's
    ``ASLBoard`` state).  Empty tokens do not count, as in VASL's reader."""
    boards: list[Board] = []
    for part in command[3:].split("bd\t"):
        tokens = [t for t in part.replace("\n", "\t").split("\t") if t]
        if not tokens:
            continue
        if len(tokens) < 3:
            raise VsavError(path, f"board entry {part!r} is truncated", "bd")
        try:
            col, row = int(tokens[0]), int(tokens[1])
        except ValueError:
            raise VsavError(path, f"board entry {part!r} has no column/row numbers", "bd") from None
        if col < 0 or row < 0 or col > 99 or row > 99:
            raise VsavError(path, f"board entry {part!r} is placed at column {col}, row {row}", "bd")
        name = tokens[2]
        rotated = name.startswith("r") and len(name) > 1
        if rotated:
            name = name[1:]
        crop = (0, 0, -1, -1)
        rest = tokens[3:]
        if len(rest) >= 4 and all(t.lstrip("-").isdigit() for t in rest[:4]):
            crop = (int(rest[0]), int(rest[1]), int(rest[2]), int(rest[3]))
        zoom = 1.0
        if "ZOOM" in rest[:-1]:
            try:
                zoom = float(rest[rest.index("ZOOM") + 1])
            except ValueError:
                zoom = 1.0
            if not 0.1 <= zoom <= 10:
                zoom = 1.0
        boards.append(Board(name, col, row, rotated, crop, zoom))
    return boards


# -- pieces ---------------------------------------------------------------------------------
def _stack(path: str, stack_id: str, state_text: str) -> Stack:
    fields = decode_sequence(state_text, ";")
    if len(fields) < 3:
        raise VsavError(path, f"stack {stack_id} has no map position (a truncated command)", f"stack {stack_id}")
    x, y = int_field(fields[1], 0), int_field(fields[2], 0)
    return Stack(stack_id, fields[0], x, y, tuple(f for f in fields[3:] if f))


def parse_commands(path: str, text: str) -> SavedGame:
    """Boards, pieces and stacks of a command text (begin_save ... end_save)."""
    if text.count(ESC) >= MAX_COMMANDS:  # each command but the last ends at an ESC
        raise VsavError(path, f"the command list holds more than the limit of {MAX_COMMANDS:,} commands", SAVED_GAME)
    commands = flatten_commands(text)
    meaningful = [c for c in commands if c]
    if not meaningful or meaningful[0] != "begin_save":
        raise VsavError(path, "the command list does not start with begin_save (a wrong key or not a save)", SAVED_GAME)
    if meaningful[-1] != "end_save":
        raise VsavError(path, "the command list does not end with end_save: the save is truncated", SAVED_GAME)
    boards: list[Board] = []
    pieces: list[Piece] = []
    stacks: list[Stack] = []
    other: list[str] = []
    unreadable = 0
    for command in meaningful[1:-1]:
        if command.startswith("+/"):
            fields = decode_sequence(command, "/")
            if len(fields) < 4:
                raise VsavError(path, f"piece command {command[:40]!r} is truncated", SAVED_GAME)
            piece_id, type_text, state_text = fields[1], fields[2], fields[3]
            if type_text == "stack":
                stacks.append(_stack(path, piece_id, state_text))
                continue
            piece = parse_piece(path, piece_id, type_text, state_text)
            if piece is None:
                unreadable += 1
            else:
                pieces.append(piece)
        elif command.startswith("bd\t"):
            found = parse_boards(path, command)
            # VASL repeats the layout; the last one is what the map shows.
            if found:
                boards = found
        else:
            other.append(command.split("\t", 1)[0][:40])
    return SavedGame(path, tuple(boards), tuple(pieces), tuple(stacks), tuple(other), unreadable)


def read_vsav(path: str | os.PathLike[str]) -> SavedGame:
    """Read a ``.vsav`` file; VsavError (naming the file) for anything it cannot read."""
    name = os.fspath(path)
    raw = _saved_game_entry(name, _read_file(name))
    return parse_commands(name, deobfuscate(name, raw))


def stacks_of(game: SavedGame) -> Iterator[tuple[Stack | None, list[Piece]]]:
    """Each stack with its pieces bottom up, and each piece in no stack on its own, in the
    order the save lists the pieces (a stack where its first piece is)."""
    by_id: dict[str, Piece] = {p.id: p for p in game.pieces}
    stack_of: dict[str, Stack] = {}
    for stack in game.stacks:
        for piece_id in stack.piece_ids:
            stack_of.setdefault(piece_id, stack)
    done: set[str] = set()
    for piece in game.pieces:
        if piece.id in done:
            continue
        home = stack_of.get(piece.id)
        if home is None:
            done.add(piece.id)
            yield None, [piece]
            continue
        members = [by_id[i] for i in home.piece_ids if i in by_id and i not in done and stack_of[i] is home]
        done.update(p.id for p in members)
        yield home, members
