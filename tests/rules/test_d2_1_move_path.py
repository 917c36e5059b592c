"""The path a drag proposes (rules/move_path.py, DESIGN.md 13): hex by hex as the pointer passes,
cut back where it returns, the cheapest way over a jump; whatever the pointer does, a path of
adjacent hexes from the unit, which ``move`` answers."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from aslgui.geometry import Hex, direction_to
from aslgui.rules.move_path import extend, move_gesture
from aslgui.rules.move_search import cheapest
from tests.rules.move_boards import board, move

SCENARIO = board(terrain={"4C5": "stone rubble", "4H5": "woods"})


def named(*names: str) -> list[Hex]:
    return [SCENARIO.grid.parse(name) for name in names]


def test_d2_1_each_hex_entered_next_to_the_last_is_added() -> None:
    squad = SCENARIO.units["s1"]
    path = extend(SCENARIO, squad, [], *named("4C7"))
    assert extend(SCENARIO, squad, path, *named("4D7")) == named("4C7", "4D7")


def test_d2_1_back_over_the_path_cuts_it_and_back_home_empties_it() -> None:
    squad = SCENARIO.units["s1"]
    path = named("4C7", "4D7", "4D6")
    assert extend(SCENARIO, squad, path, *named("4D7")) == named("4C7", "4D7")
    assert extend(SCENARIO, squad, path, squad.hex) == []


def test_a4_1_a_jump_goes_round_dear_terrain() -> None:
    squad = SCENARIO.units["s1"]
    way = cheapest(SCENARIO, squad, squad.hex, *named("4C4"))
    assert way in (named("4B5", "4B4", "4C4"), named("4D5", "4D4", "4C4"))
    assert [step["mf"] for step in move(SCENARIO, "s1", *[SCENARIO.grid.name(h) for h in way])["steps"]] == [1, 1, 1]


def test_d7_1_a_jump_onto_enemy_infantry_is_the_ovr_gesture() -> None:
    tank = SCENARIO.units["t1"]
    way = extend(SCENARIO, tank, named("4F6"), *named("4H5"))
    assert way[-1] == SCENARIO.grid.parse("4H5") and len(way) == 3
    gesture = move_gesture(SCENARIO, tank, way, "MPh")
    assert (gesture.kind, gesture.action["kind"]) == ("overrun", "move")
    assert move_gesture(SCENARIO, tank, named("4E5"), "MPh").kind == "move"


def test_d2_1_no_way_there_leaves_the_path_as_it_was() -> None:
    walled = board(terrain={name: "gully" for name in ("4C5", "4D5", "4D6", "4C7", "4B6", "4B5")})
    squad = walled.units["s1"]
    assert cheapest(walled, squad, squad.hex, walled.grid.parse("4C3")) == []
    assert extend(walled, squad, [], walled.grid.parse("4C3")) == []


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 9), st.integers(1, 10)), max_size=8))
def test_d2_1_whatever_the_pointer_does_the_path_is_hex_by_hex(points: list[tuple[int, int]]) -> None:
    squad = SCENARIO.units["l1"]
    path: list[Hex] = []
    for col, row in points:
        h = Hex(col, row)
        if h not in SCENARIO.grid:
            continue
        path = extend(SCENARIO, squad, path, h)
        assert all(direction_to(a, b) is not None for a, b in zip([squad.hex, *path], path, strict=False))
        assert squad.hex not in path


def test_d7_1_a_vehicles_jump_takes_the_way_through_an_enemy_squad_infantry_goes_round() -> None:
    """A vehicle may pass through an enemy Infantry hex (an OVR is its choice, D7.1), so its
    cheapest way may; Infantry may not enter one (A4.14)."""
    held = board({"r1": {"hex": "4E5"}}, {"r2": {"side": "russian", "kind": "squad", "name": "4-4-7", "hex": "4C5"}})
    tank, squad = held.units["t1"], held.units["s1"]
    assert cheapest(held, tank, tank.hex, held.grid.parse("4E4")) == [held.grid.parse("4E5"), held.grid.parse("4E4")]
    around = cheapest(held, squad, squad.hex, held.grid.parse("4C4"))
    assert len(around) == 3 and held.grid.parse("4C5") not in around
    answer = move(held, "t1", "4E5", "4E4")
    assert answer["legal"] and "passed without an OVR" in answer["steps"][0]["why"]
