"""Whether the firer can fire at all, whatever it aims at: its manning crew (C3.22, C5.6, A.7),
its C10 state, a malfunction (A.11), RFNM (C10.25) and the ROF it has left (C2.24, C5).  Each
check answers a reason (citing its rule) or None; ``legality`` asks them with the shot's own."""

from __future__ import annotations

from aslgui.model import Scenario, Unit
from aslgui.model.units import PUSHED
from aslgui.rules.resolution import reason
from aslgui.rules.to_hit.shot import CA_TURNED, NO_FIRE, Shot


def manning_reasons(scenario: Scenario, unit: Unit) -> list[str]:
    """Why nobody can fire this Gun (or vehicle): a Gun is fired, and turned (C3.22), by its
    manning Infantry, so it needs a crew in its own Location (C3.22, C5.6); a broken crew is not
    in Good Order and fires nothing (A.7). A vehicle is its own crew."""
    if unit.kind != "gun":
        return [reason(f"{unit.id} is broken", "A.7")] if unit.broken else []
    crew = scenario.units.get(unit.crew) if unit.crew else None
    if crew is None and unit.crew in scenario.off_board:
        return [reason(f"its crew {unit.crew} is not on the map (in the order of battle), so it cannot man it",
                       "C3.22, C5.6")]
    if crew is None:
        return [reason(f"{unit.id} has no manning Infantry (\"crew\") to fire it", "C3.22, C5.6")]
    if crew.hex != unit.hex or crew.aboard != unit.aboard:
        return [reason(f"its crew {crew.id} is not in {unit.id}'s Location, so it cannot man it", "C3.22, C5.6")]
    return [reason(f"{crew.id} is broken", "A.7")] if crew.broken else []


#: The rules that place a TI counter and say its units fire no more that Player Turn (C10.3: pushing).
TI_RULES = "C10.11, C10.22, C10.3, C10.51"


def ti_reasons(scenario: Scenario, unit: Unit) -> list[str]:
    """Why a TI counter stops this Gun or vehicle firing, or turning without firing (C3.22): a TI
    Gun, its TI crew, a TI vehicle fire nothing for the rest of that Player Turn (C10.11, C10.22,
    C10.51). A QSU Gun too: C10's procedure lets it fire instead of unlimbering only in the next
    fire phase, once the TI of its unhooking is gone. A Gun pushed this MPh and its pushers are TI
    once their pushing ends (C10.3), as it has after the MPh."""
    crew = scenario.units.get(unit.crew) if unit.kind == "gun" and unit.crew else None
    marked = [u.id for u in (unit, crew) if u is not None and u.extra.get("ti")]
    pushed = [u.id for u in (unit, crew) if u is not None and u.extra.get(PUSHED) and not u.extra.get("ti")]
    found = []
    if marked:
        verb = "is" if len(marked) == 1 else "are"
        found.append(reason(f"{' and '.join(marked)} {verb} TI: no fire for the rest of this Player Turn", TI_RULES))
    if pushed:
        verb = "is" if len(pushed) == 1 else "are"
        found.append(reason(f"{' and '.join(pushed)} pushed a Gun this Player Turn and {verb} TI once the pushing "
                            "ends: no fire for the rest of it", "C10.3"))
    return found


def cannot_fire_reasons(gun: Unit) -> list[str]:
    """Why a Gun cannot fire because of C10 states: in tow, or limbered without LF (C10.1,
    C10.21, C10.24). Here rather than in ``towing``, so a shot does not import C10's procedures."""
    if gun.towed_by is not None:
        return [reason(f"{gun.id} is in tow by {gun.towed_by}", "C10.1")]
    if gun.limbered and not gun.lf:
        return [reason(f"{gun.id} is limbered and has no Limbered Fire", "C10.21")]
    return []


def crew_can_fire(shot: Shot) -> str | None:
    """A Gun needs its manning Infantry, in Good Order, in its Location (C3.22, C5.6, A.7)."""
    return "; ".join(manning_reasons(shot.scenario, shot.firer)) or None


