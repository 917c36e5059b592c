"""The DRM popup: what the rules say about a drop, with options, dice, outcome and Commit.

Every change of an option re-resolves the action at once, so the DRM lines and numbers are
always exactly what ``aslgui resolve`` answers for the action shown. The modal show sits
behind ``RehearsalPopup.ask`` so tests can drive the popup without a modal loop.

Layout: what the player clicks (options, dice, Commit) on the left, what the rules answer on
the right, in a panel of fixed size; an answer that grows or shrinks never moves a box or a
button under the cursor. The popup opens beside the hexes it is about, on screen.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from PySide6.QtCore import QPoint, QRect, QSize, Qt, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from aslgui.errors import AslError
from aslgui.model import Scenario
from aslgui.rules import resolve
from aslgui.rules.dice import DiceRoll, DiceRoller
from aslgui.rules.gestures import Gesture, staged
from aslgui.rules.resolution import Resolution
from aslgui.rules.rolling import DR_ONLY_KINDS, ROLLING_KINDS, SOMETIMES_ROLLING_KINDS, reads_dr, rolls
from aslgui.rules.to_hit.effects import hit_is_ift_attack
from aslgui.ui.rehearsal.answer_words import UnitNames, in_words, number_lines, player_names
from aslgui.ui.rehearsal.dice import DiceWidget
from aslgui.ui.rehearsal.odds import OddsView
from aslgui.ui.rehearsal.options import connect_option, option_value, option_widgets, set_option
from aslgui.ui.rehearsal.verdict import (
    REFUSED_STYLE,
    FoldedNotes,
    allowed_label,
    note_lines,
    outcome_without_notes,
    verdict_lines,
    without_notes,
)
from aslgui.ui.widgets.wheel_guard import guard_wheel

#: A Thrown DC's second DR, on the thrower's own Location when the DC goes off (A23.6).
THROWER_DR_WORDS = "Thrower's Location DR {} (if the DC goes off, A23.6)"
#: Size of the answer panel (DRM lines, numbers, outcome): fixed, so the popup never re-lays out.
ANSWER_PANEL = QSize(380, 440)
#: Space kept between the popup and the hexes it is about, and for the window's title bar.
GAP, TITLE_BAR = 16, 32


@dataclass(frozen=True)
class Decision:
    """What the player committed: the gesture, the full action and the rules' answer."""

    gesture: Gesture
    action: dict[str, Any]
    resolution: Resolution
    #: The dice came from the Roll button, not typed in (dice statistics count these).
    rolled: bool = False

    @property
    def label(self) -> str:
        return self.gesture.label


