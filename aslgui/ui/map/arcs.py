"""Covered Arcs on the map (C3.2; a vehicle's VCA and TCA): the selected unit's wedges with their
rotation handles, the wedges ``aslgui render --ca`` asks for, and one side's arcs drawn over the
static map (``MapLayers.set_side_arcs``).  The scene owns the state (what is selected, which side
shows); this draws it, as C++ path items sharing cached outlines."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsEllipseItem, QGraphicsPathItem, QGraphicsScene

from aslgui.geometry import Hex
from aslgui.geometry.shapes import ca_wedge
from aslgui.model import Scenario, Unit
from aslgui.ui.map import style
from aslgui.ui.map.counters import UNIT_ROLE, handle_position, spine_angle
from aslgui.ui.map.layers import MapLayers, geometry_path

if TYPE_CHECKING:
    from collections.abc import Iterable

#: Item data role naming the arc (ca, vca, tca) a rotation handle turns.
HANDLE_ROLE = 1
Z_WEDGES, Z_HANDLES = 5, 90


def path_item(path: QPainterPath, pen: QPen | None, brush: QBrush | None, z: float) -> QGraphicsPathItem:
    """A C++ path item (drawn without any Python ``paint``)."""
    item = QGraphicsPathItem(path)
    item.setPen(pen if pen is not None else QPen(Qt.PenStyle.NoPen))
    item.setBrush(brush if brush is not None else QBrush(Qt.BrushStyle.NoBrush))
    item.setZValue(z)
    return item


def nearest_spine(dx: float, dy: float) -> int:
    """The hexspine whose direction from a hex centre is closest to the vector (dx, dy)."""
    angle = math.degrees(math.atan2(dy, dx))
    return round((angle - spine_angle(0)) / 60.0) % 6


def unit_arcs(unit: Unit) -> dict[str, int]:
    """The arcs a unit shows: a Gun its CA; a vehicle its VCA, and its TCA when turreted."""
    arcs = {"ca": unit.ca} if unit.kind == "gun" else {"vca": unit.vca, "tca": unit.tca if unit.turret else None}
    return {key: spine for key, spine in arcs.items() if spine is not None}


class CoveredArcs:
    """The wedges and handles one scene shows for one scenario (a new scenario: a new one)."""

    def __init__(self, scene: QGraphicsScene, scenario: Scenario) -> None:
        self._scene = scene
        self._scenario = scenario
        #: The selected unit's wedges by arc (ca, vca, tca).
        self.selected_items: dict[str, QGraphicsPathItem] = {}
        #: Wedges of the units shown besides the selected one (``aslgui render --ca``).
        self.shown_items: list[QGraphicsPathItem] = []
        self._handles: list[QGraphicsEllipseItem] = []
        self.outlines: dict[tuple[Hex, int], QPainterPath] = {}

    def outline(self, origin: Hex, spine: int) -> QPainterPath:
        """The CA outline (C3.2) from ``origin`` at ``spine`` to the map edge, cached."""
        key = (origin, spine)
        path = self.outlines.get(key)
        if path is None:
            path = self.outlines[key] = geometry_path(ca_wedge(self._scenario.grid, origin, spine))
        return path

    def fill(self, layers: MapLayers, arc: str, alpha: int | None = None) -> QBrush:
        """The fill of an arc's wedge: its colour, or over board art a lightening (``style``)."""
        fill = style.ARC_COLORS[arc][0]
        if layers.art and arc != "vca":
            fill = style.ARC_FILL_ON_ART
        return QBrush(style.color(fill, alpha))

    def show_side(self, layers: MapLayers, side: str | None, selected: str | None) -> bool:
        """All firing arcs of ``side`` but the selected unit's (whose wedges are items of their
        own), drawn over the static map: one translucent fill of their union (overlaps do not
        darken into mud, and it costs one fill however many arcs) with each wedge's outline.
        Whether they changed, so that the map must be drawn again."""
        wedges = tuple(
            (unit.hex, spine)
            for unit in self._scenario.units.values()
            if unit.side == side and (spine := unit.firing_arc) is not None and unit.id != selected
        )
        if wedges == layers.side_arcs:
            return False
        union = QPainterPath()
        union.setFillRule(Qt.FillRule.WindingFill)
        for origin, spine in wedges:
            union.addPath(self.outline(origin, spine))
        pen = QPen(style.color(style.ARC_COLORS["ca"][1]), 1.0)
        pen.setCosmetic(True)
        layers.set_side_arcs(wedges, union, pen, self.fill(layers, "ca", style.SIDE_ARC_ALPHA))
        return True

    def show_units(self, layers: MapLayers, selected: str | None, shown: Iterable[str],
                   preview: tuple[str, int] | None = None) -> None:
        """The selected unit's wedges and rotation handles (``preview`` overrides one arc during
        a rotation drag) and the wedges of the ``shown`` units."""
        for item in (*self.selected_items.values(), *self.shown_items, *self._handles):
            self._scene.removeItem(item)
        self.selected_items, self.shown_items, self._handles = {}, [], []
        units = self._scenario.units
        for unit_id in shown:
            if unit_id in units and unit_id != selected:
                other = units[unit_id]
                self.shown_items += [self._wedge(layers, other.hex, arc, spine)
                                     for arc, spine in unit_arcs(other).items()]
        unit = units.get(selected) if selected else None
        if unit is None:
            return
        arcs = unit_arcs(unit)
        if preview is not None:
            arcs[preview[0]] = preview[1]
        centre = QPointF(*self._scenario.grid.center(unit.hex))
        for arc, spine in arcs.items():
            self.selected_items[arc] = self._wedge(layers, unit.hex, arc, spine)
            offset = handle_position(spine, 24.0 if arc == "tca" else 34.0)
            self._handles.append(self._handle(unit.id, arc, centre + offset))

    def _wedge(self, layers: MapLayers, origin: Hex, arc: str, spine: int) -> QGraphicsPathItem:
        pen = QPen(style.color(style.ARC_COLORS[arc][1]), 2.0)
        pen.setCosmetic(True)
        if arc == "vca":  # dashed and on top, so it shows even where the TCA covers it
            pen.setStyle(Qt.PenStyle.DashLine)
        z = Z_WEDGES + (0.5 if arc == "vca" else 0.0)
        item = path_item(self.outline(origin, spine), pen, self.fill(layers, arc), z)
        self._scene.addItem(item)
        return item

    def _handle(self, unit_id: str, arc: str, position: QPointF) -> QGraphicsEllipseItem:
        handle = QGraphicsEllipseItem(QRectF(-6, -6, 12, 12))
        handle.setPos(position)
        handle.setBrush(QBrush(style.color(style.ARC_COLORS[arc][1])))
        handle.setPen(QPen(style.color(style.SELECTION_COLOR), 2.0))
        handle.setZValue(Z_HANDLES)
        handle.setData(UNIT_ROLE, unit_id)
        handle.setData(HANDLE_ROLE, arc)
        handle.setCursor(Qt.CursorShape.SizeAllCursor)
        handle.setToolTip(f"Drag to turn the {arc.upper()} one hexspine at a time")
        self._scene.addItem(handle)
        return handle
