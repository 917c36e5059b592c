"""OVR FP, DRM and malfunction clauses from the second review:
D7.11: only a CE armored halftrack's Passengers add one-half of their printed FP (tripled); the
Passengers of every other vehicle add one-fourth. A vehicle is a halftrack when it says so
(``"type": "ht"``) or its roster entry does; without a type the answer uses one-fourth and says so.
D7.15: FFMO -1 vs Infantry in any Open Ground hex, cumulative with TEM such as a shellhole's or a
wall's (the wall replacing, not adding to, the in-hex TEM; B9.31); an OVR using only a FT loses the
TEM but keeps the FFMO.
D7.17 (A9.74 read): vs only inanimate objects, an Original 12 immobilizes instead of malfunctioning."""

from __future__ import annotations

from typing import Any

import pytest

from aslgui.model import Scenario
from aslgui.rules import resolve
from tests.rules.fixtures.boards import board_from, drm_of

PAX = {"id": "pax", "side": "german", "nationality": "german", "kind": "squad", "name": "4-6-7", "hex": "1D3",
       "aboard": "tank"}


def _carrier(**keys: Any) -> Scenario:
    """The D7.22 EX board with the tank replaced by a vehicle of these keys carrying a 4-6-7."""
    base: dict[str, Any] = {"ma": None, "mgs": [], "turret": None, "tca": None, "bu": False, "mp": 16}
    return board_from("d7_ex.json", {"tank": {**base, **keys}}, [PAX])


def _ovr(situation: Scenario, target_hex: str = "1C3", **action: Any) -> dict[str, Any]:
    answer = resolve(situation, {"kind": "overrun", "vehicle": "tank", "target_hex": target_hex, **action}).to_json()
    assert answer["legal"] is True, answer["reasons"]
    return answer


def _passenger_fp(answer: dict[str, Any]) -> float:
    return sum(part["fp"] for part in answer["fp_parts"] if part["source"].startswith("pax"))


# -- D7.11 ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "keys",
    [
        {"name": "SPW 250/1", "tracked": False},  # the roster says ht
        {"name": "M3 Halftrack", "nationality": "american", "tracked": False},
        {"name": "SdKfz 251/1", "type": "ht", "tracked": False},  # the unit says so
        {"name": "halftrack", "type": "HT", "tracked": False},
        {"name": "halftrack", "type": "ht", "tracked": False, "ce": True},  # its CE counter
    ],
)
def test_d7_11_ce_armored_halftrack_passengers_add_one_half_tripled(keys: dict[str, Any]) -> None:
    answer = _ovr(_carrier(**keys))
    assert _passenger_fp(answer) == 4 * 0.5 * 3
    assert not any("(D7.11)" in note for note in answer["notes"])


@pytest.mark.parametrize(
    ("keys", "words"),
    [
        ({"name": "SPW 250/1", "tracked": False, "bu": True}, "is BU"),
        ({"name": "SPW 250/1", "tracked": False, "ce": False}, "is not CE"),  # said so in the file
        ({"name": "unarmored halftrack", "type": "ht", "afv": False, "tracked": False}, "is not armored"),
    ],
)
def test_d7_11_only_a_ce_armored_halftrack_bu_or_unarmored_ones_add_one_fourth(keys: dict[str, Any],
                                                                               words: str) -> None:
    answer = _ovr(_carrier(**keys))
    assert _passenger_fp(answer) == 4 * 0.25 * 3
    assert any(words in note and note.endswith("(D7.11)") for note in answer["notes"])


@pytest.mark.parametrize(
    "keys",
    [
        {"name": "PSW 234/2", "tracked": False, "ma": {"caliber": 50, "barrel": "L"}},  # roster: an armored car
        {"name": "armored car", "type": "ac", "tracked": False},
        {"name": "PzKpfw IIIG", "ma": {"caliber": 50, "barrel": "L"}},  # roster: a tank
        {"name": "truck", "type": "truck", "afv": False, "tracked": False},
    ],
)
def test_d7_11_passengers_of_other_vehicles_add_one_fourth(keys: dict[str, Any]) -> None:
    answer = _ovr(_carrier(**keys))
    assert _passenger_fp(answer) == 4 * 0.25 * 3
    assert not any("(D7.11)" in note for note in answer["notes"])


