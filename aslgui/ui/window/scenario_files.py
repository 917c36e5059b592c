"""The window's scenario file: open (the demo included), new, save (atomic) and save as, the
recent files, and the question before unsaved work is dropped.  A base of ``MainWindow``, which
provides what is declared here (the scenario, its file, the undo stack, the settings, the recent
files menu) and shows a scenario (``set_scenario``)."""

from __future__ import annotations

import os
from functools import partial
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QMainWindow, QMenu

from aslgui.errors import AslError
from aslgui.geometry import MapGrid
from aslgui.model import Scenario, load_scenario, save_scenario
from aslgui.resource_files import resource_path
from aslgui.ui.widgets.dialogs import FileDialog, Folders, MessageBox, file_name_for
from aslgui.ui.window.new_scenario import NewScenarioDialog

DEMO_PATH = resource_path("scenarios", "demo.json")
MAX_RECENT = 8


class ScenarioFiles(QMainWindow):
    """Opening and saving the scenario a window shows (see the module docstring)."""

    scenario: Scenario
    #: The file the scenario saves to; None for the built-in demo and new scenarios.
    path: Path | None
    undo_stack: QUndoStack
    settings: QSettings
    recent_menu: QMenu

    def set_scenario(self, scenario: Scenario, path: Path | None) -> None:
        """Show ``scenario``, saved to ``path`` (the window's own, which overrides this)."""
        raise NotImplementedError

    def _update_title(self, _clean: bool = True) -> None:
        """The title names the file and whether it has unsaved changes (the window's own)."""
        raise NotImplementedError

    def maybe_discard(self) -> bool:
        """True when it is fine to drop the current scenario (saved, discarded, or saved now)."""
        if self.undo_stack.isClean():
            return True
        answer = MessageBox.ask_save_changes(self, self.path.name if self.path else (self.scenario.name or "Untitled"))
        return answer == "discard" or (answer == "save" and self.save())

    def open_file(self, path: str | os.PathLike[str]) -> bool:
        """Open a scenario; a broken or newer file shows why and keeps the current one."""
        if not self.maybe_discard():
            return False
        try:
            scenario = load_scenario(path)
        except AslError as error:
            MessageBox.error(self, "Cannot open scenario", f"{os.fspath(path)}\n\n{error}")
            return False
        is_demo = Path(path).resolve() == DEMO_PATH.resolve()
        self.set_scenario(scenario, None if is_demo else Path(path))
        if not is_demo:
            self._remember(Path(path))
            Folders.remember("scenario", path)
        return True

    def open_dialog(self) -> None:
        chosen = FileDialog.open_path(self, Folders.start("scenario", self.path.parent if self.path else None))
        if chosen:
            self.open_file(chosen)

    def new_scenario(self) -> None:
        if not self.maybe_discard():
            return
        answer = NewScenarioDialog.ask(self)
        if answer is not None:
            self.set_scenario(Scenario(grid=MapGrid(answer.boards), name=answer.name, player=answer.attacker), None)

    def save(self) -> bool:
        """Save to the scenario's file (asking for one first if it has none)."""
        if self.path is None:
            return self.save_as()
        return self._save_to(self.path)

    def save_as(self) -> bool:
        suggestion = str(self.path or Path(Folders.start("scenario")) / file_name_for(self.scenario.name))
        chosen = FileDialog.save_path(self, suggestion)
        return self._save_to(Path(chosen)) if chosen else False

    def _save_to(self, path: Path) -> bool:
        """Atomic save (the old file survives a failure, and the message says why it failed)."""
        try:
            save_scenario(self.scenario, path)
        except (OSError, AslError) as error:  # the system's reason, not its temporary file's name
            why = error.strerror if isinstance(error, OSError) and error.strerror else error
            MessageBox.error(self, "Cannot save scenario", f"{path}\n\n{why}\n\nThe previous file is unchanged.")
            return False
        self.path = path
        Folders.remember("scenario", path)
        self.scenario.file_index = {}  # the file written lists the units on the map first (unit_path)
        self.undo_stack.setClean()
        self._remember(path)
        self._update_title()
        return True

    def recent_files(self) -> list[str]:
        value = self.settings.value("recent_files", [])
        return [str(v) for v in (value if isinstance(value, list) else [value] if value else [])]

    def _remember(self, path: Path) -> None:
        name = str(path.resolve())
        recent = [name, *(p for p in self.recent_files() if p != name)][:MAX_RECENT]
        self.settings.setValue("recent_files", recent)
        self._fill_recent_menu()

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        for name in self.recent_files():
            self.recent_menu.addAction(name, partial(self.open_file, name))
        self.recent_menu.setEnabled(bool(self.recent_files()))
