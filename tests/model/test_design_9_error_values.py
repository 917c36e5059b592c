"""DESIGN.md 3 and 9: an error names the JSON path of the field to fix and quotes the value as the
file wrote it; a list of known ids counts every unit of the file."""

from __future__ import annotations

from typing import Any

import pytest

from aslgui.errors import AslError
from aslgui.model import Scenario, scenario_from_json
from aslgui.rules import resolve

OFF_MAP = {"id": "o1", "side": "russian", "kind": "squad", "hex": None}
#: No ``mp``: the file's units[1] (units[0] is off the map).
HALFTRACK = {"id": "v", "side": "german", "kind": "vehicle", "name": "x", "hex": "1E5", "vca": "N/NE", "towing": 9,
             "pp": 4}
GUN = {"id": "g", "side": "german", "kind": "gun", "name": "37L AT", "hex": "1E5", "ca": "N/NE", "caliber": 37}


def _scenario(*units: dict[str, Any]) -> Scenario:
    return scenario_from_json({"boards": [{"id": "1", "col": 0, "row": 0}], "phase": "MPh", "player": "german",
                               "units": list(units)})


def test_design_9_an_unknown_unit_id_counts_every_unit_those_off_the_map_too() -> None:
    on_map = [{"id": f"s{i}", "side": "german", "kind": "squad", "hex": "1A1"} for i in range(10)]
    scenario = _scenario(*on_map, OFF_MAP, {**OFF_MAP, "id": "o2"})
    with pytest.raises(AslError) as error:
        resolve(scenario, {"kind": "set_dc", "unit": "zz"})
    assert error.value.path == "action.unit"
    assert error.value.message == "no unit with id 'zz' (units: s0, s1, s2, s3, s4, s5, s6, s7, s8, s9 ... (12 in all))"


def test_design_9_off_map_ids_are_listed_among_the_known_ones_in_file_order() -> None:
    with pytest.raises(AslError) as error:
        resolve(_scenario(OFF_MAP, HALFTRACK), {"kind": "set_dc", "unit": "zz"})
    assert error.value.message == "no unit with id 'zz' (units: o1, v)"


@pytest.mark.parametrize("action", [{"kind": "hook_up", "vehicle": "v", "gun": "g"},
                                    {"kind": "unhook", "vehicle": "v", "gun": "g"},
                                    {"kind": "overrun", "vehicle": "v", "target_hex": "1E6"}])
def test_design_9_a_vehicle_without_mp_is_named_at_its_own_mp_key(action: dict[str, Any]) -> None:
    with pytest.raises(AslError) as error:
        resolve(_scenario(OFF_MAP, HALFTRACK, GUN), action)
    assert (error.value.path, error.value.message) == ("units[1].mp", 'vehicle v has no printed MP allotment ("mp")')


def test_design_9_an_object_in_an_error_is_quoted_as_json() -> None:
    with pytest.raises(AslError) as error:
        _scenario({**HALFTRACK, "mp": 12, "mgs": {"fp": 2}})
    assert error.value.path == "units[0].mgs"
    assert error.value.message.endswith('got {"fp": 2}')
