"""What the printed texts of one VASL counter mean (DESIGN.md 11): ``Printed`` texts into ``CounterValues``.

``counter_svg`` walks the SVG and keeps each labelled text as printed, with its styling; here those
texts are read: an MA's calibre and barrel (C2.21), the MG FPs by mount, the B#/X# (C2.3), the M#
and T# (C10), special ammunition (C8) and a Gun's range.  A text aslgui cannot read is named in
``CounterValues.unread``, never dropped.  Learned from VASL's sources and its counters, written here
from scratch.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, NamedTuple

#: Turret comment -> the Gun Type letters of C3.9/C5 (``T`` fast, ``ST`` slow, ``RST`` restricted slow).
TURRETS = {"Fast Turret": "T", "Slow Turret": "ST", "Restricted Slow Turret": "RST", "One Man Turret": "1MT"}
#: Printed special ammunition letters (C8) -> the ``ammo`` names ``fire`` takes; ``C`` is Canister.
AMMO_CODES = {"A": "APCR", "D": "APDS", "H": "HEAT", "S": "SMOKE", "s": "SMOKE", "WP": "WP", "HE": "HE",
              "AP": "AP", "C": "CANISTER"}
_AMMO_TOKEN = re.compile(r"(WP|HE|AP|s[A-Z]|[ADHSsC])(\d+)")
_GUN_TYPES = frozenset({"AT", "INF", "ART", "AA", "MTR", "RCL"})
_MG_MOUNTS = ("BMG", "CMG", "AAMG")
#: A printed MA: marks before the calibre (``*28LL``, ``^✽^20L(20)``: note references), the calibre, its
#: barrel letters, a star (the short barrel ``75^✽^`` right after the calibre; after ``L``/``LL`` a note
#: reference, ``57L*``), the IFE FP in brackets and any marks after.
_MA = re.compile(r"(?P<pre>(?:\^[^^]*\^|[✽*†‡§#]\s*)*)(?P<cal>\d+(?:\.\d+)?)(?P<barrel>LL|L)?"
                 r"(?P<star>\^[✽*]\^|[✽*])?(?:\((?P<ife>\d+)\))?(?P<rest>(?:\^[^^]*\^|[✽*†‡§#]|\s)*)")
#: An MA that is an MG (``*AAMG``, ``BMG``: its FP printed with the MGs) or a flamethrower (``BF30``, a
#: bow/turret/sponson FT and its FP, printed red): no ordnance, no calibre.
_MG_MA = re.compile(r"(?:\^[^^]*\^|[✽*†‡§#]\s*)*(?:(?:AA|B|C|R)?MG|[BTS]F\d+)(?:\^[^^]*\^|[✽*†‡§#])*")
#: A superscript as ``^..^`` in a marked text (``75^✽^``).
SUPERSCRIPT = re.compile(r"\^([^^]*)\^")
#: A superscript RMG and any note marks after its FP (``R2``, ``R2*``).
_RMG = re.compile(r"R(\d+)([✽*†‡§#]*)")
_FIRST_INT = re.compile(r"\d+")
#: A number whose minus sign is printed against its digits (a heavy tractor's ``T-2``: C10.1's T# may be
#: below zero, letting it tow any Gun whose M# is at least -2).
_SIGNED_INT = re.compile(r"-?\d+")
_MARKS = "✽*†‡§#"


class Printed(NamedTuple):
    """One labelled (or unlabelled) text of a counter as printed."""

    label: str
    #: The printed text, superscripts left out (``75``).
    text: str
    #: The text with its superscripts written ``^..^`` where they stand, as VASL's info texts do (``75^✽^``).
    marked: str
    red: bool
    overline: bool
    underline: bool
    #: Comments inside the element (``Superior Turret Armor``, ``Low Ammo circle...``).
    markers: tuple[str, ...]
    #: The shapes drawn with it: ``circle`` (a filled disc behind it), ``circle outline`` (a circled
    #: value), ``rect outline`` (a box), ``disc`` (a white disc glyph behind a value) ...
    shapes: tuple[str, ...]

    @property
    def sups(self) -> tuple[str, ...]:
        return tuple(SUPERSCRIPT.findall(self.marked))


class MachineGun(NamedTuple):
    """One MG of a vehicle (``mgs`` of DESIGN.md 3): its FP, its mount, marks printed beside it."""

    fp: int
    mount: str
    marks: str = ""


@dataclass(frozen=True)
class CounterValues:
    """What a counter prints, each value None (or empty) when the counter does not print it."""

    stem: str
    name: str | None = None
    #: The Chapter H note number (``16``, ``96b``).
    note: str | None = None
    #: The MA as printed, superscripts as ``^..^`` (``75^✽^``, ``20L(20)``, ``*AAMG``).
    ma: str | None = None
    caliber: float | None = None
    #: Barrel length (C2.21): ``*`` short, ``L`` long, ``LL`` very long, None (normal or no Gun).
    barrel: str | None = None
    #: Marks printed before or after the MA that are not its barrel (note references: the ``*`` of
    #: ``*28LL`` and ``57L*``, a superscript ``✽`` before ``20L(20)``).
    ma_superscripts: tuple[str, ...] = ()
    ma_overline: bool = False
    ma_underline: bool = False
    #: The IFE FP printed in brackets after the MA (``20L(20)``).
    ife: int | None = None
    #: Rate of Fire (C2.24); None when no ROF box is printed.
    rof: int | None = None
    af_front: int | None = None
    af_side: int | None = None
    #: A rear AF printed in its own box (``Rear Armor``); None: the side AF is the rear's too.
    af_rear: int | None = None
    #: A ★ Armor Factor: an unarmored vehicle.
    unarmored: bool = False
    #: ``superior`` (boxed AF) or ``inferior`` (circled AF) turret armour, per facing.
    turret_armor_front: str | None = None
    turret_armor_side: str | None = None
    #: BMG/CMG/AAMG as printed in that order (a superscript ``R#``: an RMG); None when not printed.
    mgs: tuple[MachineGun, ...] | None = None
    mp: int | None = None
    gun_type: str | None = None
    #: Manhandling Number (C10.3) and whether it is circled (C10.11).
    manhandling: int | None = None
    manhandling_circled: bool = False
    pp: int | None = None
    #: Towing Number T# (C10.1).
    towing: int | None = None
    #: B# and X# (C2.3).
    breakdown: int | None = None
    disable: int | None = None
    #: Special ammunition -> depletion number (``{"APCR": 4, "HEAT": 6}``).
    ammo: dict[str, int] = field(default_factory=dict)
    #: ``s``-prefixed devices (``sD`` smoke dispenser, ``sN``, ``sM``, ``sP``) -> their number.
    devices: dict[str, int] = field(default_factory=dict)
    #: Ammunition tokens not (wholly) understood, as printed (``H6[9]``).
    ammo_raw: tuple[str, ...] = ()
    range_min: int | None = None
    range_max: int | None = None
    #: Secondary armament as printed (``BF36``).
    sa: str | None = None
    #: ``T``, ``ST``, ``RST``, ``1MT`` from the turret comment; None: turretless (C3.9).
    turret: str | None = None
    #: Names of the fields above printed in red (``af_front``, ``mp``, ``manhandling`` ...).
    red: tuple[str, ...] = ()
    #: A Gun's side that does not print its values: ``limbered`` (it prints ``Limbered`` and its M#, C10.2)
    #: or ``malfunctioned`` (crossed out, its repair number ``R1``, A9.72/C2.3); its values are on its front.
    side: str | None = None
    #: Each printed text aslgui could not read, with why (``MA '7.5cm?': no calibre ...``).
    unread: tuple[str, ...] = ()
    #: Every labelled text, then every unlabelled one, as printed: nothing is lost.
    labels: tuple[Printed, ...] = ()


def _int(text: str, signed: bool = False) -> int | None:
    found = (_SIGNED_INT if signed else _FIRST_INT).search(text)
    return int(found.group()) if found else None


def _guess(printed: Printed) -> str:
    """The label an unlabelled text of an older layout stands for, by its unmistakable shape."""
    text = printed.text
    patterns = (("PP #", r"\d+\s*PP"), ("Range", r"\[[\d\s-]+\]"), ("Manhandling", r"M\s*(\d+|[✽*†‡§#])"),
                ("Towing #", r"T\d+"), ("Malfunction", r"[BX]\d+"), ("MA", r"\d+(\.\d+)?(LL|L)?(\(\d+\))?"))
    if text in _GUN_TYPES:
        return "Gun Type"
    return next((label for label, pattern in patterns if re.fullmatch(pattern, text)), "")


def special_ammo(text: str) -> tuple[dict[str, int], dict[str, int], tuple[str, ...]]:
    """(ammo, devices, raw) of a printed ammunition text or a VASL info text (``sD7,s8,A6^2^/5^3^``):
    a token ``A4`` is APCR with depletion number 4, ``sD7`` a smoke dispenser; any token not wholly
    understood (``H6[9]``, a year-by-year ``A6^2^/5^3^``, ``CS 4``) is also kept raw."""
    ammo: dict[str, int] = {}
    devices: dict[str, int] = {}
    raw: list[str] = []
    for token in re.split(r"[\s,]+", text.strip()):
        found = _AMMO_TOKEN.match(token)
        if found is None:
            if token:
                raw.append(token)
            continue
        code, number = found.group(1), int(found.group(2))
        if code in AMMO_CODES:
            ammo.setdefault(AMMO_CODES[code], number)
        else:
            devices.setdefault(code, number)
        if found.end() != len(token):
            raw.append(token)
    return ammo, devices, tuple(raw)


def _mgs(marked: str, unread: list[str]) -> tuple[MachineGun, ...] | None:
    """``3/5`` -> BMG 3, CMG 5; ``-/-/4`` -> AAMG 4; ``2x2/2`` -> two BMGs of FP 2, CMG 2 (as the SA
    ``2x45L`` is two 45L guns); a superscript ``R2`` -> RMG 2; other marks
    stay with the MG they follow.  A mount printed as a note mark only (``3/-/*``: its FP is in the
    vehicle's Chapter H note) is named in ``unread``, the other MGs still read.  None when the text is
    not of that form."""
    tokens = marked.split("/")
    if len(tokens) > len(_MG_MOUNTS):
        return None
    guns: list[MachineGun] = []
    for mount, token in zip(_MG_MOUNTS, tokens, strict=False):
        sups = SUPERSCRIPT.findall(token)
        plain = SUPERSCRIPT.sub("", token).strip()
        fp = re.fullmatch(r"(\D*?)(?:(\d+)\s*[x×]\s*)?(\d+)(\D*)", plain)
        if fp:
            marks = fp.group(1) + fp.group(4) + "".join(s for s in sups if not _RMG.fullmatch(s))
            count = int(fp.group(2) or 1)  # ``2x2``: two MGs of FP 2 at that mount (T-28, T-35)
            guns.extend([MachineGun(int(fp.group(3)), mount, marks.replace(" ", ""))] * count)
        elif plain and all(c in _MARKS for c in plain):
            unread.append(f"Machine guns {marked!r}: the {mount} prints {plain!r}, a note reference, no FP")
        elif plain not in ("", "-"):
            return None
        rmgs = filter(None, map(_RMG.fullmatch, sups))  # ``R2*``: an RMG and its note mark (Type 95 Ha-Go)
        guns.extend(MachineGun(int(rmg.group(1)), "RMG", rmg.group(2)) for rmg in rmgs)
    return tuple(guns)


def _malfunction(texts: list[str]) -> dict[str, int]:
    """B#/X# from the malfunction texts: ``X12`` in one (a note mark after it, ``B11*``, is no part of
    the number), or ``B`` and ``11`` in two."""
    found: dict[str, int] = {}
    letters = [t for t in texts if t in ("B", "X")]
    numbers = [int(t) for t in texts if t.isdigit()]
    for letter, number in zip(letters, numbers, strict=False):
        found.setdefault(letter, number)
    for text in texts:
        whole = re.fullmatch(rf"([BX])\s*(\d+)\s*[{_MARKS}]*", text)
        if whole:
            found.setdefault(whole.group(1), int(whole.group(2)))
    return found


def interpret(stem: str, note: str | None, name: str | None, labels: tuple[Printed, ...]) -> CounterValues:
    """The counter's values from its printed texts (labelled first; an unlabelled text stands in
    for a label the counter lacks)."""
    by_label: dict[str, Printed] = {}
    for printed in labels:
        key = printed.label or _guess(printed)
        if key and key not in by_label:
            by_label[key] = printed
    values: dict[str, Any] = {"stem": stem, "name": name, "labels": labels}
    red: list[str] = []

    def text(label: str | Printed, field_name: str = "") -> str | None:
        printed = by_label.get(label) if isinstance(label, str) else label
        if printed is None:
            return None
        if printed.red and field_name:
            red.append(field_name)
        return printed.text

    values["note"] = note or text("Chapter H Note #")
    unread: list[str] = []
    ma = by_label.get("MA")
    if ma is not None:
        values.update(ma=ma.marked, ma_overline=ma.overline, ma_underline=ma.underline)
        if ma.red:
            red.append("ma")
        # VASL's generator writes a note on an underlined MA as a ``*`` below it, after the calibre's text,
        # then the comment ``Note on underline``: a note reference, not the short barrel (C2.21).
        underline_note = "Note on underline" in ma.markers and ma.marked.endswith("*")
        values.update(_ma(ma.marked[:-1] if underline_note else ma.marked, unread))
        if underline_note:
            values["ma_superscripts"] = (*values["ma_superscripts"], "*")
    if values.get("ife") is None and "IFE" in by_label:  # an IFE FP in its own box, ``(24)``, beside the MA
        values["ife"] = _number(by_label["IFE"], "ife", red, unread)
    values["rof"] = _number(by_label.get("ROF"), "rof", red, unread)
    for facing, label in (("front", "Front Armor"), ("side", "Side/Rear Armor"), ("rear", "Rear Armor")):
        if label not in by_label:
            continue
        printed = by_label[label]
        starred = "★" in printed.text and facing != "rear"  # a ★ front or side AF: an unarmored vehicle
        values["unarmored"] = values.get("unarmored", False) or starred
        # ``★``/``★T`` in the Rear Armor box (M12 GMC, Deacon, Ho-Ro): an unarmored rear, no AF to read.
        unarmored_rear = facing == "rear" and "★" in printed.text and _int(printed.text) is None
        values[f"af_{facing}"] = _number(printed, f"af_{facing}", red, [] if starred or unarmored_rear else unread)
        if unarmored_rear:
            unread.append(f"Rear Armor {printed.marked!r}: an unarmored rear (★), no AF aslgui can use; the side AF "
                          "stands in")
        if facing != "rear":
            kind = next((m.split()[0].lower() for m in printed.markers if m.endswith("Turret Armor")), None)
            values[f"turret_armor_{facing}"] = kind
    if "Machine guns" in by_label:
        values["mgs"] = _mgs(by_label["Machine guns"].marked, unread)
        if values["mgs"] is None:
            unread.append(f"Machine guns {by_label['Machine guns'].marked!r}: not BMG/CMG/AAMG FP as 3/5/-")
    movement = by_label.get("Movement")
    values["gun_type"] = text("Gun Type", "gun_type")
    moves_as = movement.text.strip(_MARKS + " ") if movement is not None else ""
    if moves_as in _GUN_TYPES:  # ``*ART`` in the MP box: an emplaced vehicle that fires as a Gun, no MP
        values["gun_type"] = values["gun_type"] or moves_as
    else:
        values["mp"] = _number(movement, "mp", red, unread)
    handling: Printed | None = by_label.get("Manhandling #") or by_label.get("Manhandling")
    if handling is not None:
        values["manhandling"] = _number(handling, "manhandling", red, unread)
        values["manhandling_circled"] = "circle outline" in handling.shapes
    values["pp"] = _number(by_label.get("PP #"), "pp", red, unread)
    values["towing"] = _number(by_label.get("Towing #"), "towing", red, unread, signed=True)
    printed_malfunction = [p for p in labels if (p.label or _guess(p)).startswith("Malfunction")
                           and not p.label.endswith(("Date", "*"))]
    malfunction = _malfunction([p.text for p in printed_malfunction])
    values.update(breakdown=malfunction.get("B"), disable=malfunction.get("X"))
    if any(p.red for p in printed_malfunction):  # a red B11 (OA vz.30)
        red.append("breakdown" if "B" in malfunction else "disable")
    ammo_text = text("Special Ammunition", "ammo")
    if ammo_text:
        values["ammo"], values["devices"], values["ammo_raw"] = special_ammo(ammo_text)
    values.update(_range(by_label.get("Range"), unread))
    values["sa"] = by_label["SA"].marked if "SA" in by_label else None
    if "SA" in by_label and by_label["SA"].red:  # a red SA (a flamethrower, ``BF30``)
        red.append("sa")
    values["turret"] = next((letters for label, letters in TURRETS.items() if label in by_label), None)
    unlabelled = [p.text for p in labels if not p.label]
    values["side"] = ("limbered" if "Limbered" in unlabelled
                      else "malfunctioned" if any(re.fullmatch(r"R\d+", text) for text in unlabelled) else None)
    values.update(red=tuple(red), unread=tuple(unread))
    return CounterValues(**values)


def _range(printed: Printed | None, unread: list[str]) -> dict[str, int | None]:
    """range_min/range_max of a printed Range (``[16]``, ``[(3)✽-70]``); letters after the brackets
    (``[16]TH``) or a text of another shape are named in ``unread``, the brackets still read."""
    if printed is None:
        return {}
    span = re.match(r"\[\s*(?:\(?(\d+)\)?\s*-\s*)?(\d+)\s*\]", printed.text)
    if span is None:
        unread.append(f"Range {printed.marked!r}: not a range in brackets as [16] or [(3)-70]")
        return {}
    if printed.text[span.end():].strip():
        unread.append(f"Range {printed.marked!r}: {printed.text[span.end():].strip()!r} after the range")
    return {"range_min": int(span.group(1)) if span.group(1) else None, "range_max": int(span.group(2))}


def _number(printed: Printed | None, field_name: str, red: list[str], unread: list[str],
            signed: bool = False) -> int | None:
    """The number a labelled box prints (its first digits; ``signed``: with a minus printed against
    them, ``T-2``), None when the counter has no such box; a box whose text holds no number is
    named in ``unread``."""
    if printed is None:
        return None
    if printed.red:
        red.append(field_name)
    found = _int(printed.text, signed)
    if found is None and printed.text:
        unread.append(f"{printed.label or _guess(printed) or field_name} {printed.marked!r}: no number in it")
    return found


def _ma(marked: str, unread: list[str]) -> dict[str, Any]:
    """Calibre, barrel, IFE and the other marks of a printed MA (``75^✽^``, ``*28LL``, ``57L*``,
    ``^✽^20L(20)``): a mark before the calibre, or a star after ``L``/``LL``, is a note reference,
    never the barrel (DESIGN.md 11); a star right after the calibre is the short barrel (C2.21).  An MG
    MA (``*AAMG``) or a flamethrower MA (``BF30``) has no calibre; any other text is named in ``unread``."""
    found = _MA.fullmatch(marked)
    if found is None:
        if not _MG_MA.fullmatch(marked):
            unread.append(f"MA {marked!r}: no calibre aslgui can read (a calibre, then L/LL, ✽ or (IFE FP))")
        return {"ma_superscripts": tuple(SUPERSCRIPT.findall(marked))}
    star, barrel = found.group("star"), found.group("barrel")
    short = star is not None and barrel is None
    marks = [m.strip("^") for m in re.findall(r"\^[^^]*\^|[✽*†‡§#]", found.group("pre"))]
    marks += [star.strip("^")] if star is not None and not short else []
    marks += [m.strip("^") for m in re.findall(r"\^[^^]*\^|[✽*†‡§#]", found.group("rest"))]
    return {"caliber": float(found.group("cal")), "barrel": barrel or ("*" if short else None),
            "ife": int(found.group("ife")) if found.group("ife") else None, "ma_superscripts": tuple(marks)}
