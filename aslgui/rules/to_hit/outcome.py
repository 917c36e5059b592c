"""Reading the dice of a shot: hit or miss, Critical Hit (C3.7), Improbable Hit (C3.6), turret
or hull (C3.9), Multiple Hits (C3.8), malfunction (C5.62, C5.8), Deliberate Immobilization
(C5.72) and the IFT attack of an HE hit.

Without the subsequent dr a shot may need (C3.6, C3.7) the dice are still read: every key the
Original DR decides is answered, the ones the dr decides are null, and ``needs_dr`` says why.
"""

from collections.abc import Callable
from functools import lru_cache
from typing import Any, NamedTuple

from aslgui.model import Unit
from aslgui.rules.dice import DiceRoll, DrNeeded
from aslgui.rules.odds import Odds, counting, tally
from aslgui.rules.tables import ift_result
from aslgui.rules.to_hit.effects import he_attack
from aslgui.rules.to_hit.notes import rate_of_fire
from aslgui.rules.to_hit.numbers import ThNumbers
from aslgui.rules.to_hit.shot import SMOKE_AMMO, Shot

#: C3.8: calibers that can score Multiple Hits.
MULTIPLE_HIT_CALIBERS = (15, 40)
#: C3.6: what the subsequent dr of an Improbable Hit gives.
IMPROBABLE_DR = {1: "critical", 2: "turret", 3: "hull"}
#: C3.9's two Aspects above the hull: a turret, or a turretless vehicle's upper superstructure.
UPPER, SUPERSTRUCTURE = "turret", "superstructure"


def th_dr(dice: DiceRoll, doubled_lower: bool) -> int:
    """The DR compared with the TH#: with the lower dr doubled under Motion Fire (C5.35)."""
    if not doubled_lower:
        return dice.total
    return max(dice.colored, dice.white) + 2 * min(dice.colored, dice.white)


def breakdown(shot: Shot) -> int:
    """Effective B#: two lower while Intensive Firing (C5.62), and two lower per captured-weapon
    penalty (C5.8, A21.11, A21.13)."""
    return shot.arms.breakdown - 2 * shot.intensive - 2 * len(shot.unfamiliar)


class Roll(NamedTuple):
    """The dice of one shot and the subsequent dr, when one was given."""

    dice: DiceRoll
    dr: int | None

    def need_dr(self, why: str) -> int:
        """The subsequent dr; without one, ``resolve_dice`` answers what the dice alone decide."""
        if self.dr is None:
            raise DrNeeded(why)
        return self.dr


def _drs(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}-{high}"


class Reading(NamedTuple):
    """All a roll of a shot is read with (``to_hit_reader``): its TH# numbers and what the shot
    says once for every roll. Equal readings roll alike, so it is also the key under which a
    shot's odds are counted once (``reading_odds``)."""

    numbers: ThNumbers
    #: Effective B# (``breakdown``) and the Multiple ROF a coloured dr may keep (``rate_of_fire``).
    limit: int
    rof: int
    #: The target is a vehicle, HD, with a turret (C3.9).
    vehicle: bool
    hd: bool
    turret: bool
    deliberate: bool
    ch_applies: bool
    #: A 15-40mm Gun that may score Multiple Hits on this Target Type (C3.8).
    multiple_hits: bool
    #: An OVR Prevention shot's crew and its Morale Level (C5.64); None for any other shot.
    ovr_crew: str | None
    crew_morale: int | None


def reading(shot: Shot, numbers: ThNumbers) -> Reading:
    """What reading a roll of ``shot`` takes from it, worked out once per shot."""
    target, arms = shot.target, shot.arms
    low, high = MULTIPLE_HIT_CALIBERS
    return Reading(
        numbers=numbers,
        limit=breakdown(shot),
        rof=rate_of_fire(shot),
        vehicle=target is not None and target.kind == "vehicle",
        hd=bool(target is not None and target.hd),
        turret=target is not None and target.turret is not None,
        deliberate=bool(shot.deliberate),
        ch_applies=bool(shot.ch_applies),
        multiple_hits=(shot.target_type in ("vehicle", "infantry") and low <= arms.caliber <= high
                       and arms.kind == "gun" and not arms.ife and not arms.latw and not arms.multiple_tk),
        ovr_crew=shot.crew.id if shot.ovr_prevention else None,
        crew_morale=shot.crew_morale if shot.ovr_prevention else None,
    )


