"""Issue 17.11 and 17.12: the popup in a player's words, with dice only where something is rolled,
beside the hexes it is about, and a layout that stays put while the player ticks boxes."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPoint, QPointF, QRect, QSize, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QAbstractButton, QCheckBox, QComboBox, QSpinBox, QWidget
from pytestqt.qtbot import QtBot

from aslgui.model import Scenario, scenario_from_json
from aslgui.rules import RESOLVERS
from aslgui.rules.dice import DiceRoller
from aslgui.rules.gestures import Gesture, gestures_for_drop
from aslgui.ui.rehearsal.answer_words import (
    ANSWER_WORDS,
    ECHO_KEYS,
    OUTCOME_WORDS,
    number_lines,
    outcome_lines,
    player_names,
    words_for,
)
from aslgui.ui.rehearsal.examples import examples
from aslgui.ui.rehearsal.popup import GAP, RehearsalPopup, choice_labels, place_beside
from aslgui.ui.window.main_window import MainWindow
from tests.answer_samples import answers_by_kind
from tests.gui.conftest import answer_popup, example, rehearse

pytestmark = pytest.mark.gui


def example_action(name: str) -> dict[str, Any]:
    return dict(next(ex for ex in examples() if ex.path.stem == name).prepared_action)


@pytest.mark.parametrize("kind", sorted(RESOLVERS))
def test_issue17_11_every_answer_key_has_a_players_name(kind: str) -> None:
    for answer in answers_by_kind()[kind]:
        unnamed = [k for k in answer.values if k not in ANSWER_WORDS and k not in ECHO_KEYS]
        unnamed += [k for k in answer.outcome or {} if k not in OUTCOME_WORDS]
        assert unnamed == [], f"{answer.kind}: name these keys in ui/answer_words.py"
        for line in number_lines(answer) + outcome_lines(answer):
            if line.startswith("\u2022 "):  # one unit of a hex, by its name (an id here): its keys in words
                words = line.split(": ", 1)[1]
                assert "_" not in words.replace("if_selected", "").replace("if_not_selected", ""), line
                continue
            label = line.split(":", 1)[0]
            assert "_" not in label and (label[:1].isupper() or label.startswith("dr")), line


def test_issue17_11_the_words_the_first_user_met(qtbot: QtBot) -> None:
    hook_up = example("c10_13_hook_up")
    popup = RehearsalPopup(hook_up, [gestures_hook_up(hook_up)], DiceRoller())
    qtbot.addWidget(popup)
    numbers = popup.numbers_label.text()
    assert "Marked TI: " in numbers and "Ti:" not in numbers
    assert "Marked TI: 2-2-8 crew in 1H4, 75*RCL, SPW 250/1" in numbers  # as a player names them, no ids
    overrun = example("d7_22_overrun")
    popup = RehearsalPopup(overrun, [gesture_of(overrun, example_action("d7_22_overrun"))], DiceRoller())
    qtbot.addWidget(popup)
    assert "OVR cost in MP (D7.1): 4" in popup.numbers_label.text()
    assert "Mp ovr" not in popup.numbers_label.text()
    # A key added later still reads as words, its abbreviations in capitals.
    assert words_for("mp_left") == "MP left" and words_for("ti_markers") == "TI markers"


def gestures_hook_up(scenario: Scenario) -> Gesture:
    return gesture_of(scenario, example_action("c10_13_hook_up"))


def gesture_of(scenario: Scenario, action: dict[str, Any]) -> Gesture:
    return Gesture(str(action["kind"]), "prepared", action)


def trigger_example(window: MainWindow, name: str) -> None:
    title = next(ex.title for ex in examples() if ex.path.stem == name)
    next(a for a in window.rehearsal.examples_menu.actions() if a.text() == title).trigger()


@pytest.mark.parametrize(("name", "dice"), [
    ("c3_2_covered_arc", False), ("c10_13_hook_up", False), ("c3_7_critical_hit", True), ("c10_3_push", True),
])
def test_issue17_12_dice_show_only_where_something_is_rolled(window: MainWindow, name: str, dice: bool) -> None:
    shown: list[bool] = []
    answer_popup(lambda popup: shown.append(popup.dice.isVisible()))
    trigger_example(window, name)  # the Rulebook examples menu opens the prepared action's popup
    assert shown == [dice]


def test_issue17_12_a_change_ca_from_the_context_menu_shows_no_dice(window: MainWindow) -> None:
    rehearse(window, window.scenario)
    gesture = window.rehearsal.context_gestures("g1")[0]
    assert gesture.kind == "change_ca"
    shown: list[tuple[bool, bool]] = []
    answer_popup(lambda popup: shown.append((popup.dice.isVisible(), popup.commit_button.isEnabled())))
    window.rehearsal.offer([gesture])
    assert shown == [(False, True)]  # nothing to roll: Commit is ready at once (PFPh, C3.22)


SCREEN = QRect(0, 0, 1600, 1000)


@pytest.mark.parametrize("avoid", [
    QRect(100, 300, 120, 200),  # left of the screen: the popup goes right of it
    QRect(1400, 300, 120, 200),  # right: to its left
    QRect(300, 20, 900, 150),  # a wide strip at the top: below it
    QRect(300, 800, 900, 150),  # at the bottom: above it
])
def test_issue17_12_the_popup_goes_beside_the_hexes_and_stays_on_screen(avoid: QRect) -> None:
    size = QSize(700, 420)
    top_left = place_beside(avoid, size, SCREEN)
    frame = QRect(top_left, QSize(size.width(), size.height() + 32))
    assert SCREEN.contains(frame)
    assert not frame.intersects(avoid)


def test_issue17_12_with_no_room_anywhere_the_popup_covers_the_least_of_the_hexes() -> None:
    avoid = QRect(200, 100, 1200, 800)
    top_left = place_beside(avoid, QSize(700, 420), SCREEN)
    frame = QRect(top_left, QSize(700, 452))
    assert SCREEN.contains(frame)
    overlap = frame.intersected(avoid)
    # Right of it, clamped to the screen's edge, covers a 500-pixel strip; below or above, 700 x 352.
    assert (overlap.width(), overlap.height()) == (500, 452)


def test_issue17_12_a_drop_opens_the_popup_beside_the_firer_and_target(qtbot: QtBot, window: MainWindow) -> None:
    rehearse(window, window.scenario)
    grid = window.scenario.grid
    window.view.set_zoom(0.5)
    # The test screen is 800 x 800: put the gun near its top left, where a popup fits below or beside.
    gun = window.view.viewport().mapToGlobal(window.view.mapFromScene(qpoint_of(window, "4E5")))
    window.move(window.pos() + QPoint(100, 60) - gun)
    qtbot.waitUntil(lambda: window.view.viewport().mapToGlobal(window.view.mapFromScene(
        qpoint_of(window, "4E5"))).y() < 100)
    avoid = window.rehearsal.screen_rect(list(gestures_for_drop(window.scenario, "g1", grid.parse("4E9")).gestures))
    assert avoid is not None
    frames: list[QRect] = []
    answer_popup(lambda popup: frames.append(popup.frameGeometry()))
    window.scene.drop_counter("g1", qpoint_of(window, "4E9"))
    assert len(frames) == 1
    screen = window.screen().availableGeometry()
    assert screen.contains(frames[0]) and not frames[0].intersects(avoid)
    assert frames[0].top() >= avoid.bottom() + GAP or frames[0].bottom() <= avoid.top() - GAP \
        or frames[0].left() >= avoid.right() + GAP or frames[0].right() <= avoid.left() - GAP


def qpoint_of(window: MainWindow, name: str) -> QPointF:
    return QPointF(*window.scenario.grid.center(window.scenario.grid.parse(name)))


def places(popup: RehearsalPopup) -> dict[str, QRect]:
    """Where every box and button the player clicks sits in the popup."""
    widgets: dict[str, QWidget] = {f"option {k}": w for k, w in popup.options.items()}
    widgets.update({f"typed {k}": w for k, w in popup.dice.typed.items()})
    widgets.update(roll=popup.dice.roll_button, use=popup.dice.use_typed, commit=popup.commit_button,
                   cancel=popup.buttons.button(popup.buttons.StandardButton.Cancel))
    return {name: QRect(w.mapTo(popup, QPoint(0, 0)), w.size()) for name, w in widgets.items()}


def test_issue17_12_ticking_boxes_and_rolling_never_moves_what_the_player_clicks(qtbot: QtBot) -> None:
    scenario = example("c3_7_critical_hit")
    popup = RehearsalPopup(scenario, [gesture_of(scenario, example_action("c3_7_critical_hit"))], DiceRoller())
    qtbot.addWidget(popup)
    popup.show()
    qtbot.waitExposed(popup)
    before, size = places(popup), popup.size()
    texts = set()
    for key, widget in popup.options.items():
        if isinstance(widget, QCheckBox):
            qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=QPoint(4, widget.height() // 2))
            assert widget.isChecked(), key
        elif isinstance(widget, QComboBox):
            widget.setCurrentIndex(widget.count() - 1)
        elif isinstance(widget, QSpinBox):
            widget.setValue(widget.maximum())
        qtbot.wait(1)
        texts.add(popup.numbers_label.text() + popup.reasons_label.text())
        assert places(popup) == before, f"{key} moved the popup's boxes"
        assert popup.size() == size
    qtbot.mouseClick(popup.dice.use_typed, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(popup.dice.roll_button, Qt.MouseButton.LeftButton)
    qtbot.wait(1)
    assert places(popup) == before and popup.size() == size
    assert len(texts) > 3  # the answer did change: it grew and shrank in its own panel


def test_issue17_12_commit_and_cancel_are_real_buttons(qtbot: QtBot) -> None:
    scenario = example("c3_2_covered_arc")
    popup = RehearsalPopup(scenario, [gesture_of(scenario, example_action("c3_2_covered_arc"))], DiceRoller())
    qtbot.addWidget(popup)
    assert isinstance(popup.commit_button, QAbstractButton) and popup.commit_button.isEnabled()
    assert not isinstance(popup.commit_button, QAction)


def test_a_roll_brings_the_outcome_into_view(qtbot: QtBot) -> None:
    """The answer panel is of a fixed size: once the dice are set, it scrolls to the outcome (the
    GUI tester had to scroll down for a hex's results, C3.331 EX)."""
    scenario = example("c3_331_area_target")
    action = {**example_action("c3_331_area_target"), "target_type": "area"}
    popup = RehearsalPopup(scenario, [gesture_of(scenario, action)], DiceRoller())
    qtbot.addWidget(popup)
    popup.show()
    for name, value in (("colored", 2), ("white", 3), ("dr", 1), ("effects", 8)):
        popup.dice.typed[name].setValue(value)
    popup.dice.use_typed.click()
    panel, label = popup.answer_panel, popup.outcome_label

    def outcome_in_view() -> bool:  # all of it, or as much as fits: from its first line down
        top = label.mapTo(panel.viewport(), QPoint(0, 0)).y()
        fits = top >= 0 and top + label.height() <= panel.viewport().height()
        return fits or top == 0

    qtbot.wait(100)  # laid out, and any scroll done
    assert label.text().startswith("TH DR: 5") and label.height() > panel.viewport().height() // 3
    assert outcome_in_view()


def test_choices_that_read_alike_name_their_targets_as_the_log_does() -> None:
    """Three alike squads in 4E8 and a lone tank: the three fire choices name each squad by its
    number, as the log does; the one unlike choice is left as it is."""
    squad = {"side": "german", "nationality": "german", "kind": "squad", "name": "4-6-7", "hex": "4E8"}
    scenario = scenario_from_json({
        "boards": [{"id": "4"}], "phase": "PFPh", "player": "russian",
        "units": [{"id": "g", "side": "russian", "nationality": "russian", "kind": "gun", "name": "76L ART",
                   "hex": "4E5", "ca": "S/SW", "crew": "c"},
                  {"id": "c", "side": "russian", "nationality": "russian", "kind": "crew", "hex": "4E5"},
                  *({"id": f"s{i}", **squad} for i in (1, 2, 3)),
                  {"id": "t", "side": "german", "nationality": "german", "kind": "vehicle", "name": "PzKpfw IIIG",
                   "hex": "4E8", "vca": "N/NE"}]})
    gestures = gestures_for_drop(scenario, "g", scenario.grid.parse("4E8")).gestures
    labels = choice_labels(scenario, gestures, player_names(scenario))
    assert [label for label in labels if "4-6-7" in label] == [f"Fire at 4-6-7 #{n} in 4E8" for n in (1, 2, 3)]
    assert "Fire at PzKpfw IIIG in 4E8" in labels and len(set(labels)) == len(labels)


def test_enter_in_a_typed_die_uses_the_dice_and_does_not_commit(qtbot: QtBot) -> None:
    """Typing dice then Enter rolls them in (the GUI tester's Enter did nothing); the popup stays
    open on that Enter, so the player reads the outcome before committing."""
    scenario = example("c3_7_critical_hit")
    popup = RehearsalPopup(scenario, [gesture_of(scenario, example_action("c3_7_critical_hit"))], DiceRoller())
    qtbot.addWidget(popup)
    popup.show()
    box = popup.dice.typed["white"]
    popup.dice.typed["colored"].setValue(3)
    box.setFocus()
    box.lineEdit().selectAll()
    qtbot.keyClicks(box, "4")
    qtbot.keyClick(box, Qt.Key.Key_Return)
    assert popup.dice.roll is not None and (popup.dice.roll.colored, popup.dice.roll.white) == (3, 4)
    assert popup.isVisible() and popup.result() == 0 and popup.commit_button.isEnabled()
