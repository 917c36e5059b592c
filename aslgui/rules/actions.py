"""Reading an action object (DESIGN.md section 4) with errors that name ``action.<key>``."""

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple, TypeVar

from aslgui.errors import AslError, shown
from aslgui.geometry import Hex, parse_spine
from aslgui.model import PHASES, Scenario, Unit
from aslgui.model.jsonvalues import refuse_non_finite
from aslgui.model.scenario import OffBoardError
from aslgui.rules.action_keys import (
    AMMO,
    ARC_KEYS,
    COMMON_KEYS,
    DIE_KEYS,
    DRM_LINE_BOUND,
    DRM_LINE_KEYS,
    FACINGS,
    FIRE_COUNTERS,
    MAP_TARGET_TYPES,
    MAX_MP,
    MOVE_ENDS,
    NON_CC_WEAPONS,
    PIVOTS,
    PLACER_STATES,
    PORTEE_SIDES,
    REACTION_TYPES,
    TARGET_TYPES,
    DeclaredKeys,
    UndeclaredActionKey,
    action_kind,
    hex_names,
    refuse_unknown_keys,
)
from aslgui.rules.dice import DiceRoll
from aslgui.rules.odds_target import check_target, threatened_side
from aslgui.rules.resolution import DrmLine, Resolution

T = TypeVar("T")

#: Fire phases by owner (A3): the ATTACKER's PFPh and AFPh, the DEFENDER's DFPh.
ATTACKER_FIRE_PHASES = ("PFPh", "AFPh")
DEFENDER_FIRE_PHASES = ("DFPh",)
#: Every fire phase, in Player Turn order.
FIRE_PHASES = ("PFPh", "DFPh", "AFPh")
#: Where ordnance fires: the fire phases and the MPh (Defensive First Fire, a moving vehicle's
#: Bounding First Fire; A3, D3.3).
ORDNANCE_PHASES = ("PFPh", "MPh", "DFPh", "AFPh")


#: The types of action values that hold no number to refuse as not finite and are not null.
_WORDS = frozenset({str, int, bool})


#: A kind's keys and ``COMMON_KEYS``, by the kind's keys (one set per kind, not one per question;
#: the kinds' declarations, so no bound).
_WITH_COMMON: dict[frozenset[str], frozenset[str]] = {}


