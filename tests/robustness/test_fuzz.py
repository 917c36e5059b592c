"""Fuzzing the scenario loader and the rules core: bad input only ever raises AslError.

Random JSON and mutations of the demo scenario and the DESIGN.md example go through
``scenario_from_json``; random and mutated actions (every kind of DESIGN.md section 4) go
through ``aslgui.rules.resolve``.  Any other exception is a bug in the code, not in the input.
Runs are derandomized so the suite is repeatable; ``ASLGUI_FUZZ_EXAMPLES`` raises the count
and ``ASLGUI_FUZZ_RANDOM=1`` draws fresh inputs (see docs/performance.md).
"""

from __future__ import annotations

import copy
import json
import math
import os
import re
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import aslgui.rules
from aslgui.errors import AslError
from aslgui.geometry import SPINE_NAMES, BoardPlacement, MapGrid
from aslgui.model import PHASES, Scenario, load_scenario, save_scenario, scenario_from_json, scenario_to_json
from aslgui.model.units import UNIT_KINDS
from aslgui.resource_files import resource_path
from aslgui.rules import RESOLVERS, resolve

EXAMPLES = int(os.environ.get("ASLGUI_FUZZ_EXAMPLES", "500"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,  # the first call of a kind pays for loading its tables
    derandomize=os.environ.get("ASLGUI_FUZZ_RANDOM") != "1",
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)

DEMO_PATH = resource_path("scenarios", "demo.json")
DEMO: dict[str, Any] = json.loads(DEMO_PATH.read_text(encoding="utf-8"))
#: The DESIGN.md section 3 example, verbatim.
DESIGN_EXAMPLE: dict[str, Any] = {
    "format": "aslgui-scenario", "version": 1, "name": "C3.2 example",
    "boards": [{"id": "4", "col": 0, "row": 0}],
    "terrain": {"4E6": "woods", "4F3": "stone building"},
    "phase": "PFPh", "turn": 1, "player": "russian",
    "units": [
        {"id": "g1", "side": "russian", "nationality": "russian", "kind": "gun", "name": "57LL AT", "hex": "4E5",
         "ca": "S/SW", "caliber": 57, "barrel": "LL", "mount": "NT", "manhandling": 12, "qsu": False,
         "limbered": False, "crew": "c1"},
        {"id": "c1", "side": "russian", "nationality": "russian", "kind": "crew", "hex": "4E5"},
        {"id": "t1", "side": "german", "nationality": "german", "kind": "vehicle", "name": "PzKpfw IIIG",
         "hex": "4E9", "vca": "NW/N", "tca": "NW/N", "afv": True, "turret": "T", "mp": 16, "towing": 9, "pp": 0,
         "bu": True, "ma": {"caliber": 50, "barrel": "L", "kind": "gun"},
         "mgs": [{"fp": 2, "mount": "CMG"}, {"fp": 2, "mount": "BMG"}]},
    ],
}
#: A well-formed question of every kind of DESIGN.md section 4 about the demo scenario.
BASE_ACTIONS: dict[str, dict[str, Any]] = {
    "fire": {"kind": "fire", "firer": "g1", "target": "t1", "target_type": "vehicle"},
    "ca_hexes": {"kind": "ca_hexes", "unit": "g1", "range": 5},
    "change_ca": {"kind": "change_ca", "unit": "g1", "ca": "SE/S", "phase": "PFPh"},
    "overrun": {"kind": "overrun", "vehicle": "t1", "target_hex": "4C9"},
    "place_dc": {"kind": "place_dc", "unit": "s1", "target_hex": "4G4"},
    "throw_dc": {"kind": "throw_dc", "unit": "s1", "target_hex": "4G4", "phase": "PFPh"},
    "set_dc": {"kind": "set_dc", "unit": "s1"},
    "detonate_dc": {"kind": "detonate_dc", "unit": "s1", "hex": "4F3"},
    "hook_up": {"kind": "hook_up", "vehicle": "t1", "gun": "g1"},
    "unhook": {"kind": "unhook", "vehicle": "t1", "gun": "g1"},
    "limber": {"kind": "limber", "gun": "g1"},
    "unlimber": {"kind": "unlimber", "gun": "g1"},
    "push": {"kind": "push", "gun": "g1", "to_hex": "4E6", "pushers": ["c1"]},
    "portee_load": {"kind": "portee_load", "vehicle": "t1", "gun": "g1"},
    "portee_unload": {"kind": "portee_unload", "vehicle": "t1", "gun": "g1"},
    "tow_move": {"kind": "tow_move", "vehicle": "t1", "to_hex": "4E8"},
    "trailer_target": {"kind": "trailer_target", "vehicle": "t1", "facing": "side"},
    "reaction_fire": {"kind": "reaction_fire", "unit": "s1", "vehicle": "t1", "phase": "MPh"},
}


def keys_the_rules_read() -> set[str]:
    """Action keys the rules modules read (``action.flag("bypass")``, ``data.get("dice")`` ...),
    so the fuzzer tries every key a new rules module adds without being told."""
    reader = r"action\.(?:unit|optional_unit|units|hex|integer|flag|choice|has)|data\.get"
    pattern = re.compile(rf"""(?:{reader})\(\s*["'](\w+)["']""")
    rules = Path(aslgui.rules.__file__).parent
    return {key for source in rules.rglob("*.py") for key in pattern.findall(source.read_text(encoding="utf-8"))}


#: Optional keys of the DESIGN.md section 4 table and notes.
DESIGN_KEYS = {
    "phase", "intensive", "deliberate_immobilization", "mp_in_los", "opportunity", "pivot", "extra_drm", "ammo",
    "acquisition", "basic_tk", "dice", "dr", "pushers", "target_hex", "target",
}
ACTION_KEYS = sorted({k for action in BASE_ACTIONS.values() for k in action} | DESIGN_KEYS | keys_the_rules_read())
UNIT_IDS = [unit["id"] for unit in DEMO["units"]]
HEX_NAMES = ["4E5", "4E6", "4E9", "4C9", "4F3", "4A1", "4GG10", "4B0", "E5", "4E0", "4E11", "9E5", "4ZZ1", " 4e6 ", ""]


def json_values(allow_nan: bool = True) -> st.SearchStrategy[Any]:
    """Any JSON document Python's json module can load (it accepts NaN and Infinity)."""
    scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=allow_nan) | st.text(max_size=12)
    return st.recursive(
        scalars,
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
        max_leaves=12,
    )


