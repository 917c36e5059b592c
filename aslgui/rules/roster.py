"""Gun and vehicle data the To Hit rules need (caliber, barrel, mount, ROF, B#, gyro ...).

A scenario unit may name an entry of the small roster in resources/data/roster.json by its
``name`` (e.g. ``"57LL AT"``); what the unit itself says wins over the roster, so a scenario can
describe any Gun without the roster knowing it.

Every value the rules take from the roster passes through ``_taken``, here and nowhere else, so an
answer can name each one that comes from an entry not checked against its counter
(``"verified": false``) in its ``unverified``: ``rules.resolve`` collects them with ``taking_notes``.
"""

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, NamedTuple, TypeVar

from aslgui.errors import AslError
from aslgui.model import Unit
from aslgui.model.units import DEFAULT_BREAKDOWN, NO_ROF, Barrel
from aslgui.resource_files import load_json
from aslgui.rules.resolution import IllegalAction

#: C2.22 Gun type of a mortar: it must always use the Area Target Type (C3.33).
MORTAR_TYPE = "MTR"


class RosterEntry(NamedTuple):
    """One Gun or AFV of the roster, with the source its values come from."""

    name: str
    kind: str
    nationality: str
    #: A Gun's C2.22 type (AT, MTR, ...); a vehicle's type (tank, ac, ht: D7.11).
    type: str
    #: None for a vehicle whose roster entry has no ordnance MA (a halftrack with MG only).
    caliber: float | None
    source: str
    verified: bool
    barrel: Barrel | None = None
    mount: str | None = None
    turret: str | None = None
    rof: int | None = None
    breakdown: int | None = None
    he_fp: float | None = None
    max_range: int | None = None
    no_if: bool = False
    gyro: bool = False
    stabilized: bool = False
    manhandling: int | None = None
    #: A circled M# (C10.11): the Gun may not be pushed, only towed.
    circled_m: bool = False
    mp: int | None = None
    towing: int | None = None
    pp: int | None = None
    tracked: bool = True
    #: Closed-topped (D7.11 and C5.35 read it): a halftrack is open-topped.
    ct: bool = True
    af: dict[str, Any] | None = None


@cache
def roster() -> dict[str, RosterEntry]:
    """Every roster entry by name (read once per process)."""
    entries: dict[str, dict[str, Any]] = load_json("data", "roster.json")["entries"]
    return {name: RosterEntry(name=name, **values) for name, values in entries.items()}


def roster_entry(name: str) -> RosterEntry | None:
    """The roster entry a unit's ``name`` points at, if any."""
    return roster().get(name)


def counter_read(unit: Unit) -> bool:
    """The unit's counter was read from the player's VASL module (``vasl.printed`` without
    ``missing``): its printed values are the whole truth (DESIGN.md 11)."""
    vasl = unit.extra.get("vasl")
    return isinstance(vasl, Mapping) and isinstance(vasl.get("printed"), list) and not vasl.get("missing")


def unit_entry(unit: Unit) -> RosterEntry | None:
    """The roster entry that may fill what ``unit`` leaves open: none for a unit whose counter was
    read, whose unprinted values take the rules' meaning (no ROF box: no Multiple ROF; no B#: 12)."""
    return None if counter_read(unit) else roster_entry(unit.name)


#: The notes of the answers being worked out (``taking_notes``), the innermost last, so that no
#: rules function needs a parameter only to pass them down. A plain stack, not a ContextVar, whose
#: import costs ``aslgui resolve`` a fifth of a millisecond: the rules core answers on one thread.
_TAKING: list[list[str]] = []
#: How a note names each roster key.
_WORDS = {"caliber": "caliber", "barrel": "barrel", "mount": "Case A Gun type", "rof": "ROF", "breakdown": "B#",
          "he_fp": "HE FP", "max_range": "listed range", "af": "Armor Factors", "manhandling": "M#", "mp": "MP",
          "towing": "T#", "pp": "PP"}
_T = TypeVar("_T")


def _shown(value: Any) -> str:
    """A roster value as its counter prints it: ``hull 3/3/1, turret 3/3/3`` for Armor Factors."""
    if isinstance(value, dict):
        return ", ".join(f"{part} {'/'.join(map(str, factors))}" for part, factors in value.items())
    return str(value)


def _taken(unit: Unit, entry: RosterEntry | None, key: str, stated: Any) -> Any:
    """``stated`` when the unit gives it: its own key always wins. Else ``entry``'s value for
    ``key``, noted for the answer when the entry is not checked against its counter."""
    if stated is not None or entry is None:
        return stated
    value = getattr(entry, key)
    if value is not None and not entry.verified:
        what = _WORDS.get(key) or ("Gun type" if unit.kind == "gun" else "vehicle type")
        note_unverified(f"{unit.id} {what} {_shown(value)} from the roster's {entry.name!r} "
                        "(not checked against its counter)")
    return value


