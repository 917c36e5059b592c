"""The LOS tool and "Show what this unit sees" on the map (A6), driven through the real window:
a drag with the tool traces the thread, marks the blocking point and outlines Hindrances; the
shading follows the selected unit as it moves; and while dragging an action, a target out of LOS
is ringed red."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QGraphicsEllipseItem, QGraphicsPathItem, QGraphicsSimpleTextItem
from pytestqt.qtbot import QtBot

from aslgui.model import scenario_from_json
from aslgui.rules.gestures import legal_targets
from aslgui.ui.window.main_window import MainWindow
from tests.gui.conftest import viewport_point

pytestmark = pytest.mark.gui


def drag(qtbot: QtBot, window: MainWindow, start: str, end: str) -> None:
    grid = window.scenario.grid
    viewport = window.view.viewport()
    window.view.set_zoom(0.5)  # both ends on screen, so placing one never scrolls the other away
    (ax, ay), (bx, by) = grid.center(grid.parse(start)), grid.center(grid.parse(end))
    window.view.centerOn((ax + bx) / 2, (ay + by) / 2)
    a, b = viewport_point(window, grid.parse(start)), viewport_point(window, grid.parse(end))
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=a)
    qtbot.mouseMove(viewport, a + (b - a) / 2)
    qtbot.mouseMove(viewport, b)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=b)


def labels(window: MainWindow) -> list[str]:
    return [c.text() for i in window.los_tools.items for c in (i, *i.childItems())
            if isinstance(c, QGraphicsSimpleTextItem)]


def test_a6_the_los_tool_traces_the_gun_to_the_german_stack_and_names_the_woods_that_block_it(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.los_tools.tool_action.trigger()  # the toolbar button (key L)
    drag(qtbot, window, "4E5", "4C9")
    assert window.scenario.units["g1"].hex == window.scenario.grid.parse("4E5")  # nothing moved
    shown = window.los_tools.shown
    assert shown is not None and shown[2].blocked and window.scenario.grid.name(shown[2].blocked_at) == "4D6"
    assert labels(window) == ["Range 5: blocked at 4D6: woods (level 1) in 4D6 is higher than both ends (A6.2, B13)"]
    assert any(isinstance(i, QGraphicsEllipseItem) for i in window.los_tools.items)  # the blocking point
    assert "4D6" in window.statusBar().currentMessage()


def test_a6_the_los_tool_outlines_hindrance_hexes_and_gives_the_drm(qtbot: QtBot, window: MainWindow) -> None:
    window.los_tools.tool_action.setChecked(True)
    drag(qtbot, window, "4E5", "4K8")
    (text,) = labels(window)
    assert text.startswith("Range 6: clear: 1 Hindrance (+1 DRM: brush in 4J7 (B12.2))")
    outlines = [i for i in window.los_tools.items if isinstance(i, QGraphicsPathItem)]
    assert len(outlines) == 1 and outlines[0].path().boundingRect().contains(
        *window.scenario.grid.center(window.scenario.grid.parse("4J7"))
    )
    assert not any(isinstance(i, QGraphicsEllipseItem) for i in window.los_tools.items)
    assert window.statusBar().currentMessage().startswith("Range 6: clear: 1 Hindrance")
    window.los_tools.tool_action.setChecked(False)  # switching the tool off takes the thread away
    assert window.los_tools.items == [] and window.los_tools.shown is None
    assert window.statusBar().currentMessage() == ""  # and its words with it, not left under the next tool


def test_without_the_tool_a_drag_still_moves_the_counter(qtbot: QtBot, window: MainWindow) -> None:
    drag(qtbot, window, "4C9", "4C8")
    assert window.los_tools.shown is None


def test_show_what_this_unit_sees_shades_the_map_and_follows_the_unit(window: MainWindow) -> None:
    grid = window.scenario.grid
    window.scene.select_unit("g1")
    window.los_tools.sight_action.trigger()
    shading = window.los_tools.shading
    assert len(shading) == len(grid)
    assert shading[grid.parse("4C9")] is None  # blocked by the 4D6 woods
    assert shading[grid.parse("4K8")] == 1  # +1: the 4J7 brush
    assert shading[grid.parse("4E9")] == 0  # the tank, down the road
    window.move_unit("g1", grid.parse("4C7"))  # an undoable move: the shading follows
    assert window.los_tools.shading[grid.parse("4C9")] == 0
    window.undo_stack.undo()
    assert window.los_tools.shading[grid.parse("4C9")] is None
    window.los_tools.sight_action.trigger()
    assert window.los_tools.shading == {} and window.los_tools.shade_items == []


def test_a6_1_while_dragging_an_action_a_target_out_of_los_is_ringed_red(window: MainWindow) -> None:
    grid = window.scenario.grid
    targets = legal_targets(window.scenario, "g1")
    assert targets[grid.parse("4C9")] is False  # the German stack behind the 4D6 woods
    window.set_mode("rehearse")
    window.scene.select_unit("g1")
    assert window.rehearsal.overlay.shown[grid.parse("4C9")] is False


def test_a6_show_what_this_unit_sees_shades_across_a_gap_between_boards(qtbot: QtBot, tmp_path: Path) -> None:
    """Issue 37: board 4 at column 1 row 0 and board 7 at column 0 row 1: the shading from 7T8
    covers both boards, across the gap (no terrain there), with no error."""
    from tests.rules.test_a6_los_across_a_gap import situation

    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    win = MainWindow(scenario_from_json(situation()), None, settings)
    qtbot.addWidget(win)
    win.scene.select_unit("g1")
    win.los_tools.sight_action.trigger()
    grid = win.scenario.grid
    assert len(win.los_tools.shading) == len(grid)
    assert win.los_tools.shading[grid.parse("4J10")] == 0 and win.los_tools.shading[grid.parse("4D10")] is not None
