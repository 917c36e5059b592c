"""Board archives with art, built by the tests: boards13's sample board (woods in E5, a wall on
C3's S side, a level-1 hill under K5) whose art is a PNG the tests paint themselves, so a pixel of
the map can be checked against the hex it shows; and a mouse move for hover tests."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPolygonF
from pytestqt.qtbot import QtBot

from aslgui.geometry.mapgrid import MapGrid
from aslgui.ui.window.main_window import MainWindow
from aslgui.vasl.library import archive_name
from tests.vasl.make_archive import (
    HEIGHT_PX,
    WIDTH_PX,
    encode_los_data,
    local_hex,
    metadata_xml,
    sample_grids,
    write_archive,
)

#: The art: this green everywhere, a blue disc on hex E5, a red one on A1, the hex grid in thin
#: black lines as VASL's art has it.
ART_GROUND, ART_E5, ART_A1 = QColor("#6f9a45"), QColor("#2040c0"), QColor("#c02020")


def art_png() -> bytes:
    """A geomorphic board's art (1800 x 645) with the marks above, as PNG bytes."""
    image = QImage(WIDTH_PX, HEIGHT_PX, QImage.Format.Format_RGB32)
    image.fill(ART_GROUND)
    painter = QPainter(image)
    painter.setPen(Qt.PenStyle.NoPen)
    for name, colour in (("E5", ART_E5), ("A1", ART_A1)):
        painter.setBrush(colour)
        painter.drawEllipse(QPointF(*MapGrid.center(local_hex(name))), 20.0, 20.0)
    painter.setPen(QColor("black"))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for h in MapGrid.single().all_hexes:
        painter.drawPolygon(QPolygonF([QPointF(x, y) for x, y in MapGrid.vertices(h)]))
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    return bytes(data.data())


def art_board(folder: Path, board_id: str = "77", art: bytes | None = None) -> Path:
    """Write the archive of ``board_id`` (``bd05`` for ``"5"``) into ``folder``: the sample board's
    terrain with ``art`` (default ``art_png()``) as its image."""
    elevation, terrain = sample_grids()
    name = archive_name(board_id)
    metadata = metadata_xml(board_id, True).replace(f"bd{board_id}.gif".encode(), f"{name}.png".encode())
    return write_archive(
        folder / name,
        {
            "BoardMetadata.xml": metadata,
            f"{name}.png": art_png() if art is None else art,
            "LOSData": encode_los_data(elevation, terrain),
        },
    )


def hover(qtbot: QtBot, window: MainWindow, x: float, y: float) -> None:
    """Move the mouse onto scene point (x, y), from elsewhere so the view sees a move."""
    qtbot.mouseMove(window.view.viewport(), QPoint(1, 1))
    qtbot.mouseMove(window.view.viewport(), window.view.mapFromScene(QPointF(x, y)))
