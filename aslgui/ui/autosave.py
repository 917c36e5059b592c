"""The window's side of autosave: a timer that saves unsaved work, and the offer to recover it.

The folder, rotation and crash marker live in ``aslgui.model.autosave``; this module only
decides *when* (every few minutes, and only with changes not yet autosaved) and asks the user.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QTimer
from PySide6.QtWidgets import QInputDialog, QWidget

from aslgui.errors import AslError
from aslgui.model import Scenario, scenario_to_json
from aslgui.model.autosave import Autosave, Autosaver

#: Every three minutes: little lost after a crash, and a save (a few ms) is never noticed.
INTERVAL_MS = 3 * 60 * 1000


class RecoveryDialog:
    """The question after a crash, behind a classmethod so tests can answer it."""

    @classmethod
    def ask(cls, parent: QWidget | None, autosaves: Sequence[Autosave]) -> Autosave | None:
        """The autosave to reopen (newest first in the list), or None to discard them all."""
        labels = [
            f"{time.strftime('%Y-%m-%d %H:%M:%S', time.localtime(a.saved_at))}  {a.name or 'untitled'}"
            for a in autosaves
        ]
        label, ok = QInputDialog.getItem(
            parent,
            "Recover unsaved work",
            "aslgui did not close properly last time. Reopen an autosaved copy?\n"
            "(Cancel discards the autosaves.)",
            labels,
            0,
            False,
        )
        return autosaves[labels.index(label)] if ok and label in labels else None


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
        if choice is None:
            self.autosaver.discard()
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
