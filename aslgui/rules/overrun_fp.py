"""The OVR FP (D7.11): the vehicle's base FP, its MA and MG FP tripled then halved (Bounding
First Fire, no RMG), the FT whole, and the share of printed FP its Passengers/Riders add (one-half
for a CE armored halftrack's Passengers, one-fourth otherwise).  ``overrun`` attacks with it."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from aslgui.errors import AslError
from aslgui.model import Scenario, Unit
from aslgui.rules.ift_attack import number
from aslgui.rules.resolution import reason
from aslgui.rules.roster import HALFTRACK, vehicle_type

BASE_FP = {"unarmored": 1, "afv": 2, "afv_ma": 4}  # D7.11
#: Printed-FP fraction Passengers/Riders add: CE armored halftrack Passengers 1/2, others 1/4 (D7.11).
PASSENGER_SHARE = {"ce_halftrack": 0.5, "other": 0.25}
_SQUAD_FP = re.compile(r"^\s*(\d+)-\d+-\d+")


@dataclass(frozen=True)
class OverrunFp:
    """The OVR FP before Area Fire/Immobile halving, its parts, and the weapons that took part."""

    fp: float
    parts: tuple[dict[str, Any], ...]
    weapons: tuple[str, ...]


def printed_fp(unit: Unit, scenario: Scenario) -> float:
    """A Passenger's printed FP: ``fp`` in its record, else the first figure of a name like 4-6-7."""
    if "fp" in unit.extra:  # a number 0..99, checked at load
        return float(unit.extra["fp"])
    match = _SQUAD_FP.match(unit.name)
    if match:
        return float(match.group(1))
    if unit.kind == "leader":
        return 0.0
    raise AslError(f"{unit.id} rides {unit.aboard}: give its printed FP (\"fp\": 4) or a name such as \"4-6-7\"",
                   f"{scenario.unit_path(unit.id)}.fp")


def overrun_fp(vehicle: Unit, passengers: list[Unit], scenario: Scenario, ft_only: bool) -> OverrunFp:
    """D7.11: base 1/2/4, MG/IFE FP tripled then halved (no RMG), Passenger FP shares tripled,
    FT FP whole. With ``ft_only`` only the FT counts (D7.15)."""
    ma = vehicle.ma
    ma_works = ma is not None and ma.manned and ma.functioning
    parts: list[dict[str, Any]] = []
    weapons: list[str] = []
    if ft_only:
        if ma is None or not ma_works or ma.kind != "ft" or ma.fp is None:
            return OverrunFp(0.0, (), ())
        return OverrunFp(ma.fp, ({"source": "FT only (D7.15)", "fp": number(ma.fp)},), ("MA",))
    if not vehicle.afv:
        base = BASE_FP["unarmored"]
    elif ma is not None and ma_works and ma.kind == "gun" and not ma.ife:
        base = BASE_FP["afv_ma"]
        weapons.append("MA")
    else:
        base = BASE_FP["afv"]
    parts.append({"source": "base (D7.11)", "fp": base})
    if ma is not None and ma_works and ma.fp is not None and (ma.kind == "mg" or ma.ife or ma.kind == "ft"):
        value = ma.fp if ma.kind == "ft" else ma.fp * 3 / 2
        how = "FT, whole" if ma.kind == "ft" else f"{number(ma.fp)} x 3 (TPBF) / 2 (Bounding First Fire)"
        parts.append({"source": f"MA {how} (D7.11)", "fp": number(value)})
        weapons.append("MA")
    mgs = [mg for mg in vehicle.mgs if mg.functioning and mg.mount != "RMG"]
    if mgs:
        total = sum(mg.fp for mg in mgs)
        parts.append({"source": f"MG {number(total)} x 3 (TPBF) / 2 (Bounding First Fire), no RMG (D7.11)",
                      "fp": number(total * 3 / 2)})
        weapons += [f"{mg.mount} {number(mg.fp)}" for mg in mgs]
    if passengers:  # only then does the vehicle's type count (a roster value, D7.11)
        share = PASSENGER_SHARE["ce_halftrack" if _ce_armored_halftrack(vehicle) else "other"]
        for rider in passengers:
            value = printed_fp(rider, scenario) * share * 3
            parts.append({"source": f"{rider.id} {share:g} of printed FP x 3 (TPBF) (D7.11)", "fp": number(value)})
    return OverrunFp(sum(float(p["fp"]) for p in parts), tuple(parts), tuple(dict.fromkeys(weapons)))


def _ce_armored_halftrack(vehicle: Unit) -> bool:
    """Only a CE armored halftrack's Passengers add one-half of their FP to an OVR (D7.11): not one
    BU, nor one whose file says ``"ce": false``."""
    return (vehicle.afv and not vehicle.bu and vehicle.extra.get("ce") is not False
            and vehicle_type(vehicle) == HALFTRACK)


def passenger_notes(vehicle: Unit, passengers: list[Unit]) -> list[str]:
    """Why the Passengers add the share they do, when the vehicle's type leaves room for doubt (D7.11)."""
    if not passengers:
        return []
    if vehicle_type(vehicle) is None:
        return [reason(f'{vehicle.id} does not say it is a halftrack ("type": "ht"): its Passengers add '
                       "one-fourth of their FP", "D7.11")]
    if vehicle_type(vehicle) == HALFTRACK and not _ce_armored_halftrack(vehicle):
        why = "is not armored" if not vehicle.afv else "is BU" if vehicle.bu else "is not CE"
        return [reason(f"{vehicle.id} {why}: only a CE armored halftrack's Passengers add one-half, so one-fourth",
                       "D7.11")]
    return []
