"""Counters and markers as clean tiles: what each shows (pure functions of a Unit) and the Qt
item that draws it."""

from __future__ import annotations

import math
import re
from collections.abc import Iterable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QImage, QPainter, QPainterPath, QPen, QPicture, QPolygonF, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from aslgui.model import Unit
from aslgui.rules.to_hit.shot import FIRED_IN
from aslgui.ui.map import style
from aslgui.ui.map.counter_art import art_stem, library
from aslgui.ui.map.image_pyramid import device_scale, kept_scale

#: Item data role holding the unit id, on a counter tile and on each of its children.
UNIT_ROLE = 0
_STRENGTH = re.compile(r"\d+-\d+(-\d+)?")
_KIND_LABELS = {"squad": "Squad", "halfsquad": "HS", "crew": "Crew", "leader": "Leader", "gun": "Gun", "vehicle": "AFV"}


def spine_angle(spine: int) -> float:
    """Direction (degrees, screen y down) from a hex centre to its hexspine ``spine``."""
    return -60.0 + 60.0 * spine


def fire_marker(unit: Unit, phase: str, attacker: str) -> str:
    """The fire counter a unit that fired gets: BFF (Bounding First Fire) for a vehicle's shot in its
    MPh (C5.3), Prep Fire for the ATTACKER, and for the DEFENDER Final Fire after a shot in the DFPh,
    First Fire after one in the MPh (A3.3, A3.4), by the phase of its last shot (``FIRED_IN``; a
    marker set by hand or imported has none: the phase now)."""
    if unit.bounding_fired:
        return "BFF"
    if unit.side == attacker:
        return "Prep Fire"
    return "Final Fire" if unit.extra.get(FIRED_IN, phase) == "DFPh" else "First Fire"


def markers(unit: Unit, phase: str, attacker: str) -> list[str]:
    """The marker counters on a unit, bottom first (A-, C- and D-chapter status markers)."""
    out: list[str] = []
    if unit.kind == "vehicle":
        if unit.bu:
            out.append("BU")
        elif unit.extra.get("ce") is True:
            out.append("CE")
        if unit.motion:
            out.append("Motion")
    if unit.pinned:
        out.append("Pin")
    if unit.extra.get("ti") is True:
        out.append("TI")
    if unit.extra.get("no_move") is True:
        out.append("No Move")
    if unit.intensive_fired:  # it replaces the fire phase counter (C5.6)
        out.append("Intensive Fire")
    elif unit.fired:
        out.append(fire_marker(unit, phase, attacker))
    if unit.labor:
        out.append("Labor")
    if unit.low_ammo:
        out.append("Low Ammo")
    if unit.cx:
        out.append("CX")
    if unit.dc:
        out.append("DC")
    if unit.concealed:
        out.append("?")
    return out


def _number(value: float | None) -> str:
    return "" if value is None else f"{value:g}"


def _numbers(*labelled: tuple[str, int | None]) -> str:
    """``ROF3 M12`` from (label, value) pairs, leaving out the values not given."""
    return " ".join(f"{label}{value}" for label, value in labelled if value)


def counter_texts(unit: Unit) -> tuple[str, str, str]:
    """Top line, big centre text and bottom line of a counter: its key numbers.

    A Gun shows its calibre and barrel (57LL), ROF and M#; a vehicle its MA, MP and T#;
    Infantry their strength factors (4-6-7, 8-1).
    """
    if unit.kind == "gun":
        centre = f"{_number(unit.caliber)}{unit.barrel or ''}"
        bottom = _numbers(("ROF", unit.rof), ("M", unit.manhandling))
        return unit.name or "Gun", centre or "Gun", bottom
    if unit.kind == "vehicle":
        ma = unit.ma
        centre = ""
        if ma is not None:
            centre = f"{_number(ma.caliber)}{ma.barrel or ''}" if ma.caliber else ma.kind.upper()
        bottom = _numbers(("MP", unit.mp), ("T", unit.towing))
        return unit.name or "Vehicle", centre or "-", bottom
    strength = str(unit.extra.get("strength", ""))
    if not strength:
        match = _STRENGTH.search(unit.name)
        strength = match.group(0) if match else ""
    rest = _STRENGTH.sub("", unit.name).strip() if strength else unit.name
    top = rest or _KIND_LABELS[unit.kind]
    return top, strength or _KIND_LABELS[unit.kind], "BROKEN" if unit.broken else ""


class _Line:
    """A line of counter text with a font size that fits the tile's width."""

    def __init__(self, text: str, size: int, y: float, width: float, bold: bool = False) -> None:
        self.text = text
        self.font = style.font(size, bold)
        while QFontMetricsF(self.font).horizontalAdvance(text) > width and size > 5:
            size -= 1
            self.font = style.font(size, bold)
        self.rect = QRectF(-width / 2, y - size, width, 2 * size)


