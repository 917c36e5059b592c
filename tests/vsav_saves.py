"""Small VASL saves written by the tests themselves, in VASSAL's format (DESIGN.md section 8).

The always-run tests never use the real saves in ``../shared``: they build theirs here, with
the same encoding VASSAL writes (SequenceEncoder escaping, one Decorator per trait nested with
tabs, ESC-separated commands, a zip whose ``savedGame`` is obfuscated).  Positions are VASL
Main Map pixels: the 400 px margin, then boards of 1800 x 645 px.
"""

from __future__ import annotations

import io
import lzma
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

from aslgui.geometry import Hex, MapGrid
from aslgui.geometry.mapgrid import BOARD_PIXEL_HEIGHT, BOARD_PIXEL_WIDTH, COLUMN_LETTERS

ESC = "\x1b"
MARGIN = 400
#: The real VASL saves, ``../shared/vasl/vsav`` beside the repository (or beside the folder of
#: worktrees holding it); tests that use them skip when it is absent (a user's clone).
REAL_SAVES = next(
    (
        d / "shared" / "vasl" / "vsav"
        for d in Path(__file__).resolve().parents[1].parents
        if (d / "shared" / "vasl").is_dir()
    ),
    Path(__file__).resolve().parents[2] / "shared" / "vasl" / "vsav",
)


def encode_sequence(tokens: Sequence[str], delimiter: str) -> str:
    """VASSAL's SequenceEncoder: each delimiter in a token gets a backslash before it, and a
    token ending in a backslash or already in single quotes is wrapped in single quotes."""
    out = []
    for token in tokens:
        escaped = token.replace(delimiter, "\\" + delimiter)
        if token.endswith("\\") or (token.startswith("'") and token.endswith("'")):
            escaped = f"'{escaped}'"
        out.append(escaped)
    return delimiter.join(out)


def nest(levels: Sequence[str]) -> str:
    """A piece's type or state from its traits' parts, outermost first (Decorator nesting)."""
    text = levels[-1]
    for level in reversed(levels[:-1]):
        text = encode_sequence([level, text], "\t")
    return text


class Trait(NamedTuple):
    """One Decorator: its type and its state."""

    type: str
    state: str


def layer(images: Sequence[str], names: Sequence[str], level: int, activate_key: str = "") -> Trait:
    """A VASSAL Layer (``emb2``) showing ``level`` (1-based; <= 0 inactive)."""
    fields = ["", "2", activate_key, "", "2", "", "", "2", "", "", "", "", "false", "0", "0"]
    fields += [encode_sequence(images, ","), encode_sequence(names, ","), "false", "", "", "", "false", "", "1", "1"]
    return Trait("emb2;" + encode_sequence(fields, ";"), str(level))


def rotator(index: int) -> Trait:
    """A six-facing rotator turned ``index`` steps of 60° clockwise."""
    return Trait("rotate;6;88,130;90,130;CA cw;CA ccw;;;", str(index))


def arc_layer(prefix: str, spine_number: int) -> Trait:
    """VASL's CA Layer: levels name hexspines 3, 4, 5, 6, 1, 2 (level 1 = unrotated = 3)."""
    order = [3, 4, 5, 6, 1, 2]
    return layer([" "] * 6, [f"+ {prefix}{n}" for n in order], order.index(spine_number) + 1)


def hidden(by: str | None) -> Trait:
    return Trait("hide;72,130;HIP;;player:;0.3", by or "null")


def concealable(by: str | None) -> Trait:
    return Trait("conceal;C;ge/geqmark;ge;;", encode_sequence([by or "null", ""], ";"))


def piece(
    piece_id: str,
    name: str,
    image: str,
    x: float,
    y: float,
    traits: Sequence[Trait] = (),
    map_name: str = "Main Map",
    gpid: str = "42",
) -> str:
    """An add-piece command ``+/id/type/state``; ``traits`` outermost first; ``gpid`` the module's
    PieceSlot it was made from."""
    basic_type = "piece;" + encode_sequence(["K", "D", image, name], ";")
    basic_state = encode_sequence([map_name, str(round(x)), str(round(y)), gpid], ";")
    type_text = nest([t.type for t in traits] + [basic_type])
    state_text = nest([t.state for t in traits] + [basic_state])
    return encode_sequence(["+", piece_id, type_text, state_text], "/")


def stack(stack_id: str, x: float, y: float, piece_ids: Sequence[str], map_name: str = "Main Map") -> str:
    return encode_sequence(
        ["+", stack_id, "stack", encode_sequence([map_name, str(round(x)), str(round(y)), *piece_ids], ";")], "/"
    )


