"""Autosave: a rotating set of recent copies of the situation, and crash detection. No Qt.

A session writes a marker file when it starts and removes it when it ends cleanly; a marker
left behind by a process that is no longer running means the last session crashed, and its
autosaves are offered back.  Saves go through ``save_scenario`` (atomic), so a crash during an
autosave costs at most that one copy.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import time
from dataclasses import dataclass
from typing import Any

from aslgui.errors import AslError
from aslgui.model.scenario import Scenario, load_scenario, save_scenario
from aslgui.user_files import user_folder

#: Environment variable that moves the autosave folder (tests, portable installs).
FOLDER_ENV = "ASLGUI_AUTOSAVE_DIR"
MARKER = "session.json"
PREFIX = "autosave-"
#: Prefix of autosaves the user kept for later after a crash: out of the rotation, never deleted.
KEPT_PREFIX = "kept-"
#: How many autosaves are kept; the oldest goes when a new one is written.
KEEP = 5


def default_folder() -> str:
    """The per-user folder: ``$ASLGUI_AUTOSAVE_DIR``, else the platform's local state folder."""
    return os.environ.get(FOLDER_ENV) or os.path.join(user_folder("state"), "autosave")


@dataclass(frozen=True)
class Autosave:
    """One recoverable copy: its file, when it was written (epoch seconds) and the situation's name."""

    path: str
    saved_at: float
    name: str

    def load(self) -> Scenario:
        return load_scenario(self.path)


def _pid_running(pid: int) -> bool:
    """Whether a process with this id exists (signal 0 checks without sending anything)."""
    if pid <= 0 or sys.platform == "win32":  # there, signal 0 would be a Ctrl+C to the process
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True  # it exists but belongs to someone else, or the platform cannot tell
    return True


class Autosaver:
    """The autosave folder of one session: start, save now and then, end cleanly."""

    def __init__(self, folder: str | None = None, keep: int = KEEP) -> None:
        self.folder = folder or default_folder()
        self.keep = keep
        self._counter = 0

    @property
    def marker(self) -> str:
        return os.path.join(self.folder, MARKER)

    def _marker_pid(self) -> int | None:
        """The pid in a marker left on disk, or None when there is none (or it is unreadable)."""
        try:
            with open(self.marker, encoding="utf-8") as handle:
                data: Any = json.load(handle)
        except FileNotFoundError:
            return None
        except (OSError, ValueError):
            return 0  # a marker cut short by a crash still says the session did not end
        pid = data.get("pid") if isinstance(data, dict) else None
        return pid if type(pid) is int else 0

    def last_session_crashed(self) -> bool:
        """A marker is left by a session that did not end cleanly and is not running now."""
        pid = self._marker_pid()
        return pid is not None and pid != os.getpid() and not _pid_running(pid)

    def start_session(self) -> bool:
        """Mark this session as running; returns whether the previous one crashed."""
        crashed = self.last_session_crashed()
        os.makedirs(self.folder, exist_ok=True)
        with open(self.marker, "w", encoding="utf-8") as handle:
            json.dump({"pid": os.getpid(), "started": time.time()}, handle)
        return crashed

    def end_session(self) -> None:
        """A clean exit: no recovery offer on the next start."""
        with contextlib.suppress(FileNotFoundError):
            os.remove(self.marker)

    def save(self, scenario: Scenario) -> str:
        """Write a new autosave and drop the oldest beyond ``keep``; returns its path."""
        os.makedirs(self.folder, exist_ok=True)
        # Nanoseconds plus a counter: names sort by age even for saves in the same clock tick.
        self._counter += 1
        path = os.path.join(self.folder, f"{PREFIX}{time.time_ns():020d}-{self._counter:04d}.json")
        save_scenario(scenario, path)
        for old in self._paths()[self.keep :]:
            with contextlib.suppress(FileNotFoundError):
                os.remove(old)
        return path

    def _paths(self) -> list[str]:
        """Autosave files, newest first."""
        try:
            names = os.listdir(self.folder)
        except FileNotFoundError:
            return []
        own = [n for n in names if n.startswith(PREFIX) and n.endswith(".json")]
        return [os.path.join(self.folder, n) for n in sorted(own, reverse=True)]

    def recoverable(self) -> list[Autosave]:
        """Autosaves that load, newest first (a broken one is left out, not offered)."""
        out = []
        for path in self._paths():
            try:
                scenario = load_scenario(path)
                saved_at = os.path.getmtime(path)
            except (AslError, OSError):
                continue
            out.append(Autosave(path, saved_at, scenario.name))
        return out

    def set_aside(self) -> list[str]:
        """Keep every autosave out of the rotation (renamed ``kept-autosave-...``), so this
        session's saves cannot push them out; the new paths, for telling the user where."""
        kept = []
        for path in self._paths():
            folder, name = os.path.split(path)
            target = os.path.join(folder, KEPT_PREFIX + name)
            with contextlib.suppress(FileNotFoundError):
                os.replace(path, target)
                kept.append(target)
        return kept

    def discard(self) -> None:
        """Remove every autosave (the user declined recovery)."""
        for path in self._paths():
            with contextlib.suppress(FileNotFoundError):
                os.remove(path)
