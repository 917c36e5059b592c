"""DESIGN.md section 10: every rolled kind answers ``odds`` and ``odds_216``, and they are what a
brute-force roll of all 216 (coloured, white, subsequent dr) combinations through ``resolve``
with those dice gives (hypothesis over generated situations)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aslgui.model import Scenario
from aslgui.rules import resolve
from tests.rules.fixtures.to_hit_scenarios import german_tank, russian_gun, scenario, unit

FACES = range(1, 7)
EVERY_ROLL = [(c, w, dr) for c in FACES for w in FACES for dr in FACES]
ODDS = settings(max_examples=25, deadline=None, derandomize=True)

#: What each kind's odds count, read from a brute-force outcome, independently of aslgui.rules.odds.
Reader = Callable[[dict[str, Any]], dict[str, Any]]


def _flags(*names: str) -> Reader:
    return lambda outcome: {name: bool(outcome.get(name)) for name in names}


def _push(outcome: dict[str, Any]) -> dict[str, Any]:
    return {"enter": outcome["entered"], "continue": outcome["entered"] and not outcome["stopped"],
            "fail": not outcome["entered"]}


def _ift(*flags: str) -> Reader:
    def read(outcome: dict[str, Any]) -> dict[str, Any]:
        return {**_flags(*flags)(outcome), "result": outcome.get("result")}
    return read


def brute_force(situation: Scenario, action: dict[str, Any], read: Reader, dice_key: str = "dice",
                fixed: dict[str, Any] | None = None) -> dict[str, Any]:
    """Counts over the 216 rolls of ``resolve`` with each roll: flags as ints, categories as dicts."""
    counts: dict[str, Any] = {}
    for c, w, dr in EVERY_ROLL:
        rolled = {**action, **(fixed or {}), dice_key: {"colored": c, "white": w}, "dr": dr}
        outcome = resolve(situation, rolled).outcome
        assert outcome is not None and not outcome.get("needs_dr")
        for name, value in read(dict(outcome)).items():
            if isinstance(value, bool):
                counts[name] = counts.get(name, 0) + value
            elif value is not None:
                counts.setdefault(name, Counter())[value] += 1
    return {k: dict(v) if isinstance(v, Counter) else v for k, v in counts.items()}


def check(situation: Scenario, action: dict[str, Any], read: Reader, skip: tuple[str, ...] = (),
          **brute: Any) -> dict[str, Any]:
    """The answer's odds (but ``skip``) against the brute force; null odds for an illegal action."""
    answer = resolve(situation, action).to_json()
    assert (answer["odds_216"] is None) is (not answer["legal"])
    if answer["odds_216"] is None:
        return answer
    expected = brute_force(situation, action, read, **brute)
    counted = {k: v for k, v in answer["odds_216"].items() if k not in skip and (k in expected or v not in (0, {}))}
    assert counted == expected
    for name, count in answer["odds_216"].items():
        share = answer["odds"][name]
        if isinstance(count, dict):
            assert share == {value: round(n / 216, 4) for value, n in count.items()}
        else:
            assert share == round(count / 216, 4)
    return answer


# -- fire (C3, C5) ---------------------------------------------------------------------------------
shots = st.fixed_dictionaries({
    "firer": st.sampled_from(["gun", "tank"]),
    "target": st.sampled_from(["squad", "vehicle"]),
    "area": st.booleans(),
    "ammo": st.sampled_from(["AP", "HE", None]),
    "extra": st.integers(-4, 11),
    "intensive": st.booleans(),
    "deliberate": st.booleans(),
    "captured": st.booleans(),
    "motion": st.booleans(),
    "gyro": st.booleans(),
    "hd": st.booleans(),
    "caliber": st.sampled_from([20, 37, 57, 75]),
    "rof": st.integers(1, 3),
})


