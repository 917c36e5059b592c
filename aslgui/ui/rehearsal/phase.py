"""The phase bar: RPh .. CCPh, turn and ATTACKER; actions are resolved in the phase shown.

Phase changes are undoable like any action. Leaving the MPh for a later phase puts each vehicle
still Non-Stopped in Motion (C5.35). Advancing past the CCPh ends the Player Turn:
the other side becomes the ATTACKER, Player-Turn markers come off (A3.8), and the turn number
goes up when the side that started the session moves again.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QAction, QActionGroup, QUndoCommand, QUndoStack
from PySide6.QtWidgets import QComboBox, QLabel, QSpinBox, QToolBar, QWidget

from aslgui.model import PHASES, Scenario, Unit
from aslgui.model.scenario import FIRST_PLAYER, MAX_TURN
from aslgui.rules.apply import end_of_mph, end_player_turn

#: What the ATTACKER box shows for a scenario that names none (``"player": ""``).
NO_ATTACKER = "(none: choose)"
#: What the ATTACKER box means, on the box and its label: an imported VASL game names its sides
#: as VASL does (allied, axis) and never says whose Player Turn it is.
ATTACKER_HELP = ("The side whose Player Turn it is (A3): it moves in the MPh and fires in the PFPh and AFPh; "
                 "the other side is the DEFENDER and fires in the DFPh. A VASL game imported names its sides "
                 "allied and axis, as VASL does, and not who moves: choose the side whose turn it is.")


def recorded_first_player(scenario: Scenario) -> str:
    """The side that moves first as the file records it, else its ATTACKER now."""
    first = scenario.extra.get(FIRST_PLAYER)  # a string, as the loader checks
    return str(first) if first else scenario.player


class PhaseCommand(QUndoCommand):
    """Sets phase, turn and ATTACKER, and records which side moves first; undo puts the old ones back."""

    def __init__(self, scenario: Scenario, phase: str, turn: int, player: str, first_player: str) -> None:
        super().__init__(f"{phase}, turn {turn} ({player})")
        self.scenario = scenario
        self.before = (scenario.phase, scenario.turn, scenario.player, scenario.extra.get(FIRST_PLAYER))
        self.after = (phase, turn, player, first_player or None)

    def _set(self, phase: str, turn: int, player: str, first_player: str | None) -> None:
        self.scenario.phase, self.scenario.turn, self.scenario.player = phase, turn, player
        if first_player is None:
            self.scenario.extra.pop(FIRST_PLAYER, None)
        else:
            self.scenario.extra[FIRST_PLAYER] = first_player

    def redo(self) -> None:
        self._set(*self.after)

    def undo(self) -> None:
        self._set(*self.before)


def sides(scenario: Scenario) -> list[str]:
    """The scenario's sides, on the map or in the order of battle, the ATTACKER first."""
    on_map = {u.side for u in scenario.units.values()}
    in_oob = {str(entry.get("side")) for entry in scenario.off_board.values() if entry.get("side")}
    found = sorted(on_map | in_oob | ({scenario.player} if scenario.player else set()))
    return sorted(found, key=lambda side: side != scenario.player)


def next_phase(scenario: Scenario, first_player: str) -> tuple[str, int, str]:
    """(phase, turn, player) after the current phase; after the CCPh the other side's RPh."""
    index = PHASES.index(scenario.phase)
    if index + 1 < len(PHASES):
        return PHASES[index + 1], scenario.turn, scenario.player
    others = [s for s in sides(scenario) if s != scenario.player]
    player = others[0] if others else scenario.player
    # The turn stops at the last a file may hold (MAX_TURN), so what is saved always loads.
    return PHASES[0], min(scenario.turn + (player == first_player), MAX_TURN), player


