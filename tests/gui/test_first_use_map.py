"""Issue 17, first use on the map: what a new player ran into, driven through the real view."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor
from pytestqt.qtbot import QtBot

from aslgui.geometry import Hex, parse_spine
from aslgui.model import load_scenario, save_scenario
from aslgui.ui.map import style
from aslgui.ui.map.arcs import HANDLE_ROLE
from aslgui.ui.window.main_window import DEMO_PATH, MainWindow
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


def hover(qtbot: QtBot, window: MainWindow, h: Hex) -> str:
    """Move the mouse over hex ``h`` and read the status line."""
    qtbot.mouseMove(window.view.viewport(), viewport_point(window, h))
    return window.hover_label.text()


def test_issue17_9_the_hover_line_follows_a_rotation_an_undo_and_another_file(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    grid = window.scenario.grid
    window.scene.select_unit("g1")  # 57LL AT in 4E5, CA S/SW
    assert hover(qtbot, window, grid.parse("4E8")).endswith("range 3 from 57LL AT (S/SW): in CA")
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_BracketRight)  # CA now SW/NW
    assert "range 3 from 57LL AT (SW/NW): needs 1 hexspine (Case A +3, NT)" in window.hover_label.text()
    window.undo_stack.undo()
    assert window.hover_label.text().endswith("range 3 from 57LL AT (S/SW): in CA")
    # The rotation handle turns it too; the line follows the committed CA.
    handle = next(item for item in window.scene.items() if item.data(HANDLE_ROLE) == "ca")
    viewport = window.view.viewport()
    start = window.view.mapFromScene(handle.scenePos())
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    centre = QPointF(*grid.center(grid.parse("4E5")))
    qtbot.mouseMove(viewport, window.view.mapFromScene(centre + QPointF(-40, 2)))  # towards spine SW/NW
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=window.view.mapFromScene(centre + QPointF(-40, 2)))
    assert window.scenario.units["g1"].ca == parse_spine("SW/NW")
    assert window.hover_label.text() == "4D5  open ground  |  range 1 from 57LL AT (SW/NW): in CA"
    # Another file: the old situation's words go.
    other = load_scenario(DEMO_PATH)
    other.units.pop("g1")
    path = tmp_path / "other.json"
    save_scenario(other, path)
    assert window.open_file(path)
    assert "57LL AT" not in window.hover_label.text()
