"""Solo rehearsal: a drop on the map becomes an action, the popup shows what the rules say, and
Commit changes the map and logs the action, both in one undoable step.

The controller needs only a small host (the main window): ``scenario``, ``undo_stack``,
``apply_unit_changes(units, text)`` and ``remove_units(ids, text)``. It plugs into the map scene as
its ``action_handler``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

import shapely
from PySide6.QtCore import QObject, QPoint, QPointF, QRect, Qt, Signal, SignalInstance
from PySide6.QtGui import QUndoCommand, QUndoStack
from PySide6.QtWidgets import QMainWindow, QMenu, QWidget

from aslgui.errors import AslError
from aslgui.geometry import Hex
from aslgui.geometry.shapes import hex_polygons
from aslgui.model import Scenario, Unit
from aslgui.model.log import LogEntry, log_with, set_log
from aslgui.rules.apply import destroyed_units, unit_changes
from aslgui.rules.dice import DiceRoller
from aslgui.rules.gestures import (
    Gesture,
    actor,
    available,
    gestures_for_drop,
    is_legal_gesture,
    staged,
    target_legal,
    why_it_does_not_move,
)
from aslgui.rules.menu_gestures import context_gestures, reaction_fire_gestures, turn_gesture
from aslgui.rules.move import ovr_target
from aslgui.rules.move_path import drag_targets, drags_path, ovr_legality
from aslgui.ui.rehearsal.answer_words import in_words, mentioned_names, name_with_hex, player_names, unit_name
from aslgui.ui.rehearsal.examples import Example, ExamplesMenu
from aslgui.ui.rehearsal.log import ActionLogDock
from aslgui.ui.rehearsal.move_preview import MovePreview
from aslgui.ui.rehearsal.phase import PhaseBar
from aslgui.ui.rehearsal.popup import Decision, RehearsalPopup
from aslgui.ui.rehearsal.target_rings import TargetOverlay
from aslgui.ui.widgets.dialogs import MessageBox

#: Kinds that attack the hex they are dropped on: a drop among one's own units asks first.
ATTACK_KINDS = frozenset({"fire", "overrun", "place_dc", "throw_dc", "detonate_dc"})
#: Action keys naming a unit or a hex the action is about (DESIGN.md 4).
_UNIT_KEYS = ("firer", "unit", "vehicle", "gun", "target")
_HEX_KEYS = ("target_hex", "to_hex", "hex")


def action_hexes(scenario: Scenario, gesture: Gesture) -> set[Hex]:
    """The hexes an action is about: its units' hexes, the hexes it names, where it moves units."""
    action = gesture.action
    hexes = {h for _, h in gesture.moves}
    hexes |= {scenario.units[str(action[k])].hex for k in _UNIT_KEYS if str(action.get(k)) in scenario.units}
    for key in _HEX_KEYS:
        name = action.get(key)
        if isinstance(name, str):
            try:
                hexes.add(scenario.grid.parse(name))
            except AslError:
                continue
    return hexes


def acting_unit(scenario: Scenario, action: dict[str, Any]) -> Unit | None:
    """The unit that acts (fires, moves, places): whose side rolls the dice, whom the log names."""
    for key in ("firer", "unit", "vehicle", "gun"):
        unit = scenario.units.get(str(action.get(key)))
        if unit is not None:
            return unit
    return None


class Host(Protocol):
    """What the controller needs from the main window."""

    scenario: Scenario
    undo_stack: QUndoStack

    def apply_unit_changes(self, units: list[Unit], text: str) -> None: ...

    def remove_units(self, unit_ids: list[str], text: str) -> None: ...


class LogCommand(QUndoCommand):
    """Appends one entry to the scenario's action log; undo takes it off again."""

    def __init__(self, scenario: Scenario, after: list[dict[str, Any]], text: str) -> None:
        super().__init__(text)
        self.scenario = scenario
        self.before = list(scenario.extra.get("log", []))
        self.after = after

    def redo(self) -> None:
        set_log(self.scenario, self.after)

    def undo(self) -> None:
        set_log(self.scenario, self.before)


