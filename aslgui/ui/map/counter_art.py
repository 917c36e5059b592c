"""The counters' own art from the player's VASL module (DESIGN.md 11), drawn through QtSvg.

VASL's counter SVGs put each printed value in a nested ``<svg x y width height>`` and place text
in percent of it; QtSvg (SVG Tiny 1.2) skips nested svg elements and reads a percent as a plain
number, so the numbers would vanish or stray.  ``flat_svg`` turns each nested viewport into a
translated group and each percent into user units, and embeds the picture of the unit a counter
names beside it in the module (``href="svg/x.png"``: QtSvg would look for a file).  A counter is
parsed once and rendered once per (image, pixel size) into a QImage: the map's counters, the order
of battle and the palette draw those, so a repaint never runs the SVG renderer.
"""

from __future__ import annotations

import base64
import os
import xml.etree.ElementTree as ET
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any, NamedTuple

from PySide6.QtCore import QBuffer, QByteArray, QLoggingCategory, QRectF, Qt, QTimer
from PySide6.QtGui import QIcon, QImage, QImageReader, QPainter, QPixmap
from PySide6.QtSvg import QSvgRenderer

from aslgui.errors import AslError
from aslgui.limits import (
    EMBEDDED_PICTURE_PIXELS_KEPT,
    EMBEDDED_PICTURE_PIXELS_LIMIT,
    SVG_ELEMENTS_LIMIT,
    SVG_USE_EXPANSION_LIMIT,
)
from aslgui.vasl.module import Module
from aslgui.vasl.module_art import ModuleArt
from aslgui.vasl.xml_reader import parse_xml

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
#: Attributes measured along the viewport's width, and along its height.
_ACROSS = ("x", "cx", "x1", "x2", "width", "rx")
_DOWN = ("y", "cy", "y1", "y2", "height", "ry")
#: Each of them -> whether it is measured across (True) or down.
_AXIS = {**dict.fromkeys(_ACROSS, True), **dict.fromkeys(_DOWN, False)}
#: Rendered images kept (a few per counter kind and zoom; one 76-pixel image is 23 kB).
_KEPT_IMAGES = 1024
#: Parsed counters kept for drawing at another size (a module's counters, a few KB each).
_KEPT_RENDERERS = 4096
#: The pictures a counter may embed: PNG, JPEG or GIF as ``data:`` URIs, or a member of the
#: module beside its SVG (``ModuleArt.picture``).  Anything else (a file name outside the module, a
#: URL, an SVG picture that could name files itself) is left out: aslgui never opens a file the
#: module does not hold.
_PICTURES = ("data:image/png;", "data:image/jpeg;", "data:image/jpg;", "data:image/gif;")
#: The first bytes of the pictures read from the module -> their type in a ``data:`` URI.
_MAGIC = {b"\x89PNG": "image/png", b"\xff\xd8\xff": "image/jpeg", b"GIF8": "image/gif"}
#: The largest counter image rendered (a counter at 600% on a 2x screen needs about 460 pixels).
MAX_PIXELS = 512
#: The modules' zips are closed this long after the last counter read from them, so the player can
#: replace a module while aslgui runs (Windows locks an open file); the next read opens it again.
RELEASE_MS = 2000

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


def _picture_pixels(href: str) -> int | None:
    """The pixels of an embedded raster picture (its header read, not the picture decoded); None
    when it is no base64 PNG, JPEG or GIF Qt can read."""
    head, comma, body = href.strip().partition(",")
    if not comma or not head.lower().endswith(";base64") or not (head.lower() + ";").startswith(_PICTURES):
        return None
    return _raster_pixels(QByteArray.fromBase64(QByteArray(body.encode("ascii", "replace"))))


def _raster_pixels(raw: QByteArray) -> int | None:
    """The pixels of a raster picture, its header read; None when Qt cannot read its size."""
    buffer = QBuffer(raw)  # kept alive while the reader reads it
    size = QImageReader(buffer).size()
    return size.width() * size.height() if size.isValid() and not size.isEmpty() else None


def _embedded(raw: bytes | None) -> str | None:
    """A picture read from the module as a ``data:`` URI; None when it is no PNG, JPEG or GIF."""
    kind = next((kind for magic, kind in _MAGIC.items() if raw and raw.startswith(magic)), None)
    return None if raw is None or kind is None else f"data:{kind};base64,{base64.b64encode(raw).decode()}"


