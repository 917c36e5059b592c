"""The action log dock: one line per committed action, its roll as ``*** 3,1 ***`` and what it
meant, with the DRM lines and key numbers beneath; dice statistics one click away.

It shows ``scenario.extra["log"]`` (saved with the scenario) and redraws whenever the undo
stack moves, so undo/redo of an action takes its log entry off and puts it back.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QGuiApplication, QUndoStack
from PySide6.QtWidgets import QDockWidget, QHBoxLayout, QPushButton, QTextBrowser, QVBoxLayout, QWidget

from aslgui.errors import AslError
from aslgui.model import Scenario
from aslgui.model.log import LogEntry, read_log
from aslgui.ui.rehearsal.answer_words import player_names
from aslgui.ui.rehearsal.dice_stats import DiceStatsDialog
from aslgui.ui.rehearsal.log_lines import log_html, log_plain

#: What an empty log says: the first thing to try (a newcomer had only the README to tell it).
EMPTY_LOG_HINT = ("Nothing done yet. Click Rehearse, then drag a Gun or vehicle onto its target to ask the rules "
                  "(the popup shows every DRM with its rule); right-click a counter for more.")


class ActionLogDock(QDockWidget):
    """The log, with Copy (plain text, for a forum post or a note) and Dice statistics."""

    def __init__(self, scenario: Callable[[], Scenario], undo_stack: QUndoStack, parent: QWidget | None = None) -> None:
        super().__init__("Action log", parent)
        self.setObjectName("action_log")
        self._scenario = scenario
        self.view = QTextBrowser()
        self.view.setOpenLinks(False)
        self.view.setPlaceholderText(EMPTY_LOG_HINT)
        self.copy_button = QPushButton("Copy as text")
        self.copy_button.clicked.connect(self.copy)
        self.stats_button = QPushButton("Dice statistics...")
        self.stats_button.setToolTip("How the rolled DR and dr of this game are spread (2-12, 1-6)")
        self.stats_button.clicked.connect(self.show_stats)
        self.stats: DiceStatsDialog | None = None
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.view)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.stats_button)
        buttons.addWidget(self.copy_button)
        layout.addLayout(buttons)
        self.setWidget(body)
        undo_stack.indexChanged.connect(self._on_stack_index)  # a bound slot: no call once deleted
        self.refresh()

    def entries(self) -> list[LogEntry]:
        """The log's entries; AslError names a broken saved entry."""
        return read_log(self._scenario())

    def text(self) -> str:
        """The whole log as plain text (a broken saved log says where it is broken)."""
        try:
            return log_plain(self.entries(), player_names(self._scenario()))
        except AslError as error:
            return f"The saved action log cannot be read: {error}"

    def _on_stack_index(self, _index: int) -> None:
        self.refresh()

    def refresh(self) -> None:
        try:
            self.view.setHtml(log_html(self.entries(), player_names(self._scenario())))
        except AslError as error:
            self.view.setPlainText(f"The saved action log cannot be read: {error}")
        bar = self.view.verticalScrollBar()
        bar.setValue(bar.maximum())
        if self.stats is not None and self.stats.isVisible():
            self.stats.refresh()

    def copy(self) -> None:
        QGuiApplication.clipboard().setText(self.text())

    def show_stats(self) -> DiceStatsDialog:
        """Open (or raise) the dice statistics of this game's log."""
        if self.stats is None:
            self.stats = DiceStatsDialog(self._safe_entries, self.window())
        self.stats.refresh()
        self.stats.show()
        self.stats.raise_()
        return self.stats

    def _safe_entries(self) -> list[LogEntry]:
        try:
            return self.entries()
        except AslError:
            return []
