"""The caches that keep a zoom step cheap draw what the uncached drawing would."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from pytestqt.qtbot import QtBot

from aslgui.geometry import Hex, distance, in_ca
from aslgui.model import load_scenario
from aslgui.ui.map.board_art import decode_art
from aslgui.ui.map.counters import CounterItem, markers
from aslgui.ui.map.image_pyramid import SCALES, kept_scale
from aslgui.ui.window.main_window import DEMO_PATH, MainWindow
from aslgui.vasl.library import BOARDS_ENV
from tests.gui.art_boards import art_board, art_png

pytestmark = pytest.mark.gui


@pytest.mark.parametrize("scale", [0.1, 0.12, 0.2, 0.3, 0.35, 0.5, 0.516, 0.6, 0.7071, 0.8, 0.99, 1.0, 1.2, 2.5, 4.0])
def test_a_drawing_is_shrunk_from_the_kept_image_less_than_sqrt2_larger(scale: float) -> None:
    level = kept_scale(scale)
    assert level in SCALES
    if scale >= SCALES[-1]:
        assert scale * (1 - 1e-9) <= level < scale * math.sqrt(2)
    else:  # below the smallest kept image: that one, shrunk further
        assert level == SCALES[-1]


@pytest.mark.parametrize("scale", [4.0001, 5.0, 6.0])
def test_above_400_percent_a_counter_is_drawn_from_its_vector_picture(scale: float) -> None:
    assert kept_scale(scale) is None


def _drawn(item: CounterItem, scale: float, exact: bool) -> np.ndarray:
    image = QImage(200, 200, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
    painter.translate(100, 100)
    painter.scale(scale, scale)
    if exact:
        painter.drawPicture(QPointF(0, 0), item.picture)
    else:
        item.paint(painter, None)  # type: ignore[arg-type]  # paint reads only the painter
    painter.end()
    pixels = np.frombuffer(image.constBits(), np.uint8).reshape(200, 200, 4)[..., :3]
    return pixels.astype(float)


@pytest.mark.parametrize("scale", [0.3, 0.55, 0.8, 1.3, 2.5])
def test_a_counter_from_its_kept_image_looks_like_the_counter_drawn_afresh(qtbot: QtBot, scale: float) -> None:
    scenario = load_scenario(DEMO_PATH)
    unit = scenario.units["g1"]._replace(pinned=True)
    item = CounterItem(unit, markers(unit, scenario.phase, scenario.player))
    exact, cached = _drawn(item, scale, True), _drawn(item, scale, False)
    assert (exact < 250).sum() > 300  # the counter is there
    # Closer to the fresh drawing than that drawing is to itself moved by one pixel: a softer
    # edge here and there, nothing moved or lost.
    moved = np.abs(exact - np.roll(exact, 1, axis=1)).mean()
    assert np.abs(exact - cached).mean() < 0.6 * moved


def _pixels(image: QImage) -> np.ndarray:
    image = image.convertToFormat(QImage.Format.Format_RGB32)
    return np.frombuffer(image.constBits(), np.uint8).reshape(image.height(), image.width(), 4)[..., :3].astype(float)


@pytest.mark.parametrize("scale", [0.2, 0.45, 0.6, 0.9, 2.0])
def test_board_art_from_its_kept_copies_looks_like_the_art_scaled_at_once(qtbot: QtBot, scale: float) -> None:
    original = QImage.fromData(art_png())
    art = decode_art(art_png(), False, "bd77")
    size = QSize(round(original.width() * scale), round(original.height() * scale))
    drawn = QImage(size, QImage.Format.Format_RGB32)
    painter = QPainter(drawn)
    painter.scale(scale, scale)
    art.draw(painter, QRectF(0, 0, original.width(), original.height()))
    painter.end()
    mode = Qt.TransformationMode.SmoothTransformation
    reference = _pixels(original.scaled(size, Qt.AspectRatioMode.IgnoreAspectRatio, mode))
    moved = np.abs(reference - np.roll(reference, 1, axis=1)).mean()
    assert np.abs(_pixels(drawn) - reference).mean() < 0.6 * moved  # its thin grid lines kept, none moved


# -- one side's arcs are drawn with the cached map (the background): every change redraws it ------


def _colour_at(window: MainWindow, h: Hex) -> str:
    """The colour the view shows at a hex's centre, through the view's cached map."""
    x, y = window.scenario.grid.center(h)
    window.view.centerOn(x, y)
    return window.view.viewport().grab().toImage().pixelColor(window.view.mapFromScene(QPointF(x, y))).name()


def _empty_hex_at_range_3(window: MainWindow, spine: int, opposite: int) -> Hex:
    """A hex 3 from the demo's Gun holding no counter, in its CA at ``spine``, not at ``opposite``."""
    gun = window.scenario.units["g1"].hex
    occupied = {unit.hex for unit in window.scenario.units.values()}
    return next(
        h
        for h in sorted(window.scenario.grid.all_hexes)
        if distance(gun, h) == 3 and h not in occupied and in_ca(gun, spine, h) and not in_ca(gun, opposite, h)
    )


