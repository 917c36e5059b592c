"""LOS on the map (A6), drawn from the rules core's one LOS engine (``aslgui.rules.los``):

- the LOS tool (toolbar "LOS", key L), as VASL players know it: press on a hex and drag to
  another, at any zoom (the drag never pans; near the window's edge the view scrolls on under
  the pointer); the thread is drawn centre dot to centre dot, white up to where it is blocked and red
  beyond, the blocking point marked, each Hindrance hex outlined, and the range and the reason
  in words beside the target and in the status bar;
- "Show what this unit sees" (View menu, Shift+L): every hex of the map shaded from the selected
  unit's hex: left clear, yellow with its Hindrance DRM (+n), or dark when blocked, clipped to
  the boards themselves, and shaded again whenever the unit or the map changes.

Qt only draws here; the answers are ``trace`` results.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol, TypeVar

import shapely
import shiboken6
from PySide6.QtCore import QEvent, QObject, QPoint, QPointF, Qt, QTimer, SignalInstance
from PySide6.QtGui import QAction, QBrush, QColor, QKeySequence, QPainterPath, QPen, QPolygonF, QUndoStack
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsLineItem,
    QGraphicsPathItem,
    QGraphicsRectItem,
    QGraphicsSceneMouseEvent,
    QGraphicsSimpleTextItem,
    QMainWindow,
    QMenu,
    QToolBar,
)
from shapely.geometry import LineString

from aslgui.geometry import BoardPlacement, Hex, MapGrid
from aslgui.geometry.shapes import boards_outline, hex_polygon
from aslgui.model import Scenario
from aslgui.rules.los import LosMap, LosResult, los_map, los_values, sight, trace, unit_level
from aslgui.ui.map.layers import geometry_path
from aslgui.ui.map.scene import MapScene
from aslgui.ui.map.style import font
from aslgui.ui.map.view import MapView

T = TypeVar("T")
THREAD_CLEAR, THREAD_BLOCKED = QColor(255, 255, 255), QColor(220, 40, 40)
HINDRANCE_COLOR = QColor(255, 200, 0)
BLOCKED_SHADE = QColor(15, 15, 25, 165)
HINDERED_SHADE = QColor(255, 200, 0, 90)
_Z_SHADE, _Z_THREAD = 6.5, 9
#: How often (ms) a LOS drag held near the window's edge scrolls a step.
EDGE_TICK_MS = 40


#: A hex's polygon about its centre: every hex is this one moved to its centre dot.
_HEXAGON = QPolygonF([QPointF(x, y) for x, y in MapGrid.vertices(Hex(0, 0))]).translated(
    *(-c for c in MapGrid.center(Hex(0, 0)))
)


def hex_outline(hexes: Iterable[Hex]) -> QPainterPath:
    """One path holding the polygons of many hexes (cheap: no union, and one moved copy of a
    single hexagon per hex, so a thousand hexes cost a few milliseconds)."""
    path = QPainterPath()
    hexagon, center = _HEXAGON, MapGrid.center
    for h in hexes:
        path.addPolygon(hexagon.translated(*center(h)))
        path.closeSubpath()
    return path


def blocking_point(source: Hex, target: Hex, blocked_at: Hex) -> tuple[float, float]:
    """Where the thread enters the blocking hex (its point nearest the source inside that hex)."""
    start, end = MapGrid.center(source), MapGrid.center(target)
    crossing = LineString([start, end]).intersection(hex_polygon(blocked_at))
    points = list(shapely.get_coordinates(crossing)) or [MapGrid.center(blocked_at)]
    x, y = min(points, key=lambda p: (p[0] - start[0]) ** 2 + (p[1] - start[1]) ** 2)
    return float(x), float(y)


#: Where a hex's Hindrance DRM sits from its centre (map pixels): its upper right, clear of the counter.
HINDRANCE_OFFSET = (8.0, -30.0)


def result_plate(words: str, blocked: bool, at: tuple[float, float], room: tuple[float, float]) -> QGraphicsRectItem:
    """The result's words on a dark plate beside the target hex's centre ``at``, drawn at screen
    size whatever the zoom (issue 38: at map scale it grew huge zoomed in, and was cut off): right
    of the centre, else left of it, as the ``room`` (screen pixels left and right of it) allows;
    with room on neither side, over the centre, its left end at the view's left edge."""
    label = QGraphicsSimpleTextItem(words)
    label.setFont(font(13, bold=True))
    label.setBrush(QBrush(QColor(255, 140, 140) if blocked else QColor(255, 255, 255)))
    width, (left, right) = label.boundingRect().width() + 5, room
    x = 24 if 24 + width <= right else -24 - width if 24 + width <= left else 10 - left
    label.setPos(x, -10)  # screen pixels from the centre
    plate = QGraphicsRectItem(label.boundingRect().adjusted(-5, -3, 5, 3).translated(label.pos()))
    plate.setPen(QPen(Qt.PenStyle.NoPen))
    plate.setBrush(QBrush(QColor(0, 0, 0, 175)))
    plate.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
    plate.setPos(*at)
    label.setParentItem(plate)
    return plate


