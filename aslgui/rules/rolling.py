"""Which actions roll dice, and which dice: Commit waits for those an answer reads, and the popup
offers no die it does not (no Qt)."""

from __future__ import annotations

from aslgui.rules.resolution import Resolution

#: Kinds whose answer depends on a roll: Commit waits for dice.
ROLLING_KINDS = frozenset({"fire", "overrun", "throw_dc", "detonate_dc", "push"})
#: Kinds that roll in some forms only: a Reaction Fire by CC or with a Gun, TPBF, FT or a Thrown
#: DC (D7.21, D7.22), Setting a DC by a unit whose US# is known (A23.7; ``rolls``).
SOMETIMES_ROLLING_KINDS = frozenset({"reaction_fire", "set_dc"})
#: Non-CC Reaction Fire weapons whose attack the rules core rolls (an ordnance SW and a MOL are not).
ROLLED_REACTION_WEAPONS = frozenset({"gun", "tpbf", "ft", "dc"})
#: Kinds that roll a dr and no DR: Setting a DC (A23.7).
DR_ONLY_KINDS = frozenset({"set_dc"})
#: Kinds whose answer reads a subsequent dr: a shot's (C3.6, C3.7; a Gun's Reaction Fire as its
#: shot, D7.22), Setting a DC (A23.7), a trailer hit (C10.41). An OVR rolls a DR alone (D7.1).
DR_KINDS = frozenset({"fire", "set_dc", "trailer_target"})


def rolls(kind: str, resolution: Resolution | None) -> bool:
    """Whether the outcome of an action answered ``resolution`` depends on dice, so that Commit
    waits for them and applies only what was rolled: the rolling kinds, a Reaction Fire by CC
    (D7.21) or with a Gun (its full To Hit), TPBF, a FT or a Thrown DC (D7.22), and Setting a DC by a unit whose US#
    the dr is compared with (A23.7; without it the dr cannot be read, and the Set is as declared)."""
    if kind in ROLLING_KINDS:
        return True
    if resolution is None or kind not in SOMETIMES_ROLLING_KINDS:
        return False
    if kind == "set_dc":
        return resolution.values.get("set_dr_max") is not None
    values = resolution.values
    return values.get("type") == "cc" or values.get("weapon") in ROLLED_REACTION_WEAPONS


def reads_dr(kind: str, resolution: Resolution | None) -> bool:
    """Whether an action of ``kind`` (the action's, a move's OVR being a ``move``) answered
    ``resolution`` reads a dr besides its DR (``DR_KINDS``, or a Reaction Fire with a Gun, D7.22):
    the popup offers no dr the answer does not use."""
    if kind in DR_KINDS:
        return True
    values = resolution.values if resolution is not None else {}
    return kind == "reaction_fire" and values.get("type") == "non_cc" and values.get("weapon") == "gun"
