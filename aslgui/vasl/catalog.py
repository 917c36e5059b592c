"""The terrain catalog: what each terrain code of a board's LOS grid means.

VASL keeps its catalog in ``SharedBoardMetadata.xml`` inside its module (``dist/boardData``), not
beside the boards, so aslgui carries the same facts as its own table,
``resources/data/vasl_terrain.json`` (its ``source`` names the VASL snapshot; regenerate it with
``tools/vasl_catalog.py PATH/TO/SharedBoardMetadata.xml``).  When a board library folder holds a
``SharedBoardMetadata.xml`` (a newer VASL's), ``load_catalog`` prefers it for the LOS properties;
the aslgui terrain name each code maps to always comes from aslgui's table, looked up by the VASL
name (a name aslgui's table does not know maps to None: named, not used by the rules);
``aslgui_names()`` gives that mapping without parsing any XML, and ``catalog_file(folders)`` the
file ``load_catalog`` would read, whose hash keys the per-hex facts cached from it (both in
``aslgui.vasl.catalog_source``, which a cached board imports instead of this module).

A ``TerrainType`` holds VASL's LOS facts for one code: obstacle or hindrance, half-level
height, inherent terrain, ``height`` in levels, ``split`` (the part of a level an obstacle
starts at), the lower-level variants and VASL's ``LOSCategory`` (OPEN, WOODS, BUILDING, HEXSIDE,
DEPRESSION, BRIDGE, WATER, ...).  ``Catalog.table(field)`` gives a 256-entry numpy lookup for
vectorised work on the pixel grids.
"""

import os
from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any, NamedTuple

from aslgui.errors import AslError
from aslgui.limits import CATALOG_LIMIT
from aslgui.resource_files import load_json
from aslgui.user_files import read_bounded
from aslgui.vasl.catalog_source import BUILTIN_PATH, BUILTIN_SOURCE, SHARED_METADATA, aslgui_names, catalog_file

# No ``from __future__ import annotations``: the records' annotations are types, not strings typing
# would compile (docs/architecture.md).
if TYPE_CHECKING:
    import numpy.typing as npt

class TerrainType(NamedTuple):
    """VASL's LOS facts about one terrain code, and the aslgui terrain name it maps to."""

    code: int
    name: str
    los_category: str
    obstacle: bool
    hindrance: bool
    half_level: bool
    inherent: bool
    split: float
    height: int
    lower_obstacle: bool
    lower_hindrance: bool
    #: The aslgui terrain (or hexside) name, None when aslgui has none for it yet.
    aslgui: str | None

    @property
    def is_hexside(self) -> bool:
        """Hexside terrain (wall, hedge, bocage, cliff, ...): read at the hexsides, not the centre."""
        return self.los_category == "HEXSIDE"

    @property
    def is_building(self) -> bool:
        """Building terrain (VASL counts factories and market places as buildings too)."""
        return self.los_category in ("BUILDING", "FACTORY", "MARKETPLACE")

    @property
    def is_depression(self) -> bool:
        """Depression terrain (gully, streams, sunken road, wadi)."""
        return self.los_category == "DEPRESSION"

    @property
    def is_bridge(self) -> bool:
        return self.los_category == "BRIDGE"

    def to_json(self) -> dict[str, Any]:
        return dict(self._asdict())


class Catalog(NamedTuple):
    """Every terrain code a board may use; ``source`` names where the LOS facts came from and
    ``path`` is the file read (cached facts are keyed by its hash, ``catalog_file``)."""

    source: str
    types: tuple[TerrainType, ...]
    path: str

    def by_code(self, code: int) -> TerrainType | None:
        return _index(self)[0].get(code)

    def by_name(self, name: str) -> TerrainType | None:
        """The terrain type VASL calls ``name`` (as ``buildingTypes`` overrides name them)."""
        return _index(self)[1].get(name)

    def table(self, field: str) -> "npt.NDArray[Any]":
        """A 256-entry numpy array of ``field`` by terrain code (unknown codes: False/0), for
        looking up a whole pixel grid at once: ``catalog.table("is_hexside")[grid.terrain]``."""
        import numpy as np

        codes = _index(self)[0]
        return np.array([getattr(codes[code], field) if code in codes else 0 for code in range(256)])


