"""Per-user folders (settings, caches, autosaves) and atomic file writes, stdlib only.

Each folder follows the platform's convention (XDG on Linux, ``~/Library`` on macOS,
``%APPDATA%``/``%LOCALAPPDATA%`` on Windows); each user of these folders also lets an environment
variable of its own move it (tests, portable installs).
"""

from __future__ import annotations

import contextlib
import os
import sys

#: kind -> (XDG variable, XDG default under ~, macOS folder under ~/Library, Windows variable).
_KINDS = {
    "config": ("XDG_CONFIG_HOME", ".config", "Application Support", "APPDATA"),
    "cache": ("XDG_CACHE_HOME", ".cache", "Caches", "LOCALAPPDATA"),
    "state": ("XDG_STATE_HOME", os.path.join(".local", "state"), "Application Support", "LOCALAPPDATA"),
}


def user_folder(kind: str) -> str:
    """aslgui's per-user ``kind`` folder (``config``, ``cache`` or ``state``): the platform's
    folder of that kind + ``aslgui``."""
    xdg, xdg_default, mac, windows = _KINDS[kind]
    home = os.path.expanduser("~")
    if sys.platform == "win32":
        base = os.environ.get(windows) or os.path.join(home, "AppData", "Roaming" if kind == "config" else "Local")
    elif sys.platform == "darwin":
        base = os.path.join(home, "Library", mac)
    else:
        base = os.environ.get(xdg) or os.path.join(home, xdg_default)
    return os.path.join(base, "aslgui")


def write_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path`` so that a crash leaves the old file or the new one, never half
    of either: a temporary file in the same folder, flushed to disk, renamed over the target.
    (tempfile is imported here: ``aslgui resolve`` rarely writes and should not pay for it.)"""
    import tempfile

    folder, name = os.path.split(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
