"""The window's side of autosave: a timer that saves unsaved work, and the offer to recover it.

The folder, rotation and crash marker live in ``aslgui.model.autosave``; this module only
decides *when* (every few minutes, and only with changes not yet autosaved) and asks the user.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QTimer
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QListWidget, QVBoxLayout, QWidget

from aslgui.errors import AslError
from aslgui.model import Scenario, load_scenario, scenario_to_json
from aslgui.model.autosave import Autosave, Autosaver
from aslgui.ui.widgets.dialogs import MessageBox

#: Every three minutes: little lost after a crash, and a save (a few ms) is never noticed.
INTERVAL_MS = 3 * 60 * 1000


#: The recovery dialog's answer that deletes every autosave (Keep for later is None).
DISCARD = "discard"


def _damaged(kept: Sequence[str]) -> str:
    """Why a session that did not end cleanly was offered nothing: its copies do not read (the first
    one's error, naming the file), and are kept aside all the same."""
    try:
        load_scenario(kept[0])
    except AslError as error:
        return f"An earlier session did not end cleanly, but its autosaved copies could not be read:\n{error}\n\n"
    return ""


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
    again, so an idle window does not churn the rotation.  When the folder cannot be written
    (read-only, full disk) the window keeps working: the user is told once, not every tick.
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
        self._parent: QWidget | None = None
        #: Why autosave is off or failing, once the user has been told; None while it works.
        self.problem: str | None = None
        self.off = False
        self.timer = QTimer(self)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.autosave_now)

    def start(self, parent: QWidget | None = None) -> Scenario | None:
        """Begin the session and the timer; after a crash, the situation the user chose to recover."""
        self._parent = parent
        crashed = self.autosaver.crashed_sessions()
        try:
            self.autosaver.start_session()
        except OSError as error:
            self.off = True
            self._tell(f"Autosave is off: aslgui cannot write to its autosave folder\n{self.autosaver.folder}\n"
                       f"({error.strerror or error}).\n\nYour work is safe only when you save it.")
        else:
            self.timer.start()
            app = QCoreApplication.instance()
            if app is not None:  # however the application ends cleanly, the marker goes
                app.aboutToQuit.connect(self.finish)
        return self._recover(parent, crashed)

    def _recover(self, parent: QWidget | None, crashed: list[Autosaver]) -> Scenario | None:
        """Offer the autosaves of every crashed copy, newest first; afterwards none is offered
        again: deleted only when the user says so, else kept aside (the reopened one too)."""
        autosaves = [a for saver in crashed for a in saver.recoverable()]
        autosaves.sort(key=lambda a: (a.saved_at, a.path), reverse=True)
        choice = RecoveryDialog.ask(parent, autosaves) if autosaves else None
        recovered = None
        if isinstance(choice, Autosave):
            with contextlib.suppress(AslError):  # removed or spoiled since it was listed
                recovered = choice.load()
        try:
            if choice == DISCARD:
                for saver in crashed:
                    saver.discard()
                return None
            kept = [path for saver in crashed for path in saver.set_aside()]
        except OSError as error:
            MessageBox.error(parent, "Autosaves", f"The autosave folder cannot be changed: {error.strerror or error}")
            return recovered
        if kept and recovered is None:
            MessageBox.info(parent, "Autosaves kept", ("" if autosaves else _damaged(kept)) +
                            f"The autosaved copies are kept in\n{os.path.dirname(kept[0])}\n"
                            "as kept-autosave-....json files: open one with File > Open.")
        return recovered

    def _tell(self, text: str) -> None:
        """Show a problem once; it is shown again only after autosave worked in between."""
        if self.problem is None:
            self.problem = text
            MessageBox.notice(self._parent, "Autosave", text)

    def autosave_now(self) -> str | None:
        """Write an autosave if there are changes not yet autosaved; its path, else None."""
        if self.off or not self._modified():
            return None
        scenario = self._current()
        data = scenario_to_json(scenario)
        if data == self._last:
            return None
        try:
            path = self.autosaver.save(scenario)
        except OSError as error:
            self._tell(f"Autosave failed: {error.strerror or error}\n({self.autosaver.folder}).\n\n"
                       "aslgui tries again in a few minutes; save your work to be safe.")
            return None
        self._last = data
        self.problem = None
        return path

    def finish(self) -> None:
        """A clean exit: stop the timer and clear this session's marker and autosaves."""
        self.timer.stop()
        with contextlib.suppress(OSError):
            self.autosaver.end_session()