@cache
def _index(catalog: Catalog) -> tuple[dict[int, TerrainType], dict[str, TerrainType]]:
    return {t.code: t for t in catalog.types}, {t.name: t for t in catalog.types}


@cache
def builtin_catalog() -> Catalog:
    """aslgui's own table (resources/data/vasl_terrain.json)."""
    data = load_json("data", "vasl_terrain.json")
    return Catalog(
        source=f"{BUILTIN_SOURCE} ({data['source']})",
        types=tuple(TerrainType(**entry) for entry in data["terrain"]),
        path=BUILTIN_PATH,
    )


def _flag(value: str | None) -> bool:
    return (value or "").strip().upper() == "TRUE"


def parse_shared_metadata(xml: bytes, path: str, names: Mapping[str, str | None]) -> tuple[TerrainType, ...]:
    """The ``terrainType`` elements of a ``SharedBoardMetadata.xml`` (AslError naming ``path``),
    each mapped to the aslgui name ``names`` gives its VASL name (None when it gives none)."""
    from xml.etree import ElementTree

    try:
        root = ElementTree.fromstring(xml)
    except (ElementTree.ParseError, ValueError) as error:
        raise AslError(f"{path!r} is not valid XML ({error})", "") from None
    found: list[TerrainType] = []
    for element in root.iter("terrainType"):
        a = element.attrib
        try:
            code, split, height = int(a["typeCode"]), float(a.get("split", "0")), int(a.get("height", "0"))
        except (KeyError, ValueError):
            raise AslError(f"{path!r}: a terrainType without a whole typeCode/height ({a})", "") from None
        if not 0 <= code <= 255:
            raise AslError(f"{path!r}: terrain code {code} is not a byte", "")
        name = a.get("name", "")
        found.append(
            TerrainType(
                code=code,
                name=name,
                los_category=a.get("LOSCategory", "OPEN"),
                obstacle=_flag(a.get("isLOSObstacle")),
                hindrance=_flag(a.get("isLOSHindrance")),
                half_level=_flag(a.get("isHalfLevelHeight")),
                inherent=_flag(a.get("isInherentTerrain")),
                split=split,
                height=height,
                lower_obstacle=_flag(a.get("isLowerLOSObstacle")),
                lower_hindrance=_flag(a.get("isLowerLOSHindrance")),
                aslgui=names.get(name),
            )
        )
    if not found:
        raise AslError(f"{path!r} holds no terrainType elements: not VASL's SharedBoardMetadata.xml", "")
    return tuple(found)


@cache
def _catalog_from_file(path: str, size: int, mtime_ns: int) -> Catalog:
    xml = read_bounded(path, "terrain catalog", CATALOG_LIMIT)  # never a FIFO, a device or a huge file
    return Catalog(source=path, types=parse_shared_metadata(xml, path, aslgui_names()), path=path)


def load_catalog(folders: tuple[str, ...] = ()) -> Catalog:
    """The catalog to read boards with: the ``SharedBoardMetadata.xml`` of the first of ``folders``
    that holds one, else aslgui's own table.  A damaged XML falls back to aslgui's table too
    (its boards still read; the catalog's ``source`` says which was used)."""
    path = catalog_file(folders)
    if path != BUILTIN_PATH:
        try:
            stat = os.stat(path)
            return _catalog_from_file(path, stat.st_size, stat.st_mtime_ns)
        except (OSError, AslError):
            pass
    return builtin_catalog()


__all__ = [
    "SHARED_METADATA", "Catalog", "TerrainType", "aslgui_names", "builtin_catalog", "catalog_file", "load_catalog"
]
