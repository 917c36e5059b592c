"""C3.33 with C3.332 and C3.4: an Area Target Type shot given only a ``target_hex`` attacks every
unit in the hex, friendly too, each as a shot naming it would: a vehicle as C3.332 and its EX say
(the C1.55 armor lines, no TEM from the wall that made it HD, the hedge TEM when not HD; C3.72 under
a CH: no TEM at all vs an AFV), Infantry with the hex's TEM (reversed by a CH, C3.71), a manned Gun
destroyed by a CH. ``targets`` lists each unit; the hex's own outcome keeps only what all share."""

from __future__ import annotations

import json
from typing import Any

import pytest

from aslgui.model import Scenario, scenario_from_json
from aslgui.resource_files import resource_path
from aslgui.rules import resolve
from aslgui.rules.apply import destroyed_units

SQUAD = {"id": "s1", "side": "german", "nationality": "german", "kind": "squad", "name": "4-6-7", "hex": "4E6"}
GUN = {"id": "eg", "side": "german", "nationality": "german", "kind": "gun", "name": "75L AT", "hex": "4E6",
       "ca": "N/NE", "crew": "ec"}
CREW = {"id": "ec", "side": "german", "nationality": "german", "kind": "crew", "name": "2-2-8", "hex": "4E6"}
HIT = {"colored": 2, "white": 5}
CH = {"colored": 1, "white": 1}


def _example(hexside: str = "wall", hd: bool = True, truck: bool = False, more: tuple[dict[str, Any], ...] = (),
             tank: bool = True) -> Scenario:
    """The C3.332 EX (76mm Gun in 4E2, PzKpfw IIIG in 4E6 behind a wall) with its variants."""
    data = json.loads(resource_path("examples", "c3_332_area_vs_vehicle.json").read_text(encoding="utf-8"))
    data["hexsides"] = {"4E5/4E6": hexside}
    vehicle = next(u for u in data["units"] if u["id"] == "t1")
    vehicle["hd"] = hd
    if truck:
        vehicle.update(name="Opel Blitz", afv=False, ct=False, turret=None, tca=None, ma=None)
    if not tank:
        data["units"].remove(vehicle)
    data["units"] += list(more)
    return scenario_from_json(data)


def _shot(situation: Scenario, dice: dict[str, int] | None = None, **keys: Any) -> dict[str, Any]:
    action = {"kind": "fire", "firer": "g1", "target_type": "area", "ammo": "HE", **keys}
    if dice is not None:
        action.update(dice=dice, effects_dr=7)
    return resolve(situation, action).to_json()


