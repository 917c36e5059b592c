"""An action naming a unit of the order of battle (``"hex": null``) is illegal: the unit is not
on the map, so it can neither act nor be a target there."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from aslgui.model import scenario_from_json
from aslgui.rules import resolve
from tests.test_cli import run

SCENARIO: dict[str, Any] = {
    "format": "aslgui-scenario",
    "version": 1,
    "boards": [{"id": "4", "col": 0, "row": 0}],
    "phase": "PFPh",
    "player": "russian",
    "units": [
        {"id": "g1", "side": "russian", "kind": "gun", "name": "57LL AT", "hex": "4E5", "ca": "S/SW", "crew": "c1"},
        {"id": "c1", "side": "russian", "kind": "crew", "hex": None},
        {"id": "g2", "side": "russian", "kind": "gun", "name": "57LL AT", "hex": None, "ca": "S/SW"},
        {
            "id": "t1",
            "side": "german",
            "kind": "vehicle",
            "name": "PzKpfw IIIG",
            "hex": "4E9",
            "vca": "NW/N",
            "turret": "T",
            "tca": "NW/N",
            "ma": {"caliber": 50, "barrel": "L"},
        },
        {"id": "t2", "side": "german", "kind": "vehicle", "name": "PzKpfw IIIG", "hex": None, "vca": "NW/N"},
    ],
}


@pytest.mark.parametrize(
    ("action", "who"),
    [
        ({"kind": "fire", "firer": "g2", "target": "t1", "target_type": "vehicle"}, "g2"),
        ({"kind": "fire", "firer": "t1", "target": "t2", "target_type": "vehicle", "phase": "DFPh"}, "t2"),
        ({"kind": "ca_hexes", "unit": "g2", "range": 2}, "g2"),
        ({"kind": "change_ca", "unit": "g2", "ca": "S/SW", "phase": "PFPh"}, "g2"),
        ({"kind": "limber", "gun": "g2"}, "g2"),
        ({"kind": "fire", "firer": "g1", "target": "t1", "target_type": "vehicle"}, "c1"),  # its crew is off
    ],
)
def test_an_action_on_an_off_board_unit_is_illegal(action: dict[str, Any], who: str) -> None:
    answer = resolve(scenario_from_json(SCENARIO), action)
    assert answer.legal is False
    assert any(f"{who} is not on the map" in r and "order of battle" in r for r in answer.reasons)
    rolled = action["kind"] == "fire"
    assert ("odds" in answer.values, answer.values.get("odds")) == (rolled, None)  # nothing rolled


def test_units_on_the_map_still_act() -> None:
    answer = resolve(scenario_from_json(SCENARIO), {"kind": "ca_hexes", "unit": "t1", "range": 1})
    assert answer.legal is True and answer.values["hexes"] == ["4D8", "4E8"]


def test_resolve_answers_exit_0_with_legal_false(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text(json.dumps(SCENARIO), encoding="utf-8")
    done = run("resolve", str(path), "-", stdin='{"kind": "ca_hexes", "unit": "g2", "range": 1}')
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["legal"] is False and "g2 is not on the map" in answer["reasons"][0]
