"""A vehicle's side panel sets its MA as the counter prints it (caliber and barrel, C2.21), undoably,
so the advice "give it MA" / "set its MA in the side panel" leads somewhere: the vehicle then fires."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLineEdit
from pytestqt.qtbot import QtBot

from aslgui.model import MainArmament
from aslgui.rules import resolve
from aslgui.ui.rehearsal.answer_words import in_words
from aslgui.ui.window.main_window import MainWindow
from tests.rules.move_boards import board

pytestmark = pytest.mark.gui

FIRE = {"kind": "fire", "firer": "t1", "target": "r1", "phase": "PFPh"}


def type_ma(window: MainWindow, qtbot: QtBot, text: str) -> QLineEdit:
    field = window.properties.widgets["ma"]
    assert isinstance(field, QLineEdit)
    field.setFocus()
    field.selectAll()
    qtbot.keyClicks(field, text) if text else field.clear()
    field.editingFinished.emit()
    return field


def test_c2_21_an_ma_typed_in_the_panel_lets_the_vehicle_fire_and_undo_takes_it_back(
        qtbot: QtBot, window: MainWindow) -> None:
    window.set_scenario(board({"t1": {"ma": None, "name": "Captured AFV"}}, phase="PFPh"), None)
    window.scene.select_unit("t1")
    refusal = resolve(window.scenario, FIRE)
    assert not refusal.legal and "give it MA if it has one" in in_words(refusal.reasons[0], None)
    field = type_ma(window, qtbot, "75L")
    assert window.scenario.units["t1"].ma == MainArmament(caliber=75, barrel="L")
    assert field.text() == "75L" and "MA</b>&nbsp;75L" in window.properties.printed.text()
    assert resolve(window.scenario, FIRE).legal
    window.undo_stack.undo()
    assert window.scenario.units["t1"].ma is None and field.text() == ""


@pytest.mark.parametrize(("typed", "caliber", "barrel"), [
    ("88ll", 88, "LL"), ("37*", 37, "*"), ("76", 76, None), ("47.5 L", 47.5, "L")])
def test_c2_21_the_ma_field_reads_caliber_and_barrel_and_keeps_the_rest(
        qtbot: QtBot, window: MainWindow, typed: str, caliber: float, barrel: str | None) -> None:
    window.set_scenario(board(), None)
    window.scene.select_unit("t1")
    assert window.properties.widgets["ma"].text() == "75L"  # type: ignore[attr-defined]
    type_ma(window, qtbot, typed)
    ma = window.scenario.units["t1"].ma
    assert ma is not None and (ma.caliber, ma.barrel, ma.kind) == (caliber, barrel, "gun")


def test_c2_21_an_ma_cleared_is_none_and_one_mistyped_is_refused(qtbot: QtBot, window: MainWindow) -> None:
    window.set_scenario(board(), None)
    window.scene.select_unit("t1")
    field = type_ma(window, qtbot, "75 mm")
    assert window.scenario.units["t1"].ma == MainArmament(caliber=75, barrel="L") and field.text() == "75L"
    assert not window.undo_stack.canUndo()
    type_ma(window, qtbot, "")
    assert window.scenario.units["t1"].ma is None
