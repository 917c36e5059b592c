"""Dice statistics of the game: how the rolled Original DR (2-12) and subsequent dr (1-6) of the
action log are spread, beside what fair dice would give, per side or for everyone.

Only dice from the Roll button count by default: typed dice rehearse a chosen roll.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QCheckBox, QComboBox, QDialog, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from aslgui.model.log import LogEntry

DR_VALUES = tuple(range(2, 13))
DR1_VALUES = tuple(range(1, 7))
#: Share of each Original DR with two fair dice: 1/36 for 2 and 12 ... 6/36 for 7.
DR_SHARE = {total: (6 - abs(total - 7)) / 36 for total in DR_VALUES}
DR1_SHARE = {value: 1 / 6 for value in DR1_VALUES}
ALL_SIDES = "all sides"
BAR_COLOR, EXPECTED_COLOR = QColor("#b3261e"), QColor("#1d1d1d")


class DiceCounts(NamedTuple):
    """How often each Original DR and each subsequent dr came up."""

    dr: dict[int, int]
    single: dict[int, int]

    @property
    def rolls(self) -> int:
        return sum(self.dr.values())


def count_dice(entries: Iterable[LogEntry], side: str | None = None, include_typed: bool = False) -> DiceCounts:
    """Count the log's dice: every Original DR (coloured + white) and subsequent dr, of one side
    (None: all) and, unless ``include_typed``, only those rolled with the Roll button."""
    dr = dict.fromkeys(DR_VALUES, 0)
    single = dict.fromkeys(DR1_VALUES, 0)
    for entry in entries:
        if (side is not None and entry.side != side) or not (entry.rolled or include_typed):
            continue
        dice = entry.action.get("dice")
        if isinstance(dice, dict) and isinstance(dice.get("colored"), int) and isinstance(dice.get("white"), int):
            total = dice["colored"] + dice["white"]
            if total in dr:
                dr[total] += 1
        subsequent = entry.action.get("dr")
        if isinstance(subsequent, int) and subsequent in single:
            single[subsequent] += 1
    return DiceCounts(dr, single)


def mean(counts: dict[int, int]) -> float | None:
    total = sum(counts.values())
    return sum(value * n for value, n in counts.items()) / total if total else None


class HistogramChart(QWidget):
    """Bars of how often each value came up, with a tick where fair dice would put it."""

    def __init__(self, title: str, share: dict[int, float], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = title
        self.share = share
        self.counts: dict[int, int] = dict.fromkeys(share, 0)
        self.setMinimumSize(QSize(360, 190))

    def set_counts(self, counts: dict[int, int]) -> None:
        self.counts = dict(counts)
        self.update()

    def expected(self) -> dict[int, float]:
        """What fair dice would give for as many rolls as counted."""
        total = sum(self.counts.values())
        return {value: share * total for value, share in self.share.items()}

    def bar_rect(self, value: int) -> QRectF:
        """Where the bar of ``value`` is drawn (full height of the plot: the bar fills its lower part)."""
        plot = self._plot()
        width = plot.width() / len(self.share)
        index = list(self.share).index(value)
        return QRectF(plot.left() + index * width + 3, plot.top(), width - 6, plot.height())

    def _plot(self) -> QRectF:
        """The bars' area, below the title and the room for the tallest bar's count."""
        return QRectF(8, 40, self.width() - 16, self.height() - 62)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), QColor("#fbfbf8"))
        painter.setPen(EXPECTED_COLOR)
        painter.drawText(QRectF(8, 2, self.width() - 16, 18), Qt.AlignmentFlag.AlignLeft, self.title)
        plot = self._plot()
        expected = self.expected()
        top = max([*self.counts.values(), *expected.values(), 1.0])
        for value in self.share:
            slot = self.bar_rect(value)
            count = self.counts.get(value, 0)
            height = plot.height() * count / top
            painter.fillRect(QRectF(slot.left(), plot.bottom() - height, slot.width(), height), BAR_COLOR)
            painter.setPen(QPen(EXPECTED_COLOR, 2.0))
            level = plot.bottom() - plot.height() * expected[value] / top
            painter.drawLine(int(slot.left()) - 2, int(level), int(slot.right()) + 2, int(level))
            painter.drawText(QRectF(slot.left() - 4, plot.bottom() + 2, slot.width() + 8, 18),
                             Qt.AlignmentFlag.AlignCenter, str(value))
            if count:
                painter.drawText(QRectF(slot.left() - 4, plot.bottom() - height - 17, slot.width() + 8, 16),
                                 Qt.AlignmentFlag.AlignCenter, str(count))
        painter.setPen(QPen(EXPECTED_COLOR, 1.0))
        painter.drawLine(int(plot.left()), int(plot.bottom()), int(plot.right()), int(plot.bottom()))
        painter.end()


class DiceStatsDialog(QDialog):
    """The game's DR and dr distributions; follows the log while open."""

    def __init__(self, entries: Callable[[], Sequence[LogEntry]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Dice statistics")
        self._entries = entries
        self.side = QComboBox()
        self.side.setToolTip("Whose dice: the side of the unit that acted")
        self.typed = QCheckBox("Include typed dice")
        self.typed.setToolTip("Dice typed in to rehearse a chosen roll are left out unless ticked")
        self.summary = QLabel()
        self.dr_chart = HistogramChart("DR (coloured + white die): bars rolled, ticks fair dice", DR_SHARE)
        self.dr1_chart = HistogramChart("subsequent dr", DR1_SHARE)
        row = QHBoxLayout()
        row.addWidget(QLabel("Dice of"))
        row.addWidget(self.side)
        row.addWidget(self.typed)
        row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.summary)
        layout.addWidget(self.dr_chart, 3)
        layout.addWidget(self.dr1_chart, 2)
        self.side.currentIndexChanged.connect(lambda _index: self._show())
        self.typed.toggled.connect(lambda _on: self._show())

    def refresh(self) -> None:
        """Re-read the log (its sides too) and redraw."""
        entries = list(self._entries())
        chosen = self.side.currentData()
        self.side.blockSignals(True)
        self.side.clear()
        self.side.addItem(ALL_SIDES, None)
        for side in sorted({e.side for e in entries if e.side}):
            self.side.addItem(side, side)
        self.side.setCurrentIndex(max(self.side.findData(chosen), 0))
        self.side.blockSignals(False)
        self._show()

    def counts(self) -> DiceCounts:
        return count_dice(self._entries(), self.side.currentData(), self.typed.isChecked())

    def _show(self) -> None:
        counts = self.counts()
        self.dr_chart.set_counts(counts.dr)
        self.dr1_chart.set_counts(counts.single)
        dr_mean, dr1_mean = mean(counts.dr), mean(counts.single)
        parts = [f"{counts.rolls} DR" + (f", mean {dr_mean:.2f} (fair dice 7.00)" if dr_mean is not None else "")]
        singles = sum(counts.single.values())
        parts.append(f"{singles} dr" + (f", mean {dr1_mean:.2f} (3.50)" if dr1_mean is not None else ""))
        self.summary.setText("; ".join(parts))
