"""Towing, hooking up and unhooking (C10.1, C10.11, C10.111, C10.12, C10.13, C10.31), trailers
(C10.4, C10.41)."""

from __future__ import annotations

import copy
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aslgui.errors import AslError
from aslgui.model import Scenario, scenario_from_json
from aslgui.rules import resolve
from aslgui.rules.to_hit.firer_state import cannot_fire_reasons
from aslgui.rules.towing import gun_type, is_mortar_exception

FIXTURE = Path(__file__).parent / "fixtures" / "c10_board.json"
BOARD: dict[str, Any] = json.loads(FIXTURE.read_text(encoding="utf-8"))
RCL75 = {
    "id": "rcl75",
    "side": "german",
    "kind": "gun",
    "name": "75* RCL",
    "hex": "1H4",
    "ca": "N/NE",
    "caliber": 75,
    "barrel": "*",
    "manhandling": 11,
    "qsu": True,
    "crew": "c2",
}
RCL105 = dict(RCL75, id="rcl105", name="105* RCL", caliber=105, manhandling=10)
CREW2 = {"id": "c2", "side": "german", "kind": "crew", "hex": "1H4"}


def board(units: dict[str, dict[str, Any]] | None = None, extra: Sequence[dict[str, Any]] = (), **top: Any) -> Scenario:
    """The C10 test board (37L AT, crew and SPW 250/1 in 1H4) with some unit keys changed."""
    data = copy.deepcopy(BOARD)
    data.update(top)
    data["units"] += [copy.deepcopy(u) for u in extra]
    for unit in data["units"]:
        unit.update((units or {}).get(unit["id"], {}))
    return scenario_from_json(data)


def ask(scenario: Scenario, kind: str, gun: str = "at37", **keys: Any) -> dict[str, Any]:
    return resolve(scenario, {"kind": kind, "vehicle": "spw", "gun": gun, **keys}).to_json()


def cites(answer: dict[str, Any], rule: str) -> bool:
    return any(r.endswith(f"({rule})") for r in answer["reasons"])


# -- C10.13 EX: SPW 250/1 (9 PP, T9) ------------------------------------------------------
def test_c10_13_ex_75_rcl_leaves_five_pp_and_the_crew_can_load() -> None:
    answer = ask(board(extra=[RCL75, CREW2]), "hook_up", "rcl75", crew_loads=True)
    assert answer["legal"] is True, answer["reasons"]
    assert answer["pp_left"] == 5
    assert answer["ammo_pp"] == 4
    assert answer["mp_cost"] == ask(board(extra=[RCL75, CREW2]), "hook_up", "rcl75")["mp_cost"] == 7


def test_c10_13_ex_105_rcl_leaves_one_pp_not_enough_for_the_crew() -> None:
    scenario = board(extra=[RCL105, CREW2])
    answer = ask(scenario, "hook_up", "rcl105")
    assert (answer["legal"], answer["pp_left"], answer["ammo_pp"]) == (True, 1, 8)
    with_crew = ask(scenario, "hook_up", "rcl105", crew_loads=True)
    assert with_crew["legal"] is False
    assert cites(with_crew, "C10.13")


def test_c10_13_ex_two_pp_of_sw_forbid_the_105_but_not_the_75() -> None:
    scenario = board({"spw": {"pp_used": 2}}, extra=[RCL75, RCL105, CREW2])
    big = ask(scenario, "hook_up", "rcl105")
    assert big["legal"] is False
    # nothing is hooked up, so no PP are left over (null); the reason gives the -1 PP (DESIGN.md 4)
    assert big["pp_left"] is None and any("leave spw with -1 PP" in r for r in big["reasons"])
    assert cites(big, "C10.13")
    small = ask(scenario, "hook_up", "rcl75")
    assert (small["legal"], small["pp_left"]) == (True, 3)
    assert ask(scenario, "hook_up", "rcl75", crew_loads=True)["legal"] is False


def test_c10_13_empty_vehicle_may_drop_to_zero_pp() -> None:
    answer = ask(board({"spw": {"pp": 3}}), "hook_up")
    assert (answer["legal"], answer["pp_left"]) == (True, 0)


# -- C10.11 hooking up ---------------------------------------------------------------------
@pytest.mark.parametrize(("mp", "circled", "cost"), [(13, False, 7), (12, False, 6), (13, True, 9), (12, True, 8)])
def test_c10_11_hook_up_costs_half_or_two_thirds_fru(mp: int, circled: bool, cost: int) -> None:
    answer = ask(board({"spw": {"mp": mp}, "at37": {"circled_m": circled}}), "hook_up")
    assert answer["mp_cost"] == cost
    assert answer["legal"] is True


