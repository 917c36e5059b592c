"""The move popup's threats read as the equivalent shot (DESIGN.md 13) and say they leave out the
moving-target DRM the rules folder lacks (C6 Case J), so a point blank 100% is not taken as sure."""

from __future__ import annotations

import random

import pytest
from pytestqt.qtbot import QtBot

from aslgui.rules.dice import DiceRoller
from aslgui.rules.move_path import move_gesture
from aslgui.ui.rehearsal.popup import RehearsalPopup
from tests.rules.move_boards import board
from tests.rules.test_c6_case_j_threat_equals_fire import START

pytestmark = pytest.mark.gui


def threats_line(qtbot: QtBot, *path: str) -> str:
    scenario = board(START)
    gesture = move_gesture(scenario, scenario.units["t1"], [scenario.grid.parse(h) for h in path], "MPh")
    popup = RehearsalPopup(scenario, [gesture], DiceRoller(random.Random(1)))
    qtbot.addWidget(popup)
    assert popup.resolution is not None and popup.resolution.legal
    return next(line for line in popup.numbers_label.text().splitlines() if line.startswith("Enemy fire"))


def test_c6_case_j_the_threat_at_point_blank_says_what_it_leaves_out(qtbot: QtBot) -> None:
    assert threats_line(qtbot, "4J4", "4J3") == (
        "Enemy fire it meets (best step): 57LL AT at step 3: 100% to hit (before Case J, moving target: not counted)")


def test_c6_case_j_two_hexes_off_the_same_words(qtbot: QtBot) -> None:
    assert threats_line(qtbot, "4J4").endswith("57LL AT at step 1: 72% to hit (before Case J, moving target: "
                                               "not counted)")
