"""EXC / NA / "unless" / "only" clauses that had no test of their own (docs/rules-coverage.md lists
each clause and its tests), and the numbered paragraphs that had none: each test is named after the
paragraph whose clause it checks."""

from __future__ import annotations

from typing import Any

import pytest

from aslgui.model import Scenario
from aslgui.rules import resolve
from aslgui.rules.apply import unit_changes
from tests.rules.fixtures.boards import board_from
from tests.rules.fixtures.to_hit_scenarios import drm, fire, german_tank, russian_gun, scenario, unit


def _commit(situation: Scenario, action: dict[str, Any]) -> dict[str, Any]:
    resolution = resolve(situation, action)
    for changed in unit_changes(situation, action, resolution):
        situation.units[changed.id] = changed
    return resolution.to_json()


# -- C3.1, C3.5, C3.53 -------------------------------------------------------------------------------
@pytest.mark.parametrize(("dice", "hit"), [((2, 3), True), ((6, 6), False)])
def test_c3_1_effects_follow_only_a_hit(dice: tuple[int, int], hit: bool) -> None:
    situation = scenario(russian_gun("4E5", "S/SW"), unit("s", "squad", "4E8"))
    outcome = fire(situation, firer="g", target="s", dice={"colored": dice[0], "white": dice[1]}, dr=6)["outcome"]
    assert outcome["hit"] is hit
    assert ("ift_column" in outcome) is hit and ("effects_drm" in outcome) is hit


@pytest.mark.parametrize("why", [{"target": {"concealed": True}}, {"crew": {"crew_pinned": True}},
                                 {"phase": "AFPh"}])
def test_c3_5_c3_53_ordnance_he_fp_is_not_halved_for_concealment_pin_or_the_afph(why: dict[str, Any]) -> None:
    def shot(**keys: Any) -> dict[str, Any]:
        situation = scenario(russian_gun("4E5", "S/SW", name="76L ART", **keys.get("crew", {})),
                             unit("s", "squad", "4E8", **keys.get("target", {})), phase=keys.get("phase", "PFPh"))
        return fire(situation, firer="g", target="s", target_type="infantry")

    plain, other = shot(), shot(**why)
    assert other["fp"] == plain["fp"] > 0


# -- C3.31, C3.33, C3.41 -----------------------------------------------------------------------------
@pytest.mark.parametrize("ammo", ["HE", "SMOKE"])
def test_c3_31_exc_he_or_smoke_at_an_afv_may_use_the_area_target_type(ammo: str) -> None:
    situation = scenario(russian_gun("4E5", "S/SW", name="76L ART"), german_tank(hex_name="4E8"))
    assert fire(situation, firer="g", target_hex="4E8", target_type="area", ammo=ammo)["legal"] is True
    ap = fire(situation, firer="g", target="t", target_type="area", ammo="AP")
    assert ap["legal"] is False


def test_c3_33_exc_a_latw_firing_smoke_is_not_told_to_use_the_area_target_type() -> None:
    latw = scenario(russian_gun("4E5", "S/SW", name="PIAT", caliber=88, latw=True), unit("s", "squad", "4E7"))
    gun = scenario(russian_gun("4E5", "S/SW", name="76L ART"), unit("s", "squad", "4E7"))
    must = "ordnance firing SMOKE uses the Area Target Type (C3.33)"
    assert must not in fire(latw, firer="g", target="s", target_type="infantry", ammo="SMOKE")["reasons"]
    assert must in fire(gun, firer="g", target="s", target_type="infantry", ammo="SMOKE")["reasons"]


