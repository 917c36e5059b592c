"""The path a drag proposes in the MPh (DESIGN.md 13), drawn while dragging: a line through the
hexes entered, and in each hex what entering it costs and the running total, red once the move
is refused (past the MP left, a hex it may not enter).

Each hex the pointer enters extends the path (``rules.move_path``) and asks the rules for the
steps without threats (``rules.move_path.preview``); only the line's path and the labels change, so a
hex costs a few milliseconds however big the map (benchmarks/bench_move.py).
"""

from __future__ import annotations

from collections.abc import Callable

import shiboken6
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsPathItem, QGraphicsScene, QGraphicsSimpleTextItem

from aslgui.geometry import Hex
from aslgui.model import Scenario, Unit
from aslgui.rules.gestures import Gesture
from aslgui.rules.ift_attack import number
from aslgui.rules.move_path import drags_path, extend, move_gesture, preview
from aslgui.ui.map.scene import Z_DRAGGED

#: The path's line and labels: legal, refused.
PATH_COLOUR, REFUSED_COLOUR = QColor(30, 110, 230), QColor(220, 40, 40)
#: Above the counters being dragged over, below the dragged counter itself; the label of the hex
#: the counter is over (what entering it costs, the OVR's included) above it, to be read.
_Z_PATH, _Z_UNDER_POINTER = 70, Z_DRAGGED + 1
#: Where a hex's label sits from its centre (map pixels): under the counter's middle.
_LABEL_OFFSET = QPointF(-24.0, 14.0)


class MovePreview:
    """The path of the counter being dragged and its drawing."""

    def __init__(self, refused: Callable[[str], None] = lambda _why: None) -> None:
        #: Told why, once per reason, when the path drawn turns refused (the window's status line).
        self.refused = refused
        self._why = ""
        self.unit_id: str | None = None
        self.path: list[Hex] = []
        #: Each hex of the path with its cost and the running total, as last drawn.
        self.tally: list[tuple[Hex, float, float]] = []
        self.legal = True
        self._line: QGraphicsPathItem | None = None
        self._labels: list[QGraphicsSimpleTextItem] = []

    def enter(self, scene: QGraphicsScene, scenario: Scenario, unit: Unit, h: Hex) -> None:
        """The pointer entered ``h`` dragging ``unit``: extend the path and draw it with its tally."""
        if unit.id != self.unit_id:
            self.clear()
            self.unit_id = unit.id
        path = extend(scenario, unit, self.path, h)
        if path == self.path and self.tally:
            return
        self.path = path
        answer = preview(scenario, unit.id, path, scenario.phase)
        self.legal = answer.legal
        why = answer.reasons[0] if answer.reasons else ""
        if why and why != self._why:  # red from here: said while dragging, not only once let go
            self.refused(why)
        self._why = why
        per_hex: dict[Hex, list[float]] = {}
        for step in answer.values.get("steps") or ():
            spent = per_hex.setdefault(scenario.grid.parse(str(step["hex"])), [0.0, 0.0])
            spent[0] += float(step.get("mp", step.get("mf", 0)))
            spent[1] = float(step["total"])
        self.tally = [(hx, cost, total) for hx, (cost, total) in per_hex.items() if hx != unit.hex or cost]
        self._draw(scene, scenario, unit)

    def gesture(self, scenario: Scenario, unit_id: str, h: Hex, only_meaning: bool = False) -> Gesture | None:
        """The ``move`` a drop of ``unit_id`` on ``h`` means: the path drawn, if it ends there; else,
        when the drop means nothing else (``only_meaning``), for a unit that drags a path, the
        cheapest way there, so the popup says what moving there costs or why it may not (not
        that the unit has no action there)."""
        unit = scenario.units[unit_id]
        if unit_id != self.unit_id or not self.path or self.path[-1] != h:
            if not only_meaning or h == unit.hex or not drags_path(scenario, unit, scenario.phase):
                return None
            self.unit_id, self.path = unit_id, extend(scenario, unit, [], h)
            if not self.path:
                return None
            self.legal = preview(scenario, unit_id, self.path, scenario.phase).legal
        return move_gesture(scenario, unit, self.path, scenario.phase)

    def labels(self) -> list[str]:
        """What each hex of the path shows: ``+1 = 3`` (cost of entering it, running total)."""
        return [f"+{number(cost)} = {number(total)}" for _, cost, total in self.tally]

    def _draw(self, scene: QGraphicsScene, scenario: Scenario, unit: Unit) -> None:
        colour = PATH_COLOUR if self.legal else REFUSED_COLOUR
        line = QPainterPath(QPointF(*scenario.grid.center(unit.hex)))
        for h in self.path:
            line.lineTo(QPointF(*scenario.grid.center(h)))
        if self._line is None:
            self._line = QGraphicsPathItem()
            self._line.setZValue(_Z_PATH)
            self._line.setBrush(QBrush(Qt.BrushStyle.NoBrush))
            scene.addItem(self._line)
        self._line.setPen(QPen(colour, 5.0, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                               Qt.PenJoinStyle.RoundJoin))
        self._line.setPath(line)
        texts = self.labels()
        while len(self._labels) < len(texts):
            label = QGraphicsSimpleTextItem()
            label.setFont(QFont("Sans", 11, QFont.Weight.Bold))
            label.setPen(QPen(QColor("white"), 0.8))
            scene.addItem(label)
            self._labels.append(label)
        for label, text, (h, _, _) in zip(self._labels, texts, self.tally, strict=False):
            label.setText(text)
            label.setBrush(QBrush(colour))
            label.setPos(QPointF(*scenario.grid.center(h)) + _LABEL_OFFSET)
            label.setZValue(_Z_UNDER_POINTER if h == self.path[-1] else _Z_PATH + 1)
            label.setVisible(True)
        for label in self._labels[len(texts):]:
            label.setVisible(False)

    def clear(self) -> None:
        """Take the path off the map."""
        for item in (self._line, *self._labels):
            if item is not None and shiboken6.isValid(item) and item.scene() is not None:
                item.scene().removeItem(item)
        self._line, self._labels = None, []
        self.unit_id, self.path, self.tally, self.legal, self._why = None, [], [], True, ""
