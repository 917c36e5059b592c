"""Colours, sizes and fonts of the map drawing, in one place so the window and ``aslgui render``
look the same."""

from __future__ import annotations

from PySide6.QtGui import QColor, QFont

#: Fill of each terrain type (open ground is the board's own colour).
TERRAIN_COLORS: dict[str, str] = {
    "open ground": "#e9e4c9",
    "road": "#d2c29a",
    "woods": "#5f8f3e",
    "brush": "#a9c47a",
    "grain": "#e0c760",
    "orchard": "#9fc46c",
    "shellhole": "#b59a74",
    "marsh": "#7fb3a8",
    "wooden building": "#b5764a",
    "stone building": "#8f8f96",
    "wooden rubble": "#c39a78",
    "stone rubble": "#b4b4b8",
}
FALLBACK_TERRAIN = "#cccccc"

#: Counter colours by nationality (the usual ASL counter colours), and the ink on them.
NATIONALITY_COLORS: dict[str, str] = {
    "german": "#8fa9c9",
    "russian": "#c9a56b",
    "american": "#9aa860",
    "british": "#d8c9a0",
    "japanese": "#e6c93c",
    "italian": "#a9b89b",
    "french": "#7e9fd8",
    "finnish": "#d0d4d8",
    "chinese": "#c9b6d8",
    "partisan": "#b7a58a",
    # The rest as VASL's counters draw them (the colour inside their border, muted like those above):
    # Hungarian and Axis Minor green, Allied Minor sea green, North Korean as Russian, Chinese
    # Communist and South Korean tan, other UN forces blue.
    "hungarian": "#55cb77",
    "axis minor": "#55cb77",
    "allied minor": "#91d1b4",
    "north korean": "#c9a56b",
    "chinese communist": "#ccbfa3",
    "south korean": "#ccbfa3",
    "other unc": "#6aa6dc",
}
FALLBACK_NATIONALITY = "#c8c8c8"
COUNTER_INK = "#1d1d1d"
BROKEN_INK = "#8a1010"

#: Marker tiles: background and ink.
MARKER_COLORS: dict[str, tuple[str, str]] = {
    "Pin": ("#f4f1e6", "#b01818"),
    "BU": ("#2b2b2b", "#f0f0f0"),
    "CE": ("#f0f0f0", "#2b2b2b"),
    "Motion": ("#f3d23a", "#1d1d1d"),
    "TI": ("#6d8bb3", "#ffffff"),
    "No Move": ("#8a8f96", "#ffffff"),
    "Prep Fire": ("#f0f0f0", "#1d1d1d"),
    "BFF": ("#f0f0f0", "#1f4fa6"),
    "First Fire": ("#f0f0f0", "#b01818"),
    "Final Fire": ("#b01818", "#ffffff"),
    "Intensive Fire": ("#ffffff", "#b01818"),
    "Labor": ("#7a6a4f", "#ffffff"),
    "Low Ammo": ("#d98d2b", "#1d1d1d"),
    "CX": ("#3c3c3c", "#f3d23a"),
    "DC": ("#3c3c3c", "#ffffff"),
    "?": ("#555555", "#ffffff"),
}

#: What a marker tile shows where its name does not fit the tile, even at the smallest font.
MARKER_TEXT = {"Intensive Fire": "Int. Fire"}

#: Covered Arc wedges: (fill with alpha, outline).
ARC_COLORS: dict[str, tuple[str, str]] = {
    "ca": ("#40e0502a", "#c03018"),
    "vca": ("#201f6fd6", "#1f4fa6"),
    "tca": ("#40e0502a", "#c03018"),
}
SIDE_ARC_ALPHA = 0x30
#: The CA/TCA fill over VASL board art: a lightening, not a colour (an orange tint turns the
#: art's green fields into the brown of its hills); the red outline still traces the arc.
ARC_FILL_ON_ART = "#38ffffff"
#: The opacity of the file's own terrain (an SSR's) over VASL board art: the art shows through,
#: so a building painted on a field reads as the scenario's change, not as the board's drawing.
TERRAIN_TINT_ON_ART = 0.55

#: Hexside features (B9 walls and hedges; a road crossing a hexside), drawn as (colour, width).
HEXSIDE_STYLES: dict[str, tuple[str, float]] = {
    "wall": ("#5b5750", 6.0),
    "hedge": ("#2f6b2a", 6.0),
    "road": ("#d2c29a", 10.0),
}
FORTIFIED_COLOR = "#1d1d1d"
#: Ground conditions (C10.3) laid over the terrain as a hatch.
GROUND_COLORS: dict[str, str] = {"mud": "#6b4a2a", "deep snow": "#ffffff"}

GRID_COLOR = "#8a846a"
OFF_MAP_COLOR = "#55584f"
BOARD_EDGE_COLOR = "#2d2a20"
LABEL_COLOR = "#3b382c"
SELECTION_COLOR = "#ffd400"
HOVER_COLOR = "#ffffff"

COUNTER_SIZE = 38.0
MARKER_SIZE = 20.0
#: Each counter further up a stack moves this far right and up, so the stack stays readable.
STACK_OFFSET = 8.0
#: Zoom below which hex names are hidden (they would be a few pixels tall).
LABEL_MIN_SCALE = 0.55


def color(spec: str, alpha: int | None = None) -> QColor:
    """A QColor from ``#rrggbb`` or ``#aarrggbb``, optionally with a new alpha."""
    result = QColor(spec)
    if alpha is not None:
        result.setAlpha(alpha)
    return result


def font(pixel_size: int, bold: bool = False) -> QFont:
    """A sans font sized in pixels, so text scales with the map, not with the screen's DPI."""
    result = QFont("DejaVu Sans")
    result.setPixelSize(pixel_size)
    result.setBold(bold)
    return result


def terrain_color(name: str) -> QColor:
    """Fill of a terrain type."""
    return QColor(TERRAIN_COLORS.get(name, FALLBACK_TERRAIN))


def nationality_color(nationality: str) -> QColor:
    """Counter colour of a nationality (grey for one we have no colour for)."""
    return QColor(NATIONALITY_COLORS.get(nationality.lower(), FALLBACK_NATIONALITY))