def _shot(shot: dict[str, Any]) -> tuple[Scenario, dict[str, Any]]:
    """A mostly legal shot: the Target Type and ammo suit the target (C3.3), Intensive Fire after
    the normal ROF (C5.6), Deliberate Immobilization only vs a vehicle not HD (C5.71)."""
    gun_firer = shot["firer"] == "gun"
    vehicle = shot["target"] == "vehicle"
    area = shot["area"] and not (not gun_firer and shot["motion"])  # C3.33: no Area Target Type as Motion Fire
    target_type = "area" if area else "vehicle" if vehicle and gun_firer else "infantry"
    gun = russian_gun("4E5", "S/SW", caliber=shot["caliber"], rof=shot["rof"], captured=shot["captured"],
                      fired=shot["intensive"] and gun_firer)
    tank = german_tank("t", "4E9", ma={"caliber": shot["caliber"], "barrel": "L", "kind": "gun"},
                       motion=shot["motion"], gyro=shot["gyro"], hd=shot["hd"], afv=True, rof=shot["rof"],
                       fired=shot["intensive"] and not gun_firer)
    squad = unit("s", "squad", "4E7", side="german" if gun_firer else "russian")
    situation = scenario(gun, tank, squad, player="russian" if gun_firer else "german")
    target = "s" if not vehicle else ("t" if gun_firer else "g")
    action: dict[str, Any] = {
        "kind": "fire", "firer": "g" if gun_firer else "t", "target": target, "target_type": target_type,
        "extra_drm": shot["extra"], "intensive": shot["intensive"] and not area,
        "deliberate_immobilization": shot["deliberate"] and target == "t" and not shot["hd"]}
    if shot["ammo"] is not None:
        action["ammo"] = shot["ammo"] if target_type == "vehicle" else "HE"
    return situation, action


@ODDS
@given(shots)
def test_fire_odds_are_the_brute_force_count_of_every_roll(shot: dict[str, Any]) -> None:
    """C3.3-C3.9, C5.35, C5.62, C5.72: hit, CH and malfunction over all 216 rolls."""
    situation, action = _shot(shot)
    check(situation, action, _flags("hit", "critical", "malfunction"))


def test_fire_odds_of_the_demo_shot_by_hand() -> None:
    """C3.3, C3.7: TH 10 hits on 33 of the 36 DR; only the Original 2 is a CH; B# 12 breaks on 12."""
    situation = scenario(russian_gun("4E5", "S/SW"), german_tank("t", "4E9", afv=True))
    answer = resolve(situation, {"kind": "fire", "firer": "g", "target": "t"}).to_json()
    needed = answer["final_th_needed"]
    ways = sum(1 for c in FACES for w in FACES if c + w <= needed)
    assert answer["odds_216"] == {"hit": 6 * ways, "critical": 6, "malfunction": 6}
    assert answer["odds"]["critical"] == round(1 / 36, 4) == 0.0278


def test_improbable_hit_odds_count_the_subsequent_dr() -> None:
    """C3.6: only an Original 2 can hit, and then a dr of 1-3 (1 is a CH): 3 and 1 of 216."""
    situation = scenario(russian_gun("4E5", "S/SW"), unit("s", "squad", "4E7"))
    answer = check(situation, {"kind": "fire", "firer": "g", "target": "s", "extra_drm": 12},
                   _flags("hit", "critical", "malfunction"))
    assert answer["improbable"] is True
    assert answer["odds_216"] == {"hit": 3, "critical": 1, "malfunction": 6}


def test_an_illegal_shot_has_null_odds() -> None:
    """A3: ordnance does not fire in the RPh: no roll, no odds."""
    situation = scenario(russian_gun("4E5", "S/SW"), unit("s", "squad", "4E7"), phase="RPh")
    answer = check(situation, {"kind": "fire", "firer": "g", "target": "s"}, _flags("hit", "critical", "malfunction"))
    assert answer["legal"] is False and answer["odds"] is None


