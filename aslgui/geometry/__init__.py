"""Hex grid, boards and Covered Arc geometry. Pure Python; shapely lives in ``shapes`` only."""

from aslgui.geometry.hexgrid import (
    DIRECTION_NAMES,
    SPINE_NAMES,
    Hex,
    ca_hexes,
    direction_to,
    distance,
    entry_hexsides,
    hexside_in_ca,
    in_ca,
    neighbour,
    neighbours,
    parse_direction,
    parse_spine,
    spines_to_bring,
)
from aslgui.geometry.mapgrid import BoardPlacement, HexNameError, MapGrid, board_key, check_board_ids

__all__ = [
    "DIRECTION_NAMES",
    "SPINE_NAMES",
    "BoardPlacement",
    "Hex",
    "HexNameError",
    "MapGrid",
    "board_key",
    "ca_hexes",
    "check_board_ids",
    "direction_to",
    "distance",
    "entry_hexsides",
    "hexside_in_ca",
    "in_ca",
    "neighbour",
    "neighbours",
    "parse_direction",
    "parse_spine",
    "spines_to_bring",
]
