"""The counter art of a VASL module for drawing (DESIGN.md 11): its SVGs and the pictures they
name beside them, read from one open zip; the window's art library (``ui.map.counter_art``)
draws them, ``aslgui counters``' reader (``vasl.module``) reads their printed numbers."""

from __future__ import annotations

import os
import posixpath
import zipfile
from urllib.parse import unquote

from aslgui.errors import AslError
from aslgui.limits import COUNTER_PICTURE_LIMIT, SVG_ELEMENTS_LIMIT, SVG_LIMIT
from aslgui.user_files import open_zip, read_zip_member
from aslgui.vasl.module import stem_key
from aslgui.vasl.xml_reader import parse_xml

#: The pictures a counter's SVG may name beside it (``ModuleArt.picture``).
_PICTURE_ENDINGS = (".png", ".jpg", ".jpeg", ".gif")


class ModuleArt:
    """The counter SVGs of one module for drawing: its zip opened once and its SVG members indexed
    by stem once, so each counter costs one lookup and one member read (issue 35: a zip open and a
    scan of every member per counter took seconds for a scenario of 200 counters).  Closed by
    ``close`` (or ``with``); a module that cannot be opened yields no art, nothing fatal."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = os.fspath(path)
        self._archive: zipfile.ZipFile | None = None
        self._members: dict[str, zipfile.ZipInfo] | None = None
        self._pictures: dict[str, zipfile.ZipInfo] = {}

    def __enter__(self) -> ModuleArt:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def _index(self) -> dict[str, zipfile.ZipInfo]:
        if self._members is None:
            self._members = {}
            try:
                self._archive = open_zip(self.path, "VASL module")
            except AslError:
                return self._members
            for info in self._archive.infolist():
                name = info.filename
                if not name.startswith("images/"):
                    continue
                if name.lower().endswith(".svg"):
                    self._members.setdefault(stem_key(name), info)
                elif name.lower().endswith(_PICTURE_ENDINGS):
                    self._pictures.setdefault(name.lower(), info)
        return self._members

    def svg(self, image: str, limit: int = SVG_LIMIT) -> bytes | None:
        """The SVG bytes of a counter, found by its stem in either form; None when the module lacks
        it or it is too big or its zip member damaged (nothing fatal; the drawing parses it)."""
        info = self._index().get(stem_key(image))
        if info is None or self._archive is None:
            return None
        try:
            return read_zip_member(self._archive, info, info.filename, limit, "SVG_LIMIT")
        except AslError:
            return None

    def picture(self, image: str, href: str) -> bytes | None:
        """The bytes of a picture counter ``image``'s SVG names by a relative href: VASL's SVGs name
        the unit's depiction beside them (``svg/KV1M41.png`` in ``images/ru/veh/``).  None when the
        href names a scheme, an absolute path or a member outside ``images/``, or the module lacks
        it, or it is over ``COUNTER_PICTURE_LIMIT``: aslgui reads nothing but the module's images."""
        svg = self._index().get(stem_key(image))
        href = unquote(href.strip())
        if svg is None or self._archive is None or not href or ":" in href or href.startswith(("/", "\\")):
            return None
        name = posixpath.normpath(posixpath.join(posixpath.dirname(svg.filename), href.replace("\\", "/")))
        info = self._pictures.get(name.lower()) if name.startswith("images/") else None
        if info is None:
            return None
        try:
            return read_zip_member(self._archive, info, info.filename, COUNTER_PICTURE_LIMIT, "COUNTER_PICTURE_LIMIT")
        except AslError:
            return None

    @property
    def is_open(self) -> bool:
        """Whether the zip is open now (it opens at the first read after ``close``)."""
        return self._archive is not None

    def close(self) -> None:
        """Close the zip; the next read opens it again and reads its index anew (it may have
        been replaced meanwhile)."""
        if self._archive is not None:
            self._archive.close()
        self._archive, self._members, self._pictures = None, None, {}


def counter_art(path: str | os.PathLike[str], image: str, limit: int = SVG_LIMIT) -> bytes | None:
    """The SVG bytes of one counter of the module at ``path`` (``ModuleArt`` for many); None when
    it is missing, too big, too deep or damaged."""
    with ModuleArt(path) as art:
        data = art.svg(image, limit)
    if data is None:
        return None
    try:
        parse_xml(data, image, SVG_ELEMENTS_LIMIT)
    except AslError:
        return None
    return data
