"""Shots from or at units a vehicle carries: a Gun en portee fired from its vehicle (C10.53,
C10.54) and a Gun in tow, which is no target of its own (C10.1, C10.11). Each check answers a
reason (citing its rule) or None, as the others in ``legality`` do."""

from __future__ import annotations

from aslgui.rules.resolution import reason
from aslgui.rules.to_hit.shot import Shot


def portee_fire(shot: Shot) -> str | None:
    """A Gun en portee is fired by its Passenger crew, but never as Bounding (First) Fire (in its
    vehicle's MPh, or in the AFPh after the vehicle entered a new hex) nor as Motion Fire (C10.54,
    C5.35), and its CA keeps to the VCA it was loaded on, so it fires only inside it (C10.53)."""
    if not shot.en_portee or shot.carrier is None:
        return None
    vehicle = shot.carrier.id
    found = []
    if shot.bounding_first_fire:
        found.append(reason(f"Bounding First Fire is NA for a Gun en portee, as in {vehicle}'s MPh", "C10.54"))
    elif shot.bounding_fire:
        found.append(reason(f"Bounding Fire is NA for a Gun en portee: {vehicle} entered a new hex this Player Turn",
                            "C10.54, C5.3"))
    if shot.carrier_moving:
        found.append(reason(f"Motion Fire is NA for a Gun en portee: {vehicle} is in Motion/not Stopped",
                            "C10.54, C5.35"))
    if shot.spines:
        found.append(reason(f"its CA may not change relative to {vehicle}'s VCA while porteed: it fires only "
                            "inside its CA", "C10.53"))
    return "; ".join(found) or None


def not_towed(shot: Shot) -> str | None:
    """A Gun in tow is no target of its own: it shares its vehicle's target status and fate (C10.1, C10.11)."""
    target = shot.target
    if target is None or target.towed_by is None:
        return None
    return reason(f"{target.id} is in tow by {target.towed_by} and cannot be targeted separately from it: it shares "
                  "the vehicle's fate", "C10.1, C10.11")