class Action:
    """An action object checked key by key against the scenario it is asked about.

    ``reads`` are the keys its kind declares (``RESOLVERS``, plus ``COMMON_KEYS``): any other
    key is refused here, and the resolver can read no other (``DeclaredKeys``); of each group in
    ``required`` one key must be given.  A key whose value is null is dropped here, the one place
    that makes a null an absent key (docs/contract.md) for every key of every kind: an optional one
    takes its default, a required one is missing.

    ``ask`` answers another whole action about a scenario, as ``resolve`` does: the dispatcher gives
    it, so a resolver that answers with another kind's answer (a move's OVR, DESIGN.md 13) asks
    it without importing the dispatcher, which sits above every resolver.
    """

    # one is made per question: no instance dict to make and look attributes up in
    __slots__ = ("_given", "_hexes", "_reads", "ask", "data", "kind", "scenario")

    def __init__(self, data: Any, scenario: Scenario, reads: frozenset[str],
                 required: tuple[tuple[str, ...], ...],
                 ask: Callable[[Scenario, dict[str, Any]], Resolution] | None = None) -> None:
        self.ask = ask
        self.kind: str = action_kind(data)
        reads = _WITH_COMMON.get(reads) or _WITH_COMMON.setdefault(reads, reads | COMMON_KEYS)
        if not reads.issuperset(data):
            refuse_unknown_keys(data, reads, "action", f"a {self.kind} action")
        for value in data.values():
            if type(value) not in _WORDS:  # a null, a number, a list or an object: looked at closer
                refuse_non_finite(data, "action")
                given = {key: value for key, value in data.items() if value is not None}
                break
        else:  # only words, whole numbers and flags (a ``los`` question): nothing to refuse or drop
            given = dict(data)
        self._given = given
        self._reads = reads
        self.data: Mapping[str, Any] = DeclaredKeys(given, self.kind, reads)
        self.scenario = scenario
        #: The hexes read (``hex``): the checks read every key, the resolver reads them again.
        self._hexes: dict[str, Hex] = {}
        self.check_well_formed(required)

    def _path(self, key: str) -> str:
        return f"action.{key}"

    def has(self, key: str) -> bool:
        # a key the kind declares is looked up at once; ``data`` raises for any other
        return key in self._given if key in self._reads else key in self.data

    def unit(self, key: str) -> Unit:
        """The unit whose id is under ``key`` (required)."""
        unit_id = self.data.get(key)  # a null was dropped: None is an absent key
        if unit_id is None:
            raise AslError(f"missing required key {shown(key)} (a unit id)", self._path(key))
        found = self.scenario.units.get(unit_id) if type(unit_id) is str else None
        # a unit on the map at once (asked ~4 times a shot, issue 40); else the scenario's error
        return found if found is not None else self.scenario.unit(unit_id, self._path(key))

    def optional_unit(self, key: str) -> Unit | None:
        return self.unit(key) if self.data.get(key) is not None else None

    def units(self, key: str) -> list[Unit]:
        """Units whose ids are listed under ``key`` (empty when absent): every id is checked before
        the first naming a unit off the map is answered (OffBoardError)."""
        raw = self.data.get(key, [])
        if not isinstance(raw, list):
            raise AslError(f"expected a list of unit ids, got {shown(raw)}", self._path(key))
        units, off_board = [], None
        seen: dict[str, int] = {}  # each id's first place
        for i, uid in enumerate(raw):
            if isinstance(uid, str) and seen.setdefault(uid, i) != i:  # counted once (two pushers, not one twice)
                raise AslError(f"{shown(uid)} is listed twice (first at {self._path(key)}[{seen[uid]}])",
                               f"{self._path(key)}[{i}]")
            try:
                units.append(self.scenario.unit(uid, f"{self._path(key)}[{i}]"))
            except OffBoardError as error:
                off_board = off_board or error
        if off_board is not None:
            raise off_board
        return units

    def hex(self, key: str) -> Hex:
        """The hex named under ``key`` (required, must be on the map)."""
        found = self._hexes.get(key)
        if found is not None:
            return found
        # a key given is declared (checked on reading): only an absent one is asked of ``data``
        raw = self._given.get(key)
        if raw is None:  # a null was dropped: None is an absent key
            self.data.get(key)  # UndeclaredActionKey for a key the kind does not declare
            raise AslError(f'missing required key {shown(key)} (a hex name such as "4E6")', self._path(key))
        if not isinstance(raw, str):
            raise AslError(f'expected a hex name such as "4E6", got {shown(raw)}', self._path(key))
        found = self._hexes[key] = self.scenario.grid.parse(raw, f"action.{key}")
        return found

    def integer(self, key: str, default: int | None = None) -> int:
        """A whole number within its key's bounds (``KEY_DOMAINS``); required without a default."""
        low, high = domain_of(self.kind, key).bounds or (None, None)
        if default is None and key not in self.data:
            raise AslError(f"missing required key {shown(key)} (a whole number{_bounds(low, high)})", self._path(key))
        value = self.data.get(key, default)
        if type(value) is not int or (low is not None and value < low) or (high is not None and value > high):
            raise AslError(f"expected a whole number{_bounds(low, high)}, got {shown(value)}", self._path(key))
        return value

    def flag(self, key: str, default: bool = False) -> bool:
        value = self.data.get(key, default)
        if not isinstance(value, bool):
            raise AslError(f"expected true or false, got {shown(value)}", self._path(key))
        return value

    def choice(self, key: str, options: Sequence[T], default: T | None = None) -> T:
        """One of ``options`` under ``key``; required without a default."""
        value = self.data.get(key, default)
        if value is None:
            raise AslError(f"missing required key {shown(key)} (one of {', '.join(map(str, options))})",
                           self._path(key))
        if value not in options:
            raise AslError(f"expected one of {', '.join(map(str, options))}, got {shown(value)}", self._path(key))
        chosen: T = value
        return chosen

    def optional_choice(self, key: str, options: Sequence[T]) -> T | None:
        """One of ``options`` under ``key`` when given."""
        return self.choice(key, options) if self.has(key) else None

    @property
    def phase(self) -> str:
        """The action's own phase, else the scenario's (DESIGN.md section 3)."""
        return self.choice("phase", PHASES, self.scenario.phase)

    @property
    def dice(self) -> DiceRoll | None:
        """``dice: {colored, white}`` when given: the Original DR."""
        return self.dice_at("dice")

    def dice_at(self, key: str) -> DiceRoll | None:
        """An Original DR ``{colored, white}`` under ``key`` when given (a Thrown DC rolls twice)."""
        raw = self.data.get(key)
        if raw is None:
            return None
        if not isinstance(raw, dict):
            raise AslError(f"expected {{\"colored\": 1..6, \"white\": 1..6}}, got {shown(raw)}", self._path(key))
        refuse_unknown_keys(raw, DIE_KEYS, self._path(key), "a dice roll")
        dice = []
        for die in DIE_KEYS:
            value = raw.get(die)
            if value is None:
                raise AslError(f"missing required key {die!r} (a die value 1..6)", f"{self._path(key)}.{die}")
            if type(value) is not int or not 1 <= value <= 6:
                raise AslError(f"expected a die value 1..6, got {shown(value)}", f"{self._path(key)}.{die}")
            dice.append(value)
        return DiceRoll(dice[0], dice[1])

    @property
    def dr(self) -> int | None:
        """A subsequent dr (C3.6, C3.7) when given."""
        if self.data.get("dr") is None:
            return None
        return self.integer("dr", 0)

    def number(self, key: str) -> float | None:
        """A number of MP (0..``MAX_MP``, may be fractional) when given."""
        value = self.data.get(key)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= MAX_MP:
            raise AslError(f"expected a number of MP from 0 to {MAX_MP} (e.g. 2.5), got {shown(value)}",
                           self._path(key))
        return float(value)

    def spine(self, key: str) -> int | None:
        """A hexspine named under ``key`` (e.g. ``"S/SW"``) when given."""
        raw = self.data.get(key)
        if raw is None:
            return None
        if not isinstance(raw, str):
            raise AslError(f'expected a hexspine name such as "S/SW", got {shown(raw)}', self._path(key))
        try:
            return parse_spine(raw)
        except ValueError as error:
            raise AslError(str(error), self._path(key)) from None

    def unit_or_units(self, key: str) -> list[Unit]:
        """One unit id or a list of them (who mans a Gun, C10.111); empty when absent."""
        return self.units(key) if isinstance(self.data.get(key), list) else [self.unit(key)] if self.has(key) else []

    def drm_lines(self, key: str, case: str, rule: str) -> tuple[DrmLine, ...]:
        """User-given DRM (``extra_drm``): a whole number or a list of ``{"value", "label"}``, each
        value within +-``DRM_LINE_BOUND``; a null label is an absent one."""
        raw: Any = self.data.get(key)
        if raw is None:
            return ()
        if type(raw) is int:
            value = _drm_value(raw, self._path(key))
            return (DrmLine(case, rule, value, "user-given DRM"),) if value else ()
        if not isinstance(raw, list):
            expected = 'a whole number or a list of {"value": n, "label": text}'
            raise AslError(f"expected {expected}, got {shown(raw)}", self._path(key))
        lines = []
        for i, item in enumerate(raw):
            path = f"{self._path(key)}[{i}]"
            if not isinstance(item, dict):
                raise AslError(f'expected {{"value": n, "label": text}}, got {shown(item)}', path)
            refuse_unknown_keys(item, DRM_LINE_KEYS, path, f"a line of {key}")
            if item.get("value") is None:
                raise AslError(f"missing required key 'value' (a whole number from {-DRM_LINE_BOUND} to "
                               f"{DRM_LINE_BOUND})", f"{path}.value")
            label = item.get("label")
            if label is not None and not isinstance(label, str):
                raise AslError(f"expected a text label, got {shown(label)}", f"{path}.label")
            lines.append(DrmLine(case, rule, _drm_value(item["value"], f"{path}.value"),
                                 "user-given DRM" if label is None else label))
        return tuple(lines)

    def check_well_formed(self, required: tuple[tuple[str, ...], ...]) -> None:
        """DESIGN.md section 9: every key the action carries holds a value of its domain, whether or
        not this question reads it (``dr: 0`` without dice is still an error naming ``action.dr``),
        and every required key is given (a null is an absent key, dropped on reading).  Only then is
        a unit off the map answered (OffBoardError, the first one named): a malformed question is
        an error whoever it names."""
        off_board = None
        domains = _FOUND_DOMAINS.get(self.kind) or _FOUND_DOMAINS.setdefault(self.kind, {})  # no {} made each time
        for key in self._given:
            if key != "kind":
                try:
                    (domains.get(key) or domain_of(self.kind, key)).check(self, key)
                except OffBoardError as error:
                    off_board = off_board or error
        given = self._given.keys()  # each required key is declared: no need to ask ``DeclaredKeys``
        for group in required:
            if given.isdisjoint(group):
                wanted = ", or ".join(f"{key!r} ({domain_of(self.kind, key).what})" for key in group)
                raise AslError(f"missing required key {wanted}", self._path(group[0]))
        if off_board is not None:
            raise off_board


