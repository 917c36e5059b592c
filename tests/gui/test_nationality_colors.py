"""DESIGN.md 11: every nationality folder of VASL is a nationality, and each draws its tiles in a colour
of its own counters, never the fallback grey (Hungarian Guns and vehicles came in grey)."""

from __future__ import annotations

from aslgui.ui.map.style import FALLBACK_NATIONALITY, NATIONALITY_COLORS, nationality_color
from aslgui.vasl.vocabulary import NATIONALITIES


def test_d11_every_vasl_nationality_has_a_tile_colour() -> None:
    missing = sorted(set(NATIONALITIES.values()) - set(NATIONALITY_COLORS))
    assert missing == []


def test_d11_hungarian_tiles_are_axis_minor_green_not_grey() -> None:
    assert nationality_color("Hungarian").name() == "#55cb77"
    assert nationality_color("hungarian").name() != FALLBACK_NATIONALITY