def note_unverified(note: str) -> None:
    """Name, in the answer being worked out (``taking_notes``), a value not checked against a
    printed chart or counter; each note once."""
    if _TAKING and note not in _TAKING[-1]:
        _TAKING[-1].append(note)


def taking_notes(work: Callable[..., _T], *args: Any) -> tuple[_T, list[str]]:
    """What ``work(*args)`` (the working out of one answer) returns, and a note for each value it
    took from a roster entry or chart row not checked (``note_unverified``), in the order taken,
    each once.  The arguments are passed on, so that a caller makes no closure per answer."""
    notes: list[str] = []
    _TAKING.append(notes)
    try:
        return work(*args), notes
    finally:
        _TAKING.pop()


def armor_factors(unit: Unit) -> dict[str, Any] | None:
    """A vehicle's Armor Factors (``{"hull": [front, side, rear], "turret": [...]}``): its own
    ``af``, else its roster entry's; None when neither gives them."""
    found: dict[str, Any] | None = _taken(unit, unit_entry(unit), "af", unit.extra.get("af"))
    return found


def c10_number(unit: Unit, key: str) -> int | None:
    """A C10 number of ``unit`` (a Gun's ``manhandling`` M#; a vehicle's printed ``mp``, ``towing``
    T# or ``pp``): its own key, else its roster entry's, so towing and pushing read the same counter
    ``fire`` does; None when neither gives it."""
    entry = unit_entry(unit)
    same_kind = entry if entry is not None and entry.kind == unit.kind else None
    found: int | None = _taken(unit, same_kind, key, getattr(unit, key))
    return found


#: A vehicle ``type`` that is a halftrack (D7.11).
HALFTRACK = "ht"


def vehicle_type(unit: Unit) -> str | None:
    """A vehicle's type (``tank``, ``ac``, ``ht`` ...): its own ``type`` key, else its roster
    entry's; None when neither says."""
    entry = unit_entry(unit)
    vehicle = entry if entry is not None and entry.kind == "vehicle" else None
    found = _taken(unit, vehicle, "type", unit.extra.get("type"))
    return found.lower() if isinstance(found, str) else None


#: ``extra`` key of a unit whose last shot kept its Multiple ROF: the phase it was kept in, so it
#: may fire again in that phase only (C2.24, C3.33). Set on Commit; cleared by its next shot.
ROF_KEPT = "rof_kept"


def kept_multiple_rof(unit: Unit, phase: str, rof: int) -> bool:
    """Whether a unit kept a Multiple ROF in ``phase`` (its ``rof_kept``, C2.24) with a weapon whose
    ROF, less any captured-use penalty, gives one to keep: a weapon with none keeps nothing."""
    return unit.extra.get(ROF_KEPT) == phase and rof > 0


class Armament(NamedTuple):
    """The weapon a unit fires on the To Hit Table, merged from the unit and its roster entry."""

    caliber: float
    barrel: str | None
    kind: str
    #: Case A Gun type of the counter's own arc: T (fast traverse or 360 degree), ST or NT (C5.1).
    mount: str
    turret: str | None
    rof: int
    breakdown: int
    he_fp: float | None
    max_range: int | None
    no_if: bool
    gyro: bool
    stabilized: bool
    ife: bool
    multiple_tk: bool
    #: A LATW (C3.33 EXC, Case C3) and whether it has a Backblast (C13.8); scenario keys only.
    latw: bool
    backblast: bool

    @property
    def mortar(self) -> bool:
        return self.kind == "mtr"


def _or(value: Any, default: Any) -> Any:
    """``value``, or ``default`` when neither the unit nor the roster gives one."""
    return default if value is None else value


def _weapon(unit: Unit, stated_caliber: float | None, stated_barrel: str | None,
            entry: RosterEntry | None) -> tuple[Any, Any]:
    """Caliber and barrel: as the unit states them (an absent barrel is a normal one, DESIGN.md
    section 3), or both from the roster when the unit states no caliber."""
    if stated_caliber is not None or entry is None:
        return stated_caliber, stated_barrel
    return _taken(unit, entry, "caliber", None), _taken(unit, entry, "barrel", None)


def ordnance_reason(unit: Unit) -> str | None:
    """Why ``unit`` has no ordnance to fire (a truck, a vehicle whose roster MA is no ordnance, an
    Infantry unit; C3), or None when it has some: what the GUI asks before it offers a shot."""
    try:
        armament(unit, "unit")
    except IllegalAction as error:
        return error.message
    except AslError:
        return None  # it has a weapon whose values are missing: the shot's answer names the key
    return None


