"""A Gun's or vehicle's printed numbers as a player reads its counter (``MA 76L``, ``ROF 1``,
``AF 11/6``, ``MP 16``), each with where aslgui took it from: the player's VASL counter (the
module, DESIGN.md 11), the scenario file, or the built-in roster (checked against its counter or
not).  The same merge the rules make (``roster``): the unit's own key wins, the roster fills
what it leaves open."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from aslgui.model import Unit
from aslgui.model.units import DEFAULT_BREAKDOWN, NO_ROF, MachineGun
from aslgui.rules.roster import RosterEntry, counter_read, unit_entry

COUNTER, FILE, ROSTER, ROSTER_UNCHECKED = "VASL counter", "scenario file", "roster", "roster (not checked)"
#: What a read counter does not print: the rules' meaning (DESIGN.md 11), never a roster value.
NOT_PRINTED = "rules (not printed on the VASL counter)"


class PrintedNumber(NamedTuple):
    """One number of a counter: what a player calls it, as printed, and where it came from."""

    label: str
    text: str
    source: str
    #: The scenario keys it is made of (what ``vasl.printed`` names).
    keys: tuple[str, ...]


def ma_text(caliber: Any, barrel: Any) -> str | None:
    """An MA or a Gun as its counter prints it: ``75L``, ``37*``, ``76``."""
    if caliber is None:
        return None
    number = int(caliber) if float(caliber).is_integer() else caliber
    return f"{number}{barrel or ''}"


def _af(af: Any) -> str | None:
    hull = af.get("hull") if isinstance(af, Mapping) else None
    return "/".join(str(v) for v in hull[:2]) if isinstance(hull, list | tuple) and len(hull) >= 2 else None


def _mgs(mgs: tuple[MachineGun, ...]) -> str | None:
    """``3/5 (BMG/CMG)``: the FP as printed, then the mounts in the same order."""
    if not mgs:
        return None
    return f"{'/'.join(f'{mg.fp:g}' for mg in mgs)} ({'/'.join(mg.mount for mg in mgs)})"


def _ammo(ammo: Any) -> str | None:
    if not isinstance(ammo, Mapping):
        return None
    return ", ".join(f"{name} {number}" for name, number in ammo.items()) or "none"


def _attribute(name: str) -> Callable[[Any], str | None]:
    """A number or word a unit and a roster entry both hold under ``name``, as printed."""
    def shown(holder: Any) -> str | None:
        value = getattr(holder, name, None)
        return None if value is None else str(value)
    return shown


#: label, keys, (unit -> value or None), (roster entry -> value or None), kinds it applies to.
_Row = tuple[str, tuple[str, ...], Callable[[Unit], str | None], Callable[[RosterEntry], str | None], frozenset[str]]
_GUN, _VEHICLE, _BOTH = frozenset({"gun"}), frozenset({"vehicle"}), frozenset({"gun", "vehicle"})
_ROWS: tuple[_Row, ...] = (
    ("MA", ("caliber", "barrel"), lambda u: ma_text(u.caliber, u.barrel), lambda e: ma_text(e.caliber, e.barrel), _GUN),
    ("MA", ("ma",), lambda u: ma_text(u.ma.caliber, u.ma.barrel) if u.ma else None,
     lambda e: ma_text(e.caliber, e.barrel), _VEHICLE),
    ("Gun type", ("type",), lambda u: u.extra.get("type"), lambda e: e.type, _GUN),
    *((label, (key,), _attribute(key), _attribute(key), kinds) for label, key, kinds in (
        ("ROF", "rof", _BOTH), ("B#", "breakdown", _BOTH), ("M#", "manhandling", _GUN))),
    ("AF", ("af",), lambda u: _af(u.extra.get("af")), lambda e: _af(e.af), _VEHICLE),
    ("Turret", ("turret",), _attribute("turret"), _attribute("turret"), _VEHICLE),
    ("MGs", ("mgs",), lambda u: _mgs(u.mgs), lambda _e: None, _VEHICLE),
    *((label, (key,), _attribute(key), _attribute(key), _VEHICLE) for label, key in (
        ("MP", "mp"), ("T#", "towing"), ("PP", "pp"))),
    ("Special ammo", ("special_ammo",), lambda u: _ammo(u.extra.get("special_ammo")), lambda _e: None, _BOTH),
)


def vasl_keys(unit: Unit, which: str) -> tuple[str, ...]:
    """The keys a unit's ``vasl`` object lists under ``which``: ``printed`` (its VASL counter gave
    them, on import or from the palette) or ``roster`` (the import copied them from the roster)."""
    vasl = unit.extra.get("vasl")
    keys = vasl.get(which) if isinstance(vasl, Mapping) else None
    return tuple(str(k) for k in keys) if isinstance(keys, list) else ()


def printed_numbers(unit: Unit) -> list[PrintedNumber]:
    """The counter's numbers of a Gun or vehicle, each with its source; none for other kinds."""
    entry = unit_entry(unit)
    entry = entry if entry is not None and entry.kind == unit.kind else None
    from_counter, from_roster = set(vasl_keys(unit, "printed")), set(vasl_keys(unit, "roster"))
    out: list[PrintedNumber] = []
    for label, keys, own, listed, kinds in _ROWS:
        if unit.kind not in kinds:
            continue
        text = own(unit)
        if text is not None:
            source = COUNTER if from_counter & set(keys) else ROSTER_UNCHECKED if from_roster & set(keys) else FILE
            if keys == ("rof",) and unit.rof == NO_ROF and source == COUNTER:
                out.append(PrintedNumber(label, "none: no ROF box, no Multiple ROF (C2.24)", NOT_PRINTED, keys))
                continue
            out.append(PrintedNumber(label, text, source, keys))
        elif entry is not None and (text := listed(entry)) is not None:
            out.append(PrintedNumber(label, text, ROSTER if entry.verified else ROSTER_UNCHECKED, keys))
        elif keys == ("breakdown",) and counter_read(unit) and (unit.kind == "gun" or unit.ma is not None):
            out.append(PrintedNumber(label, f"{DEFAULT_BREAKDOWN} (A.11)", NOT_PRINTED, keys))
    return out