#: Values likely to be almost right: the names, ids and numbers the files and actions use.
NEAR_MISSES = st.one_of(
    st.sampled_from(UNIT_IDS),
    st.sampled_from(HEX_NAMES),
    st.sampled_from((*SPINE_NAMES, "S/N", "s/sw", "N")),
    st.sampled_from((*PHASES, "Lunch")),
    st.sampled_from((*UNIT_KINDS, "tank")),
    st.sampled_from(["vehicle", "infantry", "area", "HE", "AP", "tca", "vca", "ca", "T", "ST", "NT", "L", "LL", "*"]),
    st.integers(-3, 30),
    st.sampled_from([0, -1, 10**6, 10**30, 0.5, 1e308, -0.0, math.inf]),
    st.booleans(),
    st.none(),
    st.lists(st.sampled_from(UNIT_IDS), max_size=3),
    st.fixed_dictionaries({"colored": st.integers(0, 7), "white": st.integers(0, 7)}),
    st.just([{"value": 2, "label": "x"}]),
    json_values(),
)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into a JSON document (the root included)."""
    out = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out += _paths(item, (*prefix, i))
    return out


@st.composite
def mutated(draw: st.DrawFn, base: dict[str, Any], values: st.SearchStrategy[Any] = NEAR_MISSES) -> Any:
    """``base`` with 1-3 edits: a value replaced, a key or entry dropped, a key or entry added."""
    doc: Any = copy.deepcopy(base)
    values = values.map(copy.deepcopy)  # never the same object twice in one document
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(_paths(doc)))
        if not path:
            doc = draw(values) if draw(st.integers(0, 20)) == 0 else doc
            continue
        parent = doc
        for step in path[:-1]:
            parent = parent[step]
        edit = draw(st.sampled_from(["replace", "replace", "drop", "add"]))
        if edit == "replace":
            parent[path[-1]] = draw(values)
        elif edit == "drop":
            del parent[path[-1]]
        elif isinstance(parent, dict):
            key = draw(st.text(max_size=8) | st.sampled_from([*ACTION_KEYS, "units", "boards", "id", "hex"]))
            parent[key] = draw(values)
        else:
            parent.insert(draw(st.integers(0, len(parent))), draw(values | st.sampled_from(parent).map(copy.deepcopy)))
    return doc


def load_or_error(data: Any) -> Scenario | None:
    """The loader's answer; only AslError may escape, and on an object it names the bad path."""
    try:
        return scenario_from_json(data)
    except AslError as error:
        assert error.message
        if isinstance(data, dict):
            assert error.path, f"no path for {error.message!r}"
        return None


# -- the scenario loader --------------------------------------------------------------------
@FUZZ
@given(json_values())
def test_loader_on_random_json_raises_only_asl_error(data: Any) -> None:
    load_or_error(data)


@FUZZ
@given(st.sampled_from([DEMO, DESIGN_EXAMPLE]).flatmap(mutated))
def test_loader_on_mutated_files_raises_only_asl_error_naming_a_path(data: Any) -> None:
    load_or_error(data)


@FUZZ
@given(st.sampled_from([DEMO, DESIGN_EXAMPLE]).flatmap(lambda base: mutated(base, NEAR_MISSES.filter(_finite))))
def test_whatever_loads_round_trips_through_the_file_format(data: Any) -> None:
    scenario = load_or_error(data)
    assume(scenario is not None)
    assert scenario is not None
    saved = json.loads(json.dumps(scenario_to_json(scenario)))
    assert scenario_to_json(scenario_from_json(saved)) == saved