def _rounded(rect: QRectF, radius: float) -> QPainterPath:
    path = QPainterPath()
    path.addRoundedRect(rect, radius, radius)
    return path


_HALF = style.COUNTER_SIZE / 2
_TILE = _rounded(QRectF(-_HALF, -_HALF, 2 * _HALF, 2 * _HALF), 3.0)
_MARKER_HALF = style.MARKER_SIZE / 2
_MARKER = _rounded(QRectF(-_MARKER_HALF, -_MARKER_HALF, style.MARKER_SIZE, style.MARKER_SIZE), 2.0)
#: Reach of the facing arrows beyond the tile, so the item's bounds hold them.
_BOUNDS = QRectF(-_HALF - 14, -_HALF - 14, 2 * _HALF + 28, 2 * _HALF + 28)
_IMAGE_FORMAT = QImage.Format.Format_ARGB32_Premultiplied
#: Looked up once: ``paint`` runs for every counter on screen after each zoom step.
_ANTIALIASING = QPainter.RenderHint.Antialiasing
_SMOOTH = QPainter.RenderHint.SmoothPixmapTransform


def _arrow(spine: int, reach: float, size: float) -> QPolygonF:
    """A triangle at ``reach`` from the centre pointing at hexspine ``spine``."""
    triangle = QPolygonF([QPointF(reach + size, 0.0), QPointF(reach, -size * 0.8), QPointF(reach, size * 0.8)])
    return QTransform().rotate(spine_angle(spine)).map(triangle)


def _marker_lines(name: str) -> list[_Line]:
    """A marker's name on one line, or two when it has two words (``First / Fire``); a name too
    long for the tile shows shorter (``style.MARKER_TEXT``)."""
    width = style.MARKER_SIZE - 2
    name = style.MARKER_TEXT.get(name, name)
    words = name.split(" ", 1)
    if len(words) == 1:
        return [_Line(name, 7, 0.0, width, bold=True)]
    return [_Line(words[0], 6, -4.0, width, bold=True), _Line(words[1], 6, 4.0, width, bold=True)]


def marker_offset(index: int) -> QPointF:
    """Markers sit along the counter's lower right corner, four to a row, leaving its centre readable."""
    column, row = index % 4, index // 4
    return QPointF(_HALF - column * (style.MARKER_SIZE - 4), _HALF - 2 - row * (style.MARKER_SIZE - 6))


