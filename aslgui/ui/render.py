"""``aslgui render``: the map as the window draws it, to a PNG, with no window (for posting a
situation in a rules discussion)."""

from __future__ import annotations

import os
import re

from PySide6.QtCore import QByteArray, QRectF
from PySide6.QtGui import QColor, QImage, QImageWriter, QPainter
from PySide6.QtWidgets import QApplication

from aslgui.errors import AslError
from aslgui.geometry import MapGrid
from aslgui.geometry.shapes import hex_polygons
from aslgui.model import Scenario
from aslgui.ui.map_scene import MapScene

#: Pixels of map around a hex range, so its edge hexes are whole.
MARGIN = 4.0


def hex_range_rect(grid: MapGrid, text: str) -> QRectF:
    """Scene rectangle of ``A1-J10`` (two corner hexes, any order), clipped to the map."""
    parts = [p for p in re.split(r"\s*[-:]\s*", text.strip()) if p]
    if len(parts) != 2:
        raise AslError(f"expected a hex range such as A1-J10 (two hexes joined by '-'), got {text!r}", "--hex-range")
    corners = [grid.parse(part, "--hex-range") for part in parts]
    bounds = [polygon.bounds for polygon in hex_polygons(corners)]
    left, top = min(b[0] for b in bounds) - MARGIN, min(b[1] for b in bounds) - MARGIN
    right, bottom = max(b[2] for b in bounds) + MARGIN, max(b[3] for b in bounds) + MARGIN
    width, height = grid.pixel_size
    return QRectF(left, top, right - left, bottom - top).intersected(QRectF(0.0, 0.0, width, height))


def render_image(
    scenario: Scenario, arcs: tuple[str, ...] = (), hex_range: str | None = None, scale: float = 1.0
) -> QImage:
    """The map (or part of it) with the arcs of the units named in ``arcs``."""
    for i, unit_id in enumerate(arcs):
        unit = scenario.unit(unit_id, f"--ca[{i}]")
        if unit.facing is None:
            raise AslError(f"unit {unit_id!r} ({unit.kind}) has no CA to draw", f"--ca[{i}]")
    if not 0.05 <= scale <= 8.0:
        raise AslError(f"scale {scale} is out of range (0.05 to 8)", "--scale")
    scene = MapScene(scenario)
    scene.show_unit_arcs(arcs)
    width, height = scenario.grid.pixel_size
    source = hex_range_rect(scenario.grid, hex_range) if hex_range else QRectF(0.0, 0.0, width, height)
    size = (round(source.width() * scale), round(source.height() * scale))
    image = QImage(*size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
    scene.render(painter, QRectF(0.0, 0.0, image.width(), image.height()), source)
    painter.end()
    return image


def render_png(
    scenario: Scenario, out: str, arcs: tuple[str, ...] = (), hex_range: str | None = None, scale: float = 1.0
) -> QImage:
    """Render and save as PNG; OSError when the file cannot be written."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # no window, so no display needed
    app = QApplication.instance() or QApplication([])  # scene items need the widgets application
    assert app is not None
    image = render_image(scenario, arcs, hex_range, scale)
    writer = QImageWriter(out, QByteArray(b"png"))
    if not writer.write(image):
        raise OSError(f"cannot write {out!r}: {writer.errorString()}")
    return image
