"""The LOS tool at any zoom (issue 25.5): a drag draws the thread and never pans the view; held
near the window's edge the view scrolls on and the thread follows the hex under the pointer.
And the shading is clipped to the boards themselves in an L-shaped layout (issue 25.6)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem
from pytestqt.qtbot import QtBot

from aslgui.geometry import BoardPlacement, MapGrid
from aslgui.model import Scenario, Unit
from aslgui.ui.window.main_window import MainWindow
from tests.gui.conftest import viewport_point

pytestmark = pytest.mark.gui


def scrolled(window: MainWindow) -> tuple[int, int]:
    return window.view.horizontalScrollBar().value(), window.view.verticalScrollBar().value()


def test_a6_1_at_zoom_2_a_los_drag_draws_the_thread_and_does_not_pan(qtbot: QtBot, window: MainWindow) -> None:
    grid = window.scenario.grid
    window.view.set_zoom(2.0)
    window.los_tools.tool_action.setChecked(True)
    start, end = grid.parse("4E5"), grid.parse("4J7")
    window.view.centerOn(QPointF(*grid.center(grid.parse("4G6"))))
    a, b = viewport_point(window, start), viewport_point(window, end)
    before = scrolled(window)
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=a)
    for i in range(1, 6):
        qtbot.mouseMove(viewport, a + (b - a) * i / 5)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=b)
    assert scrolled(window) == before  # the map stayed put under the pointer
    shown = window.los_tools.shown
    assert shown is not None and (grid.name(shown[0]), grid.name(shown[1])) == ("4E5", "4J7")
    assert shown[2].range == 5


def test_a6_1_a_los_drag_near_the_windows_edge_scrolls_and_follows_the_pointer(
    qtbot: QtBot, window: MainWindow
) -> None:
    grid = window.scenario.grid
    window.view.set_zoom(2.0)
    window.los_tools.tool_action.setChecked(True)
    start = grid.parse("4C5")
    window.view.centerOn(QPointF(*grid.center(grid.parse("4H5"))))
    a = viewport_point(window, start)
    viewport = window.view.viewport()
    edge = QPoint(viewport.width() - 6, a.y())
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=a)
    qtbot.mouseMove(viewport, edge)
    first = window.los_tools.shown
    assert first is not None
    x0 = scrolled(window)[0]
    qtbot.waitUntil(lambda: scrolled(window)[0] > x0 + 240, timeout=5000)
    later = window.los_tools.shown
    assert later is not None and later[0] == start and later[1].col > first[1].col  # the thread reaches on
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=edge)
    stopped = scrolled(window)
    qtbot.wait(150)
    assert scrolled(window) == stopped  # released: no more scrolling


def test_a6_without_the_tool_a_drag_near_the_edge_does_not_scroll_by_itself(qtbot: QtBot, window: MainWindow) -> None:
    window.view.set_zoom(2.0)
    viewport = window.view.viewport()
    before = scrolled(window)
    qtbot.mouseMove(viewport, QPoint(viewport.width() - 6, 300))
    qtbot.wait(120)
    assert scrolled(window) == before


def test_the_shading_is_clipped_to_the_boards_of_an_l_layout(window: MainWindow) -> None:
    grid = MapGrid([BoardPlacement("1", 0, 0), BoardPlacement("2", 1, 0), BoardPlacement("3", 0, 1)])
    gun = Unit("g", "russian", "gun", grid.parse("1GG9"), ca=2)
    woods = {grid.parse(name): "woods" for name in ("1FF8", "1GG7", "3GG2", "2B8")}
    window.set_scenario(Scenario(grid, {"g": gun}, terrain=woods), None)
    window.scene.select_unit("g")
    window.los_tools.sight_action.setChecked(True)
    assert len(window.los_tools.shading) == len(grid)
    clipping = QGraphicsItem.GraphicsItemFlag.ItemClipsChildrenToShape
    clips = [i for i in window.los_tools.shade_items if isinstance(i, QGraphicsPathItem) and i.flags() & clipping]
    assert len(clips) == 1 and clips[0].childItems()
    width, height = grid.pixel_size
    clip = clips[0].path()
    assert not clip.contains(QPointF(width * 0.75, height * 0.75))  # the empty quarter of the L
    assert clip.contains(QPointF(width * 0.25, height * 0.75)) and clip.contains(QPointF(width * 0.75, height * 0.25))
    wedge = window.scene.arcs.outline(gun.hex, 2)
    assert not wedge.isEmpty() and not wedge.intersects(
        clip.boundingRect().adjusted(width / 2 + 1, height / 2 + 1, 0, 0))
