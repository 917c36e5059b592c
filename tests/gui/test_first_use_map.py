"""Issue 17, first use on the map: what a new player ran into, driven through the real view."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor
from pytestqt.qtbot import QtBot

from aslgui.geometry import Hex
from aslgui.ui import style
from aslgui.ui.main_window import MainWindow
from tests.gui.conftest import viewport_point

pytestmark = pytest.mark.gui


def pixel_at(window: MainWindow, h: Hex) -> QColor:
    """The colour the view shows at the centre of hex ``h`` (a fresh grab of the viewport)."""
    point = window.view.mapFromScene(QPointF(*window.scenario.grid.center(h)))
    image = window.view.viewport().grab().toImage()
    return image.pixelColor(point)


def test_issue17_2_painted_terrain_shows_on_release_without_a_zoom(qtbot: QtBot, window: MainWindow) -> None:
    grid = window.scenario.grid
    window.brush.list.setCurrentRow(
        window.brush.list.row(window.brush.list.findItems("marsh", Qt.MatchFlag.MatchExactly)[0])
    )
    window.brush.paint.setChecked(True)
    target = grid.parse("4R7")
    viewport = window.view.viewport()
    before = pixel_at(window, target)  # also fills the view's background cache
    assert before.name() == style.terrain_color("open ground").name()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=viewport_point(window, target))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=viewport_point(window, target))
    assert window.scenario.terrain_at(target) == "marsh"
    assert pixel_at(window, target).name() == style.terrain_color("marsh").name()
    window.undo_stack.undo()
    assert pixel_at(window, target).name() == style.terrain_color("open ground").name()
