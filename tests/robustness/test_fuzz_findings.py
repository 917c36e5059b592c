"""What the fuzzers found, kept as plain tests (issue 16): each was a traceback before its fix."""

from __future__ import annotations

import pytest

from aslgui.errors import AslError
from aslgui.model import scenario_from_json
from aslgui.rules import resolve


@pytest.mark.parametrize("feature", ["bocage", "cliff"])
def test_c10_3_pushing_across_a_hexside_with_no_sourced_mf_is_an_error_not_a_keyerror(feature: str) -> None:
    """A board archive's bocage or cliff hexside had no push MF in the data: KeyError."""
    scenario = scenario_from_json({
        "format": "aslgui-scenario", "version": 1, "boards": [{"id": "4"}], "phase": "MPh", "player": "german",
        "hexsides": {"4G10/4H10": feature},
        "units": [{"id": "g", "side": "german", "kind": "gun", "hex": "4G10", "ca": "N/NE", "crew": "c"},
                  {"id": "c", "side": "german", "kind": "crew", "hex": "4G10"}],
    })
    with pytest.raises(AslError) as caught:
        resolve(scenario, {"kind": "push", "gun": "g", "pushers": ["c"], "to_hex": "4H10"})
    assert caught.value.path == "action.to_hex" and feature in caught.value.message


@pytest.mark.parametrize("value", [float("nan"), float("inf"), [1, float("-inf")]])
def test_an_in_process_action_with_a_non_finite_number_is_refused(value: object) -> None:
    """A file cannot hold NaN (strict parsing), but the GUI and scripts call ``resolve`` directly:
    ``mp_in_los`` of NaN gave an answer with NaN in it, which is no JSON (DESIGN.md section 9)."""
    from aslgui.model import load_scenario
    from aslgui.resource_files import resource_path

    action = {"kind": "fire", "firer": "g1", "target": "t1", "mp_in_los": value}
    with pytest.raises(AslError) as caught:
        resolve(load_scenario(resource_path("scenarios", "demo.json")), action)
    assert caught.value.path.startswith("action.mp_in_los") and "finite" in caught.value.message


def test_a_scenario_given_in_process_with_nan_in_an_unknown_key_is_refused_not_unsavable() -> None:
    """The round-trip fuzzer: an unknown key holding NaN loaded, and then could not be saved as
    strict JSON (ValueError); unknown keys are kept and saved again, so they must be finite."""
    import json

    from aslgui.model import scenario_to_json
    from aslgui.resource_files import resource_path

    data = json.loads(resource_path("scenarios", "demo.json").read_text(encoding="utf-8"))
    for path, edit in (("notes", {"notes": [1.0, float("nan")]}),
                       ("units[0].remark", None)):
        changed = {**data, **edit} if edit else {**data, "units": [{**data["units"][0], "remark": float("inf")},
                                                                   *data["units"][1:]]}
        with pytest.raises(AslError) as caught:
            scenario_from_json(changed)
        assert caught.value.path.startswith(path)
    json.dumps(scenario_to_json(scenario_from_json(data)), allow_nan=False)
