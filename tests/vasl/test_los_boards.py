"""LOS on VASL boards (A6 on the archive's depicted terrain): the always-run tests use the small
board ``make_archive.sample_board`` paints (woods disc in E5, wall on C3's S hexside, a level-1
hill around K5); the ``../shared`` tests compare with VASL's own answers for 250 pairs on each of
bd01-bd07 and state where aslgui differs, and why."""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from aslgui.geometry import Hex, MapGrid
from aslgui.model import scenario_from_json
from aslgui.rules import resolve
from aslgui.rules.los import LosMap, los_map, trace
from aslgui.vasl.library import BOARDS_ENV
from tests.vasl.make_archive import sample_board
from tests.vasl.shared_data import BOARDS, SHARED_VASL, needs_shared


def on_board(board_id: str) -> Any:
    return scenario_from_json({"boards": [{"id": board_id, "col": 0, "row": 0}], "units": []})


@pytest.fixture
def sample(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    sample_board(tmp_path, "77")
    monkeypatch.setenv(BOARDS_ENV, str(tmp_path))
    return on_board("77")


def los(situation: Any, a: str, b: str) -> dict[str, Any]:
    answer: dict[str, Any] = resolve(situation, {"kind": "los", "from": a, "to": b}).to_json()
    return answer


def miss_distance(a: str, b: str, through: str) -> float:
    """How far (pixels) the thread a-b passes from a hex's centre."""
    grid = MapGrid.single("77")
    (ax, ay), (bx, by), (cx, cy) = (grid.center(grid.parse(n)) for n in (a, b, through))
    return abs((bx - ax) * (cy - ay) - (by - ay) * (cx - ax)) / math.hypot(bx - ax, by - ay)


def test_a6_2_the_depicted_woods_block_a_thread_through_them(sample: Any) -> None:
    answer = los(sample, "77E2", "77E8")
    assert (answer["blocked"], answer["blocked_at"]) == (True, "77E5")
    assert "woods" in answer["reason"] and "A6.2" in answer["reason"]


def test_a6_1_a_thread_through_a_woods_hex_beside_the_depiction_is_clear(sample: Any) -> None:
    """B.1: the hex is a woods hex, but only the depiction (a disc of radius 24 px) blocks."""
    assert miss_distance("77C4", "77G5", "77E5") > 26  # passes outside the disc, inside the hex
    answer = los(sample, "77C4", "77G5")
    assert answer["blocked"] is False
    assert miss_distance("77D3", "77F7", "77E5") < 20
    assert los(sample, "77D3", "77F7")["blocked_at"] == "77E5"


def test_b9_2_the_archives_wall_blocks_same_level_los(sample: Any) -> None:
    answer = los(sample, "77C1", "77C6")
    assert (answer["blocked"], answer["blocked_at"]) == (True, "77C3")
    assert "B9.2" in answer["reason"]
    assert los(sample, "77C3", "77C6")["blocked"] is False  # a hexside of the firer's hex


def test_a6_2_the_archives_hill_blocks_ground_level_los_and_its_plateau_blocks_the_view_down(sample: Any) -> None:
    answer = los(sample, "77K1", "77K9")
    assert answer["blocked"] is True and "ground level 1" in answer["reason"]
    # From the hilltop K5 (level 1) the level-1 ground of K6 is as high as the viewer (A6.2) ...
    down = los(sample, "77K5", "77K9")
    assert (down["blocked"], down["blocked_at"]) == (True, "77K6") and "height advantage" in down["reason"]
    assert los(sample, "77K5", "77K6")["blocked"] is False  # ... and itself in view


def test_the_los_geometry_is_cached_per_archive(sample: Any) -> None:
    los_map(sample)
    cache = Path(__import__("os").environ["ASLGUI_CACHE_DIR"]) / "vasl"
    assert any(p.name.startswith("los-v") for p in cache.rglob("*.json"))


# -- VASL's own answers (../shared/vasl/los-sample) -----------------------------------------------
#: Where aslgui's answer differs from VASL's, and why.  "graze": VASL's line, stepped pixel by
#: pixel from centres truncated to whole pixels, touches a depiction that the exact centre-to-
#: centre thread passes within 1.5 pixels of, on one side only: not crossed (A6.1: the obstruction
#: must be visible on both sides of the thread).  "wall end": the thread passes the vertex where a
#: wall hexside ends, the wall on one side of it only (B9.2 EX: walls must meet that vertex from
#: both sides).  "hindrance count": a thread clipping two Hindrance hexes at one range from the
#: firer counts one, VASL's pixel walk met a different set (aslgui counts each range once too).
#: Besides these, on a clear LOS VASL may count one Hindrance more than aslgui where its line
#: grazes a Hindrance depiction (or a bridge, which aslgui does not count): at most
#: ``HINDRANCE_GRAZES`` such pairs a board.
HINDRANCE_GRAZES = 8
DISAGREEMENTS: dict[str, dict[tuple[str, str], str]] = {
    "01": {("GG5", "BB5"): "graze", ("V2", "T7"): "graze", ("DD8", "AA6"): "graze", ("B7", "J8"): "graze"},
    "02": {("U6", "W9"): "wall end"},
    "03": {("X2", "CC7"): "wall end", ("DD6", "BB9"): "graze", ("G3", "N5"): "graze", ("P2", "K4"): "wall end",
           ("CC4", "V4"): "graze"},
    "04": {("AA3", "DD0"): "graze", ("CC7", "W2"): "wall end", ("EE9", "U8"): "wall end", ("AA5", "W9"): "wall end"},
    "05": {("U10", "Y9"): "graze"},
    "06": {("L5", "Q10"): "wall end", ("C8", "D0"): "wall end"},
    "07": {("V6", "T6"): "graze", ("BB2", "GG8"): "graze", ("CC6", "AA9"): "graze", ("D8", "Q6"): "hindrance count"},
}


def vasl_answers(board: str) -> Iterator[dict[str, Any]]:
    assert SHARED_VASL is not None
    with open(SHARED_VASL / "los-sample" / f"bd{board}-los.jsonl", encoding="utf-8") as rows:
        yield from (json.loads(line) for line in rows)


def graze(los_map_: LosMap, source: Hex, target: Hex, at: Hex) -> float:
    """How close (pixels) the depiction in ``at`` comes to the thread, from its nearer side."""
    (sx, sy), (tx, ty), (cx, cy) = (MapGrid.center(h) for h in (source, target, at))
    length = math.hypot(tx - sx, ty - sy)
    best = math.inf
    for f in los_map_.features.get(at, ()):
        if f.hull is not None:
            points = zip(*f.hull, strict=True)
            side = [((tx - sx) * (cy + y - sy) - (ty - sy) * (cx + x - sx)) / length for x, y in points]
            best = min(best, 0.0 if min(side) < 0 < max(side) else min(abs(v) for v in side))
    return best


@needs_shared
@pytest.mark.parametrize("board", sorted(DISAGREEMENTS))
def test_a6_vasl_sample_agrees_except_where_vasl_is_approximate(board: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """VASL's answers for 250 pairs per board: the same blocked/clear answer, the same Hindrance
    DRM for a clear LOS, except the listed pairs, each checked to be what its note says."""
    monkeypatch.setenv(BOARDS_ENV, str(BOARDS))
    situation = on_board(board.lstrip("0"))
    the_map, grid = los_map(situation), situation.grid
    differ, grazed = {}, 0
    for row in vasl_answers(board):
        source, target = grid.parse(row["from"]), grid.parse(row["to"])
        mine = trace(the_map, source, target)
        if mine.blocked != row["blocked"]:
            differ[(row["from"], row["to"])] = (row, mine)
        elif not mine.blocked and mine.hindrance != row["hindrance"]:
            assert mine.hindrance == row["hindrance"] - 1, row
            grazed += 1
    assert grazed <= HINDRANCE_GRAZES
    assert set(differ) <= set(DISAGREEMENTS[board])
    for pair, (row, mine) in differ.items():
        why = DISAGREEMENTS[board][pair]
        if why == "graze":  # VASL blocked where the thread passes a depiction by within 1.5 pixels
            assert row["blocked"] and not mine.blocked
            at = grid.parse(row["blocked_at_hex"])
            assert graze(the_map, grid.parse(pair[0]), grid.parse(pair[1]), at) < 1.5, pair
        elif why == "wall end":
            assert row["blocked"] and "B9.2" in row["reason"] and not mine.blocked
        else:
            assert row["hindrance"] >= 6 and mine.hindrance == 5
    assert len(differ) <= 7  # at least 243 of 250 the same
