"""The map as a QGraphicsScene: boards, terrain, hex names, counters, Covered Arc wedges.

It only draws the model and turns mouse gestures into requests (signals, or the
``action_handler`` in Rehearse mode); the main window turns requests into undoable commands and
calls :meth:`MapScene.sync` afterwards.  Static layers are a handful of C++ path items built with
vectorised shapely calls, so a repaint does no Python work per hex.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable
from typing import Any

import shapely
from PySide6.QtCore import QPointF, QRect, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QFontMetricsF, QPainter, QPainterPath, QPen, QPolygonF, QStaticText, QTransform
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsSceneContextMenuEvent,
    QGraphicsSceneMouseEvent,
)

from aslgui.geometry import Hex, MapGrid, direction_to
from aslgui.geometry.mapgrid import BOARD_PIXEL_HEIGHT, BOARD_PIXEL_WIDTH, HEX_HEIGHT, HEX_WIDTH
from aslgui.geometry.shapes import ca_wedge, hex_polygons, map_rectangle
from aslgui.model import Scenario, Unit
from aslgui.ui import style
from aslgui.ui.counters import (
    UNIT_ROLE,
    CounterItem,
    handle_position,
    markers,
    spine_angle,
    stack_offset,
    stacking_order,
)

#: Item data role naming the arc (ca, vca, tca) a rotation handle turns.
HANDLE_ROLE = 1
#: A press that moves less than this (scene pixels) is a click, not a drag.
DRAG_THRESHOLD = 4.0
_Z_WEDGES, _Z_HOVER, _Z_COUNTERS, _Z_LIFTED, _Z_DRAGGED, _Z_HANDLES = 5, 6, 10, 40, 80, 90
_LOCAL_NAME = re.compile(r"([A-Z]{1,2}\d{1,2})$")

ActionHandler = Callable[[str, Hex], None]


def geometry_path(geometry: Any) -> QPainterPath:
    """A QPainterPath of a shapely (multi)polygon, holes included."""
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.OddEvenFill)
    for part in shapely.get_parts(shapely.get_parts(shapely.normalize(geometry))):  # collections hold multis
        if part.geom_type != "Polygon":
            continue
        for ring in (part.exterior, *part.interiors):
            path.addPolygon(QPolygonF([QPointF(x, y) for x, y in ring.coords]))
    return path


def _path_item(path: QPainterPath, pen: QPen | None, brush: QBrush | None, z: float) -> QGraphicsPathItem:
    """A C++ path item (drawn without any Python ``paint``)."""
    item = QGraphicsPathItem(path)
    item.setPen(pen if pen is not None else QPen(Qt.PenStyle.NoPen))
    item.setBrush(brush if brush is not None else QBrush(Qt.BrushStyle.NoBrush))
    item.setZValue(z)
    return item


def _cached(item: QGraphicsPathItem) -> QGraphicsPathItem:
    """Let Qt keep the item's pixels at the current zoom (only the part on screen): a wedge's
    large antialiased translucent fill then costs one blit per repaint instead of a raster pass."""
    item.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
    return item


def nearest_spine(dx: float, dy: float) -> int:
    """The hexspine whose direction from a hex centre is closest to the vector (dx, dy)."""
    angle = math.degrees(math.atan2(dy, dx))
    return round((angle - spine_angle(0)) / 60.0) % 6


class MapScene(QGraphicsScene):
    """Draws one Scenario and reports gestures on it."""

    hex_hovered = Signal(object)  # Hex | None
    selection_changed = Signal(object)  # unit id | None
    move_requested = Signal(str, object)  # unit id, Hex
    rotate_requested = Signal(str, str, int)  # unit id, arc key (ca/vca/tca), spine
    terrain_painted = Signal(list)  # list[Hex]
    place_requested = Signal(object)  # Hex
    context_requested = Signal(object, object)  # unit id | None, QPoint (screen)

    # What is drawn for the current scenario; ``set_scenario`` resets all of it.
    wedge_items: dict[str, QGraphicsPathItem]
    side_wedges: list[QGraphicsPathItem]
    _counters: dict[str, CounterItem]
    _drawn: dict[str, tuple[Unit, tuple[str, ...]]]
    _stack_index: dict[str, int]
    _terrain_paths: list[tuple[QPainterPath, QBrush]]
    _drawn_terrain: dict[Hex, str]
    _sheets: QPainterPath
    _numbers: QPainterPath
    _grid_path: QPainterPath
    _labels: dict[int, list[tuple[QPointF, QStaticText]]]
    _handles: list[QGraphicsEllipseItem]
    _wedge_cache: dict[tuple[Hex, int], QPainterPath]
    _hover_item: QGraphicsPathItem
    _stroke_item: QGraphicsPathItem

    def __init__(self, scenario: Scenario) -> None:
        super().__init__()
        self.scenario = scenario
        #: "setup": drops move counters; "rehearse": drops go to ``action_handler``.
        self.mode = "setup"
        #: Set by the rehearsal layer: called with (unit id, hex) for a drop in Rehearse mode.
        self.action_handler: ActionHandler | None = None
        #: "select" (move/rotate counters), "paint" (terrain brush) or "place" (add from palette).
        self.tool = "select"
        self.brush_terrain = "woods"
        self.selected: str | None = None
        self.side_arcs: str | None = None
        #: Units whose arcs are drawn besides the selected one (``aslgui render --ca``).
        self.shown_arcs: tuple[str, ...] = ()
        self._hovered: Hex | None = None
        self._label_font = style.font(9)
        self._press: QPointF | None = None
        self._dragging: str | None = None
        self._drag_start = QPointF()
        self._rotating: tuple[str, str, int] | None = None
        self._stroke: list[Hex] = []
        self.set_scenario(scenario)

    # -- building ---------------------------------------------------------------------------
    def set_scenario(self, scenario: Scenario) -> None:
        """Draw a whole new situation (a new map possibly): rebuild every layer."""
        self.clear()
        self.scenario = scenario
        self.selected = None
        self._hovered = None
        self.wedge_items, self.side_wedges, self._handles = {}, [], []
        self._counters, self._drawn, self._stack_index = {}, {}, {}
        self._terrain_paths, self._drawn_terrain, self._wedge_cache = [], {}, {}
        self._hover_item = _path_item(QPainterPath(), QPen(style.color(style.HOVER_COLOR), 2.0), None, _Z_HOVER)
        self._stroke_item = _path_item(QPainterPath(), None, None, _Z_HOVER)
        self.addItem(self._hover_item)
        self.addItem(self._stroke_item)
        width, height = scenario.grid.pixel_size
        self.setSceneRect(QRectF(-40, -40, width + 80, height + 80))
        self._build_boards()
        self._build_grid()
        self._build_features()
        self._build_labels()
        self.sync()

    def _build_boards(self) -> None:
        """Each board's open-ground sheet, its edge, and its number at both short ends."""
        sheets, numbers = QPainterPath(), QPainterPath()
        number_font = style.font(120, bold=True)
        for board in self.scenario.grid.boards:
            left, top = board.col * BOARD_PIXEL_WIDTH, board.row * BOARD_PIXEL_HEIGHT
            rect = QRectF(left, top, BOARD_PIXEL_WIDTH, BOARD_PIXEL_HEIGHT)
            sheets.addRect(rect)
            for x in (rect.left() + 0.25 * rect.width(), rect.left() + 0.75 * rect.width()):
                text = QPainterPath()
                text.addText(0.0, 0.0, number_font, board.id)
                box = text.boundingRect()
                numbers.addPath(text.translated(x - box.center().x(), rect.center().y() - box.center().y()))
        self._sheets = sheets
        self._numbers = numbers

    def _build_grid(self) -> None:
        """Every hexside, clipped to the map rectangle, as one path."""
        grid = self.scenario.grid
        outlines = shapely.intersection(shapely.boundary(hex_polygons(grid.all_hexes)), map_rectangle(grid))
        coords, index = shapely.get_coordinates(shapely.get_parts(outlines), return_index=True)
        path = QPainterPath()
        start = 0
        for end in (*(i for i in range(1, len(index)) if index[i] != index[i - 1]), len(index)):
            path.addPolygon(QPolygonF([QPointF(x, y) for x, y in coords[start:end]]))
            start = end
        self._grid_path = path

    def _build_features(self) -> None:
        """Walls, hedges and road hexsides, Fortified buildings, and mud/deep snow hatching."""
        scenario = self.scenario
        self._hexside_paths: list[tuple[QPainterPath, QPen]] = []
        for feature, (colour, width) in style.HEXSIDE_STYLES.items():
            path = QPainterPath()
            for side, name in scenario.hexsides.items():
                if name != feature:
                    continue
                a, b = sorted(side)
                if feature == "road":  # the road runs from centre to centre across the hexside
                    path.moveTo(QPointF(*MapGrid.center(a)))
                    path.lineTo(QPointF(*MapGrid.center(b)))
                    continue
                corners = MapGrid.vertices(a)
                direction = direction_to(a, b)
                assert direction is not None  # the loader only accepts adjacent hexes
                path.moveTo(QPointF(*corners[(direction - 1) % 6]))
                path.lineTo(QPointF(*corners[direction]))
            pen = QPen(style.color(colour), width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
            self._hexside_paths.append((path, pen))
        rect = map_rectangle(scenario.grid)
        fortified = sorted(scenario.fortified)
        self._fortified_path = (
            geometry_path(shapely.union_all(hex_polygons(fortified)).intersection(rect))
            if fortified
            else QPainterPath()
        )
        self._ground_paths: list[tuple[QPainterPath, QBrush]] = []
        for condition, colour in style.GROUND_COLORS.items():
            hexes = sorted(h for h, name in scenario.ground.items() if name == condition)
            if hexes:
                shape = shapely.union_all(hex_polygons(hexes)).intersection(rect)
                self._ground_paths.append(
                    (geometry_path(shape), QBrush(style.color(colour), Qt.BrushStyle.BDiagPattern))
                )

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        """The static map: sheets, terrain, hex grid, board numbers and hex names.

        Drawn here rather than as items so the view can cache it (QGraphicsView.CacheBackground)
        and so the grid and the terrain fills can skip antialiasing, which is most of the cost
        of a cold repaint: every terrain edge is a hexside, hidden under a grid line anyway.
        """
        painter.fillRect(rect, style.color(style.OFF_MAP_COLOR))
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(style.terrain_color("open ground"))
        painter.drawPath(self._sheets)
        for path, brush in (*self._terrain_paths, *self._ground_paths):
            painter.setBrush(brush)
            painter.drawPath(path)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setBrush(style.color(style.LABEL_COLOR, 0x28))
        painter.drawPath(self._numbers)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(style.color(style.GRID_COLOR), 0.0))
        painter.drawPath(self._grid_path)
        painter.setPen(QPen(style.color(style.BOARD_EDGE_COLOR), 2.0))
        painter.drawPath(self._sheets)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        for path, pen in self._hexside_paths:
            painter.setPen(pen)
            painter.drawPath(path)
        painter.setPen(QPen(style.color(style.FORTIFIED_COLOR), 3.0, Qt.PenStyle.DashLine))
        painter.drawPath(self._fortified_path)
        self._draw_labels(painter, QRectF(rect))

    def _build_labels(self) -> None:
        """Where each hex name goes: near the top of its hex, kept inside the map for the edge
        half hexes; grouped by column so a repaint looks only at the columns it shows.  Laid out
        once as QStaticText, which draws a third as fast as drawText (1,300 names on 4 boards)."""
        grid = self.scenario.grid
        width, _ = grid.pixel_size
        metrics = QFontMetricsF(self._label_font)
        columns: dict[int, list[tuple[QPointF, QStaticText]]] = {}
        for h in grid.all_hexes:
            match = _LOCAL_NAME.search(grid.name(h))
            text = QStaticText(match.group(1) if match else grid.name(h))
            text.prepare(font=self._label_font)
            advance = metrics.horizontalAdvance(text.text())
            cx, cy = grid.center(h)
            x = min(max(cx - advance / 2, 2.0), width - advance - 2.0)
            columns.setdefault(h.col, []).append((QPointF(x, max(cy - HEX_HEIGHT / 2 + 2.0, 2.0)), text))
        self._labels = columns

    def _draw_labels(self, painter: QPainter, rect: QRectF) -> None:
        """Hex names in ``rect``, unless zoomed out so far that they would be unreadable specks."""
        if painter.worldTransform().m11() < style.LABEL_MIN_SCALE:
            return
        painter.setFont(self._label_font)
        painter.setPen(style.color(style.LABEL_COLOR))
        top, bottom = rect.top() - HEX_HEIGHT, rect.bottom() + HEX_HEIGHT
        for col in range(math.floor(rect.left() / HEX_WIDTH) - 1, math.ceil(rect.right() / HEX_WIDTH) + 2):
            for top_left, text in self._labels.get(col, ()):
                if top <= top_left.y() <= bottom:
                    painter.drawStaticText(top_left, text)

    # -- keeping up with the model ----------------------------------------------------------
    def sync(self) -> None:
        """Redraw what changed in the model since the last call (terrain, counters, arcs)."""
        if self.scenario.terrain != self._drawn_terrain:
            self._rebuild_terrain()
        self._sync_counters()
        if self.selected is not None and self.selected not in self.scenario.units:
            self.selected = None
            self.selection_changed.emit(None)
        self._refresh_arcs()

    def _rebuild_terrain(self) -> None:
        self._terrain_paths = []
        by_type: dict[str, list[Hex]] = {}
        for h, name in self.scenario.terrain.items():
            if name != "open ground":
                by_type.setdefault(name, []).append(h)
        rect = map_rectangle(self.scenario.grid)
        for name, hexes in by_type.items():
            shape = shapely.union_all(hex_polygons(hexes)).intersection(rect)
            self._terrain_paths.append((geometry_path(shape), QBrush(style.terrain_color(name))))
        self._drawn_terrain = dict(self.scenario.terrain)
        # The whole map, not QRectF(): the view drops its cached background only for a rect on
        # screen, so a null rect left painted hexes unchanged until the next zoom (issue 17.2).
        self.invalidate(self.sceneRect(), QGraphicsScene.SceneLayer.BackgroundLayer)

    def _sync_counters(self) -> None:
        scenario = self.scenario
        for unit_id in [u for u in self._counters if u not in scenario.units]:
            self.removeItem(self._counters.pop(unit_id))
            del self._drawn[unit_id]
        for unit in scenario.units.values():
            marks = tuple(markers(unit, scenario.phase, scenario.player))
            if self._drawn.get(unit.id) != (unit, marks):
                old = self._counters.pop(unit.id, None)
                if old is not None:
                    self.removeItem(old)
                tile = CounterItem(unit, list(marks))
                self.addItem(tile)
                self._counters[unit.id] = tile
                self._drawn[unit.id] = (unit, marks)
        self._restack()

    def _restack(self) -> None:
        """Put every counter on its hex with the stacking offset of its place in the stack."""
        depth: dict[Hex, int] = {}
        sizes = Counter(unit.hex for unit in self.scenario.units.values())
        grid = self.scenario.grid
        for unit in stacking_order(self.scenario.units.values()):
            index = depth.get(unit.hex, 0)
            depth[unit.hex] = index + 1
            tile = self._counters[unit.id]
            x, y = grid.center(unit.hex)
            tile.setPos(QPointF(x, y) + stack_offset(index, sizes[unit.hex]))
            self._stack_index[unit.id] = index
            self._lift(unit.id)

    def _lift(self, unit_id: str) -> None:
        """Outline the selected counter and lift it above its stack, so it reads in full."""
        tile = self._counters[unit_id]
        selected = unit_id == self.selected
        tile.setZValue(_Z_COUNTERS + self._stack_index[unit_id] + (_Z_LIFTED if selected else 0))
        tile.set_selected(selected)

    def counter_item(self, unit_id: str) -> CounterItem:
        """The tile drawing a unit."""
        return self._counters[unit_id]

    # -- Covered Arcs -----------------------------------------------------------------------
    def wedge_path(self, origin: Hex, spine: int) -> QPainterPath:
        """The CA outline (C3.2) from ``origin`` at ``spine`` to the map edge, cached."""
        key = (origin, spine)
        path = self._wedge_cache.get(key)
        if path is None:
            path = geometry_path(ca_wedge(self.scenario.grid, origin, spine))
            self._wedge_cache[key] = path
        return path

    def unit_arcs(self, unit: Unit) -> dict[str, int]:
        """The arcs a unit shows: a Gun its CA; a vehicle its VCA, and its TCA when turreted."""
        arcs = {"ca": unit.ca} if unit.kind == "gun" else {"vca": unit.vca, "tca": unit.tca if unit.turret else None}
        return {key: spine for key, spine in arcs.items() if spine is not None}

    def _wedge_item(self, origin: Hex, arc: str, spine: int) -> QGraphicsPathItem:
        fill, edge = style.ARC_COLORS[arc]
        pen = QPen(style.color(edge), 2.0)
        pen.setCosmetic(True)
        if arc == "vca":  # dashed and on top, so it shows even where the TCA covers it
            pen.setStyle(Qt.PenStyle.DashLine)
        z = _Z_WEDGES + (0.5 if arc == "vca" else 0.0)
        item = _path_item(self.wedge_path(origin, spine), pen, QBrush(style.color(fill)), z)
        self.addItem(item)
        return item

    def _add_side_wedges(self, side: str) -> None:
        """All firing arcs of one side as a single item: one translucent fill of their union
        (overlaps do not darken into mud, and it costs one fill however many arcs) with each
        wedge's outline."""
        union = QPainterPath()
        union.setFillRule(Qt.FillRule.WindingFill)
        for unit in self.scenario.units.values():
            spine = unit.firing_arc
            if unit.side == side and spine is not None and unit.id != self.selected:
                union.addPath(self.wedge_path(unit.hex, spine))
        fill, edge = style.ARC_COLORS["ca"]
        pen = QPen(style.color(edge), 1.0)
        pen.setCosmetic(True)
        item = _cached(_path_item(union, pen, QBrush(style.color(fill, style.SIDE_ARC_ALPHA)), _Z_WEDGES))
        self.addItem(item)
        self.side_wedges.append(item)

    def _refresh_arcs(self, preview: tuple[str, int] | None = None) -> None:
        """Wedges of the selected unit (``preview`` overrides one arc during a rotation drag),
        the side's wedges when that toggle is on, and the rotation handles."""
        for item in (*self.wedge_items.values(), *self.side_wedges, *self._handles):
            self.removeItem(item)
        self.wedge_items, self.side_wedges, self._handles = {}, [], []
        if self.side_arcs is not None:
            self._add_side_wedges(self.side_arcs)
        for unit_id in self.shown_arcs:
            shown = self.scenario.units.get(unit_id)
            if shown is not None and unit_id != self.selected:
                for arc, spine in self.unit_arcs(shown).items():
                    self.side_wedges.append(self._wedge_item(shown.hex, arc, spine))
        unit = self.scenario.units.get(self.selected) if self.selected else None
        if unit is None:
            return
        arcs = self.unit_arcs(unit)
        if preview is not None:
            arcs[preview[0]] = preview[1]
        cx, cy = self.scenario.grid.center(unit.hex)
        for arc, spine in arcs.items():
            self.wedge_items[arc] = self._wedge_item(unit.hex, arc, spine)
            handle = QGraphicsEllipseItem(QRectF(-6, -6, 12, 12))
            handle.setPos(QPointF(cx, cy) + handle_position(spine, 34.0 if arc != "tca" else 24.0))
            handle.setBrush(QBrush(style.color(style.ARC_COLORS[arc][1])))
            handle.setPen(QPen(style.color(style.SELECTION_COLOR), 2.0))
            handle.setZValue(_Z_HANDLES)
            handle.setData(UNIT_ROLE, unit.id)
            handle.setData(HANDLE_ROLE, arc)
            handle.setCursor(Qt.CursorShape.SizeAllCursor)
            handle.setToolTip(f"Drag to turn the {arc.upper()} one hexspine at a time")
            self.addItem(handle)
            self._handles.append(handle)

    def select_unit(self, unit_id: str | None) -> None:
        """Select a unit (None clears): outline its counter and draw its arcs."""
        if unit_id == self.selected:
            return
        previous, self.selected = self.selected, unit_id
        for counter_id in (previous, unit_id):
            if counter_id in self._counters:
                self._lift(counter_id)
        self._refresh_arcs()
        self.selection_changed.emit(unit_id)

    def show_unit_arcs(self, unit_ids: tuple[str, ...]) -> None:
        """Draw these units' arcs (without handles), whatever is selected."""
        self.shown_arcs = unit_ids
        self._refresh_arcs()

    def show_side_arcs(self, side: str | None) -> None:
        """Draw every CA of one side (None hides them)."""
        self.side_arcs = side
        self._refresh_arcs()

    # -- gestures ---------------------------------------------------------------------------
    @property
    def hovered(self) -> Hex | None:
        """The map hex under the mouse, if any."""
        return self._hovered

    def hex_at(self, pos: QPointF) -> Hex | None:
        """The map hex under a scene point, or None off the map."""
        h = MapGrid.hex_at(pos.x(), pos.y())
        return h if h in self.scenario.grid else None

    def drop_counter(self, unit_id: str, scene_pos: QPointF) -> None:
        """A counter let go at ``scene_pos``: in Setup it moves there (via ``move_requested``);
        in Rehearse the ``action_handler`` decides. Off the map, or on its own hex, it snaps back."""
        h = self.hex_at(scene_pos)
        unit = self.scenario.units.get(unit_id)
        if unit is not None and h is not None and h != unit.hex:
            if self.mode == "rehearse":
                if self.action_handler is not None:
                    self.action_handler(unit_id, h)
            else:
                self.move_requested.emit(unit_id, h)
        self._restack()

    def _unit_item_at(self, pos: QPointF) -> QGraphicsItem | None:
        shape, order = Qt.ItemSelectionMode.IntersectsItemShape, Qt.SortOrder.DescendingOrder
        for item in self.items(pos, shape, order, QTransform()):
            if item.data(UNIT_ROLE) is not None:
                return item
        return None

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            event.ignore()
            return
        pos = event.scenePos()
        h = self.hex_at(pos)
        item = self._unit_item_at(pos)
        self._press = pos
        if item is not None and item.data(HANDLE_ROLE) is not None:
            unit = self.scenario.units[item.data(UNIT_ROLE)]
            arc = str(item.data(HANDLE_ROLE))
            self._rotating = (unit.id, arc, int(getattr(unit, arc)))
        elif self.tool == "paint" and h is not None:
            self._stroke = [h]
            self._show_stroke()
        elif self.tool == "place" and h is not None:
            self.place_requested.emit(h)
        elif item is not None:
            unit_id = str(item.data(UNIT_ROLE))
            self.select_unit(unit_id)
            self._dragging = unit_id
            self._drag_start = self._counters[unit_id].pos()
        else:
            self.select_unit(None)
            event.ignore()  # lets the view pan by dragging empty map
            return
        event.accept()

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        pos = event.scenePos()
        h = self.hex_at(pos)
        if self._rotating is not None:
            unit_id, arc, _ = self._rotating
            unit = self.scenario.units[unit_id]
            cx, cy = self.scenario.grid.center(unit.hex)
            spine = nearest_spine(pos.x() - cx, pos.y() - cy)
            if spine != self._rotating[2]:
                self._rotating = (unit_id, arc, spine)
                self._refresh_arcs(preview=(arc, spine))
        elif self._dragging is not None and self._press is not None:
            tile = self._counters[self._dragging]
            tile.setPos(self._drag_start + (pos - self._press))
            tile.setZValue(_Z_DRAGGED)
        elif self._stroke and h is not None and h not in self._stroke:
            self._stroke.append(h)
            self._show_stroke()
        if h != self._hovered:
            self._hovered = h
            self._hover_item.setPath(geometry_path(hex_polygons([h])[0]) if h is not None else QPainterPath())
            self.hex_hovered.emit(h)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        pos = event.scenePos()
        if self._rotating is not None:
            unit_id, arc, spine = self._rotating
            self._rotating = None
            if spine != getattr(self.scenario.units[unit_id], arc):
                self.rotate_requested.emit(unit_id, arc, spine)
            self._refresh_arcs()
        elif self._dragging is not None:
            unit_id, self._dragging = self._dragging, None
            moved = self._press is not None and (pos - self._press).manhattanLength() > DRAG_THRESHOLD
            if moved:
                self.drop_counter(unit_id, pos)
            else:
                self._restack()
        elif self._stroke:
            stroke, self._stroke = self._stroke, []
            self._show_stroke()
            self.terrain_painted.emit(stroke)
        self._press = None

    def _show_stroke(self) -> None:
        """Preview of a terrain brush stroke before it is committed on release."""
        path = geometry_path(shapely.union_all(hex_polygons(self._stroke))) if self._stroke else QPainterPath()
        self._stroke_item.setPath(path)
        fill = style.terrain_color(self.brush_terrain)
        fill.setAlpha(0xB0)
        self._stroke_item.setBrush(QBrush(fill))

    def contextMenuEvent(self, event: QGraphicsSceneContextMenuEvent) -> None:
        item = self._unit_item_at(event.scenePos())
        unit_id = str(item.data(UNIT_ROLE)) if item is not None else None
        if unit_id is not None:
            self.select_unit(unit_id)
        self.context_requested.emit(unit_id, event.screenPos())
        event.accept()
