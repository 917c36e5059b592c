"""The To Hit Table (C3.3), the C4 modifications and the roster of Guns/AFVs behind them."""

from __future__ import annotations

import pytest

from aslgui.errors import AslError
from aslgui.geometry import Hex, distance
from aslgui.model import Unit
from aslgui.rules.roster import armament, roster
from aslgui.rules.to_hit import table
from tests.rules.fixtures.to_hit_scenarios import BOARDS_4_5, fire, german_tank, russian_gun, scenario


@pytest.mark.parametrize(
    ("target_type", "colour", "rng", "basic"),
    [
        ("infantry", "red", 6, 8),
        ("infantry", "black", 37, 2),
        ("vehicle", "black", 6, 10),
        ("vehicle", "red", 12, 8),
        ("area", "black", 13, 8),
        ("area", "red", 55, 5),
        ("infantry", "red", 99, -2),
    ],
)
def test_c3_3_basic_th_by_target_type_range_and_colour(target_type: str, colour: str, rng: int, basic: int) -> None:
    assert table.basic_th(target_type, colour, rng) == basic


def test_c3_3_german_is_black_and_russian_red() -> None:
    assert table.th_colour("german", "p") == ("black", True)
    assert table.th_colour("Russian", "p") == ("red", True)


def test_c3_3_unknown_nationality_names_the_field() -> None:
    with pytest.raises(AslError) as error:
        table.th_colour("klingon", "units[3].nationality")
    assert error.value.path == "units[3].nationality" and "did you mean" not in error.value.message


@pytest.mark.parametrize(
    ("name", "rng", "changes", "modified"),  # Russian: red Infantry Target Type numbers
    [
        ("57LL AT", 6, [], 8),
        ("57LL AT", 13, [("LL barrel, 13-18 hexes", 1), ("caliber <= 57mm, 13-18 hexes", -1)], 5),
        ("57LL AT", 25, [("LL barrel, 25-30 hexes", 2), ("caliber <= 57mm, 25-30 hexes", -2)], 3),
        (
            "20L AA",
            25,
            [("L barrel, 25-30 hexes", 1), ("caliber <= 57mm, 25-30 hexes", -2), ("caliber <= 40mm, 25-30 hexes", -1)],
            1,
        ),
        ("75* INF", 7, [], 6),
        ("75* INF", 13, [("* barrel, 13-18 hexes", -1)], 4),
    ],
)
def test_c4_barrel_and_caliber_rows_add_up(name: str, rng: int, changes: list[tuple[str, int]], modified: int) -> None:
    situation = scenario(russian_gun("4A5", "NE/SE", name=name), boards=BOARDS_4_5)
    gun_hex = situation.units["g"].hex
    target = situation.grid.name(next(h for h in situation.grid if distance(gun_hex, h) == rng))
    answer = fire(situation, firer="g", target_hex=target, target_type="infantry")
    assert answer["range"] == rng
    assert [(c["text"], c["value"]) for c in answer["th_modifications"]] == changes
    assert answer["modified_th"] == answer["basic_th"] + sum(v for _, v in changes) == modified


def test_c4_apcr_modification_applies_only_with_that_ammo() -> None:
    situation = scenario(russian_gun("4E1", "S/SW", name="75L AT"), german_tank(hex_name="4Y10", vca="N/NE"))
    plain = fire(situation, firer="g", target="t", target_type="vehicle")
    apcr = fire(situation, firer="g", target="t", target_type="vehicle", ammo="APCR")
    assert [c["text"] for c in apcr["th_modifications"]][-1].startswith("APCR/APDS")
    assert apcr["modified_th"] < plain["modified_th"]


def test_roster_has_at_least_a_dozen_sourced_guns_and_afvs() -> None:
    entries = roster()
    assert len(entries) >= 12
    assert {e.kind for e in entries.values()} == {"gun", "vehicle"}
    assert all(e.source and (e.caliber > 0 if e.caliber is not None else e.kind == "vehicle") for e in entries.values())


def test_unit_values_win_over_the_roster() -> None:
    # A Gun that states its caliber is taken as written: no barrel key is a normal barrel (DESIGN.md 3).
    own = Unit(id="g", side="russian", kind="gun", hex=Hex(0, 1), name="57LL AT", caliber=45, rof=1)
    arms = armament(own, "units[0]")
    assert (arms.caliber, arms.barrel, arms.rof, arms.mount) == (45, None, 1, "NT")
    named_only = armament(Unit(id="g", side="russian", kind="gun", hex=Hex(0, 1), name="57LL AT"), "units[0]")
    assert (named_only.caliber, named_only.barrel, named_only.rof) == (57, "LL", 3)


def test_documented_defaults_are_not_overridden_by_the_roster() -> None:
    # The roster lists the M4A1 with a gyrostabilizer and a turret; the file's own values win,
    # and an absent key takes DESIGN.md's default (no turret, gyro false), not the roster's.
    stated = Unit(id="m", side="american", kind="vehicle", hex=Hex(0, 1), name="M4A1", gyro=False, turret="T")
    assert (armament(stated, "units[0]").gyro, armament(stated, "units[0]").turret) == (False, "T")
    bare = armament(Unit(id="m", side="american", kind="vehicle", hex=Hex(0, 1), name="M4A1"), "units[0]")
    assert (bare.gyro, bare.turret, bare.mount) == (False, None, "NT")


def test_vehicle_armament_comes_from_its_ma_or_the_roster() -> None:
    arms = armament(Unit(id="t", side="german", kind="vehicle", hex=Hex(0, 1), name="PzKpfw IVH"), "units[1]")
    assert (arms.caliber, arms.barrel, arms.turret, arms.mount) == (75, "L", None, "NT")
    turreted = Unit(id="t", side="german", kind="vehicle", hex=Hex(0, 1), name="PzKpfw IVH", turret="ST")
    assert (armament(turreted, "units[1]").turret, armament(turreted, "units[1]").mount) == ("ST", "ST")
    with pytest.raises(AslError) as error:
        armament(Unit(id="s", side="german", kind="squad", hex=Hex(0, 1)), "units[2]")
    assert error.value.path == "units[2]"


@pytest.mark.parametrize(("name", "fp"), [("57LL AT", 6), ("76L ART", 12), ("50 MTR", 6)])
def test_c3_he_fp_by_caliber_matches_the_rulebook_examples(name: str, fp: int) -> None:
    # C3.32 EX: 57mm on the 6 column; C3.332 EX: 76mm Area on 6 = half of 12; C3.71 EX: 50mm CH 12 = 2 x 6.
    arms = armament(Unit(id="x", side="r", kind="gun", hex=Hex(0, 1), name=name), "units[0]")
    assert table.he_fp(arms) == fp
