"""The numbers a player works out before rolling: what Original DR hits (C3.3), whether only an
Improbable Hit is possible (C3.6), and up to what Original DR a hit is Critical (C3.7).

All are Original DR values; under Motion Fire without a gyrostabilizer the hit numbers apply to
the DR after its lower dr is doubled (C5.35), whose lowest value is 3 (a 1 and a 1) instead of 2.
A CH on the Vehicle/Area type, or via an Improbable Hit, is still the Original 2 (DESIGN.md 4).
"""

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
    def highest_dr(self) -> int:
        """The highest DR the shot can roll: 12, or 18 with the lower dr doubled (a 6 and a 6; C5.35)."""
        return 18 if self.doubled_lower_dr else 12

    @property
    def final_th_needed(self) -> int:
        """Highest DR that hits: Final DR (DR + DRM) <= Modified TH# (C3.3), no higher than the
        highest DR there is (DESIGN.md 4: an Original DR value), which hits like any other."""
        return min(self.modified_th - self.total_drm, 18 if self.doubled_lower_dr else 12)  # highest_dr

    @property
    def improbable(self) -> bool:
        """Even the lowest DR misses: only an Improbable Hit is possible (C3.6)."""
        return self.final_th_needed < (3 if self.doubled_lower_dr else 2)  # lowest_dr

    @property
    def only_lowest_hits(self) -> bool:
        """Only the lowest DR hits, so a CH needs a subsequent dr of 1 (C3.7 EXC)."""
        return self.final_th_needed == (3 if self.doubled_lower_dr else 2)  # lowest_dr

    def _infantry_direct_ch_max(self) -> int:
        """Highest DR whose Final DR is < half the Modified TH# (C3.7), capped by a hit."""
        below_half = (self.modified_th - 2 * self.total_drm + 1) // 2 - 1
        return min(below_half, self.final_th_needed)

    def _highest_original(self, th_dr: int) -> int:
        """The highest Original DR that can give a DR (lower dr doubled under C5.35) of at most
        ``th_dr``; under doubling its best split is a 1 and the rest, so every lower Original DR
        can too. Without doubling it is ``th_dr`` itself."""
        if not self.doubled_lower_dr:
            return th_dr
        return max(dr for dr in range(2, 13) if dr + max(1, dr - 6) <= th_dr)

    @property
    def critical_max_dr(self) -> int | None:
        """Highest Original DR that is a CH (possibly only with a subsequent dr), None when none
        can be. Always an Original DR, also under Motion Fire (DESIGN.md 4): there the Infantry
        Target Type's CH by a low Final DR counts the doubled DR, so an Original DR is a CH up to
        this one when it splits right (``doubled_ch_note`` says how), and the Original 2 alone when
        no doubled DR is low enough."""
        if self.deliberate:
            return None  # C5.72: never resolved as a CH
        if self.target_type == "infantry" and not self.improbable:
            direct = self._infantry_direct_ch_max()
            if direct >= self.lowest_dr:
                return self._highest_original(direct)
        return 2  # the Original 2 (C3.6, C3.7), even when its lower dr is then doubled

    @property
    def doubled_ch_note(self) -> str | None:
        """Under Motion Fire on the Infantry Target Type, what DR a CH by a low Final DR needs (C3.7, C5.35)."""
        if not self.doubled_lower_dr or self.target_type != "infantry" or self.improbable:
            return None
        direct = self._infantry_direct_ch_max()
        if direct < self.lowest_dr:
            return None
        return (f"a CH needs the DR with its lower dr doubled to be {direct} or less (Final DR below half the "
                f"Modified TH#): Original DR up to {self.critical_max_dr} when it splits that way (C3.7, C5.35)")

    @property
    def infantry_original_two_note(self) -> str | None:
        """The reading of C3.7 when only the lowest DR hits on the Infantry Target Type: the EXC (a CH
        only on a subsequent dr of 1) sits in the Area/Vehicle sentence; the Infantry sentence makes
        an Original 2 a CH on a subsequent dr of 1 or <= half the Modified TH#."""
        if self.target_type != "infantry" or self.deliberate or self.improbable or not self.only_lowest_hits:
            return None
        half = min(6, max(1, self.modified_th // 2))
        drs = "1" if half == 1 else f"1-{half}"
        return (f"read: only an Original 2 hits; the EXC allowing a CH only on a subsequent dr of 1 is in the "
                f"Area/Vehicle Target Type sentence, so on the Infantry Target Type the Original 2 is a CH on a "
                f"subsequent dr of 1 or <= half the Modified TH# {self.modified_th}: a dr of {drs} (C3.7)")

    @property
    def doubled_improbable_note(self) -> str | None:
        """Under Motion Fire, why only an Improbable Hit is possible even at a ``final_th_needed`` of
        2 (DESIGN.md 4's "< 2" counts an undoubled DR): the doubled DR is never below 3."""
        if not (self.doubled_lower_dr and self.improbable):
            return None
        return (f"final_th_needed {self.final_th_needed} counts the DR with its lower dr doubled, which is 3 at the "
                "least (a 1 and a 1): no DR hits outright, so only an Improbable Hit is possible, on an Original 2 "
                "and a subsequent dr (C3.6, C5.35)")

    @property
    def critical_needs_dr(self) -> bool:
        """Whether that CH also needs a subsequent dr (C3.6, C3.7 EXC, C3.7 Infantry)."""
        if self.critical_max_dr is None:
            return False
        if self.improbable or self.only_lowest_hits:
            return True
        return self.target_type == "infantry" and self._infantry_direct_ch_max() < self.lowest_dr
