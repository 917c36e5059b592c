"""Reading a VASL save (``.vsav``): the zip, the obfuscated command text, the boards and pieces.

A save is a zip whose ``savedGame`` entry holds VASSAL's command list, obfuscated.  The text
is commands separated by ESC; a command holding sub-commands is itself such a list, its ESCs
escaped one backslash deeper at each level (VASSAL's ``SequenceEncoder``: a delimiter inside a
token gets a backslash before it, a token ending in a backslash or wrapped in quotes is
quoted).  A piece is ``+/id/type/state``; its type and state nest the same way with tabs, one
level per trait, the outermost trait first and VASSAL's basic piece (image, name, position)
innermost.  ``bd`` places the boards (VASL's ``ASLBoard`` state, one board after another).

What a player sees of a counter comes from its traits: Layers (``emb2``) swap its image and
name (``4-5-8 Esq`` shown as ``4-4-7 1sq``) or add to the name (``+ BU``, ``broken +``), a
rotator turns it (``rotate``), ``hide``/``conceal`` hide or conceal it, and a ``?`` counter is
a piece with the ``concealment`` trait.  This module reads those facts and nothing more;
``vsav_import`` turns them into a scenario.  Learned from VASSAL's and VASL's sources, written
here from scratch (DESIGN.md section 8).
"""

from __future__ import annotations

import io
import os
import zipfile
import zlib
from collections.abc import Iterator
from typing import NamedTuple

from aslgui.errors import AslError
from aslgui.user_files import read_bounded

#: The most command text aslgui unpacks from a save (the file itself is read up to 64 MB).
MAX_TEXT_BYTES = 256 * 1024 * 1024
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


class VsavError(AslError):
    """A save aslgui cannot read; names the file, and in ``path`` the part of it (DESIGN.md 8)."""

    def __init__(self, file: str, message: str, path: str = "", names_file: bool = False) -> None:
        super().__init__(message if names_file else f"{file}: {message}", path)
        self.file = file

    def to_json(self) -> dict[str, str]:
        return {**super().to_json(), "file": self.file}


class Board(NamedTuple):
    """A board of the layout: VASL's name (``"01"``), its place in the grid of boards, turned 180°
    (``r`` prefix), and the part of it shown when cropped (x, y, width, height; -1 = whole)."""

    name: str
    col: int
    row: int
    rotated: bool = False
    crop: tuple[int, int, int, int] = (0, 0, -1, -1)
    zoom: float = 1.0


class Layer(NamedTuple):
    """One active Layer trait: the image it shows and what it does to the name: ``replace`` (the
    whole name, e.g. ``4-4-7 1sq``), or ``prefix``/``suffix`` text (``broken``, ``vca3``)."""

    image: str
    effect: str
    text: str


class Piece(NamedTuple):
    """A counter as VASL shows it: where it is, its name and art, and the facts of its traits."""

    id: str
    map: str
    x: int
    y: int
    basic_name: str
    basic_image: str
    #: Active Layers, innermost first (VASSAL applies them inside out).
    layers: tuple[Layer, ...]
    #: Facing index of a six-way rotator (0 = unrotated, +1 = 60° clockwise), else None.
    rotation: int | None
    #: Hidden (HIP) by a player, or concealed by its own Concealable trait.
    hidden: bool
    concealed: bool
    #: A ``?`` counter: it conceals what lies under it.
    is_concealment: bool

    @property
    def name(self) -> str:
        """The name VASSAL shows: Layers applied to the basic name, innermost first."""
        name = self.basic_name
        for layer in self.layers:
            if layer.effect == "replace":
                name = layer.text
            elif layer.effect == "prefix":
                name = layer.text + name
            elif layer.effect == "suffix":
                name = name + layer.text
        return name

    @property
    def identity(self) -> tuple[str, str]:
        """Name and image of what the counter is: the outermost Layer that replaces the whole
        name (a squad's ELR side, a half-squad), else the basic piece."""
        name, image = self.basic_name, self.basic_image
        for layer in self.layers:
            if layer.effect == "replace":
                name, image = layer.text, layer.image
        return name, image

    @property
    def modifiers(self) -> tuple[str, ...]:
        """The words active Layers add around the identity (``BU``, ``vca3``, ``broken``), in the
        order VASSAL adds them; ones a later full replacement overwrote are gone, as in VASSAL."""
        words: list[str] = []
        for layer in self.layers:
            if layer.effect == "replace":
                words = []
            elif layer.text.strip():
                words.append(layer.text.strip())
        return tuple(words)


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