#: ``armament`` of the units last asked, by ``(id(unit), path)``: the unit and roster entry it was
#: worked out from (a new unit or entry object is worked out again), the result and the notes it
#: took. A batch asks the same few firers thousands of times (issue 40); a ``Unit`` is never
#: changed (a change is a new one, ``_replace``), and the entry kept keeps its unit's id unused.
_ARMAMENTS: dict[tuple[int, str], tuple[Unit, RosterEntry | None, Armament, list[str]]] = {}
#: How many units ``_ARMAMENTS`` keeps before it starts again.
_ARMAMENTS_KEPT = 256


def armament(unit: Unit, path: str) -> Armament:
    """What ``unit`` (a Gun, or a vehicle with a MA) fires; AslError naming ``path.<key>`` when a
    needed value is neither on the unit nor in the roster.  Keys with a documented default
    (barrel, turret, gyro, stabilized, no_if) are the unit's own; the roster completes only
    what the file leaves open (caliber, mount, ROF, B#, HE FP, range). Each roster value not
    checked against its counter is noted (``note_unverified``), the same notes in the same order
    when the answer is remembered."""
    entry = unit_entry(unit)
    key = (id(unit), path)
    known = _ARMAMENTS.get(key)
    if known is not None and known[0] is unit and known[1] is entry:
        for note in known[3]:
            note_unverified(note)
        return known[2]
    notes: list[str] = []
    _TAKING.append(notes)
    try:
        found = _armament(unit, path, entry)
    finally:
        _TAKING.pop()
        for note in notes:  # each in order, as if taken straight into the answer's notes
            note_unverified(note)
    if len(_ARMAMENTS) >= _ARMAMENTS_KEPT:
        _ARMAMENTS.clear()
    _ARMAMENTS[key] = (unit, entry, found, notes)
    return found


def _armament(unit: Unit, path: str, entry: RosterEntry | None) -> Armament:
    extra = unit.extra
    if unit.kind == "gun":
        caliber, barrel = _weapon(unit, unit.caliber, unit.barrel, entry)
        gun_type = str(_or(_taken(unit, entry, "type", extra.get("type")), "")).upper()
        kind = "mtr" if gun_type == MORTAR_TYPE else "gun"
        turret = None
        mount = _or(_taken(unit, entry, "mount", unit.mount), "NT")
        ife = False
        where = f"{path}.caliber"
    elif unit.kind == "vehicle":
        ma = unit.ma
        if ma is None and entry is None:
            raise IllegalAction(f'{unit.id} has no main armament to fire (give it "ma" if it has one)', "C3",
                                f"{path}.ma")
        caliber, barrel = _weapon(unit, ma.caliber if ma else None, ma.barrel if ma else None, entry)
        if caliber is None and entry is not None:
            # Its roster entry is a vehicle whose MA is no ordnance (an MG-armed halftrack).
            raise IllegalAction(f"{unit.id} has no ordnance main armament to fire: its roster entry {unit.name!r} "
                                'gives none (give it "ma" with a caliber if it has one)', "C3", f"{path}.ma")
        kind = ma.kind if ma is not None else "gun"
        turret = unit.turret
        mount = turret or "NT"
        ife = bool(ma and ma.ife)
        where = f"{path}.ma.caliber"
    else:
        raise IllegalAction(f"{unit.id} is a {unit.kind}: only a Gun or a vehicle's MA fires ordnance", "C3", path)
    if caliber is None:
        known = "its roster entry gives none" if entry is not None else f"its name {unit.name!r} is not in the roster"
        raise AslError(f"unit {unit.id!r} has no caliber and {known}", where)
    return Armament(
        caliber=caliber,
        barrel=barrel,
        kind=kind,
        mount=mount,
        turret=turret,
        rof=_or(_taken(unit, entry, "rof", unit.rof), NO_ROF),
        breakdown=_or(_taken(unit, entry, "breakdown", unit.breakdown), DEFAULT_BREAKDOWN),
        he_fp=_taken(unit, entry, "he_fp", extra.get("he_fp")),
        max_range=_taken(unit, entry, "max_range", extra.get("max_range")),
        no_if=unit.no_if,
        gyro=unit.gyro,
        stabilized=unit.stabilized,
        ife=ife,
        multiple_tk=bool(extra.get("multiple_tk", False)),
        latw=bool(extra.get("latw", False)),
        backblast=bool(extra.get("backblast", False)),
    )
