"""Which terrain catalog a board library reads, and aslgui's names for VASL's terrain: what a
cached board needs of ``aslgui.vasl.catalog``, without building its records (``TerrainType``,
``Catalog``), which only deriving a board uses."""

import os
from functools import cache

from aslgui.resource_files import RESOURCES, load_json

SHARED_METADATA = "SharedBoardMetadata.xml"
BUILTIN_SOURCE = "resources/data/vasl_terrain.json"
BUILTIN_PATH = os.path.join(RESOURCES, "data", "vasl_terrain.json")


@cache
def aslgui_names() -> dict[str, str | None]:
    """VASL terrain name -> aslgui's name (None: none yet), from aslgui's own table whichever
    catalog gives the LOS facts, so naming a hex never parses a library's XML."""
    return {entry["name"]: entry.get("aslgui") for entry in load_json("data", "vasl_terrain.json")["terrain"]}


def catalog_file(folders: tuple[str, ...] = ()) -> str:
    """The file ``load_catalog(folders)`` reads, found without parsing it: the first of
    ``folders``' ``SharedBoardMetadata.xml``, else aslgui's own table."""
    for folder in folders:
        path = os.path.join(folder, SHARED_METADATA)
        if os.path.isfile(path):
            return path
    return BUILTIN_PATH