@pytest.mark.parametrize(
    "keys",
    [
        {"name": "scout car", "afv": False, "tracked": False},  # an unarmored scout car
        {"name": "armored wheels", "tracked": False},  # armored, not tracked: still not known to be a halftrack
        {"name": "14-MP tank"},
    ],
)
def test_d7_11_without_a_type_passengers_add_one_fourth_and_the_answer_says_so(keys: dict[str, Any]) -> None:
    answer = _ovr(_carrier(**keys))
    assert _passenger_fp(answer) == 4 * 0.25 * 3
    assert any('"type": "ht"' in note and "one-fourth" in note and note.endswith("(D7.11)")
               for note in answer["notes"])


def test_d7_11_no_passengers_no_passenger_note() -> None:
    answer = _ovr(board_from("d7_ex.json"), mp_spent=2)
    assert answer["notes"] == []


# -- D7.15 ----------------------------------------------------------------------------------------
#: The tank armed with a FT MA only, for an OVR using only a FT (D7.15).
FT_TANK = {"ma": {"kind": "ft", "fp": 24}, "mgs": []}


def _ovr_into(terrain: str, target_kind: str = "squad", hexside: str | None = None, ft_only: bool = False
              ) -> dict[str, Any]:
    target = {"id": "d", "side": "russian", "nationality": "russian", "kind": target_kind, "hex": "1C4",
              "name": "4-4-7" if target_kind == "squad" else "8-1"}
    if target_kind == "vehicle":
        target.update(name="truck", afv=False, vca="N/NE")
    top: dict[str, Any] = {"terrain": {"1C4": terrain}}
    if hexside:
        top["hexsides"] = {"1D3/1C4": hexside}
    changes = {"s628": {"hex": "1C2"}, **({"tank": FT_TANK} if ft_only else {})}
    keys = {"ft_only": True} if ft_only else {}
    return _ovr(board_from("d7_ex.json", changes, [target], **top), "1C4", target="d", **keys)


@pytest.mark.parametrize("target_kind", ["squad", "leader"])
def test_d7_15_ovr_into_a_shellhole_hex_nets_plus_1_minus_1(target_kind: str) -> None:
    answer = _ovr_into("shellhole", target_kind)
    assert drm_of(answer, "TEM") == [1] and drm_of(answer, "FFMO") == [-1]
    assert answer["total_drm"] == 0


@pytest.mark.parametrize(("terrain", "hexside", "tem"), [("open ground", "wall", 2), ("open ground", "hedge", 1),
                                                         ("shellhole", "wall", 2), ("road", "wall", 2)])
def test_d7_15_ffmo_is_cumulative_with_a_wall_or_hedge_crossed(terrain: str, hexside: str, tem: int) -> None:
    answer = _ovr_into(terrain, hexside=hexside)
    assert drm_of(answer, "TEM") == [tem] and drm_of(answer, "FFMO") == [-1]


@pytest.mark.parametrize("terrain", ["open ground", "road"])
def test_d7_15_ffmo_in_open_ground_and_road_hexes(terrain: str) -> None:
    answer = _ovr_into(terrain)
    assert drm_of(answer, "FFMO") == [-1] and drm_of(answer, "TEM") == []


@pytest.mark.parametrize("terrain", ["woods", "stone building", "wooden building", "brush", "grain"])
def test_d7_15_no_ffmo_outside_open_ground(terrain: str) -> None:
    assert drm_of(_ovr_into(terrain), "FFMO") == []


def test_d7_15_ffmo_only_vs_infantry_not_a_truck_in_a_shellhole() -> None:
    answer = _ovr_into("shellhole", "vehicle")
    assert drm_of(answer, "FFMO") == []


@pytest.mark.parametrize(("terrain", "hexside"), [("open ground", None), ("road", None), ("shellhole", None),
                                                  ("open ground", "wall"), ("shellhole", "hedge")])
