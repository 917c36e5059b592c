"""Issues 34 (item 1) and 35 (item 1): an imported game is ready to play and its counters are the whole
truth (DESIGN.md 11): a Gun stacked with its crew (or a HS) is manned, SS and FJ squads are elite
(A1.25), every VASL nationality folder gives a nationality and side (an unknown one is named in the
report), and a read counter that prints no ROF box or no B# takes the rules' meaning (no Multiple
ROF, C2.24; B# 12, A.11), never the roster's, in every later answer."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from aslgui.model import scenario_from_json
from aslgui.model.counters import CounterLibrary
from aslgui.model.vsav_import import Imported, import_vsav
from aslgui.rules import resolve
from aslgui.vasl.module import forget_modules, read_module
from aslgui.vasl.vocabulary import side_of
from tests import vsav_saves as vs
from tests.vasl_modules import build_file, definition, group, make_module, svg

T34 = svg(group("MA", "76L"), group("Front Armor", "11"), group("Side/Rear Armor", "6"), group("Movement", "17"),
          "<!-- Restricted Slow Turret -->\n<svg><rect/></svg>\n", note="14", name="T-34 M41 MT")
T34_SLOT = definition(["prototype;ruCTtur", "piece;K;D;ru/veh/T34M41;T-34 M41"], ["", "null;0;0;700"])
TOLDI = svg(group("MA", "&#x002A;20L"), group("ROF", "2"), group("Movement", "12"), note="1", name="38M Toldi I")
TOLDI_SLOT = definition(["prototype;huCTtur", "piece;K;D;hu/veh/hu38MTi;38M Toldi I"], ["", "null;0;0;4009"])
GUN = svg(group("MA", "&#x002A;28LL"), group("Gun Type", "AT"), group("Manhandling #", "12"), note="5",
          name="2.8cm sPzB 41")
GUN_SLOT = definition(["piece;K;D;ge/gun/geAT28LL;28LL AT sPzB 41"], ["null;0;0;2490"])


@pytest.fixture
def library(tmp_path: Path) -> CounterLibrary:
    forget_modules()
    path = make_module(tmp_path, build=build_file([("700", "T-34 M41", T34_SLOT), ("4009", "38M Toldi I", TOLDI_SLOT),
                                                   ("2490", "28LL AT sPzB 41", GUN_SLOT)]),
                       images={"ru/veh/T34M41.svg": T34, "hu/veh/hu38MTi.svg": TOLDI, "ge/gun/geAT28LL.svg": GUN})
    return CounterLibrary([read_module(path)])


def stacked(tmp_path: Path, pieces: list[str], library: CounterLibrary | None = None) -> Imported:
    x, y = vs.hex_pixel("E5")
    path = tmp_path / "game.vsav"
    path.write_bytes(vs.save_bytes([vs.boards((0, 0, "04")), *pieces,
                                    vs.stack("st", x, y, [vs.decode_id(p) for p in pieces])]))
    result = import_vsav(path, library if library is not None else CounterLibrary([]))
    scenario_from_json(result.scenario)  # every import loads
    return result


def by_kind(result: Imported) -> dict[str, list[dict[str, Any]]]:
    found: dict[str, list[dict[str, Any]]] = {}
    for unit in result.scenario["units"]:
        found.setdefault(unit["kind"], []).append(unit)
    return found


AT = vs.hex_pixel("E5")


# -- manned Guns (C2.1: a crew, or other Infantry, mans a Gun in its Location) -------------------
def test_d8_a_gun_stacked_with_its_crew_is_manned(tmp_path: Path) -> None:
    units = by_kind(stacked(tmp_path, [vs.gun("p1", "75L AT PaK 40", "ge/gun/geAT75L", *AT),
                                       vs.piece("p2", "2-2-8 crew", "ge/ge228C", *AT)]))
    assert units["gun"][0]["crew"] == units["crew"][0]["id"]


def test_d8_without_a_crew_a_half_squad_mans_it(tmp_path: Path) -> None:
    units = by_kind(stacked(tmp_path, [vs.piece("p2", "2-4-7 1hs", "ge/ge247H", *AT),
                                       vs.gun("p1", "75L AT PaK 40", "ge/gun/geAT75L", *AT)]))
    assert units["gun"][0]["crew"] == units["halfsquad"][0]["id"] == "h1"
    assert units["gun"][0]["unverified"][-1] == (
        "manned by half-squad h1 (no crew in its stack): it is taken as qualified; set its qualified false for "
        "non-qualified use (A21.13, C5.8 Case H)")


def test_d8_a_crew_is_preferred_to_a_half_squad_and_each_gun_takes_its_own(tmp_path: Path) -> None:
    units = by_kind(stacked(tmp_path, [vs.piece("p1", "2-4-7 1hs", "ge/ge247H", *AT),
                                       vs.gun("g1", "75L AT PaK 40", "ge/gun/geAT75L", *AT),
                                       vs.gun("g2", "50L AT PaK 38", "ge/gun/geAT50L", *AT),
                                       vs.piece("p2", "2-2-8 crew", "ge/ge228C", *AT)]))
    first, second = units["gun"]
    assert (first["crew"], second["crew"]) == (units["crew"][0]["id"], units["halfsquad"][0]["id"])


def test_d8_no_enemy_and_no_squad_mans_a_gun(tmp_path: Path) -> None:
    units = by_kind(stacked(tmp_path, [vs.gun("p1", "75L AT PaK 40", "ge/gun/geAT75L", *AT),
                                       vs.piece("p2", "2-2-8 crew", "ru/ru228C", *AT),
                                       vs.piece("p3", "4-6-7 1sq", "ge/ge467S", *AT)]))
    assert "crew" not in units["gun"][0]


def test_a1_25_ss_squads_are_elite(tmp_path: Path) -> None:
    units = by_kind(stacked(tmp_path, [vs.piece("p1", "6-5-8 SSsq", "ss/ss658S", *AT),
                                       vs.piece("p2", "4-6-7 1sq", "ge/ge467S", *AT)]))
    ss, line = units["squad"]
    assert (ss.get("elite"), line.get("elite"), ss["nationality"], ss["side"]) == (True, None, "german", "axis")


# -- nationality folders ---------------------------------------------------------------------
@pytest.mark.parametrize(("folder", "nationality", "side"), [
    ("hu", "hungarian", "axis"), ("ax", "axis minor", "axis"), ("al", "allied minor", "allied"),
    ("ss", "german", "axis"), ("us", "american", "allied"), ("nk", "north korean", "axis"),
    ("cc", "chinese communist", "axis"), ("sk", "south korean", "allied"), ("un", "other unc", "allied")])
def test_a25_each_vasl_nationality_folder_gives_nationality_and_side(
        tmp_path: Path, folder: str, nationality: str, side: str) -> None:
    (unit,) = stacked(tmp_path, [vs.piece("p1", "4-4-7 1sq", f"{folder}/{folder}447S", *AT)]).scenario["units"]
    assert (unit["nationality"], unit["side"]) == (nationality, side)
    assert "unverified" not in unit


def test_a25_partisans_take_the_side_of_their_palette_else_unknown() -> None:
    assert side_of("partisan", ("VASL Counters", "Axis O/B", "North Korean")) == "axis"
    assert side_of("partisan", ("VASL Counters", "Allied O/B", "Russian")) == "allied"
    assert side_of("partisan") == "unknown"


def test_a25_an_unknown_folder_is_named_in_the_report_and_on_the_unit(tmp_path: Path) -> None:
    result = stacked(tmp_path, [vs.piece("p1", "4-4-7 1sq", "zz/zz447S", *AT)])
    (unit,) = result.scenario["units"]
    assert (unit["nationality"], unit["side"]) == ("", "unknown")
    assert unit["unverified"] == ["nationality and side: its art's folder 'zz' is no VASL nationality folder aslgui "
                                  "knows"]
    assert ("art folders that name no nationality aslgui knows (their units' nationality is blank and side unknown: "
            "set them): 'zz' (1 counters)") in result.report.lines()


def test_d11_a_hungarian_vehicle_reads_its_prefixed_calibre(tmp_path: Path, library: CounterLibrary) -> None:
    (unit,) = stacked(tmp_path, [vs.vehicle("p1", "38M Toldi I", "hu/veh/hu38MTi", *AT, gpid="4009")],
                      library).scenario["units"]
    assert (unit["nationality"], unit["side"], unit["ma"], unit["rof"]) == (
        "hungarian", "axis", {"caliber": 20.0, "kind": "gun", "barrel": "L"}, 2)


# -- the counter is the whole truth ------------------------------------------------------------
def _fire(result: Imported, firer: dict[str, Any], crewed: bool = False) -> dict[str, Any]:
    target = {"id": "t", "side": "allied" if firer["side"] == "axis" else "axis", "nationality": "german",
              "kind": "vehicle", "name": "target", "hex": "4E9", "vca": "NW/N"}
    units = [{**firer, "hex": "4E5", "ca" if firer["kind"] == "gun" else "vca": "S/SW",
              **({"tca": "S/SW"} if firer.get("turret") else {}), **({"crew": "cr"} if crewed else {})}, target]
    if crewed:
        units.append({"id": "cr", "side": firer["side"], "nationality": firer["nationality"], "kind": "crew",
                      "hex": "4E5"})
    situation = scenario_from_json({"boards": [{"id": "4"}], "phase": "PFPh", "player": firer["side"],
                                    "units": units})
    return resolve(situation, {"kind": "fire", "firer": firer["id"], "target": "t"}).to_json()


def test_c2_24_a11_a_t34_m41_without_rof_box_has_no_rof_and_b12_not_the_rosters(
        tmp_path: Path, library: CounterLibrary) -> None:
    """The roster's 'T-34 M41' says ROF 1: its counter prints no ROF box, so it has none."""
    (unit,) = stacked(tmp_path, [vs.vehicle("p1", "T-34 M41", "ru/veh/T34M41", *AT, gpid="700")],
                      library).scenario["units"]
    assert unit["rof"] == 0 and "breakdown" not in unit and "roster" not in unit["vasl"]
    answer = _fire(stacked(tmp_path, [], library), unit)
    assert answer["legal"] is True, answer["reasons"]
    assert (answer["rof"], answer["breakdown"]) == (0, 12)
    assert not any("roster" in note for note in answer.get("unverified") or ())