def test_c10_11_hook_up_makes_gun_crew_vehicle_ti_and_adds_a_tow_mp() -> None:
    answer = ask(board(), "hook_up")
    assert answer["ti"] == ["at37", "c1", "spw"]
    assert answer["tow_mp_per_hex"] == 1
    assert answer["may_fire_this_player_turn"] is False


@given(mp=st.integers(1, 60), circled=st.booleans())
def test_c10_11_hook_cost_is_the_smallest_whole_mp_not_below_the_fraction(mp: int, circled: bool) -> None:
    cost = ask(board({"spw": {"mp": mp}, "at37": {"circled_m": circled}}), "hook_up")["mp_cost"]
    num, den = (2, 3) if circled else (1, 2)
    assert cost * den >= mp * num > (cost - 1) * den


@pytest.mark.parametrize(
    ("units", "keys", "rule"),
    [
        ({"spw": {"towing": 13}}, {}, "C10.1"),
        ({"spw": {"towing": None, "name": "Opel Blitz"}}, {}, "C10.1"),
        ({"spw": {"stopped": False}}, {}, "C10.11"),
        ({"spw": {"motion": True}}, {}, "C10.11"),
        ({"spw": {"hex": "1H5"}}, {}, "C10.11"),
        ({"spw": {"fired": True}}, {}, "C10.11"),
        ({"c1": {"fired": True}}, {}, "C10.11"),
        ({"c1": {"pinned": True}}, {}, "C10.111"),
        ({"c1": {"broken": True}}, {}, "C10.111"),
        ({"c1": {"hex": "1H5"}}, {}, "C10.11"),
        ({"c1": {"aboard": "spw"}}, {}, "C10.11"),
        ({"at37": {"crew": None}}, {}, "C10.111"),
        ({"c1": {"ti": True}}, {}, "C10.11"),
        ({"at37": {"limbered": False}}, {}, "C10.2"),
        ({"at37": {"towed_by": "spw"}}, {}, "C10.11"),
        ({}, {"bypass": True}, "C10.11"),
        ({}, {"mp_spent": 7}, "C10.11"),
        ({}, {"crew_mf_spent": 3}, "C10.11"),
        ({}, {"push_stopped": True}, "C10.31"),
        ({}, {"phase": "PFPh"}, "C10.11"),
        ({"spw": {"side": "russian"}}, {}, "C10.11"),
    ],
)
def test_c10_11_hook_up_is_illegal_with_a_cited_reason(units: dict[str, Any], keys: dict[str, Any], rule: str) -> None:
    answer = ask(board(units), "hook_up", **keys)
    assert answer["legal"] is False
    assert cites(answer, rule), answer["reasons"]


def test_c10_12_ca_changes_while_hooking_and_unhooking() -> None:
    assert ask(board(), "hook_up", ca="S/SW")["ca"] == "S/SW"
    assert ask(board({"at37": {"towed_by": "spw"}}), "unhook", ca="SE/S")["ca"] == "SE/S"
    assert ask(board(), "hook_up")["ca"] == "N/NE"


def test_c10_11_mp_spent_entering_still_leaves_the_half() -> None:
    assert ask(board(), "hook_up", mp_spent=6)["legal"] is True


def test_c10_11_crew_spending_half_its_mf_may_still_hook_up() -> None:
    assert ask(board(), "hook_up", crew_mf_spent=2)["legal"] is True


def test_c10_111_a_hs_or_five_smc_stand_in_for_the_crew() -> None:
    scenario = board({"at37": {"crew": None}})
    assert ask(scenario, "hook_up", crew="hs1")["legal"] is True
    assert ask(scenario, "hook_up", crew=["l1", "l2", "l3", "l4", "l5"])["legal"] is True
    assert ask(scenario, "hook_up", crew=["l1", "l2", "l3", "l4"])["legal"] is False


@pytest.mark.parametrize("mobility", ["qsu", "nm", "rfnm"])
def test_c10_2_qsu_nm_rfnm_hook_up_without_limbering(mobility: str) -> None:
    assert ask(board({"at37": {"limbered": False, mobility: True}}), "hook_up")["legal"] is True