def boards(*entries: tuple[int, int, str]) -> str:
    """A ``bd`` command: (column, row, name) per board, ``r`` + name for a turned board."""
    return "bd\t" + "bd\t".join(f"{col}\t{row}\t{name}\tVER\t6.1\t" for col, row, name in entries)


def command_list(commands: Sequence[str]) -> str:
    """VASSAL's restore command: begin_save, the pieces as one composite command, the rest."""
    pieces = [c for c in commands if c.startswith("+/")]
    others = [c for c in commands if not c.startswith("+/")]
    composite = encode_sequence(["", *pieces], ESC)
    return encode_sequence(["begin_save", "", composite, *others, "end_save"], ESC)


def obfuscate(text: str, header: str = "!VCSK", key: int = 0x5A) -> bytes:
    """``savedGame`` bytes in one of the forms VASSAL writes."""
    data = text.encode("utf-8")
    xored = bytes(b ^ key for b in data)
    if header == "!VCSK":
        return b"!VCSK" + f"{key:02x}{xored.hex()}".encode("ascii")
    if header in ("!VOBS", "VOBS"):
        return header.encode("ascii") + bytes([key]) + xored
    compressed = lzma.compress(data, format=lzma.FORMAT_XZ)
    if header == "!VOXZ":
        return b"!VOXZ" + bytes([key]) + bytes(b ^ key for b in compressed)
    return compressed  # a bare XZ stream


def save_bytes(commands: Sequence[str], header: str = "!VCSK", saved_game: bytes | None = None) -> bytes:
    """The .vsav zip of a command list."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(
            "savedGame", saved_game if saved_game is not None else obfuscate(command_list(commands), header)
        )
        archive.writestr("savedata", "<data/>")
        archive.writestr("moduledata", "<data><name>VASL</name></data>")
    return buffer.getvalue()


def hex_pixel(local: str, col: int = 0, row: int = 0, rotated: bool = False) -> tuple[float, float]:
    """Main Map pixel of a hex's centre on the board at (col, row), e.g. ``"E5"``."""
    letters = local.rstrip("0123456789")
    h = Hex(COLUMN_LETTERS.index(letters), int(local[len(letters) :]))
    x, y = MapGrid.center(h)
    if rotated:
        x, y = BOARD_PIXEL_WIDTH - x, BOARD_PIXEL_HEIGHT - y
    return MARGIN + col * BOARD_PIXEL_WIDTH + x, MARGIN + row * BOARD_PIXEL_HEIGHT + y


# -- counters as VASL builds them -------------------------------------------------------------
def squad(piece_id: str, x: float, y: float, broken: bool = False, elr_level: int = 2) -> str:
    """A Russian squad: basic name ``4-5-8 Esq``, its ELR Layer showing level 2 (``4-4-7 1sq``)."""
    return piece(
        piece_id,
        "4-5-8 Esq",
        " ",
        x,
        y,
        [
            concealable(None),
            layer(["ru/rus8b", "ru/rus7b"], ["broken +", "broken +"], elr_level if broken else -elr_level, "F"),
            layer(["ru/ru458S", "ru/ru447S", "ru/ru426S"], ["4-5-8 Esq", "4-4-7 1sq", "4-2-6 Csq"], elr_level),
        ],
    )


def vehicle(
    piece_id: str, name: str, image: str, x: float, y: float, rotation: int = 0, turret: bool = True, bu: bool = True,
    gpid: str = "42",
) -> str:
    """A vehicle as VASL carries it: rotator, VCA/TCA Layers kept in step, BU/CE Layer."""
    spine = (2 + rotation) % 6 + 1
    traits = [rotator(rotation), layer([" ", " "], ["+ BU", "+ CE"], 1 if bu else 2)]
    if turret:
        traits.append(arc_layer("tca", spine))
    traits.append(arc_layer("vca", spine))
    return piece(piece_id, name, image, x, y, traits, gpid=gpid)


def gun(piece_id: str, name: str, image: str, x: float, y: float, rotation: int = 0, gpid: str = "42") -> str:
    spine = (2 + rotation) % 6 + 1
    return piece(piece_id, name, image, x, y, [rotator(rotation), arc_layer("ca", spine)], gpid=gpid)


def marker(piece_id: str, name: str, x: float, y: float) -> str:
    return piece(piece_id, name, "", x, y)


def concealment(piece_id: str, x: float, y: float, nationality: str = "ru") -> str:
    return piece(piece_id, "?", f"{nationality}/{nationality}qmark", x, y, [Trait("concealment;password;ru", "")])


def decode_id(command: str) -> str:
    """The piece id of an add-piece command (for building its stack)."""
    return command.split("/", 2)[1]