class RehearsalController(QObject):
    """Turns drops and context-menu choices into resolved, committed, logged actions."""

    refused = Signal(str)  # why a drop means nothing (with its rule)
    committed = Signal(object)  # LogEntry
    asking = Signal()  # a popup opens: what the status line said of the last action is stale

    def __init__(self, host: Host, roller: DiceRoller | None = None, parent_widget: QWidget | None = None) -> None:
        super().__init__()
        self.host = host
        self.roller = roller or DiceRoller()
        self.parent_widget = parent_widget
        self.overlay = TargetOverlay()
        #: The path a drag proposes in the MPh, drawn while dragging (DESIGN.md 13).
        self.move_preview = MovePreview(self.refuse)  # a path refused says why as it is dragged
        self.scene: Any = None

    # -- wiring --------------------------------------------------------------------------------
    def attach(self, scene: Any) -> None:
        """Become the scene's ``action_handler`` and ring targets when a counter is selected or
        picked up (a press on the counter already selected, e.g. right after a drop, counts)."""
        self.scene, scene.action_handler, scene.drag_handler = scene, self.handle_drop, self.drag_entered
        scene.selection_changed.connect(self._on_selection)
        scene.unit_pressed.connect(self._on_selection)

    def drag_entered(self, unit_id: str, h: Hex | None) -> None:
        """The scene's ``drag_handler``: in Rehearse, during the MPh, an ATTACKER's unit that
        moves itself (not a Gun, nor a crew dragging its Gun) draws the path the pointer passes,
        with what each hex costs; let go (None), the path comes off once the drop is answered."""
        scenario = self.host.scenario
        unit = scenario.units.get(unit_id)
        if h is None or unit is None or getattr(self.scene, "mode", "") != "rehearse" or scenario.phase != "MPh":
            self.move_preview.clear()
            return
        mover = actor(scenario, unit)  # a Gun in tow or en portee drags its vehicle (C10.1, C10.5)
        if not drags_path(scenario, unit, scenario.phase):  # the DEFENDER's may mean Defensive First Fire
            if mover.side == scenario.player and (stays := why_it_does_not_move(scenario, mover, scenario.phase)):
                self.refused.emit(stays)  # as it is picked up, not only once let go
            return
        self.move_preview.enter(self.scene, scenario, mover, h)
        self.ring_drag_target(mover, h)

    def ring_drag_target(self, unit: Unit, h: Hex) -> None:
        """The ring of a target the dragged path has reached says what the drop there proposes:
        the OVR from the hex before, along this path (D7.1; DESIGN.md 13)."""
        shown = self.overlay.shown
        if self.overlay.unit_id != unit.id or h not in shown:
            return
        scenario = self.host.scenario
        legal = target_legal(scenario, unit.id, h, scenario.phase,
                             ovr_legality(scenario, unit, self.move_preview.path, scenario.phase))
        if legal is not None and legal != shown[h]:
            self.overlay.show(self.scene, {**shown, h: legal})
            self.overlay.unit_id = unit.id

    def _on_selection(self, unit_id: object) -> None:
        if self.scene is None or getattr(self.scene, "mode", "") != "rehearse" or not isinstance(unit_id, str):
            self.overlay.clear()
            return
        if self.overlay.unit_id != unit_id:
            self.show_targets(unit_id)

    def refresh_targets(self) -> None:
        """Ring the selected counter's targets again (after a mode switch or a change to the
        situation); in Setup, or with nothing selected, take the rings off."""
        self.overlay.clear()
        self._on_selection(self.scene.selected if self.scene is not None else None)

    def show_targets(self, unit_id: str) -> dict[Hex, bool]:
        """Ring every hex a drop of ``unit_id`` would mean something on (legal green, illegal red dashed)."""
        targets = drag_targets(self.host.scenario, unit_id)
        if self.scene is not None:
            self.overlay.show(self.scene, targets)
            self.overlay.unit_id = unit_id
        return targets

    # -- drops and menus -------------------------------------------------------------------------
    def handle_drop(self, unit_id: str, h: Hex) -> LogEntry | None:
        """The scene's ``action_handler``: offer every meaning of the drop the rules can answer."""
        self.overlay.clear()
        scenario = self.host.scenario
        try:
            drop = gestures_for_drop(scenario, unit_id, h)
        except AslError as error:
            self.refuse(str(error))
            return None
        mover_id = actor(scenario, scenario.units[unit_id]).id  # a Gun in tow or en portee: its vehicle's move
        moving = self.move_preview.gesture(scenario, mover_id, h, only_meaning=not drop.gestures)
        # A dragged path ending in the OVR is the OVR: the bare one (from an adjacent hex only,
        # else refused asking for a from_hex the popup has no field for) is not offered beside it.
        offered = available([g for g in drop.gestures if moving is None or g.kind != "overrun"])
        # onto an enemy it does not OVR (an AFV) a drag means to shoot it, onto a friendly Gun to hook it up (C10.11)
        first = moving is not None and any((g.kind == "fire" and "target" in g.action and not ovr_target(
            scenario, scenario.units[unit_id], h)) or g.kind in ("hook_up", "portee_load") for g in offered)
        moves = [moving] if moving is not None else []
        gestures = [*offered, *moves] if first else [*moves, *offered]
        # what the rules allow first: the popup opens on it (an Infantry move into an enemy hex, A4.14,
        # or an OVR past the MP left is no default); the drawn path's legality is the preview's
        gestures.sort(key=lambda g: not (self.move_preview.legal if g is moving else is_legal_gesture(scenario, g)))
        if not gestures:
            kinds = sorted({g.kind for g in drop.gestures})
            self.refuse("; ".join(drop.reasons) or f"the rules core does not answer {', '.join(kinds)} yet")
            return None
        gestures = self.spare_friends(unit_id, h, gestures)
        if not gestures:
            return None
        mover = name_with_hex(scenario, player_names(scenario), unit_id)
        return self.offer(gestures, f"Rehearse: {mover} to {scenario.grid.name(h)}")

    def spare_friends(self, unit_id: str, h: Hex, gestures: list[Gesture]) -> list[Gesture]:
        """Ask before an attack on a hex that holds the mover's own units (an Area Target shot on
        one's own squad): going ahead keeps every meaning; cancelling keeps only those that are
        no attack (a hook-up, a push), which may be none."""
        scenario = self.host.scenario
        mover = actor(scenario, scenario.units[unit_id])
        friends = [u for u in scenario.units_at(h) if u.side == mover.side and u.id not in (unit_id, mover.id)]
        attacks = [g for g in gestures if g.kind in ATTACK_KINDS]
        if not friends or not attacks:
            return gestures
        names = ", ".join(unit_name(u.id, player_names(scenario)) for u in friends)
        verb = "Fire on it" if any(g.kind == "fire" for g in attacks) else "Attack it"
        question = f"{scenario.grid.name(h)} holds your own {names}.\n\n{verb} anyway?"
        if MessageBox.confirm(self.parent_widget, "Your own units in the target hex", question, f"{verb} anyway"):
            return gestures
        return [g for g in gestures if g.kind not in ATTACK_KINDS]

    def offer_ca_change(self, unit_id: str, arc: str, spine: int) -> LogEntry | None:
        """In Rehearse, turning a CA/VCA/TCA (keys, menu, handle) is an action like any other
        (``turn_gesture``: a ``change_ca``, or a moving vehicle's move without a hex): the popup says
        whether the rules allow it now (C3.22, D2.11, C5.13) and Commit applies it."""
        unit = self.host.scenario.units[unit_id]
        return self.offer([turn_gesture(self.host.scenario, unit, spine, arc)], f"Rehearse: {unit.name or unit.id}")

    def context_gestures(self, unit_id: str) -> list[Gesture]:
        """The counter's context-menu actions the rules core answers today."""
        return available(context_gestures(self.host.scenario, unit_id))

    def fill_menu(self, menu: QMenu, unit_id: str) -> None:
        """Add the counter's rules actions (change CA, (un)limber, unhook, Set DC, detonate its DC) to
        its context menu; each opens the popup, so the rules' checks (C3.22, C10.2, A23.7) come with it."""
        gestures = self.context_gestures(unit_id)
        if gestures:
            menu.addSeparator()
        for gesture in gestures:
            menu.addAction(gesture.label).triggered.connect(lambda _checked=False, g=gesture: self.offer([g]))

    def offer(self, gestures: Sequence[Gesture], title: str = "Rehearse") -> LogEntry | None:
        """Show the popup; commit what the player commits; an Overrun then prompts Reaction Fire."""
        self.asking.emit()
        avoid = self.screen_rect(gestures)
        decision = RehearsalPopup.ask(self.host.scenario, gestures, self.roller, title, self.parent_widget, avoid)
        if decision is None:
            return None
        entry = self.commit(decision)
        outcome = decision.resolution.outcome or {}
        if entry is not None and decision.action.get("kind") == "overrun":
            self.offer_reaction_fire(decision.action, outcome)
        if entry is not None and decision.action.get("kind") == "move" and decision.resolution.values.get("overrun"):
            self.offer_reaction_fire({"vehicle": decision.action["unit"]}, outcome)  # the move ended in an OVR (D7.1)
        if entry is not None and decision.action.get("ovr_prevention"):
            self.offer_overrun_after_prevention(decision.action, gestures)
        return entry

    def offer_overrun_after_prevention(self, prevention: dict[str, Any], gestures: Sequence[Gesture]) -> None:
        """The OVR announced before an OVR Prevention shot is resolved right after it (C5.64): the
        vehicle is in the hex now, so it comes from the hex it entered by."""
        for gesture in gestures:
            if gesture.kind == "overrun" and gesture.action.get("vehicle") == prevention.get("target"):
                action = {**gesture.action, "from_hex": prevention["entered_from"]}
                self.offer([Gesture("overrun", gesture.label, action)], "Overrun (D7.1)")
                return

    def screen_rect(self, gestures: Sequence[Gesture]) -> QRect | None:
        """Where the hexes the gestures are about (mover, target, destination) show on screen,
        for opening the popup beside them; None when the map shows none of them."""
        views = self.scene.views() if self.scene is not None else []
        hexes = sorted(set().union(*(action_hexes(self.host.scenario, g) for g in gestures)))
        if not views or not hexes:
            return None
        viewport = views[0].viewport()
        x0, y0, x1, y1 = shapely.total_bounds(hex_polygons(hexes))
        corners = [viewport.mapToGlobal(views[0].mapFromScene(QPointF(x, y))) for x, y in ((x0, y0), (x1, y1))]
        rect = QRect(corners[0], corners[1]).intersected(QRect(viewport.mapToGlobal(QPoint(0, 0)), viewport.size()))
        return rect if not rect.isEmpty() else None

    def refuse(self, message: str) -> None:
        """Say why not (the status line), units named as a player names them."""
        self.refused.emit(in_words(message, player_names(self.host.scenario)))

    # -- committing ----------------------------------------------------------------------------
    def commit(self, decision: Decision) -> LogEntry | None:
        """Apply a legal decision to the map and the log as one undoable step; refuse an illegal one."""
        resolution = decision.resolution
        if not resolution.legal:
            self.refuse("; ".join(resolution.reasons))
            return None
        scenario = self.host.scenario
        label = decision.label.partition(" \u2014 ")[0]  # what was done, without the popup's reminder
        before = staged(scenario, decision.gesture)
        moved = {uid: unit for uid, unit in before.units.items() if unit is not scenario.units.get(uid)}  # and its load
        units = list({**moved, **{u.id: u for u in unit_changes(before, decision.action, resolution)}}.values())
        destroyed = destroyed_units(resolution)
        answer = resolution.to_json()
        every = player_names(before)
        names = mentioned_names(every, decision.action, answer)
        acting = acting_unit(before, decision.action)
        entry = LogEntry(
            turn=scenario.turn, phase=str(decision.action.get("phase", scenario.phase)), player=scenario.player,
            summary=label, action=decision.action, answer=answer,
            drm=tuple(in_words(line.label, every) for line in resolution.drm), rolled=decision.rolled,
            side=acting.side if acting else "", actor=name_with_hex(before, names, acting.id) if acting else "",
            names=names,
        )
        stack = self.host.undo_stack
        stack.beginMacro(label)
        if units:
            self.host.apply_unit_changes(units, label)
        if destroyed:  # a CH on a Gun takes it and its crew off the map (C3.71)
            self.host.remove_units(destroyed, label)
        stack.push(LogCommand(scenario, log_with(scenario, entry), label))
        stack.endMacro()
        self.committed.emit(entry)
        return entry

    def offer_reaction_fire(self, overrun: dict[str, Any], outcome: Mapping[str, Any]) -> None:
        """After an Overrun, prompt each eligible DEFENDER in turn (Cancel declines): the rules
        core says who may react and with what, a Gun's shot first (D7.2-D7.23); a unit the OVR's
        rolled result attacked is told to take it first."""
        results = {str(target.get("id")): str(target.get("result")) for target in outcome.get("targets") or ()}
        for choices in reaction_fire_gestures(self.host.scenario, str(overrun["vehicle"]), results):
            legal_first = sorted(choices, key=lambda g: not is_legal_gesture(self.host.scenario, g))  # opens on it
            self.offer(legal_first, "Reaction Fire (D7.2)")


