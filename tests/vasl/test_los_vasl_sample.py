"""VASL's own LOS answers as tests (``../shared/vasl/los-sample``: VASL's ``Map.LOS`` on 250 pairs of
each of bd01-bd07): the same blocked/clear answer, the same Hindrance DRM on a clear LOS and the
same blocking hex as VASL, except the pairs listed here.  Each listed pair names why aslgui differs
and the reason is checked on the pair (``tests/vasl/vasl_sample.py`` says what each check
measures); a pair that starts to agree, or differs for another reason, fails.

The reasons (docs/los.md, "Against VASL's own answers"):

- ``graze``: VASL blocks on a depiction that the exact thread passes by on one side (0.5-1.8
  pixels away): its line joins the hex centres truncated to whole pixels (A6.1).
- ``touch``: aslgui blocks (or counts a Hindrance) where the exact thread passes within a pixel of
  the depiction's edge, through the square of a pixel; VASL's shifted line passes it by (A6.1).
- ``beside``: VASL blocks or hinders in a hex the thread only touches, along one of its hexsides or
  through a vertex, where the depiction is on that one side of the thread (A6.1).
- ``wall beside``: VASL's wall/hedge pixels are drawn beside the thread, which crosses no wall
  hexside: it passes the end of a wall (B9.2 EX), or the thick drawing, or a stub at a road gap.
- ``six``: VASL reaches six Hindrances (B.10) with a grazed one.
- ``hindrance touch`` / ``hindrance graze``: one side counts a Hindrance the other does not, by a
  touch (aslgui) or a graze (VASL).
- ``hexside``: both block on the same depiction; VASL's first blocking pixel lies on the hexside
  between its hex and aslgui's.
- ``wall``: both block at the same wall/hedge hexside; VASL names the other hex of it or the third
  hex at its end (the sample's README allows either).
- ``depression``: both block leaving (or entering) a depression (A6.3); VASL names the depression
  hex where its pixels rise to the bank, aslgui the first hex out of the depression.
"""

from __future__ import annotations

import pytest

from aslgui.vasl.library import BOARDS_ENV
from tests.vasl.shared_data import BOARDS, needs_shared
from tests.vasl.vasl_sample import BOARD_IDS, REASONS, Pair, pairs

Table = dict[str, dict[tuple[str, str], str]]

