"""The top and the foot of the popup's answer: the verdict first (allowed, or each reason with
its rule), so a player never scrolls to learn why; the notes last, folded under one line, as they
change no number of this action (issue 38)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QToolButton, QVBoxLayout, QWidget

from aslgui.rules.resolution import Resolution
from aslgui.ui.rehearsal.answer_words import OUTCOME_WORDS, UnitNames, in_words, outcome_lines

#: Answer keys the notes fold away: what to remember and what was not checked, never a number.
NOTE_KEYS = frozenset({"notes", "unverified"})
#: The verdict's colours: allowed, not allowed.
ALLOWED_STYLE, REFUSED_STYLE = "color: #1d6b1d; font-weight: bold;", "color: #b01818; font-weight: bold;"


def without_notes(resolution: Resolution) -> Resolution:
    """The answer without its notes: what the numbers block shows."""
    return resolution._replace(values={k: v for k, v in resolution.values.items() if k not in NOTE_KEYS})


def outcome_without_notes(resolution: Resolution, names: UnitNames) -> list[str]:
    """The rolled outcome's lines but its notes (folded with the others; each target's own notes
    still left out where the whole shot's say them)."""
    notes = f"{OUTCOME_WORDS['notes']}:"
    return [line for line in outcome_lines(resolution, names) if not line.startswith(notes)]


def note_lines(resolution: Resolution | None, names: UnitNames) -> list[str]:
    """The answer's notes, the rolled outcome's, then what was not checked against a printed
    chart, one bullet each, in the window's words."""
    if resolution is None:
        return []
    notes = [*(resolution.values.get("notes") or ()), *((resolution.outcome or {}).get("notes") or ())]
    lines = [f"\u2022 {in_words(str(note), names)}" for note in dict.fromkeys(notes)]
    unchecked = resolution.values.get("unverified") or ()
    return lines + [f"\u2022 Not checked against a printed chart: {in_words(str(note), names)}" for note in unchecked]


class FoldedNotes(QWidget):
    """``Notes (3)`` with an arrow: a click unfolds the notes; folded again, they take one line.
    Folded or not stays as the player left it while the answer changes."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.toggle = QToolButton()
        self.toggle.setCheckable(True)
        self.toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.toggle.setAutoRaise(True)
        self.toggle.setArrowType(Qt.ArrowType.RightArrow)
        self.toggle.setToolTip("What to remember after this action, and the values not checked against a "
                               "printed chart: they change no number above")
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.label.setVisible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.toggle, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.label)
        self.toggle.toggled.connect(self._on_toggled)

    def show_notes(self, lines: list[str]) -> None:
        self.label.setText("\n".join(lines))
        self.toggle.setText(f"Notes ({len(lines)})")
        self.setVisible(bool(lines))

    def _on_toggled(self, unfolded: bool) -> None:
        self.toggle.setArrowType(Qt.ArrowType.DownArrow if unfolded else Qt.ArrowType.RightArrow)
        self.label.setVisible(unfolded)


def verdict_lines(resolution: Resolution | None, error: str, names: UnitNames) -> list[str]:
    """``Not allowed: REASON (RULE)`` for each reason (or the error that stopped the answer);
    none when the action is allowed."""
    reasons = list(resolution.reasons) if resolution is not None else [error]
    return [f"Not allowed: {in_words(r, names)}" for r in reasons]


def allowed_label() -> QLabel:
    label = QLabel("Allowed")
    label.setStyleSheet(ALLOWED_STYLE)
    return label
