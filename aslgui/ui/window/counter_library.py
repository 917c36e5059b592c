"""The window's counter library (DESIGN.md 11): the player's VASL modules, read in place, give the
palette its Guns and vehicles and the map, the order of battle and the palette their counter art.

``aslgui.vasl.module_library`` keeps the list (``$ASLGUI_VASL_MODULE`` and the settings, shared
with ``aslgui resolve``); here it is read and handed to the parts.  A module that cannot be read
is named in the status line (why in its tooltip), never fatal: the program keeps working with the
other modules, or without counters.
"""

from __future__ import annotations

import os

from PySide6.QtWidgets import QLabel, QWidget

from aslgui.errors import AslError
from aslgui.model.counters import CounterTemplate, module_templates
from aslgui.ui.map.counter_art import use_modules
from aslgui.ui.widgets.dialogs import FileDialog, Folders, MessageBox
from aslgui.vasl.module import read_module
from aslgui.vasl.module_library import MODULE_ENV, add_module, loaded_modules, module_paths


class CounterLibrary:
    """The modules read now: their counters for the palette, their art for every counter drawn,
    and the status line naming the modules that could not be read."""

    def __init__(self) -> None:
        self.templates: list[CounterTemplate] = []
        self.module_names: list[str] = []
        self.problems: list[tuple[str, str]] = []
        #: The status line's word on the library: the modules that failed, why in the tooltip.
        self.status = QLabel()
        self.status.setObjectName("counter_status")
        self.reload()

    def reload(self) -> None:
        """Read the library again (after a module was added or removed) and draw from it."""
        modules, self.problems = loaded_modules()
        use_modules(modules)
        self.templates = module_templates(modules)
        self.module_names = [os.path.basename(m.path) for m in modules]
        names = ", ".join(os.path.basename(path) for path, _ in self.problems)
        self.status.setText(f"Counters not read: {names}" if names else "")
        self.status.setToolTip("\n".join(f"{path}: {message}" for path, message in self.problems))


def add_vasl_module(parent: QWidget | None) -> str | None:
    """Ask for a VASL module (``.vmod``) and save it in aslgui's settings, where ``aslgui
    resolve`` reads it too; the path saved, or None (cancelled, or a file that is not a module:
    said why, nothing saved)."""
    modules = module_paths()
    start = Folders.start("module", os.path.dirname(modules[-1]) if modules else None)
    chosen = FileDialog.open_module_path(parent, start)
    if not chosen:
        return None
    Folders.remember("module", chosen)
    try:
        read_module(chosen)
    except AslError as error:
        MessageBox.error(parent, "Add VASL module", f"{error.message}\n\nChoose the .vmod file of your VASL "
                         f"installation (or set {MODULE_ENV}).")
        return None
    add_module(chosen)
    return chosen