# -- VASSAL's SequenceEncoder ---------------------------------------------------------------
def _unquote(token: str) -> str:
    if len(token) > 1 and token[0] == "'" and token[-1] == "'":
        return token[1:-1]
    return token


def decode_sequence(text: str, delimiter: str) -> list[str]:
    """The tokens of one level of a VASSAL sequence: split at each delimiter that no backslash
    precedes; an escaped delimiter stays in its token without the backslash; a token wrapped in
    single quotes loses them.  A trailing delimiter leaves one empty token after it."""
    parts = text.split(delimiter)
    if "\\" + delimiter not in text and "'" not in text:
        return parts
    tokens: list[str] = []
    pieces = [parts[0]]
    for part in parts[1:]:
        last = pieces[-1]
        if last.endswith("\\"):
            pieces[-1] = last[:-1]
            pieces.append(part)
        else:
            tokens.append(_unquote(delimiter.join(pieces)))
            pieces = [part]
    tokens.append(_unquote(delimiter.join(pieces)))
    return tokens


def flatten_commands(text: str) -> list[str]:
    """Every command of a command list, sub-commands in order after their parent, one level at
    a time (a stack instead of recursion, so deep nesting cannot exhaust Python's)."""
    out: list[str] = []
    pending = [text]
    while pending:
        tokens = decode_sequence(pending.pop(), ESC)
        if len(tokens) == 1:
            out.append(tokens[0])
        else:
            pending.extend(reversed(tokens))
    return out


def _first_and_rest(text: str, delimiter: str) -> tuple[str, str | None]:
    """The first token of a sequence and the rest unescaped one level, as one string: what
    ``decode_sequence`` gives for a Decorator's two tokens, without splitting the deeper levels
    (a piece nests 30-40 traits; splitting every level at every step would be quadratic)."""
    escaped = "\\" + delimiter
    start = 0
    while True:
        i = text.find(delimiter, start)
        if i < 0:
            return _unquote(text.replace(escaped, delimiter)), None
        if i > 0 and text[i - 1] == "\\":
            start = i + 1
            continue
        return _unquote(text[:i].replace(escaped, delimiter)), _unquote(text[i + 1 :].replace(escaped, delimiter))


def nested_levels(text: str) -> list[str]:
    """A piece's type or state split into its traits, outermost first: each Decorator writes
    ``mine<TAB>inner`` with the inner part escaped one level deeper.

    Traits hold no tabs of their own, so in a well-formed piece the k-th tab (from 0) is the
    k-th separator and has exactly k backslashes before it: one pass finds them all.  Anything
    else (a quoted part, a trait with its own tabs) takes the level-by-level decoding."""
    levels: list[str] = []
    start = 0
    k = 0
    while True:
        i = text.find("\t", start)
        if i < 0:
            break
        cut = i - k
        if cut < start or text[cut:i] != "\\" * k or (cut > start and text[cut - 1] == "\\"):
            return _nested_levels_slowly(text)
        levels.append(text[start:cut])
        start = i + 1
        k += 1
    levels.append(text[start:])
    if "'" in text and any(level[:1] == "'" or level[-1:] == "'" for level in levels):
        return _nested_levels_slowly(text)
    return levels


def _nested_levels_slowly(text: str) -> list[str]:
    levels: list[str] = []
    rest: str | None = text
    while rest is not None:
        first, rest = _first_and_rest(rest, "\t")
        levels.append(first)
    return levels