def test_side_arcs_on_the_cached_map_follow_the_toggle_a_turn_and_a_zoom_step(window: MainWindow) -> None:
    window.view.set_zoom(1.0)
    spine = window.scenario.units["g1"].ca
    assert spine is not None
    turned = (spine + 3) % 6
    before, after = _empty_hex_at_range_3(window, spine, turned), _empty_hex_at_range_3(window, turned, spine)
    plain = {h: _colour_at(window, h) for h in (before, after)}
    window.side_arcs.setCurrentText("russian")
    assert _colour_at(window, before) != plain[before]
    assert _colour_at(window, after) == plain[after]
    window.scene.select_unit("g1")
    for _ in range(3):
        window.rotate_selected("main", 1)
    window.scene.select_unit(None)
    assert window.scenario.units["g1"].ca == turned
    assert _colour_at(window, before) == plain[before]  # the old CA left the cached map
    assert _colour_at(window, after) != plain[after]
    window.view.zoom_by(1.2)
    assert _colour_at(window, after) != _colour_at(window, before)  # drawn again at the new zoom
    window.side_arcs.setCurrentText("none")
    window.view.set_zoom(1.0)
    assert _colour_at(window, after) == plain[after]


def test_the_selected_units_arcs_leave_the_sides_union_and_come_back(window: MainWindow) -> None:
    gun = window.scenario.units["g1"]
    window.side_arcs.setCurrentText("russian")
    assert window.scene.layers.side_arcs == ((gun.hex, gun.ca),)
    window.scene.select_unit("g1")  # drawn as the selection's own wedge, with its handle
    assert window.scene.layers.side_arcs == ()
    assert window.scene.layers.side_arcs_path.isEmpty()
    window.scene.select_unit("s1")
    assert window.scene.layers.side_arcs == ((gun.hex, gun.ca),)


def test_side_arcs_stay_on_the_map_when_its_boards_are_read_again_with_art(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.view.set_zoom(1.0)
    spine = window.scenario.units["g1"].ca
    assert spine is not None
    covered = _empty_hex_at_range_3(window, spine, (spine + 3) % 6)
    window.side_arcs.setCurrentText("russian")
    art_board(tmp_path, "04")
    monkeypatch.setenv(BOARDS_ENV, str(tmp_path))
    window.reload_boards()
    assert window.scene.layers.art  # the map was laid out again, with board 4's art
    with_arcs = QColor(_colour_at(window, covered))
    window.side_arcs.setCurrentText("none")
    art = QColor(_colour_at(window, covered))
    assert with_arcs.lightness() > art.lightness()  # over art the arcs lighten (style.ARC_FILL_ON_ART)