def test_c10_5_no_hook_up_while_porteeing_another_gun() -> None:
    porteed = dict(RCL75, aboard="spw")
    answer = ask(board(extra=[porteed, CREW2]), "hook_up")
    assert answer["legal"] is False
    assert cites(answer, "C10.5")


# -- C10.12 unhooking ----------------------------------------------------------------------
def test_c10_12_unhook_costs_the_same_and_forbids_pushing() -> None:
    answer = ask(board({"at37": {"towed_by": "spw"}, "c1": {"aboard": "spw"}}), "unhook")
    assert answer["legal"] is True, answer["reasons"]
    assert answer["mp_cost"] == 7
    assert answer["pp_left"] == 9
    assert answer["may_push_this_player_turn"] is False
    assert answer["must_unlimber"] is True
    assert answer["ti"] == ["at37", "c1"]


@pytest.mark.parametrize(
    ("units", "keys", "rule"),
    [
        ({"at37": {"towed_by": None}}, {}, "C10.12"),
        ({"spw": {"fired": True}}, {}, "C10.12"),
        ({"c1": {"fired": True}}, {}, "C10.12"),
        ({}, {"bypass": True}, "C10.12"),
        ({"spw": {"stopped": False}}, {}, "C10.12"),
        ({}, {"mp_spent": 8}, "C10.11"),
        ({"c1": {"pinned": True}}, {}, "C10.111"),
    ],
)
def test_c10_12_unhook_is_illegal_with_a_cited_reason(units: dict[str, Any], keys: dict[str, Any], rule: str) -> None:
    changes = {"at37": {"towed_by": "spw"}, **units}
    answer = ask(board(changes), "unhook", **keys)
    assert answer["legal"] is False
    assert cites(answer, rule), answer["reasons"]


def test_c10_12_unhook_ex_procedure_mp_after_entering_the_hex() -> None:
    """C10.2x EX (unhooking procedure): after paying to enter the hex (+1 MP for the tow), the
    vehicle must still have half of its 13 MP, FRU: 7."""
    scenario = board({"at37": {"towed_by": "spw"}})
    assert ask(scenario, "unhook", mp_spent=6)["legal"] is True
    assert ask(scenario, "unhook", mp_spent=7)["legal"] is False


# -- C10.1 moving with a Gun in tow --------------------------------------------------------
def tow(scenario: Scenario, to_hex: str, **keys: Any) -> dict[str, Any]:
    return resolve(scenario, {"kind": "tow_move", "vehicle": "spw", "to_hex": to_hex, **keys}).to_json()


TOWED = {"at37": {"towed_by": "spw"}}


def test_c10_1_towing_adds_one_mp_per_hex() -> None:
    answer = tow(board(TOWED), "1H5")
    assert (answer["legal"], answer["mp_extra"], answer["towing"]) == (True, 1, ["at37"])


@pytest.mark.parametrize(
    ("to_hex", "top", "keys"),
    [
        ("1G4", {}, {}),
        ("1H3", {}, {}),
        ("1H5", {"hexsides": {"1H4/1H5": "wall"}}, {}),
        ("1H5", {"hexsides": {"1H4/1H5": "hedge"}}, {}),
        ("1H5", {}, {"reverse": True}),
        ("1H5", {}, {"bypass": True}),
        ("1H5", {}, {"deep_stream": True}),
    ],
)
def test_c10_1_tow_restrictions(to_hex: str, top: dict[str, Any], keys: dict[str, Any]) -> None:
    answer = tow(board(TOWED, **top), to_hex, **keys)
    assert answer["legal"] is False
    assert cites(answer, "C10.1")


def test_c10_1_bypass_is_allowed_in_narrow_streets() -> None:
    assert tow(board(TOWED), "1H5", bypass=True, narrow_street=True)["legal"] is True


MTR = {
    "id": "m81",
    "side": "german",
    "kind": "gun",
    "name": "81 MTR",
    "hex": "1H4",
    "caliber": 81,
    "manhandling": 10,
    "towed_by": "spw",
}


@pytest.mark.parametrize(
    ("to_hex", "top", "keys"),
    [
        ("1H3", {}, {}),
        ("1H5", {"hexsides": {"1H4/1H5": "wall"}}, {}),
        ("1H5", {}, {"reverse": True}),
        ("1H5", {}, {"bypass": True}),
        ("1H5", {}, {"deep_stream": True}),
    ],
)
def test_c10_1_mortar_exception_lifts_the_tow_limits_and_the_mp(
    to_hex: str, top: dict[str, Any], keys: dict[str, Any]
) -> None:
    answer = tow(board(extra=[MTR], **top), to_hex, **keys)
    assert (answer["legal"], answer["mp_extra"]) == (True, 0)