class CounterItem(QGraphicsItem):
    """One unit's counter: tile, key numbers, facing arrows (CA/VCA black, TCA red) and markers.
    A unit whose ``vasl.image`` the player's module draws shows that art instead of the tile and
    its numbers (``counter_art``), rendered once per zoom kept; arrows and markers go over it.

    One item per counter. Its drawing is recorded once as a QPicture, and Qt caches what
    ``paint`` draws as a pixmap at the current zoom (DeviceCoordinateCache): a repaint blits 200
    pixmaps.  After a zoom step ``paint`` runs again for each counter; it shrinks an image of the
    picture kept for a nearby zoom (``image_pyramid``) instead of replaying the picture's paths
    and text, a fifth of the cost, so a zoom step over 200 counters stays well inside a frame.
    """

    def __init__(self, unit: Unit, marker_names: list[str]) -> None:
        super().__init__()
        self.unit = unit
        self.marker_names = marker_names
        self.selected = False
        self.setData(UNIT_ROLE, unit.id)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        stem = art_stem(unit.extra)
        #: The module's counter art it shows, if any (else the plain tile).
        self.art = stem if stem is not None and library().renderer(stem) is not None else None
        if self.art is None:
            self.setToolTip(f"{unit.name or unit.kind}: a plain tile, as {library().why_plain(stem)}")
        elif gap := library().why_not_whole(stem):
            self.setToolTip(f"{unit.name or unit.kind}: {gap}")
        fill = style.nationality_color(unit.nationality or unit.side)
        self.fill = fill.darker(140) if unit.broken else fill
        self.ink = style.color(style.BROKEN_INK if unit.broken else style.COUNTER_INK)
        top, centre, bottom = counter_texts(unit)
        width = style.COUNTER_SIZE - 4
        self.lines = [_Line(top, 8, -_HALF + 7, width), _Line(centre, 13, 1.0, width, bold=True)]
        if bottom:
            self.lines.append(_Line(bottom, 8, _HALF - 7, width))
        self.arrows: list[tuple[QPolygonF, QColor]] = []
        if unit.facing is not None:
            self.arrows.append((_arrow(unit.facing, _HALF + 1, 5.0), style.color(style.COUNTER_INK)))
        if unit.kind == "vehicle" and unit.turret is not None and unit.tca is not None:
            self.arrows.append((_arrow(unit.tca, _HALF + 8, 4.0), style.color(style.BROKEN_INK)))
        self.marker_lines = [_marker_lines(name) for name in marker_names]
        self.picture = self._record()
        self._images: dict[float, QImage] = {}

    def set_selected(self, selected: bool) -> None:
        """Outline the counter in the selection colour."""
        if selected != self.selected:
            self.selected = selected
            self.picture = self._record()
            self._images.clear()
            self.update()

    def boundingRect(self) -> QRectF:
        return _BOUNDS

    def shape(self) -> QPainterPath:
        path = QPainterPath(_TILE)
        for i in range(len(self.marker_names)):
            path.addPath(_MARKER.translated(marker_offset(i)))
        return path

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        scale = device_scale(painter)
        level = kept_scale(scale)
        if level is None:
            painter.setRenderHint(_ANTIALIASING, True)
            self._draw_art(painter, scale)
            painter.drawPicture(0, 0, self.picture)
            return
        image = self._images.get(level)
        if image is None:
            image = self._images[level] = self._image(level)
        # Bilinear, without antialiased edges (a third of the cost): the image's rim is transparent.
        painter.setRenderHint(_ANTIALIASING, False)
        painter.setRenderHint(_SMOOTH, True)
        painter.drawImage(_BOUNDS, image)

    def _image(self, scale: float) -> QImage:
        """The picture drawn at ``scale`` into an image of the item's bounds."""
        image = QImage(math.ceil(_BOUNDS.width() * scale), math.ceil(_BOUNDS.height() * scale), _IMAGE_FORMAT)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        painter.scale(image.width() / _BOUNDS.width(), image.height() / _BOUNDS.height())
        painter.translate(-_BOUNDS.topLeft())
        self._draw_art(painter, scale)
        painter.drawPicture(0, 0, self.picture)
        painter.end()
        return image

    def _draw_art(self, painter: QPainter, scale: float) -> None:
        """The module's art on the tile's square, rendered for ``scale`` device pixels a unit."""
        art = library().image(self.art, math.ceil(style.COUNTER_SIZE * scale)) if self.art else None
        if art is not None:
            painter.setRenderHint(_SMOOTH, True)
            painter.drawImage(_TILE.boundingRect(), art)

    def _record(self) -> QPicture:
        picture = QPicture()
        painter = QPainter(picture)
        self._draw(painter)
        painter.end()
        return picture

    def _draw(self, painter: QPainter) -> None:
        """The tile and its numbers (or, over the art, only the selection's outline), arrows, markers."""
        if self.art is None or self.selected:
            painter.setBrush(self.fill if self.art is None else Qt.BrushStyle.NoBrush)
            edge, width = (style.SELECTION_COLOR, 3.0) if self.selected else (style.COUNTER_INK, 1.0)
            painter.setPen(QPen(style.color(edge), width))
            painter.drawPath(_TILE)
        centred = Qt.AlignmentFlag.AlignCenter
        if self.art is None:
            painter.setPen(self.ink)
            for line in self.lines:
                painter.setFont(line.font)
                painter.drawText(line.rect, centred, line.text)
        painter.setPen(Qt.PenStyle.NoPen)
        for polygon, colour in self.arrows:
            painter.setBrush(colour)
            painter.drawPolygon(polygon)
        for i, (name, lines) in enumerate(zip(self.marker_names, self.marker_lines, strict=True)):
            fill, ink = style.MARKER_COLORS[name]
            offset = marker_offset(i)
            painter.setPen(QPen(style.color(style.COUNTER_INK), 1.0))
            painter.setBrush(style.color(fill))
            painter.drawPath(_MARKER.translated(offset))
            painter.setPen(style.color(ink))
            for line in lines:
                painter.setFont(line.font)
                painter.drawText(line.rect.translated(offset), centred, line.text)


def stacking_order(units: Iterable[Unit]) -> list[Unit]:
    """Bottom to top: file order, except that a manned Gun sits right on top of its crew, as a
    possessed SW does on its possessor (A4.43), so its counter and CA arrow show."""
    order = list(units)
    where = {unit.id: unit.hex for unit in order}
    for gun in [u for u in order if u.kind == "gun" and u.crew is not None and where.get(u.crew) == u.hex]:
        order.remove(gun)
        order.insert(next(i for i, u in enumerate(order) if u.id == gun.crew) + 1, gun)
    return order


def stack_offset(index: int, size: int) -> QPointF:
    """Where the ``index``-th of ``size`` counters in a hex sits relative to the hex centre: each
    one up the stack shifts right and up, and the stack as a whole stays centred."""
    shift = (index - (size - 1) / 2) * style.STACK_OFFSET
    return QPointF(shift, -shift)


def handle_position(spine: int, radius: float) -> QPointF:
    """Point at ``radius`` from the hex centre towards hexspine ``spine``."""
    angle = math.radians(spine_angle(spine))
    return QPointF(radius * math.cos(angle), radius * math.sin(angle))
