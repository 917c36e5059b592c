"""DESIGN.md 12 as amended (issue 38.6): ``threat_to_side`` may name a side with no unit on the
map yet (planning a set-up): its threat is that of every other side's Guns and vehicles; and a map
that comes out empty says why in ``notes`` (its phase A3/D3.3, no Gun or vehicle, no ordnance C3)."""

from __future__ import annotations

import copy
from typing import Any

from aslgui.rules import odds_hex, resolve
from aslgui.rules.odds_map import threat_firers
from aslgui.rules.odds_target import sides_named, target_unit
from tests.rules.test_odds_map import PLAIN


def odds(action: dict[str, Any]) -> dict[str, Any]:
    return resolve(PLAIN, {"kind": "odds_map", **action}).to_json()


def test_design_12_a_side_with_no_unit_is_threatened_by_every_sides_guns_and_vehicles() -> None:
    answer = odds({"threat_to_side": "finnish", "target_type": "vehicle", "phase": "DFPh"})
    assert answer["legal"] is True and answer["hexes"]
    assert "no unit of finnish is in the file" in answer["notes"][0]
    firers = {entry["firer"] for entry in answer["hexes"].values()}
    assert firers <= {"pak", "psw", "t34", "at"} and {"t34"} <= firers  # a Russian AFV threatens it too
    assert [u.id for u in threat_firers(PLAIN, "finnish")] == ["pak", "psw", "t34", "at", "truck"]
    target = target_unit(PLAIN, "finnish", "vehicle", {})
    for name in ("4C6", "4E8", "5D3", "4H5"):
        h = PLAIN.grid.parse(name)
        shots = [odds_hex.fire_at(PLAIN, PLAIN.units[f], target, "vehicle", "DFPh", h) for f in ("pak", "psw", "t34",
                                                                                                 "at")]
        best = max((s.values["odds"]["hit"] for s in shots if s.legal), default=None)
        got = answer["hexes"].get(name)
        assert (got["hit"] if got else None) == best, name


def test_design_12_a_side_of_the_file_gets_no_planning_note() -> None:
    answer = odds({"threat_to_side": "german", "target_type": "vehicle", "phase": "DFPh"})
    assert answer["hexes"] and not any("no unit of" in note for note in answer.get("notes") or [])


def test_a3_an_empty_threat_map_out_of_its_phase_says_so_for_each_firer() -> None:
    """The Germans are the ATTACKER: in the PFPh the Russian Gun and tank may not fire (A3)."""
    answer = odds({"threat_to_side": "german", "target_type": "vehicle", "phase": "PFPh"})
    assert answer["hexes"] == {}
    assert answer["notes"] == [
        "t34 may fire at no hex in the PFPh: the PFPh belongs to the ATTACKER; t34 is the DEFENDER's (A3)",
        "at may fire at no hex in the PFPh: the PFPh belongs to the ATTACKER; at is the DEFENDER's (A3)"]


def test_d3_3_an_empty_unit_map_in_its_own_mph_says_why() -> None:
    answer = odds({"unit": "pak", "target_type": "vehicle", "phase": "MPh"})
    assert answer["hexes"] == {} and answer["notes"] == [
        "pak may fire at no hex in the MPh: in its own MPh only a moving vehicle, its Passengers included, fires "
        "(Bounding First Fire) (D3.3, C5.3)"]


def test_a3_a_phase_without_ordnance_fire_says_so() -> None:
    answer = odds({"unit": "pak", "target_type": "infantry", "phase": "RPh"})
    assert answer["hexes"] == {} and answer["notes"] == ["pak may fire at no hex in the RPh: ordnance does not fire "
                                                         "in the RPh (A3)"]


def test_c3_an_empty_threat_of_a_truck_alone_says_it_fires_no_ordnance() -> None:
    alone = {k: v for k, v in PLAIN.units.items() if k in ("truck", "s1")}
    scenario = PLAIN.__class__(PLAIN.grid, alone, phase="DFPh", player="russian")
    answer = resolve(scenario, {"kind": "odds_map", "threat_to_side": "russian", "target_type": "vehicle"}).to_json()
    assert answer["hexes"] == {} and len(answer["notes"]) == 1
    assert answer["notes"] == ['truck has no main armament to fire (give it "ma" if it has one) (C3)']


