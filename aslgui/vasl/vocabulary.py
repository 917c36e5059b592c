"""What VASL's pieces mean, in one place for every reader: a counter's nationality from its art's
folder, which names are markers (and the unit keys they set), which words of a Layer change a
unit (broken, BU, limbered, its CA), and what kind of unit, support weapon or non-unit a counter
is, from its name and art (never from guesses beyond them).

VASL names a counter's CA ``ca``/``vca``/``tca`` 1-6, and VASL's own code fixes the numbering: its
Turreted trait takes an unrotated, whole-rotating vehicle counter's CA to be 3 and offsets the TCA
marker for 1-6 clockwise from the upper right, 3 at the lower right, so 1 is N/NE and 3 is SE/S,
where unrotated art points; every 60° turn clockwise adds one.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from aslgui.vasl.pieces import Piece

#: The maps that hold the boards; counters elsewhere (Casualties ...) are not on them.
MAIN_MAPS = frozenset({"Main Map", "Map0"})
#: The art folder of a counter -> its nationality, and each nationality's side.
NATIONALITIES = {
    "ge": "german",
    "ru": "russian",
    "am": "american",
    "br": "british",
    "fr": "french",
    "it": "italian",
    "ja": "japanese",
    "fi": "finnish",
    "ch": "chinese",
    "ax": "axis minor",
    "al": "allied minor",
}
AXIS = frozenset({"german", "italian", "japanese", "finnish", "axis minor"})
#: VASL's hexspine number (1-6, clockwise from N/NE) of an unrotated counter: SE/S.
UNROTATED_SPINE = 2
#: Marker counters and the unit keys they set on the units under them.
MARKER_KEYS: dict[str, dict[str, Any]] = {
    "Pin": {"pinned": True},
    "CX": {"cx": True},
    "Prep Fire": {"fired": True},
    "First Fire": {"fired": True},
    "Final Fire": {"fired": True},
    "Intensive Fire": {"intensive_fired": True},
    "Bounding Fire": {"bounding_fired": True},
    "Motion": {"motion": True, "stopped": False},
    "TI": {"ti": True},
    "No Move": {"no_move": True},
    "Low Ammo": {"low_ammo": True},
    "BU": {"bu": True},
    "CE": {"ce": True},
}
#: Words VASL's Layers add to a unit's name, and the keys they set.
MODIFIER_KEYS: dict[str, dict[str, Any]] = {
    "broken": {"broken": True},
    "BU": {"bu": True},
    "CE": {"ce": True},
    "Lmbd": {"limbered": True},
    "Malf": {"malfunctioned": True},
    "Wnd": {"wounded": True},
    "Berserk": {"berserk": True},
    "Fanatic": {"fanatic": True},
    "Heroic": {"heroic": True},
}
SPINE_WORD = re.compile(r"^(ca|vca|tca)([1-6])$")
SQUAD_NAME = re.compile(r"^\d+-\d+-\d+\*?\s*([A-Z12])?(sq|hs)\b", re.IGNORECASE)
LEADER_NAME = re.compile(r"^\d{1,2}[-+]\d$")
GUN_NAME = re.compile(r"^(\d+)(\*|LL|L)?\s+(AT|INF|ART|AA|MTR|RCL|IG|OBA)\b")
SW_NAME = re.compile(r"^(LMG|MMG|HMG|\.50cal|ATR|PSK|BAZ|PIAT|FT|DC|LATW|ATMM|PF|MOL)\b|^\d+\*? MTR$")
#: Counters that are no unit, by what they are (the report's words) and how to spot them.
NOT_UNITS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("labels", re.compile(r"^User-Labeled$|^Label")),
    ("set-up outlines", re.compile(r"perimeter$|^Setup", re.IGNORECASE)),
    ("turn, phase and CVP markers", re.compile(r"Turn|Track|CVP|Phase|Casualt", re.IGNORECASE)),
    (
        "fortifications",
        re.compile(r"^(Foxhole|Trench|Wire|Minefield|Mines|Roadblock|Pillbox|Sangar|A-T Ditch|Panji|Tetrahedron|Cave)"),
    ),
    ("environment and reinforcement markers", re.compile(r"^(EC|Wind|No Wind|Reinf|Gusts|Sniper)|Sniper$")),
)



class Classified(NamedTuple):
    """A piece as the import sees it: what it is and who it belongs to."""

    piece: Piece
    role: str  # unit, sw, marker, concealment, skip, unknown
    kind: str  # the unit kind, the marker's name, or the skipped category
    nationality: str


def nationality_of(piece: Piece) -> str:
    images = [piece.identity[1], piece.basic_image, *(layer.image for layer in piece.layers)]
    for image in images:
        prefix = image.split("/", 1)[0]
        if "/" in image and prefix in NATIONALITIES:
            return NATIONALITIES[prefix]
    return ""


def classify(piece: Piece) -> Classified:
    """What a counter is, from its name and art (never from guesses beyond them)."""
    name, image = piece.identity
    name = name.strip()
    nationality = nationality_of(piece)
    folders = image.split("/")
    if piece.is_concealment:
        return Classified(piece, "concealment", "?", nationality)
    if name in MARKER_KEYS:
        return Classified(piece, "marker", name, nationality)
    if "veh" in folders or "vehicles" in folders:
        return Classified(piece, "unit", "vehicle", nationality)
    if "gun" in folders or "guns" in folders or GUN_NAME.match(name):
        return Classified(piece, "unit", "gun", nationality)
    squad = SQUAD_NAME.match(name)
    if squad:
        return Classified(piece, "unit", "squad" if squad.group(2).lower() == "sq" else "halfsquad", nationality)
    if re.search(r"\bcrew\b", name, re.IGNORECASE):
        return Classified(piece, "unit", "crew", nationality)
    if LEADER_NAME.match(name):
        return Classified(piece, "unit", "leader", nationality)
    if SW_NAME.match(name):
        return Classified(piece, "sw", name, nationality)
    if image.startswith("DO/LabelMe"):
        return Classified(piece, "skip", "labels", nationality)
    for what, pattern in NOT_UNITS:
        if pattern.search(name) or image.startswith("tables/"):
            return Classified(piece, "skip", what if not image.startswith("tables/") else NOT_UNITS[2][0], nationality)
    return Classified(piece, "unknown", piece.name.strip() or image or "(unnamed)", nationality)


def spines_of(piece: Piece) -> dict[str, int]:
    """CA/VCA/TCA from VASL's own CA Layers (``vca3`` ...), else from the counter's rotation."""
    spines: dict[str, int] = {}
    for word in piece.modifiers:
        match = SPINE_WORD.match(word)
        if match:
            spines[match.group(1)] = int(match.group(2)) - 1
    return spines
