"""The numbers a player works out before rolling: what Original DR hits (C3.3), whether only an
Improbable Hit is possible (C3.6), and up to what Original DR a hit is Critical (C3.7).

All are Original DR values; under Motion Fire without a gyrostabilizer the hit numbers apply to
the DR after its lower dr is doubled (C5.35), whose lowest value is 3 (a 1 and a 1) instead of 2.
A CH on the Vehicle/Area type, or via an Improbable Hit, is still the Original 2 (DESIGN.md 4).
"""

from __future__ import annotations

from typing import NamedTuple


class ThNumbers(NamedTuple):
    """Modified TH#, total DRM and what follows from them."""

    modified_th: int
    total_drm: int
    target_type: str
    deliberate: bool = False
    doubled_lower_dr: bool = False

    @property
    def lowest_dr(self) -> int:
        """The lowest DR the shot can roll: 2, or 3 with the lower dr doubled (C5.35)."""
        return 3 if self.doubled_lower_dr else 2

    @property
    def final_th_needed(self) -> int:
        """Highest DR that hits: Final DR (DR + DRM) <= Modified TH# (C3.3)."""
        return self.modified_th - self.total_drm

    @property
    def improbable(self) -> bool:
        """Even the lowest DR misses: only an Improbable Hit is possible (C3.6)."""
        return self.final_th_needed < self.lowest_dr

    @property
    def only_lowest_hits(self) -> bool:
        """Only the lowest DR hits, so a CH needs a subsequent dr of 1 (C3.7 EXC)."""
        return self.final_th_needed == self.lowest_dr

    def _infantry_direct_ch_max(self) -> int:
        """Highest DR whose Final DR is < half the Modified TH# (C3.7), capped by a hit."""
        below_half = (self.modified_th - 2 * self.total_drm + 1) // 2 - 1
        return min(below_half, self.final_th_needed)

    @property
    def critical_max_dr(self) -> int | None:
        """Highest DR that is a CH (possibly only with a subsequent dr), None when none can be."""
        if self.deliberate:
            return None  # C5.72: never resolved as a CH
        if self.target_type == "infantry" and not self.improbable:
            return max(self._infantry_direct_ch_max(), self.lowest_dr)
        return 2  # the Original 2 (C3.6, C3.7), even when its lower dr is then doubled

    @property
    def critical_needs_dr(self) -> bool:
        """Whether that CH also needs a subsequent dr (C3.6, C3.7 EXC, C3.7 Infantry)."""
        if self.critical_max_dr is None:
            return False
        if self.improbable or self.only_lowest_hits:
            return True
        return self.target_type == "infantry" and self._infantry_direct_ch_max() < self.lowest_dr
