"""PySide6 6.12.0 on Python < 3.12 breaks None's refcount on each QPainter call and aborts after
a few thousand (DESIGN.md section 6). pyproject excludes it; this proves the installed Qt survives."""

from __future__ import annotations

import sys

import pytest

pytestmark = pytest.mark.gui


def test_installed_pyside6_is_not_the_broken_combination() -> None:
    import PySide6

    assert not (PySide6.__version__ == "6.12.0" and sys.version_info < (3, 12))


def test_one_hundred_thousand_painter_calls_do_not_crash() -> None:
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QColor, QImage, QPainter

    image = QImage(64, 64, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    refs_before = sys.getrefcount(None)
    for i in range(100_000):
        painter.drawPoint(QPointF(i % 64, (i // 64) % 64))  # each returns None to Python
    painter.end()
    assert image.pixelColor(5, 5) != QColor("white")
    assert abs(sys.getrefcount(None) - refs_before) < 1_000
