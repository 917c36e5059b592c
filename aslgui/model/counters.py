"""A VASL counter's printed values as a unit's scenario keys (DESIGN.md 11).

``aslgui.vasl`` reads what a counter prints (its SVG, its PieceSlot's prototypes and ``info``);
this module says what each value is in the scenario file: the MA's caliber and barrel (C2.21), the
ROF box or none (C2.24), B# (C2.3), M# and its circle (C10.3, C10.11), Armor Factors, turret type
(C5.1 Case A; none: a turretless vehicle, C3.9), MP, T#, PP (C10), MGs and the special ammunition a
counter lists with its depletion numbers (C8).  The keys it writes are the unit's own, so the
rules read them like any file's; ``vasl.printed`` lists which came from the counter, so the side
panel and the answers can say where a number comes from.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, NamedTuple

from aslgui.errors import AslError
from aslgui.geometry import MapGrid
from aslgui.model.jsonvalues import from_json
from aslgui.model.units import DEFAULT_BREAKDOWN, NO_ROF, Unit
from aslgui.vasl.counter_text import CounterValues, special_ammo
from aslgui.vasl.module import Module, Slot, stem_key
from aslgui.vasl.module_library import MODULE_ENV, Found, counter_for, loaded_modules
from aslgui.vasl.vocabulary import WRECK_NAME, nationality_of_slot, ordnance_kind, side_of, unknown_folder

#: C5.1 Case A types a scenario's ``turret`` takes, by the counter's turret comment: a restricted
#: slow turret traverses slowly; a one-man turret traverses as a fast one (its crew limits are not
#: modelled, and the import says so).
TURRET_TYPES = {"T": "T", "ST": "ST", "RST": "ST", "1MT": "T"}
#: ``info`` words that set a Gun's flags: Quick Set Up, Limbered Fire, no Indirect Fire.
INFO_FLAGS = {"QSU": "qsu", "LF": "lf", "No IF": "no_if"}
#: Vehicle types (D7.11 reads ``ht``) by the words of the module's palette folders, case kept:
#: VASL files halftracks under ``ht``, heavy tanks under ``HT``.
FOLDER_TYPES = {"ht": "ht", "AC": "ac", "ac": "ac", "tr": "truck", "Tank": "tank", "Tt": "tank", "LT": "tank",
                "MT": "tank", "HT": "tank"}


class CounterKeys(NamedTuple):
    """A unit's keys from its counter, and what the import should say of the rest."""

    keys: dict[str, Any]
    #: Values the counter prints that aslgui reads but does not model (named in ``unverified``).
    notes: list[str]


def _number_keys(values: CounterValues, names: Iterable[str]) -> dict[str, Any]:
    return {name: getattr(values, name) for name in names if getattr(values, name) is not None}


def _ammo(values: CounterValues | None, info: Sequence[str]) -> dict[str, int]:
    """Special ammunition and its depletion number, from the counter and its ``info`` texts (a
    year-by-year number ``A4^2^/5^3^`` keeps its first, the earliest year's)."""
    found = dict(values.ammo) if values is not None else {}
    for text in info:
        for name, number in special_ammo(text)[0].items():
            found.setdefault(name, number)
    return {name: number for name, number in found.items() if name not in ("HE", "AP")}


def _info_flags(info: Sequence[str]) -> dict[str, bool]:
    tokens = {token.strip() for text in info for token in text.split(",")}
    return {key: True for word, key in INFO_FLAGS.items() if word in tokens}


def _rof(values: CounterValues) -> dict[str, int]:
    """A Gun's or an MA's ROF: the printed box, else none: ``rof`` 0, no Multiple ROF (C2.24)."""
    return {"rof": values.rof if values.rof is not None else NO_ROF}


def _gun_keys(values: CounterValues) -> dict[str, Any]:
    keys = {**_number_keys(values, ("caliber", "barrel")), **_rof(values),
            **_number_keys(values, ("manhandling", "breakdown"))}
    if values.gun_type:
        keys["type"] = values.gun_type
    if values.manhandling_circled:
        keys["circled_m"] = True
    # A Gun drawn with a turret ring has a 360-degree mount (Case A type T, C5.1).
    keys["mount"] = "T" if values.turret else "NT"
    return keys


