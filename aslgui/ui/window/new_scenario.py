"""The New scenario dialog: the boards (typed, or picked from the board library), how many sit
side by side, and the ATTACKER."""

from __future__ import annotations

from typing import NamedTuple

from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLineEdit, QSpinBox, QWidget

from aslgui.errors import AslError
from aslgui.geometry import BoardPlacement, check_board_ids
from aslgui.ui.map import style
from aslgui.ui.widgets.dialogs import MessageBox
from aslgui.ui.widgets.wheel_guard import guard_wheel
from aslgui.ui.window.board_list import ROTATED_PREFIX, LibraryBoards


def parse_board_ids(text: str) -> list[str]:
    """Board ids from ``"4, 3 r2"`` (``r`` + a number: that board rotated, as VASL writes it);
    AslError for ids a map cannot hold (``check_board_ids``: non-ASCII, a board twice, ``4`` with ``4E``)."""
    ids = [part for part in text.replace(",", " ").split() if part]
    if not ids:
        raise AslError("give at least one board number, e.g. 4", "boards")
    check_board_ids([board_placement(board_id, 0, 0).id for board_id in ids])
    return ids


def board_placement(board_id: str, col: int, row: int) -> BoardPlacement:
    """A typed board id at a place: ``r5`` is board 5 rotated (DESIGN.md 7)."""
    rest = board_id[len(ROTATED_PREFIX) :]
    if board_id.lower().startswith(ROTATED_PREFIX) and rest.isdigit():
        return BoardPlacement(rest, col, row, rotated=True)
    return BoardPlacement(board_id, col, row)


def arrange_boards(ids: list[str], per_row: int) -> list[BoardPlacement]:
    """Boards left to right, ``per_row`` to a row, rows top to bottom."""
    per_row = max(per_row, 1)
    return [board_placement(board_id, i % per_row, i // per_row) for i, board_id in enumerate(ids)]


class NewScenario(NamedTuple):
    """What the New scenario dialog asked for."""

    name: str
    boards: list[BoardPlacement]
    #: The side of the first Player Turn (the rules check fire phases against it, A3).
    attacker: str


class NewScenarioDialog(QDialog):
    """Choose the boards of a new scenario, how many sit side by side, and its ATTACKER."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New scenario")
        form = QFormLayout(self)
        self.name = QLineEdit("New scenario")
        self.boards = QLineEdit("4")
        self.boards.setPlaceholderText("board numbers, e.g. 4, 3, 2, r5 (r: rotated)")
        self.library = LibraryBoards(self.boards)
        self.per_row = QSpinBox()
        self.per_row.setRange(1, 8)
        self.per_row.setValue(2)
        self.attacker = QComboBox()
        self.attacker.setEditable(True)
        self.attacker.addItems(list(style.NATIONALITY_COLORS))
        self.attacker.setToolTip("The side whose Player Turn it is (the ATTACKER); the phase bar changes it later")
        form.addRow("Name", self.name)
        form.addRow("Boards", self.boards)
        form.addRow("Your VASL boards", self.library)
        form.addRow("Boards per row", self.per_row)
        form.addRow("ATTACKER", self.attacker)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        guard_wheel(self)

    @classmethod
    def ask(cls, parent: QWidget | None) -> NewScenario | None:
        """The new scenario's name, board layout and ATTACKER, or None when cancelled."""
        dialog = cls(parent)
        while dialog.exec() == QDialog.DialogCode.Accepted:
            try:
                return dialog.answer()
            except AslError as error:
                MessageBox.error(parent, "New scenario", error.message)
        return None

    def answer(self) -> NewScenario:
        """The fields as a new scenario; AslError for a bad board list or no ATTACKER."""
        ids = parse_board_ids(self.boards.text())
        attacker = self.attacker.currentText().strip().lower()
        if not attacker:
            raise AslError("name the ATTACKER's side, e.g. german", "player")
        return NewScenario(self.name.text().strip(), arrange_boards(ids, self.per_row.value()), attacker)
