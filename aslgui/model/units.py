"""Units of a situation as frozen values; keys and defaults follow DESIGN.md section 3."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from aslgui.geometry import Hex

#: Field metadata marking an ``int`` that the file spells as a hexspine name (``"S/SW"``).
SPINE: dict[str, str] = {"json": "spine"}

UnitKind = Literal["gun", "vehicle", "squad", "halfsquad", "crew", "leader"]
UNIT_KINDS: tuple[str, ...] = ("gun", "vehicle", "squad", "halfsquad", "crew", "leader")
INFANTRY_KINDS = frozenset({"squad", "halfsquad", "crew", "leader"})


@dataclass(frozen=True)
class MainArmament:
    """A vehicle's MA (``ma``): the Gun (or MG/FT/MTR/ATR) fired through its TCA/VCA."""

    caliber: float | None = None
    barrel: str | None = None
    kind: Literal["gun", "mg", "ft", "mtr", "atr"] = "gun"
    fp: float | None = None
    ife: bool = False
    manned: bool = True
    functioning: bool = True
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class MachineGun:
    """A vehicular MG (``mgs`` entry): FP and mount (CMG, BMG, AAMG, RMG)."""

    fp: float
    mount: Literal["CMG", "BMG", "AAMG", "RMG"] = "CMG"
    functioning: bool = True
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Unit:
    """One counter on the map. One flat record for every kind, so a file round-trips simply;
    keys that do not apply to a kind keep their defaults.  ``extra`` holds unknown keys."""

    id: str
    side: str
    kind: UnitKind
    hex: Hex
    nationality: str = ""
    name: str = ""
    # all units
    pinned: bool = False
    broken: bool = False
    cx: bool = False
    concealed: bool = False
    elite: bool = False
    fired: bool = False
    intensive_fired: bool = False
    moved: bool = False
    dc: bool | Literal["captured"] | None = None
    aboard: str | None = None
    # guns
    ca: int | None = field(default=None, metadata=SPINE)
    caliber: float | None = None
    barrel: Literal["*", "L", "LL"] | None = None
    mount: Literal["T", "ST", "NT"] | None = None
    manhandling: int | None = None
    circled_m: bool = False
    qsu: bool = False
    nm: bool = False
    rfnm: bool = False
    lf: bool = False
    no_if: bool = False
    limbered: bool = False
    captured: bool = False
    crew: str | None = None
    rof: int | None = None
    breakdown: int | None = None
    towed_by: str | None = None
    low_ammo: bool = False
    # vehicles
    vca: int | None = field(default=None, metadata=SPINE)
    turret: Literal["T", "ST"] | None = None
    tca: int | None = field(default=None, metadata=SPINE)
    afv: bool = True
    ct: bool = True
    bu: bool = False
    motion: bool = False
    stopped: bool = True
    bounding_fired: bool = False
    immobilized: bool = False
    gyro: bool = False
    stabilized: bool = False
    tracked: bool = True
    mp: int | None = None
    towing: int | None = None
    pp: int | None = None
    pp_used: int = 0
    ma: MainArmament | None = None
    mgs: tuple[MachineGun, ...] = ()
    size: int = 0
    hd: bool = False
    hull_af: int | None = None
    # Infantry
    qualified: bool = True
    labor: int = 0
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def is_infantry(self) -> bool:
        """Squads, half-squads, crews and leaders (A1.1 Personnel on foot)."""
        return self.kind in INFANTRY_KINDS

    @property
    def facing(self) -> int | None:
        """The hexspine its counter points at: a Gun's CA, a vehicle's VCA."""
        return self.ca if self.kind == "gun" else self.vca

    @property
    def firing_arc(self) -> int | None:
        """The CA its main weapon fires through: a Gun's CA, a turret's TCA, else the VCA."""
        if self.kind == "vehicle" and self.turret is not None and self.tca is not None:
            return self.tca
        return self.facing
