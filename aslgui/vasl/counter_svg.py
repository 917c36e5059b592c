"""The printed values of one VASL counter drawn as SVG (DESIGN.md 11), read into plain values.

VASL's generators (``vasl_vehicle_counters``, ``vasl_ordnance_counters``; older hand-made files
follow the same habits) write each printed value as ``<text>`` inside the element that follows a
labelled comment (``<!-- ROF -->``, ``<!-- Front Armor -->``, ``<!-- Machine guns -->`` ...).
Comments inside that element mark it (``Superior Turret Armor``, ``overline``).  Meaning also
lies in styling: red fill, a ``baseline-shift="super"`` superscript (``75`` + superscript ✽ is
``75*``), an over/underlined MA.  ``read_counter`` keeps every labelled text as printed
(``Printed``) and ``counter_text.interpret`` turns them into ``CounterValues``.  Learned from VASL's sources
and its counters, written here from scratch.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

from aslgui.errors import AslError
from aslgui.limits import SVG_LIMIT
from aslgui.vasl.counter_text import SUPERSCRIPT, TURRETS, CounterValues, Printed, interpret
from aslgui.vasl.xml_reader import parse_xml

_RED = frozenset({"red", "crimson", "darkred"})
#: Disc glyphs VASL draws behind a value (white, from an invisible copy of the text that places them).
_DISCS = frozenset("●⬤")
_STYLES = ("fill", "stroke", "baseline-shift", "text-decoration")
_NOTE = re.compile(r"\d[\w.]*")
_TAG = re.compile(r"<[^>]*>")


# -- reading the SVG ---------------------------------------------------------------------------
def is_red(colour: str) -> bool:
    """A fill colour a reader sees as red: a red name, or ``#rgb``/``#rrggbb``/``rgb(r,g,b)`` with a
    strong red and weak green and blue (VASL's generators print ``red``, ``#ff0000`` and ``#e10000``)."""
    colour = colour.lower().replace(" ", "")
    if colour in _RED:
        return True
    found = re.fullmatch(r"#([0-9a-f]{3}|[0-9a-f]{6})", colour)
    if found:
        digits = found.group(1)
        rgb = [int(d * 2, 16) for d in digits] if len(digits) == 3 else [int(digits[i:i + 2], 16) for i in (0, 2, 4)]
    else:
        numbers = re.fullmatch(r"rgb\((\d+),(\d+),(\d+)\)", colour)
        if numbers is None:
            return False
        rgb = [int(n) for n in numbers.groups()]
    red, green, blue = rgb
    return red >= 0xb0 and green <= 0x50 and blue <= 0x50


def _is_comment(element: ET.Element) -> bool:
    return element.tag is ET.Comment  # type: ignore[comparison-overlap]  # typeshed types every tag as str


def _local(tag: Any) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _style(element: ET.Element, inherited: dict[str, str]) -> dict[str, str]:
    style = dict(inherited)
    for name in _STYLES:
        if name in element.attrib:
            style[name] = element.attrib[name]
    for item in element.attrib.get("style", "").split(";"):
        name, _, value = item.partition(":")
        if name.strip() in _STYLES:
            style[name.strip()] = value.strip().lower()
    return style


class _Runs:
    """The visible text runs of one element, in order, with their styling."""

    def __init__(self) -> None:
        self.marked: list[str] = []
        self.red = self.overline = self.underline = False
        self.markers: list[str] = []
        self.shapes: list[str] = []

    def add(self, text: str | None, style: dict[str, str]) -> None:
        if not text or not text.strip() or style.get("fill", "").lower() == "none":
            return
        text = " ".join(text.split())
        if all(c in _DISCS for c in text.replace(" ", "")):
            self.shapes.append("disc")  # a white disc drawn as a glyph behind a value: no printed text
            return
        self.marked.append(f"^{text}^" if style.get("baseline-shift") == "super" else text)
        self.red |= is_red(style.get("fill", ""))
        decoration = style.get("text-decoration", "")
        self.overline |= "overline" in decoration
        self.underline |= "underline" in decoration

    def walk(self, element: ET.Element, style: dict[str, str], in_text: bool) -> None:
        for child in element:
            if _is_comment(child):
                marker = (child.text or "").strip()
                self.markers.append(marker)
                self.overline |= marker == "overline"
                self.underline |= marker == "underline"
            elif _local(child.tag) in ("text", "tspan"):
                child_style = _style(child, style)
                self.add(child.text, child_style)
                self.walk(child, child_style, True)
            else:
                shape = _style(child, style)
                outline = shape.get("stroke", "none") != "none" and shape.get("fill", "none") == "none"
                self.shapes.append(_local(child.tag) + (" outline" if outline else ""))
                self.walk(child, shape, in_text)
            if in_text:
                self.add(child.tail, style)

    def printed(self, label: str) -> Printed:
        marked = "".join(self.marked).strip()
        return Printed(label, SUPERSCRIPT.sub("", marked).strip(), marked, self.red, self.overline, self.underline,
                       tuple(self.markers), tuple(self.shapes))


def _printed(label: str, element: ET.Element) -> Printed:
    runs = _Runs()
    style = _style(element, {})
    if _local(element.tag) in ("text", "tspan"):
        runs.add(element.text, style)
        runs.walk(element, style, True)
    else:
        runs.walk(element, style, False)
    return runs.printed(label)


def _label(comment: str) -> str:
    """``MA, text position adjusts ...`` -> ``MA``; ``One Man Turret - It is the way`` -> ``One Man Turret``."""
    return comment.split(",", 1)[0].split(" - ", 1)[0].strip()


def _groups(root: ET.Element) -> Iterator[tuple[str | None, ET.Element]]:
    """(label, element) for each element a comment labels, (None, text) for each unlabelled text,
    in document order; elements neither labelled nor text are looked into."""
    stack = [iter(root)]
    labels: list[str | None] = [None]
    while stack:
        child = next(stack[-1], None)
        if child is None:
            stack.pop()
            labels.pop()
        elif _is_comment(child):
            labels[-1] = _label(child.text or "")
        elif labels[-1] is not None or _local(child.tag) == "text":
            yield labels[-1], child
            labels[-1] = None
        else:
            stack.append(iter(child))
            labels.append(None)


def _header(root: ET.Element) -> tuple[str | None, str | None]:
    """(note, name) from the header comment; the older vehicle layout swaps its two fields."""
    for comment in filter(_is_comment, root.iter()):
        fields: dict[str, str] = {}
        for line in (comment.text or "").splitlines():
            key, colon, value = line.partition(":")
            if colon:
                fields.setdefault(key.strip(), value.strip())
        if "Name" in fields or "Note #" in fields:
            note, name = fields.get("Note #") or None, fields.get("Name") or None
            if (note is None or not _NOTE.fullmatch(note)) and name is not None and _NOTE.fullmatch(name):
                note, name = name, note
            return note, (" ".join(_TAG.sub("", name).split()) if name else None)
    return None, None


def read_counter(stem: str, data: bytes) -> CounterValues:
    """The values an SVG counter prints (AslError if it is not SVG XML)."""
    if len(data) > SVG_LIMIT:
        raise AslError(f"cannot read counter {stem!r}: it is over {SVG_LIMIT // (1024 * 1024)} MB", "")
    root = parse_xml(data, f"counter {stem!r}")
    if _local(root.tag) != "svg":
        raise AslError(f"cannot read counter {stem!r}: it is not SVG", "")
    note, name = _header(root)
    labelled: list[Printed] = []
    unlabelled: list[Printed] = []
    for label, element in _groups(root):
        printed = _printed(label or "", element)
        if label is None:
            if printed.marked:
                unlabelled.append(printed)
        elif printed.marked or label in TURRETS:
            labelled.append(printed)
    return interpret(stem, note, name, (*labelled, *unlabelled))
