"""Placed and Set DC counters on the map (A23.3, A23.7), drawn where their owners recorded them
(``model.dc_counters``): a small dark tile in the hex's lower left, above the units' counters, so a
stack of targets never hides it. A right-click on it is its owner's (the scene asks ``owner_at``),
whose menu offers the detonation in a phase it may go off in."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem, QWidget

from aslgui.model import Scenario
from aslgui.model.dc_counters import DcCounter, dc_counters
from aslgui.ui.map import style

#: Item data role holding the owner's unit id on a DC counter.
DC_ROLE = 2
#: Size of a DC counter and where it sits from its hex centre (map pixels): lower left, clear of
#: the stack, whose counters shift right and up (``counters.stack_offset``).
DC_SIZE = 24.0
DC_OFFSET = QPointF(-16.0, 18.0)
#: Above the stacked counters, below a lifted (selected) or dragged one.
Z_DC = 35.0
#: Its face: the same dark tile as the DC marker a carrier wears, a red rim when Set.
FACES = {"placed": ("Placed", "#f3d23a"), "set": ("Set", "#b01818")}
RULES = {"placed": "detonates in its owner's AFPh, A23.3", "set": "detonated by its owner in a fire phase, A23.7"}


class DcCounterItem(QGraphicsItem):
    """One DC counter: ``DC`` over ``Placed`` or ``Set``, its rim the form's colour."""

    def __init__(self, dc: DcCounter, owner_name: str) -> None:
        super().__init__()
        self.dc = dc
        self.setData(DC_ROLE, dc.owner)
        self.setZValue(Z_DC)
        self.setToolTip(f"{dc.form.capitalize()} DC of {owner_name} ({RULES[dc.form]})")
        half = DC_SIZE / 2
        self._rect = QRectF(-half, -half, DC_SIZE, DC_SIZE)
        self._path = QPainterPath()
        self._path.addRoundedRect(self._rect, 2.0, 2.0)

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-2, -2, 2, 2)

    def shape(self) -> QPainterPath:
        return self._path

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        word, rim = FACES[self.dc.form]
        fill, ink = style.MARKER_COLORS["DC"]
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(QPen(style.color(rim), 2.0))
        painter.setBrush(style.color(fill))
        painter.drawPath(self._path)
        painter.setPen(style.color(ink))
        top, bottom = self._rect.adjusted(0, 1, 0, -DC_SIZE / 2), self._rect.adjusted(0, DC_SIZE / 2 - 1, 0, -2)
        painter.setFont(style.font(10, bold=True))
        painter.drawText(top, Qt.AlignmentFlag.AlignCenter, "DC")
        painter.setFont(style.font(6, bold=True))
        painter.drawText(bottom, Qt.AlignmentFlag.AlignCenter, word)


class DcCounterLayer:
    """The DC counters of a scene, kept in step with the scenario (``sync``)."""

    def __init__(self, scene: QGraphicsScene) -> None:
        self.scene = scene
        self.items: dict[DcCounter, DcCounterItem] = {}

    def sync(self, scenario: Scenario) -> None:
        """Add the DC counters the scenario has gained, take off those it lost."""
        wanted = dc_counters(scenario)
        for dc in [dc for dc in self.items if dc not in wanted]:
            self.scene.removeItem(self.items.pop(dc))
        for dc in wanted:
            if dc not in self.items:
                owner = scenario.units[dc.owner]
                item = DcCounterItem(dc, owner.name or owner.id)
                item.setPos(QPointF(*scenario.grid.center(dc.hex)) + DC_OFFSET)
                self.scene.addItem(item)
                self.items[dc] = item

    def owner_at(self, pos: QPointF, below: QGraphicsItem | None = None) -> str | None:
        """The owner of the DC counter at scene point ``pos``, if one lies there above ``below``
        (the counter found there, which a lifted counter may be above the DC)."""
        for item in self.scene.items(pos):
            owner = item.data(DC_ROLE)
            if isinstance(owner, str) and (below is None or item.zValue() > below.zValue()):
                return owner
        return None