@pytest.mark.parametrize(("target", "target_type", "legal"), [
    (None, "area", True),  # a hex devoid of units
    ({"id": "gun", "side": "german", "nationality": "german", "kind": "gun", "name": "50L AT", "hex": "4E8",
      "ca": "N/NE"}, "infantry", True),  # an unmanned Gun
    ({"id": "truck", "side": "german", "nationality": "german", "kind": "vehicle", "hex": "4E8", "vca": "N/NE",
      "afv": False}, "infantry", True),
    (german_tank(hex_name="4E8"), "infantry", False),  # C3.41 EXC: not an AFV
])
def test_c3_41_infantry_and_area_target_types_attack_unarmored_targets_or_empty_hexes(
        target: dict[str, Any] | None, target_type: str, legal: bool) -> None:
    situation = scenario(russian_gun("4E5", "S/SW", name="76L ART"), *([target] if target else []))
    where: dict[str, Any] = {"target": target["id"]} if target else {"target_hex": "4E8"}
    answer = fire(situation, firer="g", target_type=target_type, **where)
    assert answer["legal"] is legal
    if not legal:
        assert any(r.endswith("(C3.32)") for r in answer["reasons"])


# -- C3.71 EXC Hindrance, C3.72 --------------------------------------------------------------------
def test_c3_71_exc_a_hindrance_on_the_th_dr_is_not_reversed_by_a_ch() -> None:
    situation = scenario(russian_gun("4E5", "S/SW", name="76L ART"), unit("s", "squad", "4E8"),
                         terrain={"4E6": "grain", "4E7": "grain"})
    answer = fire(situation, firer="g", target="s", target_type="infantry", dice={"colored": 1, "white": 1}, dr=1)
    assert [line["case"] for line in answer["drm"]] == ["R", "R"]
    assert answer["outcome"]["critical"] is True and answer["outcome"]["effects_drm"] == []


def _area_at_tank(dice: tuple[int, int], **keys: Any) -> dict[str, Any]:
    situation = scenario(russian_gun("4E5", "S/SW", name="76L ART"), german_tank(hex_name="4E8", **keys),
                         hexsides={"4E7/4E8": "hedge"})
    return fire(situation, firer="g", target="t", target_type="area", dice={"colored": dice[0], "white": dice[1]},
                dr=1)


def test_c3_72_a_he_ch_vs_an_afv_on_the_area_type_takes_doubled_full_fp_and_no_tem() -> None:
    plain, critical = _area_at_tank((1, 2)), _area_at_tank((1, 1))
    assert plain["outcome"]["critical"] is False and critical["outcome"]["critical"] is True
    assert [line["rule"] for line in plain["outcome"]["effects_drm"]] == ["C3.4", "C1.55"]  # hedge +1, AF <= 4
    assert [line["rule"] for line in critical["outcome"]["effects_drm"]] == ["C1.55"]
    assert critical["outcome"]["fp"] == 4 * plain["outcome"]["fp"]


@pytest.mark.parametrize(("firer", "target"), [
    (russian_gun("4E5", "S/SW"), german_tank(hex_name="4E8")),
    (german_tank(hex_name="4E9"), {"id": "r", "side": "russian", "nationality": "russian", "kind": "vehicle",
                                   "name": "T-34 M41", "hex": "4E6", "vca": "S/SW"}),
])
def test_c3_71_exc_c3_72_a_ch_needing_a_tk_dr_doubles_the_basic_tk(firer: Any, target: dict[str, Any]) -> None:
    firer_id = "g" if isinstance(firer, list) else "t"
    situation = scenario(firer, target, player="russian" if firer_id == "g" else "german")
    critical = fire(situation, firer=firer_id, target=target["id"], dice={"colored": 1, "white": 1})["outcome"]
    plain = fire(situation, firer=firer_id, target=target["id"], dice={"colored": 1, "white": 2})["outcome"]
    assert critical["critical"] is True and "a CH doubles the Basic TK# (C3.71, C3.72)" in critical["notes"]
    assert plain["hit"] is True and plain["notes"] == []


