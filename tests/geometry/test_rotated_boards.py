"""Rotated boards (VASL's r boards, DESIGN.md 7): names turn with the board, the grid does not,
so ranges, CA sets and joins are those of any board; finding a hex's board is O(1)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from aslgui.geometry import BoardPlacement, Hex, MapGrid, ca_hexes, distance

PLAIN = MapGrid([BoardPlacement("4", 0, 0), BoardPlacement("5", 1, 0), BoardPlacement("6", 0, 1)])
TURNED = MapGrid([BoardPlacement("4", 0, 0, True), BoardPlacement("5", 1, 0), BoardPlacement("6", 0, 1, True)])
HEXES = st.sampled_from(PLAIN.all_hexes)
PROPS = settings(max_examples=200, deadline=None, derandomize=True)


def test_turned_board_corners() -> None:
    one = MapGrid([BoardPlacement("5", 0, 0, True)])
    assert one.parse("5A1") == Hex(32, 10) and one.parse("5GG10") == Hex(0, 1)
    assert one.parse("5B0") == Hex(31, 10) and one.name(Hex(16, 5)) == "5Q6"


@PROPS
@given(HEXES)
def test_names_round_trip_on_turned_boards(h: Hex) -> None:
    assert TURNED.parse(TURNED.name(h)) == h
    assert h in TURNED and TURNED.all_hexes == PLAIN.all_hexes


@PROPS
@given(HEXES, HEXES)
def test_ranges_and_ca_sets_do_not_depend_on_turning(a: Hex, b: Hex) -> None:
    assert distance(a, b) == distance(TURNED.parse(TURNED.name(a)), TURNED.parse(TURNED.name(b)))
    for spine in range(6):
        in_plain = {h for h in ca_hexes(a, spine, 6) if h in PLAIN}
        assert in_plain == {h for h in ca_hexes(a, spine, 6) if h in TURNED}


@PROPS
@given(HEXES)
def test_pixel_round_trip(h: Hex) -> None:
    x, y = MapGrid.center(h)
    assert MapGrid.hex_at(x + 3.0, y - 2.0) == h
    assert TURNED.name(MapGrid.hex_at(x, y)) == TURNED.name(h)


@PROPS
@given(st.integers(1, 10))
def test_joined_hexes_belong_to_both_boards_upper_left_name(row: int) -> None:
    """The shared GG/A column of 4 (turned) and 5: one hex, named by the left board."""
    h = Hex(32, row)
    boards = [b.id for b, _ in TURNED.locals_of(h)]
    assert boards[0] == "4" and "5" in boards
    assert TURNED.name(h) == f"4A{11 - row}"  # the turned board's GG column is its A column


def test_board_lookup_does_not_scan_boards() -> None:
    """Issue 16 item 8: a hex's board comes from its column and row, so a 64-board map answers
    as fast as a 1-board one (same path, no per-board loop)."""
    big = MapGrid([BoardPlacement(str(i), i % 8, i // 8) for i in range(64)])
    h = big.parse("63E5")
    assert big.name(h) == "63E5" and [b.id for b, _ in big.locals_of(h)] == ["63"]