def hindrance_label(drm: int, centre: tuple[float, float]) -> QGraphicsSimpleTextItem:
    """A hex's Hindrance DRM (``+1``) in its upper right, at screen size whatever the zoom as the
    result's plate is (issue 38: at map scale it grew huge zoomed in): only where it sits follows the map."""
    text = QGraphicsSimpleTextItem(f"+{drm}")
    text.setFont(font(14, bold=True))
    text.setBrush(QBrush(QColor(90, 60, 0)))
    text.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
    text.setPos(centre[0] + HINDRANCE_OFFSET[0], centre[1] + HINDRANCE_OFFSET[1])
    return text


def describe(los: LosMap, result: LosResult) -> str:
    """The LOS in words: range, then clear (+n) or blocked where and why."""
    answer = los_values(los, result)
    if result.blocked:
        return f"Range {result.range}: blocked at {answer['blocked_at']}: {answer['reason']}"
    return f"Range {result.range}: {answer['reason']}"


class ToolHost(Protocol):
    """What a map tool (the LOS tools, the odds maps) needs from the window that hosts it (passed
    in, so the map part never imports the window that composes it)."""

    scene: MapScene
    scenario: Scenario
    undo_stack: QUndoStack
    toolbar: QToolBar
    view_menu: QMenu
    #: Emitted when what the map shows changed: an edit, an undo, another scenario.
    scenario_changed: SignalInstance

    def in_words(self, text: str) -> str:
        """A rules sentence as the window shows it: counters by name, no file key (issue 38)."""
        ...