def test_d11_a_gun_whose_counter_was_read_names_nothing_unknown(tmp_path: Path, library: CounterLibrary) -> None:
    """The seven Guns of issue 35 carried 'its ROF, B#, M# and Case A mount are unknown' although
    read: a prefixed calibre (``*28LL``) now reads, and nothing read is said unknown."""
    (unit,) = stacked(tmp_path, [vs.gun("p1", "28LL AT sPzB 41", "ge/gun/geAT28LL", *AT, gpid="2490")],
                      library).scenario["units"]
    assert (unit["caliber"], unit["barrel"], unit["rof"], unit["manhandling"], unit["type"]) == (
        28.0, "LL", 0, 12, "AT")
    assert "unverified" not in unit
    answer = _fire(stacked(tmp_path, [], library), unit, crewed=True)
    assert answer["legal"] is True, answer["reasons"]
    assert (answer["rof"], answer["breakdown"]) == (0, 12)


def test_d11_without_its_counter_only_what_is_unknown_is_named(tmp_path: Path) -> None:
    (unit,) = stacked(tmp_path, [vs.gun("p1", "107* MTR obr. 38", "ru/gun/ruMTR107", *AT)]).scenario["units"]
    (note,) = [n for n in unit["unverified"] if "unknown" in n]
    assert note.startswith("its ROF, B#, M# and Case A mount are unknown (not in the built-in roster for a russian "
                           "107* MTR)")