def _vehicle_keys(values: CounterValues, notes: list[str]) -> dict[str, Any]:
    # An MG MA (``CMG``) with a printed ROF box keeps it (the MG's ROF, A9.2); without one, no ROF key.
    printed_rof = {"rof": values.rof} if values.rof is not None else {}
    keys = {**(_rof(values) if values.caliber is not None else printed_rof),
            **_number_keys(values, ("mp", "towing", "pp", "breakdown"))}
    if values.caliber is not None:
        ma: dict[str, Any] = {"caliber": values.caliber, "kind": "gun"}
        if values.barrel:
            ma["barrel"] = values.barrel
        if values.ife is not None:
            ma.update(ife=True, fp=values.ife)
        keys["ma"] = ma
    if values.unarmored:
        keys["afv"] = False
    elif values.af_front is not None and values.af_side is not None:
        rear = values.af_rear if values.af_rear is not None else values.af_side
        keys["af"] = {"hull": [values.af_front, values.af_side, rear]}
        marked = [f"{facing} {kind}" for facing, kind in (("front", values.turret_armor_front),
                                                          ("side/rear", values.turret_armor_side)) if kind]
        if marked:
            notes.append(f"turret Armor Factors: its counter marks the turret's armor {', '.join(marked)} to the "
                         "hull's but prints no number (its Vehicle Note does), so the hull's are used; give "
                         "af.turret to use the turret's")
    if values.turret:
        keys["turret"] = TURRET_TYPES.get(values.turret, "T")
        if values.turret in ("RST", "1MT"):
            notes.append(f"turret {values.turret} ({'restricted slow' if values.turret == 'RST' else 'one-man'}) "
                         f"read as {keys['turret']} for Case A (C5.1)")
    if values.mgs:
        keys["mgs"] = [{"fp": mg.fp, "mount": mg.mount} for mg in values.mgs]
    if values.sa:  # a secondary armament (the Crocodile's BF36, the Lee's 37): no scenario key holds it
        notes.append(f"printed values: its counter's SA {values.sa!r} (secondary armament) is not read, and the side "
                     "panel has no field for it: it fires no shot here and adds no FP to an OVR (D7.11)")
    return keys


#: The counter boxes (as ``CounterValues.unread`` names them) whose value the side panel sets for a
#: Gun (caliber and barrel, ROF, M#) and a vehicle (MA, MP, PP, T#): advice to set any other is a dead end.
PANEL_SETS: dict[str, tuple[str, ...]] = {"gun": ("MA ", "ROF ", "Manhandling"),
                                          "vehicle": ("MA ", "Movement ", "PP # ", "Towing # ")}


def counter_keys(kind: str, values: CounterValues | None, info: Sequence[str] = (),
                 slot: Slot | None = None) -> CounterKeys:
    """The scenario keys of a Gun or vehicle (``kind``) its counter prints: ``values`` read from
    its SVG, ``info`` its ``info`` texts (special ammunition, QSU, LF, No IF), ``slot`` its
    PieceSlot (open or closed top, vehicle type).  Other kinds take nothing."""
    notes: list[str] = [f"printed values: its counter's {why}; "
                        + ("set it in the side panel" if why.startswith(PANEL_SETS.get(kind, ())) else
                           "the side panel has no field for it")
                        for why in (values.unread if values is not None else ())]
    keys: dict[str, Any] = {}
    if kind == "gun":
        keys = _gun_keys(values) if values is not None else {}
        keys.update(_info_flags(info))
    elif kind == "vehicle":
        keys = _vehicle_keys(values, notes) if values is not None else {}
        if slot is not None:
            keys.update(_slot_keys(slot))
    else:
        return CounterKeys({}, [])
    ammo = _ammo(values, info)
    if ammo or values is not None:
        keys["special_ammo"] = ammo
    return CounterKeys(keys, notes)


