"""Issue 17.14: VASL-style dice lines in the action log, and the game's dice statistics."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QPointF, Qt
from pytestqt.qtbot import QtBot

from aslgui.model import load_scenario
from aslgui.model.log import LogEntry, read_log
from aslgui.resource_files import resource_path
from aslgui.rules.dice import DiceRoller
from aslgui.ui.rehearsal.dice_stats import BAR_COLOR, DiceStatsDialog, count_dice
from aslgui.ui.rehearsal.log_lines import entry_lines
from aslgui.ui.rehearsal.options import set_option
from aslgui.ui.rehearsal.popup import RehearsalPopup
from aslgui.ui.window.main_window import DEMO_PATH, MainWindow
from tests.gui.conftest import answer_popup, rehearse

pytestmark = pytest.mark.gui


def centre(window: MainWindow, name: str) -> QPointF:
    return QPointF(*window.scenario.grid.center(window.scenario.grid.parse(name)))


def roll_and_commit(qtbot: QtBot) -> None:
    def answer(popup: RehearsalPopup) -> None:
        qtbot.mouseClick(popup.dice.roll_button, Qt.MouseButton.LeftButton)
        assert popup.commit_button.isEnabled(), popup.reasons_label.text()
        qtbot.mouseClick(popup.commit_button, Qt.MouseButton.LeftButton)

    answer_popup(answer)


def type_and_commit(qtbot: QtBot, colored: int, white: int, dr: int) -> None:
    def answer(popup: RehearsalPopup) -> None:
        for name, value in (("colored", colored), ("white", white), ("dr", dr)):
            popup.dice.typed[name].setValue(value)
        qtbot.mouseClick(popup.dice.use_typed, Qt.MouseButton.LeftButton)
        assert popup.commit_button.isEnabled(), popup.reasons_label.text()
        qtbot.mouseClick(popup.commit_button, Qt.MouseButton.LeftButton)

    answer_popup(answer)


@pytest.fixture
def two_shots(qtbot: QtBot, window: MainWindow) -> list[LogEntry]:
    """The demo's Russian 57LL AT fires with rolled dice in the PFPh; in the DFPh the German
    PzKpfw IIIG fires back with typed dice 2,5 and dr 3 (a clear LOS along the road)."""
    scenario = load_scenario(DEMO_PATH)
    rehearsal = rehearse(window, scenario)
    rehearsal.roller = DiceRoller(random.Random(17))
    roll_and_commit(qtbot)
    window.scene.drop_counter("g1", centre(window, "4E9"))
    rehearsal.phase_bar.phase_actions["DFPh"].trigger()
    type_and_commit(qtbot, 2, 5, 3)
    window.scene.drop_counter("t1", centre(window, "4E5"))
    entries = read_log(window.scenario)
    assert [(e.kind, e.side, e.rolled) for e in entries] == [("fire", "russian", True), ("fire", "german", False)]
    return entries


def test_issue17_14_each_roll_is_one_vasl_style_line(window: MainWindow, two_shots: list[LogEntry]) -> None:
    rolled, typed = two_shots
    dice = rolled.action["dice"]
    total = dice["colored"] + dice["white"]
    text = window.rehearsal.log_dock.text()
    first = text.splitlines()[0]
    assert first.startswith(f"T1 PFPh russian: 57LL AT in 4E5 \u2014 Fire at PzKpfw IIIG in 4E9  "
                            f"*** {dice['colored']},{dice['white']} *** = {total}, dr {rolled.action['dr']}")
    assert first.endswith(": Miss") or ": Hit" in first or ": Critical Hit" in first
    assert "T1 DFPh german: PzKpfw IIIG in 4E9 \u2014 Fire at 57LL AT in 4E5  *** 2,5 *** = 7, dr 3" in text
    details = text.splitlines()[1]
    assert details.startswith("    Modified TH# ") and "Hits on Original DR \u2264 " in details
    for internal in ("basic_th", "ca_change_spines", "doubled_lower_dr", "location -", "_"):
        assert internal not in text
    html = entry_lines(typed)[0].html
    assert 'background-color:#b3261e; color:#ffffff; font-weight:bold">&nbsp;2&nbsp;' in html  # the coloured die


def test_issue17_14_dice_statistics_count_rolled_dice_per_side(
    qtbot: QtBot, window: MainWindow, two_shots: list[LogEntry]
) -> None:
    stats_action = window.rehearsal.stats_action
    stats_action.trigger()  # View > Dice statistics...
    dialog = window.rehearsal.log_dock.stats
    assert isinstance(dialog, DiceStatsDialog) and dialog.isVisible()
    qtbot.waitExposed(dialog)
    rolled = two_shots[0].action
    total = rolled["dice"]["colored"] + rolled["dice"]["white"]
    assert dialog.dr_chart.counts == {n: int(n == total) for n in range(2, 13)}
    assert dialog.dr1_chart.counts == {n: int(n == rolled["dr"]) for n in range(1, 7)}
    assert dialog.summary.text().startswith(f"1 DR, mean {total:.2f} (fair dice 7.00)")
    qtbot.mouseClick(dialog.typed, Qt.MouseButton.LeftButton, pos=QPointF(6, dialog.typed.height() / 2).toPoint())
    assert dialog.typed.isChecked()
    assert sum(dialog.dr_chart.counts.values()) == 2 and dialog.dr_chart.counts[7] >= 1
    dialog.side.setCurrentIndex(dialog.side.findData("german"))
    assert dialog.dr_chart.counts == {n: int(n == 7) for n in range(2, 13)}
    assert [dialog.side.itemText(i) for i in range(dialog.side.count())] == ["all sides", "german", "russian"]
    # The chart draws a bar for the 7 and none for the 12.
    image = dialog.dr_chart.grab().toImage()
    seven, twelve = dialog.dr_chart.bar_rect(7), dialog.dr_chart.bar_rect(12)
    assert image.pixelColor(seven.center().toPoint() + QPointF(0, seven.height() / 2 - 3).toPoint()) == BAR_COLOR
    assert image.pixelColor(twelve.center().toPoint() + QPointF(0, twelve.height() / 2 - 3).toPoint()) != BAR_COLOR
    # The dialog follows the log: undoing the German shot takes its dice, and its side, out.
    window.undo_stack.undo()
    assert [dialog.side.itemText(i) for i in range(dialog.side.count())] == ["all sides", "russian"]
    assert dialog.dr_chart.counts == {n: int(n == total) for n in range(2, 13)}


def entry(side: str, colored: int, white: int, dr: int | None, rolled: bool) -> LogEntry:
    action = {"kind": "fire", "dice": {"colored": colored, "white": white}, **({"dr": dr} if dr else {})}
    return LogEntry(1, "PFPh", "russian", "Fire", action, {}, (), rolled, side)


def test_issue17_14_counting_dice_by_side_and_source() -> None:
    log = [entry("russian", 1, 1, 4, True), entry("russian", 6, 5, None, True), entry("german", 3, 4, 6, True),
           entry("german", 2, 2, 1, False), LogEntry(1, "MPh", "german", "Hook up", {"kind": "hook_up"}, {})]
    counts = count_dice(log)
    assert [counts.dr[n] for n in (2, 7, 11, 4)] == [1, 1, 1, 0] and counts.rolls == 3
    assert counts.single == {1: 0, 2: 0, 3: 0, 4: 1, 5: 0, 6: 1}
    assert count_dice(log, "german").rolls == 1 and count_dice(log, "german", include_typed=True).rolls == 2
    assert count_dice(log, "finnish").rolls == 0


def test_a_shot_at_a_hex_of_several_units_is_one_short_log_line(qtbot: QtBot, window: MainWindow) -> None:
    """C3.331 EX's mortar drops on the hex of three squads (Area Target Type, C3.33): the log line
    names each squad with its own IFT result, the popup keeps every number (issue 28's open point)."""
    scenario = load_scenario(resource_path("examples", "c3_331_area_target.json"))
    rehearse(window, scenario)

    def answer(popup: RehearsalPopup) -> None:
        set_option(popup.options["target_type"], "area")
        for name, value in (("colored", 2), ("white", 3), ("dr", 1), ("effects", 8)):
            popup.dice.typed[name].setValue(value)
        qtbot.mouseClick(popup.dice.use_typed, Qt.MouseButton.LeftButton)
        assert popup.commit_button.isEnabled(), popup.reasons_label.text()
        qtbot.mouseClick(popup.commit_button, Qt.MouseButton.LeftButton)

    answer_popup(answer)
    window.scene.drop_counter("m1", centre(window, "4E5"))
    [entry] = read_log(window.scenario)
    targets = entry.answer["outcome"]["targets"]
    assert [t["id"] for t in targets] == ["r1", "r2", "r3"] and all(t["hit"] for t in targets)
    line = window.rehearsal.log_dock.text().splitlines()[0]
    each = "; ".join(f"4-4-7 #{n} in 4E5: IFT {t['result']}" for n, t in enumerate(targets, 1))
    assert entry.answer["outcome"]["rof_retained"] is True  # the mortar's coloured 2 keeps its Multiple ROF
    assert line.endswith(f"*** 2,3 *** = 5, dr 1: Hit, Multiple ROF kept \u2014 {each}"), line
    assert "Effects DRM" not in line and len(line) < 200


def test_an_empty_log_says_what_to_try_first(window: MainWindow) -> None:
    """A newcomer on the demo found the first step only in the README: the empty log says it."""
    view = window.rehearsal.log_dock.view
    assert window.undo_stack.count() == 0 and view.toPlainText() == ""
    assert view.placeholderText().startswith("Nothing done yet. Click Rehearse, then drag a Gun or vehicle onto its "
                                             "target")
    assert "Rehearse" in [action.text().replace("&", "") for action in window.mode_actions.values()]
