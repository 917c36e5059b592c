"""One ordnance shot as the To Hit rules see it, read and checked from a ``fire`` action.

Everything the DRM cases, legality checks and dice resolution ask is a field or a property
here, so each of those stays a small function of the shot.
"""

import re
from typing import NamedTuple

from aslgui.errors import AslError
from aslgui.geometry import Hex, direction_to, distance, spines_to_bring
from aslgui.model import Scenario, Unit
from aslgui.model.units import MP_SPENT
from aslgui.rules.action_keys import AMMO, PIVOTS, TARGET_TYPES
from aslgui.rules.actions import Action
from aslgui.rules.arcs import unit_arc
from aslgui.rules.los import LosMap, LosResult, los_map, trace, unit_level
from aslgui.rules.resolution import DrmLine, IllegalAction
from aslgui.rules.roster import Armament, armament, kept_multiple_rof
from aslgui.rules.tables import terrain_entry
from aslgui.rules.to_hit.acquisition import shot_acquisition

FIRERS = ("gun", "vehicle")
#: The SMOKE rounds, WP among them (C3.76): ordnance other than a LATW fires them on the Area Target
#: Type only (C3.33), which is so the Target Type a shot with them takes when the action names none.
SMOKE_AMMO = frozenset({"SMOKE", "WP"})
#: A printed Infantry strength such as ``2-2-8``; compiled on first use (``re``'s cache), as few shots read it.
_PRINTED_MORALE = r"^\s*\d+-\d+-(\d+)"
#: ``extra`` key of a Gun marked with a No Fire counter after OVR Prevention: it may not fire again
#: this Player Turn (C5.64). Set on Commit; cleared when the Player Turn ends.
NO_FIRE = "no_fire"
#: ``extra`` key of a Gun that changed its CA without firing: the fire phase at whose end it did
#: (C3.22), so it fires no more in that phase. Set on Commit; cleared when the Player Turn ends.
CA_TURNED = "ca_turned"
#: ``extra`` key of a unit that fired: the phase of its last shot, which its fire counter shows
#: (First Fire in the ATTACKER's MPh, Final Fire in the DFPh, A3.4). Set on Commit.
FIRED_IN = "fired_in"
#: ``extra`` key of a vehicle that took a Bounding First Fire shot: its ``mp_spent`` then, so that
#: with a kept Multiple ROF it fires again only once it has spent more (C5.3).
FIRED_AT_MP = "fired_at_mp"
#: ``extra`` key of a unit: for each enemy vehicle that moved this Player Turn, the MP it spent in
#: the unit's continuous LOS (C5.3), set when its move is committed and cleared when the turn ends.
MP_IN_LOS = "mp_in_los"


def recorded_mp_in_los(firer: Unit, target: Unit | None) -> float | None:
    """The MP a moving vehicle (with its Passengers) spent in its target's continuous LOS, as its
    committed moves recorded them on the target (``MP_IN_LOS``): what Case C1/C2 count (C5.31,
    C5.32) when a shot gives no ``mp_in_los``; None when nothing is recorded."""
    if target is None:
        return None
    value = (target.extra.get(MP_IN_LOS) or {}).get(firer.aboard or firer.id)
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def printed_morale(unit: Unit) -> int | None:
    """A unit's Morale Level: its ``morale`` key, else the last figure of a name such as
    ``2-2-8`` (None when neither says)."""
    stated = unit.extra.get("morale")
    if type(stated) is int:
        return stated
    match = re.match(_PRINTED_MORALE, unit.name)
    return int(match.group(1)) if match else None


def fire_counter(unit: Unit) -> str:
    """The fire counter a unit's markers show: a No Fire counter after OVR Prevention (C5.64), an
    Intensive Fire counter, else a First Fire counter once it has fired (the markers do not tell a
    Final Fire counter apart; ``reaction_fire`` takes it as ``gun_fire_counter``)."""
    if unit.extra.get(NO_FIRE):
        return "no_fire"
    if unit.intensive_fired:
        return "intensive"
    return "first" if unit.fired else "none"


def with_a_vehicle(unit: Unit) -> bool:
    """Whether a unit is carried by a vehicle, aboard it or in tow, and so is no separate target of a
    shot at its hex: a Gun in tow shares its vehicle's fate (C10.1, C10.11); Passengers/Riders are
    attacked Collaterally (D.8), which is not modelled."""
    return unit.aboard is not None or unit.towed_by is not None


def unit_path(scenario: Scenario, unit: Unit) -> str:
    """The JSON path of a unit in the scenario file, e.g. ``units[2]``."""
    return scenario.unit_path(unit.id)


