"""Modal dialogs, each behind a classmethod so tests can monkeypatch the question away."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFileDialog,
    QMessageBox,
    QWidget,
)

SCENARIO_FILTER = "aslgui scenarios (*.json);;All files (*)"
VSAV_FILTER = "VASL saves (*.vsav);;All files (*)"
MODULE_FILTER = "VASL modules (*.vmod);;All files (*)"
#: Characters no file name may hold on Windows (and "/" nowhere), with control characters.
_NOT_IN_FILE_NAMES = re.compile(r'\s*[<>:"/\\|?*\x00-\x1f]+\s*')
_WINDOWS_DEVICES = re.compile(r"(CON|PRN|AUX|NUL|COM\d|LPT\d)(\..*)?", re.IGNORECASE)


def file_name_for(title: str, suffix: str = ".json") -> str:
    """A file name from a scenario's title that every system accepts: ``Demo: a Gun`` becomes
    ``Demo - a Gun.json`` (no ``:`` for Windows, no trailing dot or space, no device name)."""
    stem = _NOT_IN_FILE_NAMES.sub(" - ", title).strip(" .-")[:120].rstrip(" .") or "scenario"
    if _WINDOWS_DEVICES.fullmatch(stem):
        stem = f"{stem} scenario"
    return stem + suffix


class MessageBox:
    """Errors and questions for the user."""

    @classmethod
    def error(cls, parent: QWidget | None, title: str, text: str) -> None:
        QMessageBox.critical(parent, title, text)

    @classmethod
    def info(cls, parent: QWidget | None, title: str, text: str) -> None:
        QMessageBox.information(parent, title, text)

    @classmethod
    def notice(cls, parent: QWidget | None, title: str, text: str) -> None:
        """A warning that does not stop the user: shown, not waited for (autosave problems)."""
        box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok, parent)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.setModal(False)
        box.show()

    @classmethod
    def confirm(cls, parent: QWidget | None, title: str, text: str, go_ahead: str) -> bool:
        """Whether the player goes ahead (the ``go_ahead`` button) rather than cancels (the default)."""
        box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Cancel, parent)
        ahead = box.addButton(go_ahead, QMessageBox.ButtonRole.AcceptRole)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        return box.clickedButton() is ahead

    @classmethod
    def offer(cls, parent: QWidget | None, title: str, text: str, yes: str, no: str) -> bool:
        """Whether the player takes an offer (``yes``, the default) rather than declines (``no``)."""
        box = QMessageBox(QMessageBox.Icon.Question, title, text, QMessageBox.StandardButton.NoButton, parent)
        taken = box.addButton(yes, QMessageBox.ButtonRole.AcceptRole)
        box.addButton(no, QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(taken)
        box.exec()
        return box.clickedButton() is taken

    @classmethod
    def ask_save_changes(cls, parent: QWidget | None, name: str) -> str:
        """``"save"``, ``"discard"`` or ``"cancel"`` for unsaved changes to ``name``."""
        buttons = QMessageBox.StandardButton
        answer = QMessageBox.question(
            parent,
            "Unsaved changes",
            f"Save the changes to {name} first?",
            buttons.Save | buttons.Discard | buttons.Cancel,
            buttons.Save,
        )
        return {buttons.Save: "save", buttons.Discard: "discard"}.get(answer, "cancel")


class FileDialog:
    """Where to open from and save to (None when the user cancels)."""

    @staticmethod
    def _chosen(parent: QWidget | None, title: str, folder: str, kinds: str) -> str | None:
        path, _ = QFileDialog.getOpenFileName(parent, title, folder, kinds)
        return path or None

    @classmethod
    def open_path(cls, parent: QWidget | None, folder: str) -> str | None:
        return cls._chosen(parent, "Open scenario", folder, SCENARIO_FILTER)

    @classmethod
    def open_vsav_path(cls, parent: QWidget | None, folder: str) -> str | None:
        return cls._chosen(parent, "Import VASL game", folder, VSAV_FILTER)

    @classmethod
    def open_module_path(cls, parent: QWidget | None, folder: str) -> str | None:
        return cls._chosen(parent, "Add VASL module", folder, MODULE_FILTER)

    @classmethod
    def save_path(cls, parent: QWidget | None, suggestion: str) -> str | None:
        path, _ = QFileDialog.getSaveFileName(parent, "Save scenario as", suggestion, SCENARIO_FILTER)
        if path and not path.lower().endswith(".json"):
            path += ".json"
        return path or None
