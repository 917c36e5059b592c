"""Regenerate resources/data/vasl_terrain.json from a VASL ``SharedBoardMetadata.xml``.

    python tools/vasl_catalog.py PATH/TO/SharedBoardMetadata.xml "VASL snapshot description"

The LOS facts come from the XML (parsed by aslgui.vasl.catalog, the same reader aslgui uses on a
library's own copy); the aslgui terrain name of each VASL name comes from ``ASLGUI_NAMES`` below.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from aslgui.vasl.catalog import parse_shared_metadata

OUT = Path(__file__).resolve().parent.parent / "resources" / "data" / "vasl_terrain.json"

#: VASL terrain name -> aslgui terrain (or hexside) name; names absent here map to null.
ASLGUI_NAMES = {
    **dict.fromkeys(["Open Ground", "Plowed Field", "Snow", "Deep Snow", "Ice", "Mud", "Runway"], "open ground"),
    **dict.fromkeys(["Water", "River", "Canal", "Ocean"], "water"),
    **dict.fromkeys(["Shallow Water", "Shallow River", "Shallow Ocean", "Ford"], "shallow water"),
    **dict.fromkeys(["Dry Stream", "Shallow Stream", "Deep Stream", "Flooded Stream"], "stream"),
    "Gully": "gully",
    "Marsh": "marsh",
    "Shellholes": "shellhole",
    "Grain": "grain",
    "Brush": "brush",
    "Crags": "crags",
    "Debris": "debris",
    "Graveyard": "graveyard",
    "Lumberyard": "lumberyard",
    "Irrigation Ditch": "irrigation ditch",
    "Sunken Road": "sunken road",
    "Elevated Road": "elevated road",
    "Dirt Road": "dirt road",
    "Paved Road": "paved road",
    "Path": "path",
    "Track": "track",
    **dict.fromkeys(["Woods", "Forest", "Pine Woods"], "woods"),
    "Light Woods": "light woods",
    **dict.fromkeys(["Orchard", "Orchard, Out of Season"], "orchard"),
    **dict.fromkeys(
        ["Stone Building", *(f"Stone Building, {n} Level" for n in range(1, 5)),
         "Stone Factory Wall, 1.5 Level", "Stone Factory Wall, 2.5 Level", "Stone Factory, 1.5 Level",
         "Stone Factory, 2.5 Level", "Roofless Stone Factory, 1.5 Level", "Roofless Stone Factory, 2.5 Level",
         "Gutted Stone Factory, 1.5 Level", "Gutted Stone Factory, 2.5 Level", "Gutted Stone Building",
         *(f"Gutted Stone Building, {n} Level" for n in range(1, 5))],
        "stone building",
    ),
    **dict.fromkeys(
        ["Wooden Building", *(f"Wooden Building, {n} Level" for n in range(1, 5)),
         "Wooden Factory Wall, 1.5 Level", "Wooden Factory Wall, 2.5 Level", "Wooden Factory, 1.5 Level",
         "Wooden Factory, 2.5 Level"],
        "wooden building",
    ),
    "Stone Market Place": "market place",
    "Wooden Market Place": "market place",
    **dict.fromkeys(["Stone Rubble", "Stone Rubble Ground Level"], "stone rubble"),
    **dict.fromkeys(["Wooden Rubble", "Wooden Rubble Ground Level"], "wooden rubble"),
    **dict.fromkeys(
        ["Single Hex Stone Bridge", "Single Hex Wooden Bridge", "Stone Bridge", "Wooden Bridge", "Pontoon Bridge",
         "Foot Bridge"],
        "bridge",
    ),
    "Wall": "wall",
    "Hedge": "hedge",
    "Bocage": "bocage",
    "Cliff": "cliff",
    "Cactus Hedge": "hedge",
    "Road Block": "roadblock",
    "Railway Embankment": "railway embankment",
    "Rrembankment": "railway embankment",
}


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    path, snapshot = argv
    types = parse_shared_metadata(Path(path).read_bytes(), path, ASLGUI_NAMES)
    entries = [t.to_json() for t in sorted(types, key=lambda t: t.code)]
    table = {
        "source": f"VASL SharedBoardMetadata.xml (dist/boardData) terrainType elements, {snapshot}; "
        "aslgui names by tools/vasl_catalog.py",
        "fields": {
            "code": "terrain code of a pixel in a board's LOSData",
            "name": "VASL's terrain name",
            "los_category": "VASL LOSCategory (OPEN, WOODS, BUILDING, FACTORY, MARKETPLACE, HEXSIDE, DEPRESSION, "
            "BRIDGE, WATER, ROAD, ENTRENCHMENT, OTHER)",
            "obstacle": "isLOSObstacle",
            "hindrance": "isLOSHindrance",
            "half_level": "isHalfLevelHeight",
            "inherent": "isInherentTerrain: the whole hex counts as this terrain",
            "split": "split: the part of a level at which the obstacle starts",
            "height": "height in levels",
            "lower_obstacle": "isLowerLOSObstacle",
            "lower_hindrance": "isLowerLOSHindrance",
            "aslgui": "aslgui terrain or hexside name (resources/data/terrain.json, hexsides.json), null if none",
        },
        "terrain": entries,
    }
    head = json.dumps({k: v for k, v in table.items() if k != "terrain"}, indent=1)[:-2]
    rows = ",\n  ".join(json.dumps(entry) for entry in entries)
    OUT.write_text(f'{head},\n "terrain": [\n  {rows}\n ]\n}}\n', encoding="utf-8")
    print(f"wrote {OUT} ({len(entries)} terrain codes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
