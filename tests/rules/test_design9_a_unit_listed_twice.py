"""DESIGN.md 9: a list of unit ids names each unit once. Listed twice, a pusher would count twice
toward the Manhandling DRM (C10.3) and a crew's PP twice toward the load (C10.13): the action is
refused, naming the second place and the first."""

from __future__ import annotations

from typing import Any

import pytest

from aslgui.errors import AslError
from aslgui.limits import MAX_PATH_HEXES
from aslgui.model import load_scenario
from aslgui.resource_files import resource_path
from aslgui.rules import resolve


@pytest.mark.parametrize(("action", "path"), [
    ({"kind": "push", "gun": "rcl75", "to_hex": "1H5", "pushers": ["c1", "c1"]}, "action.pushers[1]"),
    ({"kind": "hook_up", "vehicle": "spw", "gun": "rcl75", "crew_loads": True, "crew": ["c1", "c2", "c1"]},
     "action.crew[2]"),
])
def test_design9_a_unit_listed_twice_is_refused_naming_both_places(action: dict[str, Any], path: str) -> None:
    scenario = load_scenario(resource_path("examples", "c10_13_hook_up.json"))
    with pytest.raises(AslError) as error:
        resolve(scenario, action)
    assert error.value.path == path
    assert str(error.value.message) == f"'c1' is listed twice (first at {path.split('[')[0]}[0])"
    once = {**action, **{key: ["c1"] for key in ("pushers", "crew") if key in action}}
    assert resolve(scenario, once).kind == action["kind"]  # the same list, each once, is answered


def test_design9_a_path_longer_than_any_move_is_refused_naming_its_length() -> None:
    """A move enters at most MAX_PATH_HEXES hexes: a longer path is refused before a step is walked,
    saying how long it is (a million hexes took 48 s and wrote 175 MB before)."""
    scenario = load_scenario(resource_path("examples", "c10_13_hook_up.json"))
    longest = ["1H5", "1H4"] * (MAX_PATH_HEXES // 2)
    assert resolve(scenario, {"kind": "move", "unit": "spw", "path": longest}).kind == "move"
    with pytest.raises(AslError) as error:
        resolve(scenario, {"kind": "move", "unit": "spw", "path": [*longest, "1H5"]})
    assert error.value.path == "action.path"
    too_long = f"at most {MAX_PATH_HEXES:,} (MAX_PATH_HEXES), got {MAX_PATH_HEXES + 1:,} of them"
    assert error.value.message.endswith(too_long)