class Shot(NamedTuple):
    """A firer, its weapon, the target and the circumstances of one To Hit attempt."""

    scenario: Scenario
    firer: Unit
    #: Whose status (pinned, CX, qualified) is the firer's: a Gun's crew, else the firer (C5.4).
    crew: Unit
    arms: Armament
    target: Unit | None
    target_hex: Hex
    target_type: str
    ammo: str
    phase: str
    range: int
    #: The arc turned for the shot: ``ca`` (Gun), ``tca`` or ``vca`` (vehicle; a turreted vehicle's
    #: VCA when it pivots), and the hexspine of the arc it fires from (a turret's TCA; C5.11).
    arc: str
    spine: int
    #: Case A Gun type of that arc: a turreted vehicle pivoting its VCA uses NT (C5.11).
    gun_type: str
    spines: int
    intensive: bool = False
    #: ``ovr_prevention``: the Gun fires at the vehicle about to OVR its hex (C5.64, C5.641).
    ovr_prevention: bool = False
    #: ``reaction_fire``: the Gun's Non-CC Reaction Fire at the vehicle that OVRan its hex, its CA
    #: first turned to that vehicle's VCA, TH Cases A and E NA (D7.22).
    reaction: bool = False
    #: The Gun's fire counter: under a First Fire counter its Reaction Fire is Intensive (D7.23).
    counter: str = "none"
    deliberate: bool = False
    opportunity: bool = False
    acquisition: int = 0
    mp_in_los: float | None = None
    #: ``los_since_mph_start``: continuous LOS to the target since before the firer's MPh (C5.33).
    los_since_mph_start: bool = False
    basic_tk: int | None = None
    extra: tuple[DrmLine, ...] = ()
    effects_extra: tuple[DrmLine, ...] = ()
    #: The LOS from the firer's hex to the target's (A6): blocked or its Hindrances.
    sight: LosResult | None = None
    #: False for a unit of a hex struck by a CH that the CH's special provisions do not reach: it
    #: takes a normal hit (C3.74). Never read from the action: the hex's answer asks both ways.
    ch_applies: bool = True

    @property
    def is_vehicle(self) -> bool:
        return self.firer.kind == "vehicle"

    @property
    def unfamiliar(self) -> tuple[str, ...]:
        """Why the captured-weapon penalties apply, once per cause (both: doubled): a Captured
        weapon (A21.11-.12, C5.8), and a crew-served one manned by non-qualified Infantry (A21.13).
        Each cause costs Case H +2, two off the B#, one off the ROF, and forces the red TH#."""
        non_qualified = self.crew is not self.firer and not self.crew.qualified
        if not (non_qualified or self.firer.captured):
            return ()  # most shots: asked several times each, so no words made for no cause
        causes = {"Captured": self.firer.captured, f"manned by non-qualified {self.crew.id} (A21.13)": non_qualified}
        return tuple(cause for cause, applies in causes.items() if applies)

    @property
    def rof_kept(self) -> bool:
        """Whether the firer kept a Multiple ROF, which it has, earlier in this phase to fire again (C2.24)."""
        return kept_multiple_rof(self.firer, self.phase, self.arms.rof - len(self.unfamiliar))

    @property
    def has_fired(self) -> bool:
        """Whether the firer has fired already: a fire counter, or in its own MPh a Bounding First
        Fire counter (``bounding_fired``), which records a shot taken in this MPh (C5.3)."""
        return self.firer.fired or (self.firer.bounding_fired and self.bounding_first_fire)

    @property
    def spent_no_mp_since_its_shot(self) -> bool:
        """A Bounding First Firer that has spent no MP since its last shot (``fired_at_mp``, C5.3);
        False where no shot was recorded (a file written without it)."""
        at = self.firer.extra.get(FIRED_AT_MP)
        return self.bounding_first_fire and at is not None and float(self.firer.extra.get(MP_SPENT, 0)) <= float(at)

    @property
    def rof_forfeited(self) -> bool:
        """A Multiple ROF kept in this phase that the firer, pinned since, forfeits (C5.4)."""
        return self.rof_kept and self.crew.pinned

    @property
    def crew_morale(self) -> int | None:
        """The manning Infantry's Morale Level: its ``morale`` key, else the last figure of a name
        such as ``2-2-8`` (None when neither says)."""
        return printed_morale(self.crew)

    @property
    def prevention_rule(self) -> str | None:
        """Which OVR Prevention this is: C5.64 for a Gun under a First/Final/Intensive Fire counter
        (an Intensive Fire shot, then a No Fire counter), C5.641 for one under none (a normal shot)."""
        if not self.ovr_prevention:
            return None
        return "C5.64" if self.firer.fired or self.firer.intensive_fired else "C5.641"

    @property
    def reaction_turn(self) -> bool:
        """Whether a Reaction Fire Gun must turn its CA to the OVRing vehicle's VCA first (D7.22)."""
        target = self.target
        return self.reaction and target is not None and target.vca is not None and self.firer.ca != target.vca

    @property
    def attacker(self) -> bool:
        """Whether the firer is the ATTACKER's (the scenario's ``player``)."""
        return self.firer.side == self.scenario.player

    @property
    def firer_terrain(self) -> str:
        return self.scenario.terrain_at(self.firer.hex)

    @property
    def target_terrain(self) -> str:
        return self.scenario.terrain_at(self.target_hex)

    @property
    def in_woods_building_rubble(self) -> bool:
        """Firing from woods/building/rubble doubles Case A and E, makes Case B +3 (C5.11, C5.2, C5.5)."""
        return bool(terrain_entry(self.firer_terrain)["woods_building_rubble"])

    @property
    def from_a_vehicle(self) -> bool:
        """Whether the firer is a vehicle or aboard one: else (a Gun on the ground, most shots) it
        fires no Bounding (First) Fire nor Motion Fire, which many DRM cases ask (C5.3, C5.35)."""
        return self.firer.aboard is not None or self.firer.kind == "vehicle"

    @property
    def carrier(self) -> Unit | None:
        """The vehicle whose movement is the firer's: itself, or the one it rides as a Passenger
        (a Passenger's LATW, a Gun en portee; C5.3 "a vehicle (including its Passengers)")."""
        if self.firer.aboard is not None:
            return self.scenario.units.get(self.firer.aboard)
        return self.firer if self.is_vehicle else None

    @property
    def passenger(self) -> bool:
        """Ordnance fired from aboard a vehicle: a Passenger's LATW, or a Gun en portee (C5.3, C10.54)."""
        return self.firer.aboard is not None and self.carrier is not None

    @property
    def en_portee(self) -> bool:
        """A Gun carried en portee and fired by its Passenger crew (C10.54): aboard, and no LATW."""
        return self.passenger and self.firer.kind == "gun" and not self.arms.latw

    @property
    def moved(self) -> bool:
        """Whether the firer (or the vehicle it rides) entered a new hex/hexside this Player Turn."""
        carrier = self.carrier
        return self.firer.moved or (carrier is not None and carrier.moved)

    @property
    def carrier_entered(self) -> bool:
        """Whether the vehicle firing, or carrying the firer, entered a new hex/hexside this Player
        Turn: what makes it and its Passengers Bounding Firers in the AFPh (C5.3). A Gun en portee
        moves only with its vehicle, so its own ``moved`` says so too; a Passenger that moved on foot
        and boarded a vehicle that did not is no Bounding Firer: its LATW takes Case C3 (C5.34)."""
        carrier = self.carrier
        return carrier is not None and (carrier.moved or (self.en_portee and self.firer.moved))

    @property
    def carrier_moving(self) -> bool:
        """Whether the vehicle firing, or carrying the firer, is in Motion/non-Stopped (C5.35)."""
        carrier = self.carrier
        return carrier is not None and (carrier.motion or not carrier.stopped)

    @property
    def motion_fire(self) -> bool:
        """A vehicle in Motion/non-stopped firing without stopping, its Passengers' ordnance too: C5.35
        says Motion Fire is NA for Guns en portee (they do not fire so, C10.54), which are Passenger
        ordnance (read so, C5.3)."""
        if not self.from_a_vehicle:
            return False
        return (self.is_vehicle or (self.passenger and not self.en_portee)) and self.carrier_moving

    @property
    def bounding_first_fire(self) -> bool:
        """The ATTACKER's vehicle, or its Passengers' ordnance, firing during its own MPh (C5.3, C5.13, C5.33)."""
        if not self.from_a_vehicle:
            return False
        return (self.is_vehicle or self.passenger) and self.phase == "MPh" and self.attacker

    @property
    def bounding_fire(self) -> bool:
        """Any shot that uses Case C: Bounding (First) Fire (a vehicle, its Passengers included, that
        entered a new hex, firing in the AFPh) or Motion Fire (C5.3, C5.35)."""
        if not self.from_a_vehicle:
            return False
        moved_then_afph = self.phase == "AFPh" and self.carrier_entered
        return self.bounding_first_fire or self.motion_fire or moved_then_afph

    @property
    def aimed_before_moving(self) -> bool:
        """A vehicle firing in its MPh before entering a new hex, or in LOS of its target since
        before that MPh, uses Case C without C1/C2 (C5.33)."""
        return self.phase == "MPh" and (not self.moved or self.los_since_mph_start)

    @property
    def aim_counts(self) -> bool:
        """Whether the MP spent in the target's LOS (``mp_in_los``) can add Case C1/C2: only for a
        Bounding First/Motion Firer outside the AFPh that did not aim before moving (C5.31-C5.33)."""
        return self.bounding_fire and self.phase != "AFPh" and not self.aimed_before_moving

    @property
    def doubles_lower_dr(self) -> bool:
        """Motion Fire without a gyrostabilizer doubles the lower dr of the TH DR (C5.35)."""
        return self.motion_fire and not self.arms.gyro and self.target_type != "area"

    @property
    def target_is_vehicle(self) -> bool:
        return self.target is not None and self.target.kind == "vehicle"

    @property
    def target_is_afv(self) -> bool:
        return self.target_is_vehicle and self.target is not None and self.target.afv