def _each(answer: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {entry["id"]: entry for entry in answer["outcome"]["targets"]}


def _net(entry: dict[str, Any]) -> list[tuple[str, int]]:
    return [(line["case"], line["value"]) for line in entry["effects_drm"]]


#: The C3.332 EX and its variants: (wall/hedge, HD, truck) -> the Effects DRM lines its text gives.
EX_VARIANTS = {
    "HD tank behind the wall": (("wall", True, False), [("AF", -1)]),
    "tank behind a hedge": (("hedge", False, False), [("TEM", 1), ("AF", -1)]),
    "HD truck behind the wall": (("wall", True, True), []),
    "truck behind a hedge": (("hedge", False, True), [("TEM", 1)]),
}


@pytest.mark.parametrize("variant", list(EX_VARIANTS))
def test_c3_332_ex_a_vehicle_in_the_hex_takes_its_own_effects_drm_not_the_infantrys(variant: str) -> None:
    (hexside, hd, truck), lines = EX_VARIANTS[variant]
    situation = _example(hexside, hd, truck)
    at_hex = _shot(situation, HIT, target_hex="4E6")
    named = _shot(situation, HIT, target="t1")
    entry = _each(at_hex)["t1"]
    assert sorted(_net(entry)) == sorted(lines)
    for key in ("hit", "location", "fp", "ift_column", "effects_drm", "effects_total_drm", "result"):
        assert entry[key] == named["outcome"][key], key
    assert at_hex == named  # a lone unit in the hex is the hex's target, named or not (C3.33)
    assert at_hex["targets"] == [{"id": "t1", "total_drm": 0, "final_th_needed": 7}]


@pytest.mark.parametrize("variant", list(EX_VARIANTS))
def test_c3_72_c3_71_a_ch_at_the_hex_takes_no_tem_vs_an_afv_and_reverses_it_vs_a_truck(variant: str) -> None:
    (hexside, hd, truck), _ = EX_VARIANTS[variant]
    situation = _example(hexside, hd, truck)
    entry = _each(_shot(situation, CH, target_hex="4E6"))["t1"]
    named = _shot(situation, CH, target="t1")["outcome"]
    assert (entry["critical"], entry["fp"], entry["ift_column"]) == (True, 24, 24)
    assert entry["effects_drm"] == named["effects_drm"]
    assert all(line["value"] <= 0 for line in entry["effects_drm"])  # nothing positive survives a CH
    if not truck:
        assert [line["case"] for line in entry["effects_drm"]] == ["AF"]  # C3.72: no TEM of any kind


@pytest.mark.parametrize("dice", [HIT, CH])
def test_c3_33_every_unit_in_the_hex_is_attacked_friendly_too(dice: dict[str, int]) -> None:
    friend = {"id": "r9", "side": "russian", "nationality": "russian", "kind": "squad", "name": "4-4-7", "hex": "4E6"}
    answer = _shot(_example("hedge", False, more=(SQUAD, friend)), dice, target_hex="4E6")
    entries = _each(answer)
    assert list(entries) == ["t1", "s1", "r9"]
    for infantry in ("s1", "r9"):  # the hedge crossed: +1; a CH goes to the vehicle, so never reversed (C3.74)
        assert _net(entries[infantry]) == [("TEM", 1)]
        assert entries[infantry]["result"] is not None and entries[infantry]["critical"] is False
    assert ("AF", -1) in _net(entries["t1"]) and entries["t1"]["result"] is None  # vehicle line not charted
    assert entries["t1"]["critical"] is (dice is CH)
    if dice is CH:
        assert answer["outcome"]["notes"][-1].endswith("(C3.74)")


def test_c3_33_with_c3_71_a_ch_at_the_hex_destroys_a_manned_gun_there_and_commit_removes_it() -> None:
    """The Gun and its crew alone in the hex: whichever Random Selection picks, the CH destroys both
    (C3.71, C3.74), so the answer needs no selection."""
    answer = _shot(_example(more=(GUN, CREW), tank=False), CH, target_hex="4E6")
    entries = _each(answer)
    assert entries["eg"]["destroyed"] == ["eg", "ec"] and entries["ec"]["destroyed"] == ["eg", "ec"]
    assert answer["outcome"]["notes"][-1] == "the CH strikes the Gun and its manning Infantry eg/ec (C3.74)"
    situation = _example(more=(GUN, CREW), tank=False)
    action = {"kind": "fire", "firer": "g1", "target_hex": "4E6", "target_type": "area", "ammo": "HE",
              "dice": CH, "effects_dr": 7}
    assert destroyed_units(resolve(situation, action)) == ["eg", "ec"]


def test_c3_74_exc_with_a_vehicle_there_the_ch_strikes_it_and_the_manned_gun_takes_a_normal_hit() -> None:
    answer = _shot(_example(more=(GUN, CREW)), CH, target_hex="4E6")
    entries = _each(answer)
    assert entries["t1"]["critical"] is True
    assert "destroyed" not in entries["eg"] and "destroyed" not in entries["ec"]
    assert entries["ec"]["critical"] is False and entries["ec"]["fp"] == 6  # half the 76mm's 12 (C3.33)


def test_c3_41_an_empty_hex_keeps_the_hex_attack_and_lists_no_targets() -> None:
    answer = _shot(_example(), HIT, target_hex="4D6")
    assert "targets" not in answer and "targets" not in answer["outcome"]
    assert answer["outcome"]["result"] is not None and answer["outcome"]["ift_column"] == 6


def test_c3_33_without_dice_each_unit_has_its_numbers_to_roll() -> None:
    size = dict(SQUAD, id="kw", kind="vehicle", name="Kuebelwagen", afv=False, vca="N/NE", size=2)
    answer = _shot(_example(more=(size,)), target_hex="4E6")
    assert answer["targets"] == [{"id": "t1", "total_drm": 0, "final_th_needed": 7},
                                 {"id": "kw", "total_drm": 2, "final_th_needed": 5}]  # Case P (C3.32 EX)
    assert "outcome" not in answer


def test_c3_6_a_unit_of_the_hex_only_an_improbable_hit_reaches_says_so() -> None:
    """Case P makes the Kuebelwagen harder to hit than the T-34: with 4 more DRM its Final TH# is 1,
    which no Original DR reaches (C3.6), the T-34's 3: only the Kuebelwagen's entry says so."""
    size = dict(SQUAD, id="kw", kind="vehicle", name="Kuebelwagen", afv=False, vca="N/NE", size=2)
    answer = _shot(_example(more=(size,)), target_hex="4E6", extra_drm=4)
    assert answer["targets"] == [{"id": "t1", "total_drm": 4, "final_th_needed": 3},
                                 {"id": "kw", "total_drm": 6, "final_th_needed": 1, "improbable": True}]


@pytest.mark.parametrize("dice", [None, HIT, CH, {"colored": 6, "white": 6}, {"colored": 3, "white": 4}])
@pytest.mark.parametrize("target_type", ["area", "infantry"])
def test_each_units_own_answer_in_the_hex_is_its_full_answers_drm_numbers_and_outcome(
    monkeypatch: pytest.MonkeyPatch, dice: dict[str, int] | None, target_type: str
) -> None:
    """A unit's own answer within a hex's (C3.32, C3.33) holds only what the hex's answer reads
    (issue 40): its DRM, ``final_th_needed``, legality and outcome are those of the unit's full
    answer (made with no hex units listed)."""
    from aslgui.rules import to_hit
    from aslgui.rules.actions import Action
    from aslgui.rules.dispatch import _spec

    situation = _example("hedge", False, more=(SQUAD, {**SQUAD, "id": "s2"}, {**CREW, "id": "r9", "hex": "4E6",
                                                                               "side": "russian"}))
    question = {"kind": "fire", "firer": "g1", "target": "s1", "target_type": target_type, "ammo": "HE",
                **({"dice": dice, "effects_dr": 7} if dice else {})}
    spec = _spec("fire")
    action = Action(question, situation, spec.keys, spec.required, resolve)
    shot = to_hit.read_shot(action)
    own_shots = to_hit._at_each(shot, to_hit.hex_units(shot))
    assert len(own_shots) >= 2
    lean = [to_hit._answer(action, own) for _, own in own_shots]
    monkeypatch.setattr(to_hit, "hex_units", lambda shot: [])
    full = [to_hit._answer(action, own, each_unit=True) for _, own in own_shots]
    for mine, whole in zip(lean, full, strict=True):
        assert (mine.legal, mine.reasons, mine.drm, mine.outcome) == (whole.legal, whole.reasons, whole.drm,
                                                                       whole.outcome)
        assert mine.values["final_th_needed"] == whole.values["final_th_needed"]
    assert any(answer.outcome for answer in lean) is (dice is not None)


def test_each_unit_shares_the_hex_shots_colour_firer_drm_and_checks_over_every_example_hex() -> None:
    """The shot at each unit of a hex differs from the hex's own only in its target unit and LOS,
    which neither the TH# colour, nor the Basic TH# and its C4 modifications, nor a firer DRM case,
    nor Case Q's crossed TEM line, nor a check outside ``TARGET_READERS`` reads: so each unit's
    answer takes them from the hex's (issue 40). Over every Gun/vehicle of the examples and the
    demo at every hex holding units (at random levels), on both Target Types that list them, in
    random phases and circumstances, what is shared equals what the unit's own shot gives; so does
    the LOS to its level, traced once a level."""
    import itertools
    import random

    from aslgui.errors import AslError
    from aslgui.rules import to_hit
    from aslgui.rules.actions import Action
    from aslgui.rules.dispatch import _spec
    from aslgui.rules.to_hit.legality import reasons
    from aslgui.rules.to_hit.shot import sighted
    from aslgui.rules.to_hit.unit_checks import each_check, unit_reasons

    spec = _spec("fire")
    rng = random.Random(40)
    compared = 0
    files = [*sorted(resource_path("examples").glob("*.json")), resource_path("scenarios", "demo.json")]
    for path in files:
        data = json.loads(path.read_text(encoding="utf-8"))
        for unit in data["units"]:  # units at several levels of one hex: a thread traced to each
            unit["level"] = rng.choice([0, 0, 1, 2])
        situation = scenario_from_json(data)
        firers = [unit for unit in situation.units.values() if unit.kind in ("gun", "vehicle")]
        hexes = list(dict.fromkeys(situation.grid.name(unit.hex) for unit in situation.units.values()))
        for firer, where, target_type, _ in itertools.product(firers, hexes, ("area", "infantry"), range(8)):
            question = {"kind": "fire", "firer": firer.id, "target_hex": where, "target_type": target_type,
                        "phase": rng.choice(["PFPh", "MPh", "DFPh", "AFPh"]), "ammo": rng.choice(["HE", "AP", "WP"]),
                        "acquisition": rng.choice([0, 0, 1, 2]), "mp_in_los": rng.choice([None, 1, 3]),
                        **{flag: True for flag in ("intensive", "opportunity", "deliberate_immobilization",
                                                   "ovr_prevention", "reaction_fire") if rng.random() < 0.15}}
            try:
                shot = to_hit.read_shot(Action(question, situation, spec.keys, spec.required, resolve))
            except AslError:  # a firer with no ordnance, a reaction needing a vca: no shot to share
                continue
            found = each_check(shot)
            firer_drm = to_hit.firer_lines(shot)
            crossed: dict[str, Any] = {}
            assert to_hit.drm_lines(shot, firer_drm, crossed) == to_hit.drm_lines(shot)
            for _, own in to_hit._at_each(shot, to_hit.hex_units(shot)):
                assert unit_reasons(own, found) == reasons(own)
                assert to_hit.drm_lines(own, firer_drm, crossed) == to_hit.drm_lines(own)
                assert to_hit.shot_colour(own) == to_hit.shot_colour(shot)
                colour = to_hit.shot_colour(shot).colour
                assert to_hit._basic(own, colour) == to_hit._basic(shot, colour)
                assert own.sight == sighted(own).sight  # the thread to its level, traced once a level
                compared += 1
    assert compared > 500, compared
