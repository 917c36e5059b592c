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

import os
from typing import TYPE_CHECKING, Any, NamedTuple

from aslgui.limits import BOARD_ARCHIVE_LIMIT, CATALOG_LIMIT, FACTS_LIMIT, MAX_BOARD_HEXES
from aslgui.vasl import cache as derived
from aslgui.vasl.catalog_source import aslgui_names, catalog_file
from aslgui.vasl.hexfacts import FACTS_VERSION, HexFacts, derive, local_name
from aslgui.vasl.library import library_folders

if TYPE_CHECKING:
    from aslgui.vasl.catalog import Catalog

# No ``from __future__ import annotations``: ``VaslBoard``'s annotations are types, not strings typing
# would compile (docs/architecture.md).


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


def _facts_json(path: str, catalog: "Catalog") -> dict[str, Any]:
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




def _is_int(value: Any, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def _optional_names(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 6 and all(v is None or type(v) is str for v in value)


def _valid_hex(entry: Any) -> bool:
    """One hex's cached facts: the HexFacts fields, each of its type and range."""
    return (
        isinstance(entry, list) and len(entry) == 7 and type(entry[0]) is str and _is_int(entry[1], -128, 127)
        and _optional_names(entry[2]) and isinstance(entry[3], list) and len(entry[3]) == 6
        and all(type(v) is bool for v in entry[3]) and (entry[4] is None or type(entry[4]) is str)
        and _is_int(entry[5], 0, 255) and type(entry[6]) is bool
    )


def _valid(value: Any) -> bool:
    """A cached product's outline: the board's keys of their types (``_valid_hexes`` reads the hexes)."""
    if not (isinstance(value, dict) and isinstance(value.get("board"), dict) and isinstance(value.get("hexes"), dict)
            and type(value.get("catalog")) is str):
        return False
    board = value["board"]
    return (type(board.get("name")) is str and type(board.get("image_name")) is str
            and type(board.get("has_hills")) is bool and _is_int(board.get("width"), 1, MAX_BOARD_HEXES)
            and _is_int(board.get("height"), 1, MAX_BOARD_HEXES))


def _valid_hexes(value: dict[str, Any]) -> bool:
    """The facts of exactly the hexes of a board of its size (a damaged or foreign file is
    rebuilt, never half used)."""
    width, height, hexes = value["board"]["width"], value["board"]["height"], value["hexes"]
    names = {local_name(c, r) for c in range(width) for r in range(height + c % 2)}
    return hexes.keys() == names and all(_valid_hex(entry) for entry in hexes.values())


def load_board(path: str | os.PathLike[str], catalog: "Catalog | None" = None) -> VaslBoard:
    """The board in archive ``path`` (AslError naming the file if it cannot be read), its terrain
    codes read with ``catalog`` (default: ``load_catalog`` of the archive's folder and the library),
    which is parsed only when the facts are not cached yet."""
    name = os.fspath(path)
    folders = (os.path.dirname(name), *library_folders())
    digest = derived.file_digest(name, "VASL board archive", BOARD_ARCHIVE_LIMIT)
    catalog_digest = derived.file_digest(catalog.path if catalog else catalog_file(folders), "terrain catalog",
                                         CATALOG_LIMIT)
    product = f"hexfacts-v{FACTS_VERSION}-{catalog_digest[:12]}.json"

    def build() -> dict[str, Any]:
        from aslgui.vasl.catalog import load_catalog  # its records: only to derive a board

        return _facts_json(name, catalog or load_catalog(folders))

    return _board(name, digest, derived.cached_json(digest, product, build, _valid, FACTS_LIMIT, _valid_hexes))


def _board(path: str, digest: str, data: dict[str, Any]) -> VaslBoard:
    """The board of a checked product.  Its hexes' facts are made with ``tuple.__new__``: the
    NamedTuple's own ``__new__`` is a Python call per hex, a third of a board's reading."""
    board = data["board"]
    new = tuple.__new__
    hexes = {
        local: new(HexFacts, (t, e, tuple(sides), tuple(on_map), dep, levels, stair))
        for local, (t, e, sides, on_map, dep, levels, stair) in data["hexes"].items()
    }
    return VaslBoard(path, digest, board["name"], board["image_name"], board["has_hills"],
                     board["width"], board["height"], hexes, data["catalog"])
