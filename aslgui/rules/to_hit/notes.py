"""What a player must remember after a shot, though it changes no number of this one: lost
ROF, a CA that is now fixed, a Bog Check, the fire counter to place."""

from __future__ import annotations

from collections.abc import Mapping

from aslgui.model.units import DEFAULT_BREAKDOWN
from aslgui.rules.resolution import reason
from aslgui.rules.roster import ROF_KEPT, counter_read
from aslgui.rules.to_hit.shot import FIRED_AT_MP, SMOKE_AMMO, Shot
from aslgui.rules.to_hit.target_drm import POINT_BLANK

#: The Target Type a shot takes when the action names none, and why (C3.3).
_TAKEN_TARGET_TYPE = {
    "area": ("the Area Target Type, which a mortar always uses", "C3.33"),
    "vehicle": ("the Vehicle Target Type, as the target is a vehicle", "C3.31"),
    "infantry": ("the Infantry Target Type, as the target is no vehicle", "C3.32"),
}
#: The Target Type a SMOKE or WP shot takes when the action names none, and why (C3.33, C3.76).
_SMOKE_TARGET_TYPE = ("the Area Target Type, which ordnance firing SMOKE (WP among it) must use", "C3.33, C3.76")


def rof_lost(shot: Shot) -> str | None:
    """Why this shot cannot keep a Multiple ROF (None when it can): an Intensive Fire shot is the
    one extra shot it gives (C5.6), no weapon fires twice in its AFPh unless as Opportunity Fire
    (C5.2), a non-mortar's Area Target Type shot uses the whole ROF (C3.33), a pinned firer
    forfeits it (C5.4)."""
    causes = (shot.intensive, shot.phase == "AFPh" and not shot.opportunity,
              shot.target_type == "area" and not shot.arms.mortar, shot.crew.pinned)
    if not any(causes):  # most shots: no cause's text is made (asked three times per answer)
        return None
    texts = (
        ("an Intensive Fire shot is the one extra shot it gives", "C5.6"),
        ("no weapon fires more than once in its AFPh unless as Opportunity Fire", "C5.2"),
        ("a non-mortar's Area Target Type shot uses all of its ROF", "C3.33"),
        (f"{shot.crew.id} is pinned and forfeits any Multiple ROF", "C5.4"),
    )
    found = [reason(f"no Multiple ROF: {text}", rule)
             for (text, rule), applies in zip(texts, causes, strict=True) if applies]
    return "; ".join(found) or None


def rate_of_fire(shot: Shot) -> int:
    """The Multiple ROF this shot may keep (a coloured dr at or below it keeps it; 0: none, as
    ``rof_lost`` says why); one lower per captured-weapon penalty (A21.12, A21.13)."""
    if rof_lost(shot):
        return 0
    return max(shot.arms.rof - len(shot.unfamiliar), 0)


def friendly_units_hit(shot: Shot) -> str | None:
    """An Area Target Type shot hits every unit in the hex, friendly ones too (C3.33): say which."""
    if shot.target_type != "area":
        return None
    friends = [u.id for u in shot.scenario.units_at(shot.target_hex) if u.side == shot.firer.side]
    if not friends:
        return None
    return reason(f"friendly units in {shot.scenario.grid.name(shot.target_hex)} ({', '.join(friends)}) are "
                  "attacked too: the Area Target Type hits all units in the hex", "C3.33")


#: What ``shot_notes`` may say after the shot, each with its rule, in the order said.
_AFTER_THE_SHOT = tuple(reason(text, rule) for text, rule in (
    ("pivoting the VCA here needs a passed Bog Check first", "C5.11"),
    ("having fired from here, it fires only inside its CA for the rest of this phase", "C5.11"),
    ("mark it with an Intensive Fire counter", "C5.6"),
    ("with a Multiple ROF it may fire again only after expending another MP", "C5.3"),
    ("only a hull hit counts: it immobilizes, with no TK DR, and the immobilization causes a Crew TC (D5.5)", "C5.72"),
    ("read: no mp_in_los given, so the aim is taken as unrestricted (no Case C1/C2); give the MP spent in the "
     "target's LOS to count them", "C5.31, C5.32"),
    ("mp_in_los not counted: it fires before entering a new hex (moved: false), or with LOS to its target since "
     "before its MPh, so Case C without C1/C2", "C5.33"),
    ("OVR Prevention by a Gun under a fire counter: an Intensive Fire shot, then mark the Gun No Fire for the rest "
     "of the Player Turn", "C5.64"),
    ("OVR Prevention by a Gun under no fire counter: not penalized as Intensive Fire, no No Fire counter", "C5.641"),
    ("the Original TH DR is also a NMC on the crew: pinned or broken voids the shot", "C5.64"),
    ("Reaction Fire: the Gun's CA turns to the OVRing vehicle's VCA first, TH Cases A and E NA, and a hit strikes "
     "its rear Target Facing", "D7.22"),
    ("read: an RFNM Gun already on the VCA may react, as D7.22 makes Case E NA and so the shot makes no use of the "
     "Case E that C10.25 denies it", "C10.25, D7.22"),
    ("under a First Fire counter its crew Intensive Fires it as FPF: the Original TH DR is also a NMC DR on the crew",
     "D7.23, D7.221"),
))


