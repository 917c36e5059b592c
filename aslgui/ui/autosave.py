"""The window's side of autosave: a timer that saves unsaved work, and the offer to recover it.

The folder, rotation and crash marker live in ``aslgui.model.autosave``; this module only
decides *when* (every few minutes, and only with changes not yet autosaved) and asks the user.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QTimer
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QListWidget, QVBoxLayout, QWidget

from aslgui.errors import AslError
from aslgui.model import Scenario, scenario_to_json
from aslgui.model.autosave import Autosave, Autosaver
from aslgui.ui.dialogs import MessageBox

#: Every three minutes: little lost after a crash, and a save (a few ms) is never noticed.
INTERVAL_MS = 3 * 60 * 1000


#: The recovery dialog's answer that deletes every autosave (Keep for later is None).
DISCARD = "discard"


class RecoveryDialog(QDialog):
    """The question after a crash: reopen one autosave, keep them all for later, or delete them.

    Closing the dialog (Escape, the window's close button) keeps them: deleting work is only
    ever the button that says so."""

    def __init__(self, parent: QWidget | None, autosaves: Sequence[Autosave]) -> None:
        super().__init__(parent)
        self.setWindowTitle("Recover unsaved work")
        self.autosaves = list(autosaves)
        self.choice: Autosave | str | None = None
        count = len(self.autosaves)
        text = QLabel(
            "aslgui did not close properly last time. "
            f"{'This autosaved copy is' if count == 1 else f'These {count} autosaved copies are'} left, newest first:"
        )
        text.setWordWrap(True)
        self.list = QListWidget()
        for autosave in self.autosaves:
            stamp = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(autosave.saved_at))
            self.list.addItem(f"{stamp}  {autosave.name or 'untitled'}")
        self.list.setCurrentRow(0)
        self.list.itemDoubleClicked.connect(lambda _item: self._reopen())
        buttons = QDialogButtonBox()
        self.reopen_button = buttons.addButton("Reopen the selected copy", QDialogButtonBox.ButtonRole.AcceptRole)
        self.keep_button = buttons.addButton("Keep them for later", QDialogButtonBox.ButtonRole.RejectRole)
        self.keep_button.setToolTip("Nothing is deleted: they are moved aside in the autosave folder")
        self.delete_button = buttons.addButton(
            f"Delete {'it' if count == 1 else f'all {count}'}", QDialogButtonBox.ButtonRole.DestructiveRole
        )
        self.reopen_button.setDefault(True)
        self.reopen_button.clicked.connect(self._reopen)
        self.keep_button.clicked.connect(self.reject)
        self.delete_button.clicked.connect(self._delete)
        layout = QVBoxLayout(self)
        layout.addWidget(text)
        layout.addWidget(self.list)
        layout.addWidget(buttons)

    def _reopen(self) -> None:
        row = self.list.currentRow()
        if 0 <= row < len(self.autosaves):
            self.choice = self.autosaves[row]
            self.accept()

    def _delete(self) -> None:
        self.choice = DISCARD
        self.accept()

    @classmethod
    def ask(cls, parent: QWidget | None, autosaves: Sequence[Autosave]) -> Autosave | str | None:
        """The autosave to reopen, ``DISCARD`` to delete them all, or None to keep them for later."""
        dialog = cls(parent, autosaves)
        dialog.exec()
        return dialog.choice


class AutosaveController(QObject):
    """Autosaves the window's situation every ``interval_ms`` while it has unsaved changes.

    ``current`` gives the situation now; ``modified`` whether it differs from the file on disk
    (e.g. the undo stack is not clean).  A situation equal to the last autosave is not written
    again, so an idle window does not churn the rotation.
    """

    def __init__(
        self,
        parent: QObject,
        current: Callable[[], Scenario],
        modified: Callable[[], bool],
        autosaver: Autosaver | None = None,
        interval_ms: int = INTERVAL_MS,
    ) -> None:
        super().__init__(parent)
        self.autosaver = autosaver or Autosaver()
        self._current = current
        self._modified = modified
        self._last: dict[str, Any] | None = None
        self.timer = QTimer(self)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.autosave_now)

    def start(self, parent: QWidget | None = None) -> Scenario | None:
        """Begin the session and the timer; after a crash, the situation the user chose to recover."""
        crashed = self.autosaver.start_session()
        self.timer.start()
        app = QCoreApplication.instance()
        if app is not None:  # however the application ends cleanly, the marker goes
            app.aboutToQuit.connect(self.finish)
        autosaves = self.autosaver.recoverable() if crashed else []
        if not autosaves:
            return None
        choice = RecoveryDialog.ask(parent, autosaves)
        if choice == DISCARD:
            self.autosaver.discard()
            return None
        if not isinstance(choice, Autosave):
            kept = self.autosaver.set_aside()
            if kept:
                MessageBox.info(parent, "Autosaves kept",
                                f"The autosaved copies are kept in\n{os.path.dirname(kept[0])}\n"
                                "as kept-autosave-....json files: open one with File > Open.")
            return None
        try:
            return choice.load()
        except AslError:  # removed or spoiled since it was listed: nothing left to offer
            return None

    def autosave_now(self) -> str | None:
        """Write an autosave if there are changes not yet autosaved; its path, else None."""
        if not self._modified():
            return None
        scenario = self._current()
        data = scenario_to_json(scenario)
        if data == self._last:
            return None
        path = self.autosaver.save(scenario)
        self._last = data
        return path

    def finish(self) -> None:
        """A clean exit: stop the timer and clear the crash marker."""
        self.timer.stop()
        self.autosaver.end_session()
