"""Covered Arc membership, hexsides and Case A hexspine counts (C3.2, C5.1)."""

from __future__ import annotations

import pytest

from aslgui.geometry import BoardPlacement, MapGrid, ca_hexes, hexside_in_ca, in_ca, parse_spine, spines_to_bring

BOARD4 = MapGrid.single("4")
S_SW = parse_spine("S/SW")


def names(hexes: object) -> set[str]:
    return {BOARD4.name(h) for h in hexes if h in BOARD4}  # type: ignore[attr-defined]


def test_c3_2_ex_gun_in_e5_facing_s_sw_covers_e6_and_the_range_5_row() -> None:
    e5 = BOARD4.parse("4E5")
    assert in_ca(e5, S_SW, BOARD4.parse("4E6"))
    at_five = {h for h in ca_hexes(e5, S_SW, 5) if h in BOARD4 and h not in set(ca_hexes(e5, S_SW, 4))}
    assert names(at_five) == {"4A8", "4B8", "4C9", "4D9", "4E10"}


def test_c3_2_ex_entering_e6_crosses_a_ca_hexside() -> None:
    e5, e6, f6 = (BOARD4.parse(n) for n in ("E5", "E6", "F6"))
    assert hexside_in_ca(e5, S_SW, f6, e6)
    assert not hexside_in_ca(e5, S_SW, BOARD4.parse("F5"), f6)


def test_c3_2_both_boundary_rows_are_in_the_ca() -> None:
    e5 = BOARD4.parse("E5")
    assert names(h for h in ca_hexes(e5, S_SW, 3)) >= {"4E6", "4E7", "4E8", "4D5", "4C6", "4B6"}
    assert not in_ca(e5, S_SW, BOARD4.parse("F6"))
    assert not in_ca(e5, S_SW, BOARD4.parse("D4"))
    assert not in_ca(e5, S_SW, e5)


def test_c3_2_ca_of_each_spine_on_an_odd_column() -> None:
    d5 = BOARD4.parse("D5")
    expected_first_pair = {
        "N/NE": {"4D4", "4E5"},
        "NE/SE": {"4E5", "4E6"},
        "SE/S": {"4E6", "4D6"},
        "S/SW": {"4D6", "4C6"},
        "SW/NW": {"4C6", "4C5"},
        "NW/N": {"4C5", "4D4"},
    }
    for spine_name, pair in expected_first_pair.items():
        assert names(ca_hexes(d5, parse_spine(spine_name), 1)) == pair


def test_ca_hexes_count_rows_of_growing_length() -> None:
    assert len(list(ca_hexes(BOARD4.parse("P5"), 0, 20))) == sum(r + 1 for r in range(1, 21))


def test_c5_1_case_a_hexspines_turned() -> None:
    e5 = BOARD4.parse("E5")
    assert spines_to_bring(e5, S_SW, BOARD4.parse("E8")) == 0
    assert spines_to_bring(e5, S_SW, BOARD4.parse("F7")) == 1  # needs SE/S
    assert spines_to_bring(e5, S_SW, BOARD4.parse("G6")) == 1  # on the SE row, shared by SE/S
    assert spines_to_bring(e5, S_SW, BOARD4.parse("G5")) == 2  # inside NE/SE
    assert spines_to_bring(e5, S_SW, BOARD4.parse("E2")) == 2  # the N row behind it is in NW/N
    assert spines_to_bring(e5, S_SW, BOARD4.parse("F3")) == 3  # inside N/NE, straight behind
    assert spines_to_bring(e5, S_SW, e5) == 0  # same hex: Case E, not Case A


def test_hexside_needs_adjacent_hexes() -> None:
    with pytest.raises(ValueError, match="not adjacent"):
        hexside_in_ca(BOARD4.parse("E5"), 0, BOARD4.parse("E6"), BOARD4.parse("E8"))


def test_ca_runs_across_a_board_join() -> None:
    pair = MapGrid([BoardPlacement("4", 0, 0), BoardPlacement("5", 1, 0)])
    gun = pair.parse("4EE5")
    covered = {pair.name(h) for h in ca_hexes(gun, parse_spine("NE/SE"), 6) if h in pair}
    assert {"4GG5", "5B5", "5E5"} <= covered  # 5A5 is 4GG5, the canonical name