def place_beside(avoid: QRect, size: QSize, screen: QRect) -> QPoint:
    """Top-left of a window of ``size`` next to ``avoid`` (right, left, below, above: the first
    that fits on ``screen`` without covering it), inside ``screen``. With no room anywhere, the
    side that covers least of ``avoid``."""
    width, height = size.width(), size.height() + TITLE_BAR
    centre = avoid.center()
    candidates = [
        QPoint(avoid.right() + GAP, centre.y() - height // 2),
        QPoint(avoid.left() - GAP - width, centre.y() - height // 2),
        QPoint(centre.x() - width // 2, avoid.bottom() + GAP),
        QPoint(centre.x() - width // 2, avoid.top() - GAP - height),
    ]

    def clamped(point: QPoint) -> QRect:
        x = min(max(point.x(), screen.left()), screen.right() + 1 - width)
        y = min(max(point.y(), screen.top()), screen.bottom() + 1 - height)
        return QRect(QPoint(max(x, screen.left()), max(y, screen.top())), QSize(width, height))

    def covered(rect: QRect) -> int:
        overlap = rect.intersected(avoid)
        return overlap.width() * overlap.height() if not overlap.isEmpty() else 0

    best = min((clamped(p) for p in candidates), key=covered)  # min keeps the first of equals
    return best.topLeft()


def choice_labels(scenario: Scenario, gestures: Sequence[Gesture], names: UnitNames) -> list[str]:
    """Each choice's words; where two read alike (ten squads of one name in one hex), the target
    is named as the log names it (``Fire at 4-6-7 #2 in 4E8``)."""
    labels = [g.label for g in gestures]
    repeated = {label for label in labels if labels.count(label) > 1}
    out = []
    for gesture, label in zip(gestures, labels, strict=True):
        target = scenario.units.get(str(gesture.action.get("target")))
        if label in repeated and target is not None and target.id in names:
            label = label.replace(f"{target.name or target.id} in {scenario.grid.name(target.hex)}", names[target.id])
        out.append(label)
    return out


class RehearsalPopup(QDialog):
    """Choice of meaning, options, dice and Commit; DRM lines, numbers and outcome beside them."""

    def __init__(self, scenario: Scenario, gestures: Sequence[Gesture], roller: DiceRoller,
                 title: str = "Rehearse", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.scenario = scenario
        self.gestures = list(gestures)
        self.roller = roller
        self.resolution: Resolution | None = None
        self.error = ""
        self.names = player_names(scenario)
        self.heading = QLabel()
        self.heading.setStyleSheet("font-weight: bold; font-size: 14px;")
        self.heading.setWordWrap(True)
        self.choice = QComboBox()
        self.choice.addItems(choice_labels(scenario, self.gestures, self.names))
        self.choice.setVisible(len(self.gestures) > 1)
        self.options_box = QWidget()
        self.options_form = QFormLayout(self.options_box)
        self.options_form.setContentsMargins(0, 0, 0, 0)
        self.options: dict[str, QWidget] = {}
        self.dice = DiceWidget(roller)
        self.dice.rolled.connect(self._on_rolled)
        #: Whether the action shown rolls (``rules.rolling.rolls``): its dice are shown, put in
        #: the action and waited for by Commit.
        self.rolling = False
        may_roll = [g.kind in ROLLING_KINDS | SOMETIMES_ROLLING_KINDS for g in self.gestures]
        always = all(g.kind in ROLLING_KINDS for g in self.gestures)
        self.dice.setVisible(any(may_roll))  # no dice where nothing is rolled (CA change, hook-up, ...)
        if any(may_roll) and not always:  # keep the room, so switching the choice moves nothing
            policy = self.dice.sizePolicy()
            policy.setRetainSizeWhenHidden(True)
            self.dice.setSizePolicy(policy)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.commit_button = QPushButton("Commit")
        self.buttons.addButton(self.commit_button, QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.drm_label, self.numbers_label, self.reasons_label, self.outcome_label = (QLabel() for _ in range(4))
        self.reasons_label.setStyleSheet(REFUSED_STYLE)
        self.allowed_label, self.notes = allowed_label(), FoldedNotes()
        self.outcome_label.setStyleSheet("font-weight: bold;")
        for label in (self.drm_label, self.numbers_label, self.reasons_label, self.outcome_label):
            label.setWordWrap(True)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.odds = OddsView()
        self._lay_out()
        self.choice.currentIndexChanged.connect(self._on_choice)
        self._on_choice(0)

    def _lay_out(self) -> None:
        left = QVBoxLayout()
        for widget in (self.heading, self.choice, self.options_box, self.dice):
            left.addWidget(widget)
        left.addStretch(1)
        left.addWidget(self.buttons)
        answer = QWidget()
        column = QVBoxLayout(answer)
        self.drm_title = QLabel("<b>DRM</b>")
        # the verdict first (issue 38): why not, with its rule, before any number
        for label in (self.allowed_label, self.reasons_label, self.drm_title, self.drm_label, self.numbers_label,
                      self.odds.words, self.outcome_label, self.notes, self.odds.what_if):
            column.addWidget(label)
        column.addStretch(1)
        self.answer_panel = QScrollArea()
        self.answer_panel.setWidget(answer)
        self.answer_panel.setWidgetResizable(True)
        self.answer_panel.setFrameShape(QFrame.Shape.StyledPanel)
        self.answer_panel.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.answer_panel.setFixedSize(ANSWER_PANEL)
        self.answer_panel.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        layout = QHBoxLayout(self)
        layout.addLayout(left, 1)
        layout.addWidget(self.answer_panel, 0, Qt.AlignmentFlag.AlignTop)

    # -- the action shown ------------------------------------------------------------------
    @property
    def gesture(self) -> Gesture:
        return self.gestures[self.choice.currentIndex()]

    def action(self) -> dict[str, Any]:
        """The gesture's action with the options chosen and the dice rolled (if any)."""
        action = dict(self.gesture.action)
        for key, widget in self.options.items():
            action.pop(key, None)
            value = option_value(widget)
            if value is not None:
                action[key] = value
        if self.dice.roll is not None and self.rolling:
            if self.gesture.kind not in DR_ONLY_KINDS:  # Setting a DC rolls its dr alone (A23.7)
                action["dice"] = {"colored": self.dice.roll.colored, "white": self.dice.roll.white}
            if self.dice.dr is not None:
                action["dr"] = self.dice.dr
            if self.dice.effects_dr is not None and action["kind"] == "fire":
                action["effects_dr"] = self.dice.effects_dr
            if self.dice.second is not None and self.dice.effects_shown and action["kind"] == "throw_dc":
                action["thrower_dice"] = {"colored": self.dice.second.colored, "white": self.dice.second.white}
        return action

    def refresh(self) -> None:
        """Re-resolve and redraw: called on every option change and roll."""
        scenario = staged(self.scenario, self.gesture)
        try:
            self.rolling = self.gesture.kind in ROLLING_KINDS
            if self.gesture.kind in SOMETIMES_ROLLING_KINDS:  # asked without dice: does this form roll?
                self.rolling = rolls(self.gesture.kind, resolve(scenario, self.action()))
            self.resolution = resolve(scenario, self.action())
            self.error = ""
        except AslError as error:
            self.resolution, self.error = None, str(error)
        res = self.resolution
        self.dice.show_dr(reads_dr(str(self.gesture.action["kind"]), res))
        if self.gesture.kind == "throw_dc":  # its own DR on the thrower's Location, when attacked (A23.6 EXC)
            self.dice.show_effects(bool(res and res.values.get("thrower_attacked")), THROWER_DR_WORDS)
        elif self.gesture.kind == "fire" and res is not None:  # an Effects DR only where a hit is an IFT attack
            on_ift = hit_is_ift_attack(res.values.get("target_type"), res.values.get("ammo"))
            if on_ift != self.dice.effects_shown:
                self.dice.show_effects(on_ift)
        self.drm_label.setText("\n".join(self.drm_labels()) or "none")
        # No DRM block where nothing is rolled and no DRM applies (a CA change, a hook-up).
        has_drm = bool(res and res.drm) or self.rolling
        if self.dice.sizePolicy().retainSizeWhenHidden():
            self.dice.setVisible(self.rolling)
        self.drm_title.setVisible(has_drm)
        self.drm_label.setVisible(has_drm)
        self.numbers_label.setText("\n".join(number_lines(without_notes(res), self.names)) if res else "")
        refused = verdict_lines(res, self.error, self.names)
        self.reasons_label.setText("\n".join(refused))
        self.reasons_label.setVisible(bool(refused))
        self.allowed_label.setVisible(not refused)
        unrolled = self.gesture.kind in ROLLING_KINDS and self.dice.roll is None
        self.allowed_label.setText("Allowed: roll the dice (or type them) to Commit" if unrolled else "Allowed")
        self.notes.show_notes(note_lines(res, self.names))
        self.odds.show_odds(res, staged(self.scenario, self.gesture), self.action())
        self.outcome_label.setText("\n".join(outcome_without_notes(res, self.names)) if res else "")
        if res is not None and res.outcome:  # rolled: bring the outcome into view, once laid out
            QTimer.singleShot(0, self, self._show_outcome)
        final = res.outcome.get("final_dr") if res and res.outcome else None  # as the rules computed it
        self.dice.show_final(final if isinstance(final, int) else None)
        self.commit_button.setEnabled(self.can_commit())
        self.dice.allow(res is not None and res.legal)

    def _show_outcome(self) -> None:
        self.answer_panel.ensureWidgetVisible(self.outcome_label, 0, 0)

    def drm_labels(self) -> list[str]:
        """The DRM lines as shown: ``A +4 (C5.1) NT, 2 hexspines``."""
        return [in_words(line.label, self.names) for line in self.resolution.drm] if self.resolution else []

    def can_commit(self) -> bool:
        """Only a legal action, and a rolled one when its outcome depends on dice; a fire whose
        outcome still waits for a subsequent dr (``needs_dr``, C3.6, C3.7) needs that dr too."""
        res = self.resolution
        if res is None or not res.legal or (res.outcome or {}).get("needs_dr"):
            return False
        return not self.rolling or self.dice.roll is not None

    def roll(self, colored: int, white: int, dr: int | None = None, effects_dr: int | None = None) -> None:
        """Rehearse a particular roll (what the typed dice do)."""
        self.dice.set_roll(DiceRoll(colored, white), dr, effects_dr)

    def decision(self) -> Decision:
        if self.resolution is None:
            raise AslError(self.error or "nothing resolved yet", "action")
        rolled = self.dice.from_roll_button and "dice" in self.action()
        return Decision(self.gesture, self.action(), self.resolution, rolled)

    def place_beside(self, avoid: QRect) -> None:
        """Move next to ``avoid`` (global coordinates: the hexes the action is about), on the
        screen that shows them."""
        screen = QGuiApplication.screenAt(avoid.center()) or self.screen() or QGuiApplication.primaryScreen()
        self.adjustSize()
        self.move(place_beside(avoid, self.size(), screen.availableGeometry()))

    @classmethod
    def ask(cls, scenario: Scenario, gestures: Sequence[Gesture], roller: DiceRoller,
            title: str = "Rehearse", parent: QWidget | None = None, avoid: QRect | None = None) -> Decision | None:
        """Show the popup modally (beside ``avoid`` when given); the committed decision, or None."""
        popup = cls(scenario, gestures, roller, title, parent)
        if avoid is not None:
            popup.place_beside(avoid)
        return popup.decision() if popup.exec() == QDialog.DialogCode.Accepted else None

    # -- options -----------------------------------------------------------------------------
    def _on_choice(self, _index: int) -> None:
        self.heading.setText(self.gesture.label)
        self.dice.show_effects(self.gesture.kind == "fire")  # a Thrown DC's: once its answer says (``refresh``)
        self.dice.show_dr_only(self.gesture.kind in DR_ONLY_KINDS)
        while self.options_form.rowCount():
            self.options_form.removeRow(0)
        self.options = {}
        for key, label, widget in option_widgets(self.scenario, self.gesture.action):
            set_option(widget, self.gesture.action.get(key))
            self.options[key] = widget
            self.options_form.addRow(label, widget)
            connect_option(widget, self.refresh)
        self.options_box.setVisible(bool(self.options))
        chain = [self.choice, *self.options.values(), self.dice]  # built after the buttons: Tab top-down
        for before, after in pairwise(chain):
            QWidget.setTabOrder(before, after)
        guard_wheel(self)
        self.refresh()

    def _on_rolled(self) -> None:
        self.refresh()