def not_ti(shot: Shot) -> str | None:
    """A TI firer, or a Gun whose crew is TI, fires nothing this Player Turn (C10.11, C10.22, C10.51)."""
    return "; ".join(ti_reasons(shot.scenario, shot.firer)) or None


def gun_state(shot: Shot) -> str | None:
    """A Gun in tow, or limbered without Limbered Fire, cannot fire (C10.1, C10.21, C10.24)."""
    return "; ".join(cannot_fire_reasons(shot.firer)) if shot.firer.kind == "gun" else None


def weapon_works(shot: Shot) -> str | None:
    """A malfunctioned weapon fires no more until repaired (A.11, which C5.62 cites)."""
    return malfunction_reason(shot.firer)


def malfunction_reason(firer: Unit) -> str | None:
    """Why a Gun, or a vehicle's MA, cannot fire until repaired (A.11): marked ``malfunctioned``
    (as a malfunction in play or VASL's Malf marker marks it), or an MA the file states is not
    functioning. A CA change without firing asks it too (C3.22: its crew must be able to fire it)."""
    weapon = "MA" if firer.kind == "vehicle" else "Gun"
    if firer.extra.get("malfunctioned") is True:
        return reason(f"{firer.id}'s {weapon} is malfunctioned: it fires no more until repaired", "A.11, C5.62")
    if firer.kind == "vehicle" and firer.ma is not None and not firer.ma.functioning:
        return reason(f"{firer.id}'s MA is not functioning", "A.11")
    return None


def rfnm(shot: Shot) -> str | None:
    """An RFNM Gun never changes its CA (no Case A) and never fires within its own hex (no Case E) (C10.25)."""
    if not shot.firer.rfnm:
        return None
    if shot.spines:
        return reason(f"{shot.firer.id} is RFNM: it cannot change its CA to bring the target in", "C10.25")
    if shot.range == 0:
        return reason(f"{shot.firer.id} is RFNM: it cannot fire within its own hex", "C10.25")
    return None


def rof_left(shot: Shot) -> str | None:
    """A unit that has fired fires again only with a Multiple ROF kept in this phase or with
    Intensive Fire (C2.24, C5.6), and never twice in its AFPh unless as Opportunity Fire (C5.2);
    a firer pinned since it kept its Multiple ROF forfeits it (C5.4); a vehicle under a Bounding
    First Fire counter has fired in this MPh (C5.3); a Gun about to be OVR may fire whatever it
    fired before (C5.64), unless under a No Fire counter."""
    if shot.firer.extra.get(NO_FIRE):
        return reason(f"{shot.firer.id} is under a No Fire counter: no more fire this Player Turn", "C5.64")
    if shot.firer.extra.get(CA_TURNED) == shot.phase:
        return reason(f"{shot.firer.id} changed its CA without firing, which ends its {shot.phase}: no more fire in "
                      "it", "C3.22")
    if not shot.has_fired or shot.ovr_prevention:
        return None
    if shot.phase == "AFPh" and not shot.opportunity:
        return reason(f"{shot.firer.id} has fired: no weapon fires more than once in its AFPh unless as "
                      "Opportunity Fire", "C5.2")
    if shot.intensive:
        return None  # intensive_allowed says whether it may (C5.6)
    if shot.rof_forfeited:
        return reason(f"{shot.crew.id} is pinned and forfeits the Multiple ROF {shot.firer.id} kept in this "
                      f"{shot.phase}; only Intensive Fire adds a shot, which a pinned crew may not use", "C5.4, C5.6")
    bounding_fired = shot.firer.bounding_fired and shot.bounding_first_fire
    if shot.rof_kept and bounding_fired and shot.spent_no_mp_since_its_shot:
        return reason(f"{shot.firer.id} has spent no MP since its last Bounding First Fire: with its Multiple ROF it "
                      "fires again only after another MP (even a Delay MP)", "C5.3")
    if shot.rof_kept:
        return None
    if bounding_fired:
        return reason(f"{shot.firer.id} is under a Bounding First Fire counter and kept no Multiple ROF in this MPh "
                      "(rof_kept); only Intensive Fire adds a shot", "C5.3, C2.24")
    return reason(f"{shot.firer.id} has used its normal ROF this turn; only Intensive Fire adds a shot", "C2.24")
