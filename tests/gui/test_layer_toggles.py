"""The grid, hex names and terrain tint are View menu toggles, as VASL's overlays are, and the
window remembers them (QSettings)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRect
from PySide6.QtGui import QImage
from pytestqt.qtbot import QtBot

from aslgui.geometry import Hex, MapGrid
from aslgui.model import load_scenario
from aslgui.ui.map import style
from aslgui.ui.window.main_window import DEMO_PATH, MainWindow

pytestmark = pytest.mark.gui


def grab(window: MainWindow) -> QImage:
    return window.view.viewport().grab().toImage()


def screen_point(window: MainWindow, x: float, y: float) -> tuple[int, int]:
    point = window.view.mapFromScene(QPointF(x, y))
    return point.x(), point.y()


def hexside_colours(window: MainWindow, h: Hex, direction: int) -> set[str]:
    """The colours drawn around the middle of one of ``h``'s hexsides (3x3 pixels: a 1-pixel
    line may fall either side of the exact point)."""
    corners = MapGrid.vertices(h)
    (ax, ay), (bx, by) = corners[(direction - 1) % 6], corners[direction]
    x, y = screen_point(window, (ax + bx) / 2, (ay + by) / 2)
    image = grab(window)
    return {image.pixelColor(x + dx, y + dy).name() for dx in (-1, 0, 1) for dy in (-1, 0, 1)}


def label_ink(window: MainWindow, h: Hex) -> int:
    """Pixels of hex-name ink in the strip at the top of ``h`` where its name is written."""
    cx, cy = MapGrid.center(h)
    left, top = screen_point(window, cx - 14, cy - 30)
    right, bottom = screen_point(window, cx + 14, cy - 18)
    image = grab(window).copy(QRect(left, top, right - left, bottom - top))
    ink = style.color(style.LABEL_COLOR)
    return sum(
        1
        for x in range(image.width())
        for y in range(image.height())
        if abs(image.pixelColor(x, y).lightness() - ink.lightness()) < 60
    )


def show(window: MainWindow, h: Hex) -> None:
    window.view.set_zoom(1.0)
    window.view.centerOn(*MapGrid.center(h))


def test_view_menu_holds_the_three_layer_toggles_all_on_at_first(window: MainWindow) -> None:
    texts = [a.text().replace("&", "") for a in window.view_menu.actions()]
    for name in ("Hex grid", "Hex names", "Terrain tint"):
        assert name in texts
    assert all(a.isCheckable() and a.isChecked() for a in window.layer_actions.values())


def test_hiding_the_grid_leaves_open_ground_where_the_hexside_was(window: MainWindow) -> None:
    h = window.scenario.grid.parse("4H7")  # open ground all round, no counter
    show(window, h)
    grid, ground = style.color(style.GRID_COLOR).name(), style.terrain_color("open ground").name()
    assert hexside_colours(window, h, 1) == {grid, ground}
    window.layer_actions["grid"].trigger()
    assert hexside_colours(window, h, 1) == {ground}
    window.layer_actions["grid"].trigger()
    assert hexside_colours(window, h, 1) == {grid, ground}


def test_hiding_hex_names_removes_their_ink(window: MainWindow) -> None:
    h = window.scenario.grid.parse("4H7")
    show(window, h)
    assert label_ink(window, h) > 10
    window.layer_actions["names"].trigger()
    assert label_ink(window, h) == 0


def test_hiding_the_terrain_tint_shows_the_bare_board_under_the_woods(window: MainWindow) -> None:
    h = window.scenario.grid.parse("4D6")  # woods in the demo, no counter
    show(window, h)
    centre = screen_point(window, *MapGrid.center(h))
    assert grab(window).pixelColor(*centre).name() == style.terrain_color("woods").name()
    window.layer_actions["tint"].trigger()
    assert grab(window).pixelColor(*centre).name() == style.terrain_color("open ground").name()
    assert window.scenario.terrain_at(h) == "woods"  # a view choice: the terrain is still there


def test_the_choice_is_remembered_for_the_next_window_and_the_next_scenario(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.layer_actions["grid"].trigger()
    window.layer_actions["names"].trigger()
    assert window.settings.value("view/grid", type=bool) is False
    window.set_scenario(load_scenario(DEMO_PATH), None)  # another file: still hidden
    assert window.scene.shown_layers == {"grid": False, "names": False, "tint": True}
    again = MainWindow(load_scenario(DEMO_PATH), None, window.settings)
    qtbot.addWidget(again)
    assert {name: a.isChecked() for name, a in again.layer_actions.items()} == {
        "grid": False,
        "names": False,
        "tint": True,
    }
    assert again.scene.shown_layers == {"grid": False, "names": False, "tint": True}
