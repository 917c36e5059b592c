"""DESIGN.md 11 on the real material (skipped without ``../shared``): the real saves imported with
the sample module give each Gun and vehicle the sample holds its printed numbers, fire legally with
them and name no roster value in ``unverified``; each one the sample lacks is named."""

from __future__ import annotations

from typing import Any

import pytest

from aslgui.model import scenario_from_json
from aslgui.model.counters import CounterLibrary
from aslgui.model.vsav_import import Imported, import_vsav
from aslgui.rules import resolve
from aslgui.vasl.module import forget_modules, read_module
from tests.vasl.test_module_sample import SAMPLE
from tests.vsav_saves import REAL_SAVES

pytestmark = pytest.mark.skipif(SAMPLE is None or not REAL_SAVES.is_dir(),
                                reason="the sample module or the real saves of ../shared/vasl are not here")
SAVES = ("basic.vsav", "full.vsav", "labels.vsav", "hip-concealed.vsav", "The Streets Of Stalingrad (Scenario C).vsav")
#: Counters the sample lacks on purpose (its README), as the report names them.
LACKED = {"StuG IIIB (ge/veh/stgiiib)", "StuG IIIG (ge/veh/stgiiig)", "T-34 M41 (ru/veh/T34M41)",
          "T-34 M43 (ru/veh/T34M43)", "SPW 250/sMG (ge/veh/spw250mg)", "SU-152 (ru/veh/SU152)"}


def _imported(name: str) -> Imported:
    forget_modules()
    assert SAMPLE is not None
    return import_vsav(REAL_SAVES / name, CounterLibrary([read_module(SAMPLE)]))


def _ordnance(result: Imported) -> list[dict[str, Any]]:
    return [u for u in result.scenario["units"] if u["kind"] in ("gun", "vehicle")]


def test_d11_every_gun_and_vehicle_is_read_or_named() -> None:
    missing: set[str] = set()
    held = 0
    for name in SAVES:
        result = _imported(name)
        missing |= set(result.report.missing_counters)
        for unit in _ordnance(result):
            held += not unit["vasl"].get("missing")
            assert unit["vasl"]["gpid"] and unit["vasl"]["image"]
    assert missing == LACKED and held == 12  # 2 Komsomolets, 2 88L AA, 2 PzKw VIE and 6 others


def test_d11_the_tiger_has_exactly_its_printed_numbers() -> None:
    (tiger,) = [u for u in _ordnance(_imported("basic.vsav")) if u["name"] == "PzKw VIE"]
    assert tiger["ma"] == {"caliber": 88.0, "kind": "gun", "barrel": "L"}
    assert (tiger["rof"], tiger["af"], tiger["mp"], tiger["turret"]) == (1, {"hull": [11, 8, 8]}, 12, "ST")
    assert tiger["mgs"] == [{"fp": 3, "mount": "BMG"}, {"fp": 5, "mount": "CMG"}]
    assert tiger["special_ammo"] == {"APCR": 6}
    assert tiger["unverified"] == ["turret Armor Factors: its counter marks the turret's armor front superior to the "
                                   "hull's but prints no number (its Vehicle Note does), so the hull's are used; give "
                                   "af.turret to use the turret's"]


def test_d11_the_88_flak_has_exactly_its_printed_numbers() -> None:
    flak = next(u for u in _ordnance(_imported("basic.vsav")) if u["name"].startswith("88L AA"))
    assert (flak["caliber"], flak["barrel"], flak["rof"], flak["type"]) == (88.0, "L", 2, "AA")
    assert (flak["manhandling"], flak["circled_m"], flak["mount"], flak["lf"]) == (4, True, "T", True)
    assert "unverified" not in flak


def _target_for(unit: dict[str, Any]) -> dict[str, Any]:
    return {"id": "tgt", "side": "allied" if unit["side"] == "axis" else "axis", "nationality": "russian",
            "kind": "vehicle", "name": "target", "hex": "4E9", "vca": "NW/N"}


@pytest.mark.parametrize("save", SAVES)
def test_d11_c3_each_held_counter_fires_legally_with_its_own_numbers(save: str) -> None:
    result = _imported(save)
    for unit in _ordnance(result):
        if unit["vasl"].get("missing") or ("ma" not in unit and unit["kind"] == "vehicle"):
            continue
        crew = {"id": "cr", "side": unit["side"], "nationality": unit["nationality"], "kind": "crew", "hex": "4E5"}
        placed = {**unit, "hex": "4E5", "ca" if unit["kind"] == "gun" else "vca": "S/SW",
                  **({"crew": "cr"} if unit["kind"] == "gun" else {}),
                  **({"tca": "S/SW"} if unit.get("turret") else {})}
        situation = scenario_from_json({
            "boards": [{"id": "4", "col": 0, "row": 0}], "phase": "PFPh", "player": unit["side"],
            "units": [placed, _target_for(unit), *([crew] if unit["kind"] == "gun" else [])]})
        mortar = unit.get("type") == "MTR"
        action = {"kind": "fire", "firer": unit["id"], **({"target_hex": "4E9"} if mortar else {"target": "tgt"})}
        answer = resolve(situation, action).to_json()
        assert answer["legal"] is True, (unit["name"], answer["reasons"])
        assert not any("roster" in note for note in answer.get("unverified") or ()), unit["name"]
        assert answer["rof"] == (unit.get("rof") or 0) and answer["breakdown"] == unit.get("breakdown", 12)
