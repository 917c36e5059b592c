"""Units of a situation as frozen values; keys and defaults follow DESIGN.md section 3.

NamedTuples rather than frozen dataclasses: ``aslgui resolve`` loads these in every process,
and the ``dataclasses`` module plus a 60-field frozen class cost a sixth of its start-up.
Change a unit with ``unit._replace(key=value)``.  Annotations are evaluated as the module runs
(no ``from __future__ import annotations``): a NamedTuple compiles each string annotation at
import and the loader evaluates them again (``jsonvalues``): a millisecond of that start-up.
"""

from collections.abc import Mapping
from types import MappingProxyType
from typing import Annotated, Any, Literal, NamedTuple

from aslgui.geometry import Hex

#: Marks an ``int`` field that the file spells as a hexspine name (``"S/SW"``).
SPINE = "hexspine"


class Bounds(NamedTuple):
    """Marks a number field's domain, ends included: a value outside it is an error naming the
    field (DESIGN.md section 9), never a negative FP that resolves as legal."""

    low: float
    high: float


#: A number of MP, PP, MF or FP, or an Armor Factor.
COUNT = Bounds(0, 99)
#: A Towing Number (C10.1: T# <= the Gun's M#): a heavy tractor prints ``T-2``, so it may be below zero.
TOW_NUMBER = Bounds(-9, 99)
#: A gun's bore in mm (ATR 14mm ... the largest railway guns).
CALIBER = Bounds(1, 999)
#: A weapon's range in hexes.
RANGE = Bounds(1, 999)

#: The phases of a Player Turn (A3), in order.
Phase = Literal["RPh", "PFPh", "MPh", "DFPh", "AFPh", "RtPh", "APh", "CCPh"]
#: A gun's barrel length (C4): short ``*``, long ``L``, very long ``LL``; absent = normal.
Barrel = Literal["*", "L", "LL"]

#: Default of every ``extra``: empty and read-only, since a NamedTuple default is shared.
NO_EXTRA: Mapping[str, Any] = MappingProxyType({})

UnitKind = Literal["gun", "vehicle", "squad", "halfsquad", "crew", "leader"]
UNIT_KINDS: tuple[str, ...] = ("gun", "vehicle", "squad", "halfsquad", "crew", "leader")
INFANTRY_KINDS = frozenset({"squad", "halfsquad", "crew", "leader"})
#: The Infantry put with a Gun that is taken to man it, a crew before a half-squad (A21.13: others
#: than its own crew man it non-qualified).
MANNING_KINDS = ("crew", "halfsquad")
#: The ``rof`` of a Gun or MA whose counter prints no ROF box: no Multiple ROF (C2.24).
NO_ROF = 0
#: The B# of a Gun or MA whose counter prints none: it malfunctions on an Original DR of 12 (A.11).
DEFAULT_BREAKDOWN = 12


class MainArmament(NamedTuple):
    """A vehicle's MA (``ma``): the Gun (or MG/FT/MTR/ATR) fired through its TCA/VCA."""

    caliber: Annotated[float | None, CALIBER] = None
    barrel: Barrel | None = None
    kind: Literal["gun", "mg", "ft", "mtr", "atr"] = "gun"
    fp: Annotated[float | None, COUNT] = None
    ife: bool = False
    manned: bool = True
    functioning: bool = True
    extra: Mapping[str, Any] = NO_EXTRA


class MachineGun(NamedTuple):
    """A vehicular MG (``mgs`` entry): FP and mount (CMG, BMG, AAMG, RMG)."""

    fp: Annotated[float, COUNT]
    mount: Literal["CMG", "BMG", "AAMG", "RMG"] = "CMG"
    functioning: bool = True
    extra: Mapping[str, Any] = NO_EXTRA


#: Special ammunition a counter lists (C8), as ``fire`` names it; Canister too, which it does not fire.
SpecialAmmo = Literal["APCR", "APDS", "HEAT", "SMOKE", "WP", "CANISTER"]


class VaslOrigin(NamedTuple):
    """Where a unit's counter comes from (``vasl``, DESIGN.md 11): the module's PieceSlot and art,
    the keys its counter gave, the keys an import copied from the roster, a counter no module held."""

    gpid: str = ""
    image: str = ""
    printed: tuple[str, ...] = ()
    roster: tuple[str, ...] = ()
    missing: bool = False
    notes: tuple[str, ...] = ()
    extra: Mapping[str, Any] = NO_EXTRA


