"""DESIGN.md 11 (issue 23): an imported Gun or vehicle takes its counter's printed values from the
player's VASL module, carries ``vasl`` (gpid, image, the keys printed), fires with them with no
roster value in ``unverified``; a counter the module lacks is named in ``unverified`` and in the
import report, and a value the import copied from the roster stays named in every later answer."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from aslgui.model import scenario_from_json
from aslgui.model.counters import CounterLibrary
from aslgui.model.vsav_import import Imported, import_vsav
from aslgui.rules import resolve
from aslgui.vasl.module import forget_modules, read_module
from tests import vsav_saves as vs
from tests.vasl_modules import STUG, TANK, build_file, definition, group, make_module, oob_build_file, svg

#: The tiny TANK counter boxes its front and circles its side AF: its turret's differ, unprinted.
TURRET_NOTE = ("turret Armor Factors: its counter marks the turret's armor front superior, side/rear inferior to the "
               "hull's but prints no number (its Vehicle Note does), so the hull's are used; give af.turret to use "
               "the turret's")
PAK = svg(group("MA", "75L"), group("ROF", "2"), group("Gun Type", "AT"), group("Manhandling #", "8"),
          note="10", name="7.5cm PaK 40")
PAK_SLOT = definition(["prototype;DBCommon", "info;QSU", "piece;K;D;ge/gun/geAT75L;75L AT PaK 40"],
                      ["", "", "null;0;0;2500"])


@pytest.fixture
def library(tmp_path: Path) -> CounterLibrary:
    forget_modules()
    path = make_module(tmp_path, build=build_file([("2610", "StuG IIIG", STUG), ("2500", "75L AT PaK 40", PAK_SLOT)]),
                       images={"ge/veh/stgiiig.svg": TANK, "ge/gun/geAT75L.svg": PAK})
    return CounterLibrary([read_module(path)])


def imported(tmp_path: Path, commands: list[str], library: CounterLibrary | None) -> Imported:
    path = tmp_path / "game.vsav"
    path.write_bytes(vs.save_bytes([vs.boards((0, 0, "01")), *commands]))
    return import_vsav(path, library if library is not None else CounterLibrary([]))


def stug(gpid: str = "2610", name: str = "StuG IIIG", image: str = "ge/veh/stgiiig", at: str = "E5",
         turret: bool = True) -> str:
    """A vehicle of the tiny module's StuG slot (its SVG draws a turreted tank: the values are the test's)."""
    return vs.vehicle("p1", name, image, *vs.hex_pixel(at), turret=turret, gpid=gpid)


def test_d11_a_vehicle_takes_its_counters_printed_values(tmp_path: Path, library: CounterLibrary) -> None:
    result = imported(tmp_path, [stug()], library)
    (unit,) = result.scenario["units"]
    assert unit["ma"] == {"caliber": 75.0, "kind": "gun", "barrel": "*"}
    assert (unit["rof"], unit["mp"], unit["af"], unit["turret"]) == (1, 11, {"hull": [11, 8, 8]}, "T")
    assert unit["mgs"] == [{"fp": 2, "mount": "BMG"}, {"fp": 4, "mount": "CMG"}, {"fp": 2, "mount": "RMG"}]
    assert unit["special_ammo"] == {"SMOKE": 8, "APCR": 6}  # the slot's info text: s8, A6^2^/5^3^ (C8)
    assert unit["ct"] is True  # prototype geCTnt
    assert unit["vasl"]["gpid"] == "2610" and unit["vasl"]["image"] == "ge/veh/stgiiig"
    assert {"ma", "rof", "af", "mp", "turret", "mgs", "special_ammo"} <= set(unit["vasl"]["printed"])
    assert unit["unverified"] == [TURRET_NOTE] and not result.report.missing_counters


def test_d11_a_turreted_counter_without_a_tca_in_the_save_turns_with_its_vca(tmp_path: Path,
                                                                             library: CounterLibrary) -> None:
    (unit,) = imported(tmp_path, [stug(turret=False)], library).scenario["units"]
    assert (unit["turret"], unit["tca"]) == ("T", unit["vca"])
    assert unit["unverified"] == [TURRET_NOTE, "TCA: VASL shows none for this turreted vehicle; taken as its VCA"]


def test_d11_a_gun_takes_its_counters_values_and_info_flags(tmp_path: Path, library: CounterLibrary) -> None:
    result = imported(tmp_path, [vs.gun("p1", "75L AT PaK 40", "ge/gun/geAT75L", *vs.hex_pixel("E5"), gpid="2500")],
                      library)
    (gun,) = result.scenario["units"]
    assert (gun["caliber"], gun["barrel"], gun["rof"], gun["type"], gun["manhandling"]) == (75.0, "L", 2, "AT", 8)
    assert (gun["mount"], gun["qsu"], gun["special_ammo"]) == ("NT", True, {})
    assert "unverified" not in gun


def test_d11_a_counter_the_module_lacks_is_named_never_defaulted(tmp_path: Path, library: CounterLibrary) -> None:
    result = imported(tmp_path, [stug("9999", "T-34 M43", "ru/veh/T34M43")], library)
    (unit,) = result.scenario["units"]
    assert unit["vasl"]["missing"] is True and "ma" not in unit
    assert any("its counter (ru/veh/T34M43) is not in the VASL module" in note for note in unit["unverified"])
    assert result.report.missing_counters == {"T-34 M43 (ru/veh/T34M43)": 1}
    assert ("Guns and vehicles whose printed numbers the VASL module does not give (each one's note says why): 1 x "
            "T-34 M43 (ru/veh/T34M43)") in result.report.lines()


def test_d11_without_a_module_the_import_says_how_to_set_one_up(tmp_path: Path) -> None:
    result = imported(tmp_path, [stug()], None)
    (unit,) = result.scenario["units"]
    assert any("no VASL module is set up (ASLGUI_VASL_MODULE" in note for note in unit["unverified"])
    assert ("Guns and vehicles whose printed numbers need a VASL module (none is set up): 1 x StuG IIIG "
            "(ge/veh/stgiiig)") in result.report.lines()
    unread = result.report._replace(module_problems=("broken.vmod: not a zip",))
    assert "Guns and vehicles whose printed numbers need a VASL module (none could be read): 1 x StuG IIIG " \
           "(ge/veh/stgiiig)" in unread.lines()


def _on_board(result: Imported, **extra: Any) -> Any:
    data = result.scenario
    target = {"id": "t", "side": "allied", "nationality": "russian", "kind": "vehicle", "name": "T", "hex": "1E9",
              "vca": "NW/N"}
    return scenario_from_json({**data, "player": "axis", "phase": "PFPh", "units": [*data["units"], target], **extra})


def test_d11_c3_an_imported_vehicle_fires_with_its_counters_numbers(tmp_path: Path, library: CounterLibrary) -> None:
    situation = _on_board(imported(tmp_path, [stug()], library))
    answer = resolve(situation, {"kind": "fire", "firer": "v1", "target": "t"}).to_json()
    assert answer["legal"] is True and answer["rof"] == 1 and answer["unverified"] == [f"v1: {TURRET_NOTE}"]


@pytest.mark.parametrize(("ammo", "legal"), [("APCR", True), ("SMOKE", True), ("APDS", False), ("HEAT", False)])
def test_c8_only_the_ammunition_its_counter_lists_is_fired(tmp_path: Path, library: CounterLibrary, ammo: str,
                                                            legal: bool) -> None:
    situation = _on_board(imported(tmp_path, [stug()], library))
    target_type = "area" if ammo == "SMOKE" else "vehicle"
    answer = resolve(situation, {"kind": "fire", "firer": "v1", "target": "t", "ammo": ammo,
                                 "target_type": target_type}).to_json()
    listed = f"v1's counter lists no {ammo} (its special ammunition: SMOKE, APCR) (C8)"
    assert (listed not in answer["reasons"]) is legal
    depletion = {"APCR": 6, "SMOKE": 8}.get(ammo)
    assert any(f"{ammo}: its counter's depletion number is {depletion}" in note for note in answer["notes"]) is legal


def test_d11_a_value_copied_from_the_roster_stays_unverified_in_later_answers(tmp_path: Path,
                                                                              library: CounterLibrary) -> None:
    result = imported(tmp_path, [stug("9999", "PzKw IVH", "ge/veh/pzivh")], library)
    (unit,) = result.scenario["units"]
    assert set(unit["vasl"]["roster"]) >= {"ma", "mp", "turret"}
    answer = resolve(_on_board(result), {"kind": "fire", "firer": "v1", "target": "t"}).to_json()
    assert any(note.startswith("v1: turret, ma, rof, breakdown, mp, af from the built-in roster's 'PzKpfw IVH'")
               for note in answer["unverified"])


# -- SMOKE, WP and wrecks (issue 25.4: what a real game puts on the map hinders LOS) -----------
@pytest.mark.parametrize(("layer_name", "marker"), [
    ("White +3 Smoke", {"kind": "smoke", "dispersed": False}), ("Gray +2 Smoke", {"kind": "smoke", "dispersed": True}),
    ("White +2 WP", {"kind": "wp", "dispersed": False}), ("Gray +1 WP", {"kind": "wp", "dispersed": True}),
])
def test_a24_a_smoke_counter_on_a_hex_is_imported_into_smoke(tmp_path: Path, layer_name: str,
                                                            marker: dict[str, Any]) -> None:
    x, y = vs.hex_pixel("E5")
    # VASL escapes the "+" in a Layer's name, which would otherwise add a prefix or suffix.
    smoke = vs.piece("m1", "Smoke", "ML/Smk3", x, y, [vs.layer(["ML/Smk3"], [layer_name.replace("+", "\\+")], 1)])
    result = imported(tmp_path, [smoke], None)
    assert result.scenario["smoke"] == {"1E5": [marker]} and result.scenario["units"] == []
    situation = scenario_from_json({**result.scenario, "player": "axis"})
    assert list(situation.smoke) == [situation.grid.parse("1E5")]


def test_a24_a_smoke_counter_off_the_boards_is_counted_not_placed(tmp_path: Path) -> None:
    result = imported(tmp_path, [vs.piece("m1", "WP", "ML/WP2", 10, 10)], None)
    assert "smoke" not in result.scenario
    assert result.report.skipped["SMOKE and WP counters off the boards"] == 1


def test_d9_a_wreck_counter_is_a_vehicle_marked_wreck_with_no_guessed_numbers(tmp_path: Path,
                                                                             library: CounterLibrary) -> None:
    wreck = vs.vehicle("p1", "PzKw IB Wreck", "ge/veh/pzibb", *vs.hex_pixel("E5"), turret=False, gpid="77")
    (unit,) = imported(tmp_path, [wreck], library).scenario["units"]
    assert (unit["kind"], unit["wreck"], unit["vca"]) == ("vehicle", True, "SE/S")
    assert "unverified" not in unit and "ma" not in unit and not unit["vasl"].get("missing")


def test_d11_without_its_counter_a_gun_names_what_its_name_gave_and_what_is_unknown(tmp_path: Path) -> None:
    gun = vs.gun("p1", "37L AT PTP obr. 30", "ru/gun/ruAT37L", *vs.hex_pixel("E5"))
    (unit,) = imported(tmp_path, [gun], None).scenario["units"]
    assert (unit["caliber"], unit["barrel"], unit["type"]) == (37, "L", "AT") and "rof" not in unit
    notes = unit["unverified"]
    assert "caliber 37, barrel L and Gun type AT read from its name '37L AT PTP obr. 30'" in notes
    assert any(note.startswith("its ROF, B#, M# and Case A mount are unknown") and "(C2.24)" in note
               for note in notes)


@pytest.mark.parametrize("key", ["apcr", "APXX", "HE"])
def test_design_9_a_special_ammo_name_outside_c8s_is_an_error_naming_it(key: str) -> None:
    from aslgui.errors import AslError
    tank = {"id": "t", "side": "axis", "nationality": "german", "kind": "vehicle", "hex": "1E5", "vca": "S/SW",
            "special_ammo": {key: 6}}
    with pytest.raises(AslError) as caught:
        scenario_from_json({"boards": [{"id": "1", "col": 0, "row": 0}], "units": [tank]})
    assert caught.value.path == f"units[0].special_ammo.{key}" and "expected one of: APCR, APDS" in caught.value.message


def test_d11_a_gun_whose_art_names_no_folder_takes_its_o_b_palettes_nationality(tmp_path: Path) -> None:
    """VASL files some art in no folder (``fi120MTR``): the import reads the Gun's nationality from
    its module PieceSlot's O/B palette (Finnish, under Axis O/B), not a blank with a note."""
    forget_modules()
    library = CounterLibrary([read_module(make_module(tmp_path, build=oob_build_file("Finnish"), images={}))])
    mortar = vs.gun("p1", "120* MTR Krh/40", "fi120MTR", *vs.hex_pixel("E5"), gpid="6806")
    (gun,) = imported(tmp_path, [mortar], library).scenario["units"]
    assert (gun["nationality"], gun["side"]) == ("finnish", "axis")
    assert not any(note.startswith("nationality") for note in gun.get("unverified", ()))
    (alone,) = imported(tmp_path, [mortar], None).scenario["units"]  # no module: nothing names it
    assert alone["nationality"] == "" and "nationality and side: the counter's art names no nationality" in alone[
        "unverified"]
