"""The LOS engine's records: what lies in a hex (``Feature``, a counter's ``Marker``) and the
answer for one thread (``LosResult`` and its ``Hindrance``s).

Kept apart, without ``from __future__ import annotations``, so that their annotations are types,
not strings: ``NamedTuple`` compiles each string annotation when the class is made, which the
start of every ``aslgui resolve`` would pay for (issue 30; ``tests/test_cli.py`` checks it).
"""

from typing import NamedTuple

from aslgui.geometry import Hex


class Marker(NamedTuple):
    """A counter's Hindrance in its hex."""

    name: str
    rule: str
    #: Its Hindrance DRM.
    drm: int
    #: Height of its top in half levels (the hex's ground included): a thread whose higher end
    #: is above it passes over it.
    top: int
    #: Whether it also hinders in the firer's or the target's own hex (LOS out of and into SMOKE,
    #: A24), where an end at or below its top stands in it.
    ends: bool


class Feature(NamedTuple):
    """Terrain in a hex that can block or hinder a thread."""

    kind: int
    #: Height of its top in half levels (ground level included): woods on level 0 tops at 2.
    top: int
    #: Convex hull ``(xs, ys)`` of a depicted patch in pixels from the hex centre; None: the whole hex.
    hull: tuple[tuple[float, ...], tuple[float, ...]] | None
    #: Largest distance of the hull from its ``core`` (a quick miss test).
    radius: float
    #: Inherent Terrain (B.6) counts along its hexsides even where it is not depicted.
    inherent: bool
    name: str
    rule: str
    #: A point well inside the hull (pixels from the hex centre) and the radius of a circle about
    #: it inside the hull: a line that near it crosses the patch without a look at its vertices.
    core: tuple[float, float] = (0.0, 0.0)
    inner: float = 0.0


class Hindrance(NamedTuple):
    """One Hindrance along a clear thread: a To Hit/IFT DRM (+1 for terrain, each its own rule;
    a counter's its own, SMOKE +3)."""

    hex: Hex
    name: str
    rule: str
    drm: int = 1
    #: A counter's (SMOKE, vehicle, wreck): it counts in its own hex, besides terrain at that range.
    counter: bool = False


class LosResult(NamedTuple):
    """The answer for one thread."""

    range: int
    blocked: bool
    blocked_at: Hex | None
    reason: str
    hindrances: tuple[Hindrance, ...]

    @property
    def hindrance(self) -> int:
        """The Hindrance DRM: the sum of the Hindrances' DRM."""
        return sum(x.drm for x in self.hindrances)