class Unit(NamedTuple):
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
    ca: Annotated[int | None, SPINE] = None
    caliber: Annotated[float | None, CALIBER] = None
    barrel: Barrel | None = None
    mount: Literal["T", "ST", "NT"] | None = None
    manhandling: Annotated[int | None, COUNT] = None
    circled_m: bool = False
    qsu: bool = False
    nm: bool = False
    rfnm: bool = False
    lf: bool = False
    no_if: bool = False
    limbered: bool = False
    captured: bool = False
    crew: str | None = None
    rof: Annotated[int | None, Bounds(0, 9)] = None
    breakdown: Annotated[int | None, Bounds(2, 12)] = None  # B# (a DR)
    towed_by: str | None = None
    low_ammo: bool = False
    # vehicles
    vca: Annotated[int | None, SPINE] = None
    turret: Literal["T", "ST"] | None = None
    tca: Annotated[int | None, SPINE] = None
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
    mp: Annotated[int | None, COUNT] = None
    towing: Annotated[int | None, TOW_NUMBER] = None
    pp: Annotated[int | None, COUNT] = None
    pp_used: Annotated[int, COUNT] = 0
    ma: MainArmament | None = None
    mgs: tuple[MachineGun, ...] = ()
    size: Annotated[int, Bounds(-2, 2)] = 0  # Case P target size DRM (C6.7)
    hd: bool = False
    hull_af: Annotated[int | None, COUNT] = None
    # Infantry
    qualified: bool = True
    labor: Annotated[int, Bounds(-2, 0)] = 0  # Labor counter (B24.8, C10.3)
    extra: Mapping[str, Any] = NO_EXTRA

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


#: The unit keys of what a unit has spent this MPh, which a committed ``move`` writes (DESIGN.md 13).
MP_SPENT = "mp_spent"
MF_SPENT = "mf_spent"
#: The unit key of a Gun pushed into a new hex this MPh and of its pushers: they may go on pushing
#: it or hook it up, and are TI once that ends (C10.3). Set on Commit; TI when the MPh ends.
PUSHED = "pushed"


class KeptUnitKeys:
    """Unit keys with no field of their own that the rules or the map read from ``extra``
    (docs/contract.md, "Kept as unit keys the rules read").  They stay in ``extra`` as the file
    gave them, so a file round-trips unchanged, but each is declared here with its type and
    domain, so the loader checks it as it checks a field (DESIGN.md 3 and 9: a wrong type or a
    negative FP is an error naming its JSON path, never a crash or a legal answer in the rules)."""

    # markers the rules set (rules/apply.py) and the map shows
    ce: bool
    ti: bool
    no_move: bool
    pushed: bool
    no_fire: bool
    malfunctioned: bool
    rof_kept: Phase
    ca_turned: Phase
    fired_in: Phase
    set_dc: Hex
    set_dc_turn: Annotated[int, Bounds(1, 999)]
    placed_dc: Hex
    # what the Placed DC's AFPh attack reads: a captured DC (A23.4), the AFV it was aimed at and the
    # Target Facing it strikes, fixed as it was Placed (A23.5)
    placed_dc_captured: bool
    placed_dc_vs_afv: str
    placed_dc_facing: Literal["front", "side", "rear"]
    # what a unit has spent moving this MPh, and the MP a moving vehicle spent in its LOS, by that
    # vehicle's id (C5.3): set by a committed ``move`` (DESIGN.md 13)
    mp_spent: Annotated[float, Bounds(0, 999)]
    mf_spent: Annotated[float, COUNT]
    mp_in_los: dict[str, Annotated[float, Bounds(0, 999)]]
    # the target a Gun's or vehicle's committed shots acquired (a unit id, or a hex name for the Area
    # Target Type) and the Acquisition level its next shot there takes (Case N, C3 EX)
    acquired: dict[str, Annotated[int, Bounds(1, 2)]]
    # its ``mp_spent`` when it last took a Bounding First Fire shot: with a Multiple ROF it fires
    # again only after another MP (C5.3)
    fired_at_mp: Annotated[float, Bounds(0, 999)]
    # what a counter or its roster entry says
    type: str
    strength: str
    af: dict[str, tuple[Annotated[int, COUNT], ...]]
    #: Special ammunition its counter lists -> depletion number (C8; DESIGN.md 11).
    special_ammo: dict[SpecialAmmo, Annotated[int, COUNT]]
    fp: Annotated[float, COUNT]
    he_fp: Annotated[float, COUNT]
    max_range: Annotated[int, RANGE]
    us_number: Annotated[int, Bounds(0, 9)]
    morale: Annotated[int, Bounds(1, 10)]
    level: Annotated[int, Bounds(0, 9)]
    portee: bool
    #: A vehicle's wreck (its counter on the wreck side): a Hindrance only (D9; rules/los/counters.py).
    wreck: bool
    trailer: bool
    multiple_tk: bool
    latw: bool
    backblast: bool
    assault_movement: bool
    # from a VASL import or the module's palette: ``{gpid, image, printed, roster, missing}`` (DESIGN.md 11)
    vasl: VaslOrigin
    # from a VASL import
    hip: bool
    wounded: bool
    sw: tuple[str, ...]
    unverified: tuple[str, ...]


#: Per record class, the declaration of the keys it keeps in ``extra`` that are read.
KEPT_KEYS: dict[type, type] = {Unit: KeptUnitKeys}
#: How an error message names a record a unit key holds, one and several, with an example, so
#: that it speaks the file's words, not the program's class names.
RECORD_WORDS: dict[type, tuple[str, str, str]] = {
    MainArmament: ("a main armament object", "main armament objects", '{"caliber": 75, "barrel": "L", "kind": "gun"}'),
    MachineGun: ("an MG object", "MG objects", '{"fp": 2, "mount": "CMG"}'),
    VaslOrigin: ("a VASL counter object", "VASL counter objects", '{"gpid": "2610", "image": "ge/veh/stgiiig"}'),
}
