"""Firer-based To Hit DRM (C5): one small function per case, each answering a DrmLine or None.

Values come from C5 and the To Hit Table's firer lines; texts say why the case applies so the
GUI popup can show them as they are.
"""

from __future__ import annotations

from collections.abc import Callable

from aslgui.model.units import MP_SPENT
from aslgui.rules.los import unit_level
from aslgui.rules.resolution import DrmLine
from aslgui.rules.to_hit.shot import Shot, recorded_mp_in_los

FirerCase = Callable[[Shot], DrmLine | None]

#: Case A: DRM for the first hexspine turned; every further hexspine adds +1 (C5.1).
CASE_A_FIRST = {"T": 1, "ST": 2, "NT": 3}
#: Case C Gun-type DRM added to Case B's +2 (C5.3 EX): stabilized 1, T/ST 2, NT or Passenger 3.
CASE_C_GUN_TYPE = {"T": 2, "ST": 2, "NT": 3}


def _doubled(value: int, shot: Shot) -> tuple[int, str]:
    """Case A and E double in woods/building/rubble (C5.11, C5.5)."""
    if shot.in_woods_building_rubble:
        return 2 * value, f", doubled in {shot.firer_terrain}"
    return value, ""


def case_a(shot: Shot) -> DrmLine | None:
    """C5.1: turning the CA/TCA (or pivoting the VCA, as NT; C5.11) to bring the target in; never
    for a Bounding First Firer, which fires within its CA or not at all (C5.13)."""
    if shot.spines == 0 or shot.bounding_first_fire:
        return None
    value, doubled = _doubled(CASE_A_FIRST[shot.gun_type] + shot.spines - 1, shot)
    plural = "s" if shot.spines > 1 else ""
    return DrmLine("A", "C5.1", value, f"{shot.gun_type}, {shot.spines} hexspine{plural} ({shot.arc.upper()}){doubled}")


def case_b(shot: Shot) -> DrmLine | None:
    """C5.2: fire in the AFPh (+3 from woods/building/rubble); also the +2 inside Case C (C5.3),
    a Passenger's LATW's too. Otherwise a LATW takes Case C3 in the AFPh instead (C5.34; the To Hit
    Table marks no Case B for LATW)."""
    if shot.bounding_fire:
        return DrmLine("B", "C5.3", 2, "part of Case C (fire after moving)")
    if shot.arms.latw or shot.phase != "AFPh" or shot.moved or shot.opportunity:
        return None
    if shot.in_woods_building_rubble:
        return DrmLine("B", "C5.2", 3, f"fire in the AFPh from {shot.firer_terrain}")
    return DrmLine("B", "C5.2", 2, "fire in the AFPh")


def case_c(shot: Shot) -> DrmLine | None:
    """C5.3: a Bounding (First) or Motion Firer adds its Gun type DRM to Case B's +2; where its aim
    counts, more than three MP in LOS is why no C1/C2 is added, and a count above the MP the
    vehicle spent is a LOS held since before its MPh (C5.33)."""
    if not shot.bounding_fire:
        return None
    mp = _first_fire_aim(shot)
    aim = ""
    if mp is not None and mp > 3:
        mover = shot.scenario.units.get(shot.firer.aboard or "", shot.firer)
        recorded = mp == recorded_mp_in_los(shot.firer, shot.target)  # not a count the question gave
        since = ", its LOS held since before its MPh" if recorded and mp > float(mover.extra.get(MP_SPENT, 0)) else ""
        aim = f"; {mp:g} MP in LOS{since}: no C1/C2 (C5.33)"
    if shot.arms.stabilized:
        return DrmLine("C", "C5.3", 1, f"Stabilized Gun, Bounding Fire{aim}")
    if shot.passenger:
        return DrmLine("C", "C5.3", 3, f"Passenger, Bounding Fire{aim}")
    return DrmLine("C", "C5.3", CASE_C_GUN_TYPE[shot.arms.mount], f"{shot.arms.mount} Gun type, Bounding Fire{aim}")


def _first_fire_aim(shot: Shot) -> float | None:
    """MP of continuous LOS for C1/C2: only for a Bounding First/Motion Firer outside the AFPh,
    and never for one firing at the start of its MPh before it enters a new hex, or in LOS of
    its target since before its MPh: that is Case C alone (C5.33)."""
    return shot.mp_in_los if shot.aim_counts else None


