"""A board placed far out (DESIGN.md 3, 9): ``col`` and ``row`` are whole numbers up to
``MAX_BOARD_PLACE``, one past it is an error naming the field and the limit, never a hang (a
board at column 10^20 made a ``los`` across the gap run for ever with the board library); a
thread across the widest gap allowed is walked and answered."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from aslgui.errors import AslError
from aslgui.limits import MAX_BOARD_PLACE
from aslgui.model import scenario_from_json
from tests.vasl.shared_data import BOARDS, needs_shared


def _scenario(second: dict[str, Any], **top: Any) -> dict[str, Any]:
    return {"format": "aslgui-scenario", "version": 1, "units": [],
            "boards": [{"id": "1", "col": 0, "row": 0}, {"id": "2", **second}], **top}


@pytest.mark.parametrize("key", ["col", "row"])
@pytest.mark.parametrize("value", [MAX_BOARD_PLACE + 1, 10**20])
def test_a_board_placed_past_the_limit_is_an_error_naming_it(key: str, value: int) -> None:
    with pytest.raises(AslError) as raised:
        scenario_from_json(_scenario({"col": 0, "row": 0, key: value}))
    assert raised.value.path == f"boards[1].{key}"
    assert f"from 0 to {MAX_BOARD_PLACE} (MAX_BOARD_PLACE)" in raised.value.message


def test_the_farthest_place_is_a_board_of_the_map() -> None:
    scenario = scenario_from_json(_scenario({"col": MAX_BOARD_PLACE, "row": MAX_BOARD_PLACE}))
    assert scenario.grid.name(scenario.grid.parse("2E5")) == "2E5"


def _los_across_the_gap(tmp_path: Path, library: Path | None) -> dict[str, Any]:
    """``los`` from 1E5 to 2E5 with board 2 at the farthest column: grain in 1G5 (the thread runs
    through its centre dot) is on the thread, so it is walked hex by hex across the whole gap."""
    path = tmp_path / "far.json"
    path.write_text(json.dumps(_scenario({"col": MAX_BOARD_PLACE, "row": 0}, terrain={"1G5": "grain"})),
                    encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "ASLGUI_VASL_BOARDS"}
    if library is not None:
        env["ASLGUI_VASL_BOARDS"] = str(library)
    done = subprocess.run([sys.executable, "-m", "aslgui", "resolve", str(path), "-"],
                          input='{"kind": "los", "from": "1E5", "to": "2E5"}', capture_output=True, text=True,
                          timeout=120, check=False, env=env)
    assert done.returncode == 0, done.stderr
    answer: dict[str, Any] = json.loads(done.stdout)
    return answer


def test_a_thread_across_the_widest_gap_is_answered(tmp_path: Path) -> None:
    answer = _los_across_the_gap(tmp_path, None)
    assert answer["range"] == 32 * MAX_BOARD_PLACE  # same row, columns of even parity: the columns between
    assert answer["blocked"] is False and answer["hindrance_hexes"] == ["1G5"]


@needs_shared
def test_the_same_with_the_board_library(tmp_path: Path) -> None:
    """Board 1's depicted terrain may block the thread, but only a hex of board 1 can: the gap and
    board 2's far side hold nothing it meets first."""
    answer = _los_across_the_gap(tmp_path, BOARDS)
    assert answer["range"] == 32 * MAX_BOARD_PLACE
    assert answer["hindrance_hexes"][:1] == ["1G5"]
    assert answer["blocked_at"] is None or answer["blocked_at"].startswith("1")