class _Pictures:
    """What a counter's embedded pictures may still take (``EMBEDDED_PICTURE_PIXELS_LIMIT``: QtSvg
    keeps each decoded) and how many were left out, so the player can be told its art is not whole."""

    def __init__(self, beside: Callable[[str], bytes | None] | None = None) -> None:
        self.pixels_left = EMBEDDED_PICTURE_PIXELS_LIMIT
        self.left_out = 0
        self.beside = beside

    def keep(self, image: ET.Element) -> bool:
        """Whether an ``<image>`` is drawn: every href it has (``href``, ``xlink:href``) a raster
        picture embedded in the counter or read from the module ``beside`` it (then embedded), all
        of them within the pixels left; else counted left out."""
        hrefs = [key for key in image.attrib if _local(key) == "href" or key.endswith("}href")]
        if not hrefs:
            return False  # nothing to draw, nothing lost
        for key in hrefs:
            href = image.attrib[key]
            if not href.strip().lower().startswith("data:") and self.beside is not None:
                image.set(key, _embedded(self.beside(href)) or href)
        pixels = [_picture_pixels(image.attrib[key]) for key in hrefs]
        total = sum(p for p in pixels if p is not None)
        if None in pixels or total > self.pixels_left:
            self.left_out += 1
            return False
        self.pixels_left -= total
        return True


def _flatten(element: ET.Element, width: float, height: float, pictures: _Pictures) -> None:
    """Resolve the percents of ``element``'s children against the viewport (``width``, ``height``);
    a nested svg becomes a group translated to its place, its own size the viewport inside it;
    a picture not embedded in the counter, or over the pixels left in ``pictures``, is left out."""
    for child in list(element):
        name = _local(child.tag)
        if name == "image" and not pictures.keep(child):
            element.remove(child)
            continue
        for attr, value in list(child.attrib.items()):
            if (attr in _AXIS and value.strip().endswith("%")
                    and (number := _length(value, width if _AXIS[attr] else height)) is not None):
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
        _flatten(child, *inner, pictures)


def _use_target(element: ET.Element, ids: dict[str, ET.Element]) -> ET.Element | None:
    if _local(element.tag) != "use":
        return None
    href = next((v for k, v in element.attrib.items() if _local(k) == "href" or k.endswith("}href")), "")
    return ids.get(href.strip().removeprefix("#")) if href.strip().startswith("#") else None


def _drawn_elements(root: ET.Element, limit: int) -> int:
    """How many elements QtSvg draws for ``root``, each ``<use>`` counting what it repeats (capped
    at ``limit + 1``; a ``<use>`` that repeats itself counts as over the limit).  Walked with a
    stack, each element once: a fan-out of nested ``<use>`` is counted, never drawn."""
    ids = {name: e for e in root.iter() if (name := e.get("id"))}
    size: dict[int, int] = {}
    open_now: set[int] = set()
    stack: list[tuple[ET.Element, bool]] = [(root, False)]
    while stack:
        element, done = stack.pop()
        key = id(element)
        target = _use_target(element, ids)
        if done:
            open_now.discard(key)
            total = 1 + sum(size[id(c)] for c in element) + (size[id(target)] if target is not None else 0)
            size[key] = min(total, limit + 1)
            continue
        if key in size:
            continue
        if key in open_now:
            return limit + 1
        open_now.add(key)
        stack.append((element, True))
        stack.extend((c, False) for c in (*element, *(() if target is None else (target,))) if id(c) not in size)
    return size[id(root)]


def flat_svg(data: bytes, what: str) -> bytes:
    """A counter's SVG as QtSvg draws it: nested viewports flattened, percents resolved, pictures
    not embedded in it left out (``ArtLibrary`` embeds those the module holds beside it); AslError
    naming ``what`` when it is not well-formed, over the XML limits, or its ``<use>`` elements
    repeat more than ``SVG_USE_EXPANSION_LIMIT`` elements."""
    return _flat(data, what).svg


class _FlatSvg(NamedTuple):
    """A counter's flattened SVG, the pixels of the pictures it keeps (QtSvg holds them decoded)
    and how many pictures it left out."""

    svg: bytes
    pixels: int
    left_out: int


def _flat(data: bytes, what: str, beside: Callable[[str], bytes | None] | None = None) -> _FlatSvg:
    """``flat_svg`` with what became of its pictures, those named by a relative href read
    ``beside`` it in the module."""
    root = parse_xml(data, what, SVG_ELEMENTS_LIMIT)
    uses = any(_local(e.tag) == "use" for e in root.iter())
    if uses and _drawn_elements(root, SVG_USE_EXPANSION_LIMIT) > SVG_USE_EXPANSION_LIMIT:
        raise AslError(f"cannot draw {what}: its <use> elements repeat over {SVG_USE_EXPANSION_LIMIT:,} elements, "
                       "the limit (SVG_USE_EXPANSION_LIMIT)", "")
    width = _length(root.get("width"), 60.0) or 60.0
    height = _length(root.get("height"), 60.0) or 60.0
    if root.get("viewBox") is None:
        root.set("viewBox", f"0 0 {width:g} {height:g}")
    pictures = _Pictures(beside)
    _flatten(root, width, height, pictures)
    flat: bytes = ET.tostring(root, encoding="utf-8")
    return _FlatSvg(flat, EMBEDDED_PICTURE_PIXELS_LIMIT - pictures.pixels_left, pictures.left_out)


