"""Chart values from resources/data: the IFT (A7) and the Terrain Chart (B)."""

from __future__ import annotations

from functools import cache
from typing import Any

from aslgui.errors import AslError
from aslgui.geometry import Hex
from aslgui.model import Scenario
from aslgui.resource_files import load_json


@cache
def _ift() -> tuple[tuple[int, ...], dict[int, tuple[str, ...]]]:
    data = load_json("data", "ift.json")
    return tuple(data["columns"]), {int(dr): tuple(row) for dr, row in data["rows"].items()}


def ift_column(fp: float) -> int | None:
    """The IFT column an attack of ``fp`` uses: the largest column not above it (None below 1)."""
    usable = [column for column in _ift()[0] if column <= fp]
    return usable[-1] if usable else None


#: The IFT's printed no-effect result.
NO_EFFECT = "-"


def ift_result(column: int, final_dr: int) -> str:
    """The printed IFT result (``1KIA``, ``K/2``, ``3MC``, ``NMC``, ``PTC``, ``-``) (A7)."""
    columns, rows = _ift()
    if column not in columns:
        raise ValueError(f"no IFT column {column}; columns are {columns}")
    row = rows[min(max(final_dr, min(rows)), max(rows))]
    return row[columns.index(column)]


def terrain_entry(name: str) -> dict[str, Any]:
    """The Terrain Chart entry (TEM, MF, ...) of a terrain type."""
    try:
        entry: dict[str, Any] = load_json("data", "terrain.json")["terrain"][name]
    except KeyError:
        raise AslError(f"no Terrain Chart entry for {name!r}", "terrain") from None
    return entry


def ground_words(scenario: Scenario, h: Hex) -> str:
    """A hex's terrain, and its ground where the file gives one (``ground``: mud or deep snow, DESIGN.md
    3), whose cost to enter resources/data lacks: a move into it is refused and other costs say so."""
    ground = scenario.ground.get(h)
    return f"{scenario.terrain_at(h)} in {ground}" if ground else scenario.terrain_at(h)


def infantry_mf(scenario: Scenario, h: Hex) -> tuple[float, str | None]:
    """The MF Infantry spends to enter ``h`` by its Terrain Chart entry, and in the file's mud or deep
    snow (``ground``), whose cost resources/data lacks, the note that says the terrain's is counted."""
    terrain = scenario.terrain_at(h)
    mf = float(terrain_entry(terrain)["mf"])
    note = (f"{scenario.grid.name(h)}: the MF to enter {ground_words(scenario, h)} is not in resources/data: "
            f"{terrain}'s {mf:g} MF is counted") if h in scenario.ground else None
    return mf, note


def tem(name: str) -> int:
    """Direct-fire TEM of a terrain type (B chapter; e.g. woods +1, stone building +3)."""
    return int(terrain_entry(name)["tem"])


def hexside_tem(feature: str | None) -> int:
    """TEM of a hexside feature (wall +2, hedge +1, B9.3); 0 for none or a road hexside."""
    if feature is None:
        return 0
    return int(load_json("data", "hexsides.json")["hexsides"][feature]["tem"])


def location_tem(name: str, fortified: bool) -> int:
    """TEM of a ground-level Location: the terrain's TEM, +1 more for a Fortified building (A23.3 EX)."""
    bonus = 0
    if fortified and "building" in name:
        bonus = int(load_json("data", "terrain.json")["fortified_building_tem_bonus"]["value"])
    return tem(name) + bonus