class LosTools(QObject):
    """The LOS tool and the visibility shading of a main window (see the module docstring)."""

    def __init__(self, window: QMainWindow, host: ToolHost) -> None:
        super().__init__(window)
        self.window = window
        self.host = host
        self.items: list[QGraphicsItem] = []
        self.shade_items: list[QGraphicsItem] = []
        #: The last thread drawn: (source, target, result), for tests and the status bar.
        self.shown: tuple[Hex, Hex, LosResult] | None = None
        #: The thread's words put on the status line, taken off with the thread.
        self.said = ""
        #: Hex -> Hindrance DRM (None when blocked) of the current shading.
        self.shading: dict[Hex, int | None] = {}
        self._start: Hex | None = None
        #: The view a LOS drag started in and the pointer's last place on it, for edge scrolling.
        self._view: MapView | None = None
        self._pointer = QPoint()
        self._boards: tuple[tuple[BoardPlacement, ...], QPainterPath] = ((), QPainterPath())
        self._edge_timer = QTimer(self)
        self._edge_timer.setInterval(EDGE_TICK_MS)
        self._edge_timer.timeout.connect(self._edge_tick)
        self.tool_action = QAction("LOS", window)
        self.tool_action.setCheckable(True)
        self.tool_action.setShortcut(QKeySequence("L"))
        self.tool_action.setToolTip("LOS tool (L): drag from hex to hex to trace the thread (A6)")
        self.tool_action.toggled.connect(self._on_tool_toggled)
        self.sight_action = QAction("Show what this unit sees", window)
        self.sight_action.setCheckable(True)
        self.sight_action.setShortcut(QKeySequence("Shift+L"))
        self.sight_action.toggled.connect(lambda _on: self.refresh_sight())
        window.addAction(self.tool_action)
        window.addAction(self.sight_action)
        host.toolbar.addAction(self.tool_action)
        host.toolbar.addAction(self.sight_action)
        host.view_menu.addAction(self.sight_action)
        host.scene.installEventFilter(self)
        host.scene.selection_changed.connect(lambda _unit: self.refresh_sight())
        host.undo_stack.indexChanged.connect(lambda _index: self.refresh_sight())

    # -- the LOS tool --------------------------------------------------------------------------
    def _on_tool_toggled(self, on: bool) -> None:
        if not on:
            self.clear_thread()
            self._start = None

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """While the tool is on, a left-button drag on the map traces LOS instead of moving
        counters or panning the view (the press is accepted, so the view starts no hand drag),
        and the view scrolls while the pointer is near its edge (``_edge_tick``)."""
        if not self.tool_action.isChecked() or not isinstance(event, QGraphicsSceneMouseEvent):
            return False
        kind = event.type()
        h = self.host.scene.hex_at(event.scenePos())
        if kind == QEvent.Type.GraphicsSceneMousePress and event.button() == Qt.MouseButton.LeftButton:
            self._start = h
            viewport = event.widget()
            view = viewport.parentWidget() if viewport is not None else None
            self._view = view if isinstance(view, MapView) else None
            self._pointer = self._view.mapFromScene(event.scenePos()) if self._view is not None else QPoint()
            self._edge_timer.start()
        elif kind == QEvent.Type.GraphicsSceneMouseMove and self._start is not None:
            if self._view is not None:  # where the pointer is on the window (it stays there as the map scrolls)
                self._pointer = self._view.mapFromScene(event.scenePos())
            if h is not None:
                self.show_thread(self._start, h)
        elif kind == QEvent.Type.GraphicsSceneMouseRelease and event.button() == Qt.MouseButton.LeftButton:
            if self._start is not None and h is not None:
                self.show_thread(self._start, h)
            self._start = self._view = None
            self._edge_timer.stop()
        else:
            return False
        event.accept()
        return True

    def _edge_tick(self) -> None:
        """While a LOS drag holds the pointer near the window's edge, scroll a step and draw the
        thread to the hex now under the pointer."""
        view, start = self._view, self._start
        if view is None or start is None or not shiboken6.isValid(view):
            self._edge_timer.stop()
            return
        point = self._pointer
        if view.scroll_near_edge(point):
            h = self.host.scene.hex_at(view.mapToScene(point))
            if h is not None:
                self.show_thread(start, h)

    def show_thread(self, source: Hex, target: Hex) -> LosResult:
        """Trace and draw the LOS from one hex to another (ground level at both ends)."""
        self.clear_thread()
        los = los_map(self.host.scenario)
        result = trace(los, source, target)
        start, end = MapGrid.center(source), MapGrid.center(target)
        cut = blocking_point(source, target, result.blocked_at) if result.blocked_at is not None else end
        scene = self.host.scene
        if result.hindrances:
            outline = QGraphicsPathItem(hex_outline(x.hex for x in result.hindrances))
            outline.setPen(QPen(HINDRANCE_COLOR, 4.0))
            self._add(outline)
        for (a, b), colour, style in (
            ((start, cut), THREAD_CLEAR, Qt.PenStyle.SolidLine),
            ((cut, end), THREAD_BLOCKED, Qt.PenStyle.DashLine),
        ):
            if a != b:
                halo = QGraphicsLineItem(a[0], a[1], b[0], b[1])
                halo.setPen(QPen(QColor(0, 0, 0, 150), 5.0))
                self._add(halo)
                line = QGraphicsLineItem(a[0], a[1], b[0], b[1])
                line.setPen(QPen(colour, 2.5, style))
                self._add(line)
        if result.blocked_at is not None:
            mark = QGraphicsEllipseItem(cut[0] - 7, cut[1] - 7, 14, 14)
            mark.setPen(QPen(QColor(0, 0, 0), 2.0))
            mark.setBrush(QBrush(THREAD_BLOCKED))
            self._add(mark)
        words = describe(los, result)
        views = scene.views()
        x = views[0].mapFromScene(QPointF(*end)).x() if views else 0
        room = (x, views[0].viewport().width() - x) if views else (0.0, float("inf"))
        self._add(result_plate(words, result.blocked, end, room))
        scene.update()
        self.window.statusBar().showMessage(words)
        self.shown, self.said = (source, target, result), words
        return result

    def _add(self, item: QGraphicsItem, shade: bool = False) -> None:
        item.setZValue(_Z_SHADE if shade else _Z_THREAD)
        item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.host.scene.addItem(item)
        (self.shade_items if shade else self.items).append(item)

    def _boards_path(self, grid: MapGrid) -> QPainterPath:
        """The boards' outline as a path (kept per map layout): the shading's clip."""
        if self._boards[0] != grid.boards:
            self._boards = (grid.boards, geometry_path(boards_outline(grid)))
        return self._boards[1]

    def clear_thread(self) -> None:
        """Take the thread off the map, and its words off the status line if they still show there
        (another tool's answer left there stays)."""
        if self.said and self.window.statusBar().currentMessage() == self.said:
            self.window.statusBar().clearMessage()
        _remove(self.items)
        self.items, self.shown = [], None

    # -- what a unit sees ----------------------------------------------------------------------
    def refresh_sight(self) -> None:
        """Shade the map from the selected unit's hex while "Show what this unit sees" is on."""
        if not shiboken6.isValid(self.host.scene):  # the window is being torn down
            return
        _remove(self.shade_items)
        self.shade_items, self.shading = [], {}
        unit_id = self.host.scene.selected
        scenario = self.host.scenario
        unit = scenario.units.get(unit_id) if unit_id else None
        if not self.sight_action.isChecked() or unit is None or unit.hex is None:
            return
        self.shading = sight(los_map(scenario), unit.hex, unit_level(unit))  # the collector paused within
        boards = QGraphicsPathItem(self._boards_path(scenario.grid))  # clips the half hexes at the boards' edges
        boards.setPen(QPen(Qt.PenStyle.NoPen))
        boards.setFlag(QGraphicsItem.GraphicsItemFlag.ItemClipsChildrenToShape)
        self._add(boards, shade=True)
        for hexes, colour in (
            ([h for h, n in self.shading.items() if n is None], BLOCKED_SHADE),
            ([h for h, n in self.shading.items() if n], HINDERED_SHADE),
        ):
            if hexes:
                item = QGraphicsPathItem(hex_outline(hexes))
                item.setPen(QPen(Qt.PenStyle.NoPen))
                item.setBrush(QBrush(colour))
                item.setParentItem(boards)
                self.shade_items.append(item)
        for h, n in self.shading.items():
            if n:
                self._add(hindrance_label(n, MapGrid.center(h)), shade=True)


def _remove(items: list[QGraphicsItem]) -> None:
    for item in items:
        if shiboken6.isValid(item) and item.scene() is not None:
            item.scene().removeItem(item)