# -- C5.3, C5.11 EXC, C5.12 ------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "keys", "noted"), [
    ("PzKpfw IIIG", {}, True),  # roster ROF 2
    ("PzKpfw VIE", {}, True),  # roster ROF 1: a Multiple ROF too (coloured dr 1 keeps it)
    ("PzKpfw VIE", {"rof": 0}, False),  # no Multiple ROF
])
def test_c5_3_a_bounding_first_firer_with_multiple_rof_fires_again_only_after_another_mp(
        name: str, keys: dict[str, Any], noted: bool) -> None:
    situation = scenario(german_tank(hex_name="4E9", name=name, **keys), unit("s", "squad", "4E6", side="russian"),
                         phase="MPh", player="german")
    notes = fire(situation, firer="t", target="s")["notes"]
    assert ("with a Multiple ROF it may fire again only after expending another MP (C5.3)" in notes) is noted


def test_c5_11_exc_a_bounding_first_firer_in_woods_is_not_held_to_its_ca_by_c5_11() -> None:
    situation = scenario(german_tank(hex_name="4E9", vca="N/NE", tca="S/SW", fired=True, rof_kept="MPh"),
                         unit("s", "squad", "4E6", side="russian"), phase="MPh", player="german",
                         terrain={"4E9": "woods"})
    answer = fire(situation, firer="t", target="s")
    assert not any(r.endswith("(C5.11)") for r in answer["reasons"])
    assert any(r.endswith("(C5.13)") for r in answer["reasons"])  # it turns only by spending MP
    assert not any("fires only inside its CA" in note for note in answer["notes"])
    gun = scenario(russian_gun("4E9", "N/NE", fired=True, rof_kept="PFPh"), unit("s", "squad", "4E6"),
                   terrain={"4E9": "woods"})
    assert any(r.endswith("(C5.11)") for r in fire(gun, firer="g", target="s")["reasons"]) is False  # in its CA
    turned = scenario(russian_gun("4E9", "S/SW", fired=True, rof_kept="PFPh"), unit("s", "squad", "4E6"),
                      terrain={"4E9": "woods"})
    assert any(r.endswith("(C5.11)") for r in fire(turned, firer="g", target="s")["reasons"])


def test_c5_12_case_a_applies_only_to_the_shot_that_turns_the_ca() -> None:
    situation = scenario(russian_gun("4E5", "S/SW"), unit("s", "squad", "4F3"), unit("s2", "squad", "4E8"))
    first = _commit(situation, {"kind": "fire", "firer": "g", "target": "s", "dice": {"colored": 1, "white": 5}})
    assert drm(first)["A"] == 5 and first["outcome"]["rof_retained"] is True
    again = fire(situation, firer="g", target="s")
    assert again["legal"] is True and "A" not in drm(again)  # unless it turns again (C5.12)
    back = fire(situation, firer="g", target="s2")
    assert back["ca_change_spines"] > 0 and "A" in drm(back)


# -- C5.35 NA, C10.54 EXC ---------------------------------------------------------------------------
TRUCK = {"id": "truck", "side": "russian", "nationality": "russian", "kind": "vehicle", "hex": "4E5", "vca": "S/SW",
         "afv": False, "mp": 20, "pp": 8, "motion": True, "stopped": False}


def _porteed(phase: str, player: str) -> dict[str, Any]:
    situation = scenario(russian_gun("4E5", "S/SW", aboard="truck", crew_aboard="truck"), TRUCK,
                         german_tank(hex_name="4E8"), phase=phase, player=player)
    return fire(situation, firer="g", target="t")


def test_c5_35_na_motion_fire_is_not_for_a_gun_en_portee() -> None:
    """Motion Fire is NA for it: the Gun does not fire while its truck is in Motion (C5.35, C10.54)."""
    answer = _porteed("DFPh", "german")
    assert answer["legal"] is False and "C4" not in drm(answer) and answer["doubled_lower_dr"] is False
    assert any(r.endswith("Motion Fire is NA for a Gun en portee: truck is in Motion/not Stopped (C10.54, C5.35)")
               for r in answer["reasons"])


def test_c10_54_exc_a_porteed_gun_makes_no_bounding_first_fire() -> None:
    answer = _porteed("MPh", "russian")
    assert answer["legal"] is False and any("Bounding First Fire is NA for a Gun en portee, as in truck's MPh (C10.54)"
                                            in r for r in answer["reasons"])


