"""Hex names, distance and adjacency on ASL geomorphic boards (DESIGN.md section 2)."""

from __future__ import annotations

import pytest

from aslgui.geometry import (
    BoardPlacement,
    Hex,
    HexNameError,
    MapGrid,
    direction_to,
    distance,
    entry_hexsides,
    neighbour,
    neighbours,
    parse_direction,
    parse_spine,
)

BOARD4 = MapGrid.single("4")
#: Boards 4 and 5 side by side, 6 and 7 below them.
FOUR = MapGrid(
    [BoardPlacement("4", 0, 0), BoardPlacement("5", 1, 0), BoardPlacement("6", 0, 1), BoardPlacement("7", 1, 1)]
)


def test_design_range_checks_from_e5() -> None:
    e5 = BOARD4.parse("E5")
    assert [distance(e5, BOARD4.parse(n)) for n in ("A8", "B8", "C9", "D9", "E10")] == [5, 5, 5, 5, 5]


@pytest.mark.parametrize(("a", "b"), [("Y6", "X5"), ("H4", "G4"), ("E3", "D2")])
def test_design_adjacency_checks(a: str, b: str) -> None:
    assert distance(BOARD4.parse(a), BOARD4.parse(b)) == 1
    assert BOARD4.parse(b) in neighbours(BOARD4.parse(a))


def test_odd_columns_sit_half_a_hex_lower() -> None:
    # B5 is below-right (SE) of A5 and above-right (NE) of A6.
    assert direction_to(BOARD4.parse("A5"), BOARD4.parse("B5")) == parse_direction("SE")
    assert direction_to(BOARD4.parse("A6"), BOARD4.parse("B5")) == parse_direction("NE")


def test_neighbours_are_in_hexside_order_n_first() -> None:
    names = [BOARD4.name(h) for h in neighbours(BOARD4.parse("E5"))]
    assert names == ["4E4", "4F4", "4F5", "4E6", "4D5", "4D4"]
    assert [BOARD4.name(h) for h in neighbours(BOARD4.parse("D5"))] == ["4D4", "4E5", "4E6", "4D6", "4C6", "4C5"]


def test_names_parse_case_insensitively_and_print_canonically() -> None:
    assert BOARD4.parse("4e6") == BOARD4.parse("E6") == BOARD4.parse(" 4E6 ")
    assert BOARD4.name(BOARD4.parse("4gg10")) == "4GG10"
    assert BOARD4.name(BOARD4.parse("b0")) == "4B0"


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("4A0", "column A holds rows 1..10"),
        ("4B11", "column B holds rows 0..10"),
        ("4HH1", "not on the map"),
        ("E", "not on the map"),
        ("9E5", "not on the map"),
    ],
)
def test_names_not_on_the_map_are_refused_clearly(name: str, words: str) -> None:
    with pytest.raises(HexNameError, match=words):
        BOARD4.parse(name, path="units[0].hex")


def test_name_error_carries_the_json_path() -> None:
    with pytest.raises(HexNameError) as caught:
        BOARD4.parse("4Z11", path="units[3].hex")
    assert caught.value.path == "units[3].hex"


def test_multi_board_map_needs_the_board_prefix() -> None:
    with pytest.raises(HexNameError, match="not on the map"):
        FOUR.parse("E5")
    assert FOUR.name(FOUR.parse("7E5")) == "7E5"


def test_side_by_side_boards_join_gg_and_a_half_hexes() -> None:
    assert FOUR.parse("4GG5") == FOUR.parse("5A5")
    assert FOUR.name(FOUR.parse("5A5")) == "4GG5"  # upper/left board's name is canonical


def test_stacked_boards_join_row_10_and_row_0_half_hexes() -> None:
    assert FOUR.parse("4B10") == FOUR.parse("6B0")
    assert FOUR.name(FOUR.parse("6B0")) == "4B10"
    # Even columns do not join: 4A10 and 6A1 are neighbours, not one hex.
    assert distance(FOUR.parse("4A10"), FOUR.parse("6A1")) == 1


def test_range_is_counted_across_board_joins() -> None:
    assert distance(FOUR.parse("4E5"), FOUR.parse("5E5")) == 32
    assert distance(FOUR.parse("4GG5"), FOUR.parse("5B5")) == 1
    assert distance(FOUR.parse("4E5"), FOUR.parse("6E5")) == 10


def test_joined_hexes_are_counted_once() -> None:
    per_board = 17 * 10 + 16 * 11
    assert len(BOARD4) == per_board
    # Two columns shared side by side (x2 rows of boards), 16 odd-column half hexes shared (x2 columns of boards).
    assert len(FOUR) == 4 * per_board - 2 * 10 - 2 * 16


def test_neighbour_steps_back() -> None:
    e5 = BOARD4.parse("E5")
    for d in range(6):
        assert neighbour(neighbour(e5, d), d + 3) == e5


def test_spine_names_parse_in_either_order() -> None:
    assert parse_spine("S/SW") == parse_spine("sw/s") == 3
    with pytest.raises(ValueError, match="unknown hexspine"):
        parse_spine("N/S")


def test_b9_3_a_line_along_a_hexspine_enters_across_both_hexsides() -> None:
    target = Hex(4, 5)  # 4E5 on board 4; the line from 4G5 runs level, along its E hexspine
    assert entry_hexsides(target, Hex(6, 5)) == (neighbour(target, 1), neighbour(target, 2))
    assert entry_hexsides(target, Hex(4, 2)) == (neighbour(target, 0),)  # straight down the column: N
    assert entry_hexsides(target, target) == ()


def test_a_name_parsed_again_is_the_same_hex_and_a_bad_one_is_refused_each_time_with_its_path() -> None:
    """Names are kept once parsed (issue 40: a batch names the same hexes again and again); a
    refused name is never kept, so its error names the path of each asking."""
    grid = MapGrid.single("4")
    assert grid.parse("4E6") == grid.parse("4E6") == Hex(4, 6)
    for path in ("units[0].hex", "action.to"):
        with pytest.raises(HexNameError, match=r"column A holds rows 1\.\.10") as refused:
            grid.parse("4A0", path=path)
        assert refused.value.path == path


def test_parsed_reads_a_good_name_the_first_time_and_says_none_for_anything_else() -> None:
    """``parsed`` (a batch's quick answers, issue 40) takes a name never read before as ``parse``
    does, and answers None, never an error, for a bad name or a value that is no text."""
    grid = MapGrid.single("4")
    assert grid.parsed(" 4e6") == Hex(4, 6) == grid.parsed("4E6")
    assert grid.parsed("E7") == Hex(4, 7)  # the board may be omitted on a one-board map
    for bad in ("4A0", "4ZZ1", "", "4E\u0665", 46, None, ["4E6"]):
        assert grid.parsed(bad) is None