def test_design_12_no_gun_or_vehicle_of_another_side_says_so() -> None:
    answer = odds({"threat_to_side": "russian", "target_type": "infantry", "phase": "PFPh"})
    assert answer["hexes"]  # the German Gun and armoured car
    only_russians = PLAIN.__class__(PLAIN.grid, {k: u for k, u in PLAIN.units.items() if u.side == "russian"},
                                    player="german")
    empty = resolve(only_russians, {"kind": "odds_map", "threat_to_side": "russian", "target_type": "vehicle"})
    assert empty.values["hexes"] == {} and empty.values["notes"] == [
        "no Gun or vehicle of a side other than russian is on the map"]


def test_design_11_12_axis_names_the_german_side_of_a_file_whose_sides_are_nationalities() -> None:
    """DESIGN.md 12's example side is ``axis``; the demo's (and PLAIN's) sides are ``german`` and
    ``russian``: Axis is the German side (DESIGN.md 11), so only Russian Guns and vehicles threaten it."""
    for alliance, side in (("axis", "german"), ("allied", "russian")):
        answer = odds({"threat_to_side": alliance, "target_type": "vehicle", "phase": "DFPh"})
        by_side = odds({"threat_to_side": side, "target_type": "vehicle", "phase": "DFPh"})
        assert answer["hexes"] == by_side["hexes"]
        assert answer["notes"][0] == f"read: {alliance} is the side {side} of the file (DESIGN.md 11)"
    assert {entry["firer"] for entry in odds({"threat_to_side": "axis", "target_type": "vehicle",
                                              "phase": "DFPh"})["hexes"].values()} <= {"t34", "at"}


def test_design_11_12_a_nationality_names_the_side_of_an_imported_file() -> None:
    """An import's sides are ``axis`` and ``allied`` (DESIGN.md 11): ``german`` is its Axis side, and a
    nationality names no other nationality's side (``finnish`` stays a side yet to set up)."""
    imported = copy.copy(PLAIN)
    alliance = {"german": "axis", "russian": "allied"}
    imported.units = {uid: u._replace(side=alliance[u.side]) for uid, u in PLAIN.units.items()}
    assert sides_named(imported, "german") == ("axis",) and sides_named(imported, "axis") == ("axis",)
    assert sides_named(PLAIN, "finnish") == () and sides_named(imported, "partisan") == ()
    answer = resolve(imported, {"kind": "odds_map", "threat_to_side": "german", "target_type": "vehicle",
                                "phase": "DFPh"}).to_json()
    assert answer["hexes"] == odds({"threat_to_side": "german", "target_type": "vehicle", "phase": "DFPh"})["hexes"]


def test_design_12_a_side_is_named_in_any_case_and_a_long_name_is_not_echoed_whole() -> None:
    """"AXIS", " German " name the file's sides as "axis" and "german" do: never a side with no
    unit, whose threat would be that of the named side's own Guns."""
    for named, side in (("AXIS", "german"), (" German ", "german"), ("Russian", "russian")):
        answer = odds({"threat_to_side": named, "target_type": "vehicle", "phase": "DFPh"})
        assert answer["hexes"] == odds({"threat_to_side": side, "target_type": "vehicle", "phase": "DFPh"})["hexes"]
        assert not any(note.startswith("no unit of") for note in answer.get("notes") or [])
    long = odds({"threat_to_side": "x" * 200_000, "target_type": "vehicle", "phase": "DFPh"})
    assert len(long["notes"][0]) < 300 and long["notes"][0].startswith("no unit of xxx")
    no_firer = copy.copy(PLAIN)  # nobody to fire: the second note names the side too, as shortly
    no_firer.units = {uid: u for uid, u in PLAIN.units.items() if u.kind not in ("gun", "vehicle")}
    notes = resolve(no_firer, {"kind": "odds_map", "threat_to_side": "x" * 200_000, "target_type": "vehicle",
                               "phase": "DFPh"}).to_json()["notes"]
    assert len(notes) >= 2 and all(len(note) < 300 for note in notes)


def test_design_11_12_a_files_sides_are_read_in_any_case_too() -> None:
    """A file whose sides are "German" and "Russian": "axis" is its German side."""
    shouting = copy.copy(PLAIN)
    shouting.units = {uid: u._replace(side=u.side.capitalize()) for uid, u in PLAIN.units.items()}
    assert sides_named(shouting, "axis") == ("German",) and sides_named(shouting, "german") == ("German",)
