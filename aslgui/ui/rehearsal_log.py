"""The action log dock: every committed action with its numbers, rule citations and dice.

It shows ``scenario.extra["log"]`` (saved with the scenario) and redraws whenever the undo
stack moves, so undo/redo of an action takes its log entry off and puts it back.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QGuiApplication, QUndoStack
from PySide6.QtWidgets import QDockWidget, QHBoxLayout, QPlainTextEdit, QPushButton, QVBoxLayout, QWidget

from aslgui.errors import AslError
from aslgui.model import Scenario
from aslgui.model.log import log_text, read_log


class ActionLogDock(QDockWidget):
    """Read-only text of the log, with a Copy button for pasting into a forum post or a note."""

    def __init__(self, scenario: Callable[[], Scenario], undo_stack: QUndoStack, parent: QWidget | None = None) -> None:
        super().__init__("Action log", parent)
        self.setObjectName("action_log")
        self._scenario = scenario
        self.view = QPlainTextEdit()
        self.view.setReadOnly(True)
        self.copy_button = QPushButton("Copy as text")
        self.copy_button.clicked.connect(self.copy)
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.view)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.copy_button)
        layout.addLayout(buttons)
        self.setWidget(body)
        undo_stack.indexChanged.connect(self._on_stack_index)  # a bound slot: no call once deleted
        self.refresh()

    def text(self) -> str:
        """The whole log as plain text (a broken saved log says where it is broken)."""
        try:
            return log_text(read_log(self._scenario()))
        except AslError as error:
            return f"The saved action log cannot be read: {error}"

    def _on_stack_index(self, _index: int) -> None:
        self.refresh()

    def refresh(self) -> None:
        self.view.setPlainText(self.text())
        bar = self.view.verticalScrollBar()
        bar.setValue(bar.maximum())

    def copy(self) -> None:
        QGuiApplication.clipboard().setText(self.text())
