"""A6, issue 40: the plainest ``los`` question (``from`` and ``to`` alone, each a hex name read
before) is answered without building its ``Action`` (``ActionKind.quick``); every question, plain
or not, good or bad, must get the answer or the error the whole way gives, word for word."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aslgui.errors import AslError
from aslgui.geometry import distance
from aslgui.model.scenario import load_scenario, scenario_from_json
from aslgui.rules import RESOLVERS, Resolution, resolve
from aslgui.rules.los import quick_los
from tests.test_cli import DEMO

SCENARIO = load_scenario(DEMO)
NAMES = [SCENARIO.grid.name(h) for h in SCENARIO.grid]
#: Hex names as a user may spell them: canonical, lower case, without the board on a one-board
#: map, padded, and names of no hex.
SPELLINGS = st.one_of(st.sampled_from(NAMES), st.sampled_from(NAMES).map(str.lower),
                      st.sampled_from(NAMES).map(lambda name: name[1:]), st.sampled_from(NAMES).map(" {} ".format),
                      st.sampled_from(["4Z99", "9A1", "", "g1", "4E\u0665"]))
VALUES = st.one_of(SPELLINGS, st.none(), st.integers(-1, 3), st.lists(SPELLINGS, max_size=1), st.booleans())


def _whole_way(action: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> Resolution | str:
    """The answer (or the error's words and path) with no quick resolver."""
    with monkeypatch.context() as patched:
        patched.setitem(RESOLVERS, "los", RESOLVERS["los"]._replace(quick=None))
        return _answer(action)


def _answer(action: dict[str, Any]) -> Resolution | str:
    try:
        return resolve(SCENARIO, action)
    except AslError as error:
        return json.dumps(error.to_json())


@settings(max_examples=300, deadline=None)
@given(st.fixed_dictionaries({"kind": st.just("los"), "from": SPELLINGS, "to": st.one_of(SPELLINGS, VALUES)},
                             optional={"from_level": VALUES, "to_level": VALUES, "phase": VALUES, "range": VALUES}))
def test_a6_every_los_question_gets_the_whole_way_s_answer(action: dict[str, Any]) -> None:
    with pytest.MonkeyPatch.context() as monkeypatch:
        expected = _whole_way(action, monkeypatch)
    assert _answer(action) == expected
    assert _answer(action) == expected  # asked again: its names were read before, so quick if plain


def test_a6_a_plain_question_is_answered_quick_once_its_names_were_read(monkeypatch: pytest.MonkeyPatch) -> None:
    action = {"kind": "los", "from": "4W7", "to": "4U4"}
    SCENARIO.grid.parse("4W7")
    SCENARIO.grid.parse("4U4")
    quick = quick_los(SCENARIO, action)
    assert quick is not None and quick == resolve(SCENARIO, action) == _whole_way(action, monkeypatch)
    assert quick.values["range"] == distance(SCENARIO.grid.parse("4W7"), SCENARIO.grid.parse("4U4"))


@pytest.mark.parametrize("action", [
    {"kind": "los", "from": "4E5", "to": "4K8", "from_level": 1},  # a level: the Action reads it
    {"kind": "los", "from": "4E5", "to": "4K8", "dice": None},  # a null: dropped by the Action
    {"kind": "los", "from": "4E5", "to": ["4K8"]},  # not a name
    {"kind": "los", "from": "4E5", "to": "4Q99"},  # the name of no hex
    {"kind": "los", "from": "4E5"},  # a required key missing
])
def test_a6_any_other_question_is_left_to_the_whole_way(action: dict[str, Any]) -> None:
    SCENARIO.grid.parse("4E5")
    SCENARIO.grid.parse("4K8")
    assert quick_los(SCENARIO, action) is None


def test_a6_a_unit_whose_id_is_a_hex_name_is_still_noted_on_a_quick_answer() -> None:
    data = json.loads(Path(DEMO).read_text(encoding="utf-8"))
    data["units"][0] = {**data["units"][0], "id": "4B2", "unverified": ["rof copied from the roster"]}
    data["units"] = [{**u, "crew": None} if u.get("crew") else u for u in data["units"]]
    scenario = scenario_from_json(data)
    scenario.grid.parse("4B2")
    scenario.grid.parse("4K8")
    action = {"kind": "los", "from": "4B2", "to": "4K8"}
    assert quick_los(scenario, action) is not None
    assert resolve(scenario, action).values["unverified"] == ["4B2: rof copied from the roster"]