# -- C5.6, C5.63 ------------------------------------------------------------------------------------
def test_c5_6_intensive_fire_only_by_guns_not_a_latw() -> None:
    situation = scenario(russian_gun("4E5", "S/SW", name="PIAT", caliber=88, latw=True, fired=True),
                         german_tank(hex_name="4E7"))
    answer = fire(situation, firer="g", target="t", intensive=True)
    assert answer["legal"] is False and any("not SW" in r and r.endswith("(C5.6)") for r in answer["reasons"])


def test_c5_63_case_b_applies_to_intensive_fire_only_inside_case_c() -> None:
    gun = scenario(russian_gun("4E5", "S/SW", fired=True), german_tank(hex_name="4E8"), phase="AFPh")
    gun_shot = fire(gun, firer="g", target="t", intensive=True, opportunity=True)
    assert gun_shot["legal"] is True and "B" not in drm(gun_shot) and drm(gun_shot)["F"] == 2
    # Inside Case C: a moving vehicle's Intensive Fire as Bounding First Fire in its MPh (C5.3). In the
    # AFPh it would need Opportunity Fire, which a vehicle that moved does not have (read as A7.25).
    tank = scenario(german_tank(hex_name="4E9", moved=True, fired=True), unit("s", "squad", "4E6", side="russian"),
                    phase="MPh", player="german")
    tank_shot = fire(tank, firer="t", target="s", intensive=True)
    assert tank_shot["legal"] is True, tank_shot["reasons"]
    assert drm(tank_shot)["B"] == 2 and "C" in drm(tank_shot) and drm(tank_shot)["F"] == 2
    afph = fire(scenario(german_tank(hex_name="4E9", moved=True, fired=True), unit("s", "squad", "4E6", side="russian"),
                         phase="AFPh", player="german"), firer="t", target="s", intensive=True, opportunity=True)
    assert afph["legal"] is False and any(r.endswith("(A7.25, C5.2)") for r in afph["reasons"])


# -- D7.1 EXC 7.14, D7.16 ---------------------------------------------------------------------------
def test_d7_1_exc_d7_14_a_vehicle_that_ovred_may_ovr_again() -> None:
    """An OVR marks no Bounding First Fire counter, so the vehicle goes on to OVR the next hex."""
    squad = {"id": "s2", "side": "russian", "nationality": "russian", "kind": "squad", "name": "4-4-7", "hex": "1B3"}
    situation = board_from("d7_ex.json", {"tank": {"hex": "1C3", "moved": True}, "s628": {"hex": "1C3"}}, [squad])
    answer = resolve(situation, {"kind": "overrun", "vehicle": "tank", "target_hex": "1B3", "mp_spent": 2}).to_json()
    assert answer["legal"] is True, answer["reasons"]


def test_d7_16_only_one_leadership_modifier_and_the_vehicle_need_not_be_a_halftrack() -> None:
    leaders = [{"id": f"l{i}", "side": "german", "nationality": "german", "kind": "leader", "name": f"9-{i}",
                "hex": "1D3", "aboard": "tank"} for i in (1, 2)]
    situation = board_from("d7_ex.json", None, leaders)
    answer = resolve(situation, {"kind": "overrun", "vehicle": "tank", "target_hex": "1C3", "leader": "l2"}).to_json()
    assert [line["value"] for line in answer["drm"] if line["case"] == "leadership"] == [-2]


# -- D7.21 EXC, D7.211 ------------------------------------------------------------------------------
def _react(situation: Scenario, unit_id: str, **keys: Any) -> dict[str, Any]:
    action = {"kind": "reaction_fire", "unit": unit_id, "vehicle": "tank", "type": "cc", **keys}
    return resolve(situation, action).to_json()


