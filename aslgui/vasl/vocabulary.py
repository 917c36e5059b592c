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

import itertools
import re
from typing import Any, NamedTuple

from aslgui.vasl.pieces import Piece

#: The maps that hold the boards; counters elsewhere (Casualties ...) are not on them.
MAIN_MAPS = frozenset({"Main Map", "Map0"})
#: The art folder of a counter -> its nationality: every nationality folder of VASL's module (its
#: palettes: Axis O/B and Allied O/B; ``ss`` Waffen-SS are German, ``us`` the Korean War Americans,
#: ``nk``/``cc``/``sk``/``un`` the Korean War nations, ``pa`` Partisans in either O/B).
NATIONALITIES = {
    "ge": "german",
    "ss": "german",
    "ru": "russian",
    "am": "american",
    "us": "american",
    "br": "british",
    "fr": "french",
    "it": "italian",
    "ja": "japanese",
    "fi": "finnish",
    "ch": "chinese",
    "hu": "hungarian",
    "ax": "axis minor",
    "al": "allied minor",
    "nk": "north korean",
    "cc": "chinese communist",
    "sk": "south korean",
    "un": "other unc",
    "pa": "partisan",
}
AXIS = frozenset({"german", "italian", "japanese", "finnish", "hungarian", "axis minor", "north korean",
                  "chinese communist"})
#: Nationalities VASL files under either side's O/B: their side comes from the palette (or is unknown).
EITHER_SIDE = frozenset({"partisan"})
#: VASL's palette folders of each side's order of battle.
SIDE_FOLDERS = {"Axis O/B": "axis", "Allied O/B": "allied"}
#: VASL's image folders that hold no nationality's counters (markers, terrain, labels, charts; ``sh``
#: holds counters shared by every nationality: aircraft, parachutes, boats).
NOT_NATIONALITY_FOLDERS = frozenset({"ML", "MS", "DD", "DO", "tables", "sh", "CIDs", "MC"})
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
#: An Infantry counter's name: its strength factors (``4-6-7``, ``4-(1)-7``), then words whose last
#: ends in ``sq`` (squad), ``hs`` (half-squad) or ``cr`` (crew): ``6-2-8 Esq``, ``5-4-8 SSAEsq``,
#: ``6-4-8 Para Esq``, ``2-2-6 Chs``, ``2-2-8 Icr``, ``1-2-7 Vcr``, ``2-2-8 crew``.
INFANTRY_NAME = re.compile(r"^\d+-\(?\d+\)?-\d+\*?\s*(?:[\w()]+\s+)*?(?P<class>[\w()]*?)(?P<size>sq|hs|cr|crew)$")
#: A leader (``9-1``, ``6+1``), also an armor leader (``9-2 AL``) or a named one (``8-0 Gestapo``).
LEADER_NAME = re.compile(r"^\d{1,2}[-+]\d(\s+[A-Z][\w-]*)?$")
INFANTRY_SIZES = {"sq": "squad", "hs": "halfsquad", "cr": "crew", "crew": "crew"}
#: VASL's SMOKE and WP counters as their Layers name them (``White +3 Smoke``, ``Gray +1 WP``), or bare.
SMOKE_NAME = re.compile(r"^(?:(?:White|Gray)\s+\+(?P<drm>\d)\s+)?(?P<kind>Smoke|WP)$", re.IGNORECASE)
#: The Hindrance of each counter's full side (A24: SMOKE +3, WP +2); one less is its Dispersed side.
SMOKE_DRM = {"smoke": 3, "wp": 2}
#: A vehicle's wreck counter (``PzKw IB Wreck``, ``M3A3(a) Wreck2``).
WRECK_NAME = re.compile(r"\bWreck\d*$")
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
    """The nationality of a piece's art: its identity's, its basic image's or a Layer's folder."""
    images = [piece.identity[1], piece.basic_image, *(layer.image for layer in piece.layers)]
    return next((found for found in map(nationality_of_image, images) if found), "")


def ordnance_kind(name: str, image: str) -> str | None:
    """``vehicle`` or ``gun`` for a counter drawn from VASL's vehicle or Gun art folders (or named as
    a Gun, ``75L AT ...``), else None."""
    folders = image.split("/")
    if "veh" in folders or "vehicles" in folders:
        return "vehicle"
    if "gun" in folders or "guns" in folders or GUN_NAME.match(name.strip()):
        return "gun"
    return None


