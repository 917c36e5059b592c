"""A VASL board as the rest of aslgui sees it: metadata and per-hex facts, from the cache when it can.

``load_board(path) -> VaslBoard`` hashes the archive, and reads its per-hex facts from the
per-user cache (``aslgui.vasl.cache``, product ``hexfacts-v<N>-<catalog>.json``, plain JSON) or
derives them (``aslgui.vasl.hexfacts``, numpy) and caches them.  A cache hit imports neither
numpy nor an XML parser and does not open the zip.  ``VaslBoard.hexes`` maps a local hex name
(``"E5"``, the board's own unrotated naming) to ``HexFacts`` in VASL's terrain names;
``aslgui_name(vasl_name)`` maps one to aslgui's vocabulary.
"""

from __future__ import annotations

import hashlib
import os
from functools import cache
from typing import Any, NamedTuple

from aslgui.vasl import cache as derived
from aslgui.vasl.archive import open_archive
from aslgui.vasl.catalog import Catalog, load_catalog
from aslgui.vasl.hexfacts import FACTS_VERSION, HexFacts, derive
from aslgui.vasl.library import library_folders


class VaslBoard(NamedTuple):
    """A board read from its archive."""

    path: str
    digest: str
    name: str
    image_name: str
    has_hills: bool
    width: int
    height: int
    #: Local hex name -> facts (VASL terrain names).
    hexes: dict[str, HexFacts]
    #: Where the terrain catalog came from (aslgui's table or a library's XML).
    catalog_source: str


@cache
def _aslgui_names(catalog: Catalog) -> dict[str, str | None]:
    return {t.name: t.aslgui for t in catalog.types}


def aslgui_name(vasl_name: str, catalog: Catalog | None = None) -> str:
    """aslgui's name for a VASL terrain (``"Wooden Building, 1 Level"`` -> ``"wooden building"``);
    a terrain aslgui has no name for keeps VASL's, lower-cased (named, not yet used by the rules)."""
    names = _aslgui_names(catalog or load_catalog(library_folders()))
    return names.get(vasl_name) or vasl_name.lower()


def _facts_json(path: str, catalog: Catalog) -> dict[str, Any]:
    archive = open_archive(path)
    meta = archive.metadata
    facts = derive(archive.los_grid(), meta, catalog)
    return {
        "board": {"name": meta.name, "image_name": meta.image_name, "has_hills": meta.has_hills,
                  "width": meta.width, "height": meta.height},
        "hexes": {name: list(f) for name, f in facts.items()},
    }


def _valid(value: Any) -> bool:
    return isinstance(value, dict) and isinstance(value.get("board"), dict) and isinstance(value.get("hexes"), dict)


def load_board(path: str | os.PathLike[str], catalog: Catalog | None = None) -> VaslBoard:
    """The board in archive ``path`` (AslError naming the file if it cannot be read)."""
    name = os.fspath(path)
    if catalog is None:
        catalog = load_catalog((os.path.dirname(name), *library_folders()))
    digest = derived.archive_digest(name)
    product = f"hexfacts-v{FACTS_VERSION}-{hashlib.sha1(catalog.source.encode()).hexdigest()[:12]}.json"
    data = derived.cached_json(digest, product, lambda: _facts_json(name, catalog), _valid)
    try:
        return _board(name, digest, catalog, data)
    except (KeyError, TypeError, ValueError):  # a cache file of the right name but the wrong shape
        data = _facts_json(name, catalog)
        derived.write_json(digest, product, data)
        return _board(name, digest, catalog, data)


def _board(path: str, digest: str, catalog: Catalog, data: dict[str, Any]) -> VaslBoard:
    board = data["board"]
    hexes = {
        local: HexFacts(t, int(e), tuple(sides), tuple(on_map), dep, int(levels), bool(stair))
        for local, (t, e, sides, on_map, dep, levels, stair) in data["hexes"].items()
    }
    return VaslBoard(path, digest, str(board["name"]), str(board["image_name"]), bool(board["has_hills"]),
                     int(board["width"]), int(board["height"]), hexes, catalog.source)