def test_fire_odds_counted_once_are_each_shots_own_under_equal_th_numbers() -> None:
    """C5.64, C3.9: shots of equal TH# numbers whose rolls read otherwise, by the crew's Morale
    Level (an OVR Prevention NMC voids the shot) or a HD target (a hull hit misses), each have the
    brute-force odds of their own rolls, asked one after the other (``fire_odds`` counts once for
    all shots read alike, issue 40)."""
    found: dict[tuple[Any, ...], tuple[int, dict[str, int]]] = {}
    for morale in (5, 7, 8, 10):
        for hd in (False, True):
            gun = russian_gun("4E5", "N/NE", name="45L AT", crew_name="2-2-8", crew_morale=morale)
            tank = german_tank(hex_name="4E5", vca="N/NE", tca="N/NE", hd=hd)
            situation = scenario(gun, tank, phase="MPh", player="german")
            action = {"kind": "fire", "firer": "g", "target": "t", "target_type": "vehicle", "ovr_prevention": True,
                      "entered_from": "4E4"}
            answer = check(situation, action, _flags("hit", "critical", "malfunction"))
            found[morale, hd] = answer["final_th_needed"], answer["odds_216"]
    assert len({needed for needed, _ in found.values()}) == 1  # the same numbers, and yet:
    assert len({str(odds) for _, odds in found.values()}) == len(found)


# -- overrun (D7) ----------------------------------------------------------------------------------
overruns = st.fixed_dictionaries({
    "terrain": st.sampled_from(["open ground", "woods", "grain", "stone building"]),
    "concealed": st.booleans(),
    "leadership": st.sampled_from([None, -1, -2]),
    "bmg": st.integers(0, 4),
    "breakdown": st.sampled_from([None, 10, 11]),
    "ma_kind": st.sampled_from(["gun", "mg", "ft"]),
})


@ODDS
@given(overruns)
def test_overrun_odds_are_the_brute_force_count_of_every_roll(ovr: dict[str, Any]) -> None:
    """D7.14, D7.17: each IFT result on the OVR column with the total DRM, malfunction, immobilization."""
    ma: dict[str, Any] = {"caliber": 75, "kind": ovr["ma_kind"], "fp": 6}
    mgs = [{"fp": ovr["bmg"], "mount": "BMG"}] if ovr["bmg"] else []
    tank = german_tank("t", "4E5", mp=16, afv=True, ma=ma, mgs=mgs, breakdown=ovr["breakdown"])
    leader = [unit("l", "leader", "4E5", name="9-1", aboard="t")] if ovr["leadership"] is not None else []
    squad = unit("s", "squad", "4E6", side="russian", concealed=ovr["concealed"])
    situation = scenario(tank, squad, *leader, terrain={"4E6": ovr["terrain"]}, phase="MPh", player="german")
    action: dict[str, Any] = {"kind": "overrun", "vehicle": "t", "target_hex": "4E6"}
    if leader:
        action.update(leader="l", leadership=ovr["leadership"])
    answer = check(situation, action, _ift("malfunction", "immobilized"))
    assert answer["legal"] is True


# -- Demolition Charges (A23) ----------------------------------------------------------------------
charges = st.fixed_dictionaries({
    "kind": st.sampled_from(["place_dc", "throw_dc", "detonate_dc"]),
    "terrain": st.sampled_from(["open ground", "woods", "stone building"]),
    "elite": st.booleans(),
    "captured": st.booleans(),
    "cx": st.booleans(),
    "concealed": st.booleans(),
    "infantry_at_dc": st.integers(0, 3),
    "phase": st.sampled_from(["PFPh", "MPh", "AFPh"]),
})


def _dc(dc: dict[str, Any]) -> tuple[Scenario, dict[str, Any]]:
    carrier = unit("e", "squad", "4E5", side="german", elite=dc["elite"], cx=dc["cx"],
                   dc="captured" if dc["captured"] else True, us_number=4)
    far = dc["kind"] == "detonate_dc"
    target = "4E8" if far else "4E6"
    defenders = [unit(f"r{i}", "squad", target, side="russian", concealed=dc["concealed"])
                 for i in range(max(1, dc["infantry_at_dc"]))]
    phase = dc["phase"] if dc["kind"] != "place_dc" else "MPh"
    situation = scenario(carrier, *defenders, terrain={target: dc["terrain"]}, phase=phase, player="german")
    key = "hex" if far else "target_hex"
    return situation, {"kind": dc["kind"], "unit": "e", key: target}


