"""XML as aslgui reads a module's buildFile and its counters' SVG: bounded while it is parsed.

A DTD is refused when the parser meets it, in any encoding (a UTF-16 counter's ``<!ENTITY``
is no ASCII bytes to look for), before an entity could expand; elements are counted and their
nesting measured as they are built, so a file of millions of empty elements or one nested
thousands deep is refused before it takes memory, and no reader after it recurses deeper than
``XML_DEPTH_LIMIT``.  Comments are kept: a counter's labels are comments.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from aslgui.errors import AslError
from aslgui.limits import XML_DEPTH_LIMIT, XML_ELEMENTS_LIMIT


class _Bounded(ET.TreeBuilder):
    """A tree builder that counts elements and levels, and refuses a DTD."""

    def __init__(self, what: str, elements: int, depth: int) -> None:
        super().__init__(insert_comments=True)
        self.what, self.elements, self.depth = what, elements, depth
        self.count = self.level = 0

    def start(self, tag: Any, attrs: dict[str, str]) -> ET.Element:
        self.count += 1
        self.level += 1
        if self.count > self.elements:
            raise AslError(f"cannot read {self.what}: it has over {self.elements:,} XML elements, the limit "
                           "(XML_ELEMENTS_LIMIT)", "")
        if self.level > self.depth:
            raise AslError(f"cannot read {self.what}: its XML elements nest over {self.depth} deep, the limit "
                           "(XML_DEPTH_LIMIT)", "")
        return super().start(tag, attrs)

    def end(self, tag: Any) -> ET.Element:
        self.level -= 1
        return super().end(tag)

    def doctype(self, name: str, pubid: str | None, system: str | None) -> None:
        raise AslError(f"cannot read {self.what}: it declares a DTD or entities, which aslgui does not expand", "")


def parse_xml(data: bytes, what: str, elements: int = XML_ELEMENTS_LIMIT, depth: int = XML_DEPTH_LIMIT) -> ET.Element:
    """An XML document's root; a DTD (entities could expand without bound), over ``elements``
    elements, nesting over ``depth`` or malformed XML is an AslError naming ``what``."""
    if b"<!DOCTYPE" in data or b"<!ENTITY" in data:
        raise AslError(f"cannot read {what}: it declares a DTD or entities, which aslgui does not expand", "")
    parser = ET.XMLParser(target=_Bounded(what, elements, depth))
    try:
        parser.feed(data)
        root: ET.Element = parser.close()
    except AslError:
        raise
    except (ET.ParseError, ValueError, RecursionError, LookupError) as error:
        raise AslError(f"cannot read {what}: it is not well-formed XML ({error})", "") from None
    return root
