"""Modal dialogs, each behind a classmethod so tests can monkeypatch the question away."""

from __future__ import annotations

import os
import re
from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPlainTextEdit,
    QStyle,
    QVBoxLayout,
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


#: A message of more lines, or characters, than these is a report: it scrolls, its OK always on screen.
REPORT_LINES, REPORT_CHARS = 16, 1200
#: About how many characters a report's line holds before it wraps.
_LINE_CHARS = 90
#: The share of the screen's height and width a report may take.
SCREEN_SHARE = 0.8


class ReportDialog(QDialog):
    """A long message (the import report of a large save): its first paragraph as the heading,
    the rest in a scrolling box; never taller or wider than the screen, so OK stays reachable."""

    def __init__(self, parent: QWidget | None, icon: QStyle.StandardPixmap, title: str, text: str) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        head, _, rest = text.partition("\n\n")
        picture = QLabel()
        picture.setPixmap(self.style().standardIcon(icon).pixmap(32, 32))
        self.heading = QLabel(head)
        self.heading.setWordWrap(True)
        self.heading.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.body = QPlainTextEdit(rest)
        self.body.setReadOnly(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok)
        self.buttons.accepted.connect(self.accept)
        top = QHBoxLayout()
        top.addWidget(picture, 0, Qt.AlignmentFlag.AlignTop)
        top.addWidget(self.heading, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.body, 1)
        layout.addWidget(self.buttons)
        screen = (parent.screen() if parent is not None else None) or QGuiApplication.primaryScreen()
        room = screen.availableGeometry()
        self.setMaximumSize(int(room.width() * SCREEN_SHARE), int(room.height() * SCREEN_SHARE))
        wrapped = sum(len(line) // _LINE_CHARS + 1 for line in rest.splitlines()) + 2
        height = self.body.fontMetrics().lineSpacing() * wrapped + 140
        self.resize(min(720, self.maximumWidth()), min(height, self.maximumHeight()))


def show_message(parent: QWidget | None, icon: QMessageBox.Icon, title: str, text: str) -> None:
    """A message box for a short text, a scrolling report for a long one (``ReportDialog``)."""
    if text.count("\n") < REPORT_LINES and len(text) < REPORT_CHARS:
        QMessageBox(icon, title, text, QMessageBox.StandardButton.Ok, parent).exec()
        return
    pixmap = (QStyle.StandardPixmap.SP_MessageBoxCritical if icon == QMessageBox.Icon.Critical
              else QStyle.StandardPixmap.SP_MessageBoxInformation)
    ReportDialog(parent, pixmap, title, text).exec()


class MessageBox:
    """Errors and questions for the user."""

    @classmethod
    def error(cls, parent: QWidget | None, title: str, text: str) -> None:
        show_message(parent, QMessageBox.Icon.Critical, title, text)

    @classmethod
    def info(cls, parent: QWidget | None, title: str, text: str) -> None:
        show_message(parent, QMessageBox.Icon.Information, title, text)

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


class Folders:
    """Where each kind of file dialog starts (``scenario``, ``vsav``, ``module``, ``boards``): the
    folder of the last file chosen for it, kept in aslgui's settings, else ``fallback``, else home."""

    @staticmethod
    def start(kind: str, fallback: str | os.PathLike[str] | None = None) -> str:
        saved = QSettings("aslgui", "aslgui").value(f"folders/{kind}")
        for folder in (saved, fallback):
            if isinstance(folder, str | os.PathLike) and os.path.isdir(folder):
                return os.fspath(folder)
        return os.path.expanduser("~")

    @staticmethod
    def remember(kind: str, chosen: str | os.PathLike[str]) -> None:
        """Start the next dialog of ``kind`` where ``chosen`` (a file, or a folder picked) is."""
        QSettings("aslgui", "aslgui").setValue(f"folders/{kind}", str(Path(chosen).parent))


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