def _bounds(low: int | None, high: int | None) -> str:
    """A whole number's bounds in words, for its errors."""
    return f" from {low} to {high}" if low is not None and high is not None else ""


def _drm_value(value: Any, path: str) -> int:
    """One user-given DRM: a whole number within +-``DRM_LINE_BOUND``, else AslError naming ``path``."""
    if type(value) is not int or not -DRM_LINE_BOUND <= value <= DRM_LINE_BOUND:
        raise AslError(f"expected a whole number from {-DRM_LINE_BOUND} to {DRM_LINE_BOUND} (a DRM), "
                       f"got {shown(value)}", path)
    return value


class Domain(NamedTuple):
    """The values an action key takes: ``check`` reads it as the resolvers do (an AslError naming
    ``action.<key>`` when it is out of its domain); ``what`` says them in words (for a required
    key left out); ``bounds`` of a whole number."""

    check: Callable[[Action, str], object]
    what: str
    bounds: tuple[int, int] | None = None


def _whole(low: int, high: int) -> Domain:
    return Domain(lambda action, key: action.integer(key, 0), f"a whole number from {low} to {high}", (low, high))


def _choice(options: Sequence[str]) -> Domain:
    return Domain(lambda action, key: action.choice(key, options), f"one of {', '.join(options)}")


