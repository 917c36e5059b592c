"""Bad input to the A23/D7 kinds is an AslError naming its path, never a crash (any value, any key)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from aslgui.errors import AslError
from aslgui.model import scenario_from_json
from aslgui.rules import resolve

SCENARIO = scenario_from_json(json.loads((Path(__file__).parent / "fixtures" / "d7_ex.json").read_text("utf-8")))
KINDS = {
    "overrun": ("vehicle", "target_hex", "from_hex", "mp_spent", "reverse", "bypass", "pillbox", "ft_only", "target",
                "leader", "leadership", "passengers", "immobilized_before_resolution", "target_concealed"),
    "place_dc": ("unit", "target_hex", "mf_left", "placer_after_fire", "paatc_passed", "los", "vs_afv",
                 "target_level", "unit_level", "target_in_bypass"),
    "throw_dc": ("unit", "target_hex", "thrower_level", "target_level", "opportunity", "cavalry", "thrower_dice",
                 "vs_afv"),
    "set_dc": ("unit", "us_number", "leadership", "dr"),
    "detonate_dc": ("unit", "hex", "ntc_passed", "los", "target_concealed"),
    "reaction_fire": ("unit", "vehicle", "type", "fire_counter", "gun_fire_counter", "weapon", "street_fighting",
                      "paatc_passed", "leadership", "overrun", "vehicle_stopped"),
}
UNIT_IDS = list(SCENARIO.units)
VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-20, 40), st.floats(allow_nan=True), st.text(max_size=6),
    st.sampled_from([*UNIT_IDS, "1C3", "1D3", "1E3", "1D2", "1A1", "cc", "non_cc", "final", "tpbf"]),
    st.lists(st.sampled_from(UNIT_IDS), max_size=2), st.dictionaries(st.sampled_from(["colored", "white"]),
                                                                      st.integers(0, 7)),
)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(KINDS)), st.data())
def test_any_action_value_is_an_answer_or_an_asl_error_naming_an_action_path(kind: str, data: st.DataObject) -> None:
    keys = data.draw(st.lists(st.sampled_from(KINDS[kind]), unique=True))
    action: dict[str, Any] = {"kind": kind, **{key: data.draw(VALUES) for key in keys}}
    if data.draw(st.booleans()):
        action["dice"] = data.draw(VALUES)
    try:
        answer = resolve(SCENARIO, action).to_json()
    except AslError as error:
        assert error.path.startswith(("action", "units["))
        assert error.message
    else:
        json.dumps(answer)
        assert answer["legal"] is (answer["reasons"] == [])
        assert answer["total_drm"] == sum(line["value"] for line in answer["drm"])
