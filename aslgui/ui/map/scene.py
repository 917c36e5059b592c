"""The map as a QGraphicsScene: boards, terrain, hex names, counters, Covered Arc wedges.

It only draws the model and turns mouse gestures into requests (signals, or the
``action_handler`` in Rehearse mode); the main window turns requests into undoable commands and
calls :meth:`MapScene.sync` afterwards.  The static map under the counters is ``layers``
(drawn as the background); counters are ``counters.CounterItem``; Covered Arcs are ``arcs``.

One piece by design: Qt delivers every mouse, drag and drop event of the map to this one
QGraphicsScene, and the gestures share their state (the held counter, the open fan-out, the
selection); the drawing it delegates lives in ``layers``, ``counters``, ``arcs`` and
``stack_viewer``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import shapely
from PySide6.QtCore import QEvent, QMimeData, QPointF, QRect, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QPainter, QPainterPath, QPen, QTransform
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsSceneContextMenuEvent,
    QGraphicsSceneDragDropEvent,
    QGraphicsSceneMouseEvent,
)

from aslgui.geometry import Hex, MapGrid
from aslgui.geometry.shapes import hex_polygons
from aslgui.model import Scenario, Unit
from aslgui.model.support_weapons import loose_weapon
from aslgui.ui.map import style
from aslgui.ui.map.arcs import HANDLE_ROLE, CoveredArcs, nearest_spine, path_item
from aslgui.ui.map.board_art import load_art
from aslgui.ui.map.counters import UNIT_ROLE, CounterItem, markers, stack_offset, stacking_order
from aslgui.ui.map.dc_counters import DcCounterLayer
from aslgui.ui.map.layers import TOGGLED_LAYERS, MapLayers, geometry_path
from aslgui.ui.map.stack_viewer import Z_FANNED, StackFan
from aslgui.ui.map.support_weapons import WeaponItems
from aslgui.ui.map.zoom_rest import ZoomRest

#: A press that moves less than this (scene pixels) is a click, not a drag.
DRAG_THRESHOLD = 4.0
_Z_HOVER, _Z_COUNTERS, _Z_LIFTED, Z_DRAGGED = 6, 10, 40, 80

ActionHandler = Callable[[str, Hex], None]
#: Told each hex a dragged counter enters (unit id, hex), and None when it is let go.
DragHandler = Callable[[str, Hex | None], None]


#: The drag payload of a unit taken from the order of battle: its id, UTF-8.
OOB_MIME = "application/x-aslgui-oob-unit"


def oob_unit_id(mime: QMimeData) -> str | None:
    """The unit id a drag from the order of battle carries, if it is one."""
    if not mime.hasFormat(OOB_MIME):
        return None
    return bytes(mime.data(OOB_MIME).data()).decode("utf-8") or None


class MapScene(QGraphicsScene):
    """Draws one Scenario and reports gestures on it."""

    hex_hovered = Signal(object)  # Hex | None
    selection_changed = Signal(object)  # unit id | None
    move_requested = Signal(str, object)  # unit id, Hex
    rotate_requested = Signal(str, str, int)  # unit id, arc key (ca/vca/tca), spine
    terrain_painted = Signal(list)  # list[Hex]
    place_requested = Signal(object)  # Hex
    context_requested = Signal(object, object)  # unit id | None, QPoint (screen)
    unit_pressed = Signal(str)  # unit id: a counter picked up (also when already selected)
    oob_drop_requested = Signal(str, object)  # unit id of the order of battle, Hex
    weapon_drop_requested = Signal(str, str)  # id of a support weapon no unit holds, unit id

    # What is drawn for the current scenario; ``set_scenario`` resets all of it.
    arcs: CoveredArcs
    dc_counters: DcCounterLayer
    _counters: dict[str, CounterItem]
    _drawn: dict[str, tuple[Unit, tuple[str, ...]]]
    _stack_index: dict[str, int]
    layers: MapLayers
    art_notes: tuple[str, ...]
    _hover_item: QGraphicsPathItem
    _stroke_item: QGraphicsPathItem

    def __init__(self, scenario: Scenario) -> None:
        super().__init__()
        self.scenario = scenario
        #: "setup": drops move counters; "rehearse": drops go to ``action_handler``.
        self.mode = "setup"
        #: Set by the rehearsal layer: called with (unit id, hex) for a drop in Rehearse mode.
        self.action_handler: ActionHandler | None = None
        #: Set by the rehearsal layer: told each hex a dragged counter enters (a move's path, DESIGN.md 13).
        self.drag_handler: DragHandler | None = None
        #: "select" (move/rotate counters), "paint" (terrain brush) or "place" (add from palette).
        self.tool = "select"
        self.brush_terrain = "woods"
        self.selected: str | None = None
        self.side_arcs: str | None = None
        #: Units whose arcs are drawn besides the selected one (``aslgui render --ca``).
        self.shown_arcs: tuple[str, ...] = ()
        self._hovered: Hex | None = None
        #: The toggled layers of the static map (``map_layers.TOGGLED_LAYERS``) -> drawn or not.
        self.shown_layers = dict.fromkeys(TOGGLED_LAYERS, True)
        self.zoom_rest = ZoomRest(self, self.redraw_background)
        self._press: QPointF | None = None
        self._dragging: str | None = None
        self._drag_start = QPointF()
        self._rotating: tuple[str, str, int] | None = None
        self._stroke: list[Hex] = []
        #: The stack fanned out by a click, if any (VASL's stack expansion).
        self.fan = StackFan()
        self.set_scenario(scenario)

    # -- building ---------------------------------------------------------------------------
    def set_scenario(self, scenario: Scenario) -> None:
        """Draw a whole new situation (a new map possibly): rebuild every layer."""
        self.clear()
        self.fan.forget()
        self.scenario = scenario
        self.selected = None
        self._hovered = None
        self.arcs = CoveredArcs(self, scenario)
        self.dc_counters = DcCounterLayer(self)
        self.weapons = WeaponItems(self)
        self._counters, self._drawn, self._stack_index = {}, {}, {}
        self._hover_item = path_item(QPainterPath(), QPen(style.color(style.HOVER_COLOR), 2.0), None, _Z_HOVER)
        self._stroke_item = path_item(QPainterPath(), None, None, _Z_HOVER)
        self.addItem(self._hover_item)
        self.addItem(self._stroke_item)
        width, height = scenario.grid.pixel_size
        self.setSceneRect(QRectF(-40, -40, width + 80, height + 80))
        self.load_boards()
        self.sync()

    def load_boards(self) -> None:
        """Lay out the static map again, with the art of the boards the board library has now
        (after a folder is added, the boards it holds show their art)."""
        art, self.art_notes = load_art(self.scenario)
        self.layers = MapLayers(self.scenario, art)
        self.arcs.show_side(self.layers, self.side_arcs, self.selected)  # their fill depends on the art
        self.redraw_background()

    @property
    def board_notes(self) -> tuple[str, ...]:
        """Boards drawn plain although a board library is set up, and why: none in the library,
        an unreadable archive, art that cannot be shown."""
        return (*self.scenario.board_notes, *self.art_notes)

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        """The static map (``MapLayers``), which the view caches."""
        self.layers.draw(painter, QRectF(rect), self.shown_layers, self.zoom_rest.zooming)

    def zoom_changed(self) -> None:
        """The view changed its zoom: board art is sampled until the zoom rests (``zoom_rest``)."""
        if self.layers.art:
            self.zoom_rest.step()

    def set_layer_shown(self, layer: str, shown: bool) -> None:
        """Show or hide one of the toggled layers (``map_layers.TOGGLED_LAYERS``)."""
        if self.shown_layers[layer] != shown:
            self.shown_layers[layer] = shown
            self.redraw_background()

    def redraw_background(self) -> None:
        """Drop the view's cached static map, so it is drawn afresh.  The whole map, not
        QRectF(): the view drops its cache only for a rect on screen, so a null rect left painted
        hexes unchanged until the next zoom (issue 17.2)."""
        self.invalidate(self.sceneRect(), QGraphicsScene.SceneLayer.BackgroundLayer)

    # -- keeping up with the model ----------------------------------------------------------
    def sync(self) -> None:
        """Redraw what changed in the model since the last call (terrain, counters, arcs)."""
        if self.layers.update_terrain():
            self.redraw_background()
        self._sync_counters()
        if self.selected is not None and self.selected not in self.scenario.units:
            self.selected = None
            self.selection_changed.emit(None)
        self._refresh_arcs()

    def redraw_counters(self) -> None:
        """Draw every counter afresh (the counter library changed: other art, or none)."""
        self._drawn.clear()
        self._sync_counters()
        self.weapons.sync(self.scenario, again=True)

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
        self.weapons.sync(scenario)
        self._restack()
        self.dc_counters.sync(scenario)

    def _restack(self) -> None:
        """Put every counter on its hex with the stacking offset of its place in the stack."""
        depth: dict[Hex, int] = {}
        sizes = Counter(unit.hex for unit in self.scenario.units.values())
        grid = self.scenario.grid
        if self.fan.hex is not None and sizes[self.fan.hex] < 2:  # the open stack has broken up
            self.fan.open(None)
        for unit in stacking_order(self.scenario.units.values()):
            index = depth.get(unit.hex, 0)
            depth[unit.hex] = index + 1
            tile = self._counters[unit.id]
            x, y = grid.center(unit.hex)
            fanned = self.fan.offset(unit.hex, index, sizes[unit.hex])
            tile.setPos(QPointF(x, y) + (fanned if fanned is not None else stack_offset(index, sizes[unit.hex])))
            self._stack_index[unit.id] = index
            self._lift(unit.id)
        fan_hex = self.fan.hex
        centre = QPointF(*grid.center(fan_hex)) if fan_hex is not None else None
        self.fan.show_backdrop(self, centre, sizes[fan_hex] if fan_hex is not None else 0)

    def _lift(self, unit_id: str) -> None:
        """Outline the selected counter and lift it above its stack, so it reads in full."""
        tile = self._counters[unit_id]
        selected = unit_id == self.selected
        fanned = Z_FANNED if tile.unit.hex == self.fan.hex else 0.0  # an open stack lies above the rest
        tile.setZValue(_Z_COUNTERS + self._stack_index[unit_id] + fanned + (_Z_LIFTED if selected else 0))
        tile.set_selected(selected)

    def counter_item(self, unit_id: str) -> CounterItem:
        """The tile drawing a unit."""
        return self._counters[unit_id]

    # -- Covered Arcs -----------------------------------------------------------------------
    def _refresh_arcs(self, preview: tuple[str, int] | None = None) -> None:
        """Wedges of the selected unit (``preview`` overrides one arc during a rotation drag)
        with its handles, of the units shown, and of the side when that toggle is on."""
        if self.arcs.show_side(self.layers, self.side_arcs, self.selected):
            self.redraw_background()
        self.arcs.show_units(self.layers, self.selected, self.shown_arcs, preview)

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
        in Rehearse the ``action_handler`` decides. Off the map, or on its own hex, it snaps back.
        A unit of the order of battle is placed on the hex (``oob_drop_requested``) in any mode.
        Let go on another counter, it means that counter's hex, which a fanned-out stack may spread
        over the next hex; in Rehearse that may be its own hex (a vehicle onto a Gun beside it)."""
        onto = self._unit_item_at(scene_pos, besides=unit_id)
        onto_unit = self.scenario.units.get(str(onto.data(UNIT_ROLE))) if onto is not None else None
        h = onto_unit.hex if onto_unit is not None else self.hex_at(scene_pos)
        if unit_id in self.scenario.off_board:
            if h is not None:
                self.oob_drop_requested.emit(unit_id, h)
            return
        if unit_id not in self.scenario.units and loose_weapon(self.scenario, unit_id) is not None:
            if onto_unit is not None and self.mode == "setup":  # a support weapon given to a unit
                self.weapon_drop_requested.emit(unit_id, onto_unit.id)
            return
        unit = self.scenario.units.get(unit_id)
        if unit is not None and h is not None:
            if self.mode == "rehearse":
                if self.action_handler is not None and (h != unit.hex or onto_unit is not None):
                    self.action_handler(unit_id, h)
            elif h != unit.hex:
                self.move_requested.emit(unit_id, h)
        self._restack()

    def _unit_item_at(self, pos: QPointF, besides: str | None = None) -> QGraphicsItem | None:
        """The topmost counter (or rotation handle) at ``pos``, but ``besides``'s own."""
        shape, order = Qt.ItemSelectionMode.IntersectsItemShape, Qt.SortOrder.DescendingOrder
        for item in self.items(pos, shape, order, QTransform()):
            if item.data(UNIT_ROLE) is not None and item.data(UNIT_ROLE) != besides:
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
            if self.fan.hex is not None and self.scenario.units[unit_id].hex != self.fan.hex:
                self.fan.open(None)  # a counter of another stack: the open one folds back
                self._restack()
            self.select_unit(unit_id)
            self.unit_pressed.emit(unit_id)
            self._dragging = unit_id
            self._drag_start = self._counters[unit_id].pos()
        else:
            self.select_unit(None)
            if self.fan.open(None):
                self._restack()
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
            tile.setZValue(Z_DRAGGED)
            if h is not None and h != self._hovered and self.drag_handler is not None:
                self.drag_handler(self._dragging, h)
        elif self._stroke and h is not None and h not in self._stroke:
            self._stroke.append(h)
            self._show_stroke()
        self._set_hovered(h)

    def _set_hovered(self, h: Hex | None) -> None:
        if h != self._hovered:
            self._hovered = h
            self._hover_item.setPath(geometry_path(hex_polygons([h])[0]) if h is not None else QPainterPath())
            self.hex_hovered.emit(h)

    def event(self, event: QEvent) -> bool:
        """The pointer leaving the map's view hovers no hex: the hover line named the last one."""
        if event.type() == QEvent.Type.GraphicsSceneLeave:
            self._set_hovered(None)
        return super().event(event)

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
            else:  # a click on a stack fans it out (stack_viewer.py)
                self.fan.open(self.scenario.units[unit_id].hex)
                self._restack()
            if self.drag_handler is not None:
                self.drag_handler(unit_id, None)
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

    # -- drops from the order of battle (a real drag from another widget) ----------------------
    def dragEnterEvent(self, event: QGraphicsSceneDragDropEvent) -> None:
        event.setAccepted(oob_unit_id(event.mimeData()) is not None)

    def dragMoveEvent(self, event: QGraphicsSceneDragDropEvent) -> None:
        event.setAccepted(oob_unit_id(event.mimeData()) is not None and self.hex_at(event.scenePos()) is not None)

    def dropEvent(self, event: QGraphicsSceneDragDropEvent) -> None:
        unit_id = oob_unit_id(event.mimeData())
        if unit_id is None:
            event.ignore()
            return
        self.drop_counter(unit_id, event.scenePos())
        event.acceptProposedAction()

    def contextMenuEvent(self, event: QGraphicsSceneContextMenuEvent) -> None:
        item = self._unit_item_at(event.scenePos())
        # a DC counter's menu is its owner's, which offers its detonation (A23.3, A23.7)
        unit_id = self.dc_counters.owner_at(event.scenePos(), item) or (
            str(item.data(UNIT_ROLE)) if item is not None else None)
        if unit_id is not None:
            self.select_unit(unit_id)
        self.context_requested.emit(unit_id, event.screenPos())
        event.accept()