#: The rules by which a leader in the unit's Location gives his leadership DRM, by kind: the
#: leader assisting a Set DC (A23.7); the leader in a CC Reaction Fire attack (A10.7, the 8-1 in
#: the D7.22 EX).  The error for a missing leader cites them.
LEADERSHIP_RULES = {"set_dc": "A23.7", "reaction_fire": "A10.7, D7.22 EX"}


def leaders_with(scenario: Scenario, unit: Unit) -> list[Unit]:
    """The leaders of the unit's side in its Location, who may give it their leadership DRM."""
    return [u for u in scenario.units_at(unit.hex) if u.kind == "leader" and u.side == unit.side and u.id != unit.id]


def _leadership(action: Action, key: str) -> int:
    """A leader's modifier needs the leader who gives it: in an OVR the one aboard named under
    ``leader`` (D7.16); else a leader of the unit's side in its Location (the leader assisting a
    Set DC, A23.7; the 8-1 in the D7.22 EX CC).  Without him the answer would count a DRM nobody
    gives, or drop one the player asked for: an error naming the key, like an unknown unit id."""
    value = action.integer(key, 0)
    if action.kind == "overrun":
        if not action.has("leader"):
            raise AslError("an OVR's leadership DRM is that of a leader aboard the vehicle: name him under "
                           "'leader' (D7.16)", action._path(key))
        return value
    unit = action.unit("unit")
    if not leaders_with(action.scenario, unit):
        where = action.scenario.grid.name(unit.hex)
        other = "other " if unit.kind == "leader" else ""  # a leader gives no DRM to his own attack
        raise AslError(f"no {other}leader of {unit.id}'s side is in its Location ({where}) to give a leadership DRM "
                       f"({LEADERSHIP_RULES.get(action.kind, 'A10.7')})", action._path(key))
    return value


def _odds_map_key(action: Action, key: str) -> object:
    """An odds map's ``target`` (a target unit's keys) or ``threat_to_side`` (a side of the file)."""
    if key == "target":
        return check_target(action.scenario, action.data.get(key), key)
    return threatened_side(action.scenario, action.data[key])


#: A hex name's shape (DESIGN.md 2): board id, column letters, row.  Whether it is on the map is
#: the rules' question (a move's path that leaves the map is refused, DESIGN.md 13).
FLAG = Domain(lambda action, key: action.flag(key), "true or false")
UNIT = Domain(Action.unit, "a unit id")
UNITS = Domain(Action.units, "a list of unit ids")
HEX = Domain(Action.hex, 'a hex name such as "4E6"')
DICE = Domain(Action.dice_at, '{"colored": 1..6, "white": 1..6}')
DRM = Domain(lambda action, key: action.drm_lines(key, "extra", "user"),
             'a whole number or a list of {"value": n, "label": text}')
LEVEL = _whole(0, 9)  # levels above a hex's ground: no map draws a cellar

