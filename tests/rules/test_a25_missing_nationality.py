"""DESIGN.md 3: ``nationality`` is an optional unit key; it decides the TH# colour (A25) and
Japanese DC use in one's own Location (A23.61). A unit without one is still answered: its side
when that names a nationality of the A25 chart, else none (the black TH#), and the answer's notes
say which reading was taken. A nationality the file states is used as it is, without a note."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from aslgui.model import Scenario
from aslgui.rules import resolve
from tests.rules.fixtures.boards import board_from
from tests.rules.fixtures.to_hit_scenarios import fire, german_tank, russian_gun, scenario, unit
from tests.test_cli import run


def unnamed(*units: dict[str, Any]) -> list[dict[str, Any]]:
    """The units as a file that leaves ``nationality`` out writes them."""
    return [{key: value for key, value in u.items() if key != "nationality"} for u in units]


def _gun_at_tank(side: str = "russian") -> Scenario:
    """A 57LL AT Gun in 4E1 and a tank 8 hexes away in 4E9, where red and black Basic TH# differ."""
    return scenario(unnamed(*russian_gun("4E1", side=side, crew_side=side)), german_tank(), player=side)


def test_a25_a_gun_without_nationality_takes_its_side_russian_red_th_and_says_so() -> None:
    answer = fire(_gun_at_tank(), firer="g", target="t", target_type="vehicle")
    assert (answer["legal"], answer["colour"], answer["basic_th"]) == (True, "red", 8)
    assert answer["notes"] == [
        "read: no nationality: g's side 'russian' read as its nationality, so the red TH# (A25)"]


def test_a25_a_gun_whose_side_names_no_nationality_takes_the_black_th_and_says_so() -> None:
    answer = fire(_gun_at_tank(side="allied"), firer="g", target="t", target_type="vehicle")
    assert (answer["legal"], answer["colour"], answer["basic_th"]) == (True, "black", 9)
    assert answer["notes"] == ["read: no nationality, and g's side 'allied' is none the A25 chart lists, so TH# "
                                  "colour taken as black (A25)"]


def test_a25_a_stated_nationality_is_used_without_a_note() -> None:
    situation = scenario(russian_gun(side="allied", crew_side="allied"), german_tank(), player="allied")
    answer = fire(situation, firer="g", target="t", target_type="vehicle")
    assert (answer["colour"], answer["notes"]) == ("red", [])


def test_a25_the_crews_stated_nationality_serves_a_gun_without_one() -> None:
    gun, crew = russian_gun(side="allied", crew_side="allied")
    situation = scenario(unnamed(gun)[0], {**crew, "nationality": "german"}, german_tank(), player="allied")
    answer = fire(situation, firer="g", target="t", target_type="vehicle")
    assert (answer["colour"], answer["notes"]) == ("black", [])


def test_a25_a_vehicle_without_nationality_fires_by_its_side() -> None:
    situation = scenario(russian_gun(), unnamed(german_tank()), phase="DFPh")
    answer = fire(situation, firer="t", target="g", target_type="infantry")
    assert (answer["colour"], answer["legal"]) == ("black", True)
    assert answer["notes"] == [
        "read: no nationality: t's side 'german' read as its nationality, so the black TH# (A25)",
        "each enemy unit in the Location but an AFV is hit or missed as its entry in targets says; all hit are "
        "attacked with one Effects DR (C3.32, C3.4)"]  # the Gun's crew is there too


def test_c3_3_exc_the_area_target_type_is_red_whoever_fires_so_no_reading_is_needed() -> None:
    situation = scenario(unnamed(*russian_gun(side="allied", crew_side="allied")), unit("s", "squad", "4E9"),
                         player="allied")
    answer = fire(situation, firer="g", target="s", target_type="area", ammo="HE")
    assert answer["colour"] == "red"
    assert not any("nationality" in note for note in answer["notes"])


def test_a25_a_gun_reacting_to_an_ovr_without_nationality_is_answered() -> None:
    """D7.22: the Gun's Reaction Fire is the ``fire`` To Hit, so it reads a missing nationality alike
    (the Gun and crew of tests/rules/test_d7_22_reaction_fire_to_hit.py, nationality left out)."""
    gun = {"id": "g", "side": "russian", "kind": "gun", "name": "57LL AT", "hex": "1C4", "ca": "N/NE", "crew": "c"}
    crew = {"id": "c", "side": "russian", "kind": "crew", "name": "2-2-8", "hex": "1C4"}
    situation = board_from("d7_ex.json", {"tank": {"hex": "1C4"}}, [gun, crew])
    answer = resolve(situation, {"kind": "reaction_fire", "unit": "c", "vehicle": "tank", "type": "non_cc",
                                 "weapon": "gun", "phase": "MPh"}).to_json()
    assert (answer["legal"], answer["colour"]) == (True, "red"), answer["reasons"]
    assert "read: no nationality: g's side 'russian' read as its nationality, so the red TH# (A25)" in answer["notes"]


def test_a25_the_cli_answers_a_fire_by_units_without_nationality(tmp_path: Path) -> None:
    """The contract checker's case: ``fire`` exited 2 ("no Ordnance TH# colour for nationality ''")."""
    data = {"format": "aslgui-scenario", "version": 1, "boards": [{"id": "4", "col": 0, "row": 0}],
            "phase": "PFPh", "player": "russian",
            "units": unnamed(*russian_gun(), german_tank())}
    scenario_file = tmp_path / "s.json"
    scenario_file.write_text(json.dumps(data), encoding="utf-8")
    done = run("resolve", str(scenario_file), "-",
               stdin='{"kind": "fire", "firer": "g", "target": "t", "target_type": "vehicle"}')
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert (answer["legal"], answer["colour"]) == (True, "red")
    assert any("no nationality" in note and "(A25)" in note for note in answer["notes"])


def _dc_into_own_location(side: str, nationality: str | None) -> dict[str, Any]:
    keys: dict[str, Any] = {"side": side, "nationality": nationality}
    situation = board_from("a23_ex.json", {"s467": keys}, phase="PFPh")
    squad = situation.units["s467"]
    return resolve(situation, {"kind": "throw_dc", "unit": "s467", "target_hex": situation.grid.name(squad.hex),
                               "phase": "PFPh"}).to_json()


def test_a23_61_a_side_japanese_without_nationality_is_read_as_japanese_and_noted() -> None:
    answer = _dc_into_own_location("japanese", None)
    assert not any("A23.61" in r for r in answer["reasons"])
    assert "read: no nationality: s467's side 'japanese' read as its nationality, so s467 is Japanese (A23.61)" in (
        answer["notes"])


def test_a23_61_a_side_naming_no_nationality_is_not_japanese_and_noted() -> None:
    answer = _dc_into_own_location("axis", None)
    assert answer["legal"] is False and any(r.endswith("(A23.61)") for r in answer["reasons"])
    assert ("read: no nationality, and s467's side 'axis' is none the A25 chart lists, so s467 is not Japanese "
            "(A23.61)") in answer["notes"]


def test_a23_61_a_stated_nationality_needs_no_note() -> None:
    answer = _dc_into_own_location("axis", "japanese")
    assert not any("A23.61" in r for r in answer["reasons"])
    assert not any("A23.61" in note for note in answer["notes"])
