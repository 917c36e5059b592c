"""Fuzz cases that reach the rules: a valid scenario and a valid action of any kind, built
first, then (most of the time) one field of either changed: to another valid value, a near
miss, a value of the wrong type, random JSON, or removed.  So most examples load, name units
and hexes on the grid, and get into the rules area of their kind, where bugs hide, instead of
stopping at the first check (not an object, missing ``boards``, no ``kind``).

``run_case`` plays one case and says how far it got (``Outcome``); ``reach_table`` counts them
by rules area for docs/performance.md (Robustness).
"""

from __future__ import annotations

import copy
import functools
import json
import re
from collections import Counter
from typing import Any, NamedTuple

from hypothesis import strategies as st

import aslgui.rules.dispatch
from aslgui.errors import AslError
from aslgui.geometry import SPINE_NAMES, BoardPlacement, Hex, MapGrid, neighbours
from aslgui.model import PHASES, scenario_from_json, scenario_to_json
from aslgui.model.scenario import GROUND_CONDITIONS, HEXSIDE_FEATURES, terrain_names
from aslgui.model.units import INFANTRY_KINDS
from aslgui.rules import RESOLVERS
from aslgui.rules.action_keys import (
    AMMO,
    ARC_KEYS,
    FIRE_COUNTERS,
    NON_CC_WEAPONS,
    PIVOTS,
    PLACER_STATES,
    REACTION_TYPES,
    TARGET_TYPES,
)

SIDES = ("german", "russian")
BOARD_SETS = (("4",), ("4", "5"), ("2", "24"), ("RO", "4", "DB"), ("1", "2", "3", "4"))
GUNS = ("57LL AT", "45L AT", "76L ART", "82 MTR", "37L AT", "75* INF", "88L AA", "a captured gun")
VEHICLES = ("PzKpfw IIIG", "PzKpfw IVH", "T-34 M41", "KV-1 M41", "M4A1", "SPW 250/1", "M3 Halftrack", "a truck")
#: Which units an action key names, by kind and key (else by key alone).
ARMED, INFANTRY, ENEMY, VEHICLE, GUN, LEADER, ANY = "armed", "infantry", "enemy", "vehicle", "gun", "leader", "any"
ENEMY_VEHICLE = "enemy vehicle"
ROLES = {
    ("fire", "firer"): ARMED, ("ca_hexes", "unit"): ARMED, ("change_ca", "unit"): ARMED,
    ("reaction_fire", "unit"): INFANTRY, ("reaction_fire", "vehicle"): ENEMY_VEHICLE,
    **{(kind, "unit"): INFANTRY for kind in ("place_dc", "throw_dc", "set_dc", "detonate_dc")},
}
KEY_ROLES = {"firer": ARMED, "target": ENEMY, "vs_afv": ENEMY_VEHICLE, "vehicle": VEHICLE, "gun": GUN,
             "leader": LEADER, "unit": ANY, "crew": INFANTRY}