class WindowServices(Host, Protocol):
    """What the rehearsal needs from the main window besides a QMainWindow to dock into (passed
    in, so this module does not import the window that imports it)."""

    scene: Any
    view_menu: QMenu
    scenario_changed: SignalInstance
    mode_changed: SignalInstance

    def set_scenario(self, scenario: Scenario, path: Path | None) -> None: ...

    def set_mode(self, mode: str) -> None: ...

    def maybe_discard(self) -> bool: ...


class Rehearsal(RehearsalController):
    """The controller plugged into the main window, with the phase bar, action log dock and
    "Rulebook examples" menu it brings along."""

    def __init__(self, window: QMainWindow, services: WindowServices, roller: DiceRoller | None = None) -> None:
        super().__init__(services, roller, window)
        self.services = services
        self.attach(services.scene)
        self.phase_bar = PhaseBar(lambda: services.scenario, services.undo_stack, services.apply_unit_changes, window)
        window.addToolBarBreak()
        window.addToolBar(self.phase_bar)
        self.log_dock = ActionLogDock(lambda: services.scenario, services.undo_stack, window)
        window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.log_dock)
        services.view_menu.addAction(self.log_dock.toggleViewAction())
        self.stats_action = services.view_menu.addAction("&Dice statistics...")
        self.stats_action.triggered.connect(self.log_dock.show_stats)
        self.examples_menu = ExamplesMenu(self.open_example, window)
        window.menuBar().addMenu(self.examples_menu)
        services.scenario_changed.connect(self._on_scenario_changed)
        services.mode_changed.connect(self._on_mode_changed)
        self.refused.connect(lambda text: window.statusBar().showMessage(f"Not allowed: {text}", 8000))
        self.committed.connect(lambda entry: window.statusBar().showMessage(f"Done: {entry.summary}", 8000))
        self.asking.connect(window.statusBar().clearMessage)

    def _on_scenario_changed(self) -> None:
        self.phase_bar.refresh()
        self.log_dock.refresh()
        self.refresh_targets()

    def _on_mode_changed(self, _mode: str) -> None:
        self.refresh_targets()

    def open_example(self, example: Example) -> None:
        """Load the EX's situation in Rehearse mode and open its prepared action in the popup."""
        if not self.services.maybe_discard():
            return
        self.services.set_scenario(example.load(), None)
        self.services.set_mode("rehearse")
        if example.steps:
            self.rehearse_steps(example)
            return
        gesture = Gesture(str(example.prepared_action["kind"]), example.title, dict(example.prepared_action))
        self.offer([gesture], example.title)

    def rehearse_steps(self, example: Example) -> None:
        """Walk a procedure EX: the phase bar advances to each step's phase (Player-Turn markers
        come off on the way, A3.8) and its action opens in the popup; Cancel ends the walk."""
        for step in example.steps:
            self.phase_bar.reach(step.phase, step.turn, step.player)
            gesture = Gesture(str(step.action["kind"]), step.title, dict(step.action))
            if self.offer([gesture], f"{example.rule} EX: {step.title}") is None:
                return
