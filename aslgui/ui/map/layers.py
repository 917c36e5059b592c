"""The static map under the counters: board sheets, terrain tint, hex grid, hexside features,
board numbers, hex names and, over them, one side's Covered Arcs when shown.

Drawn as the scene's background, so the view caches it (QGraphicsView.CacheBackground) and a
repaint after a hover, a selection or a move is one blit.  Everything is laid out once per map
with vectorised shapely/numpy calls into a few paths and glyph runs, so the redraw after a zoom
step does no Python work per hex.  The grid, the hex names and the terrain tint are layers the
user turns on and off (View menu), as VASL's overlays are.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

import numpy as np
import shapely
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QFontMetricsF, QGlyphRun, QPainter, QPainterPath, QPen, QPolygonF, QRawFont

from aslgui.geometry import BoardPlacement, Hex, MapGrid, direction_to, neighbour
from aslgui.geometry.mapgrid import BOARD_PIXEL_HEIGHT, BOARD_PIXEL_WIDTH, HEX_HEIGHT, HEX_WIDTH
from aslgui.geometry.shapes import hex_polygons, map_rectangle
from aslgui.model import Scenario
from aslgui.ui.map import style
from aslgui.ui.map.board_art import ArtAtRest, BoardArt, board_rect

#: The layers the user can hide (View menu), with what the menu calls them.
TOGGLED_LAYERS: dict[str, str] = {"grid": "Hex &grid", "names": "Hex &names", "tint": "Terrain &tint"}
_LOCAL_NAME = re.compile(r"([A-Z]{1,2}\d{1,2})$")
#: Hexside ``d`` of a hex runs from its vertex ``d - 1`` to vertex ``d``.  Each hex draws its N, NE
#: and SE sides (0-2), so each inner hexside is drawn once; its S, SW and NW sides (3-5) only
#: where no hex of the map lies beyond.
_OWN_SIDES = (0, 1, 2)
_OTHER_SIDES = (3, 4, 5)


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


def grid_segments(grid: MapGrid) -> np.ndarray:
    """Every hexside of the map's boards once, cut at the boards' edges: an (n, 4) array of x1,
    y1, x2, y2.  Drawing each side once instead of every hex's whole outline halves the grid's
    cost."""
    hexes = grid.all_hexes
    sides = [(i, d) for i in range(len(hexes)) for d in _OWN_SIDES]
    sides += [(i, d) for i, h in enumerate(hexes) for d in _OTHER_SIDES if neighbour(h, d) not in grid]
    corners = np.array([MapGrid.vertices(h) for h in hexes])  # (hexes, 6, 2)
    rows, directions = np.array(sides).T
    segments: np.ndarray = np.hstack((corners[rows, (directions - 1) % 6], corners[rows, directions]))
    # Cut at each board's edges, which run through hex centres and vertices: a side off a board
    # lies wholly beyond one of its edges (left out) and a side crossing an edge is a flat N or S
    # side (clamped).  A side across the joint of two boards is drawn in two pieces, one a side;
    # one along a joint is drawn once.  Nothing overhangs the map or a gap in an L-shaped layout.
    pieces = []
    xs, ys = segments[:, 0::2], segments[:, 1::2]
    flat = ys[:, 0] == ys[:, 1]
    for board in grid.boards:
        left, top = board.col * BOARD_PIXEL_WIDTH, board.row * BOARD_PIXEL_HEIGHT
        right, bottom = left + BOARD_PIXEL_WIDTH, top + BOARD_PIXEL_HEIGHT
        across = (xs.max(axis=1) > left) & (xs.min(axis=1) < right)
        down = (ys.max(axis=1) > top) & (ys.min(axis=1) < bottom)
        on = across & (down | (flat & (ys[:, 0] >= top) & (ys[:, 0] <= bottom)))  # a flat side on its edge too
        piece = segments[on].copy()
        piece[:, 0::2] = piece[:, 0::2].clip(left, right)
        piece[:, 1::2] = piece[:, 1::2].clip(top, bottom)
        pieces.append(piece)
    cut = np.vstack(pieces)
    _, first = np.unique(np.round(cut, 3), axis=0, return_index=True)
    kept: np.ndarray = cut[np.sort(first)]
    return kept


class MapLayers:
    """The static map of one scenario, laid out for drawing, with the art of the boards that
    have some (``board_art``): those show their art instead of the plain sheet, and neither
    aslgui's big board number nor, unless rotated, its hex names (the art prints its own; a
    rotated board's print upside down)."""

    def __init__(self, scenario: Scenario, art: Mapping[BoardPlacement, BoardArt] | None = None) -> None:
        self.scenario = scenario
        self.art: dict[BoardPlacement, BoardArt] = dict(art or {})
        self._art_at_rest = ArtAtRest()
        self._label_font = style.font(9)
        self._terrain_paths: list[tuple[QPainterPath, QBrush]] = []
        self._drawn_terrain: dict[Hex, str] = {}
        #: The wedges (origin, spine) of the side's arcs drawn over the map (``set_side_arcs``).
        self.side_arcs: tuple[tuple[Hex, int], ...] = ()
        self._side_arcs_drawing: tuple[QPainterPath, QPainterPath, QPen, QBrush] = (
            QPainterPath(),
            QPainterPath(),
            QPen(),
            QBrush(),
        )
        self._build_boards()
        self._build_grid()
        self._build_features()
        self._build_labels()
        self.update_terrain()

    # -- building ---------------------------------------------------------------------------
    def _build_boards(self) -> None:
        """Each board's open-ground sheet, its edge, and, on a plain board, its number at both
        short ends."""
        sheets, numbers = QPainterPath(), QPainterPath()
        number_font = style.font(120, bold=True)
        for board in self.scenario.grid.boards:
            rect = board_rect(board)
            sheets.addRect(rect)
            if board in self.art:
                continue
            for x in (rect.left() + 0.25 * rect.width(), rect.left() + 0.75 * rect.width()):
                text = QPainterPath()
                text.addText(0.0, 0.0, number_font, board.id)
                box = text.boundingRect()
                numbers.addPath(text.translated(x - box.center().x(), rect.center().y() - box.center().y()))
        self._sheets = sheets
        self._numbers = numbers

    def _build_grid(self) -> None:
        path = QPainterPath()
        for x1, y1, x2, y2 in grid_segments(self.scenario.grid).tolist():
            path.moveTo(x1, y1)
            path.lineTo(x2, y2)
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

    def _build_labels(self) -> None:
        """Each column's hex names as one glyph run: near the top of each hex, kept inside the map
        for the edge half hexes.  One run per column draws its 20-odd names in one call, about
        six times as fast as as many QStaticTexts (1,300 names on 4 boards)."""
        grid = self.scenario.grid
        raw = QRawFont.fromFont(self._label_font)
        ascent = QFontMetricsF(self._label_font).ascent()
        glyphs: dict[str, tuple[list[int], list[float]]] = {}
        columns: dict[int, tuple[list[int], list[QPointF]]] = {}
        printed = {board for board in self.art if not board.rotated}
        for h in grid.all_hexes:
            holders = [board for board, _ in grid.locals_of(h)]
            if holders[0] in printed:
                continue
            match = _LOCAL_NAME.search(grid.name(h))
            text = match.group(1) if match else grid.name(h)
            if text not in glyphs:
                indexes = raw.glyphIndexesForString(text)
                glyphs[text] = (indexes, [p.x() for p in raw.advancesForGlyphIndexes(indexes)])
            indexes, advances = glyphs[text]
            cx, cy = grid.center(h)
            places = [board_rect(board) for board in holders]  # the name stays on them
            right = max(place.right() for place in places) - sum(advances) - 2.0
            x = min(max(cx - sum(advances) / 2, min(place.left() for place in places) + 2.0), right)
            y = max(cy - HEX_HEIGHT / 2 + 2.0, min(place.top() for place in places) + 2.0) + ascent
            run_indexes, positions = columns.setdefault(h.col, ([], []))
            run_indexes.extend(indexes)
            for advance in advances:
                positions.append(QPointF(x, y))
                x += advance
        self._labels: dict[int, QGlyphRun] = {}
        for col, (run_indexes, positions) in columns.items():
            run = QGlyphRun()
            run.setRawFont(raw)
            run.setGlyphIndexes(run_indexes)
            run.setPositions(positions)
            self._labels[col] = run

    def update_terrain(self) -> bool:
        """Re-lay the terrain tint if the scenario's terrain changed; True when it did."""
        terrain = self.scenario.terrain
        if terrain == self._drawn_terrain:
            return False
        by_type: dict[str, list[Hex]] = {}
        for h, name in terrain.items():
            if name != "open ground":
                by_type.setdefault(name, []).append(h)
        rect = map_rectangle(self.scenario.grid)
        self._terrain_paths = [
            (geometry_path(shapely.union_all(hex_polygons(hexes)).intersection(rect)), QBrush(style.terrain_color(n)))
            for n, hexes in by_type.items()
        ]
        self._drawn_terrain = dict(terrain)
        return True

    def set_side_arcs(self, wedges: tuple[tuple[Hex, int], ...], union: QPainterPath, pen: QPen, brush: QBrush) -> None:
        """Draw one side's arcs over the map: ``wedges`` (origin, spine of each), whose outlines
        ``union`` holds (winding fill), filled with ``brush`` and outlined with ``pen``.  They are
        part of the cached map rather than an item of their own, so a zoom step draws them into
        the one background redraw instead of into a screen-sized layer composited over it; and
        the fill is of the union's merged outline (``simplified``), which fills the same pixels
        four times as fast as the overlapping wedges.  The scene redraws the map when they
        change."""
        self.side_arcs = wedges
        self._side_arcs_drawing = (union.simplified(), union, pen, brush)

    @property
    def side_arcs_path(self) -> QPainterPath:
        """The side's arcs drawn, each wedge's outline (empty when none are)."""
        return self._side_arcs_drawing[1]

    # -- drawing ----------------------------------------------------------------------------
    def _draw_tint(self, painter: QPainter) -> None:
        """The file's terrain: solid on a plain board, where it is all there is to see, and see-through
        over a board's art (``style.TERRAIN_TINT_ON_ART``), whose drawing then still reads."""
        on_art = QPainterPath()
        for board in self.art:
            on_art.addRect(board_rect(board))
        for clip, opacity in ((on_art, style.TERRAIN_TINT_ON_ART), (self._sheets.subtracted(on_art), 1.0)):
            if clip.isEmpty():
                continue
            painter.save()
            painter.setClipPath(clip, Qt.ClipOperation.IntersectClip)
            painter.setOpacity(opacity)
            for path, brush in self._terrain_paths:
                painter.setBrush(brush)
                painter.drawPath(path)
            painter.restore()

    def draw(self, painter: QPainter, rect: QRectF, shown: Mapping[str, bool], zooming: bool = False) -> None:
        """The static map over ``rect`` (scene coordinates), with the toggled layers ``shown``
        says (``TOGGLED_LAYERS`` name -> drawn); ``zooming``: the art sampled, not filtered.

        The grid and the terrain fills skip antialiasing, which is most of the cost of a redraw:
        every terrain edge is a hexside, hidden under a grid line anyway.
        """
        painter.fillRect(rect, style.color(style.OFF_MAP_COLOR))
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(style.terrain_color("open ground"))
        painter.drawPath(self._sheets)
        for board, art in self.art.items():
            target = board_rect(board)
            if target.intersects(rect) and zooming:
                art.draw(painter, target, smooth=False)
            elif target.intersects(rect):
                self._art_at_rest.draw(painter, board, art, target)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        if shown["tint"]:
            self._draw_tint(painter)
        for path, brush in self._ground_paths:
            painter.setBrush(brush)
            painter.drawPath(path)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setBrush(style.color(style.LABEL_COLOR, 0x28))
        painter.drawPath(self._numbers)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        if shown["grid"]:
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
        if shown["names"]:
            self._draw_labels(painter, rect)
        if self.side_arcs:
            merged, outlines, pen, brush = self._side_arcs_drawing
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)  # every edge is a hexside
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(brush)
            painter.drawPath(merged)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(outlines)

    def _draw_labels(self, painter: QPainter, rect: QRectF) -> None:
        """Hex names of the columns in ``rect``, unless zoomed out so far that they would be
        unreadable specks."""
        if painter.worldTransform().m11() < style.LABEL_MIN_SCALE:
            return
        painter.setPen(style.color(style.LABEL_COLOR))
        origin = QPointF(0.0, 0.0)
        for col in range(math.floor(rect.left() / HEX_WIDTH) - 1, math.ceil(rect.right() / HEX_WIDTH) + 2):
            run = self._labels.get(col)
            if run is not None:
                painter.drawGlyphRun(origin, run)
