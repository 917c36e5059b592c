"""Firer-based To Hit DRM (C5), one case at a time: values, when they apply, their texts."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules.fixtures.to_hit_scenarios import drm, fire, german_tank, russian_gun, scenario, unit

#: 4F3 lies inside the N/NE CA of 4E5, off both its boundary rows, so S/SW is three hexspines away.
SPINES_TO_4F3 = {"N/NE": 0, "NE/SE": 1, "SE/S": 2, "S/SW": 3}


def _gun_at_4f3(ca: str, mount: str, terrain: str = "open ground", **action: Any) -> dict[str, Any]:
    situation = scenario(russian_gun("4E5", ca, mount=mount), unit("s", "squad", "4F3"), terrain={"4E5": terrain})
    return fire(situation, firer="g", target="s", target_type="infantry", **action)


@pytest.mark.parametrize(("mount", "values"), [("T", (1, 2, 3)), ("ST", (2, 3, 4)), ("NT", (3, 4, 5))])
@pytest.mark.parametrize("ca", ["NE/SE", "SE/S", "S/SW"])
def test_c5_1_case_a_first_hexspine_by_gun_type_then_plus_one_each(
    mount: str, values: tuple[int, ...], ca: str
) -> None:
    spines = SPINES_TO_4F3[ca]
    answer = _gun_at_4f3(ca, mount)
    assert answer["ca_change_spines"] == spines
    assert drm(answer)["A"] == values[spines - 1]


def test_c5_1_nt_second_hexspine_is_plus_four_with_readable_text() -> None:
    line = _gun_at_4f3("SE/S", "NT")["drm"][0]
    assert line == {"case": "A", "rule": "C5.1", "value": 4, "text": "NT, 2 hexspines (CA)"}


def test_c5_1_no_case_a_inside_the_ca() -> None:
    answer = _gun_at_4f3("N/NE", "NT")
    assert answer["ca_change_spines"] == 0 and "A" not in drm(answer)


@pytest.mark.parametrize("terrain", ["woods", "stone building", "wooden rubble"])
def test_c5_11_case_a_doubled_in_woods_building_rubble(terrain: str) -> None:
    assert drm(_gun_at_4f3("NE/SE", "NT", terrain))["A"] == 6


def _turret_shot(pivot: str | None) -> dict[str, Any]:
    situation = scenario(
        german_tank(hex_name="4E5", vca="NE/SE", tca="NE/SE", turret="ST"),
        unit("s", "squad", "4E4", side="russian"),
        player="german",
    )
    action = {"pivot": pivot} if pivot else {}
    return fire(situation, firer="t", target="s", target_type="infantry", **action)


def test_c5_11_turreted_vehicle_turns_its_tca_at_its_turret_rate() -> None:
    line = _turret_shot(None)["drm"][0]
    assert (line["case"], line["value"], line["text"]) == ("A", 2, "ST, 1 hexspine (TCA)")


def test_c5_11_pivoting_the_vca_instead_uses_the_nt_rate() -> None:
    line = _turret_shot("vca")["drm"][0]
    assert (line["case"], line["value"], line["text"]) == ("A", 3, "NT, 1 hexspine (VCA)")


def _afph_gun(terrain: str = "open ground", **action: Any) -> dict[str, Any]:
    situation = scenario(russian_gun("4E5"), unit("s", "squad", "4E7"), terrain={"4E5": terrain}, phase="AFPh")
    return fire(situation, firer="g", target="s", target_type="infantry", **action)


def test_c5_2_case_b_fire_in_afph_is_plus_two() -> None:
    assert drm(_afph_gun())["B"] == 2


def test_c5_2_case_b_is_plus_three_from_a_building() -> None:
    assert drm(_afph_gun("wooden building"))["B"] == 3


def test_c5_2_no_case_b_for_opportunity_fire() -> None:
    assert "B" not in drm(_afph_gun(opportunity=True))


def _bounding_first_fire(mp: float, phase: str = "MPh") -> dict[str, Any]:
    situation = scenario(
        german_tank(hex_name="4E2", vca="S/SW", tca="S/SW", moved=True),
        unit("s", "squad", "4E6", side="russian"),
        phase=phase,
        player="german",
    )
    return fire(situation, firer="t", target="s", target_type="infantry", mp_in_los=mp)


@pytest.mark.parametrize(("mp", "case", "value"), [(2.5, "C1", 1), (3, "C1", 1), (2, "C2", 2), (0.5, "C2", 2)])
def test_c5_31_c5_32_restricted_and_limited_aim_add_to_case_c(mp: float, case: str, value: int) -> None:
    lines = drm(_bounding_first_fire(mp))
    assert lines[case] == value
    assert (lines["B"], lines["C"]) == (2, 2)


def test_c5_33_more_than_three_mp_in_los_is_plain_case_c() -> None:
    assert set(drm(_bounding_first_fire(3.5))) == {"B", "C"}


def test_c5_31_no_c1_c2_in_the_afph() -> None:
    assert set(drm(_bounding_first_fire(1, "AFPh"))) == {"B", "C"}


def _latw(terrain: str, phase: str, **action: Any) -> dict[str, Any]:
    situation = scenario(
        unit("psk", "gun", "4E5", side="german", caliber=88, ca="S/SW", latw=True, backblast=True),
        unit("s", "squad", "4E7", side="russian"),
        terrain={"4E5": terrain},
        phase=phase,
        player="german",
    )
    return fire(situation, firer="psk", target="s", target_type="infantry", **action)


def test_c5_34_case_c3_latw_in_afph_is_plus_two() -> None:
    assert drm(_latw("open ground", "AFPh"))["C3"] == 2


def test_c5_34_case_c3_backblast_from_building_in_afph_counts_twice() -> None:
    assert drm(_latw("stone building", "AFPh"))["C3"] == 4


def test_c5_34_case_c3_not_for_opportunity_fire() -> None:
    assert "C3" not in drm(_latw("stone building", "AFPh", opportunity=True))


def test_c5_35_case_c4_with_gyrostabilizer_is_plus_one_and_no_doubling() -> None:
    situation = scenario(
        unit("m4", "vehicle", "4E2", side="american", name="M4A1", vca="S/SW", turret="T", tca="S/SW", motion=True,
             gyro=True),
        german_tank(hex_name="4E6"),
        phase="DFPh",
        player="german",
    )
    answer = fire(situation, firer="m4", target="t")
    assert drm(answer) == {"B": 2, "C": 2, "C4": 1}
    assert answer["doubled_lower_dr"] is False


def test_c5_4_case_d_pinned_crew_is_plus_two() -> None:
    situation = scenario(russian_gun(crew_pinned=True), unit("s", "squad", "4E7"))
    line = fire(situation, firer="g", target="s", target_type="infantry")["drm"][0]
    assert (line["case"], line["rule"], line["value"]) == ("D", "C5.4", 2)


@pytest.mark.parametrize(("terrain", "value"), [("open ground", 2), ("stone building", 4)])
def test_c5_5_case_e_same_hex_is_plus_two_doubled_in_a_building(terrain: str, value: int) -> None:
    situation = scenario(russian_gun(), unit("s", "squad", "4E5"), terrain={"4E5": terrain})
    answer = fire(situation, firer="g", target="s", target_type="infantry")
    assert drm(answer)["E"] == value
    assert "L" not in drm(answer) and "A" not in drm(answer)


def _intensive(**gun: Any) -> dict[str, Any]:
    situation = scenario(russian_gun(fired=True, **gun), german_tank())
    return fire(situation, firer="g", target="t", intensive=True)


def test_c5_61_case_f_intensive_fire_is_plus_two() -> None:
    answer = _intensive()
    assert answer["legal"] is True
    assert drm(answer)["F"] == 2


def test_c5_62_intensive_fire_lowers_the_breakdown_number_by_two() -> None:
    assert _intensive(breakdown=12)["breakdown"] == 10
    situation = scenario(russian_gun(fired=True), german_tank())
    outcome = fire(situation, firer="g", target="t", intensive=True, dice={"colored": 5, "white": 5})["outcome"]
    assert outcome["malfunction"] is True


def test_c5_7_case_g_is_plus_five_and_drops_acquisition() -> None:
    situation = scenario(russian_gun(), german_tank())
    answer = fire(situation, firer="g", target="t", deliberate_immobilization=True, acquisition=2)
    assert drm(answer) == {"G": 5}
    assert answer["critical_max_dr"] is None


def _captured(qualified: bool, captured: bool) -> dict[str, Any]:
    situation = scenario(
        russian_gun(name="50L AT", captured=captured, nationality="german", crew_qualified=qualified), german_tank()
    )
    return fire(situation, firer="g", target="t")


@pytest.mark.parametrize(("qualified", "captured", "value"), [(True, True, 2), (False, False, 2), (False, True, 4)])
def test_c5_8_case_h_captured_or_non_qualified_doubled_when_both(qualified: bool, captured: bool, value: int) -> None:
    assert drm(_captured(qualified, captured))["H"] == value


def test_c5_8_captured_gun_uses_red_th_and_a_b_number_two_lower() -> None:
    answer = _captured(True, True)
    assert (answer["colour"], answer["breakdown"]) == ("red", 10)
    assert _captured(True, False)["colour"] == "black"


@pytest.mark.parametrize(
    ("qualified", "captured", "expected"),
    [(True, False, ("black", 12, 3)), (True, True, ("red", 10, 2)), (False, False, ("red", 10, 2)),
     (False, True, ("red", 8, 1))],
)
def test_a21_11_to_13_each_penalty_red_th_b_two_lower_rof_one_lower_both_doubled(
    qualified: bool, captured: bool, expected: tuple[str, int, int]
) -> None:
    # The 50L AT: B# 12, ROF 3. Non-qualified use takes the captured penalties (A21.13).
    answer = _captured(qualified, captured)
    assert (answer["colour"], answer["breakdown"], answer["rof"]) == expected


@pytest.mark.parametrize(
    ("qualified", "captured", "note"),
    [(True, False, None),
     (True, True, "read: Captured: each costs the captured-use penalties, so Case H +2, the B# 2 lower, the ROF 1 "
                  "lower, and the red TH# (C5.8, A21.11-.13)"),
     (False, False, "read: manned by non-qualified c (A21.13): each costs the captured-use penalties, so Case H +2, "
                    "the B# 2 lower, the ROF 1 lower, and the red TH# (C5.8, A21.11-.13)"),
     (False, True, "read: Captured and manned by non-qualified c (A21.13): each costs the captured-use penalties, so "
                   "Case H +4, the B# 4 lower, the ROF 2 lower, and the red TH# (C5.8, A21.11-.13)")],
)
def test_c5_8_the_captured_and_non_qualified_reading_is_in_notes(qualified: bool, captured: bool,
                                                                note: str | None) -> None:
    """C5.8 gives a Captured weapon the red TH# and a B# two lower; A21.13 (not in the rules folder)
    is read as costing a non-qualified crew the same again, so the answer says so (the D08 review case)."""
    notes = [n for n in _captured(qualified, captured)["notes"] if "captured-use" in n]
    assert notes == ([note] if note else [])


@pytest.mark.parametrize(
    ("keys", "expected"), [({"bu": True}, 1), ({"bu": False}, None), ({"bu": True, "ct": False}, None)]
)
def test_c5_9_case_i_only_a_bu_closed_topped_afv(keys: dict[str, Any], expected: int | None) -> None:
    situation = scenario(
        german_tank(hex_name="4E5", vca="S/SW", tca="S/SW", **keys),
        unit("s", "squad", "4E8", side="russian"),
        player="german",
    )
    assert drm(fire(situation, firer="t", target="s", target_type="infantry")).get("I") == expected


def test_a4_51_cx_crew_is_plus_one() -> None:
    situation = scenario(russian_gun(crew_cx=True), unit("s", "squad", "4E7"))
    assert drm(fire(situation, firer="g", target="s", target_type="infantry"))["CX"] == 1


def _ovr_into_gun_hex(phase: str, entered_from: str) -> dict[str, Any]:
    situation = scenario(russian_gun("4E5", "S/SW"), german_tank(hex_name="4E5"), phase=phase, player="german")
    return fire(situation, firer="g", target="t", entered_from=entered_from)


def test_c5_51_defensive_first_fire_in_own_hex_turns_to_the_entry_hexside() -> None:
    answer = _ovr_into_gun_hex("MPh", "4E4")  # entered across the N hexside: two hexspines from S/SW
    assert drm(answer) == {"A": 4, "E": 2}
    assert answer["ca_change_spines"] == 2


def test_c5_51_otherwise_case_e_fire_never_changes_the_ca() -> None:
    assert drm(_ovr_into_gun_hex("DFPh", "4E4")) == {"E": 2}


def test_c5_4_pinned_firer_forfeits_its_multiple_rof() -> None:
    pinned = fire(scenario(russian_gun(crew_pinned=True), german_tank()), firer="g", target="t")
    free = fire(scenario(russian_gun(), german_tank()), firer="g", target="t")
    assert (pinned["rof"], free["rof"]) == (0, 3)
    assert pinned["rof_note"] == "no Multiple ROF: c is pinned and forfeits any Multiple ROF (C5.4)"
    assert pinned["rof_note"] in pinned["notes"] and free["rof_note"] is None


@pytest.mark.parametrize(
    ("keys", "colored", "retained"),
    [
        ({}, 3, True),  # coloured dr 3 <= ROF 3
        ({}, 4, False),
        ({"intensive": True}, 1, False),  # the one extra shot of Intensive Fire (C5.6)
        ({"target_type": "area", "target": None, "target_hex": "4E9"}, 1, False),  # whole ROF used (C3.33)
    ],
)
def test_c2_24_multiple_rof_kept_on_a_coloured_dr_at_or_below_the_rof(
    keys: dict[str, Any], colored: int, retained: bool
) -> None:
    gun = russian_gun(fired=bool(keys.get("intensive")))
    action: dict[str, Any] = {"target": "t", "dice": {"colored": colored, "white": 2}, **keys}
    answer = fire(scenario(gun, german_tank()), firer="g", **action)
    assert answer["outcome"]["rof_retained"] is retained


def test_c5_11_vca_pivot_in_woods_notes_the_bog_check_and_the_fixed_ca() -> None:
    situation = scenario(
        german_tank(hex_name="4E5", vca="NE/SE", tca="NE/SE"),
        unit("s", "squad", "4E4", side="russian"),
        terrain={"4E5": "woods"},
        player="german",
    )
    answer = fire(situation, firer="t", target="s", target_type="infantry", pivot="vca")
    assert drm(answer)["A"] == 6
    assert any("Bog Check" in note and note.endswith("(C5.11)") for note in answer["notes"])
    assert any("only inside its CA" in note for note in answer["notes"])


def test_c5_31_c5_32_without_mp_in_los_the_aim_is_read_unrestricted_and_said_so() -> None:
    """A Bounding First Fire shot that could take C1/C2 but states no ``mp_in_los``: plain Case C,
    and a note says what was read (C5.31, C5.32)."""
    situation = scenario(german_tank(hex_name="4E2", moved=True, vca="S/SW", tca="S/SW"),
                         unit("s", "squad", "4E6", side="russian"),
                         phase="MPh", player="german")
    answer = fire(situation, firer="t", target="s", target_type="infantry")
    assert set(drm(answer)) == {"B", "C"}
    assert any(note.startswith("read: no mp_in_los given") for note in answer["notes"])
    stated = fire(situation, firer="t", target="s", target_type="infantry", mp_in_los=2)
    assert drm(stated)["C2"] == 2 and not any("mp_in_los" in note for note in stated["notes"])
