"""Issue 25 on VASL's real boards (../shared/vasl/boards): threads along a hexside (A6.1), units
in a river or gully hex (A6.3, B19, B20), marsh depicted in a river hex (B16, B20) and upper
building levels (B23); docs/los.md states each reading."""

from __future__ import annotations

import pytest

from aslgui.rules.los import LosResult, trace
from aslgui.vasl.library import BOARDS_ENV
from tests.vasl.shared_data import BOARDS, needs_shared
from tests.vasl.vasl_sample import board_map

pytestmark = [needs_shared]


@pytest.fixture(autouse=True)
def _shared_boards(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(BOARDS_ENV, str(BOARDS))


def los(board: str, a: str, b: str, a_level: int = 0, b_level: int = 0) -> LosResult:
    the_map = board_map(board)
    return trace(the_map, the_map.grid.parse(a), the_map.grid.parse(b), a_level, b_level)


def name(board: str, result: LosResult) -> str | None:
    return None if result.blocked_at is None else board_map(board).grid.name(result.blocked_at)


@pytest.mark.parametrize(
    ("board", "a", "b", "at"),
    [
        ("05", "P6", "N6", "5O7"),  # woods in O6 and O7 up to their hexside
        ("02", "DD2", "FF2", "2EE2"),  # woods in EE2 and EE3, a clearing meeting the hexside at a point
        ("02", "FF4", "BB4", "2CC5"),  # level-1 ground on both sides of CC4/CC5 (A6.2)
    ],
)
def test_a6_1_along_a_hexside_both_hexes_holding_the_obstacle_block(board: str, a: str, b: str, at: str) -> None:
    there, back = los(board, a, b), los(board, b, a)
    assert there.blocked and back.blocked
    assert name(board, there) == at and "A6.2" in there.reason


def test_a6_1_a_building_on_one_side_of_the_hexside_only_does_not_block() -> None:
    """Board 1 S1-O1 runs along R0/R1: R1's building crosses the line by a fraction of a pixel."""
    assert not los("01", "S1", "O1").blocked and not los("01", "O1", "S1").blocked


# -- A6.3, B19, B20: a unit in a river or gully hex -----------------------------------------------
def test_a6_3_a_thread_out_of_a_gully_along_the_hexside_of_a_gully_hex_stays_in_it() -> None:
    """Board 5 W9 (gully) to X7 (level 0) runs along W8/X8; X8 is a gully hex, so the level-0
    ground lies on one side of that hexside only (A6.1): clear both ways."""
    assert not los("05", "W9", "X7").blocked and not los("05", "X7", "W9").blocked


def test_a6_1_between_two_river_units_drawn_bank_on_both_sides_of_the_hexside_blocks() -> None:
    """Board 7 V6 and T6 are both in the river; the thread runs along U6/U7, where U6's level-0
    ground and the bank drawn in U7 both reach the hexside: level-0 ground higher than both ends
    on both sides blocks (A6.1, A6.2), as VASL answers."""
    result = los("07", "V6", "T6")
    assert result.blocked and name("07", result) == "7U7" and "A6.2" in result.reason


def test_b16_marsh_drawn_on_the_bank_inside_a_river_hex_hinders_level_los_across_it() -> None:
    """Board 7 S6-Y9 (both level 0) crosses marsh drawn on T6's bank, at level 0 beside the water:
    the depiction decides (A6.1), a +1 Hindrance (B16); VASL counts none."""
    result = los("07", "S6", "Y9")
    grid = board_map("07").grid
    assert not result.blocked and [(grid.name(x.hex), x.name) for x in result.hindrances] == [("7T6", "marsh")]


# -- B23: upper building levels --------------------------------------------------------------------
@pytest.mark.parametrize(
    ("board", "upper", "level", "other", "at"),
    [("04", "O6", 1, "Z7", "4P6"), ("06", "K9", 2, "C8", "6J8")],
)
def test_a6_2_b23_another_hex_of_the_firers_own_building_blocks_a_lower_top_level(
    board: str, upper: str, level: int, other: str, at: str
) -> None:
    """A unit on a building's top level (board 4 O6 level 1, board 6 K9 level 2) tracing LOS out
    through another hex of the same building: only the firer's own hex is exempt (A6.2); the
    building rises half a level above its top level there, higher than both ends (B23)."""
    out, back = los(board, upper, other, level, 0), los(board, other, upper, 0, level)
    assert out.blocked and back.blocked and name(board, out) == at and name(board, back) == at
    assert "B23" in out.reason