def case_c1(shot: Shot) -> DrmLine | None:
    """C5.31: restricted aim, 2.5-3 MP of continuous LOS to the target."""
    mp = _first_fire_aim(shot)
    if mp is None or not 2 < mp <= 3:
        return None
    return DrmLine("C1", "C5.31", 1, f"restricted aim, {mp:g} MP in LOS")


def case_c2(shot: Shot) -> DrmLine | None:
    """C5.32: limited aim, at most 2 MP of continuous LOS to the target."""
    mp = _first_fire_aim(shot)
    if mp is None or mp > 2:
        return None
    return DrmLine("C2", "C5.32", 2, f"limited aim, {mp:g} MP in LOS")


def case_c3(shot: Shot) -> DrmLine | None:
    """C5.34: a LATW firing in the AFPh, or with a Backblast from ground-level building/rubble
    (+2 each); never with Case C, as a Passenger's Bounding (First) Fire uses (C5.34, C5.3)."""
    if not shot.arms.latw or shot.opportunity or shot.bounding_fire:
        return None
    reasons = ["AFPh"] if shot.phase == "AFPh" else []
    terrain = shot.firer_terrain
    ground_level = unit_level(shot.crew) == 0 and unit_level(shot.firer) == 0
    if shot.arms.backblast and ground_level and ("building" in terrain or "rubble" in terrain):
        reasons.append(f"Backblast from ground-level {terrain}")
    if not reasons:
        return None
    return DrmLine("C3", "C5.34", 2 * len(reasons), "LATW: " + " and ".join(reasons))


def case_c4(shot: Shot) -> DrmLine | None:
    """C5.35: Motion Fire: +1 with a gyrostabilizer, else the lower dr of the TH DR is doubled."""
    if not shot.motion_fire:
        return None
    if shot.arms.gyro:
        return DrmLine("C4", "C5.35", 1, "Motion Fire with gyrostabilizer")
    return DrmLine("C4", "C5.35", 0, "Motion Fire without gyrostabilizer: lower dr of the TH DR doubled")


def case_d(shot: Shot) -> DrmLine | None:
    """C5.4: the firer (a Gun's crew) is pinned."""
    return DrmLine("D", "C5.4", 2, f"{shot.crew.id} pinned") if shot.crew.pinned else None


def case_e(shot: Shot) -> DrmLine | None:
    """C5.5: firing at a target in its own hex (doubled from woods/building/rubble)."""
    if shot.range != 0:
        return None
    value, doubled = _doubled(2, shot)
    return DrmLine("E", "C5.5", value, f"target in firer's hex{doubled}")


def case_f(shot: Shot) -> DrmLine | None:
    """C5.61: Intensive Fire loses accuracy."""
    return DrmLine("F", "C5.61", 2, "Intensive Fire") if shot.intensive else None


def case_g(shot: Shot) -> DrmLine | None:
    """C5.7: a Deliberate Immobilization attempt."""
    return DrmLine("G", "C5.7", 5, "Deliberate Immobilization attempt") if shot.deliberate else None


def case_h(shot: Shot) -> DrmLine | None:
    """C5.8: a Captured weapon and/or one manned by non-qualified Infantry (both: doubled)."""
    causes = shot.unfamiliar
    if not causes:
        return None
    return DrmLine("H", "C5.8", 2 * len(causes), " and ".join(causes) + (", doubled" if len(causes) == 2 else ""))


def case_i(shot: Shot) -> DrmLine | None:
    """C5.9: a buttoned-up, closed-topped AFV."""
    firer = shot.firer
    if not (shot.is_vehicle and firer.afv and firer.ct and firer.bu):
        return None
    return DrmLine("I", "C5.9", 1, "BU CT AFV")


def case_cx(shot: Shot) -> DrmLine | None:
    """A4.51 (listed after C5.9): an Exhausted (CX) firer fires less accurately."""
    return DrmLine("CX", "A4.51", 1, f"{shot.crew.id} CX") if shot.crew.cx else None


FIRER_CASES: tuple[FirerCase, ...] = (
    case_a,
    case_b,
    case_c,
    case_c1,
    case_c2,
    case_c3,
    case_c4,
    case_d,
    case_e,
    case_f,
    case_g,
    case_h,
    case_i,
    case_cx,
)
