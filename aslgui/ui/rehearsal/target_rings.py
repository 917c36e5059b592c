"""The rings on target hexes while a counter is held: where its drop is legal, where not."""

from __future__ import annotations

import shapely
import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QPen
from PySide6.QtWidgets import QGraphicsPathItem, QGraphicsScene

from aslgui.geometry import Hex
from aslgui.geometry.shapes import hex_polygons
from aslgui.ui.map.layers import geometry_path

#: Rings on target hexes while a counter is held: legal, illegal. Rings with a glow and no fill,
#: so a target never reads as terrain (a green tint over a CA looked like woods).
LEGAL_RING, ILLEGAL_RING = QColor(30, 220, 60), QColor(220, 40, 40)
#: How far inside its hex a ring is drawn (map pixels): neighbouring targets keep their own ring.
RING_INSET = 5.0
_Z_TARGETS = 7


class TargetOverlay:
    """Green/red rings: where a drop of the held counter is legal/illegal, before it lands."""

    def __init__(self) -> None:
        self.items: list[QGraphicsPathItem] = []
        self.shown: dict[Hex, bool] = {}
        #: The counter whose targets are shown (None when nothing is).
        self.unit_id: str | None = None

    def show(self, scene: QGraphicsScene, targets: dict[Hex, bool]) -> None:
        self.clear()
        self.shown = dict(targets)
        for legal, colour in ((True, LEGAL_RING), (False, ILLEGAL_RING)):
            hexes = [h for h, ok in targets.items() if ok is legal]
            if not hexes:
                continue
            rings = geometry_path(shapely.union_all(shapely.buffer(hex_polygons(hexes), -RING_INSET)))
            glow = QColor(colour)
            glow.setAlpha(90)
            for pen in (QPen(glow, 9.0), QPen(colour, 3.0, Qt.PenStyle.SolidLine if legal else Qt.PenStyle.DashLine)):
                item = QGraphicsPathItem(rings)
                item.setBrush(QBrush(Qt.BrushStyle.NoBrush))
                item.setPen(pen)
                item.setZValue(_Z_TARGETS)
                scene.addItem(item)
                self.items.append(item)

    def clear(self) -> None:
        for item in self.items:
            if shiboken6.isValid(item) and item.scene() is not None:
                item.scene().removeItem(item)
        self.items, self.shown, self.unit_id = [], {}, None
