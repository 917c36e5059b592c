"""What a player must remember after a shot, though it changes no number of this one: lost
ROF, a CA that is now fixed, a Bog Check, the fire counter to place."""

from __future__ import annotations

from aslgui.rules.resolution import reason
from aslgui.rules.to_hit.shot import Shot


def rate_of_fire(shot: Shot) -> int:
    """The Multiple ROF this shot may keep (a coloured dr at or below it keeps it; 0: none).
    None for an Intensive Fire shot, the one extra shot it gives (C5.6), an Area Target Type
    shot by a non-mortar, which uses the whole ROF (C3.33), or a pinned firer (C5.4); one lower
    per captured-weapon penalty (A21.12, A21.13)."""
    if shot.intensive or shot.crew.pinned or (shot.target_type == "area" and not shot.arms.mortar):
        return 0
    return max(shot.arms.rof - len(shot.unfamiliar), 0)


def shot_notes(shot: Shot) -> list[str]:
    multiple_rof = shot.arms.rof > 1
    woods_building_rubble = shot.in_woods_building_rubble and not shot.arms.mortar
    notes = {
        ("a pinned firer forfeits its Multiple ROF", "C5.4"): shot.crew.pinned and multiple_rof,
        ("the Area Target Type uses all of the Gun's ROF this Player Turn", "C3.33"): (
            shot.target_type == "area" and not shot.arms.mortar
        ),
        ("pivoting the VCA here needs a passed Bog Check first", "C5.11"): (
            shot.arc == "vca" and shot.spines > 0 and shot.in_woods_building_rubble
        ),
        ("having fired from here, it fires only inside its CA for the rest of this phase", "C5.11"): (
            woods_building_rubble and not shot.bounding_first_fire
        ),
        ("mark it with an Intensive Fire counter", "C5.6"): shot.intensive,
        ("with a Multiple ROF it may fire again only after expending another MP", "C5.3"): (
            shot.bounding_first_fire and multiple_rof
        ),
        ("only a hull hit counts: it immobilizes, with no TK DR", "C5.72"): shot.deliberate,
    }
    return [reason(text, rule) for (text, rule), applies in notes.items() if applies]
