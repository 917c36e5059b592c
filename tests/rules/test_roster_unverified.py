"""docs/readings.md, "Chart values": a value an answer took from the built-in roster
(resources/data/roster.json) out of an entry not checked against its counter (``"verified":
false``) is named in the answer's ``unverified``, one line per value: the unit, the value and the
entry. Only a value the unit leaves open is taken (its own key always wins), and an entry checked
against its VASL counter adds no line. Entries are checked as counters come to hand (issue 23), so
the tests that need an unchecked entry mark one so (``unchecked``). Every kind that reads the roster says so:
``fire`` (the firer's weapon, the Armor Factors of an AFV an HE hit attacks on the IFT, C1.55),
``reaction_fire`` by a Gun (its shot) and ``overrun`` (a halftrack's type, D7.11)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from aslgui.cli import main
from aslgui.model import Scenario
from aslgui.rules import resolve
from aslgui.rules.roster import roster
from aslgui.rules.to_hit.target_drm import CASE_J_NOTE
from tests.rules.fixtures.boards import board_from
from tests.rules.fixtures.to_hit_scenarios import fire, german_tank, russian_gun, scenario, unit


def taken(unit_id: str, value: str, entry: str) -> str:
    return f"{unit_id} {value} from the roster's {entry!r} (not checked against its counter)"


@pytest.fixture
def unchecked(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Mark roster entries as not checked against their counters, for this test."""
    def mark(*names: str) -> None:
        for name in names:
            monkeypatch.setitem(roster(), name, roster()[name]._replace(verified=False))
    return mark


def german_gun(name: str, **keys: Any) -> list[dict[str, Any]]:
    """A German Gun ``g`` in 4E5 named ``name`` (a roster entry) and its crew; the German TH#
    colour is a checked one, so every ``unverified`` line is the roster's."""
    return [unit("g", "gun", "4E5", name=name, ca="S/SW", crew="c", **keys), unit("c", "crew", "4E5")]


#: The 50L AT's values, each as its answer names it when taken from the roster.
PAK_38 = [taken("g", "caliber 50", "50L AT"), taken("g", "barrel L", "50L AT"), taken("g", "Gun type AT", "50L AT"),
          taken("g", "Case A Gun type NT", "50L AT"), taken("g", "ROF 3", "50L AT"), taken("g", "B# 12", "50L AT")]


def test_c5_a_gun_stating_nothing_names_each_value_taken_from_the_roster_unverified(unchecked: Any) -> None:
    unchecked("50L AT")
    situation = scenario(german_gun("50L AT"), unit("s", "squad", "4E9", side="russian"), player="german")
    answer = fire(situation, firer="g", target="s", target_type="infantry")
    assert (answer["legal"], answer["breakdown"], answer["rof"]) == (True, 12, 3)
    assert answer["unverified"] == PAK_38


def test_c5_a_gun_stating_its_rof_and_b_number_takes_only_the_rest_from_the_roster(unchecked: Any) -> None:
    """The unit's own ROF and B# win (and are used); caliber, barrel and the two types still come
    from the roster and are named."""
    unchecked("50L AT")
    situation = scenario(german_gun("50L AT", rof=2, breakdown=11), unit("s", "squad", "4E9", side="russian"),
                         player="german")
    answer = fire(situation, firer="g", target="s", target_type="infantry")
    assert (answer["breakdown"], answer["rof"]) == (11, 2)
    assert answer["unverified"] == PAK_38[:4]


def test_c5_a_gun_stating_every_value_takes_nothing_from_the_roster_but_its_target_armor() -> None:
    """Stated caliber, barrel, type, mount, ROF and B#: no line for the Gun. The PSW 234/2 it hits
    with HE on the Area Target Type states no ``af``: the roster's, named (C1.55, C3.332)."""
    gun = german_gun("50L AT", caliber=50, barrel="L", type="AT", mount="NT", rof=3, breakdown=12)
    puma = german_tank("p", "4E8", "PSW 234/2", side="russian", nationality="russian", vca="N/NE", tca="N/NE")
    answer = fire(scenario(gun, puma, player="german"), firer="g", target_hex="4E8", target_type="area", ammo="HE",
                  dice={"colored": 1, "white": 2})
    assert answer["outcome"]["targets"][0]["hit"] is True
    assert answer["unverified"] == [taken("p", "Armor Factors hull 3/1/1, turret 3/1/1", "PSW 234/2")]


def _puma_hit(af: dict[str, list[int]] | None = None, dice: bool = True) -> dict[str, Any]:
    """The 57LL AT (its values stated: no line of its own) hits the PSW 234/2 with HE on the Area
    Target Type."""
    keys = {"af": af} if af is not None else {}
    puma = german_tank("p", "4E8", "PSW 234/2", vca="N/NE", tca="N/NE", **keys)
    roll = {"dice": {"colored": 1, "white": 2}} if dice else {}
    return fire(scenario(russian_gun(), puma), firer="g", target_hex="4E8", target_type="area",
                ammo="HE", **roll)


