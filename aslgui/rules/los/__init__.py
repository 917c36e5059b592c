"""Line of Sight (A6): the one LOS engine, and the ``los`` question.

``trace(los_map, source, target)`` walks the thread from centre dot to centre dot
(``geometry.thread``: the hexes, hexsides and vertices it passes, exactly) and applies the rules
to what lies there, in order from the source, stopping at the first block:

- an obstacle blocks when higher than both ends, or as high as the higher end and higher than
  the lower (A6.2); between them, a full level above the lower end, it blocks only a blind hex
  (A6.4);
- a Hindrance adds +1 where it is higher than both ends (same-level LOS on its own ground, or
  down into a depression), and six of them block (B.10);
- a wall or hedge hexside is a Half-Level obstacle, never when it is a hexside of either end's
  hex (B9.2), lengthwise along the thread only when it touches neither end's hex, and at a
  vertex only when walls lie on both sides of the thread;
- along a hexside, terrain depicted on one side only is not crossed: both sides decide,
  except Inherent Terrain, which counts from either side (A6.1, B.6);
- out of and into a depression the thread must stay in it until the elevation advantage covers
  the rest of the range (A6.3).

What lies in a hex is a tuple of ``Feature``s: a whole-hex terrain (a scenario file's terrain,
Inherent Terrain of a VASL board) or the convex hull of one patch of depicted terrain of a VASL
board (``aslgui.vasl.los_geometry`` derives them once per archive with numpy).  A line crosses a
connected patch of pixels, each the unit square it covers, exactly when the squares reach across
the line on both sides, so the hull of the pixel centres answers the patch exactly with a handful
of multiplications: no pixel is visited here.

Heights are kept in half levels (a unit at level 1 is at 2; a wall on level-0 ground tops at 1)
so Half-Level terrain needs no floats.
"""

from aslgui.rules.los.answers import (
    hindrance_drm,
    level_in,
    los_values,
    quick_los,
    resolve_los,
    sight_reason,
    unit_level,
    unit_sight,
)
from aslgui.rules.los.features import HINDRANCE, LosMap, los_map, steady, terrain_features
from aslgui.rules.los.judgement import sight, trace
from aslgui.rules.los.records import Feature, Hindrance, LosResult

__all__ = [
    "HINDRANCE",
    "Feature",
    "Hindrance",
    "LosMap",
    "LosResult",
    "hindrance_drm",
    "level_in",
    "los_map",
    "los_values",
    "quick_los",
    "resolve_los",
    "sight",
    "sight_reason",
    "steady",
    "terrain_features",
    "trace",
    "unit_level",
    "unit_sight",
]
