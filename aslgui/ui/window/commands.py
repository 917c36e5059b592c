"""Undoable edits of a Scenario. Each command keeps only what it changes (some units, some
hexes' terrain), so commands from other parts of the window (phase bar, action log) interleave
with these on one QUndoStack without clobbering each other."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtGui import QUndoCommand

from aslgui.geometry import Hex
from aslgui.model import Scenario, Unit


class EditCommand(QUndoCommand):
    """Replace, add or remove units and repaint hexes' terrain, as one undo step."""

    def __init__(
        self,
        scenario: Scenario,
        text: str,
        units: Iterable[Unit] = (),
        removed: Iterable[str] = (),
        terrain: dict[Hex, str] | None = None,
        to_top: Iterable[str] = (),
    ) -> None:
        super().__init__(text)
        self.scenario = scenario
        after: dict[str, Unit | None] = {u.id: u for u in units}
        after.update((unit_id, None) for unit_id in removed)
        self.units_after = after
        self.units_before = {unit_id: scenario.units.get(unit_id) for unit_id in after}
        self.order_before = list(scenario.units)
        #: Units put last in file order, i.e. on top of their stack (a moved counter lands on top).
        self.to_top = tuple(to_top)
        #: None = open ground, which the file leaves unlisted.
        self.terrain_after: dict[Hex, str | None] = {
            h: (None if t == "open ground" else t) for h, t in (terrain or {}).items()
        }
        self.terrain_before = {h: scenario.terrain.get(h) for h in self.terrain_after}

    @property
    def changes_anything(self) -> bool:
        """False for an edit that would leave the scenario as it is (not worth an undo step)."""
        return self.units_after != self.units_before or self.terrain_after != self.terrain_before

    def _apply(self, units: dict[str, Unit | None], terrain: dict[Hex, str | None], order: list[str] | None) -> None:
        scenario = self.scenario
        for unit_id, unit in units.items():
            if unit is None:
                scenario.units.pop(unit_id, None)
            else:
                scenario.units[unit_id] = unit
        if order is not None:  # an undone delete puts the counter back at its place in its stack
            rank = {unit_id: i for i, unit_id in enumerate(order)}
            ordered = sorted(scenario.units.items(), key=lambda item: rank.get(item[0], len(rank)))
            scenario.units.clear()
            scenario.units.update(ordered)
        for h, name in terrain.items():
            if name is None:
                scenario.terrain.pop(h, None)
            else:
                scenario.terrain[h] = name

    def redo(self) -> None:
        rest = [u for u in self.order_before if u not in self.to_top]
        self._apply(self.units_after, self.terrain_after, [*rest, *self.to_top] if self.to_top else None)

    def undo(self) -> None:
        self._apply(self.units_before, self.terrain_before, self.order_before)
