"""The view on the map: wheel zoom anchored under the cursor, pan by dragging empty map or with
the middle button, fit-to-window, and a step of scrolling for a drag that nears the window's edge
(the LOS tool's).

A burst of wheel notches glides, as image viewers do: the first notch keeps the map as last
painted and every notch of the burst draws that picture scaled to the new zoom (one blit, a
frame on any machine), instead of redrawing the board layers, counters and art at each notch;
once the wheel rests (``WHEEL_REST_MS`` without a notch) the map is drawn sharp at the zoom
reached (issue 30)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtGui import QMouseEvent, QPainter, QPaintEvent, QPixmap, QTransform, QWheelEvent
from PySide6.QtWidgets import QGraphicsView, QWidget

from aslgui.ui.map.scene import MapScene

MIN_SCALE = 0.1
MAX_SCALE = 6.0
#: Zoom factor of one wheel notch (120 eighths of a degree).
WHEEL_STEP = 1.2
#: Within this many screen pixels of the window's edge a drag scrolls the map, this far a step.
EDGE_MARGIN, EDGE_STEP = 36, 28
#: The wheel rests when no notch came for this long (ms): the map is then drawn sharp.
WHEEL_REST_MS = 150


class MapView(QGraphicsView):
    """A QGraphicsView tuned for a large, mostly static map."""

    def __init__(self, scene: MapScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self._kept_scene = scene  # a view does not own its scene: without this, one made for it alone is freed
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontSavePainterState, True)
        self.setMouseTracking(True)
        self.viewport().setMouseTracking(True)
        self._pan_from: QPoint | None = None
        #: While the wheel turns: the map as painted before the burst, and the viewport
        #: transform it was painted with.
        self._glide: tuple[QPixmap, QTransform] | None = None
        #: Fires when the wheel rests (a test may fire it at once).
        self.wheel_rest = QTimer(self)
        self.wheel_rest.setSingleShot(True)
        self.wheel_rest.setInterval(WHEEL_REST_MS)
        self.wheel_rest.timeout.connect(self.end_glide)

    def map_scene(self) -> MapScene:
        scene = self.scene()
        assert isinstance(scene, MapScene)
        return scene

    @property
    def zoom(self) -> float:
        """Current scale (1.0 = one scene pixel per screen pixel)."""
        return self.transform().m11()

    def set_zoom(self, scale: float) -> None:
        """Zoom to ``scale`` (clamped), keeping the point under the anchor in place."""
        scale = min(max(scale, MIN_SCALE), MAX_SCALE)
        factor = scale / self.zoom
        self.scale(factor, factor)
        self.map_scene().zoom_changed()

    def zoom_by(self, factor: float) -> None:
        """Zoom in (factor > 1) or out about the view's centre."""
        self.set_zoom(self.zoom * factor)

    def fit_to_window(self) -> None:
        """Show the whole map."""
        self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
        self.map_scene().zoom_changed()

    def wheelEvent(self, event: QWheelEvent) -> None:
        notches = event.angleDelta().y() / 120.0
        if notches:
            self.wheel_zoom(WHEEL_STEP**notches, event.position().toPoint())
        event.accept()

    @property
    def gliding(self) -> bool:
        """Whether the wheel is turning: the map is drawn scaled from before the burst."""
        return self._glide is not None

    def wheel_zoom(self, factor: float, anchor: QPoint) -> None:
        """One notch of a burst: zoom as ``zoom_at`` does, but draw the map as it was painted
        before the burst, scaled, until the wheel rests."""
        if self._glide is None:
            self._glide = (self.viewport().grab(), self.viewportTransform())
        self.zoom_at(factor, anchor)
        self.wheel_rest.start()
        self.viewport().update()

    def end_glide(self) -> None:
        """The wheel rests (or the user does something else): draw the map sharp at this zoom."""
        self.wheel_rest.stop()
        if self._glide is not None:
            self._glide = None
            self.map_scene().zoom_rest.rest()
            self.viewport().update()

    def paintEvent(self, event: QPaintEvent) -> None:
        if self._glide is None:
            super().paintEvent(event)
            return
        picture, painted_with = self._glide
        painter = QPainter(self.viewport())
        painter.fillRect(self.viewport().rect(), self.viewport().palette().color(self.viewport().backgroundRole()))
        # viewport then -> scene -> viewport now
        painter.setTransform(painted_with.inverted()[0] * self.viewportTransform())
        painter.drawPixmap(0, 0, picture)
        painter.end()

    def zoom_at(self, factor: float, anchor: QPoint) -> None:
        """Zoom by ``factor`` keeping the map point under viewport point ``anchor`` in place
        (as far as the scroll range allows), whatever Qt thinks the cursor position is."""
        before = self.mapToScene(anchor)
        self.set_zoom(self.zoom * factor)
        shift = (self.mapToScene(anchor) - before) * self.zoom
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - round(shift.x()))
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() - round(shift.y()))

    def scroll_near_edge(self, point: QPoint) -> bool:
        """Scroll one step toward each edge of the window that the viewport point ``point`` is
        near (or past), so a drag can reach hexes beyond the window; whether the view moved."""
        rect = self.viewport().rect()

        def step(at: int, size: int) -> int:
            return -EDGE_STEP if at < EDGE_MARGIN else EDGE_STEP if at > size - EDGE_MARGIN else 0

        moved = False
        for bar, delta in ((self.horizontalScrollBar(), step(point.x(), rect.width())),
                           (self.verticalScrollBar(), step(point.y(), rect.height()))):
            before = bar.value()
            bar.setValue(before + delta)
            moved = moved or bar.value() != before
        return moved

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.end_glide()  # what the user presses on is drawn as it is
        if event.button() == Qt.MouseButton.MiddleButton:
            self._pan_from = event.position().toPoint()
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._pan_from is not None:
            point = event.position().toPoint()
            delta = point - self._pan_from
            self._pan_from = point
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - delta.x())
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() - delta.y())
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.MiddleButton and self._pan_from is not None:
            self._pan_from = None
            self.viewport().unsetCursor()
            event.accept()
            return
        super().mouseReleaseEvent(event)
