"""Issue 17.7, 17.13 and 17.16: reaching every counter of a stack, manning a Gun from its menu,
markers on the context menu and on keys, and a question before an attack on one's own units."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest
from PySide6.QtCore import QPointF, Qt, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QMenu, QMessageBox
from pytestqt.qtbot import QtBot

from aslgui.geometry import Hex
from aslgui.model import Unit
from aslgui.rules.gestures import available, gestures_for_drop
from aslgui.ui.map import style
from aslgui.ui.map.stack_viewer import FAN_GAP
from aslgui.ui.rehearsal.popup import RehearsalPopup
from aslgui.ui.widgets.dialogs import MessageBox
from aslgui.ui.window.main_window import MainWindow
from tests.gui.conftest import answer_popup, example, rehearse, viewport_point

pytestmark = pytest.mark.gui
#: The real question box, before the GUI conftest answers it "yes" for every other test.
REAL_CONFIRM = MessageBox.__dict__["confirm"]


def click_hex(qtbot: QtBot, window: MainWindow, h: Hex, dx: float = 0.0, dy: float = 0.0) -> None:
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=viewport_point(window, h, dx, dy))


def click_scene(qtbot: QtBot, window: MainWindow, point: QPointF) -> None:
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=window.view.mapFromScene(point))


def counter_on_top_at(window: MainWindow, point: QPointF) -> str | None:
    """The unit whose counter a click at ``point`` picks (what the player sees on top there)."""
    for item in window.scene.items(point, Qt.ItemSelectionMode.IntersectsItemShape, Qt.SortOrder.DescendingOrder):
        if item.data(0) is not None:
            return str(item.data(0))
    return None


def crew_after_gun(window: MainWindow) -> None:
    """The first user's trap: an unmanned Gun, then a crew placed on it (listed after it)."""
    scenario = window.scenario
    gun = scenario.units["g1"]._replace(crew=None)
    crew = Unit(id="c9", side="russian", kind="crew", name="2-2-8 crew", hex=gun.hex, nationality="russian")
    window.apply_unit_changes([gun], "Unman")
    window.apply_unit_changes([crew], "Add crew")


def test_issue17_7_a_click_fans_the_stack_out_so_each_counter_is_whole(qtbot: QtBot, window: MainWindow) -> None:
    crew_after_gun(window)
    grid = window.scenario.grid
    here = grid.parse("4E5")
    assert [u.id for u in window.scenario.units_at(here)] == ["g1", "c1", "c9"]
    click_hex(qtbot, window, here)
    assert window.scene.fan.hex == here
    centres = {uid: window.scene.counter_item(uid).scenePos() for uid in ("g1", "c1", "c9")}
    xs = sorted(p.x() for p in centres.values())
    assert [round(b - a, 3) for a, b in itertools.pairwise(xs)] == [style.COUNTER_SIZE + FAN_GAP] * 2
    for uid, centre in centres.items():  # each counter is on top at its own centre: a whole target
        assert counter_on_top_at(window, centre) == uid
    # Picking the Gun from the fan selects it, and it can be dragged from there (Setup: a move).
    click_scene(qtbot, window, centres["g1"])
    assert window.scene.selected == "g1" and window.scene.fan.hex == here
    viewport = window.view.viewport()
    start = window.view.mapFromScene(centres["g1"])
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    target = viewport_point(window, grid.parse("4G5"))
    qtbot.mouseMove(viewport, target)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=target)
    assert window.scenario.units["g1"].hex == grid.parse("4G5")
    assert window.scene.fan.hex == here  # the two crews stay fanned out
    # A click on empty map folds the stack back.
    click_hex(qtbot, window, grid.parse("4P8"))
    assert window.scene.fan.hex is None
    stacked = [window.scene.counter_item(uid).scenePos().x() for uid in ("c1", "c9")]
    assert abs(stacked[1] - stacked[0]) == pytest.approx(style.STACK_OFFSET)


def menu_actions(menu: QMenu) -> dict[str, QAction]:
    return {a.text(): a for a in menu.actions() if a.text()}


def test_issue17_7_man_with_in_the_guns_context_menu(window: MainWindow) -> None:
    crew_after_gun(window)
    menu = window.context_menu("g1")
    man_with = menu_actions(menu)["Man with..."].menu()
    assert isinstance(man_with, QMenu)
    choices = menu_actions(man_with)
    assert list(choices) == ["2-2-8 crew #1 in 4E5", "2-2-8 crew #2 in 4E5", "Nobody (unmanned)"]
    assert choices["Nobody (unmanned)"].isChecked()
    choices["2-2-8 crew #2 in 4E5"].trigger()
    assert window.scenario.units["g1"].crew == "c9"
    assert window.undo_stack.undoText() == "Man 57LL AT with 2-2-8 crew"
    # The Gun now lies on its crew (A4.43) and the menu shows who mans it.
    checked = [a.text() for a in menu_actions(menu_actions(window.context_menu("g1"))["Man with..."].menu()).values()
               if a.isChecked()]
    assert checked == ["2-2-8 crew #2 in 4E5"]
    window.undo_stack.undo()
    assert window.scenario.units["g1"].crew is None