def test_d11_an_svg_that_cannot_be_read_is_named_with_why_never_as_missing_art(tmp_path: Path) -> None:
    forget_modules()
    path = make_module(tmp_path, build=build_file([("700", "T-34 M41", T34_SLOT)]),
                       images={"ru/veh/T34M41.svg": "<svg><text>76L</svg>"})
    library = CounterLibrary([read_module(path)])
    (unit,) = stacked(tmp_path, [vs.vehicle("p1", "T-34 M41", "ru/veh/T34M41", *AT, gpid="700")],
                      library).scenario["units"]
    (note,) = [n for n in unit["unverified"] if n.startswith("printed values")]
    assert note.startswith("printed values: the module has its counter but its image "
                           "images/ru/veh/T34M41.svg could not be read: cannot read counter 'ru/veh/T34M41': it is "
                           "not well-formed XML")
    assert "has no SVG image" not in note and "gpid" not in note


def test_a11_the_answer_says_an_unprinted_b_number_is_the_rules_default(tmp_path: Path,
                                                                         library: CounterLibrary) -> None:
    (unit,) = stacked(tmp_path, [vs.vehicle("p1", "T-34 M41", "ru/veh/T34M41", *AT, gpid="700")],
                      library).scenario["units"]
    answer = _fire(stacked(tmp_path, [], library), unit)
    assert "read: v1's VASL counter prints no B#, so the rules' default, B# 12 (A.11)" in answer["notes"]
    printed = {**unit, "breakdown": 11}
    assert not any("B#" in note for note in _fire(stacked(tmp_path, [], library), printed)["notes"])
