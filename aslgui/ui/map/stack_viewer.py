"""Stack expansion as VASL players know it: click a stack and its counters fan out side by side
over the map, each one whole, to pick, drag or right-click; a click elsewhere folds it back.

A crew placed after its Gun, or a leader under a squad, no longer hides a counter behind a
7-pixel sliver. The map scene asks :class:`StackFan` where each counter of the open stack goes.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsPathItem, QGraphicsScene

from aslgui.geometry import Hex
from aslgui.ui.map import style

#: Space between fanned-out counters, and how many sit in a row before the next row starts.
FAN_GAP = 8.0
FAN_PER_ROW = 5
#: Lift of a fanned-out stack above every other counter (and of its backdrop, just below it).
Z_FANNED = 30.0
_BACKDROP_FILL, _BACKDROP_EDGE = QColor(30, 30, 30, 150), QColor(245, 245, 235)


def fan_offset(index: int, size: int) -> QPointF:
    """Where the ``index``-th counter (bottom of the stack first) of a fanned-out stack of
    ``size`` sits from its hex centre: left to right in rows of five, centred, rows going up."""
    row, column = divmod(index, FAN_PER_ROW)
    in_row = min(FAN_PER_ROW, size - row * FAN_PER_ROW)
    step = style.COUNTER_SIZE + FAN_GAP
    return QPointF((column - (in_row - 1) / 2) * step, -row * step)


def fan_rect(size: int) -> QRectF:
    """The panel behind a fanned-out stack of ``size`` counters, relative to its hex centre."""
    offsets = [fan_offset(i, size) for i in range(size)]
    half = style.COUNTER_SIZE / 2 + FAN_GAP
    left, right = min(p.x() for p in offsets) - half, max(p.x() for p in offsets) + half
    top, bottom = min(p.y() for p in offsets) - half, max(p.y() for p in offsets) + half
    return QRectF(left, top, right - left, bottom - top)


class StackFan:
    """Which stack is fanned out (at most one), and the dark panel drawn behind it."""

    def __init__(self) -> None:
        self.hex: Hex | None = None
        self._backdrop: QGraphicsPathItem | None = None

    def open(self, h: Hex | None) -> bool:
        """Fan out the stack in ``h`` (None folds it); whether that changed anything."""
        changed = h != self.hex
        self.hex = h
        return changed

    def offset(self, h: Hex, index: int, size: int) -> QPointF | None:
        """Where a counter of the open stack goes (None: not fanned out, it stacks as usual)."""
        return fan_offset(index, size) if h == self.hex and size > 1 else None

    def show_backdrop(self, scene: QGraphicsScene, centre: QPointF | None, size: int) -> None:
        """Draw (or take away, with ``centre`` None) the panel behind the open stack."""
        if self._backdrop is not None and self._backdrop.scene() is scene:
            scene.removeItem(self._backdrop)
        self._backdrop = None
        if centre is None or size < 2:
            return
        path = QPainterPath()
        path.addRoundedRect(fan_rect(size).translated(centre), 6.0, 6.0)
        item = QGraphicsPathItem(path)
        item.setBrush(QBrush(_BACKDROP_FILL))
        item.setPen(QPen(_BACKDROP_EDGE, 1.5, Qt.PenStyle.SolidLine))
        item.setZValue(Z_FANNED - 0.5)
        scene.addItem(item)
        self._backdrop = item

    def forget(self) -> None:
        """A new situation: nothing is open (the scene has already dropped its items)."""
        self.hex, self._backdrop = None, None