def test_issue17_16_markers_from_the_context_menu(window: MainWindow) -> None:
    window.scene.select_unit("t1")
    actions = menu_actions(window.context_menu("t1"))
    assert {"BU (buttoned up)", "CE (crew exposed)", "Motion", "First Fire", "Intensive Fire",
            "Concealed (?)"} <= set(actions)
    assert "Pin" not in actions and actions["BU (buttoned up)"].isChecked()
    actions["CE (crew exposed)"].trigger()  # CE takes BU off: a vehicle is one or the other
    tank = window.scenario.units["t1"]
    assert tank.extra.get("ce") is True and tank.bu is False
    assert window.scene.counter_item("t1").marker_names[:1] == ["CE"]
    actions["Motion"].trigger()
    assert window.scenario.units["t1"].motion
    window.scene.select_unit("s2")
    squad = menu_actions(window.context_menu("s2"))
    assert {"Pin", "Broken", "CX", "First Fire", "Concealed (?)"} <= set(squad) and "Motion" not in squad
    squad["Pin"].trigger()
    assert window.scenario.units["s2"].pinned and window.undo_stack.undoText() == "Mark Pin: 4-6-7"


@pytest.mark.parametrize(("unit", "key", "field"), [
    ("s2", Qt.Key.Key_P, "pinned"), ("s2", Qt.Key.Key_B, "broken"), ("s2", Qt.Key.Key_X, "cx"),
    ("s2", Qt.Key.Key_C, "concealed"), ("g1", Qt.Key.Key_F, "fired"), ("t1", Qt.Key.Key_M, "motion"),
    ("t1", Qt.Key.Key_I, "intensive_fired"), ("t1", Qt.Key.Key_U, "bu"),
])
def test_issue17_16_marker_keys_toggle_the_selected_counter(
    qtbot: QtBot, window: MainWindow, unit: str, key: Qt.Key, field: str
) -> None:
    window.scene.select_unit(unit)
    before = getattr(window.scenario.units[unit], field)
    window.view.setFocus()
    qtbot.keyClick(window.view, key)
    assert getattr(window.scenario.units[unit], field) is (not before)
    qtbot.keyClick(window.view, key)
    assert getattr(window.scenario.units[unit], field) is before
    assert window.undo_stack.count() == 2


def test_issue17_16_a_marker_key_does_nothing_to_a_counter_that_cannot_take_it_and_says_why(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.scene.select_unit("g1")
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_M)  # Motion is for vehicles
    assert window.statusBar().currentMessage() == "Motion (M) is for vehicles: 57LL AT is a Gun"
    qtbot.keyClick(window.view, Qt.Key.Key_P)  # Pin is for Infantry (a Gun's is its crew's)
    assert window.statusBar().currentMessage() == "Pin (P) is for Infantry: 57LL AT is a Gun"
    assert window.undo_stack.count() == 0
    assert not window.counter_menu.marker_actions["motion"].isEnabled()
    window.statusBar().clearMessage()
    qtbot.keyClick(window.view, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)  # not the marker's key
    qtbot.keyClick(window.view, Qt.Key.Key_Z)  # no marker's key
    assert window.statusBar().currentMessage() == ""


def answer_question(qtbot: QtBot, button: str, then: Callable[[], object] = lambda: None) -> list[str]:
    """Once the question box shows, note its text and press ``button``; then call ``then``."""
    seen: list[str] = []

    def press() -> None:
        box = QApplication.activeModalWidget()
        assert isinstance(box, QMessageBox), box
        seen.append(box.text())
        try:
            chosen = [b for b in box.buttons() if b.text().replace("&", "") == button]
            assert chosen, [b.text() for b in box.buttons()]
            then()  # e.g. wait for the popup that pressing the button opens
            qtbot.mouseClick(chosen[0], Qt.MouseButton.LeftButton)
        finally:
            if box.isVisible():  # a failed check must not leave the test waiting in the box
                box.reject()

    QTimer.singleShot(0, press)
    return seen


def test_issue17_13_an_attack_on_ones_own_squad_asks_first(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(MessageBox, "confirm", REAL_CONFIRM)
    rehearse(window, window.scenario)
    own_squad = QPointF(*window.scenario.grid.center(window.scenario.grid.parse("4F3")))  # the Russian 4-4-7
    seen = answer_question(qtbot, "Cancel")
    window.scene.drop_counter("g1", own_squad)  # no popup follows: a popup would wait here
    assert seen == ["4F3 holds your own 4-4-7.\n\nFire on it anyway?"]
    headings: list[str] = []

    def look(popup: RehearsalPopup) -> None:
        headings.append(popup.heading.text())

    seen = answer_question(qtbot, "Fire on it anyway", then=lambda: answer_popup(look))
    window.scene.drop_counter("g1", own_squad)
    assert len(seen) == 1 and headings == ["Fire at 4F3 (Area Target Type)"]


def test_issue17_13_no_question_for_an_enemy_hex_or_a_hook_up(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[str] = []
    monkeypatch.setattr(MessageBox, "confirm", classmethod(lambda cls, parent, title, text, go: asked.append(text)))
    rehearsal = rehearse(window, window.scenario)
    tank = window.scenario.grid.parse("4E9")
    fire = available(gestures_for_drop(window.scenario, "g1", tank).gestures)
    assert [g.kind for g in fire] == ["fire"] and rehearsal.spare_friends("g1", tank, fire) == fire
    hook_up = example("c10_13_hook_up")
    rehearsal = rehearse(window, hook_up)
    gun_hex = hook_up.units["rcl75"].hex
    loading = available(gestures_for_drop(hook_up, "spw", gun_hex, "MPh").gestures)
    assert {g.kind for g in loading} <= {"hook_up", "portee_load"} and loading
    assert rehearsal.spare_friends("spw", gun_hex, loading) == loading
    assert asked == []
