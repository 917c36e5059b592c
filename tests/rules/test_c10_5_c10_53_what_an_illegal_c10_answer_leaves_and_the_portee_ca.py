"""What a C10 answer says of the state the action leaves: a legal one the Gun's CA and mode, the PP left,
who may still fire or push; an illegal one nothing, as nothing happens: those keys are null
(docs/contract.md), while what the action would cost (MP, MF, ammo PP) is still answered (C10.11,
C10.12, C10.21, C10.5). And the CA a Gun loaded en portee takes: the VCA or the rear VCA (C10.53),
as ``ca`` says; without ``ca``, the one it already coincides with, else the VCA, and a note says the
Gun was turned; an RFNM Gun, which never changes its CA (C10.25), is not turned to load."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aslgui.model import Scenario
from aslgui.rules import resolve
from tests.rules.fixtures.boards import board_from

AFTER = {
    "hook_up": ("ca", "ti", "pp_left", "may_fire_this_player_turn"),
    "unhook": ("ca", "ti", "pp_left", "must_unlimber", "may_push_this_player_turn"),
    "limber": ("ca", "ti", "limbered", "may_fire_this_player_turn"),
    "unlimber": ("ca", "ti", "limbered", "may_fire_this_player_turn"),
    "portee_load": ("ca", "ti", "limbered", "pp_left"),
    "portee_unload": ("ca", "ti", "limbered", "pp_left"),
}
#: What each action costs or is, answered legal or not.
COSTS = {"hook_up": ("mp_cost", "ammo_pp", "tow_mp_per_hex"), "unhook": ("mp_cost",), "limber": ("can_fire_limbered",),
         "unlimber": ("can_fire_limbered",), "portee_load": ("crew_mf_cost", "hazardous_movement"),
         "portee_unload": ("crew_mf_cost", "hazardous_movement")}
NOTE_END = "(C10.53)"


def _board(phase: str = "MPh", **units: dict[str, Any]) -> Scenario:
    """The C10 board: the limbered 37L AT (CA N/NE) and its crew c1 beside an SPW 250/1 (VCA N/NE, 12 PP)."""
    return board_from("c10_board.json", {"spw": {"portee": True, "pp": 12}, **units}, phase=phase)


def _ask(situation: Scenario, kind: str, **keys: Any) -> dict[str, Any]:
    vehicle = {} if kind in ("limber", "unlimber") else {"vehicle": "spw"}
    return resolve(situation, {"kind": kind, **vehicle, "gun": "at37", **keys}).to_json()


#: (kind, the legal situation, the same made illegal by one change).
CASES = [
    ("hook_up", {}, {"c1": {"pinned": True}}),
    ("unhook", {"at37": {"towed_by": "spw"}}, {"at37": {"towed_by": "spw"}, "c1": {"broken": True}}),
    ("limber", {"at37": {"limbered": False}}, {"at37": {"limbered": False, "nm": True}}),
    ("unlimber", {}, {"at37": {"towed_by": "spw"}}),
    ("portee_load", {}, {"at37": {"limbered": False}}),  # case 12: a non-QSU Gun loads limbered (C10.51)
    ("portee_unload", {"at37": {"aboard": "spw"}}, {}),
]


@pytest.mark.parametrize(("kind", "legal", "illegal"), CASES)
def test_c10_11_c10_12_c10_21_c10_51_an_illegal_answer_leaves_after_action_keys_null_and_answers_the_costs(
        kind: str, legal: dict[str, Any], illegal: dict[str, Any]) -> None:
    phase = "PFPh" if kind in ("limber", "unlimber") else "MPh"
    done, refused = _ask(_board(phase, **legal), kind), _ask(_board(phase, **illegal), kind)
    assert (done["legal"], refused["legal"]) == (True, False), done["reasons"]
    assert all(done[key] is not None for key in AFTER[kind])
    assert {key: refused[key] for key in AFTER[kind]} == dict.fromkeys(AFTER[kind])
    assert {key: refused[key] for key in COSTS[kind]} == {key: done[key] for key in COSTS[kind]}


def test_c10_51_a_legal_load_answers_the_gun_limbered_on_the_vca_with_5_pp_left() -> None:
    answer = _ask(_board(), "portee_load")
    assert (answer["ca"], answer["limbered"], answer["pp_left"], answer["ti"]) == ("N/NE", True, 5, ["c1", "spw"])


def test_c10_5_a_load_over_the_pp_is_refused_with_no_pp_left_answered() -> None:  # case 121
    answer = _ask(_board(spw={"portee": True, "pp": 13, "pp_used": 9}, at37={"qsu": True}), "portee_load")
    assert answer["legal"] is False and answer["pp_left"] is None and answer["limbered"] is None
    assert answer["reasons"] == ["the Gun and its ammo leave 5 PP but spw already carries 9 (C10.5)"]


# -- C10.53: the CA of a Gun loaded en portee ------------------------------------------------------------------
@pytest.mark.parametrize(("gun_ca", "keys", "ca", "turned"), [
    ("NE/SE", {}, "N/NE", True),         # case 6: neither the VCA nor the rear: turned to the VCA
    ("SE/S", {}, "N/NE", True),
    ("N/NE", {}, "N/NE", False),         # already on the VCA
    ("S/SW", {}, "S/SW", False),         # already on the rear VCA: kept there
    ("NE/SE", {"ca": "rear"}, "S/SW", False),  # asked for: no reading to state
    ("S/SW", {"ca": "vca"}, "N/NE", False),
])
def test_c10_53_the_gun_takes_the_vca_or_its_rear_and_a_note_says_when_it_was_turned_unasked(
        gun_ca: str, keys: dict[str, Any], ca: str, turned: bool) -> None:
    answer = _ask(_board(at37={"ca": gun_ca}), "portee_load", **keys)
    assert answer["legal"] is True, answer["reasons"]
    assert answer["ca"] == ca
    notes = [n for n in answer["notes"] if n.endswith(NOTE_END)]
    assert notes == ([f"read: no ca given and at37's CA ({gun_ca}) is neither spw's VCA nor its rear, so at37 is "
                      f"turned to the VCA ({ca}) as it is loaded, as it must coincide with one of them; give "
                      '"ca": "rear" for the other (C10.53)'] if turned else [])


@pytest.mark.parametrize(("gun_ca", "legal"), [("NE/SE", False), ("S/SW", True), ("N/NE", True)])
def test_c10_25_an_rfnm_gun_is_loaded_only_on_the_side_its_ca_already_points_to(gun_ca: str, legal: bool) -> None:
    answer = _ask(_board(at37={"ca": gun_ca, "rfnm": True}), "portee_load")
    assert answer["legal"] is legal, answer["reasons"]
    assert any(r.endswith("(C10.25)") for r in answer["reasons"]) is not legal
    assert answer["ca"] == (gun_ca if legal else None)


GUN_FLAGS = st.fixed_dictionaries({}, optional={
    "limbered": st.booleans(), "qsu": st.booleans(), "nm": st.booleans(), "rfnm": st.booleans(),
    "fired": st.booleans(), "ti": st.booleans(), "ca": st.sampled_from(["N/NE", "NE/SE", "S/SW"]),
    "towed_by": st.just("spw"), "aboard": st.just("spw")})
CREW_FLAGS = st.fixed_dictionaries({}, optional={
    "pinned": st.booleans(), "broken": st.booleans(), "ti": st.booleans(), "moved": st.booleans(),
    "aboard": st.just("spw")})


@settings(max_examples=120, deadline=None)
@given(kind=st.sampled_from(sorted(AFTER)), gun=GUN_FLAGS, crew=CREW_FLAGS,
       phase=st.sampled_from(["PFPh", "MPh", "AFPh"]), ca=st.sampled_from([None, "vca", "rear"]))
def test_c10_5_whatever_the_situation_an_answer_fills_the_after_action_keys_exactly_when_legal(
        kind: str, gun: dict[str, Any], crew: dict[str, Any], phase: str, ca: str | None) -> None:
    if "towed_by" in gun and "aboard" in gun:
        del gun["aboard"]  # a Gun is in tow or en portee, not both (C10.5)
    keys = {"ca": ca} if ca is not None and kind == "portee_load" else {}
    answer = _ask(_board(phase, at37=gun, c1=crew), kind, **keys)
    filled = [answer[key] is not None for key in AFTER[kind]]
    assert filled == [answer["legal"]] * len(filled), (answer["legal"], answer["reasons"])
    assert all(answer[key] is not None for key in COSTS[kind])
