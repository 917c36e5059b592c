"""What the user chooses once and aslgui remembers: which map layers show (View menu, kept in
QSettings with the window's other view state), and where the VASL boards and the VASL modules
(the counters) are (Preferences, kept in aslgui's own settings file so ``aslgui resolve`` finds
them without Qt, DESIGN.md 7 and 11)."""

from __future__ import annotations

import os
from collections.abc import Callable

from PySide6.QtCore import QSettings, Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from aslgui.errors import AslError
from aslgui.ui.map.layers import TOGGLED_LAYERS
from aslgui.ui.map.scene import MapScene
from aslgui.ui.widgets.dialogs import Folders, MessageBox
from aslgui.ui.window.board_list import board_order
from aslgui.ui.window.counter_library import add_vasl_module
from aslgui.vasl.library import (
    BOARDS_ENV,
    add_board_folder,
    available_boards,
    library_folders,
    remove_board_folder,
    saved_board_folders,
)
from aslgui.vasl.module import read_module
from aslgui.vasl.module_library import MODULE_ENV, module_paths, remove_module, saved_modules


def layer_setting(layer: str) -> str:
    """The QSettings key remembering whether ``layer`` is shown."""
    return f"view/{layer}"


def layer_actions(parent: QWidget, settings: QSettings, scene: MapScene) -> dict[str, QAction]:
    """A checkable View menu action per toggled layer (grid, hex names, terrain tint), as VASL
    lets a player hide its overlays: each starts as the settings remember it (shown the first
    time) and remembers every change."""
    actions = {}
    for layer, label in TOGGLED_LAYERS.items():
        action = QAction(label, parent)
        action.setCheckable(True)
        shown = settings.value(layer_setting(layer), True, type=bool)
        action.setChecked(bool(shown))
        scene.set_layer_shown(layer, bool(shown))
        action.toggled.connect(lambda on, name=layer: _toggle(settings, scene, name, on))
        actions[layer] = action
    return actions


def _toggle(settings: QSettings, scene: MapScene, layer: str, shown: bool) -> None:
    scene.set_layer_shown(layer, shown)
    settings.setValue(layer_setting(layer), shown)


class FolderDialog:
    """Where the user's VASL boards are (None when cancelled); a classmethod so tests can answer."""

    @classmethod
    def boards_folder(cls, parent: QWidget | None) -> str | None:
        saved = saved_board_folders()
        start = Folders.start("boards", os.path.dirname(saved[-1]) if saved else None)
        folder = QFileDialog.getExistingDirectory(parent, "Add VASL boards folder", start)
        if folder:
            Folders.remember("boards", folder)
        return folder or None


def boards_folder_in(chosen: str) -> str:
    """The folder holding board archives: ``chosen`` itself, or its ``boards`` folder when the
    user picked the VASL install around it; AslError when neither holds any."""
    for folder in (chosen, os.path.join(chosen, "boards")):
        if available_boards((folder,)):
            return folder
    raise AslError(
        f"no VASL board archives (files named bd01, bd02, ...) in {chosen}: choose the \"boards\" folder of "
        "your VASL installation",
        "vasl_board_folders",
    )


def add_boards_folder(parent: QWidget | None) -> str | None:
    """Ask for a boards folder and save it in aslgui's settings file (where ``aslgui resolve``
    reads it too); the folder saved, or None (cancelled, or a folder without boards: said why)."""
    chosen = FolderDialog.boards_folder(parent)
    if chosen is None:
        return None
    try:
        folder = boards_folder_in(chosen)
    except AslError as error:
        MessageBox.error(parent, "Add VASL boards folder", error.message)
        return None
    add_board_folder(folder)
    return folder


def module_line(path: str, saved: set[str]) -> str:
    """A module as Preferences lists it: its path, where it is set if not here, and why it cannot
    be read if it cannot (a missing file, not a module, ...)."""
    line = path if path in saved else f"{path}  (from {MODULE_ENV})"
    try:
        read_module(path)
    except AslError as error:
        return f"{line}  - cannot be read: {error.message}"
    return line


class PreferencesDialog(QDialog):
    """The board library (the folders searched for VASL board archives, and the boards found
    there) and the counter library (the VASL modules counters come from).  Every change is saved
    at once and reported through ``library_changed`` or ``modules_changed``, so the open map
    redraws its boards or its counters."""

    library_changed = Signal()
    modules_changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Preferences")
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("Folders searched for VASL board archives (bd01, bd02, ...), in order:"))
        self.folders = QListWidget()
        layout.addWidget(self.folders)
        self.found = QLabel()
        self.found.setWordWrap(True)
        layout.addWidget(self.found)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.add_button = buttons.addButton("Add VASL boards folder...", QDialogButtonBox.ButtonRole.ActionRole)
        self.remove_button = buttons.addButton("Remove", QDialogButtonBox.ButtonRole.ActionRole)
        self.add_button.clicked.connect(self.add_folder)
        self.remove_button.clicked.connect(self.remove_selected)
        layout.addWidget(QLabel("VASL modules (.vmod) the counters and their art come from, in order:"))
        self.modules = QListWidget()
        self.modules.setObjectName("vasl_modules")
        layout.addWidget(self.modules)
        module_buttons = QDialogButtonBox()
        self.add_module_button = module_buttons.addButton("Add VASL module...", QDialogButtonBox.ButtonRole.ActionRole)
        self.remove_module_button = module_buttons.addButton("Remove module", QDialogButtonBox.ButtonRole.ActionRole)
        self.add_module_button.clicked.connect(self.add_module)
        self.remove_module_button.clicked.connect(self.remove_selected_module)
        layout.addWidget(module_buttons)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.refresh()

    def refresh(self) -> None:
        """Show the folders (those from ``$ASLGUI_VASL_BOARDS`` cannot be removed here) and the boards."""
        self.folders.clear()
        saved = set(saved_board_folders())
        for folder in library_folders():
            item = QListWidgetItem(folder if folder in saved else f"{folder}  (from {BOARDS_ENV})")
            item.setData(Qt.ItemDataRole.UserRole, folder if folder in saved else None)
            self.folders.addItem(item)
        boards = available_boards()
        self.found.setText(
            f"Boards found: {', '.join(sorted(boards, key=board_order))}"
            if boards
            else "No boards found: maps are drawn plain, with the terrain their files give."
        )
        self.modules.clear()
        saved = set(saved_modules())
        for path in module_paths():  # those from $ASLGUI_VASL_MODULE cannot be removed here
            item = QListWidgetItem(module_line(path, saved))
            item.setData(Qt.ItemDataRole.UserRole, path if path in saved else None)
            self.modules.addItem(item)

    def add_folder(self) -> None:
        if add_boards_folder(self) is not None:
            self.refresh()
            self.library_changed.emit()

    def remove_selected(self) -> None:
        item = self.folders.currentItem()
        folder = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
        if folder:
            remove_board_folder(folder)
            self.refresh()
            self.library_changed.emit()

    def add_module(self) -> None:
        if add_vasl_module(self) is not None:
            self.refresh()
            self.modules_changed.emit()

    def remove_selected_module(self) -> None:
        item = self.modules.currentItem()
        path = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
        if path:
            remove_module(path)
            self.refresh()
            self.modules_changed.emit()

    @classmethod
    def edit(cls, parent: QWidget | None, on_change: Callable[[], None], on_modules: Callable[[], None]) -> None:
        """Show the dialog modally, calling ``on_change`` after each change to the board library
        and ``on_modules`` after each change to the modules."""
        dialog = cls(parent)
        dialog.library_changed.connect(on_change)
        dialog.modules_changed.connect(on_modules)
        dialog.exec()

