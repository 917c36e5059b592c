"""The counters' own art from the player's VASL module (DESIGN.md 11), drawn through QtSvg.

VASL's counter SVGs put each printed value in a nested ``<svg x y width height>`` and place text
in percent of it; QtSvg (SVG Tiny 1.2) skips nested svg elements and reads a percent as a plain
number, so the numbers would vanish or stray.  ``flat_svg`` turns each nested viewport into a
translated group and each percent into user units, and leaves out the pictures a counter only
references (``href="svg/x.png"``: not in the module).  A counter is parsed once and rendered once
per (image, pixel size) into a QImage: the map's counters, the order of battle and the palette
draw those, so a repaint never runs the SVG renderer.
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QByteArray, QLoggingCategory, QRectF, Qt
from PySide6.QtGui import QIcon, QImage, QPainter, QPixmap
from PySide6.QtSvg import QSvgRenderer

from aslgui.errors import AslError
from aslgui.vasl.counter_svg import parse_xml
from aslgui.vasl.module import Module, counter_art

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
#: Attributes measured along the viewport's width, and along its height.
_ACROSS = ("x", "cx", "x1", "x2", "width", "rx")
_DOWN = ("y", "cy", "y1", "y2", "height", "ry")
#: Rendered images kept (a few per counter kind and zoom; one 76-pixel image is 23 kB).
_KEPT_IMAGES = 1024
#: The largest counter image rendered (a counter at 600% on a 2x screen needs about 460 pixels).
MAX_PIXELS = 512

ET.register_namespace("", SVG_NS)
ET.register_namespace("xlink", XLINK_NS)
#: QtSvg warns on stderr about each SVG element it does not support in VASL's counters (a few
#: draw an element inside a text it cannot hold); the counter still draws, so the noise is muted.
QLoggingCategory.setFilterRules("qt.svg.warning=false")


def _local(tag: Any) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _length(text: str | None, whole: float) -> float | None:
    """A length in user units: a number, or a percent of ``whole``; None when neither."""
    if text is None:
        return None
    text = text.strip().removesuffix("px")
    try:
        return float(text[:-1]) * whole / 100 if text.endswith("%") else float(text)
    except ValueError:
        return None


def _view_box(text: str | None) -> tuple[float, float, float, float] | None:
    """A viewBox's x, y, width and height; None when absent, malformed or empty."""
    try:
        x, y, w, h = (float(v) for v in (text or "").replace(",", " ").split())
    except ValueError:
        return None
    return (x, y, w, h) if w > 0 and h > 0 else None


def _flatten(element: ET.Element, width: float, height: float) -> None:
    """Resolve the percents of ``element``'s children against the viewport (``width``, ``height``);
    a nested svg becomes a group translated to its place, its own size the viewport inside it."""
    for child in list(element):
        name = _local(child.tag)
        if name == "image" and not str(child.get("href") or child.get(f"{{{XLINK_NS}}}href") or "").startswith("data:"):
            element.remove(child)  # a picture outside the module: left out
            continue
        for attr, whole in [*((a, width) for a in _ACROSS), *((a, height) for a in _DOWN)]:
            value = child.get(attr)
            if value is not None and value.strip().endswith("%") and (number := _length(value, whole)) is not None:
                child.set(attr, f"{number:.3f}")
        inner = (width, height)
        if name == "svg":
            x, y = _length(child.get("x"), width) or 0.0, _length(child.get("y"), height) or 0.0
            inner = (_length(child.get("width"), width) or width, _length(child.get("height"), height) or height)
            transform = f"translate({x:.3f},{y:.3f})"
            box = _view_box(child.get("viewBox"))
            if box is not None:  # its own units, scaled into its place
                scale = f"scale({inner[0] / box[2]:.6f},{inner[1] / box[3]:.6f})"
                transform += f" {scale} translate({-box[0]:g},{-box[1]:g})"
                inner = (box[2], box[3])
            for attr in ("x", "y", "width", "height", "style", "viewBox", "preserveAspectRatio"):
                child.attrib.pop(attr, None)
            child.tag = f"{{{SVG_NS}}}g"
            child.set("transform", transform)
        _flatten(child, *inner)