def _slot_keys(slot: Slot) -> dict[str, Any]:
    """Open or closed top from the slot's prototype (``geOTnt``, ``ruCTtur``: D1.21, D1.22) and the
    vehicle type from its palette folder (``ht``: a halftrack, D7.11)."""
    keys: dict[str, Any] = {}
    kinds = [p for p in slot.prototypes if len(p) > 3 and p[2:4] in ("CT", "OT")]
    if kinds:
        keys["ct"] = kinds[0][2:4] == "CT"
    words = [word for part in slot.folder for word in part.replace("/", " ").replace("<", " ").split()]
    found = next((FOLDER_TYPES[word] for word in words if word in FOLDER_TYPES), None)
    if found is not None:
        keys["type"] = found
    return keys


class CounterTemplate(NamedTuple):
    """A Gun or vehicle of the player's module, ready to be placed: its JSON unit keys (name,
    nationality, ``vasl``, the printed values) without id, side or hex."""

    label: str
    kind: str
    nationality: str
    keys: dict[str, Any]


def counter_unit_keys(kind: str, slot: Slot | None, values: CounterValues | None, image: str,
                      info: Sequence[str] = ()) -> dict[str, Any]:
    """The keys a unit of a module's counter has: ``vasl`` (gpid, image, and which keys the counter
    ``printed``), the printed values themselves, and in ``unverified`` what it marks but does not
    print (a turret's own Armor Factors), so every answer reading the unit says so (DESIGN.md 11)."""
    found = counter_keys(kind, values, info or (slot.info if slot else ()), slot)
    keys, notes = _within_domains(kind, found.keys, slot.name if slot and slot.name else image)
    notes = [*found.notes, *notes]
    vasl: dict[str, Any] = {"gpid": slot.gpid if slot else "", "image": image, "printed": list(keys),
                            **({"missing": True} if values is None else {})}
    return {**keys, "vasl": vasl, **({"unverified": notes} if notes else {})}


_CHECK_GRID = MapGrid.single()


#: Keys whose domain is narrower or wider than ``COUNT`` (0-99): ROF, B#, calibre.
_NARROW = {"rof": (0, 9), "breakdown": (2, 12), "caliber": (1, 999)}


def _plainly_in_domains(keys: dict[str, Any]) -> bool:
    """Whether every number in the keys lies in its key's domain as most do (0-99; ROF 0-9, B#
    2-12, calibre 1-999), told without building a unit: the check of nearly every counter."""
    stack: list[tuple[str, Any]] = list(keys.items())
    while stack:
        key, value = stack.pop()
        kind = type(value)
        if kind is dict:
            stack.extend(value.items())
        elif kind is list:
            stack.extend((key, item) for item in value)
        elif kind is int or kind is float:
            low, high = _NARROW.get(key, (0, 99))
            if not low <= value <= high:
                return False
    return True


def _within_domains(kind: str, keys: dict[str, Any], counter: str) -> tuple[dict[str, Any], list[str]]:
    """The keys a scenario file would take (each in its domain: ROF 0-9, an Armor Factor 0-99 ...),
    and a note for each printed value left out, naming the counter and the domain (issue 37: one
    counter printing ROF 99 refused a whole import)."""
    kept: dict[str, Any] = dict(keys)
    notes: list[str] = []
    if _plainly_in_domains(keys):
        return kept, notes
    for _ in range(len(keys)):
        try:
            from_json(Unit, {"id": "u", "side": "s", "kind": kind, "hex": "E5", **kept}, "unit", _CHECK_GRID)
        except AslError as error:
            key = error.path.removeprefix("unit.").split(".")[0].split("[")[0]
            if key not in kept:
                raise
            notes.append(f"its counter {counter!r} prints {key} {kept.pop(key)!r}, which cannot be: "
                         f"{error.message}; left out as not printed")
            continue
        break
    return kept, notes


