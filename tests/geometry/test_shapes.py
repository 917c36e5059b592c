"""shapely outlines agree with the integer CA membership (C3.2)."""

from __future__ import annotations

import pytest
import shapely

from aslgui.geometry import BoardPlacement, MapGrid, ca_hexes, in_ca
from aslgui.geometry.hexgrid import direction_to
from aslgui.geometry.shapes import ca_wedge, hex_polygon, hex_polygons, hexside_segment, map_rectangle

GRID = MapGrid(
    [BoardPlacement("4", 0, 0), BoardPlacement("5", 1, 0), BoardPlacement("6", 0, 1), BoardPlacement("7", 1, 1)]
)
ON_MAP = list(GRID)
POLYGONS = shapely.intersection(hex_polygons(ON_MAP), map_rectangle(GRID))
AREAS = shapely.area(POLYGONS)


@pytest.mark.parametrize("origin_name", ["4E5", "4A1", "4GG10", "5P5", "6B0", "7GG10", "4B10", "5CC3"])
@pytest.mark.parametrize("spine", range(6))
def test_c3_2_wedge_holds_exactly_the_ca_hexes(origin_name: str, spine: int) -> None:
    origin = GRID.parse(origin_name)
    wedge = ca_wedge(GRID, origin, spine)
    assert wedge.is_valid
    share = shapely.area(shapely.intersection(POLYGONS, wedge)) / AREAS
    members = [in_ca(origin, spine, h) for h in ON_MAP]
    assert [s > 0.999 for s in share] == members
    assert all(s < 0.001 for s, m in zip(share, members, strict=True) if not m)


def test_wedge_is_clipped_to_the_map() -> None:
    wedge = ca_wedge(GRID, GRID.parse("4E5"), 3)
    assert map_rectangle(GRID).contains(wedge)


def test_range_limited_wedge_stops_after_that_range() -> None:
    origin = GRID.parse("5P5")
    wedge = ca_wedge(GRID, origin, 2, max_range=4)
    expected = shapely.union_all([hex_polygon(h) for h in ca_hexes(origin, 2, 4)])
    assert wedge.symmetric_difference(expected).area < 1e-6


def test_hex_polygons_match_single_polygons() -> None:
    hexes = ON_MAP[:50]
    for h, poly in zip(hexes, hex_polygons(hexes), strict=True):
        assert poly.equals_exact(hex_polygon(h), 1e-9)


def test_hexside_segment_is_shared_by_both_hexes() -> None:
    a = GRID.parse("4E5")
    e6 = GRID.parse("4E6")
    d = direction_to(a, e6)
    assert d is not None
    segment = hexside_segment(a, d)
    assert segment.length == pytest.approx(hexside_segment(e6, d + 3).length)
    assert segment.buffer(1e-6).contains(hexside_segment(e6, d + 3))
    assert hex_polygon(a).intersection(hex_polygon(e6)).length == pytest.approx(segment.length)