def test_c10_1_mortar_exception_is_for_76_to_107mm_only() -> None:
    scenario = board(extra=[MTR, dict(MTR, id="m120", name="120 MTR", caliber=120)])
    assert is_mortar_exception(scenario.units["m81"]) is True
    assert is_mortar_exception(scenario.units["m120"]) is False
    assert gun_type(scenario.units["at37"]) == "AT"
    assert gun_type(board(extra=[RCL75, CREW2]).units["rcl75"]) == "RCL"
    hooked = ask(board(extra=[dict(MTR, towed_by=None)]), "hook_up", "m81")
    assert hooked["tow_mp_per_hex"] == 0


def test_c10_1_a_transported_mortar_is_unloaded_only_by_a_passenger() -> None:
    crew = {"id": "c3", "side": "german", "kind": "crew", "hex": "1H4"}
    mortar = dict(MTR, crew="c3")
    on_foot = ask(board(extra=[mortar, crew]), "unhook", "m81")
    assert on_foot["legal"] is False
    assert cites(on_foot, "C10.1")
    assert ask(board(extra=[mortar, dict(crew, aboard="spw")]), "unhook", "m81")["legal"] is True


def test_c10_25_rfnm_gun_keeps_its_ca_while_hooking_and_unhooking() -> None:
    rfnm = board({"at37": {"rfnm": True, "limbered": False}})
    assert cites(ask(rfnm, "hook_up", ca="S/SW"), "C10.25")
    assert ask(rfnm, "hook_up", ca="N/NE")["legal"] is True
    towed = board({"at37": {"rfnm": True, "limbered": False, "towed_by": "spw"}})
    assert cites(ask(towed, "unhook", ca="S/SW"), "C10.25")


def test_c10_1_a_gun_in_tow_cannot_fire() -> None:
    scenario = board(TOWED)
    assert [r for r in cannot_fire_reasons(scenario.units["at37"]) if r.endswith("(C10.1)")]
    assert cannot_fire_reasons(board({"at37": {"limbered": False}}).units["at37"]) == []


def test_c10_4_tow_move_without_a_tow_is_answered_not_legal() -> None:
    answer = tow(board(), "1H5")
    assert (answer["legal"], answer["towing"], answer["mp_extra"]) == (False, [], 0)
    assert cites(answer, "C10.4")
    assert cites(target(board(), facing="side"), "C10.41")


def test_c10_1_tow_move_to_a_far_hex_is_bad_input() -> None:
    with pytest.raises(AslError) as error:
        tow(board(TOWED), "1H6")
    assert error.value.path == "action.to_hex"


# -- C10.4 / C10.41 trailers ---------------------------------------------------------------
TRAILER = {"spw": {"trailer": True}}


def test_c10_4_trailer_may_not_enter_buildings_reverse_or_cross_unbreached_walls() -> None:
    assert tow(board(TRAILER), "1H5")["legal"] is True
    assert tow(board(TRAILER), "1H5")["mp_extra"] == 0
    assert cites(tow(board(TRAILER), "1G4"), "C10.4")
    assert cites(tow(board(TRAILER), "1H5", reverse=True), "C10.4")
    walled = board(TRAILER, hexsides={"1H4/1H5": "wall"})
    assert cites(tow(walled, "1H5"), "C10.4")
    assert tow(walled, "1H5", breached=True)["legal"] is True
    assert tow(board(TRAILER), "1H5", bypass=True)["legal"] is True


def target(scenario: Scenario, **keys: Any) -> dict[str, Any]:
    return resolve(scenario, {"kind": "trailer_target", "vehicle": "spw", **keys}).to_json()


def test_c10_41_side_facing_trailer_is_a_separate_target_at_plus_three() -> None:
    answer = target(board(TRAILER), facing="side")
    assert (answer["legal"], answer["separate_target"], answer["size_drm"]) == (True, True, 3)


def test_c10_41_rear_hull_hit_strikes_the_trailer() -> None:
    answer = target(board(TRAILER), facing="rear")
    assert (answer["rear_hull_hit_is_trailer"], answer["separate_target"]) == (True, False)