def test_d7_21_exc_ambush_is_na_unless_street_fighting() -> None:
    here = board_from("d7_ex.json", {"tank": {"hex": "1C3"}, "s628": {"fired": False}})
    assert [line["case"] for line in _react(here, "s628")["drm"]] == ["CC"]
    adjacent = board_from("d7_ex.json", {"tank": {"hex": "1E3"}})
    assert "ambush" in [line["case"] for line in _react(adjacent, "s447", street_fighting=True)["drm"]]


@pytest.mark.parametrize(("kind", "street", "legal"), [("cc", True, True), ("cc", False, False),
                                                       ("non_cc", True, False)])
def test_d7_211_street_fighting_reaches_an_adjacent_vehicle_by_cc_only(kind: str, street: bool, legal: bool) -> None:
    adjacent = board_from("d7_ex.json", {"tank": {"hex": "1E3"}})
    answer = _react(adjacent, "s447", type=kind, street_fighting=street)
    assert answer["legal"] is legal
    if not legal:
        assert any("D7.211" in r for r in answer["reasons"])


@pytest.mark.parametrize("marked", [{"fire_counter": "first"}, {"sw_fired": True}, {"fire_counter": "final"}])
def test_d7_211_no_street_fighting_by_a_unit_or_its_sw_under_a_fire_counter(marked: dict[str, Any]) -> None:
    adjacent = board_from("d7_ex.json", {"tank": {"hex": "1E3"}})
    answer = _react(adjacent, "s447", street_fighting=True, **marked)
    assert answer["legal"] is False and any(r.endswith("(D7.211)") for r in answer["reasons"])


# -- C10.12 EXC, C10.23, C10.31 ---------------------------------------------------------------------
def _c10(units: dict[str, dict[str, Any]] | None = None) -> Scenario:
    return board_from("c10_board.json", units)


def test_c10_12_exc_after_unhooking_the_vehicle_may_spend_its_remaining_mp() -> None:
    situation = _c10({"at37": {"towed_by": "spw"}, "c1": {"aboard": "spw"}})
    answer = resolve(situation, {"kind": "unhook", "vehicle": "spw", "gun": "at37"}).to_json()
    assert answer["legal"] is True and "spw" not in answer["ti"] and {"at37", "c1"} <= set(answer["ti"])


@pytest.mark.parametrize("kind", ["limber", "unlimber"])
def test_c10_23_a_qsu_gun_is_never_limbered_or_unlimbered(kind: str) -> None:
    situation = _c10({"at37": {"qsu": True, "limbered": kind == "unlimber"}})
    situation.phase = "PFPh"
    answer = resolve(situation, {"kind": kind, "gun": "at37"}).to_json()
    assert answer["legal"] is False and any(r.endswith("(C10.23)") for r in answer["reasons"])


def test_c10_23_a_qsu_gun_is_hooked_up_in_its_normal_state() -> None:
    answer = resolve(_c10({"at37": {"qsu": True, "limbered": False}}),
                     {"kind": "hook_up", "vehicle": "spw", "gun": "at37"}).to_json()
    assert answer["legal"] is True, answer["reasons"]


def test_c10_31_hook_up_after_pushing_only_if_the_pushers_could_push_again() -> None:
    situation = _c10()
    answer = resolve(situation, {"kind": "hook_up", "vehicle": "spw", "gun": "at37", "push_stopped": True}).to_json()
    assert answer["legal"] is False and any(r.endswith("(C10.31)") for r in answer["reasons"])
    assert resolve(situation, {"kind": "hook_up", "vehicle": "spw", "gun": "at37"}).legal


@pytest.mark.parametrize(("spent", "legal"), [(5, True), (6, True), (7, False)])
def test_c10_31_and_only_if_the_vehicle_still_has_the_hook_up_mp(spent: int, legal: bool) -> None:
    """The SPW's 13 MP: hooking up costs 7 (half, FRU), so it may have spent 6 but not 7 (C10.11)."""
    answer = resolve(_c10(), {"kind": "hook_up", "vehicle": "spw", "gun": "at37", "mp_spent": spent}).to_json()
    assert (answer["mp_cost"], answer["legal"]) == (7, legal)
