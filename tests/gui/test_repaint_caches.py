"""The caches that keep a zoom step cheap draw what the uncached drawing would."""

from __future__ import annotations

import math

import numpy as np
import pytest
from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QImage, QPainter
from pytestqt.qtbot import QtBot

from aslgui.model import load_scenario
from aslgui.ui.board_art import decode_art
from aslgui.ui.counters import CounterItem, markers
from aslgui.ui.image_pyramid import SCALES, kept_scale
from aslgui.ui.main_window import DEMO_PATH
from tests.gui.art_boards import art_png

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
