"""What an HE hit on the Infantry or Area Target Type does on the IFT: its FP (C3.33 halving,
C3.53 marsh, C3.51 no PBF doubling, C3.71 CH doubling) and its Effects DRM: the TEM of the target
hex or the wall/hedge crossed, for an AFV on the vehicle line OT and thin armor (C1.55), and
FFNAM/FFMO vs moving Infantry (A4.6)."""

from typing import Any, NamedTuple

from aslgui.rules.ift_attack import crossed_hexside_line, crossed_tem_line
from aslgui.rules.resolution import DrmLine
from aslgui.rules.roster import armor_factors
from aslgui.rules.tables import ift_column, terrain_entry
from aslgui.rules.to_hit.shot import Shot
from aslgui.rules.to_hit.table import he_fp

HE_TARGET_TYPES = frozenset({"infantry", "area"})
#: B13.3: HE bursting in the trees: -1 instead of the woods TEM.
AIR_BURST = -1
#: C1.55: an AFV whose Armor Factors are all at most this takes -1 on the IFT (C3.332 EX).
THIN_ARMOR = 4
#: A4.6: Defensive First Fire at moving Infantry: FFNAM, and FFMO in Open Ground (C3.71 EX).
FIRST_FIRE_DRM = -1


def makes_he_attack(shot: Shot) -> bool:
    """An HE shot on the Infantry/Area Target Type is resolved on the IFT (C3.3, C3.32, C3.33)."""
    return hit_is_ift_attack(shot.target_type, shot.ammo)


def hit_is_ift_attack(target_type: object, ammo: object) -> bool:
    """Whether a hit of this Target Type and ammunition is an IFT attack, read by an Effects DR: HE
    on the Infantry or Area Target Type (C3.3, C3.32, C3.33); the popup asks the DR only then."""
    return ammo == "HE" and target_type in HE_TARGET_TYPES


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


#: The FP a CH attacks with (C3.71): under C3.74 only the unit it strikes takes it.
CH_FP_NOTE = "CH: full HE FP doubled, no halving (C3.71)"


def _fp(shot: Shot, critical: bool) -> tuple[float, tuple[str, ...]]:
    full = he_fp(shot.arms)
    if critical:
        return 2 * full, (CH_FP_NOTE,)
    fp, notes = full, ["no PBF/TPBF doubling for ordnance (C3.51)"]
    if shot.target_type == "area":
        fp, notes = fp / 2, [*notes, "Area Target Type: half FP (C3.33)"]
    if shot.target_terrain == "marsh":
        fp, notes = fp / 2, [*notes, "HE into marsh: FP halved (C3.53)"]
    return fp, tuple(notes)


def _reversed(line: DrmLine | None) -> tuple[DrmLine, ...]:
    """A TEM under a CH: a positive one reversed, as a negative DRM on the IFT DR; a negative one
    still applies as it is (C3.71)."""
    if line is None:
        return ()
    if line.value <= 0:
        return (line,)
    return (DrmLine("TEM", "C3.71", -line.value, f"{line.text} reversed by the CH"),)


def _terrain_lines(shot: Shot, critical: bool) -> tuple[DrmLine, ...]:
    """The TEM on the Effects DR (C3.4): the target Location's or the wall/hedge crossed into
    it (B9.31); a vehicle gets only a hedge/wall that did not make it HD (C3.332 EX, D4.2); in
    woods an Air Burst -1 replaces the woods TEM (B13.3). A CH reverses every positive TEM the
    target would get for the TH or IFT DR (C3.71): on the Infantry Target Type the woods TEM of
    its TH DR too, the Air Burst still applying; not on the Area Target Type, whose TH DR takes no
    TEM (C3.331, C3.71 EX). A CH vs an AFV takes no TEM at all (C3.72)."""
    scenario, target, origin = shot.scenario, shot.target_hex, shot.firer.hex
    if critical and shot.target_is_afv:
        return ()  # a HE CH vs an AFV takes no TEM of any kind (C3.72)
    if shot.target_is_vehicle:
        hd = shot.target is not None and shot.target.hd
        line = None if hd else crossed_hexside_line(scenario, target, origin, "C3.4")
    elif shot.target_terrain == "woods":
        air_burst = DrmLine("TEM", "B13.3", AIR_BURST, "Air Burst in woods")
        th_tem = crossed_tem_line(scenario, target, origin, "C6") if shot.target_type == "infantry" else None
        return (*(_reversed(th_tem) if critical and th_tem and th_tem.value > 0 else ()), air_burst)
    else:
        line = crossed_tem_line(scenario, target, origin, "C3.4")
    if critical:
        return _reversed(line)
    return (line,) if line is not None else ()


def _armor_lines(shot: Shot) -> tuple[DrmLine, ...]:
    """An AFV on the IFT's vehicle line (C1.55, as the C3.331 and C3.332 EX use it): -1 if it is
    open-topped, -1 if none of its Armor Factors exceeds 4 (from ``af`` on the unit, else the
    roster's)."""
    target = shot.target
    if target is None or target.kind != "vehicle" or not target.afv:
        return ()
    lines = [DrmLine("OT", "C1.55", -1, "open-topped AFV")] if not target.ct else []
    af = armor_factors(target)
    sides = list(af.values()) if af is not None else []
    factors = [v for side in sides if isinstance(side, list) for v in side]
    if factors and all(isinstance(v, int) and v <= THIN_ARMOR for v in factors):
        lines.append(DrmLine("AF", "C1.55", -1, f"all AF <= {THIN_ARMOR}"))
    return tuple(lines)


def _moving_target_lines(shot: Shot) -> tuple[DrmLine, ...]:
    """A4.6: Infantry moving in its MPh, attacked by the DEFENDER's First Fire: FFNAM unless it
    used Assault Movement (``assault_movement`` on the unit), FFMO in Open Ground seen through no
    Hindrance. A CH does not reverse them (C3.71)."""
    target = shot.target
    if target is None or not target.is_infantry or not target.moved or shot.phase != "MPh" or shot.attacker:
        return ()
    lines = []
    if not target.extra.get("assault_movement"):
        lines.append(DrmLine("FFNAM", "A4.6", FIRST_FIRE_DRM, f"{target.id} moving, not by Assault Movement"))
    hindered = shot.sight is not None and bool(shot.sight.hindrances)
    if terrain_entry(shot.target_terrain).get("ffmo") and not hindered:
        lines.append(DrmLine("FFMO", "A4.6", FIRST_FIRE_DRM, f"{target.id} moving in Open Ground"))
    return tuple(lines)


def attack_fp(shot: Shot) -> float | None:
    """The FP of the shot's HE attack on the IFT (no CH), None when it makes none: what the answer
    shows before the dice, so no Effects DRM (nor the Armor Factors they read) is worked out."""
    return _fp(shot, False)[0] if makes_he_attack(shot) else None


def he_attack(shot: Shot, critical: bool = False) -> HeAttack | None:
    """The IFT attack of an HE hit, or None when the shot does not make one."""
    if not makes_he_attack(shot):
        return None
    fp, notes = _fp(shot, critical)
    drm = _terrain_lines(shot, critical) + _armor_lines(shot) + _moving_target_lines(shot) + shot.effects_extra
    return HeAttack(fp, ift_column(fp), drm, notes)