#: The phases each kind happens in (A3, C10, D7, A23): an action asks in one of them 3 times in 4.
MOVEMENT = ("MPh",)
FIRE = ("PFPh", "DFPh", "AFPh")
PHASES_OF = {
    "fire": (*FIRE, "MPh"), "overrun": MOVEMENT, "reaction_fire": MOVEMENT, "place_dc": MOVEMENT,
    "set_dc": MOVEMENT, "throw_dc": (*FIRE, "MPh"), "detonate_dc": (*FIRE, "MPh"), "hook_up": MOVEMENT,
    "unhook": MOVEMENT, "portee_load": MOVEMENT, "portee_unload": MOVEMENT, "tow_move": MOVEMENT,
    "push": MOVEMENT, "move": MOVEMENT, "limber": FIRE, "unlimber": FIRE, "change_ca": (*FIRE, "MPh"),
}
UNIT_LIST_KEYS = ("pushers", "passengers")
HEX_KEYS = ("target_hex", "to_hex", "hex", "from_hex", "entered_from", "from", "to")
CHOICES: dict[str, tuple[Any, ...]] = {
    "ammo": AMMO, "target_type": TARGET_TYPES, "pivot": PIVOTS, "arc": ARC_KEYS, "type": REACTION_TYPES,
    "weapon": NON_CC_WEAPONS, "fire_counter": FIRE_COUNTERS, "gun_fire_counter": FIRE_COUNTERS,
    "placer_after_fire": PLACER_STATES, "facing": ("front", "side", "rear"), "phase": PHASES,
    "end": ("stop", "motion"),
}
INTEGERS = {"range": (1, 12), "leadership": (-3, 2), "target_level": (0, 2), "unit_level": (0, 2),
            "thrower_level": (0, 2), "from_level": (0, 1), "to_level": (0, 1), "mp_spent": (0, 12),
            "mf_spent": (0, 6), "mf_left": (0, 6), "crew_mf_spent": (0, 4), "acquisition": (0, 2),
            "basic_tk": (5, 25), "effects_dr": (2, 12), "us_number": (1, 10), "extra_drm": (-3, 3),
            "dr": (1, 6), "mp_in_los": (0, 8)}
DICE_KEYS = ("dice", "thrower_dice")
COMMON_OPTIONAL = ("phase", "dice", "dr")


@functools.cache
def json_values(allow_nan: bool = True) -> st.SearchStrategy[Any]:
    """Any JSON document Python's json module can hold (NaN and Infinity if ``allow_nan``); built
    once, since every changed field draws from it and a new recursive strategy is costly to check."""
    floats = st.floats(allow_nan=allow_nan, allow_infinity=allow_nan)
    scalars = st.none() | st.booleans() | st.integers() | floats | st.text(max_size=12)
    return st.recursive(
        scalars,
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
        max_leaves=12,
    )


# -- valid scenarios ---------------------------------------------------------------------------
# The few map layouts, the hexes near a hex and the strategies drawing from them are made once,
# not for every example: hypothesis draws the same values from them, and building and checking a
# new strategy per example was most of the fuzzers' time.
@functools.cache
def _grid(layout: tuple[tuple[str, int, int], ...]) -> MapGrid:
    """The map of boards placed as ``(id, col, row)``."""
    return MapGrid([BoardPlacement(*board) for board in layout])


def grid_of(boards: list[dict[str, Any]]) -> MapGrid:
    """The map of a scenario's ``boards`` (valid ones: built by ``scenarios``)."""
    return _grid(tuple((b["id"], b["col"], b["row"]) for b in boards))


@functools.cache
def _near(grid: MapGrid, centre: Hex, reach: int) -> tuple[Hex, ...]:
    """Map hexes within ``reach`` of ``centre``, in a fixed order."""
    found, frontier = {centre}, [centre]
    for _ in range(reach):
        frontier = [n for h in frontier for n in neighbours(h) if n in grid and n not in found]
        found.update(frontier)
    return tuple(sorted(found))


@functools.cache
def _any_hex(grid: MapGrid) -> st.SearchStrategy[Hex]:
    return st.sampled_from(grid.all_hexes)


@functools.cache
def _hex_names_near(grid: MapGrid, centre: Hex, reach: int) -> st.SearchStrategy[str]:
    """Names of the hexes within ``reach`` of ``centre``."""
    return st.sampled_from(_near(grid, centre, reach)).map(grid.name)


@functools.cache
def _names_near_not_at(grid: MapGrid, origin: Hex, reach: int) -> st.SearchStrategy[str]:
    """Names of the hexes within ``reach`` of ``origin`` but ``origin`` itself (or it alone)."""
    near = [h for h in _near(grid, origin, reach) if h != origin] or [origin]
    return st.sampled_from([grid.name(h) for h in near])


