"""The DRM popup with dice but no subsequent dr (C3.6, C3.7): the outcome says what the dr decides,
and Commit waits for that dr."""

from __future__ import annotations

import random

import pytest
from PySide6.QtWidgets import QSpinBox
from pytestqt.qtbot import QtBot

from aslgui.rules.dice import DiceRoller
from aslgui.rules.gestures import gestures_for_drop
from aslgui.ui.rehearsal.popup import RehearsalPopup
from tests.gui.conftest import example

pytestmark = pytest.mark.gui


def _c3_6_ex_popup(qtbot: QtBot) -> RehearsalPopup:
    """The C3.6 EX (Improbable Hit only): its +2 is the target's wooden building (Case Q)."""
    scenario = example("c3_6_improbable_hit")
    drop = gestures_for_drop(scenario, "c1", scenario.grid.parse("2F5"))
    popup = RehearsalPopup(scenario, drop.gestures, DiceRoller(random.Random(7)))
    qtbot.addWidget(popup)
    assert isinstance(popup.options["extra_drm"], QSpinBox)
    assert popup.resolution is not None and popup.resolution.total_drm == 2
    return popup


def test_c3_6_original_2_without_dr_shows_what_the_dr_decides_and_cannot_commit(qtbot: QtBot) -> None:
    popup = _c3_6_ex_popup(qtbot)
    popup.roll(1, 1)
    outcome = popup.resolution.outcome if popup.resolution else None
    assert outcome is not None and outcome["hit"] is None and outcome["needs_dr"].endswith("(C3.6)")
    lines = popup.outcome_label.text().splitlines()
    assert lines[0] == f"Needs a dr: {outcome['needs_dr']}"
    assert "Hit: decided by the dr" in lines and "Final DR: 4" in lines
    assert not popup.commit_button.isEnabled()


def test_c3_6_setting_the_dr_lets_the_shot_commit(qtbot: QtBot) -> None:
    popup = _c3_6_ex_popup(qtbot)
    popup.roll(1, 1)
    assert not popup.can_commit()
    for name, value in (("colored", 1), ("white", 1), ("dr", 2)):
        popup.dice.typed[name].setValue(value)
    popup.dice.use_typed.click()  # the popup's dr spin box
    outcome = popup.resolution.outcome if popup.resolution else None
    assert outcome is not None and outcome["hit"] is True and "needs_dr" not in outcome
    assert popup.commit_button.isEnabled()


def test_c3_6_any_other_original_dr_commits_without_a_dr(qtbot: QtBot) -> None:
    popup = _c3_6_ex_popup(qtbot)
    popup.roll(1, 2)
    outcome = popup.resolution.outcome if popup.resolution else None
    assert outcome is not None and outcome["hit"] is False and "needs_dr" not in outcome
    assert popup.commit_button.isEnabled()