def shot_notes(shot: Shot) -> list[str]:
    """Why no Multiple ROF can be kept, then what else to remember after the shot (the notes made
    once, ``_AFTER_THE_SHOT``: asked for every shot, issue 40)."""
    multiple_rof = shot.arms.rof >= 1  # a printed ROF of 1 is a Multiple ROF too (kept on a coloured dr of 1)
    # each property read once: each asks the firer's terrain or its carrier again (issue 40)
    in_woods_building_rubble = shot.in_woods_building_rubble
    bounding_first_fire = shot.bounding_first_fire
    prevention_rule = shot.prevention_rule
    woods_building_rubble = in_woods_building_rubble and not shot.arms.mortar and not shot.arms.latw
    applies = (
        shot.arc == "vca" and shot.spines > 0 and in_woods_building_rubble,
        woods_building_rubble and not bounding_first_fire,
        shot.intensive,
        bounding_first_fire and multiple_rof,
        shot.deliberate,
        shot.aim_counts and shot.mp_in_los is None,
        shot.mp_in_los is not None and shot.bounding_first_fire and shot.aimed_before_moving,
        prevention_rule == "C5.64",
        prevention_rule == "C5.641",
        shot.ovr_prevention,
        shot.reaction,
        shot.reaction and shot.firer.rfnm,
        shot.reaction and shot.counter == "first",
    )
    lost = rof_lost(shot)
    friends = friendly_units_hit(shot)
    depletion = depletion_note(shot)
    found = [*([lost] if lost else []), *([friends] if friends else []),
             *(note for note, applied in zip(_AFTER_THE_SHOT, applies, strict=True) if applied)]
    if shot.ovr_prevention and shot.crew_morale is None:
        found.append(reason(f'give {shot.crew.id} its Morale Level ("morale") to read that NMC', "C5.64"))
    found += [depletion] if depletion else []
    hidden = concealment_note(shot)
    return found + ([unfamiliar_note(shot)] if shot.unfamiliar else []) + ([hidden] if hidden else [])


def concealment_note(shot: Shot) -> str | None:
    """Concealment and HIP (A12) are not in the rules folder: a shot by or at a concealed or HIP unit
    says what it leaves as it is, rather than answering as if neither were there."""
    units = {u.id: u for u in (shot.firer, shot.crew, shot.target) if u is not None}  # a Gun's crew too
    if shot.target_type in ("area", "infantry"):  # the units of the hex it may hit (C3.32, C3.33)
        units.update((u.id, u) for u in shot.scenario.units_at(shot.target_hex))
    hidden = [u for u in units.values() if u.concealed or u.extra.get("hip")]
    if not hidden:
        return None
    who = " and ".join(f"{u.id} ({'HIP' if u.extra.get('hip') else 'concealed'})" for u in hidden)
    return reason(f"{who}: what concealment or HIP does to this shot, and its loss by firing, are not applied "
                  "here: concealment is not in the rules folder", "A12")


def depletion_note(shot: Shot) -> str | None:
    """The depletion number of the special ammunition fired, as its counter lists it (C8); aslgui
    does not roll for it, so the note reminds the player to."""
    listed = shot.firer.extra.get("special_ammo")
    number = listed.get(shot.ammo) if isinstance(listed, Mapping) else None
    if not isinstance(number, int):
        return None
    return reason(f"{shot.ammo}: its counter's depletion number is {number}; roll its availability as C8 says "
                  "(aslgui does not roll it)", "C8")


def unfamiliar_note(shot: Shot) -> str:
    """The reading taken for a Captured weapon and/or one manned by non-qualified Infantry: each
    cause costs the captured-use penalties, so both together cost them twice (C5.8 doubles Case H;
    A21.13, not in the rules folder, is read as adding its B# and ROF penalties to A21.11-.12's)."""
    n = len(shot.unfamiliar)
    return reason(f"read: {' and '.join(shot.unfamiliar)}: each costs the captured-use penalties, so Case H "
                  f"+{2 * n}, the B# {2 * n} lower, the ROF {n} lower, and the red TH#", "C5.8, A21.11-.13")