def flat_svg(data: bytes, what: str) -> bytes:
    """A counter's SVG as QtSvg draws it: nested viewports flattened, percents resolved, outside
    pictures left out (AslError naming ``what`` when it is not well-formed)."""
    root = parse_xml(data, what)
    width = _length(root.get("width"), 60.0) or 60.0
    height = _length(root.get("height"), 60.0) or 60.0
    if root.get("viewBox") is None:
        root.set("viewBox", f"0 0 {width:g} {height:g}")
    _flatten(root, width, height)
    flat: bytes = ET.tostring(root, encoding="utf-8")
    return flat


def art_stem(extra: Mapping[str, Any]) -> str | None:
    """The image stem a unit's (or order-of-battle entry's) ``vasl`` key names, if any."""
    vasl = extra.get("vasl")
    image = vasl.get("image") if isinstance(vasl, Mapping) else None
    return image if isinstance(image, str) and image.strip() else None


class ArtLibrary:
    """The counter art of the modules read: each SVG parsed once, each (image, pixels) rendered once."""

    def __init__(self, modules: Sequence[Module] = ()) -> None:
        self.modules = tuple(modules)
        self._renderers: dict[str, QSvgRenderer | None] = {}
        self._images: OrderedDict[tuple[str, int], QImage] = OrderedDict()
        self._icons: dict[tuple[str, int], QIcon] = {}

    def renderer(self, stem: str) -> QSvgRenderer | None:
        """The renderer of a counter's SVG, from the first module that has it; None when none has
        it, or it cannot be read or drawn."""
        if stem not in self._renderers:
            found: QSvgRenderer | None = None
            for module in self.modules:
                if module.counter(stem) is None:  # the index knows each module's SVG counters
                    continue
                data = counter_art(module.path, stem)
                if data is None:
                    continue
                try:
                    renderer = QSvgRenderer(QByteArray(flat_svg(data, f"{stem}.svg in {module.path}")))
                except AslError:
                    continue
                if renderer.isValid():
                    found = renderer
                    break
            self._renderers[stem] = found
        return self._renderers[stem]

    def why_plain(self, stem: str | None) -> str:
        """Why a counter shows the plain tile, not its art: for the tooltip of its counter, so the
        player knows what to add (a module) or that the module lacks it (issue 38)."""
        if stem is None:
            return "it has no VASL image (a counter made in aslgui, not imported from a VASL game)"
        if not self.modules:
            return f"no VASL module is set up to draw its image {stem}: File > Add VASL module..."
        if any(module.counter(stem) is not None for module in self.modules):
            return f"the art of {stem} in your VASL module cannot be drawn (damaged or too big)"
        names = ", ".join(os.path.basename(module.path) for module in self.modules)
        return f"your VASL module ({names}) holds no SVG art for {stem}, and aslgui draws SVG counters only"

    def image(self, stem: str, pixels: int) -> QImage | None:
        """The counter drawn into a square image ``pixels`` wide (at most ``MAX_PIXELS``)."""
        pixels = max(1, min(int(pixels), MAX_PIXELS))
        key = (stem, pixels)
        image = self._images.get(key)
        if image is not None:
            self._images.move_to_end(key)
            return image
        renderer = self.renderer(stem)
        if renderer is None:
            return None
        image = QImage(pixels, pixels, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        renderer.render(painter, QRectF(0, 0, pixels, pixels))
        painter.end()
        self._images[key] = image
        if len(self._images) > _KEPT_IMAGES:
            self._images.popitem(last=False)
        return image

    def icon(self, stem: str | None, pixels: int) -> QIcon | None:
        """The counter as an icon for a list (order of battle, palette); None without art."""
        if stem is None:
            return None
        key = (stem, pixels)
        if key not in self._icons:
            image = self.image(stem, pixels)
            if image is None:
                return None
            self._icons[key] = QIcon(QPixmap.fromImage(image))
        return self._icons[key]


_library = ArtLibrary()


def use_modules(modules: Sequence[Module]) -> None:
    """Draw counters from these modules from now on (the counter library changed)."""
    global _library
    _library = ArtLibrary(modules)


def library() -> ArtLibrary:
    """The art of the modules in use (``use_modules``)."""
    return _library
