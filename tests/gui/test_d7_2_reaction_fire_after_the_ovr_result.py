"""Reaction Fire comes after the OVR's resolution (D7.2): the window reminds a unit the OVR's IFT
result attacked to take it first (only an unbroken unit reacts, D7.21, D7.22), and offers the keys
the rules read: a leader's DRM in CC (D7.22 EX) and a SW's FP added to TPBF (A7.21)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from aslgui.ui.rehearsal.popup import RehearsalPopup
from aslgui.ui.window.main_window import MainWindow
from tests.gui.conftest import answer_popup, rehearse
from tests.gui.test_d2_move_drag import drag
from tests.rules.move_boards import board

pytestmark = pytest.mark.gui

#: A Russian 8-1 with the 4-4-7 the tank overruns in 4H5's woods.
LEADER = {"l2": {"side": "russian", "kind": "leader", "name": "8-1", "hex": "4H5"}}


@pytest.mark.parametrize(("dice", "reminded"), [((3, 4), True), ((6, 6), False)])
def test_d7_2_the_reaction_popup_says_to_take_the_ovr_result_first(qtbot: QtBot, window: MainWindow,
                                                                   dice: tuple[int, int], reminded: bool) -> None:
    rehearse(window, board({"t1": {"hex": "4F6", "vca": "NE/SE"}}))
    window.view.set_zoom(0.6)
    reactions: list[list[RehearsalPopup]] = []
    results: list[str] = []

    def roll_and_commit(popup: RehearsalPopup) -> None:
        popup.roll(*dice)
        assert popup.resolution is not None and popup.resolution.outcome is not None
        results.append(popup.resolution.outcome["targets"][0]["result"])
        reactions.append(answer_popup(lambda reaction: reaction.reject()))
        popup.commit_button.click()

    answer_popup(roll_and_commit)
    drag(qtbot, window, "4F6", "4G6", "4H5")
    squad = next(popup for popup in reactions[0] if popup.gesture.action.get("unit") == "r1")
    after = f" \u2014 after the OVR's {results[0]}: take it first; broken, it may not react (D7.2)"
    assert (results[0] != "-") is reminded
    assert all(g.label.endswith(after) for g in squad.gestures) is reminded


def test_d7_22_ex_a21_the_reaction_popup_offers_leadership_in_cc_and_sw_fp_to_tpbf(qtbot: QtBot,
                                                                                    window: MainWindow) -> None:
    rehearse(window, board({"t1": {"hex": "4F6", "vca": "NE/SE"}}, LEADER))
    window.view.set_zoom(0.6)
    seen: dict[str, list[str]] = {}

    looked: list[RehearsalPopup] = []

    def look() -> None:
        """Each Reaction Fire popup as it shows, the squad's then the leader's: every choice's options."""
        reaction = QApplication.activeModalWidget()
        if not isinstance(reaction, RehearsalPopup) or reaction in looked:
            return
        looked.append(reaction)
        for index, gesture in enumerate(reaction.gestures):
            reaction.choice.setCurrentIndex(index)
            seen[f"{gesture.action.get('unit')} {gesture.action.get('type')}"] = list(reaction.options)
        reaction.reject()

    poll = QTimer()
    poll.timeout.connect(look)

    def roll_and_commit(popup: RehearsalPopup) -> None:
        popup.roll(6, 6)
        poll.start(10)
        popup.commit_button.click()

    answer_popup(roll_and_commit)
    drag(qtbot, window, "4F6", "4G6", "4H5")
    poll.stop()
    assert len(looked) == 2
    assert seen["r1 cc"] == ["leadership"] and seen["r1 non_cc"] == ["weapon", "sw_fp"]
    assert seen["l2 cc"] == [] and seen["l2 non_cc"] == ["weapon", "sw_fp"]  # no other leader with him


def test_d7_2_a_committed_reaction_is_logged_and_undone_by_what_it_did_not_the_reminder(
        qtbot: QtBot, window: MainWindow) -> None:
    """The reminder to take the OVR's result first is the popup's: the undo step and the log say
    what was done ("4-4-7: CC Reaction Fire vs PzKpfw IVH (D7.21)")."""
    rehearse(window, board({"t1": {"hex": "4F6", "vca": "NE/SE"}}))
    window.view.set_zoom(0.6)
    labels: list[str] = []

    def react(reaction: RehearsalPopup) -> None:
        reaction.choice.setCurrentIndex([g.action.get("type") for g in reaction.gestures].index("cc"))
        labels.append(reaction.gesture.label)
        reaction.roll(3, 3)
        reaction.commit_button.click()

    def roll_and_commit(popup: RehearsalPopup) -> None:
        popup.roll(3, 4)  # an IFT result on the 4-4-7: the reaction reminds it
        answer_popup(react)
        popup.commit_button.click()

    answer_popup(roll_and_commit)
    drag(qtbot, window, "4F6", "4G6", "4H5")
    assert labels and " \u2014 after the OVR's " in labels[0]
    done = labels[0].partition(" \u2014 ")[0]
    assert done.endswith("CC Reaction Fire vs PzKpfw IVH (D7.21)")
    assert window.undo_stack.undoText() == done
    assert window.rehearsal.log_dock.entries()[-1].summary == done