def _improbable(shot: Reading, roll: Roll) -> tuple[bool, bool, str | None]:
    """C3.6: only an Original 2 can hit; the subsequent dr says CH, turret or hull."""
    if roll.dice.total != 2:
        return False, False, None
    hull = "a hull hit (a miss vs a HD target, C3.9)" if shot.hd else "a hull hit"
    ch = "a hit that is never a CH (C5.72)" if shot.deliberate else "a CH"
    why = (f"an Original 2 on an Improbable Hit: a subsequent dr of 1 is {ch}, 2 a turret hit, "
           f"3 {hull}, 4-6 a miss (C3.6)")
    result = IMPROBABLE_DR.get(roll.need_dr(why))
    if result is None:
        return False, False, None
    if result == "critical":  # a Deliberate Immobilization hit is never a CH; where it struck is read as C3.9 says
        return True, not shot.deliberate, None
    return True, False, result


def _critical(shot: Reading, roll: Roll, final_dr: int) -> bool:
    """C3.7 for a hit that is not Improbable."""
    if shot.deliberate:
        return False  # C5.72
    numbers = shot.numbers
    original_two = roll.dice.total == 2
    if numbers.target_type == "infantry":
        if 2 * final_dr < numbers.modified_th:
            return True
        if not original_two:
            return False
        ch = min(6, max(1, numbers.modified_th // 2))  # dr 1, or dr <= half the Modified TH#
        rest = f", {_drs(ch + 1, 6)} is not" if ch < 6 else ""
        dr = roll.need_dr(
            f"an Original 2 on the Infantry Target Type: a subsequent dr of {_drs(1, ch)} is a CH{rest} (C3.7)"
        )
        return dr == 1 or 2 * dr <= numbers.modified_th
    if not original_two:
        return False
    if numbers.only_lowest_hits:
        return roll.need_dr("only the lowest DR hits: a subsequent dr of 1 is a CH, 2-6 a normal hit (C3.7)") == 1
    return True


def _location(shot: Reading, roll: Roll, critical: bool, forced: str | None) -> str | None:
    """C3.9: the turret/upper-superstructure Aspect if the coloured dr is below the white one; a CH
    vs HD strikes it too. A vehicle with no turret has an upper superstructure there, named so."""
    if not shot.vehicle:
        return None
    if critical and shot.hd:
        upper = True
    elif forced is not None:
        upper = forced == UPPER
    elif shot.numbers.only_lowest_hits and not critical:
        upper = shot.hd
    else:
        upper = roll.dice.colored < roll.dice.white
    if not upper:
        return "hull"
    return UPPER if shot.turret else SUPERSTRUCTURE


def _multiple_hits(shot: Reading, roll: Roll, hit: bool, critical: bool) -> bool:
    """C3.8: doubles of a 15-40mm Gun that hit, but not as a CH or an Improbable Hit."""
    return hit and not critical and not shot.numbers.improbable and roll.dice.doubles and shot.multiple_hits


def destroyed_by_ch(shot: Shot) -> tuple[str, ...]:
    """The Gun a CH destroys outright with its manning Infantry (C3.71 last sentence, citing
    C11.4): the target Gun, or the Gun the target Infantry mans in its Location; ids, Gun first."""
    if shot.ammo in SMOKE_AMMO:  # no attack to destroy by (C3.33; A24.31: WP's NMC)
        return ()
    return manned_gun(shot)


def manned_gun(shot: Shot) -> tuple[str, ...]:
    """The target Gun, or the Gun the target Infantry mans in its Location, with its manning
    Infantry: ids, Gun first; none when the target is neither. One target for a CH (C3.71, C11.4)."""
    target, scenario = shot.target, shot.scenario
    if target is None:
        return ()
    if target.kind == "gun":
        gun: Unit | None = target
    else:
        gun = next((u for u in scenario.units_at(target.hex) if u.kind == "gun" and u.crew == target.id), None)
    if gun is None:
        return ()
    crew = scenario.units.get(gun.crew) if gun.crew else None
    manning = crew is not None and crew.hex == gun.hex and crew.aboard == gun.aboard
    return (gun.id, crew.id) if crew is not None and manning else (gun.id,)


def _destroyed(shot: Shot, ids: tuple[str, ...]) -> dict[str, Any]:
    """A CH on a Gun: no IFT attack on it or its crew, both destroyed (C3.71); other units hit in
    that Location take a normal hit, and Random Selection says which target the CH strikes (C3.74)."""
    names = " and its manning Infantry ".join(ids)
    notes = [f"a CH destroys the Gun {names} (C3.71, C11.4)"]
    shooters = (*ids, shot.firer.id, shot.crew.id)
    others = [u.id for u in shot.scenario.units_at(shot.target_hex) if u.id not in shooters]
    if others:
        notes.append(f"{', '.join(others)} also in the hex: Random Selection decides which target the CH strikes, "
                     "the others taking a normal hit (C3.74)")
    return {"destroyed": list(ids), "result": "destroyed", "notes": notes}


#: What a SMOKE or WP hit does instead of an IFT attack (C3.33; WP's NMC is A24.31's).
SMOKE_PLACED = {
    "SMOKE": "SMOKE placed, no IFT attack (C3.33)",
    "WP": "WP placed: NMC for each vulnerable unit hit (C3.33, A24.31)",
}
#: How a CH with SMOKE or WP is read: C3.71/C3.72 work on an IFT or TK attack, which it makes none of.
SMOKE_CH_READING = ("read: a CH with SMOKE or WP places it as a hit does: no FP to double, no TEM reversed, no Gun "
                    "destroyed (C3.71 and C3.72 resolve an IFT or TK attack); C3.76 gives a CH a use only for a WP "
                    "FFE's resolution DR, and any effect on the WP NMC is A24.31's, not answered here")


def _effects(shot: Shot, critical: bool, effects_dr: int | None) -> dict[str, Any]:
    """How a hit is resolved: SMOKE or WP placed; a CH on a Gun destroys it and its crew; the IFT
    attack of HE on the Infantry/Area Target Type, else which table takes it."""
    if shot.ammo in SMOKE_AMMO:
        return {"resolve_on": SMOKE_PLACED[shot.ammo], "notes": [SMOKE_CH_READING] if critical else []}
    destroyed = destroyed_by_ch(shot) if critical else ()
    if destroyed:
        return _destroyed(shot, destroyed)
    attack = he_attack(shot, critical)
    if attack is None:
        where = "To Kill Table (C7)" if shot.target_type == "vehicle" else "IFT by HE Equivalency (C8.31)"
        doubled = ["a CH doubles the Basic TK# (C3.71, C3.72)"] if critical and shot.target_type == "vehicle" else []
        return {"resolve_on": "no TK DR (C5.72)" if shot.deliberate else where, "notes": doubled}
    out = attack.to_json()
    personnel = not shot.target_is_vehicle
    column = attack.column
    out["result"] = ift_result(column, effects_dr + attack.total_drm) if personnel and effects_dr and column else None
    vehicle_note = [] if personnel else ["a vehicle hit by HE takes this attack as per C1.55 (vehicle line of the IFT)"]
    out["notes"] = [*attack.notes, *vehicle_note]
    return out


def resolve_dice(shot: Shot, numbers: ThNumbers, roll: Roll, effects_dr: int | None) -> dict[str, Any]:
    """The ``outcome`` object of DESIGN.md section 4 for these dice.

    When a needed subsequent dr is missing, the dice are read with each dr 1..6: what they all
    agree on is the answer and the rest is null (DESIGN.md 4: ``dr`` is optional, so this is a
    well-formed question), with ``needs_dr`` saying what the dr decides (C3.6, C3.7).
    """
    read = _reader(shot, numbers, effects_dr)
    try:
        return read(roll)
    except DrNeeded as missing:
        why = missing.why
    answers = [read(roll._replace(dr=dr)) for dr in range(1, 7)]
    if all(answer == answers[0] for answer in answers):
        return answers[0]  # e.g. a Modified TH# of 12+: every dr is a CH
    return {"needs_dr": why, **agreed(answers)}


def agreed(answers: list[dict[str, Any]]) -> dict[str, Any]:
    """Each key's value where every answer has the same one, else null; the notes all share."""
    out: dict[str, Any] = {}
    for key in dict.fromkeys(key for answer in answers for key in answer):
        first = answers[0].get(key)
        same = all(key in answer and _same(answer[key], first) for answer in answers)
        out[key] = first if same else None
    out["notes"] = [note for note in answers[0]["notes"] if all(note in answer["notes"] for answer in answers)]
    return out


def _same(value: Any, other: Any) -> bool:
    """Equal and of one type, so that a ``False`` never passes for a ``0``."""
    return type(value) is type(other) and bool(value == other)


#: NMC results that void an OVR Prevention To Hit attempt (C5.64).
VOIDING_NMC = frozenset({"pinned", "broken"})


def crew_nmc(shot: Reading, original_dr: int) -> str | None:
    """An OVR Prevention shot's Original TH DR is also a NMC on the manning Infantry (C5.64):
    ``passed`` below its Morale Level, ``pinned`` on it, ``broken`` above; None when the shot is no
    OVR Prevention or the crew's Morale Level is unknown."""
    morale = shot.crew_morale
    return None if morale is None else nmc_result(morale, original_dr)


def nmc_result(morale: int, original_dr: int) -> str:
    """A DR read as a NMC (A8.31, C5.64): ``passed`` below the Morale Level, ``pinned`` on it,
    ``broken`` above."""
    return "passed" if original_dr < morale else "pinned" if original_dr == morale else "broken"


def to_hit_reader(shot: Reading) -> Callable[[Roll], dict[str, Any]]:
    """The function that reads a roll of this shot for the To Hit itself (hit, CH, location,
    malfunction, ROF), without the hit's effects; it raises ``DrNeeded`` when it needs a dr not
    given. The outcome and the odds of every roll both go through it."""
    numbers, limit, rof, hd = shot.numbers, shot.limit, shot.rof, shot.hd
    improbable, doubled_lower_dr, total_drm, modified_th = (numbers.improbable, numbers.doubled_lower_dr,
                                                             numbers.total_drm, numbers.modified_th)

    def read(roll: Roll) -> dict[str, Any]:
        dice = roll.dice
        dr_used = th_dr(dice, doubled_lower_dr)
        final_dr = dr_used + total_drm
        forced: str | None = None
        nmc = crew_nmc(shot, dice.total)
        voided = nmc in VOIDING_NMC
        if voided:  # only a malfunction stands (C5.64)
            hit, critical = False, False
        elif improbable:
            hit, critical, forced = _improbable(shot, roll)
            critical = critical and shot.ch_applies
        else:
            hit = final_dr <= modified_th
            critical = hit and shot.ch_applies and _critical(shot, roll, final_dr)
        location = _location(shot, roll, critical, forced) if hit else None
        notes = []
        hull_down_miss = location == "hull" and hd
        if hull_down_miss:
            hit, critical, notes = False, False, ["a hull hit on a HD target misses (C3.9)"]
        out: dict[str, Any] = {
            "hit": hit,
            **({"hull_down_miss": True} if hull_down_miss else {}),  # why a TH DR that hits is a miss
            "critical": critical,
            "improbable": improbable and hit,
            "location": location if hit else None,
            "multiple_hits": _multiple_hits(shot, roll, hit, critical),
            "th_dr": dr_used,
            "final_dr": final_dr,
            "malfunction": dice.total >= limit,
            "rof_retained": dice.colored <= rof and dice.total < limit and not voided,
        }
        if shot.deliberate:
            out["immobilized"] = hit and location == "hull"  # C5.72
        if shot.ovr_crew is not None:
            out.update(crew_nmc=nmc, voided=voided)
            if voided:
                notes.append(f"the Original DR {nmc} {shot.ovr_crew} on its NMC: the To Hit attempt is void and the "
                             "OVR is resolved (C5.64)")
        out["notes"] = notes
        return out

    return read


def _reader(shot: Shot, numbers: ThNumbers, effects_dr: int | None) -> Callable[[Roll], dict[str, Any]]:
    """The full outcome of a roll: the To Hit reading, then the effects of a hit."""
    to_hit = to_hit_reader(reading(shot, numbers))

    def read(roll: Roll) -> dict[str, Any]:
        out = to_hit(roll)
        notes = out.pop("notes")
        effects = _effects(shot, out["critical"], effects_dr) if out["hit"] else {"notes": []}
        out.update(effects, notes=notes + effects["notes"])
        return out

    return read


#: DESIGN.md section 10: what the odds of a shot count.
FIRE_ODDS = counting(("hit", "critical", "malfunction"))


def fire_odds(shot: Shot, numbers: ThNumbers) -> Odds:
    """The chance to hit, to Critical Hit and to malfunction, over every roll of the shot."""
    return reading_odds(reading(shot, numbers))


@lru_cache(maxsize=4096)
def reading_odds(shot: Reading) -> Odds:
    """``fire_odds`` of a shot read so: counted once for all shots read alike, as a batch or an
    odds map asks many of them; the Odds is shared by them, never changed."""
    read = to_hit_reader(shot)
    return tally(lambda dice, dr: read(Roll(dice, dr)), FIRE_ODDS)