@st.composite
def scenarios(draw: st.DrawFn) -> dict[str, Any]:
    """A valid format-1 scenario: 1-4 boards, terrain, hexsides, ground, and up to two forces of a
    Gun with its crew, a vehicle, a squad (maybe with a DC), a half-squad and a leader, all
    within a few hexes of each other so that most actions find something in range."""
    ids = draw(st.sampled_from(BOARD_SETS))
    per_row = draw(st.integers(1, len(ids)))
    boards = [{"id": board_id, "col": i % per_row, "row": i // per_row} for i, board_id in enumerate(ids)]
    grid = grid_of(boards)
    centre = draw(_any_hex(grid))
    name = grid.name
    hexes = st.sampled_from(_near(grid, centre, 3))
    names = _hex_names_near(grid, centre, 3)
    terrain = draw(st.dictionaries(names, _TERRAIN_NAMES, max_size=6))
    sides = {}
    for _ in range(draw(st.integers(0, 3))):
        a = draw(hexes)
        b = draw(st.sampled_from([n for n in neighbours(a) if n in grid] or [a]))
        if a != b:
            sides["/".join(sorted((name(a), name(b))))] = draw(st.sampled_from(HEXSIDE_FEATURES))
    data: dict[str, Any] = {
        "format": "aslgui-scenario", "version": 1, "name": draw(st.text(max_size=12)), "boards": boards,
        "terrain": terrain, "hexsides": sides,
        "ground": draw(st.dictionaries(names, st.sampled_from(GROUND_CONDITIONS), max_size=2)),
        "fortified": draw(st.lists(names, max_size=2, unique=True)),
        "phase": draw(st.sampled_from(PHASES)), "turn": draw(st.integers(1, 12)),
        "player": draw(st.sampled_from(SIDES)), "units": [],
    }
    for side in SIDES:
        data["units"] += draw(force(side, names))
    return data


_TERRAIN_NAMES = st.sampled_from(terrain_names())
_MOSTLY_FALSE = st.sampled_from((False,) * 6 + (True,))  # a flag: mostly the default


@st.composite
def force(draw: st.DrawFn, side: str, hexes: st.SearchStrategy[str]) -> list[dict[str, Any]]:
    """One side's units; each kind present or not, a few in unusual states."""
    s = side[0]
    flag = _MOSTLY_FALSE
    units: list[dict[str, Any]] = []

    def status() -> dict[str, Any]:
        keys = ("pinned", "broken", "cx", "concealed", "fired", "moved", "elite")
        return {key: True for key in keys if draw(flag)}

    if draw(st.booleans()) or side == SIDES[1]:
        gun_hex = draw(hexes)
        units.append({"id": f"g{s}", "side": side, "nationality": side, "kind": "gun", "hex": gun_hex,
                      "name": draw(st.sampled_from(GUNS)), "ca": draw(st.sampled_from(SPINE_NAMES)),
                      "crew": f"c{s}", "limbered": draw(flag), **status()})
        units.append({"id": f"c{s}", "side": side, "nationality": side, "kind": "crew", "hex": gun_hex})
    if draw(st.booleans()) or side == SIDES[0]:
        spine = draw(st.sampled_from(SPINE_NAMES))
        vehicle = {"id": f"t{s}", "side": side, "nationality": side, "kind": "vehicle", "hex": draw(hexes),
                   "name": draw(st.sampled_from(VEHICLES)), "vca": spine, "mp": draw(st.integers(8, 18)),
                   "towing": draw(st.integers(0, 12)), "pp": draw(st.integers(0, 6)), "bu": draw(st.booleans()),
                   "motion": draw(flag), "mgs": [{"fp": draw(st.integers(1, 4)), "mount": "BMG"}], **status()}
        if draw(st.booleans()):
            vehicle.update(turret="T", tca=draw(st.sampled_from(SPINE_NAMES)),
                           ma={"caliber": draw(st.sampled_from([37, 50, 75, 76, 88])), "kind": "gun"})
        units.append(vehicle)
    for kind, prefix in (("squad", "s"), ("halfsquad", "h"), ("leader", "l")):
        if draw(st.booleans()):
            unit = {"id": f"{prefix}{s}", "side": side, "nationality": side, "kind": kind, "hex": draw(hexes),
                    **status()}
            if kind != "leader" and draw(st.booleans()):
                unit["dc"] = True
            units.append(unit)
    return units


# -- valid actions -------------------------------------------------------------------------------
def _units_for(role: str, units: list[dict[str, Any]], actor: dict[str, Any] | None) -> list[dict[str, Any]]:
    side = actor["side"] if actor else None
    wanted = {
        ARMED: lambda u: u["kind"] in ("gun", "vehicle"),
        INFANTRY: lambda u: u["kind"] in INFANTRY_KINDS and (side is None or u["side"] == side),
        ENEMY: lambda u: side is None or u["side"] != side,
        ENEMY_VEHICLE: lambda u: u["kind"] == "vehicle" and (side is None or u["side"] != side),
        VEHICLE: lambda u: u["kind"] == "vehicle" and (side is None or u["side"] == side),
        GUN: lambda u: u["kind"] == "gun" and (side is None or u["side"] == side),
        LEADER: lambda u: u["kind"] == "leader" and (side is None or u["side"] == side),
    }.get(role, lambda u: True)
    return [u for u in units if wanted(u)]


@st.composite
def actions(draw: st.DrawFn, data: dict[str, Any], kind: str) -> dict[str, Any]:
    """A well-formed action of ``kind`` about the scenario ``data``: the unit and hex keys name
    fitting units (a firer that can fire, an enemy target) and hexes near them; each other key
    the kind declares is added now and then with a value of its type."""
    if kind == "odds_map":
        return draw(odds_map_actions(data))
    grid = grid_of(data["boards"])
    units = data["units"]
    declared = sorted(RESOLVERS[kind].keys)
    needed = {key for group in RESOLVERS[kind].required for key in group}  # what the kind declares required
    required = [k for k in declared
                if k in (*KEY_ROLES, *HEX_KEYS, *needed, "ca", "range", "pushers", "facing") and k != "crew"]
    optional = draw(st.lists(st.sampled_from([k for k in (*declared, *COMMON_OPTIONAL) if k not in required]),
                             max_size=3, unique=True))
    action: dict[str, Any] = {"kind": kind}
    actor: dict[str, Any] | None = None
    actors_first = ("firer", "unit", "vehicle", "gun")
    for key in sorted(required, key=lambda k: (actors_first.index(k) if k in actors_first else 9, k)):
        if key in KEY_ROLES:
            fitting = _units_for(ROLES.get((kind, key), KEY_ROLES[key]), units, actor)
            if key in ("target", "vs_afv", "leader") and (not fitting or draw(st.booleans())):
                continue  # optional ones stay out half the time, and when nothing fits
            chosen = draw(st.sampled_from(fitting or units))
            action[key] = chosen["id"]
            actor = actor or chosen
    if "leader" in action and "leadership" in declared:
        action["leadership"] = draw(st.integers(-2, 0))
    for key in [k for k in required if k not in KEY_ROLES] + optional:
        action[key] = draw(value_for(key, grid, units, actor, kind))
    target = next((u for u in units if u["id"] == action.get("target")), None)
    if target is not None and "target_hex" in action and draw(st.integers(0, 3)) < 3:
        action["target_hex"] = target["hex"]  # the target's own hex, as the GUI gives it
    if kind in PHASES_OF and draw(st.integers(0, 3)) < 3:
        action["phase"] = draw(st.sampled_from(PHASES_OF[kind]))
    return action


@st.composite
def odds_map_actions(draw: st.DrawFn, data: dict[str, Any]) -> dict[str, Any]:
    """An odds map's question (DESIGN.md 12): one Gun or vehicle's map, or a side's threat, for a
    target described by its unit keys, not named by an id."""
    armed = _units_for(ARMED, data["units"], None)
    action: dict[str, Any] = {"kind": "odds_map", "target_type": draw(st.sampled_from(("vehicle", "infantry")))}
    if armed and draw(st.booleans()):
        action["unit"] = draw(st.sampled_from(armed))["id"]
    else:
        action["threat_to_side"] = draw(st.sampled_from(sorted({u["side"] for u in data["units"]}) or ["german"]))
    if draw(st.booleans()):
        action["target"] = draw(st.fixed_dictionaries({}, optional={
            "size": st.integers(-2, 2), "bu": st.booleans(), "hd": st.booleans(), "afv": st.booleans()}))
    if draw(st.integers(0, 3)) < 3:
        action["phase"] = draw(st.sampled_from((*FIRE, "MPh")))
    return action


def value_for(key: str, grid: MapGrid, units: list[dict[str, Any]], actor: dict[str, Any] | None,
              kind: str) -> st.SearchStrategy[Any]:
    """A value of the type an action key takes, fitting the scenario where it names something."""
    if key in HEX_KEYS:
        origin = grid.parse(actor["hex"]) if actor else grid.all_hexes[0]
        return _names_near_not_at(grid, origin, 6 if key in ("hex", "to") else 1)
    if key in KEY_ROLES or key in UNIT_LIST_KEYS:
        ids = [u["id"] for u in _units_for(KEY_ROLES.get(key, INFANTRY), units, actor) or units]
        return st.lists(st.sampled_from(ids), min_size=1, max_size=2, unique=True)
    if key == "ca":
        return st.sampled_from(("vca", "rear") if kind == "portee_load" else SPINE_NAMES)
    if key == "vca":
        return st.sampled_from(SPINE_NAMES)
    if key == "path":
        return paths(grid, grid.parse(actor["hex"]) if actor else grid.all_hexes[0])
    if key in CHOICES:
        return st.sampled_from(CHOICES[key])
    if key in DICE_KEYS:
        return st.fixed_dictionaries({"colored": st.integers(1, 6), "white": st.integers(1, 6)})
    if key == "effects_drm":
        return st.lists(st.fixed_dictionaries({"value": st.integers(-2, 2), "label": st.text(max_size=6)}),
                        max_size=2)
    if key in INTEGERS:
        return st.integers(*INTEGERS[key])
    return st.booleans()


@st.composite
def paths(draw: st.DrawFn, grid: MapGrid, origin: Hex) -> list[str]:
    """A move's path (DESIGN.md 13): up to four hexes, each adjacent to the one before."""
    out, here = [], origin
    for _ in range(draw(st.integers(0, 4))):
        here = draw(st.sampled_from([n for n in neighbours(here) if n in grid] or [here]))
        out.append(grid.name(here))
    return out


# -- one field changed ---------------------------------------------------------------------------
def leaf_paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside a JSON document (not the root)."""
    out = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, item in value.items():
            out += leaf_paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out += leaf_paths(item, (*prefix, i))
    return out


def near_misses(original: Any, tokens: list[Any]) -> st.SearchStrategy[Any]:
    """Values a field could wrongly hold: its type's edge values, another valid token, the wrong type."""
    if isinstance(original, bool):
        typed: st.SearchStrategy[Any] = st.sampled_from([not original, 0, 1, "true", None])
    elif isinstance(original, int):
        typed = st.sampled_from([original + 1, original - 1, 0, -1, 7, 13, 99, 100, 2**31, -(2**63), 10**30,
                                 original + 0.5, 1e308, str(original)])
    elif isinstance(original, str):
        typed = st.sampled_from([original.lower(), original.upper(), f" {original} ", original[:-1], original + "x",
                                 "", "\u0664", original * 40])
    else:
        typed = st.sampled_from([[], {}, None, 0])
    return typed | st.sampled_from(tokens) | json_values()


@st.composite
def changed(draw: st.DrawFn, doc: dict[str, Any], tokens: list[Any], new_keys: list[str]) -> dict[str, Any]:
    """``doc`` with one field replaced (most often), removed, or a key added."""
    doc = copy.deepcopy(doc)
    edit = draw(st.sampled_from(["replace"] * 6 + ["drop", "add"]))
    paths = leaf_paths(doc)
    path = draw(st.sampled_from(paths)) if paths else ()
    parent: Any = doc
    for step in path[:-1]:
        parent = parent[step]
    if edit == "add" or not path:
        target = parent if isinstance(parent, dict) else doc
        target[draw(st.sampled_from(new_keys) | st.text(max_size=8))] = draw(st.sampled_from(tokens) | json_values())
    elif edit == "drop":
        del parent[path[-1]]
    else:
        parent[path[-1]] = copy.deepcopy(draw(near_misses(parent[path[-1]], tokens)))
    return doc


def tokens_of(data: dict[str, Any]) -> list[Any]:
    """The names a scenario uses (unit ids, hexes, sides, spines, phases, choices): the likeliest
    wrong values are right values in the wrong place."""
    found = {u.get("id") for u in data["units"]} | {u.get("hex") for u in data["units"]} | set(SIDES)
    return [*sorted({t for t in found if isinstance(t, str)}), *SPINE_NAMES, *PHASES, *AMMO, "4E5", "E5", "4ZZ9"]


def arrange(kind: str, scenario: dict[str, Any], action: dict[str, Any]) -> None:
    """Put the action's units where its kind needs them (still a valid scenario): a Reaction
    Fire unit or a Gun to hook up in the vehicle's Location, a Gun towed by or aboard its vehicle."""
    by_id = {u["id"]: u for u in scenario["units"]}
    vehicle = by_id.get(action.get("vehicle"))  # type: ignore[arg-type]
    if vehicle is None:
        return
    other = by_id.get(action.get("unit") or action.get("gun"))  # type: ignore[arg-type]
    if other is None and kind in ("unhook", "tow_move", "trailer_target", "portee_unload"):
        other = next((u for u in scenario["units"] if u["kind"] == "gun" and u["side"] == vehicle["side"]), None)
    if other is None:
        return
    other["hex"] = vehicle["hex"]
    crew = by_id.get(other.get("crew"))  # type: ignore[arg-type]
    if crew is not None:
        crew["hex"] = vehicle["hex"]
    if other["kind"] == "gun" and kind in ("unhook", "tow_move", "trailer_target"):
        other["towed_by"] = vehicle["id"]
    if other["kind"] == "gun" and kind == "portee_unload":
        other["aboard"] = vehicle["id"]
    if other["kind"] == "gun" and kind == "portee_load":
        other["limbered"] = True  # a Gun not QSU loads only limbered (C10.51)


class Case(NamedTuple):
    """One fuzz case: the scenario JSON and the action, and what was changed (for reports)."""

    scenario: dict[str, Any]
    action: dict[str, Any]
    changed: str


@st.composite
def cases(draw: st.DrawFn, kinds: tuple[str, ...] = (), change: bool = True) -> Case:
    """A valid scenario and action, and then (if ``change``) one field of one of them changed
    (3 cases in 4)."""
    by_area: dict[str, list[str]] = {}
    for name in kinds or sorted(RESOLVERS):
        by_area.setdefault(area_of(name), []).append(name)
    kind = draw(st.sampled_from(by_area[draw(st.sampled_from(sorted(by_area)))]))  # each area alike
    scenario = draw(scenarios())
    action = draw(actions(scenario, kind))
    actor = next((u for u in scenario["units"] if u["id"] in action.values()), None)
    if actor is not None and not draw(st.booleans()):
        scenario["player"] = actor["side"]  # its own Player Turn half the time (A3)
    if not draw(st.booleans()):
        arrange(kind, scenario, action)
    which = draw(st.sampled_from(["none", "scenario", "action", "action"])) if change else "none"
    tokens = tokens_of(scenario)
    if which == "scenario":
        scenario = draw(changed(scenario, tokens, ["units", "boards", "terrain", "turn", "id", "hex", "fp"]))
    elif which == "action":
        action = {"kind": kind, **draw(changed({k: v for k, v in action.items() if k != "kind"}, tokens,
                                               sorted(RESOLVERS[kind].keys)))}  # a bad kind: random JSON tests
    return Case(scenario, action, which)


# -- playing a case -------------------------------------------------------------------------------
_RULE = re.compile(r"\([A-Z]\.?\d")  # (C3.22), (A.7)


class Outcome(NamedTuple):
    """How far a case got: ``stage`` is ``scenario refused``, ``action refused`` (before its rules
    area), ``refused in rules`` (the resolver itself refused it) or ``answered``."""

    area: str
    stage: str


def area_of(kind: str) -> str:
    """The rules module that answers a kind (``to_hit``, ``overrun``, ``towing`` ...)."""
    spec = RESOLVERS.get(kind)
    return spec.resolver.split(":")[0].rsplit(".", 1)[-1] if spec else "no such kind"


def strict(value: Any) -> str:
    """JSON text of an answer, refusing NaN and Infinity (DESIGN.md section 9)."""
    text = json.dumps(value, allow_nan=False)
    json.loads(text, parse_constant=_no_constant)
    return text


def _no_constant(name: str) -> Any:
    raise AssertionError(f"{name} in an answer")


def run_case(case: Case) -> Outcome:
    """Load and resolve one case; only AslError may escape the program, answers are strict JSON
    whose illegal ones cite a rule, and neither input is changed."""
    kind = case.action.get("kind") if isinstance(case.action, dict) else None
    area = area_of(kind) if isinstance(kind, str) else "no such kind"
    try:
        scenario = scenario_from_json(copy.deepcopy(case.scenario))
    except AslError as error:
        assert error.message and error.path, f"no path for {error.message!r}"
        return Outcome(area, "scenario refused")
    before_action, before_scenario = json.dumps(case.action), scenario_to_json(scenario)
    entered: list[str] = []
    real = aslgui.rules.dispatch.resolver_for

    def watched(name: str) -> Any:
        entered.append(name)
        return real(name)

    aslgui.rules.dispatch.resolver_for = watched  # type: ignore[assignment]
    try:
        answer = aslgui.rules.resolve(scenario, case.action)
    except AslError as error:
        assert error.message and re.match(r"[a-z_]+", error.path), f"path {error.path!r} for {error.message!r}"
        return Outcome(area, "refused in rules" if entered else "action refused")
    finally:
        aslgui.rules.dispatch.resolver_for = real  # type: ignore[assignment]
        assert json.dumps(case.action) == before_action, "resolve changed the action"
        assert scenario_to_json(scenario) == before_scenario, "resolve changed the scenario"
    assert json.loads(strict(answer.to_json()))["legal"] is answer.legal
    if not answer.legal:
        assert answer.reasons and all(_RULE.search(r) for r in answer.reasons), answer.reasons
    return Outcome(area, "answered")


STAGES = ("scenario refused", "action refused", "refused in rules", "answered")


def reach_table(outcomes: Counter[Outcome]) -> str:
    """Markdown: per rules area, how many cases stopped at each stage, and the share that got
    into the area (refused in rules or answered)."""
    areas = sorted({o.area for o in outcomes})
    lines = ["| rules area | cases | " + " | ".join(STAGES) + " | reached the area |",
             "|---|---:|" + "---:|" * len(STAGES) + "---:|"]
    for area in [*areas, "all"]:
        counts = [sum(n for o, n in outcomes.items() if o.stage == stage and area in (o.area, "all"))
                  for stage in STAGES]
        total = sum(counts)
        reached = counts[2] + counts[3]
        lines.append(f"| {area} | {total} | " + " | ".join(map(str, counts))
                     + f" | {reached / total:.0%} |" if total else "")
    return "\n".join(lines)

