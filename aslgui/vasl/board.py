"""A VASL board as the rest of aslgui sees it: metadata and per-hex facts, from the cache when it can.

``load_board(path) -> VaslBoard`` hashes the archive, and reads its per-hex facts from the
per-user cache (``aslgui.vasl.cache``, product ``hexfacts-v<N>-<catalog>.json``, plain JSON, keyed
by the hashes of the archive and of the terrain catalog file) or derives them
(``aslgui.vasl.hexfacts``, numpy) and caches them.  A cache hit imports neither numpy, zipfile
nor an XML parser, and opens neither the zip nor a library's ``SharedBoardMetadata.xml`` (it
only hashes both files): ``aslgui resolve`` on a VASL board starts almost as fast as on a plain
one (benchmarks/bench_boards.py).  ``VaslBoard.hexes`` maps a local hex name (``"E5"``, the
board's own unrotated naming) to ``HexFacts`` in VASL's terrain names; ``aslgui_name(vasl_name)``
maps one to aslgui's vocabulary.
"""

from __future__ import annotations

import os
from typing import Any, NamedTuple

from aslgui.vasl import cache as derived
from aslgui.vasl.catalog import Catalog, aslgui_names, catalog_file, load_catalog
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


def aslgui_name(vasl_name: str) -> str:
    """aslgui's name for a VASL terrain (``"Wooden Building, 1 Level"`` -> ``"wooden building"``);
    a terrain aslgui has no name for keeps VASL's, lower-cased (named, not yet used by the rules)."""
    return aslgui_names().get(vasl_name) or vasl_name.lower()


def _facts_json(path: str, catalog: Catalog) -> dict[str, Any]:
    from aslgui.vasl.archive import open_archive  # zipfile and the XML parser: only on a cache miss

    archive = open_archive(path)
    meta = archive.metadata
    facts = derive(archive.los_grid(), meta, catalog)
    return {
        "board": {"name": meta.name, "image_name": meta.image_name, "has_hills": meta.has_hills,
                  "width": meta.width, "height": meta.height},
        "catalog": catalog.source,
        "hexes": {name: list(f) for name, f in facts.items()},
    }


def _valid(value: Any) -> bool:
    return (
        isinstance(value, dict) and isinstance(value.get("board"), dict) and isinstance(value.get("hexes"), dict)
        and isinstance(value.get("catalog"), str)
    )


def load_board(path: str | os.PathLike[str], catalog: Catalog | None = None) -> VaslBoard:
    """The board in archive ``path`` (AslError naming the file if it cannot be read), its terrain
    codes read with ``catalog`` (default: ``load_catalog`` of the archive's folder and the library),
    which is parsed only when the facts are not cached yet."""
    name = os.fspath(path)
    folders = (os.path.dirname(name), *library_folders())
    digest = derived.file_digest(name)
    catalog_digest = derived.file_digest(catalog.path if catalog else catalog_file(folders))
    product = f"hexfacts-v{FACTS_VERSION}-{catalog_digest[:12]}.json"

    def build() -> dict[str, Any]:
        return _facts_json(name, catalog or load_catalog(folders))

    data = derived.cached_json(digest, product, build, _valid)
    try:
        return _board(name, digest, data)
    except (KeyError, TypeError, ValueError):  # a cache file of the right name but the wrong shape
        data = build()
        derived.write_json(digest, product, data)
        return _board(name, digest, data)


def _board(path: str, digest: str, data: dict[str, Any]) -> VaslBoard:
    board = data["board"]
    hexes = {
        local: HexFacts(t, int(e), tuple(sides), tuple(on_map), dep, int(levels), bool(stair))
        for local, (t, e, sides, on_map, dep, levels, stair) in data["hexes"].items()
    }
    return VaslBoard(path, digest, str(board["name"]), str(board["image_name"]), bool(board["has_hills"]),
                     int(board["width"]), int(board["height"]), hexes, str(data["catalog"]))