#: C5.3 says a vehicle with a Multiple ROF fires again only after another MP: a committed shot
#: records the MP spent at it (``fired_at_mp``); a file written without it cannot say.
BOUNDING_FIRED_NOTE = reason(
    "read: a Bounding First Fire counter (bounding_fired) records a shot taken in this MPh, so the vehicle fires "
    "again in it only with the Multiple ROF it kept (rof_kept: MPh; a printed ROF of 1 is one), after expending "
    "another MP (its mp_spent past the fired_at_mp its last shot recorded; without fired_at_mp, not checked), or "
    "by Intensive Fire", "C5.3, C2.24")
#: C5.35 names the moving vehicle's fire, and its NA for Guns en portee says Passenger ordnance would
#: otherwise be Motion Fire too.
PASSENGER_MOTION_NOTE = reason(
    "read: a Passenger's ordnance fired from a vehicle in Motion/not Stopped is Motion Fire, as C5.35 says it is NA "
    "only for Guns en portee: Case C with the Passenger's +3, and the lower dr doubled (no gyrostabilizer)",
    "C5.3, C5.35")
#: C5.64 calls OVR Prevention an Intensive Fire shot, which a pinned crew may not use (C5.6); C5.641
#: says a Gun under no fire counter is not penalized as Intensive Fire.
PINNED_PREVENTION_NOTE = reason(
    "read: OVR Prevention by a Gun under no fire counter is its normal shot, not Intensive Fire (C5.641), so its "
    "pinned crew may take it, with Case D +2 and no Multiple ROF (C5.4); under a fire counter it would be "
    "Intensive Fire, which C5.6 denies a pinned crew", "C5.641, C5.64, C5.6")


def reading_notes(shot: Shot, target_type_given: bool) -> list[str]:
    """The readings a shot's answer takes where the action or DESIGN.md leaves room: a vehicle under
    a Bounding First Fire counter firing again in its MPh (C5.3), a Passenger's ordnance fired from a
    vehicle in Motion (C5.35), OVR Prevention by a Gun under no
    fire counter whose crew is pinned (C5.641), the Target Type taken when the action names none
    (not a Reaction Fire shot, whose Target Type is no key), the B# of a VASL counter that prints
    none (A.11; DESIGN.md 11: the rules' default, never a roster's), and no Case L at point blank
    range vs the Area Target Type (C3.331; DESIGN.md 4 lists Case L without that exception)."""
    found = [text for text, applies in (
        (BOUNDING_FIRED_NOTE, shot.firer.bounding_fired and shot.bounding_first_fire),
        (PINNED_PREVENTION_NOTE, shot.prevention_rule == "C5.641" and shot.crew.pinned),
        (PASSENGER_MOTION_NOTE, shot.motion_fire and shot.passenger),
    ) if applies]
    if shot.firer.extra.get(ROF_KEPT) == shot.phase and not shot.rof_kept:
        penalty = " less its captured-use penalty" if shot.unfamiliar else ""
        found.append(reason(f"read: rof_kept names this {shot.phase}, but {shot.firer.id}'s weapon has no Multiple "
                            f"ROF to keep (ROF {shot.arms.rof}{penalty}), so it is read as not kept",
                            "C2.24, A21.12" if penalty else "C2.24"))
    if shot.bounding_first_fire and FIRED_AT_MP in shot.firer.extra and not shot.firer.bounding_fired:
        found.append(reason(f"read: {shot.firer.id} records fired_at_mp but is under no Bounding First Fire counter "
                            "(bounding_fired), so it has not fired in this MPh and fired_at_mp is not read", "C5.3"))
    if not target_type_given and not shot.reaction:
        smoke = shot.target_type == "area" and shot.ammo in SMOKE_AMMO and not shot.arms.mortar
        taken, rule = _SMOKE_TARGET_TYPE if smoke else _TAKEN_TARGET_TYPE[shot.target_type]
        found.append(reason(f"read: no target_type given, so {taken}", rule))
    if counter_read(shot.firer) and shot.firer.breakdown is None:
        found.append(reason(f"read: {shot.firer.id}'s VASL counter prints no B#, so the rules' default, "
                            f"B# {DEFAULT_BREAKDOWN}", "A.11"))
    if shot.target_type == "area" and shot.range in POINT_BLANK and not shot.firer.rfnm:
        found.append(reason(f"read: no Case L point blank DRM at {shot.range} hex{'es' if shot.range > 1 else ''}: "
                            "TH Case L does not apply to the Area Target Type", "C3.331"))
    return found
