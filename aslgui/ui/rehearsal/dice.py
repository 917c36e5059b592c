"""The dice of a rehearsal: a Roll button, or typed dice to rehearse one particular roll.

The coloured and the white die are drawn as dice (C3.9 compares them), with the Original DR
and, once the rules have answered, the Final DR.
"""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QEvent, QObject, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QKeyEvent, QPainter, QPixmap
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSpinBox, QVBoxLayout, QWidget

from aslgui.rules.dice import DiceRoll, DiceRoller

#: Pip positions on a 3x3 grid for each face.
_PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}
#: (face, pips) colours of the coloured die, the white die and the subsequent dr.
DIE_COLORS = {"colored": ("#b3261e", "#ffffff"), "white": ("#fbfbf8", "#1d1d1d"), "dr": ("#e8d9a8", "#1d1d1d")}
DIE_SIZE = 40


@cache
def die_pixmap(value: int, which: str, size: int = DIE_SIZE) -> QPixmap:
    """One die face as a pixmap (cached: 6 faces x 3 dice)."""
    face, ink = DIE_COLORS[which]
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QColor("#444444"))
    painter.setBrush(QColor(face))
    painter.drawRoundedRect(QRectF(1, 1, size - 2, size - 2), size / 6, size / 6)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(ink))
    step, radius = size / 4, size / 11
    for col, row in _PIPS[value]:
        painter.drawEllipse(QRectF(step * (col + 1) - radius, step * (row + 1) - radius, 2 * radius, 2 * radius))
    painter.end()
    return pixmap


ROLL_TIP = "Roll the coloured and the white die"
#: How the second DR reads by default: a hit's Effects DR.
EFFECTS_WORDS = "Effects DR {} (if the hit goes to the IFT)"


