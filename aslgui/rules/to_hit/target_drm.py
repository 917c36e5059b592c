"""Target-based To Hit DRM the rulebook examples use (C6 cases, summarised in DESIGN.md 4):
L point blank, N acquisition, P target size, Q TEM; and which lines the Area Target Type drops."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from aslgui.rules.ift_attack import crossed_tem_line
from aslgui.rules.los import hindrance_drm
from aslgui.rules.resolution import HINDRANCE_CASE, DrmLine
from aslgui.rules.to_hit.shot import Shot

if TYPE_CHECKING:
    from aslgui.model import Unit

TargetCase = Callable[[Shot], DrmLine | None]

#: The target-based DRM vs a moving or Motion target the answers leave out (C6 Case J: its value
#: is not in the rules folder, only its name, C10.25), named in their ``unverified``.
CASE_J_NOTE = "the To Hit DRM vs a moving or Motion target (C6, Case J) is not in the rules folder and is not counted"
#: Case L by range: point blank -2 at one hex, -1 at two (C6; NA with Case E, C5.5).
POINT_BLANK = {1: -2, 2: -1}
#: Cases that never modify an Area Target Type TH DR (C3.331).
NOT_VS_AREA = frozenset({"C1", "C2", "C3", "C4", "E", "G", "L", "Q"})
#: TH Cases NA to a Gun's Reaction Fire at the vehicle OVRing its hex (D7.22).
NOT_IN_REACTION_FIRE = ("A", "E")


def case_l(shot: Shot) -> DrmLine | None:
    """Point blank range; at range 0 Case E applies instead (C5.5)."""
    value = POINT_BLANK.get(shot.range)
    if value is None:
        return None
    return DrmLine("L", "C6", value, f"point blank, {shot.range} hex{'es' if shot.range > 1 else ''}")


def case_n(shot: Shot) -> DrmLine | None:
    """Acquisition of the target by earlier shots; never for Deliberate Immobilization (C5.71)."""
    if not shot.acquisition or shot.deliberate:
        return None
    return DrmLine("N", "C6", -shot.acquisition, f"Acquisition, level {shot.acquisition}")


def case_p(shot: Shot) -> DrmLine | None:
    """Target size of the target unit (e.g. +2 for a Kuebelwagen, C3.32 EX)."""
    target = shot.target
    if target is None or not target.size:
        return None
    return DrmLine("P", "C6", target.size, f"target size of {target.id}")


def case_q_counts(shot: Shot) -> bool:
    """Whether the shot takes Case Q at all: the Infantry Target Type at a unit other than a vehicle
    (C3.32 EX: the truck in the shellhole gets none)."""
    return shot.target_type == "infantry" and not shot.target_is_vehicle


def case_q(shot: Shot) -> DrmLine | None:
    """TEM of the target's Location vs the Infantry Target Type, or of the wall/hedge the shot
    crosses into it where that is more (B9.31: so never less than the Location's); a vehicle target
    gets none (``case_q_counts``)."""
    return crossed_q(shot) if case_q_counts(shot) else None


def crossed_q(shot: Shot) -> DrmLine | None:
    """Case Q's line where it counts: it reads only the target hex and the firer's, so every unit
    of a hex that takes Case Q takes the same line."""
    line = crossed_tem_line(shot.scenario, shot.target_hex, shot.firer.hex, "C6")
    return line._replace(case="Q") if line else None


TARGET_CASES: tuple[TargetCase, ...] = (case_l, case_n, case_p, case_q)


def hindrance_lines(shot: Shot) -> tuple[DrmLine, ...]:
    """+1 per LOS Hindrance between firer and target, each citing its terrain's rule (B12.2, ...);
    firing within its own hex, the hex's wrecks and AFVs too (C5.5)."""
    if shot.sight is None or shot.sight.blocked:
        return ()
    within = within_hex_vehicles(shot)
    return (*hindrance_drm(shot.scenario, shot.sight), *([within] if within else []))


def within_hex_vehicles(shot: Shot) -> DrmLine | None:
    """C5.5: a wreck or an AFV other than the firer and the target in the hex a Gun fires within
    adds to the Hindrance (its SMOKE the LOS answer already counts). Read as D9's vehicles are
    (docs/los.md): +1 for the hex however many. (No Area Target Type shot is made within the
    firer's hex, C3.33, so the target is always one unit.)"""
    if shot.target_hex != shot.firer.hex:
        return None

    def hinders(unit: Unit) -> bool:
        if unit.kind != "vehicle" or unit.aboard is not None or unit.id == shot.firer.id:
            return False
        if shot.target is not None and unit.id == shot.target.id:
            return False
        return unit.extra.get("wreck") is True or unit.afv

    others = [unit for unit in shot.scenario.units_at(shot.target_hex) if hinders(unit)]
    if not others:
        return None
    ids = ", ".join(unit.id for unit in others)
    return DrmLine(HINDRANCE_CASE, "C5.5", 1, f"{ids} in {shot.scenario.grid.name(shot.target_hex)} "
                                            f"hinder{'s' if len(others) == 1 else ''} the shot within the hex")


def applies(line: DrmLine, shot: Shot) -> bool:
    """Whether a DRM line counts: C3.331 drops some vs the Area Target Type, an RFNM Gun never
    receives Case L (C10.25), and Reaction Fire takes neither Case A nor E (D7.22)."""
    if line.case == "L" and shot.firer.rfnm:
        return False
    if shot.reaction and line.case in NOT_IN_REACTION_FIRE:
        return False
    return shot.target_type != "area" or line.case not in NOT_VS_AREA


def case_j_uncounted(shot: Shot) -> str | None:
    """The note a shot at a moving vehicle carries (one that moved in this MPh, or in Motion):
    its odds leave out Case J, which the rules folder does not give."""
    target = shot.target
    moving = target is not None and target.kind == "vehicle" and (
        target.motion or (target.moved and shot.phase == "MPh"))
    return f"{target.id}: {CASE_J_NOTE}" if moving and target is not None else None
