"""A thread told blocked without a walk (``judgement.from_source`` without ``explain``, by
``los.blockers``: an obstacle higher than both ends that it surely crosses) is one the walk finds
blocked, on VASL's real boards with hills, buildings, woods, SMOKE, WP, vehicles and wrecks, at
levels 0 to 2; a clear thread's answer is the walked one (issue 40)."""

from __future__ import annotations

import random

import pytest

from aslgui.rules.los import los_map, trace
from aslgui.rules.los.judgement import from_source
from aslgui.vasl.library import BOARDS_ENV
from tests.vasl.shared_data import BOARDS, needs_shared
from tests.vasl.test_los_walk_by_index import situation


@needs_shared
@pytest.mark.parametrize(("boards", "seed"), [(["2", "3"], 1), (["4", "6"], 2), (["1", "5", "7", "2"], 3)])
def test_a6_a_thread_told_surely_blocked_is_blocked_and_a_clear_one_is_the_walked_answer(
        boards: list[str], seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(BOARDS_ENV, str(BOARDS))
    scenario = situation(boards, seed)
    the_map = los_map(scenario)
    hexes = list(scenario.grid)
    pick = random.Random(seed + 100)  # not the counters' own picks
    sure = blocked = 0
    for source, source_level in zip(pick.sample(hexes, 4), (0, 0, 1, 2), strict=True):
        trace_to = from_source(the_map, source, source_level, explain=False)
        for target in hexes:
            target_level = pick.choice((0, 0, 1, 2))
            told, walked = trace_to(target, target_level), trace(the_map, source, target, source_level, target_level)
            assert told.blocked == walked.blocked, (source, target)
            if not told.blocked:
                assert told == walked
            blocked += told.blocked
            sure += told.blocked_at is None and told.blocked
    assert sure > 300 and blocked > sure, (sure, blocked)  # both kinds of block were checked