def module_templates(modules: Sequence[Module]) -> list[CounterTemplate]:
    """Every Gun and vehicle PieceSlot of the modules whose art or O/B folder names a nationality, with its
    counter's values when the module draws it as SVG, by nationality, then vehicles and Guns before
    their wrecks, then name. A name once per nationality and kind (VASL repeats a counter in
    several palettes and with several pieces of art): the slot whose counter prints most wins."""
    best: dict[tuple[str, str, str], CounterTemplate] = {}
    for module in modules:
        for slot in module.slots.values():
            image = slot.image or ""
            kind = ordnance_kind(slot.name, image)
            nationality = nationality_of_slot(image, slot.folder)
            if kind is None or not nationality:
                continue
            keys = counter_unit_keys(kind, slot, module.counter(image), image)
            if kind == "vehicle" and WRECK_NAME.search(slot.name):
                keys["wreck"] = True  # a Hindrance only (D9)
            found = CounterTemplate(slot.name, kind, nationality, {"name": slot.name, "nationality": nationality,
                                                                   **keys})
            key = (nationality, kind, slot.name)
            kept = best.get(key)
            if kept is None or len(keys["vasl"]["printed"]) > len(kept.keys["vasl"]["printed"]):
                best[key] = found
    return sorted(best.values(), key=lambda t: (t.nationality, t.kind, "wreck" in t.keys, t.label.lower()))


def art_problem(modules: Sequence[Module], image: str) -> str:
    """Why the modules give no printed values for ``image``: its SVG could not be read (and why),
    or they have no SVG of it (whose numbers then cannot be read), in a player's words."""
    wanted = stem_key(image)
    for module in modules:
        for line in module.skipped:
            name, _, why = line.partition(": ")
            if stem_key(name) == wanted:
                return f"its image {name} could not be read: {why}"
    return (f"the module has no SVG image of {image or 'it'} (aslgui reads printed numbers from SVG images "
            "only), so its numbers cannot be read")


def rules_defaults(kind: str, keys: Mapping[str, Any]) -> dict[str, int]:
    """What a read counter does not print and the rules fill (DESIGN.md 11): ``rof`` 0 for no ROF
    box (no Multiple ROF, C2.24), ``breakdown`` 12 for no B# (A.11), for a Gun or an ordnance MA."""
    ordnance = kind == "gun" or isinstance(keys.get("ma"), Mapping)
    if not ordnance:
        return {}
    return {**({"rof": NO_ROF} if keys.get("rof") == NO_ROF else {}),
            **({"breakdown": DEFAULT_BREAKDOWN} if "breakdown" not in keys else {})}


def keys_record(kind: str, keys: Mapping[str, Any]) -> dict[str, Any]:
    """A counter's unit keys (``counter_unit_keys``, a palette template's) as ``aslgui counters`` and
    the palette show them: the printed values, ``printed``, the rules' ``defaults`` for what a read
    counter does not print, ``notes`` and ``unread`` (each text that could not be read, with why)."""
    found = keys.get("vasl")
    vasl: Mapping[str, Any] = found if isinstance(found, Mapping) else {}
    notes = [str(note) for note in keys.get("unverified") or ()]
    values = {k: v for k, v in keys.items() if k not in ("vasl", "unverified", "name", "nationality")}
    defaults = rules_defaults(kind, values) if not vasl.get("missing") else {}
    return {**values, "printed": list(vasl.get("printed") or ()), "defaults": defaults,
            "notes": [note for note in notes if not note.startswith("printed values: ")],
            "unread": [note.removeprefix("printed values: ") for note in notes if note.startswith("printed values: ")]}


def counter_record(kind: str, slot: Slot, values: CounterValues | None, image: str,
                   modules: Sequence[Module]) -> dict[str, Any]:
    """One Gun or vehicle of a module as ``aslgui counters`` prints it (and the palette shows it):
    gpid, name, image, nationality and side, then ``keys_record`` of its unit keys (DESIGN.md 3),
    ``unread`` also naming art that could not be read and a folder that names no nationality."""
    nationality = nationality_of_slot(image, slot.folder)
    record: dict[str, Any] = {
        "gpid": slot.gpid, "name": slot.name, "image": image, "kind": kind, "nationality": nationality,
        "side": side_of(nationality, slot.folder), "counter_name": values.name if values else None,
        "note": values.note if values else None, **keys_record(kind, counter_unit_keys(kind, slot, values, image)),
    }
    if values is None:
        record["unread"].append(art_problem(modules, image))
    folder = unknown_folder(image)
    if not nationality:
        record["unread"].append(f"nationality: its art's folder {folder!r} is no VASL nationality folder aslgui "
                                "knows" if folder else "nationality: neither its art nor its palette folder names one")
    return record


