"""What an HE hit on the Infantry or Area Target Type does on the IFT: its FP (C3.33 halving,
C3.53 marsh, C3.51 no PBF doubling, C3.71 CH doubling) and the Effects DRM of the target hex."""

from __future__ import annotations

from typing import Any, NamedTuple

from aslgui.rules.resolution import DrmLine
from aslgui.rules.tables import ift_column, location_tem
from aslgui.rules.to_hit.shot import Shot
from aslgui.rules.to_hit.table import he_fp

HE_TARGET_TYPES = frozenset({"infantry", "area"})
#: B13.3: HE bursting in the trees: -1 instead of the woods TEM.
AIR_BURST = -1


def makes_he_attack(shot: Shot) -> bool:
    """An HE shot on the Infantry/Area Target Type is resolved on the IFT (C3.3, C3.32, C3.33)."""
    return shot.ammo == "HE" and shot.target_type in HE_TARGET_TYPES


def fp_number(value: float) -> float | int:
    """FP as JSON shows it: 3.0 becomes 3, 1.5 stays 1.5."""
    return int(value) if float(value).is_integer() else value


class HeAttack(NamedTuple):
    """FP, IFT column and Effects DRM of one HE hit (none when the hit is not an HE IFT attack)."""

    fp: float
    column: int | None
    drm: tuple[DrmLine, ...]
    notes: tuple[str, ...]

    @property
    def total_drm(self) -> int:
        return sum(line.value for line in self.drm)

    def to_json(self) -> dict[str, Any]:
        return {
            "fp": fp_number(self.fp),
            "ift_column": self.column,
            "effects_drm": [line.to_json() for line in self.drm],
            "effects_total_drm": self.total_drm,
        }


def _fp(shot: Shot, critical: bool) -> tuple[float, tuple[str, ...]]:
    full = he_fp(shot.arms)
    if critical:
        return 2 * full, ("CH: full HE FP doubled, no halving (C3.71)",)
    fp, notes = full, ["no PBF/TPBF doubling for ordnance (C3.51)"]
    if shot.target_type == "area":
        fp, notes = fp / 2, [*notes, "Area Target Type: half FP (C3.33)"]
    if shot.target_terrain == "marsh":
        fp, notes = fp / 2, [*notes, "HE into marsh: FP halved (C3.53)"]
    return fp, tuple(notes)


def _terrain_line(shot: Shot, critical: bool) -> DrmLine | None:
    """The target hex's TEM on the Effects DR (C3.4); a CH reverses a positive TEM (C3.71)."""
    if shot.target_is_vehicle:
        return None
    terrain = shot.target_terrain
    if terrain == "woods":
        return DrmLine("TEM", "B13.3", AIR_BURST, "Air Burst in woods")
    value = location_tem(terrain, shot.target_hex in shot.scenario.fortified)
    if not value:
        return None
    if critical and value > 0:
        return DrmLine("TEM", "C3.71", -value, f"{terrain} TEM reversed by the CH")
    return DrmLine("TEM", "C3.4", value, f"{terrain} TEM")


def he_attack(shot: Shot, critical: bool = False) -> HeAttack | None:
    """The IFT attack of an HE hit, or None when the shot does not make one."""
    if not makes_he_attack(shot):
        return None
    fp, notes = _fp(shot, critical)
    terrain = _terrain_line(shot, critical)
    drm = ((terrain,) if terrain else ()) + shot.effects_extra
    return HeAttack(fp, ift_column(fp), drm, notes)