def test_c1_55_armor_factors_from_the_roster_are_named_when_an_he_hit_reads_them() -> None:
    answer = _puma_hit()
    (puma,) = answer["outcome"]["targets"]
    assert [(line["case"], line["value"]) for line in puma["effects_drm"]] == [("AF", -1)]
    assert answer["unverified"] == [taken("p", "Armor Factors hull 3/1/1, turret 3/1/1", "PSW 234/2")]
    # Before the dice no Effects DRM is worked out, so no Armor Factor is read; stated ones win.
    assert "unverified" not in _puma_hit(dice=False)
    stated = _puma_hit(af={"hull": [3, 1, 1], "turret": [3, 1, 1]})
    assert "unverified" not in stated
    assert [line["case"] for line in stated["outcome"]["targets"][0]["effects_drm"]] == ["AF"]


@pytest.mark.parametrize("checked", [True, False])
def test_c3_52_a_mortars_type_and_listed_range_from_the_roster_are_named_where_they_forbid_the_shot(
        unchecked: Any, checked: bool) -> None:
    """The 50 MTR's type makes it a mortar (Area Target Type only, C3.33) and its listed range of
    13 (its VASL counter's) forbids a shot at 16 hexes (C3.52): roster values, named only when the
    entry is not checked against its counter."""
    if not checked:
        unchecked("50 MTR")
    situation = scenario(german_gun("50 MTR"), unit("s", "squad", "4U5", side="russian"),
                         player="german")
    answer = fire(situation, firer="g", target="s")
    assert answer["target_type"] == "area" and answer["legal"] is False
    assert any("listed range of 13" in text for text in answer["reasons"])
    values = ("caliber 50", "barrel *", "Gun type MTR", "Case A Gun type NT", "ROF 3", "B# 12", "listed range 13")
    assert answer.get("unverified") == (None if checked else [taken("g", value, "50 MTR") for value in values])


def test_c3_33_an_he_fp_taken_from_the_roster_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    """No entry lists an HE FP apart from the caliber table yet; one that did is named like the rest."""
    monkeypatch.setitem(roster(), "50 MTR", roster()["50 MTR"]._replace(he_fp=8, verified=False))
    situation = scenario(german_gun("50 MTR", rof=3, breakdown=12, mount="T", type="MTR", caliber=50, max_range=14),
                         unit("s", "squad", "4E9", side="russian"), player="german")
    answer = fire(situation, firer="g", target="s")
    assert answer["fp"] == 4  # 8, halved on the Area Target Type (C3.33)
    assert answer["unverified"] == [taken("g", "HE FP 8", "50 MTR")]


def test_c5_a_vehicles_main_armament_taken_from_the_roster_is_named(unchecked: Any) -> None:
    """A PzKpfw IVH with no ``ma``: its 75L, ROF and B# come from the roster; its turret is its own."""
    unchecked("PzKpfw IVH")
    tank = german_tank("t", "4E5", "PzKpfw IVH", vca="S/SW", tca="S/SW")
    situation = scenario(tank, unit("s", "squad", "4E9", side="russian"), player="german")
    answer = fire(situation, firer="t", target="s", target_type="infantry")
    assert answer["legal"] is True
    assert answer["unverified"] == [taken("t", "caliber 75", "PzKpfw IVH"), taken("t", "barrel L", "PzKpfw IVH"),
                                    taken("t", "ROF 1", "PzKpfw IVH"), taken("t", "B# 12", "PzKpfw IVH")]


def test_a25_a_remembered_th_colour_comes_first_then_the_roster_values() -> None:
    sherman = german_tank("t", "4E5", "M4A1", side="american", nationality="american", vca="S/SW", tca="S/SW")
    situation = scenario(sherman, unit("s", "squad", "4E9"), player="american")
    answer = fire(situation, firer="t", target="s", target_type="infantry")
    assert answer["unverified"] == [
        "american black TH# (A25): the chart value as remembered, not checked against the printed chart",
        taken("t", "caliber 75", "M4A1"), taken("t", "ROF 2", "M4A1"), taken("t", "B# 12", "M4A1")]


def _reacting_gun(**gun: Any) -> Scenario:
    """The D7.22 EX tank has just OVRan a Russian 45L AT Gun and its crew in 1C4."""
    return board_from("d7_ex.json", {"tank": {"hex": "1C4"}}, [
        {"id": "g", "side": "russian", "nationality": "russian", "kind": "gun", "name": "45L AT", "hex": "1C4",
         "ca": "N/NE", "crew": "c", **gun},
        {"id": "c", "side": "russian", "nationality": "russian", "kind": "crew", "name": "2-2-8", "hex": "1C4"}])


