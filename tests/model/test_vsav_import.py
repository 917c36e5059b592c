"""A VASL save as a scenario (DESIGN.md section 8), on saves the tests write themselves."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aslgui.geometry import parse_spine
from aslgui.geometry.mapgrid import COLUMN_LETTERS
from aslgui.model import scenario_from_json
from aslgui.model.vsav_import import Imported, import_game, import_vsav
from aslgui.rules import resolve
from aslgui.rules.roster import roster
from aslgui.vasl.vsav import parse_commands
from tests import vsav_saves as vs


def imported(tmp_path: Path, commands: list[str], name: str = "game.vsav") -> Imported:
    path = tmp_path / name
    path.write_bytes(vs.save_bytes(commands))
    result = import_vsav(path)
    scenario_from_json(result.scenario)  # every import loads as a scenario
    return result


def units(result: Imported) -> dict[str, dict[str, Any]]:
    return {u["id"]: u for u in result.scenario["units"]}


# -- where ----------------------------------------------------------------------------------
@pytest.mark.parametrize("local", ["E5", "A1", "GG10", "B0", "P6", "Y10"])
def test_a_counter_on_a_hex_is_in_that_hex(tmp_path: Path, local: str) -> None:
    result = imported(tmp_path, [vs.boards((0, 0, "01")), vs.squad("p1", *vs.hex_pixel(local))])
    assert units(result)["s1"]["hex"] == f"1{local}"


@pytest.mark.parametrize("offset", [(20, 0), (-20, 10), (8, -25)])
def test_a_counter_off_centre_is_still_in_its_hex(tmp_path: Path, offset: tuple[int, int]) -> None:
    x, y = vs.hex_pixel("H4")
    result = imported(tmp_path, [vs.boards((0, 0, "04")), vs.squad("p1", x + offset[0], y + offset[1])])
    assert units(result)["s1"]["hex"] == "4H4"


def test_boards_side_by_side_and_stacked(tmp_path: Path) -> None:
    """Board 2 lies right of board 1 (its A column on 1's GG), board 3 below board 1."""
    commands = [
        vs.boards((0, 0, "01"), (1, 0, "02"), (0, 1, "03")),
        vs.squad("p1", *vs.hex_pixel("C3", col=1)),
        vs.squad("p2", *vs.hex_pixel("E5", row=1)),
        vs.squad("p3", *vs.hex_pixel("A5", col=1)),
    ]
    result = imported(tmp_path, commands)
    assert [u["hex"] for u in result.scenario["units"]] == ["2C3", "3E5", "1GG5"]
    assert result.scenario["boards"] == [
        {"id": "1", "col": 0, "row": 0},
        {"id": "2", "col": 1, "row": 0},
        {"id": "3", "col": 0, "row": 1},
    ]


def test_a_turned_board_names_its_hexes_as_its_art_does(tmp_path: Path) -> None:
    """``r05``: board 5 turned 180°, so its A1 lies at the bottom right of its place and its GG10
    at the top left (DESIGN.md section 7)."""
    commands = [
        vs.boards((0, 0, "01"), (1, 0, "r05")),
        vs.squad("p1", *vs.hex_pixel("A1", col=1, rotated=True)),
        vs.squad("p2", *vs.hex_pixel("E5", col=1, rotated=True)),
        vs.squad("p3", *vs.hex_pixel("GG10", col=1, rotated=True)),
    ]
    result = imported(tmp_path, commands)
    # 5GG10 lies on the join with board 1's GG column: the hex is 1GG1, named for the left board.
    assert [u["hex"] for u in result.scenario["units"]] == ["5A1", "5E5", "1GG1"]
    assert result.scenario["boards"][1] == {"id": "5", "col": 1, "row": 0, "rotated": True}
    assert vs.hex_pixel("A1", col=1, rotated=True)[0] > vs.hex_pixel("GG10", col=1, rotated=True)[0]


@pytest.mark.parametrize("where", [(120, 80), (2300, 700), (900, 1100), (399, 600)])
def test_a_counter_off_the_boards_is_in_the_order_of_battle(tmp_path: Path, where: tuple[int, int]) -> None:
    result = imported(tmp_path, [vs.boards((0, 0, "01")), vs.squad("p1", *where)])
    assert units(result)["s1"]["hex"] is None
    assert sum(result.report.off_map.values()) == 1


def test_the_layout_repeated_by_vasl_is_one_board(tmp_path: Path) -> None:
    commands = [vs.boards((0, 0, "01")), vs.boards((0, 0, "01")), vs.squad("p1", *vs.hex_pixel("E5"))]
    assert imported(tmp_path, commands).scenario["boards"] == [{"id": "1", "col": 0, "row": 0}]


def test_a_save_without_boards_gets_a_stand_in(tmp_path: Path) -> None:
    result = imported(tmp_path, [vs.squad("p1", 100, 100)])
    assert result.scenario["boards"] == [{"id": "1", "col": 0, "row": 0}]
    assert any("places no board" in note for note in result.report.notes)
    assert units(result)["s1"]["hex"] is None


# -- what -----------------------------------------------------------------------------------
def test_squads_from_their_layers_with_nationality_and_side(tmp_path: Path) -> None:
    x, y = vs.hex_pixel("E5")
    commands = [vs.boards((0, 0, "01")), vs.squad("p1", x, y), vs.squad("p2", x, y, broken=True, elr_level=1)]
    first, second = imported(tmp_path, commands).scenario["units"]
    assert (first["kind"], first["name"], first["nationality"], first["side"]) == (
        "squad",
        "4-4-7 1sq",
        "russian",
        "allied",
    )
    assert "broken" not in first and "elite" not in first
    assert (second["name"], second["broken"], second["elite"]) == ("4-5-8 Esq", True, True)


@pytest.mark.parametrize(
    ("name", "image", "kind"),
    [
        ("2-3-7 1hs", "ge/ge237H", "halfsquad"),
        ("2-2-8 crew", "ru/ru228C", "crew"),
        ("8-1", "ge/geL81", "leader"),
        ("6+1", "ru/ruL61", "leader"),
    ],
)
def test_infantry_kinds_from_the_name(tmp_path: Path, name: str, image: str, kind: str) -> None:
    result = imported(tmp_path, [vs.boards((0, 0, "01")), vs.piece("p1", name, image, *vs.hex_pixel("E5"))])
    (unit,) = result.scenario["units"]
    assert (unit["kind"], unit["name"]) == (kind, name)


@pytest.mark.parametrize(("rotation", "spine"), [(0, "SE/S"), (1, "S/SW"), (2, "SW/NW"), (3, "NW/N"), (5, "NE/SE")])
def test_a_guns_ca_from_its_rotation(tmp_path: Path, rotation: int, spine: str) -> None:
    """Unrotated VASL art points at SE/S (VASL's level 3); each step turns it 60° clockwise."""
    commands = [
        vs.boards((0, 0, "01")),
        vs.gun("p1", "75L AT PaK 40", "ge/gun/geAT75L", *vs.hex_pixel("E5"), rotation=rotation),
    ]
    (unit,) = imported(tmp_path, commands).scenario["units"]
    assert unit["ca"] == spine
    assert (unit["caliber"], unit["barrel"], unit["type"]) == (75, "L", "AT")


def test_a_rotator_alone_gives_the_ca(tmp_path: Path) -> None:
    commands = [vs.boards((0, 0, "01")), vs.piece("p1", "57LL AT", "ru/gun/ruAT57LL", 500, 500, [vs.rotator(3)])]
    (unit,) = imported(tmp_path, commands).scenario["units"]
    assert parse_spine(unit["ca"]) == (2 + 3) % 6


def test_vasls_own_ca_layer_wins_over_the_rotation(tmp_path: Path) -> None:
    traits = [vs.rotator(0), vs.arc_layer("vca", 5)]
    commands = [vs.boards((0, 0, "01")), vs.piece("p1", "SU-152", "ru/veh/SU152", 500, 500, traits)]
    (unit,) = imported(tmp_path, commands).scenario["units"]
    assert unit["vca"] == "SW/NW"  # VASL's hexspine 5


def test_a_turreted_vehicle_from_the_roster(tmp_path: Path) -> None:
    commands = [vs.boards((0, 0, "01")), vs.vehicle("p1", "PzKw IVH", "ge/veh/pzivh", *vs.hex_pixel("E9"), rotation=3)]
    result = imported(tmp_path, commands)
    (unit,) = result.scenario["units"]
    assert (unit["kind"], unit["name"], unit["vca"], unit["tca"], unit["bu"]) == (
        "vehicle",
        "PzKw IVH",
        "NW/N",
        "NW/N",
        True,
    )
    entry = roster()["PzKpfw IVH"]
    assert (unit["turret"], unit["ma"], unit["mp"]) == (entry.turret, {"caliber": 75, "barrel": "L"}, entry.mp)
    assert any("PzKpfw IVH" in note and "PzKw IVH" in note for note in unit["unverified"])
    # the roster holds no MGs: none is assumed silently, since an OVR would add their FP (D7.11)
    assert "mgs" not in unit
    assert ("MGs unknown: neither its counter nor the built-in roster gives them, so an OVR adds no MG FP (D7.11) "
            'and none fires; give its "mgs" in the file') in unit["unverified"]


def test_a_vehicle_the_roster_lacks_is_said_so(tmp_path: Path) -> None:
    commands = [
        vs.boards((0, 0, "01")),
        vs.vehicle("p1", "StuG IIIG", "ge/veh/stgiiig", 500, 500, turret=False, bu=False),
    ]
    result = imported(tmp_path, commands)
    (unit,) = result.scenario["units"]
    assert "ma" not in unit and "turret" not in unit and unit["ce"] is True
    assert any("StuG IIIG: not in the built-in roster either" in note for note in result.report.notes)
    assert any("StuG IIIG: printed values: no VASL module is set up" in note for note in result.report.notes)
    assert result.report.missing_counters == {"StuG IIIG (ge/veh/stgiiig)": 1}


def test_a_gun_with_its_crew_is_manned(tmp_path: Path) -> None:
    x, y = vs.hex_pixel("E5")
    commands = [
        vs.boards((0, 0, "01")),
        vs.piece("p1", "2-2-8 crew", "ru/ru228C", x, y),
        vs.gun("p2", "45L AT PTP obr. 37", "ru/gun/ruAT45L", x, y),
        vs.stack("st", x, y, ["p1", "p2"]),
    ]
    crew, gun = imported(tmp_path, commands).scenario["units"]
    assert gun["crew"] == crew["id"] == "c1"
    assert (gun["mount"], gun["rof"], gun["manhandling"]) == ("NT", 3, 12)  # roster's 45L AT (Russian)


# -- markers, concealment, support weapons ----------------------------------------------------
def stacked(tmp_path: Path, *pieces: str) -> Imported:
    x, y = vs.hex_pixel("E5")
    ids = [vs.decode_id(p) for p in pieces]
    return imported(tmp_path, [vs.boards((0, 0, "01")), *pieces, vs.stack("st", x, y, ids)])


def test_markers_apply_to_the_units_under_them(tmp_path: Path) -> None:
    x, y = vs.hex_pixel("E5")
    result = stacked(
        tmp_path,
        vs.squad("p1", x, y),
        vs.marker("m1", "Pin", x, y),
        vs.squad("p2", x, y),
        vs.marker("m2", "Prep Fire", x, y),
    )
    first, second = result.scenario["units"]
    assert (first.get("pinned"), first.get("fired")) == (True, True)
    assert (second.get("pinned"), second.get("fired")) == (None, True)


def test_motion_marker_on_a_vehicle(tmp_path: Path) -> None:
    x, y = vs.hex_pixel("E5")
    result = stacked(tmp_path, vs.vehicle("p1", "T-34 M41", "ru/veh/T34M41", x, y), vs.marker("m", "Motion", x, y))
    (unit,) = result.scenario["units"]
    assert (unit["motion"], unit["stopped"]) == (True, False)


def test_a_question_mark_conceals_what_lies_under_it(tmp_path: Path) -> None:
    x, y = vs.hex_pixel("E5")
    result = stacked(tmp_path, vs.squad("p1", x, y), vs.concealment("q1", x, y), vs.squad("p2", x, y))
    under, over = result.scenario["units"]
    assert under["concealed"] is True
    assert "concealed" not in over


def test_question_marks_alone_are_counted_not_imported(tmp_path: Path) -> None:
    x, y = vs.hex_pixel("E5")
    result = stacked(tmp_path, vs.concealment("q1", x, y), vs.concealment("q2", x, y))
    assert result.scenario["units"] == []
    assert result.report.skipped["? counters with no unit under them"] == 2


def test_hidden_units_are_concealed_and_hip(tmp_path: Path) -> None:
    traits = [vs.hidden("password")]
    result = imported(tmp_path, [vs.boards((0, 0, "01")), vs.piece("p1", "SU-152", "ru/veh/SU152", 500, 500, traits)])
    (unit,) = result.scenario["units"]
    assert (unit["concealed"], unit["hip"]) == (True, True)


def test_support_weapons_go_to_the_infantry_they_sit_on(tmp_path: Path) -> None:
    x, y = vs.hex_pixel("E5")
    result = stacked(
        tmp_path,
        vs.squad("p1", x, y),
        vs.piece("w1", "LMG", "ru/ruLMG", x, y),
        vs.piece("w2", "DC", " ", x, y),
        vs.piece("w3", "MMG", "ru/ruMMG", x, y, [vs.layer(["ru/ruMMGb"], ["broken +"], 1)]),
    )
    (unit,) = result.scenario["units"]
    assert unit["sw"] == ["LMG", "MMG (broken)"]
    assert unit["dc"] is True


def test_a_support_weapon_with_no_infantry_is_listed(tmp_path: Path) -> None:
    result = imported(tmp_path, [vs.boards((0, 0, "01")), vs.piece("w1", "LMG", "ge/geLMG", 100, 100)])
    assert result.scenario["units"] == []
    assert result.report.loose_sw == {"german LMG": 1}
    assert any("support weapons not stacked" in line for line in result.report.lines())
    assert result.scenario["support_weapons"] == [{"id": "w1", "name": "LMG", "nationality": "german", "side": "axis",
                                                   "hex": None, "vasl": {"gpid": "42", "image": "ge/geLMG"}}]


def test_a_loose_support_weapon_on_the_board_keeps_its_hex_and_state(tmp_path: Path) -> None:
    x, y = vs.hex_pixel("E5")
    broken = vs.piece("w1", "MMG", "ru/ruMMG", x, y, [vs.layer(["ru/ruMMGb"], ["broken +"], 1)])
    (weapon,) = imported(tmp_path, [vs.boards((0, 0, "01")), broken]).scenario["support_weapons"]
    assert (weapon["name"], weapon["hex"], weapon["side"], weapon["state"]) == ("MMG", "1E5", "allied", ["broken"])


@pytest.mark.parametrize(
    ("name", "image", "category"),
    [
        ("User-Labeled", "DO/LabelMe", "labels"),
        ("Blue perimeter", "", "set-up outlines"),
        ("8-Turn Track", "tables/turn_track08", "turn, phase and CVP markers"),
        ("Axis CVP Count", "Axis CVP Marker", "turn, phase and CVP markers"),
        ("Foxhole", "", "fortifications"),
        ("GE Sniper", "", "environment and reinforcement markers"),
    ],
)
def test_counters_that_are_no_unit_are_counted(tmp_path: Path, name: str, image: str, category: str) -> None:
    result = imported(tmp_path, [vs.boards((0, 0, "01")), vs.piece("p1", name, image, 500, 500)])
    assert result.scenario["units"] == []
    assert result.report.skipped == {category: 1}


def test_unknown_counters_are_reported_never_guessed(tmp_path: Path) -> None:
    result = imported(tmp_path, [vs.boards((0, 0, "01")), vs.piece("p1", "Flying Carpet", "zz/carpet", 500, 500)])
    assert result.scenario["units"] == []
    assert result.report.unknown == {"Flying Carpet": 1}
    assert "unknown counters, left out: 1 x Flying Carpet" in result.report.lines()


def test_counters_on_other_windows_are_not_on_the_map(tmp_path: Path) -> None:
    commands = [vs.boards((0, 0, "01")), vs.piece("p1", "8-1", "ge/geL81", 500, 500, map_name="Casualties")]
    result = imported(tmp_path, commands)
    assert result.scenario["units"] == []
    assert result.report.skipped == {"counters on other windows (Casualties)": 1}


def test_art_without_a_nationality_is_said_so(tmp_path: Path) -> None:
    (unit,) = imported(tmp_path, [vs.boards((0, 0, "01")), vs.piece("p1", "8-1", "zz/zzL81", 500, 500)]).scenario[
        "units"
    ]
    assert unit["side"] == "unknown"
    assert any("nationality" in note for note in unit["unverified"])


def test_the_report_counts_by_side(tmp_path: Path) -> None:
    commands = [
        vs.boards((0, 0, "01")),
        vs.squad("p1", *vs.hex_pixel("E5")),
        vs.piece("p2", "8-1", "ge/geL81", 100, 100),
        vs.piece("p3", "9-1", "ge/geL91", 120, 100),
    ]
    report = imported(tmp_path, commands, "My Scenario.vsav").report
    assert (report.on_map, report.off_map) == ({"allied": 1}, {"axis": 2})
    assert report.lines()[:2] == [
        "boards: 01",
        'units: 3 (allied 1, axis 2); 1 on the map, 2 in the order of battle ("hex": null)',
    ]


def test_a3_the_report_asks_for_the_attacker_a_save_does_not_name(tmp_path: Path) -> None:
    """A VASL save does not say whose Player Turn it is: ``player`` stays empty, and the report says
    to set the ATTACKER, on which the phases' side rules (A3) depend."""
    result = imported(tmp_path, [vs.boards((0, 0, "01")), vs.squad("p1", *vs.hex_pixel("E5"))])
    assert result.scenario["player"] == ""
    assert result.report.lines()[2] == "player not set: set the ATTACKER before rehearsing"


LAYOUT = ((0, 0, "01"), (1, 0, "r05"), (0, 1, "r03"), (1, 1, "07"))
LOCAL_HEXES = st.sampled_from(
    [f"{letters}{row}" for i, letters in enumerate(COLUMN_LETTERS) for row in range(0 if i % 2 else 1, 11)]
)


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(LAYOUT), LOCAL_HEXES, st.integers(-20, 20), st.integers(-20, 20))
def test_every_hex_of_every_board_lands_where_vasl_shows_it(
    board: tuple[int, int, str], local: str, dx: int, dy: int
) -> None:
    """On a 2x2 layout with two turned boards, a counter near any hex's centre imports into the
    hex whose centre on aslgui's map (plus VASL's margin) is that centre, named as the board names
    it (property)."""
    col, row, name = board
    rotated = name.startswith("r")
    x, y = vs.hex_pixel(local, col=col, row=row, rotated=rotated)
    text = vs.command_list([vs.boards(*LAYOUT), vs.squad("p1", x + dx, y + dy)])
    imported = import_game(parse_commands("layout.vsav", text))
    scenario = scenario_from_json(imported.scenario)
    if not (vs.MARGIN <= x + dx <= vs.MARGIN + 3600 and vs.MARGIN <= y + dy <= vs.MARGIN + 1290):
        assert list(scenario.off_board) == ["s1"]  # the outer half of an edge half hex: off the boards
        return
    (unit,) = scenario.units.values()
    cx, cy = scenario.grid.center(unit.hex)
    assert (cx + vs.MARGIN, cy + vs.MARGIN) == pytest.approx((x, y), abs=1)
    board_id = name.lstrip("r").lstrip("0")
    assert f"{board_id}{local}" in {
        f"{b.id}{COLUMN_LETTERS[h.col]}{h.row}" for b, h in scenario.grid.locals_of(unit.hex)
    }


def test_d7_11_a_roster_vehicle_s_unknown_mgs_are_said_in_its_ovr(tmp_path: Path) -> None:
    """The roster gives the PzKw IVH no MGs: its OVR counts none, and says so rather than answer
    an OVR FP short of its MGs' without a word (D7.11)."""
    commands = [vs.boards((0, 0, "01")), vs.vehicle("p1", "PzKw IVH", "ge/veh/pzivh", *vs.hex_pixel("E9")),
                vs.squad("r1", *vs.hex_pixel("E8"))]
    data = imported(tmp_path, commands).scenario
    data.update(phase="MPh", player=next(u["side"] for u in data["units"] if u["kind"] == "vehicle"))
    scenario = scenario_from_json(data)
    tank = next(u for u in scenario.units.values() if u.kind == "vehicle")
    squad = next(u for u in scenario.units.values() if u.kind == "squad")
    answer = resolve(scenario, {"kind": "overrun", "vehicle": tank.id, "target_hex": scenario.grid.name(squad.hex)})
    assert not any("MG" in part["source"] for part in answer.values["fp_parts"])
    assert any(note.startswith(f"{tank.id}: MGs unknown: neither its counter nor the built-in roster gives them")
               for note in answer.values["unverified"])
