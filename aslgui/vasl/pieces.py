"""VASSAL's piece definitions as VASL writes them: in a save's ``+/id/type/state`` commands and in
the module's PieceSlots alike, so both readers decode counters one way.

Type and state texts nest one level per trait, the outermost first and VASSAL's basic piece
(image, name, position) innermost, each level escaped one backslash deeper (VASSAL's
``SequenceEncoder``: a delimiter inside a token gets a backslash before it, a token ending in a
backslash or wrapped in quotes is quoted).  What a player sees of a counter comes from its traits:
Layers (``emb2``) swap its image and name (``4-5-8 Esq`` shown as ``4-4-7 1sq``) or add to the
name (``+ BU``, ``broken +``), a rotator turns it (``rotate``), ``hide``/``conceal`` hide or
conceal it, a ``?`` counter is a piece with the ``concealment`` trait, and ``prototype`` traits
name the module's shared trait sets (``ruCTtur``).  Learned from VASSAL's and VASL's sources,
written here from scratch (DESIGN.md sections 8 and 11).
"""

from __future__ import annotations

from typing import NamedTuple

from aslgui.errors import AslError


class VsavError(AslError):
    """A save aslgui cannot read; names the file, and in ``path`` the part of it (DESIGN.md 8)."""

    def __init__(self, file: str, message: str, path: str = "", names_file: bool = False) -> None:
        super().__init__(message if names_file else f"{file}: {message}", path)
        self.file = file

    def to_json(self) -> dict[str, str]:
        return {**super().to_json(), "file": self.file}


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
    #: The module's PieceSlot id it was made from (DESIGN.md 11), "" when the save does not say.
    gpid: str = ""
    #: Its ``info`` traits' texts (VASL's special ammunition and notes: ``CS 6,sD7,A6^2^/5^3^``).
    info: tuple[str, ...] = ()

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
    def visible_image(self) -> str:
        """The image the counter shows: its outermost active Layer's, else its basic piece's."""
        return next((layer.image for layer in reversed(self.layers) if layer.image), self.basic_image)

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


def escaped_runs(text: str, delimiter: str) -> list[tuple[int, int]]:
    """Every delimiter of a nested sequence as (position, backslashes right before it): one
    ``re`` pass.  Each level of nesting escapes a delimiter once more, so the backslashes say at
    which level it separates, and no level need be split and joined again (that was cubic in the
    depth: a 47 KB save nested 8,000 deep took minutes)."""
    import re

    return [(m.end() - 1, m.end() - 1 - m.start()) for m in re.finditer(r"(?<!\\)\\*" + re.escape(delimiter), text)]


def unescaped(text: str, start: int, end: int, runs: list[tuple[int, int]], drop: int) -> str:
    """``text[start:end]`` with ``drop`` backslashes taken from before each delimiter in ``runs``
    (those inside, each escaped at least that often), then unquoted: a token as decoded after
    ``drop`` levels."""
    parts, at = [], start
    for pos, _ in runs:
        parts.append(text[at : pos - drop])
        at = pos
    parts.append(text[at:end])
    return _unquote("".join(parts))


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
    """``nested_levels`` the way VASSAL decodes one level after another (each level the first
    delimiter no backslash precedes; the rest unescaped once and unquoted), in one pass: at level
    k a tab escaped k times or fewer has no backslash left, so it is the level's separator."""
    runs = escaped_runs(text, "\t")
    levels: list[str] = []
    start, end, j, level = 0, len(text), 0, 0
    while True:
        first = j
        while j < len(runs) and runs[j][1] > level:
            j += 1
        if j == len(runs):
            levels.append(unescaped(text, start, end, runs[first:], level + 1))
            return levels
        cut, escapes = runs[j]
        levels.append(unescaped(text, start, cut - escapes, runs[first:j], level + 1))
        start, j, level = cut + 1, j + 1, level + 1
        if end - start > 1 and text[start] == "'" and text[end - 1] == "'":  # the rest, unquoted
            start, end = start + 1, end - 1


def int_field(text: str, default: int) -> int:
    """An integer field, or ``default`` (VASSAL's ``nextInt``); no exception on the common path."""
    digits = text.strip()
    if digits[:1] == "-":
        digits = digits[1:]
    return int(text) if digits.isascii() and digits.isdigit() else default


# -- traits -------------------------------------------------------------------------------
def layer_levels(type_text: str) -> tuple[list[str], list[str]]:
    """The images and names of a Layer trait's levels (``emb2``, or the old ``emb`` form: keys,
    commands, offsets, then image,name pairs), level 1 first."""
    if type_text.startswith("emb2;"):
        fields = decode_sequence(type_text[5:], ";")
        images = decode_sequence(fields[15], ",") if len(fields) > 15 else []
        names = decode_sequence(fields[16], ",") if len(fields) > 16 else []
        return images, names
    fields = decode_sequence(type_text[4:], ";")
    pairs = [decode_sequence(f, ",") for f in fields[7:]]
    return [p[0] for p in pairs], [p[1] if len(p) > 1 else "" for p in pairs]


def layer_shown(state_text: str) -> int:
    """The level a Layer shows (1 = its first), 0 or less while it is switched off."""
    return int_field(decode_sequence(state_text, ";")[0], -1)


def _layer(type_text: str, state_text: str) -> Layer | None:
    """The active level of a Layer trait, or None when it is inactive or shows nothing."""
    value = layer_shown(state_text)
    if value <= 0:  # inactive (most are): its type need not be read
        return None
    images, names = layer_levels(type_text)
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


def parse_piece(path: str, piece_id: str, type_text: str, state_text: str) -> Piece | None:
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
    info: list[str] = []
    # Inside out, as VASSAL applies a Layer's name to what the traits inside it made.
    for type_part, state_part in zip(reversed(types[:-1]), reversed(states[: len(types) - 1]), strict=True):
        trait = type_part.split(";", 1)[0]
        if trait in ("emb2", "emb"):
            layer = _layer(type_part, state_part)
            if layer is not None:
                layers.append(layer)
        elif trait == "rotate":
            if int_field(decode_sequence(type_part[7:], ";")[0], 1) == 6:
                rotation = int_field(state_part, 0) % 6
        elif trait == "hide":
            hidden = state_part.strip() not in ("", "null")
        elif trait == "conceal":
            concealed = decode_sequence(state_part, ";")[0].strip() not in ("", "null")
        elif trait == "info":
            info.append(type_part[5:])
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
        gpid=position[3].strip() if len(position) > 3 else "",
        info=tuple(reversed(info)),
    )