#: Pairs where aslgui's blocked/clear answer differs from VASL's.
BLOCKED: Table = {
    "01": {("J9", "K6"): "touch", ("GG5", "BB5"): "graze"},
    "02": {("U6", "W9"): "wall beside"},
    "03": {("DD6", "BB9"): "beside", ("Q4", "V5"): "touch", ("P2", "K4"): "wall beside", ("CC4", "V4"): "graze"},
    "04": {
        ("AA3", "DD0"): "graze",
        ("CC7", "W2"): "wall beside",
        ("EE9", "U8"): "wall beside",
        ("AA5", "W9"): "wall beside",
    },
    "05": {},
    "06": {("L5", "Q10"): "wall beside"},
    "07": {("CC6", "AA9"): "beside", ("D8", "Q6"): "six"},
}
#: Pairs both call clear where the Hindrance DRM differs.
HINDRANCE: Table = {
    "01": {},
    "02": {},
    "03": {("EE10", "CC10"): "beside"},
    "04": {},
    "05": {},
    "06": {},
    "07": {("N7", "T9"): "hindrance touch", ("D3", "K4"): "hindrance touch", ("K9", "P0"): "hindrance graze"},
}
#: Pairs both call blocked where the blocking hex differs.
BLOCKED_AT: Table = {
    "01": {("C7", "B5"): "hexside", ("I10", "E10"): "hexside", ("R10", "O6"): "beside"},
    "02": {
        ("L2", "H8"): "hexside",
        ("W2", "Z6"): "hexside",
        ("I10", "L3"): "graze",
        ("W7", "S10"): "wall",
        ("J6", "FF6"): "hexside",
        ("D1", "T1"): "wall beside",
        ("FF1", "A6"): "touch",
    },
    "03": {
        ("X2", "CC7"): "wall beside",
        ("N10", "S6"): "touch",
        ("N6", "G5"): "wall",
        ("M10", "K7"): "hexside",
        ("K10", "D10"): "touch",
        ("BB0", "EE5"): "hexside",
        ("R2", "N5"): "wall beside",
        ("EE2", "W2"): "hexside",
        ("GG6", "R0"): "touch",
        ("R3", "BB2"): "graze",
    },
    "04": {("DD10", "Z7"): "wall", ("EE9", "D5"): "wall", ("GG8", "H10"): "wall beside", ("AA5", "FF9"): "wall beside"},
    "05": {
        ("P9", "N6"): "hexside",
        ("G10", "B6"): "touch",
        ("X2", "AA9"): "depression",
        ("BB9", "CC7"): "depression",
        ("X2", "Y10"): "depression",
        ("EE8", "BB8"): "depression",
        ("X8", "U10"): "depression",
        ("DD3", "Y3"): "depression",
        ("R7", "U3"): "beside",
        ("O3", "S9"): "hexside",
        ("Z2", "R1"): "depression",
        ("K1", "N5"): "hexside",
        ("CC3", "CC5"): "depression",
        ("D6", "C8"): "hexside",
        ("X8", "V6"): "depression",
        ("N8", "K4"): "hexside",
        ("GG1", "AA10"): "beside",
        ("DD8", "A1"): "depression",
        ("BB9", "C3"): "depression",
        ("H8", "F5"): "hexside",
        ("BB9", "H0"): "depression",
        ("O3", "G3"): "hexside",
        ("AA10", "Z0"): "depression",
    },
    "06": {
        ("Q3", "Y3"): "wall",
        ("W8", "AA2"): "wall",
        ("E8", "A2"): "wall",
        ("BB5", "W6"): "wall",
        ("Y10", "V3"): "wall",
        ("S1", "V5"): "wall",
        ("H6", "R0"): "wall beside",
        ("Y10", "K2"): "wall beside",
        ("K9", "F1"): "hexside",
        ("C8", "D0"): "wall beside",
        ("K3", "F1"): "wall",
        ("C1", "Q1"): "wall",
        ("F4", "Y5"): "wall beside",
        ("F4", "M7"): "wall",
        ("S4", "Y4"): "wall",
        ("H6", "DD9"): "wall beside",
        ("CC7", "Q4"): "graze",
        ("X10", "BB4"): "wall",
    },
    "07": {
        ("C7", "B8"): "hexside",
        ("V4", "DD5"): "hexside",
        ("S9", "T10"): "hexside",
        ("I6", "H4"): "hexside",
        ("I6", "AA10"): "hexside",
        ("S6", "GG1"): "six",
    },
}


def differences(board: str) -> tuple[Table, dict[tuple[str, str], Pair]]:
    """The board's pairs where aslgui differs from VASL, by kind of difference."""
    found: Table = {"blocked": {}, "hindrance": {}, "blocked_at": {}}
    by_pair = {}
    for pair in pairs(board):
        row, mine = pair.row, pair.mine
        key = (row["from"], row["to"])
        by_pair[key] = pair
        if mine.blocked != row["blocked"]:
            found["blocked"][key] = ""
        elif not mine.blocked and mine.hindrance != row["hindrance"]:
            found["hindrance"][key] = ""
        elif mine.blocked and pair.vasl_hex != mine.blocked_at:
            found["blocked_at"][key] = ""
    return found, by_pair


@pytest.fixture
def shared_boards(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(BOARDS_ENV, str(BOARDS))


@needs_shared
@pytest.mark.usefixtures("shared_boards")
@pytest.mark.parametrize("board", BOARD_IDS)
@pytest.mark.parametrize(
    ("kind", "listed"), [("blocked", BLOCKED), ("hindrance", HINDRANCE), ("blocked_at", BLOCKED_AT)]
)
def test_a6_vasl_sample_agrees_except_the_listed_pairs_each_for_its_reason(
    board: str, kind: str, listed: Table
) -> None:
    """A6, B.10: VASL's blocked/clear answer, Hindrance DRM and blocking hex on every sample pair,
    except the pairs listed, each checked to differ for the reason given."""
    found, by_pair = differences(board)
    assert set(found[kind]) == set(listed[board])
    for key, reason in listed[board].items():
        assert REASONS[reason](by_pair[key]), (board, key, reason)