def _vehicle_in_hex(action: Action, firer: Unit, h: Hex) -> Unit | None:
    """A Vehicle Target Type shot given only a hex aims at the one enemy vehicle there (C3.31)."""
    if action.data.get("target_type") != "vehicle":
        return None
    vehicles = [u for u in action.scenario.units_at(h) if u.kind == "vehicle" and u.side != firer.side]
    return vehicles[0] if len(vehicles) == 1 else None


def _target(action: Action, firer: Unit) -> tuple[Unit | None, Hex]:
    target = action.optional_unit("target")
    if target is None:  # then target_hex is given (RESOLVERS requires one of them)
        h = action.hex("target_hex")
        return _vehicle_in_hex(action, firer, h), h
    if action.data.get("target_hex") is not None and action.hex("target_hex") != target.hex:
        raise AslError(f"target {target.id!r} is not in this hex", "action.target_hex")
    return target, target.hex


def _arc(firer: Unit, arms: Armament, pivot: str | None, spines: int) -> str:
    """The arc a shot uses: a Gun's CA; a turret's TCA, unless the vehicle pivots to bring the
    target into it (its VCA then turns, NT; C5.11); a non-turreted vehicle's VCA."""
    if firer.kind == "gun":
        return "ca"
    if arms.turret is None:
        return "vca"
    return "vca" if pivot == "vca" and spines else "tca"