def _int(text: str, default: int) -> int:
    """An integer field, or ``default`` (VASSAL's ``nextInt``); no exception on the common path."""
    digits = text.strip()
    if digits[:1] == "-":
        digits = digits[1:]
    return int(text) if digits.isascii() and digits.isdigit() else default


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
                raise VsavError(path, f"{SAVED_GAME} is {info.file_size} bytes, over the limit", SAVED_GAME)
            with archive.open(info) as entry:
                raw = entry.read(MAX_TEXT_BYTES + 1)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, OSError, NotImplementedError, RuntimeError) as error:
        raise VsavError(path, f"not a readable VASSAL save (a zip): {error}") from None
    except VsavError:  # an AslError, so a ValueError: said as it is, not as a corrupt zip
        raise
    except (ValueError, zlib.error) as error:  # corrupt compressed data
        raise VsavError(path, f"the zip is corrupt: {error}") from None
    if len(raw) > MAX_TEXT_BYTES:
        raise VsavError(path, f"{SAVED_GAME} is larger than {MAX_TEXT_BYTES} bytes", SAVED_GAME)
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
        raise VsavError(path, f"the command list is larger than {MAX_TEXT_BYTES} bytes", SAVED_GAME)
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
def _layer(type_text: str, state_text: str) -> Layer | None:
    """The active level of a Layer trait, or None when it is inactive or shows nothing."""
    value = _int(decode_sequence(state_text, ";")[0], -1)
    if value <= 0:  # inactive (most are): its type need not be read
        return None
    if type_text.startswith("emb2;"):
        fields = decode_sequence(type_text[5:], ";")
        images = decode_sequence(fields[15], ",") if len(fields) > 15 else []
        names = decode_sequence(fields[16], ",") if len(fields) > 16 else []
    else:  # the old "emb;" form: keys, commands, offsets, then image,name pairs
        fields = decode_sequence(type_text[4:], ";")
        pairs = [decode_sequence(f, ",") for f in fields[7:]]
        images = [p[0] for p in pairs]
        names = [p[1] if len(p) > 1 else "" for p in pairs]
    if value > max(len(images), len(names)):
        return None
    image = images[value - 1].strip() if value <= len(images) else ""
    common = names[value - 1] if value <= len(names) else ""
    if not common:
        return Layer(image, "none", "")
    halves = decode_sequence(common, "+")
    if len(halves) == 1:
        return Layer(image, "replace", halves[0])
    if halves[0]:
        return Layer(image, "prefix", halves[0])
    return Layer(image, "suffix", halves[1])


def _piece(path: str, piece_id: str, type_text: str, state_text: str) -> Piece | None:
    types = nested_levels(type_text)
    states = nested_levels(state_text)
    states += [""] * (len(types) - len(states))
    basic = types[-1]
    if not basic.startswith("piece;"):
        return None
    basic_fields = decode_sequence(basic[6:], ";")
    basic_fields += [""] * (4 - len(basic_fields))
    position = decode_sequence(states[len(types) - 1], ";")
    if len(position) < 3:
        raise VsavError(path, f"piece {piece_id} has no map position (a truncated command)", f"piece {piece_id}")
    try:
        x, y = int(position[1]), int(position[2])
    except ValueError:
        raise VsavError(
            path, f"piece {piece_id} is at {position[1]!r}, {position[2]!r}, not a pixel", f"piece {piece_id}"
        ) from None
    layers: list[Layer] = []
    rotation: int | None = None
    hidden = concealed = is_concealment = False
    # Inside out, as VASSAL applies a Layer's name to what the traits inside it made.
    for type_part, state_part in zip(reversed(types[:-1]), reversed(states[: len(types) - 1]), strict=True):
        trait = type_part.split(";", 1)[0]
        if trait in ("emb2", "emb"):
            layer = _layer(type_part, state_part)
            if layer is not None:
                layers.append(layer)
        elif trait == "rotate":
            if _int(decode_sequence(type_part[7:], ";")[0], 1) == 6:
                rotation = _int(state_part, 0) % 6
        elif trait == "hide":
            hidden = state_part.strip() not in ("", "null")
        elif trait == "conceal":
            concealed = decode_sequence(state_part, ";")[0].strip() not in ("", "null")
        elif trait == "concealment":
            is_concealment = True
    return Piece(
        id=piece_id,
        map=position[0],
        x=x,
        y=y,
        basic_name=basic_fields[3],
        basic_image=basic_fields[2].strip(),
        layers=tuple(layers),
        rotation=rotation,
        hidden=hidden,
        concealed=concealed,
        is_concealment=is_concealment,
    )


def _stack(path: str, stack_id: str, state_text: str) -> Stack:
    fields = decode_sequence(state_text, ";")
    if len(fields) < 3:
        raise VsavError(path, f"stack {stack_id} has no map position (a truncated command)", f"stack {stack_id}")
    return Stack(stack_id, fields[0], _int(fields[1], 0), _int(fields[2], 0), tuple(f for f in fields[3:] if f))


def parse_commands(path: str, text: str) -> SavedGame:
    """Boards, pieces and stacks of a command text (begin_save ... end_save)."""
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
            piece = _piece(path, piece_id, type_text, state_text)
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