def counter_records(modules: Sequence[Module], names: Sequence[str] = ()) -> Iterator[dict[str, Any]]:
    """Every Gun and vehicle PieceSlot of the modules, once per name and image, as ``counter_record``
    gives it, by nationality, kind and name; only those whose name, image or printed name holds one
    of ``names`` (any case) when names are given."""
    wanted = [name.lower() for name in names]
    found: dict[tuple[str, str], tuple[str, Slot, Module]] = {}
    for module in modules:
        for slot in module.slots.values():
            image = slot.image or ""
            kind = ordnance_kind(slot.name, image)
            if kind is not None:
                found.setdefault((slot.name, stem_key(image)), (kind, slot, module))
    order = sorted(found.values(), key=lambda f: (nationality_of_slot(f[1].image or "", f[1].folder), f[0],
                                                  f[1].name.lower()))
    for kind, slot, module in order:
        image = slot.image or ""
        values = module.counter(image)
        texts = (slot.name, image, values.name or "" if values else "")
        if wanted and not any(w in text.lower() for w in wanted for text in texts):
            continue
        yield counter_record(kind, slot, values, image, modules)


def describe(record: Mapping[str, Any]) -> str:
    """A counter record in a player's words, one fact a line (the palette's tooltip)."""
    lines = [f"{record['name']} ({record['kind']}, {record['nationality'] or 'no nationality'}, "
             f"{record['side']}): art {record['image']}"]
    ma = record.get("ma") if record["kind"] == "vehicle" else record
    if isinstance(ma, Mapping) and ma.get("caliber") is not None:
        lines.append(f"MA {ma['caliber']:g}{ma.get('barrel') or ''}")
    words = {"rof": "ROF", "breakdown": "B#", "manhandling": "M#", "mp": "MP", "towing": "T#", "pp": "PP",
             "type": "type", "turret": "turret"}
    lines += [f"{label} {record[key]}" for key, label in words.items() if key in record and key != "rof"]
    if "rof" in record:
        lines.append("ROF none (no ROF box: no Multiple ROF, C2.24)" if record["rof"] == NO_ROF
                     else f"ROF {record['rof']}")
    af = record.get("af")
    if isinstance(af, Mapping):
        lines.append(f"AF {'/'.join(map(str, af['hull'][:2]))}")
    if "breakdown" in record.get("defaults", {}):
        lines.append(f"B# {DEFAULT_BREAKDOWN}: not printed, the rules' default (A.11)")
    lines += [f"not read: {why}" for why in record.get("unread", ())]
    return "\n".join(lines)


class CounterLibrary:
    """The player's modules as one import sees them (read once), and the counters it looked for
    and did not find, for the import's report (DESIGN.md 11: named, never silently defaulted)."""

    def __init__(self, modules: Sequence[Module], problems: Sequence[tuple[str, str]] = ()) -> None:
        self.modules = list(modules)
        self.problems = list(problems)
        #: "name (image)" of each counter whose printed values no module holds, with a count.
        self.missing: Counter[str] = Counter()

    @classmethod
    def from_settings(cls) -> CounterLibrary:
        """The library ``ASLGUI_VASL_MODULE`` and the saved settings name."""
        return cls(*loaded_modules())

    def find(self, gpid: str, image: str) -> Found | None:
        return counter_for(gpid or None, image or None, self.modules) if self.modules else None

    def why_missing(self, found: Found | None, name: str, image: str) -> str:
        """Why a counter has no printed values here, in a player's words (and counted)."""
        self.missing[f"{name} ({image or 'no image'})"] += 1
        if not self.modules:
            return (f"no VASL module is set up ({MODULE_ENV}, or File > Add VASL module...), so its counter "
                    "could not be read")
        if found is not None and found.slot is not None:
            return "the module has its counter but " + art_problem(
                self.modules, image or found.slot.image or "").replace("the module has", "has")
        return f"its counter ({image or 'no image'}) is not in the VASL module"