@ODDS
@given(charges)
def test_dc_odds_are_the_brute_force_count_of_every_roll(dc: dict[str, Any]) -> None:
    """A23.4, A23.6, A23.71: detonation or malfunction, then each IFT result."""
    situation, action = _dc(dc)
    check(situation, action, _ift("detonated", "malfunction"), skip=("thrower_result_if_detonated",))


def test_thrown_dc_counts_the_throwers_own_roll_when_it_detonates() -> None:
    """A23.6: the thrower's Location is attacked by a second DR at +3 (a 12 still detonates)."""
    situation, action = _dc({"kind": "throw_dc", "terrain": "open ground", "elite": True, "captured": False,
                             "cx": False, "concealed": False, "infantry_at_dc": 1, "phase": "PFPh"})
    answer = check(situation, action, _ift("detonated", "malfunction"), skip=("thrower_result_if_detonated",))
    detonating = {"dice": {"colored": 1, "white": 1}}
    expected = brute_force(situation, action, lambda o: {"thrower_result_if_detonated": o["thrower_result"]},
                           dice_key="thrower_dice", fixed=detonating)
    assert {"thrower_result_if_detonated": answer["odds_216"]["thrower_result_if_detonated"]} == expected
    assert answer["thrower_drm"] == 3


def test_set_dc_odds_over_the_dr() -> None:
    """A23.7: Set on a dr <= US# (4): four faces of six, 144 of 216."""
    situation, _ = _dc({"kind": "detonate_dc", "terrain": "open ground", "elite": True, "captured": False,
                        "cx": False, "concealed": False, "infantry_at_dc": 0, "phase": "MPh"})
    answer = check(situation, {"kind": "set_dc", "unit": "e"}, _flags("set"))
    assert answer["odds_216"] == {"set": 144} and answer["odds"] == {"set": 0.6667}


# -- pushing a Gun (C10.3) and a trailer hit (C10.41) ----------------------------------------------
pushes = st.fixed_dictionaries({
    "terrain": st.sampled_from(["open ground", "woods", "stone building", "grain"]),
    "manhandling": st.integers(6, 14),
    "helpers": st.integers(0, 2),
    "double_time": st.booleans(),
})


@ODDS
@given(pushes)
def test_push_odds_are_the_brute_force_count_of_every_roll(push: dict[str, Any]) -> None:
    """C10.3: enter (Final DR <= M#), continue (< M#), fail (> M#)."""
    gun = russian_gun("4E5", "S/SW", limbered=True, manhandling=push["manhandling"])
    helpers = [unit(f"h{i}", "squad", "4E5", side="russian") for i in range(push["helpers"])]
    situation = scenario(gun, *helpers, terrain={"4E6": push["terrain"]}, phase="MPh")
    action = {"kind": "push", "gun": "g", "to_hex": "4E6", "pushers": ["c", *(h["id"] for h in helpers)],
              "double_time": push["double_time"]}
    answer = check(situation, action, _push)
    if answer["legal"]:
        assert answer["odds_216"]["enter"] + answer["odds_216"]["fail"] == 216


def test_set_dc_without_a_us_number_has_no_odds() -> None:
    """A23.7: the dr is compared with the US#; without one there is nothing to count."""
    situation = scenario(unit("e", "squad", "4E5", dc=True), phase="MPh", player="german")
    answer = resolve(situation, {"kind": "set_dc", "unit": "e"}).to_json()
    assert answer["legal"] is True and answer["odds"] is None and answer["set_dr_max"] is None


@pytest.mark.parametrize("missed_by_one", [True, False])
def test_trailer_odds_over_the_dr(missed_by_one: bool) -> None:
    """C10.41: after a miss by one, a dr of 1 hits the trailer."""
    situation = scenario(german_tank("t", "4E9", trailer=True))
    action = {"kind": "trailer_target", "vehicle": "t", "facing": "side", "missed_by_one": missed_by_one}
    answer = check(situation, action, _flags("trailer_hit"))
    assert answer["odds_216"] == {"trailer_hit": 36 if missed_by_one else 0}
