"""``aslgui render``: the map as the window draws it, to a PNG, with no window (for posting a
situation in a rules discussion): counters with their art from the player's VASL modules."""

from __future__ import annotations

import os
import re

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF
from PySide6.QtGui import QColor, QImage, QImageWriter, QPainter
from PySide6.QtWidgets import QApplication

from aslgui.errors import AslError, shown
from aslgui.geometry import MapGrid
from aslgui.geometry.shapes import hex_polygons
from aslgui.limits import MAX_PIXELS, RENDER_UNITS_LIMIT
from aslgui.model import Scenario
from aslgui.ui.map.counter_art import use_modules
from aslgui.ui.map.scene import MapScene
from aslgui.user_files import write_atomic
from aslgui.vasl.module_library import loaded_modules

#: Pixels of map around a hex range, so its edge hexes are whole.
MARGIN = 4.0


def hex_range_rect(grid: MapGrid, text: str) -> QRectF:
    """Scene rectangle of ``A1-J10`` (two corner hexes, any order), clipped to the map."""
    parts = [p for p in re.split(r"\s*[-:]\s*", text.strip()) if p]
    if len(parts) != 2:
        expected = "a hex range such as A1-J10 (two hexes joined by '-')"
        raise AslError(f"expected {expected}, got {shown(text)}", "--hex-range")
    corners = [grid.parse(part, "--hex-range") for part in parts]
    bounds = [polygon.bounds for polygon in hex_polygons(corners)]
    left, top = min(b[0] for b in bounds) - MARGIN, min(b[1] for b in bounds) - MARGIN
    right, bottom = max(b[2] for b in bounds) + MARGIN, max(b[3] for b in bounds) + MARGIN
    width, height = grid.pixel_size
    return QRectF(left, top, right - left, bottom - top).intersected(QRectF(0.0, 0.0, width, height))


def render_image(
    scenario: Scenario, arcs: tuple[str, ...] = (), hex_range: str | None = None, scale: float = 1.0
) -> QImage:
    """The map (or part of it) with the arcs of the units named in ``arcs``; at most
    ``RENDER_UNITS_LIMIT`` units on the map (each counter is a scene item, hundreds of bytes of Qt
    memory and a paint; 100,000 of them took gigabytes and crashed Qt)."""
    on_map = sum(1 for unit in scenario.units.values() if unit.hex is not None)
    if on_map > RENDER_UNITS_LIMIT:
        raise AslError(f"the scenario has {on_map:,} units on the map, over the {RENDER_UNITS_LIMIT:,} render draws "
                       "(RENDER_UNITS_LIMIT)", "units")
    for i, unit_id in enumerate(arcs):
        unit = scenario.unit(unit_id, f"--ca[{i}]")
        if unit.facing is None:
            raise AslError(f"unit {shown(unit_id)} ({unit.kind}) has no CA to draw", f"--ca[{i}]")
    if not 0.05 <= scale <= 8.0:
        raise AslError(f"scale {scale} is out of range (0.05 to 8)", "--scale")
    width, height = scenario.grid.pixel_size
    source = hex_range_rect(scenario.grid, hex_range) if hex_range else QRectF(0.0, 0.0, width, height)
    size = (max(1, round(source.width() * scale)), max(1, round(source.height() * scale)))
    _check_size(scenario.grid, size, scale, hex_range)
    scene = MapScene(scenario)
    scene.show_unit_arcs(arcs)
    image = QImage(*size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
    scene.render(painter, QRectF(0.0, 0.0, image.width(), image.height()), source)
    painter.end()
    return image


def _check_size(grid: MapGrid, size: tuple[int, int], scale: float, hex_range: str | None) -> None:
    """AslError unless the image is at most MAX_PIXELS, naming what to change: the scale, the
    range, or (for a whole map too big at scale 1) the board that stretches it."""
    pixels = size[0] * size[1]
    if pixels <= MAX_PIXELS:
        return
    megapixels = f"{pixels / 1e6:.0f} megapixels, over the limit of {MAX_PIXELS // 1_000_000}"
    what = f"the image would be {size[0]} x {size[1]} pixels ({megapixels})"
    if scale > 1.0 and pixels / (scale * scale) <= MAX_PIXELS:
        raise AslError(f"{what}: a smaller --scale", "--scale")
    if hex_range:
        raise AslError(f"{what}: a smaller --hex-range or --scale", "--hex-range")
    far = max(range(len(grid.boards)), key=lambda i: grid.boards[i].col + grid.boards[i].row)
    board = grid.boards[far]
    raise AslError(f"{what}: board {board.id} at col {board.col}, row {board.row} stretches the map; "
                   "draw part of it with --hex-range, or a smaller --scale", f"boards[{far}]")


def render_png(
    scenario: Scenario, out: str, arcs: tuple[str, ...] = (), hex_range: str | None = None, scale: float = 1.0
) -> QImage:
    """Render and save as PNG, atomically; OSError when the file cannot be written."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # no window, so no display needed
    app = QApplication.instance() or QApplication([])  # scene items need the widgets application
    assert app is not None
    use_modules(loaded_modules()[0])  # the counters' own art, as the window draws them (DESIGN.md 11)
    image = render_image(scenario, arcs, hex_range, scale)
    png = QBuffer()
    png.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QImageWriter(png, QByteArray(b"png"))
    if not writer.write(image):
        raise OSError(f"cannot encode the map as PNG: {writer.errorString()}")
    write_atomic(out, bytes(png.data().data()))  # a good PNG is replaced whole or not at all
    return image