def nationality_of_image(image: str) -> str:
    """The nationality an art folder names (``ru/veh/T34M43`` is Russian), "" when none."""
    prefix, slash, _ = image.partition("/")
    return NATIONALITIES.get(prefix, "") if slash else ""


#: VASL's O/B palette folders whose nationality is not their name in lower case (``Finnish`` is
#: ``finnish``; ``Waffen SS`` is German).
PALETTE_NATIONALITIES = {"Waffen SS": "german", "Communist Chinese (Korea)": "chinese communist",
                         "Other UNC (Korea)": "other unc"}
#: The two sides of a VASL game, as ``side_of`` names them and an import's units are on (DESIGN.md 11).
ALLIANCES = ("axis", "allied")
#: Every nationality the folders of VASL name (``side_of`` tells its side).
KNOWN_NATIONALITIES = frozenset(NATIONALITIES.values())


def nationality_of_slot(image: str, folder: tuple[str, ...]) -> str:
    """A PieceSlot's nationality: its art's folder's, else the O/B palette folder it sits in
    (``Finnish`` under ``Axis O/B``: VASL files some art, ``fi120MTR``, in no folder); "" when neither."""
    found = nationality_of_image(image)
    if found:
        return found
    for side, part in itertools.pairwise(folder):
        name = PALETTE_NATIONALITIES.get(part, part.lower())
        if side in SIDE_FOLDERS and name in KNOWN_NATIONALITIES:
            return name
    return ""


def side_of(nationality: str, folder: tuple[str, ...] = ()) -> str:
    """``axis`` or ``allied``: the side of a nationality, else of the palette O/B its counter comes
    from (``folder``, a PieceSlot's palette folders); ``unknown`` when neither says."""
    by_folder = next((SIDE_FOLDERS[part] for part in folder if part in SIDE_FOLDERS), None)
    if nationality and nationality not in EITHER_SIDE:
        return "axis" if nationality in AXIS else "allied"
    return by_folder or "unknown"


def unknown_folder(image: str) -> str | None:
    """The art folder of a counter's image when it is no nationality folder aslgui knows (``xx`` of
    ``xx/veh/t1``), for the import's report; None for a known folder or an image with none."""
    prefix, slash, _ = image.partition("/")
    return prefix if slash and prefix not in NATIONALITIES and prefix not in NOT_NATIONALITY_FOLDERS else None


#: The class letters of an Elite squad or half-squad (A1.25) in VASL's names: ``E`` (``Esq``,
#: ``AEsq``, ``SSAEsq``), the Waffen-SS (``SSsq``) and German paratroops (``FJsq``).
ELITE_CLASS = re.compile(r"E$|^SS|^FJ")


def is_elite(name: str) -> bool:
    """An Elite squad or half-squad (A1.25): ``6-2-8 Esq``, ``6-5-8 SSsq``, ``5-4-8 FJsq``, ``2-3-8 Ehs``."""
    infantry = INFANTRY_NAME.match(name.strip())
    return (infantry is not None and infantry.group("size") in ("sq", "hs")
            and ELITE_CLASS.search(infantry.group("class")) is not None)


def smoke_marker(piece: Piece) -> dict[str, Any] | None:
    """A SMOKE or WP counter as the scenario's ``smoke`` lists it: its kind and whether it shows its
    Dispersed side (one less Hindrance than its full side, A24); None for any other piece."""
    found = SMOKE_NAME.match(piece.name.strip())
    if found is None:
        return None
    kind = found.group("kind").lower()
    drm = found.group("drm")
    return {"kind": kind, "dispersed": drm is not None and int(drm) < SMOKE_DRM[kind]}


def classify(piece: Piece) -> Classified:
    """What a counter is, from its name and art (never from guesses beyond them)."""
    name, image = piece.identity
    name = name.strip()
    nationality = nationality_of(piece)
    if piece.is_concealment:
        return Classified(piece, "concealment", "?", nationality)
    smoke = SMOKE_NAME.match(piece.name.strip())
    if smoke:
        return Classified(piece, "smoke", smoke.group("kind").lower(), nationality)
    if name in MARKER_KEYS:
        return Classified(piece, "marker", name, nationality)
    ordnance = ordnance_kind(name, image)
    if ordnance is not None:
        return Classified(piece, "unit", ordnance, nationality)
    infantry = INFANTRY_NAME.match(name)
    if infantry:
        return Classified(piece, "unit", INFANTRY_SIZES[infantry.group("size")], nationality)
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