#: Every action key's domain, by key: a key means the same in every kind that reads it, except
#: as ``KIND_DOMAINS`` says. A key a kind declares (``RESOLVERS``) is declared here too.
KEY_DOMAINS: dict[str, Domain] = {
    **dict.fromkeys((
        "intensive", "ovr_prevention", "reaction_fire", "deliberate_immobilization", "opportunity",
        "los_since_mph_start", "ft_only", "bypass", "reverse", "pillbox", "target_concealed",
        "immobilized_before_resolution", "melee", "overrun", "unarmed", "street_fighting", "sw_fired",
        "vehicle_stopped", "paatc_exempt", "paatc_taken", "paatc_passed", "los", "target_in_bypass", "cavalry",
        "ntc_passed", "crew_loads", "push_stopped", "double_time", "carrying_pp", "low_ammo", "paved",
        "unhooked_this_turn", "assault_move", "minimum_move", "wire", "entrenched", "breached", "deep_stream",
        "narrow_street", "indirect", "ordnance", "missed_by_one",
    ), FLAG),
    "phase": _choice(PHASES), "dice": DICE, "dr": _whole(1, 6), "thrower_dice": DICE,
    **dict.fromkeys(("unit", "firer", "target", "vehicle", "gun", "leader", "vs_afv"), UNIT),
    **dict.fromkeys(("pushers", "passengers"), UNITS),
    "crew": Domain(Action.unit_or_units, "a unit id or a list of them"),
    **dict.fromkeys(("hex", "target_hex", "to_hex", "from_hex", "entered_from", "from", "to"), HEX),
    "target_type": _choice(TARGET_TYPES), "ammo": _choice(AMMO), "pivot": _choice(PIVOTS), "arc": _choice(ARC_KEYS),
    "type": _choice(REACTION_TYPES), "weapon": _choice(NON_CC_WEAPONS),
    **dict.fromkeys(("fire_counter", "gun_fire_counter"), _choice(FIRE_COUNTERS)),
    "placer_after_fire": _choice(PLACER_STATES), "facing": _choice(FACINGS),
    **dict.fromkeys(("ca", "vca", "tca"), Domain(Action.spine, 'a hexspine name such as "S/SW"')),
    "path": Domain(lambda action, key: hex_names(action.data[key], f"action.{key}"),
                   'a list of hex names such as ["4E6", "4F6"]'), "end": _choice(MOVE_ENDS),
    **dict.fromkeys(("extra_drm", "effects_drm"), DRM),
    "threat_to_side": Domain(_odds_map_key, "a side of the scenario"),
    **dict.fromkeys(("mp_in_los", "delay"), Domain(Action.number, f"a number of MP from 0 to {MAX_MP}")),
    "acquisition": _whole(0, 2), "basic_tk": _whole(0, 99), "effects_dr": _whole(2, 12),
    "leadership": Domain(_leadership, "a whole number from -6 to 6", (-6, 6)),
    "us_number": _whole(0, 9), "range": _whole(1, 500), "ccv": _whole(1, 12), "sw_fp": _whole(0, 99),
    "mp_spent": _whole(0, MAX_MP), "mf_spent": _whole(0, 99), "mf_left": _whole(0, 99), "crew_mf_spent": _whole(0, 99),
    **dict.fromkeys(("target_level", "unit_level", "thrower_level"), LEVEL),
    **dict.fromkeys(("from_level", "to_level"), _whole(0, 9)),
}
#: Where a kind gives a key another domain: loading en portee, ``ca`` says which way the Gun
#: points on the vehicle (C10.53); a DC attack takes no leadership DRM (A23.1), so the answer notes
#: that whoever would give it.
KIND_DOMAINS: dict[tuple[str, str], Domain] = {
    ("portee_load", "ca"): _choice(PORTEE_SIDES),
    # an OVR ends a move whose MP may be fractional (a road hexside's 1/2 MP, DESIGN.md 13)
    ("overrun", "mp_spent"): Domain(Action.number, f"a number of MP from 0 to {MAX_MP}"),
    ("odds_map", "target"): Domain(_odds_map_key, 'an object of target unit keys, e.g. {"size": -1, "bu": true}'),
    ("odds_map", "target_type"): _choice(MAP_TARGET_TYPES),
    **{(kind, "leadership"): _whole(-6, 6) for kind in ("place_dc", "throw_dc")},
}


def domain_of(kind: str, key: str) -> Domain:
    """The domain of ``key`` in a ``kind`` action: the kind's own, else the key's."""
    domains = _FOUND_DOMAINS.setdefault(kind, {})
    domain = domains.get(key)
    if domain is None:
        domain = KIND_DOMAINS.get((kind, key)) or KEY_DOMAINS.get(key)
        if domain is None:
            raise UndeclaredActionKey(f"action key {key!r} has no domain: declare it in rules.actions.KEY_DOMAINS")
        domains[key] = domain
    return domain


#: ``domain_of``'s answers by kind, then key, so that a question reads each key's domain once, not
#: twice, with one look-up of its kind (the kinds are the declared ones: ``resolve`` refuses any
#: other before an ``Action``).
_FOUND_DOMAINS: dict[str, dict[str, Domain]] = {}