def test_d7_22_a_guns_reaction_fire_names_what_its_shot_took_from_the_roster() -> None:
    action = {"kind": "reaction_fire", "unit": "c", "vehicle": "tank", "type": "non_cc", "weapon": "gun"}
    answer = resolve(_reacting_gun(), action).to_json()
    assert answer["legal"] is True, answer["reasons"]
    moving = f"tank: {CASE_J_NOTE}"  # the OVRing tank is a moving target: Case J, not in the folder (D7.22)
    assert answer["unverified"] == [moving,
        taken("g", "caliber 45", "45L AT"), taken("g", "barrel L", "45L AT"), taken("g", "Gun type AT", "45L AT"),
        taken("g", "Case A Gun type NT", "45L AT"), taken("g", "ROF 3", "45L AT"), taken("g", "B# 12", "45L AT")]
    stated = _reacting_gun(caliber=45, barrel="L", type="AT", mount="NT", rof=3, breakdown=12)
    assert resolve(stated, action).to_json()["unverified"] == [moving]


PAX = {"id": "pax", "side": "german", "nationality": "german", "kind": "squad", "name": "4-6-7", "hex": "1D3",
       "aboard": "tank"}


def _halftrack_ovr(passengers: bool = True, **keys: Any) -> dict[str, Any]:
    """The D7.22 EX OVR by an SPW 250/1 (CE, no MA), carrying a 4-6-7 or not."""
    tank = {"name": "SPW 250/1", "ma": None, "mgs": [], "turret": None, "tca": None, "bu": False, "mp": 16, **keys}
    situation = board_from("d7_ex.json", {"tank": tank}, [PAX] if passengers else [])
    return resolve(situation, {"kind": "overrun", "vehicle": "tank", "target_hex": "1C3"}).to_json()


def test_d7_11_a_halftrack_type_from_the_roster_is_named_when_its_passengers_add_fp() -> None:
    answer = _halftrack_ovr()
    assert [part["fp"] for part in answer["fp_parts"] if part["source"].startswith("pax")] == [6]
    assert answer["unverified"] == [taken("tank", "vehicle type ht", "SPW 250/1")]
    # With no Passengers the type counts for nothing; stated, it is the unit's own.
    assert "unverified" not in _halftrack_ovr(passengers=False)
    assert "unverified" not in _halftrack_ovr(type="ht")


def test_design_4_aslgui_resolve_prints_the_roster_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                         unchecked: Any) -> None:
    unchecked("50L AT")
    situation = {"boards": [{"id": "4", "col": 0, "row": 0}], "phase": "PFPh", "player": "german",
                 "units": [*german_gun("50L AT"), unit("s", "squad", "4E9", side="russian")]}
    (tmp_path / "s.json").write_text(json.dumps(situation))
    (tmp_path / "a.json").write_text(json.dumps({"kind": "fire", "firer": "g", "target": "s"}))
    assert main(["resolve", str(tmp_path / "s.json"), str(tmp_path / "a.json")]) == 0
    assert json.loads(capsys.readouterr().out)["unverified"] == PAK_38


def test_armament_remembered_takes_the_same_notes_in_order_and_a_new_entry_is_worked_out_again(
        unchecked: Any) -> None:
    """``armament`` remembers a unit's weapon (issue 40): asked again of the same unit, in a new
    answer and in one that already holds some of its notes, it gives the same ``Armament`` and the
    notes a first asking gives, in order and each once; a roster entry changed since (a new entry
    object) is read anew."""
    from aslgui.rules.roster import armament, note_unverified, roster, taking_notes

    unchecked("50L AT")
    gun = scenario(german_gun("50L AT")).units["g"]
    first, notes = taking_notes(lambda: armament(gun, "units[0]"))
    assert notes == PAK_38
    again, notes_again = taking_notes(lambda: armament(gun, "units[0]"))
    assert (again, notes_again) == (first, PAK_38)

    def after_one() -> Any:
        note_unverified(PAK_38[3])
        return armament(gun, "units[0]")
    assert taking_notes(after_one) == (first, [PAK_38[3], *PAK_38[:3], *PAK_38[4:]])
    roster()["50L AT"] = roster()["50L AT"]._replace(rof=2)  # restored by ``unchecked``'s monkeypatch
    changed, changed_notes = taking_notes(lambda: armament(gun, "units[0]"))
    assert changed == first._replace(rof=2)
    assert changed_notes == [*PAK_38[:4], taken("g", "ROF 2", "50L AT"), PAK_38[5]]
