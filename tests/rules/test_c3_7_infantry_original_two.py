"""C3.7 read clause by clause: the EXC that allows a CH only on a subsequent dr of 1 when only the
lowest Final TH DR hits sits in the Area/Vehicle Target Type sentence; the Infantry Target Type's
own sentence makes an Original TH DR of 2 a CH when a subsequent dr of 1 or <= half the Modified
TH# follows. When only an Original 2 hits on the Infantry Target Type, the answer follows the
Infantry sentence and states that reading in ``notes``."""

from __future__ import annotations

from typing import Any

import pytest

from aslgui.model import Scenario, scenario_from_json
from aslgui.rules import resolve
from tests.rules.fixtures.to_hit_scenarios import design3_with_friends

READING = ("read: only an Original 2 hits; the EXC allowing a CH only on a subsequent dr of 1 is in the Area/Vehicle "
           "Target Type sentence, so on the Infantry Target Type the Original 2 is a CH on a subsequent dr of 1 or "
           "<= half the Modified TH# {th}: a dr of {drs} (C3.7)")


def _situation() -> Scenario:
    data = design3_with_friends()
    data["units"].append({"id": "s2", "side": "german", "kind": "squad", "hex": "4E8", "name": "4-6-7"})
    return scenario_from_json(data)


def _shot(target_type: str, target: str, drm_to: int, **more: Any) -> dict[str, Any]:
    """The shot with ``extra_drm`` making ``final_th_needed`` equal ``drm_to``."""
    situation = _situation()
    action = {"kind": "fire", "firer": "g", "target": target, "target_type": target_type}
    plain = resolve(situation, action).to_json()
    extra = plain["final_th_needed"] - drm_to
    return resolve(situation, {**action, "extra_drm": extra, **more}).to_json()


def test_c3_7_only_an_original_2_hits_on_the_infantry_type_notes_the_reading() -> None:
    answer = _shot("infantry", "s2", 2)
    assert (answer["final_th_needed"], answer["critical_max_dr"], answer["critical_needs_dr"]) == (2, 2, True)
    th = answer["modified_th"]
    half = th // 2
    assert READING.format(th=th, drs=f"1-{half}") in answer["notes"]


@pytest.mark.parametrize(("dr", "critical"), [(1, True), (2, True), (4, True), (5, False), (6, False)])
def test_c3_7_infantry_original_2_is_a_ch_on_a_dr_up_to_half_the_modified_th(dr: int, critical: bool) -> None:
    answer = _shot("infantry", "s2", 2, dice={"colored": 1, "white": 1}, dr=dr)
    assert answer["modified_th"] == 8  # the 57LL at 3 hexes: half of it is 4
    assert (answer["outcome"]["hit"], answer["outcome"]["critical"]) == (True, critical)


def test_c3_7_vehicle_type_keeps_the_exc_and_no_infantry_reading() -> None:
    """On the Vehicle Target Type the EXC applies: only a subsequent dr of 1 makes it a CH."""
    answer = _shot("vehicle", "t1", 2, dice={"colored": 1, "white": 1}, dr=2)
    assert (answer["outcome"]["hit"], answer["outcome"]["critical"]) == (True, False)
    assert not [note for note in answer["notes"] if note.startswith("read: only an Original 2 hits")]


@pytest.mark.parametrize("drm_to", [3, 7])
def test_c3_7_no_reading_when_more_than_the_original_2_hits(drm_to: int) -> None:
    answer = _shot("infantry", "s2", drm_to)
    assert not [note for note in answer["notes"] if note.startswith("read: only an Original 2 hits")]