@pytest.mark.parametrize("target_kind", ["squad", "leader"])
def test_d7_15_a_ft_only_ovr_loses_the_tem_but_not_the_ffmo_in_open_ground(terrain: str, hexside: str | None,
                                                                             target_kind: str) -> None:
    answer = _ovr_into(terrain, target_kind, hexside, ft_only=True)
    assert (answer["fp"], drm_of(answer, "TEM"), drm_of(answer, "FFMO")) == (24, [], [-1])
    assert answer["total_drm"] == -1 and answer["targets"][0]["total_drm"] == -1


@pytest.mark.parametrize(("terrain", "target_kind"), [("woods", "squad"), ("stone building", "squad"),
                                                      ("shellhole", "vehicle"), ("open ground", "vehicle")])
def test_d7_15_a_ft_only_ovr_has_no_ffmo_outside_open_ground_or_vs_a_vehicle(terrain: str, target_kind: str) -> None:
    answer = _ovr_into(terrain, target_kind, ft_only=True)
    assert answer["drm"] == [] and answer["total_drm"] == 0


# -- D7.17, A9.74 as read here ---------------------------------------------------------------------
GUN = {"id": "gun", "side": "russian", "nationality": "russian", "kind": "gun", "name": "45L AT", "hex": "1C4",
       "ca": "N/NE", "crew": "crew"}
CREW = {"id": "crew", "side": "russian", "nationality": "russian", "kind": "crew", "name": "2-2-8", "hex": "1C4"}


def _ovr_gun(crew_hex: str, dice: tuple[int, int], **tank: Any) -> dict[str, Any]:
    situation = board_from("d7_ex.json", {"s628": {"hex": "1C2"}, "tank": tank}, [GUN, {**CREW, "hex": crew_hex}])
    return _ovr(situation, "1C4", dice={"colored": dice[0], "white": dice[1]})


@pytest.mark.parametrize("crew_hex", ["1C2", "1B3"])
def test_d7_17_vs_only_an_unmanned_gun_an_original_12_immobilizes(crew_hex: str) -> None:
    answer = _ovr_gun(crew_hex, (6, 6))
    assert (answer["outcome"]["malfunction"], answer["outcome"]["immobilized"]) == (False, True)
    assert any("A9.74" in note and note.endswith("(D7.17)") for note in answer["notes"])


def test_d7_17_a_manned_gun_is_no_inanimate_object() -> None:
    answer = _ovr_gun("1C4", (6, 6))
    assert (answer["outcome"]["malfunction"], answer["outcome"]["immobilized"]) == (True, False)
    assert not any("A9.74" in note for note in answer["notes"])


def test_d7_17_vs_an_unmanned_gun_a_low_breakdown_ma_does_not_malfunction_below_12() -> None:
    answer = _ovr_gun("1C2", (5, 6), breakdown=11)
    assert (answer["outcome"]["malfunction"], answer["outcome"]["immobilized"]) == (False, False)
    manned = _ovr_gun("1C4", (5, 6), breakdown=11)
    assert manned["outcome"]["malfunction"] is True


# -- A7: the IFT's results are Personnel results -----------------------------------------------------
def _per_target(answer: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {target["id"]: target for target in answer["outcome"]["targets"]}


@pytest.mark.parametrize("dice", [(3, 3), (4, 4), (5, 5)])
def test_a7_a_gun_s_mc_result_says_a_gun_takes_none_and_its_crew_s_is_its_own(dice: tuple[int, int]) -> None:
    targets = _per_target(_ovr_gun("1C4", dice))
    gun, crew = targets["gun"], targets["crew"]
    if gun["result"].endswith("MC") or gun["result"] == "PTC":
        assert gun["notes"] == ["the IFT gives Personnel results: a Gun takes no MC or PTC; its crew's own result "
                                "applies to the crew (A7)"]
    else:
        assert "notes" not in gun
    assert "notes" not in crew


def test_a7_a_gun_s_kia_or_k_result_has_no_such_note() -> None:
    """What a KIA or K/# does to a Gun is not in the rules folder: nothing is said of it."""
    for dice in ((1, 1), (2, 2)):
        gun = _per_target(_ovr_gun("1C4", dice))["gun"]
        assert "notes" not in gun and ("KIA" in gun["result"] or gun["result"].startswith("K/"))
