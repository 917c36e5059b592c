"""Fuzzing the scenario loader and the rules core: bad input only ever raises AslError, and
every answer is strict JSON.

The main fuzzer (``fuzz_cases``) builds a valid scenario and a valid action of every kind first
and then changes one field of one of them, so most examples load, reach units and the grid, and
get into the rules area of their kind; it counts how far each got and checks that most reach
their area.  Random JSON goes through the loader and ``resolve`` too, and hex names and saved
text are fuzzed on their own.  Runs are derandomized so the suite is repeatable;
``ASLGUI_FUZZ_EXAMPLES`` raises the count, ``ASLGUI_FUZZ_RANDOM=1`` draws fresh inputs and
``ASLGUI_FUZZ_REPORT=FILE`` writes the reach table (see docs/performance.md).
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from aslgui.errors import AslError
from aslgui.geometry import BoardPlacement, MapGrid
from aslgui.model import Scenario, load_scenario, save_scenario, scenario_from_json, scenario_to_json
from aslgui.model.scenario import KNOWN_TOP_KEYS
from aslgui.resource_files import resource_path
from aslgui.rules import RESOLVERS
from tests.robustness.fuzz_cases import (
    STAGES,
    Case,
    Outcome,
    cases,
    changed,
    json_values,
    reach_table,
    run_case,
    tokens_of,
)
from tests.robustness.fuzz_cases import scenarios as valid_scenarios

EXAMPLES = int(os.environ.get("ASLGUI_FUZZ_EXAMPLES", "500"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,  # the first call of a kind pays for loading its tables
    derandomize=os.environ.get("ASLGUI_FUZZ_RANDOM") != "1",
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large],
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


@st.composite
def changed_scenarios(draw: st.DrawFn) -> dict[str, Any]:
    """A valid scenario (or the demo, or the DESIGN.md example) with one field changed."""
    base = draw(st.sampled_from([DEMO, DESIGN_EXAMPLE]) | valid_scenarios())
    return draw(changed(base, tokens_of(base), ["units", "boards", "terrain", "turn", "id", "hex", "fp"]))


def test_loader_on_changed_files_raises_only_asl_error_naming_a_path() -> None:
    """Most changed files still load, or are refused at the field changed: units, hexes ..."""
    where: Counter[str] = Counter()

    @FUZZ
    @given(changed_scenarios())
    def play(data: Any) -> None:
        try:
            scenario_from_json(data)
            where["loaded"] += 1
        except AslError as error:
            assert error.message and error.path, f"no path for {error.message!r}"
            where[f"refused at {re.split(r'[.[]', error.path)[0]}"] += 1

    play()
    report = os.environ.get("ASLGUI_FUZZ_REPORT")
    if report:
        with open(report, "a", encoding="utf-8") as handle:
            handle.write("\n| changed scenario | cases |\n|---|---:|\n")
            handle.writelines(f"| {key} | {n} |\n" for key, n in where.most_common())
    assert where["loaded"] >= 0.3 * sum(where.values()), where


@settings(FUZZ, max_examples=max(EXAMPLES // 2, 1))  # the same files as the loader property: half
@given(changed_scenarios())
def test_whatever_loads_round_trips_through_the_file_format(data: Any) -> None:
    scenario = load_or_error(data)
    assume(scenario is not None)
    assert scenario is not None
    saved = json.loads(json.dumps(scenario_to_json(scenario), allow_nan=False))
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
    scenario.extra = {k: v for k, v in extra.items() if k not in DEMO and k not in KNOWN_TOP_KEYS}
    with tempfile.TemporaryDirectory() as folder:
        target = os.path.join(folder, "s.json")
        save_scenario(scenario, target)
        again = load_scenario(target)
    assert again.name == name and again.extra == scenario.extra


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


@FUZZ
@given(json_values())
def test_resolve_on_random_json_raises_only_asl_error(action: Any) -> None:
    run_case(Case(DEMO, action, "action"))


def test_changed_valid_cases_give_strict_answers_or_asl_errors_and_reach_the_rules() -> None:
    """A valid scenario and action of every kind, one field changed in 3 cases of 4: only
    AslError escapes, answers are strict JSON, and most cases get into their kind's rules area
    (the share is measured: ``ASLGUI_FUZZ_REPORT=FILE`` writes the table, docs/performance.md "Fuzzing")."""
    outcomes: Counter[Outcome] = Counter()

    @FUZZ
    @given(cases())
    def play(case: Case) -> None:
        outcomes[run_case(case)] += 1

    play()
    report = os.environ.get("ASLGUI_FUZZ_REPORT")
    if report:
        with open(report, "a", encoding="utf-8") as handle:
            handle.write(reach_table(outcomes) + "\n")
    total = sum(outcomes.values())
    reached = sum(n for o, n in outcomes.items() if o.stage in STAGES[2:])
    assert reached >= 0.6 * total, reach_table(outcomes)
    answered_areas = {o.area for o in outcomes if o.stage == "answered"}
    every_area = {spec.resolver.split(":")[0].rsplit(".", 1)[-1] for spec in RESOLVERS.values()}
    assert answered_areas == every_area, reach_table(outcomes)


@pytest.mark.parametrize("kind", sorted(RESOLVERS))
def test_each_kind_has_valid_cases(kind: str) -> None:
    """Without a change, a generated action of each kind is (at least now and then) a question
    the rules answer: the generator keeps up with the kinds and keys the rules declare."""
    stages: Counter[str] = Counter()

    @settings(FUZZ, max_examples=12)
    @given(cases((kind,), change=False))
    def play(case: Case) -> None:
        stages[run_case(case).stage] += 1

    play()
    assert stages["answered"], stages