class PhaseBar(QToolBar):
    """Phase buttons, turn number, ATTACKER, and Next phase."""

    def __init__(self, scenario: Callable[[], Scenario], undo_stack: QUndoStack,
                 apply_unit_changes: Callable[[list[Unit], str], None], parent: QWidget | None = None) -> None:
        super().__init__("Phase", parent)
        self.setObjectName("phase_bar")
        self._scenario = scenario
        self._stack = undo_stack
        self._apply = apply_unit_changes
        self.first_player = recorded_first_player(scenario())
        self._shown = scenario()
        self.group = QActionGroup(self)
        self.group.setExclusive(True)
        self.phase_actions: dict[str, QAction] = {}
        for phase in PHASES:
            action = QAction(phase, self)
            action.setCheckable(True)
            action.triggered.connect(lambda _checked=False, p=phase: self.set_phase(p))
            self.group.addAction(action)
            self.addAction(action)
            self.phase_actions[phase] = action
        self.next_action = self.addAction("Next phase \u25b6")
        self.next_action.triggered.connect(self.advance)
        self.addSeparator()
        self.addWidget(QLabel(" Turn "))
        self.turn = QSpinBox()
        self.turn.setRange(1, MAX_TURN)
        self.turn.valueChanged.connect(self._on_turn)
        self.addWidget(self.turn)
        attacker = QLabel(" ATTACKER ")
        attacker.setToolTip(ATTACKER_HELP)
        self.addWidget(attacker)
        self.player = QComboBox()
        self.player.setObjectName("attacker")
        self.player.setToolTip(ATTACKER_HELP)
        # As wide as its longest side each time the sides change (an import's "(none: choose)"
        # was cut to "(none: c" by the width the demo's sides gave it).
        self.player.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.player.currentIndexChanged.connect(self._on_player)
        self.addWidget(self.player)
        undo_stack.indexChanged.connect(self._on_stack_index)  # a bound slot: no call once deleted
        self.refresh()

    def _on_stack_index(self, _index: int) -> None:
        self.refresh()

    def refresh(self) -> None:
        """Show the scenario's phase, turn and ATTACKER (without pushing commands back)."""
        scenario = self._scenario()
        if scenario is not self._shown:  # another file: the side it records as moving first, else its ATTACKER
            self._shown, self.first_player = scenario, recorded_first_player(scenario)
        if not self.first_player:  # an import sets none: the side the player picks first moves first (A3)
            self.first_player = scenario.player
        self.phase_actions[scenario.phase].setChecked(True)
        for widget in (self.turn, self.player):
            widget.blockSignals(True)
        self.turn.setValue(scenario.turn)
        self.player.clear()
        if not scenario.player:  # an old file without one: say so rather than show a side it is not
            self.player.addItem(NO_ATTACKER, "")
        for side in sides(scenario):
            self.player.addItem(side, side)
        self.player.setCurrentIndex(self.player.findData(scenario.player))
        for widget in (self.turn, self.player):
            widget.blockSignals(False)

    def _push(self, phase: str, turn: int, player: str) -> None:
        scenario = self._scenario()
        if (phase, turn, player) != (scenario.phase, scenario.turn, scenario.player):
            self._stack.push(PhaseCommand(scenario, phase, turn, player, self.first_player))

    def _on_turn(self, turn: int) -> None:
        self._push(self._scenario().phase, turn, self._scenario().player)

    def _on_player(self, _index: int) -> None:
        player = self.player.currentData()
        if player:
            self._push(self._scenario().phase, self._scenario().turn, str(player))

    def set_phase(self, phase: str) -> None:
        self._enter(phase, self._scenario().turn, self._scenario().player)

    def reach(self, phase: str, turn: int, player: str) -> None:
        """Advance phase by phase to (phase, turn, player), as a player would; a point behind
        the current one, or more than two Game Turns ahead, is set at once."""
        for _ in range(4 * len(PHASES)):
            scenario = self._scenario()
            if (scenario.phase, scenario.turn, scenario.player) == (phase, turn, player):
                return
            if scenario.turn > turn:
                break
            self.advance()
        self._push(phase, turn, player)

    def advance(self) -> None:
        """Next phase; past the CCPh, end the Player Turn (markers off) in the same undo step."""
        self._enter(*next_phase(self._scenario(), self.first_player))

    def _enter(self, phase: str, turn: int, player: str) -> None:
        """Go to a phase with what leaving the current one does, in one undo step: past the MPh,
        vehicles left Non-Stopped are in Motion; past the CCPh, Player-Turn markers come off, also
        when no other side is there to take over (a set-up planned for one side: the next turn)."""
        scenario = self._scenario()
        if player != scenario.player or turn > scenario.turn:
            title, text, changed = (f"End of {scenario.player} Player Turn {scenario.turn}",
                                    "Player-Turn markers off (A3.8)", end_player_turn(scenario))
        elif scenario.phase == "MPh" and PHASES.index(phase) > PHASES.index("MPh"):
            title, changed = "End of the MPh", end_of_mph(scenario)
            text = "Non-Stopped vehicles in Motion (C5.35); pushed Guns and their pushers TI (C10.3)"
        else:
            title, text, changed = "", "", []
        if not changed:
            self._push(phase, turn, player)
            return
        self._stack.beginMacro(title)
        self._apply(changed, text)
        self._push(phase, turn, player)
        self._stack.endMacro()