def _spines(action: Action, firer: Unit, spine: int, target_hex: Hex) -> int:
    """Case A hexspines: to bring the target into the CA; in the firer's own hex, only as Defensive
    First Fire in the MPh, to bring in the hexside the target entered by (C5.51)."""
    if target_hex != firer.hex or action.data.get("entered_from") is None:
        return spines_to_bring(firer.hex, spine, target_hex)
    entry = action.hex("entered_from")
    if direction_to(firer.hex, entry) is None:
        raise AslError("expected a hex adjacent to the firer's, the one the target entered from", "action.entered_from")
    defensive_first_fire = action.phase == "MPh" and firer.side != action.scenario.player
    return spines_to_bring(firer.hex, spine, entry) if defensive_first_fire else 0


def intensive_by_force(firer: Unit, ovr_prevention: bool, reaction: bool, counter: str) -> bool:
    """OVR Prevention by a Gun already under a fire counter is an Intensive Fire shot (C5.64); so is
    the Reaction Fire of a Gun under a First Fire counter (D7.23)."""
    return (ovr_prevention and (firer.fired or firer.intensive_fired)) or (reaction and counter == "first")


def read_shot(action: Action, counter: str | None = None) -> Shot:
    """Read a ``fire`` action (DESIGN.md section 4); AslError names the bad key. ``counter`` is the
    firer's fire counter when the question states it (``reaction_fire``), else its markers'."""
    scenario = action.scenario
    firer = action.unit("firer")
    if firer.kind not in FIRERS:
        raise IllegalAction(f"{firer.id} is a {firer.kind}: ordnance is fired by a Gun or a vehicle's MA", "C3",
                            "action.firer")
    path = unit_path(scenario, firer)
    arms = armament(firer, path)
    crew = scenario.unit(firer.crew, f"{path}.crew") if firer.crew else firer
    target, target_hex = _target(action, firer)
    vehicle_target = target is not None and target.kind == "vehicle"
    smoke = action.optional_choice("ammo", AMMO) in SMOKE_AMMO and not arms.latw
    default_type = "area" if arms.mortar or smoke else "vehicle" if vehicle_target else "infantry"
    target_type = action.choice("target_type", TARGET_TYPES, default_type)
    afv_target = vehicle_target and target is not None and target.afv
    ammo = action.choice("ammo", AMMO, "AP" if afv_target and target_type == "vehicle" else "HE")
    if target_type == "area":  # it attacks the hex, every unit in it, whoever is named (C3.33): one unit
        there = [unit for unit in scenario.units_at(target_hex) if not with_a_vehicle(unit)]  # there is the target
        target = there[0] if len(there) == 1 else None
    # The MA fires from its TCA, so a turret's hexspines are counted even when the hull pivots (C5.11).
    fired_from = "ca" if firer.kind == "gun" else "tca" if arms.turret is not None else "vca"
    # A LATW is a SW: it fires in any direction, with no CA to turn (C3.2), so it needs none.
    spine = 0 if arms.latw and firer.firing_arc is None else unit_arc(firer, fired_from, f"{path}.{fired_from}")
    reaction = action.flag("reaction_fire")
    basic_tk = action.integer("basic_tk", 0) if action.has("basic_tk") else None
    ovr_prevention = action.flag("ovr_prevention")
    counter = counter or fire_counter(firer)
    intensive = action.flag("intensive") or intensive_by_force(firer, ovr_prevention, reaction, counter)
    deliberate = action.flag("deliberate_immobilization")
    opportunity = action.flag("opportunity")
    acquisition = shot_acquisition(action, firer, target, target_hex, target_type)
    mp_in_los = action.number("mp_in_los") if action.has("mp_in_los") else recorded_mp_in_los(firer, target)
    los_since_mph_start = action.flag("los_since_mph_start")
    extra = action.drm_lines("extra_drm", "extra", "user")
    effects_extra = action.drm_lines("effects_drm", "extra", "user")
    # aimed and sighted as it is made (read in the same order, the same first error): one tuple (issue 40)
    spines, arc, gun_type = _aim(action, firer, arms, spine, reaction, target_hex)
    return Shot(
        scenario=scenario,
        firer=firer,
        crew=crew,
        arms=arms,
        target=target,
        target_hex=target_hex,
        target_type=target_type,
        ammo=ammo,
        phase=action.phase,
        range=distance(firer.hex, target_hex),
        arc=arc,
        spine=spine,
        gun_type=gun_type,
        spines=spines,
        intensive=intensive,
        ovr_prevention=ovr_prevention,
        reaction=reaction,
        counter=counter,
        deliberate=deliberate,
        opportunity=opportunity,
        acquisition=acquisition,
        mp_in_los=mp_in_los,
        los_since_mph_start=los_since_mph_start,
        basic_tk=basic_tk,
        extra=extra,
        effects_extra=effects_extra,
        sight=sight_of(los_map(scenario), firer, target_hex, unit_level(target)),
    )


