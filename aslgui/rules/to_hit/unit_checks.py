"""The legality of the shot at each unit of a hex (C3.32, C3.33), from the hex shot's own checks:
that shot differs from the hex's only in its target unit and the LOS traced to it, so only the
checks that read those are asked again (issue 40)."""

from aslgui.rules.to_hit.carried import not_towed
from aslgui.rules.to_hit.legality import (
    CHECKS,
    REACTION_CHECKS,
    Check,
    afv_needs_vehicle_type,
    deliberate_immobilization_allowed,
    in_los,
    infantry_type_ammo,
    not_at_own_unit,
    ovr_prevention_allowed,
    reaction_gun,
    reaction_target,
    reaction_when,
    vehicle_type_needs_vehicle,
)
from aslgui.rules.to_hit.shot import Shot

#: The checks that read the target unit or the LOS traced to it (``target``, ``sight``): the only
#: fields in which the shot at each unit of a hex differs from the hex's (C3.32, C3.33), so each
#: unit's shot asks these and takes the others' findings from the hex's (``unit_reasons``).
TARGET_READERS: frozenset[Check] = frozenset({
    not_at_own_unit, not_towed, in_los, vehicle_type_needs_vehicle, afv_needs_vehicle_type, infantry_type_ammo,
    ovr_prevention_allowed, deliberate_immobilization_allowed, reaction_when, reaction_target, reaction_gun,
})


def each_check(shot: Shot) -> list[str | None]:
    """What each of the shot's checks finds, in order: ``reasons`` are those not None."""
    return [check(shot) for check in (REACTION_CHECKS if shot.reaction else CHECKS)]


def unit_reasons(shot: Shot, hex_found: list[str | None]) -> tuple[str, ...]:
    """``reasons(shot)`` for the shot at one unit of a hex whose own shot's checks found
    ``hex_found`` (``each_check``): only the ``TARGET_READERS`` are asked again."""
    checks = REACTION_CHECKS if shot.reaction else CHECKS
    return tuple([found for check, known in zip(checks, hex_found, strict=True)
                  if (found := check(shot) if check in TARGET_READERS else known)])
