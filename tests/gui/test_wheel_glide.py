"""Issue 30: a burst of wheel notches scales the map as painted before it, and once the wheel
rests the map is drawn sharp, the same as a view drawing it afresh."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QImage, QWheelEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from aslgui.model import load_scenario
from aslgui.ui.map.scene import MapScene
from aslgui.ui.map.view import WHEEL_STEP, MapView
from aslgui.ui.window.main_window import DEMO_PATH
from aslgui.vasl.library import BOARDS_ENV
from tests.gui.art_boards import art_board

pytestmark = pytest.mark.gui


def _view(qtbot: QtBot, scene: MapScene, like: MapView | None = None) -> MapView:
    """A view of ``scene``, at the zoom of ``like`` if given."""
    view = MapView(scene)
    qtbot.addWidget(view)
    if like is not None:
        view.setTransform(like.transform())
    view.resize(800, 600)
    view.show()
    qtbot.waitExposed(view)
    return view


def _notch(view: MapView, at: QPoint) -> None:
    """One real wheel notch up (zoom in) at viewport point ``at``."""
    event = QWheelEvent(QPointF(at), QPointF(view.viewport().mapToGlobal(at)), QPoint(0, 0), QPoint(0, 120),
                        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(view.viewport(), event)


def _grab(view: MapView) -> QImage:
    return view.viewport().grab().toImage().convertToFormat(QImage.Format.Format_RGB32)


@pytest.mark.parametrize("with_art", [False, True])
def test_a_burst_of_notches_scales_the_map_and_the_rest_draws_it_sharp(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, with_art: bool
) -> None:
    if with_art:
        art_board(tmp_path, "04")
        monkeypatch.setenv(BOARDS_ENV, str(tmp_path))
    scene = MapScene(load_scenario(DEMO_PATH))
    assert bool(scene.layers.art) == with_art
    view = _view(qtbot, scene)
    view.set_zoom(0.6)
    scene.zoom_rest.rest()
    QApplication.processEvents()
    drawn: list[object] = []
    draw = scene.layers.draw
    monkeypatch.setattr(scene.layers, "draw", lambda *args: drawn.append(args) or draw(*args))

    for _ in range(3):
        _notch(view, QPoint(300, 200))
        view.viewport().repaint()
    assert view.gliding and view.wheel_rest.isActive()
    assert view.zoom == pytest.approx(0.6 * WHEEL_STEP**3)
    assert not drawn  # the burst began from the view's cached map; every notch scaled that picture
    scaled = _grab(view)

    view.wheel_rest.timeout.emit()  # the wheel rests
    QApplication.processEvents()
    assert not view.gliding and not scene.zoom_rest.zooming
    sharp = _grab(view)
    assert drawn and sharp != scaled
    fresh = _view(qtbot, scene, like=view)  # a view drawing the same map at the same zoom and place afresh
    fresh.horizontalScrollBar().setValue(view.horizontalScrollBar().value())
    fresh.verticalScrollBar().setValue(view.verticalScrollBar().value())
    QApplication.processEvents()
    assert fresh.viewportTransform() == view.viewportTransform()
    assert _grab(fresh) == sharp


def test_a_press_during_the_burst_draws_the_map_sharp_at_once(qtbot: QtBot) -> None:
    view = _view(qtbot, MapScene(load_scenario(DEMO_PATH)))
    _notch(view, QPoint(400, 300))
    assert view.gliding
    qtbot.mousePress(view.viewport(), Qt.MouseButton.MiddleButton, pos=QPoint(400, 300))
    assert not view.gliding and not view.wheel_rest.isActive()
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.MiddleButton, pos=QPoint(400, 300))