def _aim(action: Action, firer: Unit, arms: Armament, spine: int, reaction: bool,
         target_hex: Hex) -> tuple[int, str, str]:
    """Case A hexspines, the arc turned and its Case A Gun type of a shot at ``target_hex``."""
    # A Reaction Fire Gun turns to the OVRing vehicle's VCA as part of the shot: no Case A (D7.22);
    # a LATW, a SW, fires in any direction: no CA, no Case A (C3.2).
    spines = 0 if reaction or arms.latw else _spines(action, firer, spine, target_hex)
    arc = _arc(firer, arms, action.optional_choice("pivot", PIVOTS), spines)
    return spines, arc, "NT" if arc == "vca" else arms.mount


def aimed(shot: Shot, action: Action, target: Unit | None, target_hex: Hex) -> Shot:
    """The shot aimed at ``target`` in ``target_hex``, its LOS not yet traced (``sighted``): what
    changes from hex to hex (range, Case A hexspines, the arc turned), so an odds map re-aims one
    read shot per hex rather than reading the action again (DESIGN.md 12)."""
    spines, arc, gun_type = _aim(action, shot.firer, shot.arms, shot.spine, shot.reaction, target_hex)
    return shot._replace(target=target, target_hex=target_hex, range=distance(shot.firer.hex, target_hex), arc=arc,
                         gun_type=gun_type, spines=spines, sight=None)


def sight_of(los: LosMap, firer: Unit, target_hex: Hex, target_level: int) -> LosResult:
    """The LOS from the firer to ``target_level`` of ``target_hex`` (A6)."""
    return trace(los, firer.hex, target_hex, unit_level(firer), target_level)


def sighted(shot: Shot, los: LosMap | None = None) -> Shot:
    """The shot with its LOS traced (A6); ``los``: the scenario's LOS map, read once for many hexes
    (a target's own counter hinders no thread to its hex, D9)."""
    los = los_map(shot.scenario) if los is None else los
    return shot._replace(sight=sight_of(los, shot.firer, shot.target_hex, unit_level(shot.target)))
