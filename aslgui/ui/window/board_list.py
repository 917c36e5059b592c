"""The boards found in the board library, listed with their ids for the New scenario dialog:
select some and add them (or add them rotated, VASL's ``r`` boards) to the dialog's board list."""

from __future__ import annotations

import os

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from aslgui.vasl.library import available_boards

#: The prefix that marks a rotated board in a typed board list ("r5"), as VASL writes them.
ROTATED_PREFIX = "r"


def board_order(board_id: str) -> tuple[int, str]:
    """Numbered boards in number order, then the others by name."""
    return (int(board_id), "") if board_id.isdigit() else (10**6, board_id)


class LibraryBoards(QWidget):
    """The library's boards (``4  bd04``); Add and Add rotated append the selected ids to
    ``target`` (a comma-separated board list)."""

    def __init__(self, target: QLineEdit, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.target = target
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.list = QListWidget()
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.list.setMaximumHeight(140)
        boards = available_boards()
        for board_id in sorted(boards, key=board_order):
            item = QListWidgetItem(f"{board_id}    {os.path.basename(boards[board_id])}")
            item.setData(Qt.ItemDataRole.UserRole, board_id)
            item.setToolTip(boards[board_id])
            self.list.addItem(item)
        self.list.itemDoubleClicked.connect(lambda item: self._append([str(item.data(Qt.ItemDataRole.UserRole))]))
        buttons = QHBoxLayout()
        self.add = QPushButton("Add")
        self.add_rotated = QPushButton("Add rotated")
        self.add_rotated.setToolTip("Turned 180 degrees, as VASL's r boards: its A1 at the bottom right")
        self.add.clicked.connect(lambda: self._append(self.selected()))
        self.add_rotated.clicked.connect(lambda: self._append([ROTATED_PREFIX + b for b in self.selected()]))
        buttons.addWidget(self.add)
        buttons.addWidget(self.add_rotated)
        buttons.addStretch(1)
        if boards:
            layout.addWidget(self.list)
            layout.addLayout(buttons)
        else:
            self.list.hide()
            hint = "No VASL boards found: boards are drawn plain.\nEdit > Preferences adds your VASL boards folder."
            layout.addWidget(QLabel(hint))

    def selected(self) -> list[str]:
        """Ids of the selected boards, in list order."""
        return [str(item.data(Qt.ItemDataRole.UserRole)) for item in self.list.selectedItems()]

    def _append(self, ids: list[str]) -> None:
        current = [part for part in self.target.text().replace(",", " ").split() if part]
        self.target.setText(", ".join([*current, *ids]))
