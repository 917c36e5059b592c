"""The board library: the folders aslgui searches for VASL board archives, and the saved ones.

Folders are searched in order (DESIGN.md section 7): every folder in ``$ASLGUI_VASL_BOARDS``
(an ``os.pathsep``-separated list), then the folders saved in aslgui's settings.  The saved
folders are "the folders saved in the GUI's settings": they live in aslgui's own small JSON
settings file, ``settings.json`` in the per-user config folder (``$XDG_CONFIG_HOME/aslgui`` on
Linux, ``~/Library/Application Support/aslgui`` on macOS, ``%APPDATA%\\aslgui`` on Windows;
``$ASLGUI_CONFIG_DIR`` moves it), so ``aslgui resolve`` reads them without Qt.  The GUI's
Preferences call ``saved_board_folders``, ``add_board_folder`` and ``remove_board_folder``.

A scenario board id finds its archive by name: ``"4"`` or ``"04"`` -> ``bd04`` (numeric ids are
zero-padded to two digits), any other id -> ``bd`` + id (``"RO"`` -> ``bdRO``).
"""

from __future__ import annotations

import json
import os
import time
from typing import Any

from aslgui.errors import AslError
from aslgui.limits import SETTINGS_LIMIT
from aslgui.user_files import read_bounded, user_folder, write_atomic

BOARDS_ENV = "ASLGUI_VASL_BOARDS"
CONFIG_ENV = "ASLGUI_CONFIG_DIR"
SETTINGS_FILE = "settings.json"
_FOLDERS_KEY = "vasl_board_folders"


def settings_path() -> str:
    """aslgui's settings file (it may not exist yet)."""
    return os.path.join(os.environ.get(CONFIG_ENV) or user_folder("config"), SETTINGS_FILE)


def _load_settings() -> tuple[dict[str, Any], str | None]:
    """(the settings object, why the file could not be read or None): read bounded (a FIFO, a
    device, a folder or a file over ``SETTINGS_LIMIT`` is never waited on or read whole); a
    missing file is empty settings, no problem."""
    path = settings_path()
    if not os.path.lexists(path):
        return {}, None
    try:
        data = json.loads(read_bounded(path, "settings file", SETTINGS_LIMIT))
    except AslError as error:
        return {}, error.message
    except (ValueError, RecursionError) as error:
        return {}, f"cannot read settings file {path!r}: it is not JSON ({error})"
    if not isinstance(data, dict):
        return {}, f"cannot read settings file {path!r}: it is not a JSON object"
    return data, None


def read_settings() -> dict[str, Any]:
    """The settings object; a missing or unreadable file reads as empty (settings never stop aslgui;
    ``settings_problem`` says why it was not read)."""
    return _load_settings()[0]


def settings_problem() -> str | None:
    """Why the settings file cannot be read (for the window's status line), or None."""
    return _load_settings()[1]


#: The settings file last kept aside by a write in this process, and why (the status line says so).
kept_aside: tuple[str, str] | None = None


def write_settings(data: dict[str, Any]) -> None:
    """Write the settings.  A file there that cannot be read (a hand edit that broke its JSON, a
    FIFO, a link to a device) is never overwritten: it is renamed aside first
    (``settings.json.unreadable-<time>``), and ``kept_aside`` says where."""
    global kept_aside
    path = settings_path()
    os.makedirs(os.path.dirname(path), exist_ok=True)
    problem = _load_settings()[1]
    if problem is not None:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = next(name for n in range(1000)
                     if not os.path.lexists(name := f"{path}.unreadable-{stamp}" + (f"-{n}" if n else "")))
        os.rename(path, aside)
        kept_aside = (aside, problem)
    write_atomic(path, (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))


def saved_board_folders() -> list[str]:
    """The board folders saved in the settings, in search order."""
    folders = read_settings().get(_FOLDERS_KEY, [])
    return [f for f in folders if isinstance(f, str) and f] if isinstance(folders, list) else []


def add_board_folder(folder: str | os.PathLike[str]) -> list[str]:
    """Save ``folder`` (made absolute) at the end of the saved folders, once; returns them all.
    Other settings in the file are kept."""
    path = os.path.abspath(os.fspath(folder))
    data = read_settings()
    folders = saved_board_folders()
    if path not in folders:
        folders.append(path)
    data[_FOLDERS_KEY] = folders
    write_settings(data)
    return folders


def remove_board_folder(folder: str | os.PathLike[str]) -> list[str]:
    """Forget a saved folder (as given or made absolute); returns the folders left."""
    raw = os.fspath(folder)
    data = read_settings()
    folders = [f for f in saved_board_folders() if f not in (raw, os.path.abspath(raw))]
    data[_FOLDERS_KEY] = folders
    write_settings(data)
    return folders


def library_folders() -> tuple[str, ...]:
    """Every folder searched, in order: ``$ASLGUI_VASL_BOARDS``, then the saved folders."""
    listed = [f for f in os.environ.get(BOARDS_ENV, "").split(os.pathsep) if f]
    seen: dict[str, None] = {}
    for folder in [*listed, *saved_board_folders()]:
        seen.setdefault(folder)
    return tuple(seen)


def archive_name(board_id: str) -> str:
    """The archive file name of a board id: ``"4"``/``"04"`` -> ``bd04``, ``"RO"`` -> ``bdRO``."""
    board_id = board_id.strip()
    return f"bd{int(board_id):02d}" if board_id.isascii() and board_id.isdigit() else f"bd{board_id}"


def board_id_of(file_name: str) -> str | None:
    """The board id an archive file name stands for (``bd04`` -> ``"4"``), None if not ``bd*``."""
    if not file_name.lower().startswith("bd") or len(file_name) < 3 or "." in file_name:
        return None
    rest = file_name[2:]
    return str(int(rest)) if rest.isascii() and rest.isdigit() else rest


def find_archive(board_id: str, folders: tuple[str, ...] | None = None) -> str | None:
    """Path of the archive for ``board_id`` in the first folder that holds it (exact file name
    first, then ignoring case), or None.  Whatever has the name counts, a folder, a FIFO or a
    dangling link too: reading it then says what is wrong with it, rather than "no archive"."""
    wanted = archive_name(board_id)
    for folder in library_folders() if folders is None else folders:
        exact = os.path.join(folder, wanted)
        if os.path.lexists(exact):
            return exact
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        for name in names:
            if name.lower() == wanted.lower():
                return os.path.join(folder, name)
    return None


def available_boards(folders: tuple[str, ...] | None = None) -> dict[str, str]:
    """Board id -> archive path for every ``bd*`` file in the library (first folder wins), for
    lists such as the New Scenario dialog's."""
    found: dict[str, str] = {}
    for folder in library_folders() if folders is None else folders:
        try:
            names = sorted(os.listdir(folder))
        except OSError:
            continue
        for name in names:
            board_id = board_id_of(name)
            path = os.path.join(folder, name)
            if board_id and board_id not in found and os.path.isfile(path):
                found[board_id] = path
    return found