def art_stem(extra: Mapping[str, Any]) -> str | None:
    """The image stem a unit's (or order-of-battle entry's) ``vasl`` key names, if any."""
    vasl = extra.get("vasl")
    image = vasl.get("image") if isinstance(vasl, Mapping) else None
    return image if isinstance(image, str) and image.strip() else None


class ArtLibrary:
    """The counter art of the modules read: each module's zip opened once for a burst of reads
    (``ModuleArt``) and closed ``RELEASE_MS`` after it, each SVG parsed once while it is among the
    last drawn (``_KEPT_RENDERERS`` of them, their embedded pictures ``EMBEDDED_PICTURE_PIXELS_KEPT``
    pixels in all), each (image, pixels) rendered once while kept."""

    def __init__(self, modules: Sequence[Module] = ()) -> None:
        self.modules = tuple(modules)
        self._archives = {module.path: ModuleArt(module.path) for module in self.modules}
        self._renderers: OrderedDict[str, tuple[QSvgRenderer, int]] = OrderedDict()
        self._picture_pixels = 0
        self._without: set[str] = set()
        #: Counters whose art is drawn without some of its pictures -> how many were left out.
        self._left_out: dict[str, int] = {}
        self._release: QTimer | None = None
        self._images: OrderedDict[tuple[str, int], QImage] = OrderedDict()
        self._icons: dict[tuple[str, int], QIcon] = {}

    def close(self) -> None:
        """Close the modules' zips (after a burst of reads, or the library is no longer used)."""
        for archive in self._archives.values():
            archive.close()

    def zips_open(self) -> int:
        """How many of the modules' zips are open now."""
        return sum(archive.is_open for archive in self._archives.values())

    def _release_later(self) -> None:
        """Close the zips ``RELEASE_MS`` after this read, unless another read comes first."""
        if self._release is None:
            self._release = QTimer()
            self._release.setSingleShot(True)
            self._release.setInterval(RELEASE_MS)
            self._release.timeout.connect(self.close)
        self._release.start()

    def renderer(self, stem: str) -> QSvgRenderer | None:
        """The renderer of a counter's SVG, from the first module that has it; None when none has
        it, or it cannot be read or drawn."""
        if stem in self._without:
            return None
        kept = self._renderers.get(stem)
        if kept is not None:
            self._renderers.move_to_end(stem)
            return kept[0]
        found: QSvgRenderer | None = None
        pictures = 0
        for module in self.modules:
            if module.counter(stem) is None:  # the index knows each module's SVG counters
                continue
            archive = self._archives[module.path]
            data = archive.svg(stem)
            self._release_later()
            if data is None:
                continue
            try:
                flat = _flat(data, f"{stem}.svg in {module.path}", partial(archive.picture, stem))
            except AslError:
                continue
            renderer = QSvgRenderer(QByteArray(flat.svg))
            if renderer.isValid():
                found, pictures = renderer, flat.pixels
                if flat.left_out:
                    self._left_out[stem] = flat.left_out
                break
        if found is None:
            self._without.add(stem)
            return None
        self._renderers[stem] = (found, pictures)
        self._picture_pixels += pictures
        while len(self._renderers) > 1 and (len(self._renderers) > _KEPT_RENDERERS
                                            or self._picture_pixels > EMBEDDED_PICTURE_PIXELS_KEPT):
            self._picture_pixels -= self._renderers.popitem(last=False)[1][1]
        return found

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
        return f"your VASL module ({names}) has no SVG image of {stem}, and aslgui draws SVG counters only"

    def why_not_whole(self, stem: str | None) -> str | None:
        """Why a counter's art is drawn without some of its pictures (None when it is whole): the
        tooltip says so, so a missing emblem is not taken for the module's (issue 37)."""
        left_out = self._left_out.get(stem or "")
        if not left_out:
            return None
        pictures = "1 picture" if left_out == 1 else f"{left_out} pictures"
        return (f"its art is drawn without {pictures}: aslgui draws only pictures embedded in the counter or "
                f"beside it in the module, {EMBEDDED_PICTURE_PIXELS_LIMIT:,} pixels in all")

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
    _library.close()
    _library = ArtLibrary(modules)


def library() -> ArtLibrary:
    """The art of the modules in use (``use_modules``)."""
    return _library