@pytest.mark.parametrize(
    ("units", "keys"),
    [
        ({}, {"facing": "front"}),
        ({"spw": {"hd": True}}, {"facing": "side"}),
        ({}, {"facing": "side", "indirect": True}),
        ({}, {"facing": "side", "ordnance": False}),
    ],
)
def test_c10_41_no_trailer_hit_through_front_hd_indirect_or_non_ordnance(
    units: dict[str, Any], keys: dict[str, Any]
) -> None:
    answer = target(board({**TRAILER, **{k: {**TRAILER.get(k, {}), **v} for k, v in units.items()}}), **keys)
    assert answer["legal"] is False
    assert cites(answer, "C10.41")


@pytest.mark.parametrize(("dr", "missed_by_one", "hit"), [(1, True, True), (2, True, False), (1, False, False)])
def test_c10_41_miss_by_one_hits_the_trailer_on_dr_1(dr: int, missed_by_one: bool, hit: bool) -> None:
    answer = target(board(TRAILER), facing="side", dr=dr, missed_by_one=missed_by_one)
    assert answer["outcome"] == {"trailer_hit": hit}


def roster_line(unit_id: str, value: str, entry: str) -> str:
    return f"{unit_id} {value} from the roster's {entry!r} (not checked against its counter)"


def test_c10_11_a_vehicle_named_only_hooks_up_with_its_roster_mp_t_number_and_pp_named_unverified() -> None:
    """The SPW 250/1 stating no MP, T# nor PP takes the roster's 16 MP (half is 8 to hook up), T9
    and 9 PP (5 left after the 37L's 4 PP of ammunition, C10.13); a named-only 45L AT its M12."""
    situation = board({"spw": {"mp": None, "towing": None, "pp": None},
                       "at37": {"name": "45L AT", "manhandling": None}})
    answer = ask(situation, "hook_up")
    assert (answer["legal"], answer["mp_cost"], answer["pp_left"]) == (True, 8, 5)
    assert answer["unverified"] == [roster_line("spw", "MP 16", "SPW 250/1"), roster_line("spw", "T# 9", "SPW 250/1"),
                                    roster_line("at37", "M# 12", "45L AT"), roster_line("spw", "PP 9", "SPW 250/1")]


def test_c10_11_a_vehicle_stating_its_numbers_takes_no_roster_line() -> None:
    answer = ask(board(), "hook_up")
    assert (answer["legal"], answer["mp_cost"], answer["pp_left"]) == (True, 7, 5)
    assert not [note for note in answer.get("unverified", []) if "roster" in note]


def test_c10_11_a_vehicle_the_roster_lacks_says_its_mp_is_missing() -> None:
    with pytest.raises(AslError) as raised:
        ask(board({"spw": {"mp": None, "name": "Opel Blitz"}}), "hook_up")
    assert (raised.value.message, raised.value.path) == (
        'vehicle spw has no printed MP allotment ("mp")', "units[2].mp")


# -- what a unit spent this MPh: kept on it by a committed move (DESIGN.md 13) ----------------------
@pytest.mark.parametrize(("kind", "units", "keys", "rule"), [
    ("hook_up", {"spw": {"mp_spent": 7}}, {"mp_spent": 7}, "C10.11"),  # 13 MP: 6 left, hooking costs 7
    ("hook_up", {"c1": {"mf_spent": 3}}, {"crew_mf_spent": 3}, "C10.11"),  # more than half its 4 MF
    ("portee_load", {"spw": {"mp_spent": 2}}, {"mp_spent": 2}, "C10.51"),  # no loading after spending MP
])
def test_c10_11_c10_51_what_a_unit_has_spent_counts_as_the_action_key_does(
        kind: str, units: dict[str, Any], keys: dict[str, Any], rule: str) -> None:
    """A vehicle or crew that has moved keeps what it spent (``mp_spent``/``mf_spent``): hooking up
    or loading after it is checked against it, as when the action gives it (it was ignored)."""
    kept, given = ask(board(units), kind), ask(board(), kind, **keys)
    assert kept["legal"] is False and cites(kept, rule)
    assert kept["reasons"] == given["reasons"]


def test_c10_11_the_action_key_stands_for_what_the_unit_keeps() -> None:
    assert ask(board({"spw": {"mp_spent": 7}}), "hook_up", mp_spent=6)["legal"] is True
    half = ask(board({"spw": {"mp_spent": 6.5}}), "hook_up")  # a road hexside's 1/2 MP among them
    assert half["reasons"] == ["spw has 6.5 MP left, needs 7 (C10.11)"]