@FUZZ
@given(
    st.text(st.characters(codec=None, categories=None), max_size=10),
    st.dictionaries(st.text(st.characters(categories=None), max_size=5), st.text(st.characters(categories=None))),
)
def test_any_text_a_file_can_hold_survives_a_save(name: str, extra: dict[str, str]) -> None:
    """Names and unknown keys with any code point (lone surrogates too: JSON's \\ud800) save and
    reload unchanged."""
    scenario = scenario_from_json({**DEMO, "name": name, "units": DEMO["units"][1:2]})
    scenario.extra = {k: v for k, v in extra.items() if k not in DEMO}
    with tempfile.TemporaryDirectory() as folder:
        target = os.path.join(folder, "s.json")
        save_scenario(scenario, target)
        again = load_scenario(target)
    assert again.name == name and again.extra == scenario.extra


def _finite(value: Any) -> bool:
    """JSON without NaN, whose round trip can compare equal."""
    return "NaN" not in json.dumps(value)


@FUZZ
@given(
    st.text(max_size=8) | st.from_regex(r"\s*[0-9]{0,3}[A-Za-z]{1,3}[0-9]{1,3}\s*", fullmatch=True),
    st.sampled_from([["4"], ["4", "24"], ["2", "24", "b"]]),
)
def test_any_hex_name_is_a_hex_on_the_map_or_an_asl_error(text: str, board_ids: list[str]) -> None:
    """Hex names in files and actions: a hex that is on the map, named back canonically."""
    grid = MapGrid([BoardPlacement(b, i, 0) for i, b in enumerate(board_ids)])
    try:
        h = grid.parse(text, "units[0].hex")
    except AslError as error:
        assert error.path == "units[0].hex"
        return
    assert h in grid and grid.parse(grid.name(h)) == h


# -- the rules core -------------------------------------------------------------------------
SCENARIO = load_scenario(DEMO_PATH)
SCENARIO_JSON = scenario_to_json(SCENARIO)
KINDS = sorted(set(BASE_ACTIONS) | set(RESOLVERS))
_RULE = re.compile(r"\([A-Z]\d")


def answer_or_error(scenario: Scenario, action: Any) -> None:
    """``resolve``'s answer: a JSON-able Resolution, or an AslError naming a path in the action
    (``action.firer``) or in the scenario (``units[1].nationality``)."""
    before = json.dumps(action)  # text, so a NaN in it compares equal to itself
    try:
        answer = resolve(scenario, action)
    except AslError as error:  # names the action's key, or the scenario's value it cannot use
        root = re.match(r"[a-z_]+", error.path)
        assert root and root.group() in ("action", *SCENARIO_JSON), f"path {error.path!r} for {error.message!r}"
        return
    finally:
        assert json.dumps(action) == before, "resolve changed the action"
    text = json.dumps(answer.to_json())
    assert json.loads(text)["legal"] is answer.legal
    if not answer.legal:
        assert answer.reasons, "an illegal action says why"
        assert all(_RULE.search(r) for r in answer.reasons), answer.reasons


@FUZZ
@given(json_values())
def test_resolve_on_random_json_raises_only_asl_error(action: Any) -> None:
    answer_or_error(SCENARIO, action)


@FUZZ
@given(st.sampled_from(KINDS).flatmap(lambda kind: mutated(BASE_ACTIONS.get(kind, {"kind": kind}))))
def test_resolve_on_mutated_actions_raises_only_asl_error(action: Any) -> None:
    answer_or_error(SCENARIO, action)
    assert scenario_to_json(SCENARIO) == SCENARIO_JSON, "resolve changed the scenario"


@FUZZ
@given(
    st.sampled_from([u for u in range(len(DEMO["units"]))]).flatmap(
        lambda i: mutated({"units": [DEMO["units"][i]]}, NEAR_MISSES.filter(_finite))
    ),
    st.sampled_from(KINDS).flatmap(lambda kind: mutated(BASE_ACTIONS.get(kind, {"kind": kind}))),
)
def test_resolve_in_mutated_situations_raises_only_asl_error(units_edit: Any, action: Any) -> None:
    """Units in odd states (broken, limbered, towed, aboard, no CA ...) asked every kind of question."""
    assume(isinstance(units_edit, dict) and isinstance(units_edit.get("units"), list) and units_edit["units"])
    data = copy.deepcopy(DEMO)
    edited = units_edit["units"][0]
    if isinstance(edited, dict) and isinstance(edited.get("id"), str):
        data["units"] = [edited if u["id"] == edited["id"] else u for u in data["units"]]
    scenario = load_or_error(data)
    assume(scenario is not None)
    assert scenario is not None
    answer_or_error(scenario, action)


def test_base_actions_are_well_formed_questions() -> None:
    """The fuzzers start from a good question of each kind the rules core answers (kinds with no
    base action here are fuzzed from ``{"kind": ...}`` and the keys the rules read)."""
    assert {"ca_hexes", "fire"} <= set(RESOLVERS)
    for kind in sorted(set(BASE_ACTIONS) & set(RESOLVERS)):
        assert resolve(SCENARIO, BASE_ACTIONS[kind]).kind == kind


def test_the_fuzzer_knows_the_keys_of_the_action_table() -> None:
    assert {"firer", "target_type", "dice", "dr", "pushers", "extra_drm"} <= set(ACTION_KEYS)