class DiceWidget(QWidget):
    """Roll or type an Original DR, a subsequent dr (C3.6, C3.7) and the Effects DR of a hit (IFT)."""

    rolled = Signal()

    def __init__(self, roller: DiceRoller, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._roller = roller
        self.from_roll_button = False
        self.roll: DiceRoll | None = None
        self.dr: int | None = None
        #: The second DR: a hit's Effects DR (IFT), or a Thrown DC's on the thrower's Location (A23.6).
        self.effects_dr: int | None = None
        self.second: DiceRoll | None = None
        #: Whether the action takes the second DR (``show_effects``).
        self.effects_shown = True
        self._effects_words = EFFECTS_WORDS
        #: Only a dr is rolled (Setting a DC, A23.7): the DR's dice are not shown.
        self.dr_only = False
        #: Whether the action reads a dr at all (an OVR does not, D7.1): else none is shown or kept.
        self.dr_shown = True
        self.faces = {name: QLabel() for name in ("colored", "white", "dr")}
        for face in self.faces.values():  # room for the dice before the first roll: nothing shifts
            face.setFixedSize(DIE_SIZE, DIE_SIZE)
            policy = face.sizePolicy()
            policy.setRetainSizeWhenHidden(True)
            face.setSizePolicy(policy)
        self.totals = QLabel("not rolled yet")
        self.totals.setWordWrap(True)
        self.totals.setFixedHeight(2 * self.totals.fontMetrics().lineSpacing() + 4)
        self.roll_button = QPushButton("Roll")
        self.roll_button.setToolTip(ROLL_TIP)
        self.roll_button.clicked.connect(self._on_roll)
        self.typed = {name: QSpinBox() for name in ("colored", "white", "dr", "effects")}
        for name, box in self.typed.items():
            box.setRange(1, 6)
            box.installEventFilter(self)  # Enter in a box uses the dice typed (``eventFilter``)
            box.setPrefix({"colored": "coloured ", "white": "white ", "dr": "dr ", "effects": "Effects DR "}[name])
        self.typed["effects"].setRange(2, 12)
        self.typed["effects"].setValue(7)
        self.use_typed = QPushButton("Use these dice")
        self.use_typed.setToolTip("Rehearse one particular roll")
        self.use_typed.clicked.connect(self._on_typed)

        # Dice and buttons, then the totals on their own line, then the dice to type: narrow
        # enough for the popup to fit beside the hexes on a laptop screen.
        shown = QHBoxLayout()
        for face in self.faces.values():
            shown.addWidget(face)
        shown.addStretch(1)
        shown.addWidget(self.roll_button)
        shown.addWidget(self.use_typed)
        typed = QHBoxLayout()
        for box in self.typed.values():
            typed.addWidget(box)
        typed.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(shown)
        layout.addWidget(self.totals)
        layout.addLayout(typed)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Enter in a box of typed dice uses them, as "Use these dice" does; the popup does not
        commit on that Enter too, so the player sees what the dice did first."""
        if (isinstance(watched, QSpinBox) and watched in self.typed.values() and isinstance(event, QKeyEvent)
                and event.type() == QEvent.Type.KeyPress and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)):
            watched.interpretText()  # what is typed, even half an edit
            self.use_typed.click()
            return True
        return super().eventFilter(watched, event)

    def show_effects(self, shown: bool, words: str = "") -> None:
        """Offer the second DR only for actions that take one: a hit resolved on the IFT, or
        ``words`` (``{}`` the DR) for another (a Thrown DC's attack on the thrower's Location)."""
        self.effects_shown = shown
        self._effects_words = words or EFFECTS_WORDS
        self.typed["effects"].setPrefix(self._effects_words.split("{}")[0])
        self.typed["effects"].setVisible(shown)
        self.show_final(None)

    def allow(self, allowed: bool) -> None:
        """Dice to roll or type only for an action the rules allow: an illegal one is never
        committed, so its dice would count for nothing."""
        for widget in (self.roll_button, self.use_typed, *self.typed.values()):
            widget.setEnabled(allowed)
        self.roll_button.setToolTip(ROLL_TIP if allowed else "Not allowed: nothing to roll (see why beside)")

    def show_dr_only(self, only: bool) -> None:
        """Show only the dr, for an action that rolls a dr and no DR (Setting a DC, A23.7)."""
        self.dr_only = only
        for name in ("colored", "white"):
            self.faces[name].setVisible(not only)
            self.typed[name].setVisible(not only)
        self.show_final(None)

    def show_dr(self, shown: bool) -> None:
        """Offer the dr only for actions that read one (``rules.rolling.reads_dr``)."""
        if shown == self.dr_shown:
            return
        self.dr_shown = shown
        self.typed["dr"].setVisible(shown)
        self.faces["dr"].setVisible(shown and self.dr is not None)
        if not shown:
            self.dr = None
        self.show_final(None)

    def _on_roll(self) -> None:
        roll, dr, second = self._roller.roll(), self._roller.dr(), self._roller.roll()
        self.set_roll(roll, dr, second.total, second)
        self.from_roll_button = True

    def _on_typed(self) -> None:
        typed = {name: box.value() for name, box in self.typed.items()}
        self.set_roll(DiceRoll(typed["colored"], typed["white"]), typed["dr"], typed["effects"])

    def set_roll(self, roll: DiceRoll, dr: int | None = None, effects_dr: int | None = None,
                 second: DiceRoll | None = None) -> None:
        """Show a roll and tell the popup (which re-resolves the action with it); a dr the action
        does not read is not kept.  The second DR is read by its total; typed, its dice are made
        of it (``second``: the dice rolled)."""
        dr = dr if self.dr_shown else None
        if second is None and effects_dr is not None:
            second = DiceRoll(effects_dr - effects_dr // 2, effects_dr // 2)
        self.roll, self.dr, self.effects_dr, self.second = roll, dr, effects_dr, second
        # The boxes to type dice in show the dice shown: a roll left the last typed ones there,
        # which read as what was rolled.
        for name, value in (("colored", roll.colored), ("white", roll.white), ("dr", dr), ("effects", effects_dr)):
            if value is not None:
                self.typed[name].setValue(value)
        #: Whether these dice came from the Roll button (set after the call by ``_on_roll``).
        self.from_roll_button = False
        self.faces["colored"].setPixmap(die_pixmap(roll.colored, "colored"))
        self.faces["white"].setPixmap(die_pixmap(roll.white, "white"))
        self.faces["dr"].setVisible(dr is not None)
        if dr is not None:
            self.faces["dr"].setPixmap(die_pixmap(dr, "dr", DIE_SIZE * 3 // 4))
        self.show_final(None)
        self.rolled.emit()

    def show_final(self, final_dr: int | None) -> None:
        """Original DR (and subsequent dr), then the Final DR once the DRM are known."""
        if self.roll is None:
            self.totals.setText("not rolled yet")
            return
        if self.dr_only:
            self.totals.setText(f"dr {self.dr}")
            return
        text = f"Original DR {self.roll.total}"
        if self.dr is not None:
            text += f", dr {self.dr}"
        if final_dr is not None:
            text += f"  ->  Final DR {final_dr}"
        if self.effects_dr is not None and self.effects_shown:
            text += "\n" + self._effects_words.format(self.effects_dr)
        self.totals.setText(text)
