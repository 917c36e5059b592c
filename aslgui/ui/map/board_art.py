"""The boards' own art under the hex grid: ``bdNN.gif`` from the players' VASL board archives
(DESIGN.md section 7), read by ``aslgui.vasl`` and decoded here by Qt.

A geomorphic board's art is 1800 x 645 px, exactly the board's place in map pixels (aslgui uses
VASL's metrics), so it is drawn into that rectangle, turned 180 degrees for a rotated board.
It is kept with smaller copies (``image_pyramid``): at any zoom a redraw shrinks the nearest
larger copy by less than sqrt(2), bilinear, so the art stays sharp.  While the user zooms, the
art is sampled instead of filtered, and filtered again once the zoom rests (``MapScene``), so a
zoom step (the view redraws its whole cached background) costs about half a millisecond per
board on screen instead of two and a half.  Once the zoom rests, each board's filtered art is
kept as the device pixels it was drawn as (``ArtAtRest``), so a redraw of the map at that zoom
(a layer toggled, terrain painted, a side's arcs changed) copies them instead of filtering again.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from typing import NamedTuple

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QImage, QPainter, QTransform

from aslgui.errors import AslError
from aslgui.geometry import BoardPlacement
from aslgui.geometry.mapgrid import BOARD_PIXEL_HEIGHT, BOARD_PIXEL_WIDTH
from aslgui.model import Scenario
from aslgui.ui.map.image_pyramid import NATURAL, device_scale, kept_scale, shrunk_copies
from aslgui.vasl.archive import open_archive

#: Decoded art kept for boards opened again (a new file on the same boards): archive hash and
#: rotation -> art.  A board's copies take about 9 MB.
_KEPT: OrderedDict[tuple[str, bool], BoardArt] = OrderedDict()
_KEPT_BOARDS = 12


class BoardArt(NamedTuple):
    """One board's art, turned as the board lies, at every kept zoom."""

    copies: dict[float, QImage]

    def draw(self, painter: QPainter, target: QRectF, smooth: bool = True) -> None:
        """Fill ``target`` (the board's place, scene pixels) with the art: filtered (bilinear),
        or, while the view is zooming, sampled (a fifth of the cost, a little rougher)."""
        level = kept_scale(device_scale(painter))
        image = self.copies[NATURAL if level is None or level > NATURAL else level]
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)  # its edges lie on whole pixels
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, smooth)
        painter.drawImage(target, image)


class ArtAtRest:
    """Each board's art as last drawn filtered, in device pixels, with the zoom and the fraction
    of a pixel it was placed at: drawn again at the same zoom and sub-pixel place (a scroll moves
    the map by whole pixels) it is copied, pixel for pixel what filtering again would draw, at a
    tenth of the cost.  Only at zooms up to 100% (a board's copy then takes at most 4.6 MB)."""

    def __init__(self) -> None:
        self._kept: dict[BoardPlacement, tuple[tuple[float, ...], QImage]] = {}

    def draw(self, painter: QPainter, board: BoardPlacement, art: BoardArt, target: QRectF) -> None:
        """Fill ``target`` (``board``'s place, scene pixels) with its art, filtered."""
        device = painter.deviceTransform()
        if device.isRotating() or device_scale(painter) > NATURAL:
            art.draw(painter, target)
            return
        placed = device.mapRect(target)
        left, top = math.floor(placed.left()), math.floor(placed.top())
        key = (device.m11(), device.m22(), round(placed.left() - left, 6), round(placed.top() - top, 6))
        kept = self._kept.get(board)
        if kept is None or kept[0] != key:
            width, height = math.ceil(placed.right()) - left + 1, math.ceil(placed.bottom()) - top + 1
            image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
            image.fill(Qt.GlobalColor.transparent)  # pixels the art does not cover stay as they are
            drawing = QPainter(image)
            drawing.setTransform(device * QTransform.fromTranslate(-left, -top))
            art.draw(drawing, target)
            drawing.end()
            kept = self._kept[board] = (key, image)
        ratio = painter.device().devicePixelRatioF()
        image = kept[1]
        image.setDevicePixelRatio(ratio)
        world = painter.worldTransform()
        painter.setWorldTransform(QTransform())
        painter.drawImage(QPointF(left / ratio, top / ratio), image)
        painter.setWorldTransform(world)


def board_rect(board: BoardPlacement) -> QRectF:
    """A board's place on the map, in scene pixels."""
    return QRectF(board.col * BOARD_PIXEL_WIDTH, board.row * BOARD_PIXEL_HEIGHT, BOARD_PIXEL_WIDTH, BOARD_PIXEL_HEIGHT)


def decode_art(data: bytes, rotated: bool, where: str) -> BoardArt:
    """Art from an image file's bytes; AslError naming ``where`` when Qt cannot read it or it is
    not a geomorphic board's size (it would not line up with the hex grid)."""
    image = QImage.fromData(data)
    if image.isNull():
        raise AslError(f"{where}: the board art is not an image aslgui can read", where)
    expected = (round(BOARD_PIXEL_WIDTH), round(BOARD_PIXEL_HEIGHT))
    if (image.width(), image.height()) != expected:
        raise AslError(
            f"{where}: the board art is {image.width()}x{image.height()} px, not a geomorphic board's "
            f"{expected[0]}x{expected[1]}",
            where,
        )
    image = image.convertToFormat(QImage.Format.Format_RGB32)
    if rotated:
        image = image.flipped(Qt.Orientation.Horizontal | Qt.Orientation.Vertical)
    return BoardArt(shrunk_copies(image))


def load_art(scenario: Scenario) -> tuple[dict[BoardPlacement, BoardArt], tuple[str, ...]]:
    """The art of every board of the scenario that the board library has, and a note for each
    whose art cannot be shown (that board is drawn plain; its terrain still comes from the
    archive).  Boards the library lacks are in ``scenario.board_notes`` already."""
    found: dict[BoardPlacement, BoardArt] = {}
    notes: list[str] = []
    read = scenario.board_terrain.boards
    for board in scenario.grid.boards:
        vasl = read.get(board.id.upper())
        if vasl is None:
            continue
        key = (vasl.digest, board.rotated)
        art = _KEPT.get(key)
        if art is None:
            try:
                art = decode_art(open_archive(vasl.path).image_bytes(), board.rotated, vasl.path)
            except AslError as error:
                notes.append(f"board {board.id}: {error.message}; drawn without its art")
                continue
            _KEPT[key] = art
            while len(_KEPT) > _KEPT_BOARDS:
                _KEPT.popitem(last=False)
        _KEPT.move_to_end(key)
        found[board] = art
    return found, tuple(notes)
