"""The palette dock: pick a unit and a side, then click hexes to place counters.

It lists the basic kinds, the Guns and vehicles of the player's VASL module under their
nationality (with the module's own art), and the built-in roster, the fallback for a player
without a module; the search box filters every list by name as the player types.  It only emits
what was picked (``armed``); the main window places the units.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QModelIndex, QSize, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from aslgui.model.counters import CounterTemplate, describe, keys_record
from aslgui.ui.map import style
from aslgui.ui.map.counter_art import art_stem, library
from aslgui.ui.window.palette import BASIC, ROSTER, Template, all_templates
from aslgui.vasl.vocabulary import side_of

TEMPLATE_ROLE = Qt.ItemDataRole.UserRole
ICON_PIXELS = 32
#: Every row as tall as a counter's icon (rows share one height, so a long list lays out at once).
ROW_SIZE = QSize(0, ICON_PIXELS + 2)
NO_MODULE = "No VASL module: File > Add VASL module... lists your own counters here, with their art."


class _TemplateItem(QTreeWidgetItem):
    """One template's line; its icon (the module's counter art) is rendered when first shown, so
    a module of a thousand counters opens at once."""

    def __init__(self, parent: QTreeWidgetItem, template: Template, index: int) -> None:
        super().__init__(parent, [template.label])
        self.stem = art_stem(template.keys) if template.keys is not None else None
        self.setData(0, TEMPLATE_ROLE, index)
        self.setSizeHint(0, ROW_SIZE)
        self.template = template
        self.setToolTip(0, f"{template.label}: {template.kind}" + (f", art {self.stem}" if self.stem else ""))

    def data(self, column: int, role: int) -> Any:
        if role == Qt.ItemDataRole.DecorationRole and self.stem is not None:
            return library().icon(self.stem, ICON_PIXELS)
        if role == Qt.ItemDataRole.ToolTipRole and self.template.keys is not None:
            return template_reading(self.template)
        return super().data(column, role)


def template_reading(template: Template) -> str:
    """What aslgui read from a module counter, in the words ``aslgui counters`` prints its values
    (``describe``): its printed numbers, the rules' defaults for what it does not print, what could
    not be read and why."""
    keys = template.keys or {}
    nationality = str(keys.get("nationality") or "")
    found = keys.get("vasl")
    vasl: dict[str, Any] = found if isinstance(found, dict) else {}
    record = {"name": template.label, "kind": template.kind, "nationality": nationality,
              "side": side_of(nationality), "image": vasl.get("image", ""), **keys_record(template.kind, keys)}
    if vasl.get("missing"):
        record["unread"].append("its counter's numbers: the module has no SVG image of it that aslgui can read")
    return describe(record)


def children(group: QTreeWidgetItem) -> list[QTreeWidgetItem]:
    """A group's lines, top to bottom."""
    return [child for i in range(group.childCount()) if (child := group.child(i)) is not None]


def group_title(group: str, count: int) -> str:
    """``German (454)``: a nationality as a player reads it, with how many counters it lists."""
    return f"{group[:1].upper()}{group[1:]} ({count})"


class PalettePanel(QWidget):
    """Pick a unit type and a side, then click hexes to place counters; Escape or *Stop placing*
    ends placing."""

    armed = Signal(object)  # Template | None

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        #: The scenario's sides last offered (``set_sides``).
        self._sides: list[str] = []
        self.side = QComboBox()
        self.side.setEditable(True)
        self.side.setToolTip("Side of new counters (its nationality colours the counter)")
        layout.addWidget(QLabel("Side"))
        layout.addWidget(self.side)
        self.search = QLineEdit()
        self.search.setObjectName("palette_search")
        self.search.setPlaceholderText("Search by name (e.g. PaK, T-34, 57LL)")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self.filter)
        layout.addWidget(self.search)
        self.tree = QTreeWidget()
        self.tree.setObjectName("palette_tree")
        self.tree.setHeaderHidden(True)
        self.tree.setIconSize(QSize(ICON_PIXELS, ICON_PIXELS))
        self.tree.setUniformRowHeights(True)  # a thousand rows scroll without measuring each
        layout.addWidget(QLabel("Click a unit, then click hexes to place it"))
        layout.addWidget(self.tree, 1)
        self.module_note = QLabel(NO_MODULE)
        self.module_note.setWordWrap(True)
        layout.addWidget(self.module_note)
        self.stop = QPushButton("Stop placing")
        self.stop.setToolTip("Or press Escape")
        self.stop.setEnabled(False)  # only while a unit type is picked
        self.stop.clicked.connect(self.disarm)
        layout.addWidget(self.stop)
        self.templates: list[Template] = []
        self.groups: dict[str, QTreeWidgetItem] = {}
        self.tree.currentItemChanged.connect(self._on_current)
        self.set_counters(())

    def set_counters(self, counters: Sequence[CounterTemplate]) -> None:
        """List the basic kinds, these module counters by nationality, and the roster."""
        self.disarm()
        self.templates = all_templates(counters)
        self.tree.clear()
        by_group: dict[str, list[int]] = {}
        for index, template in enumerate(self.templates):
            by_group.setdefault(template.group, []).append(index)
        self.groups = {}
        for group, indexes in by_group.items():
            title = group if group in (BASIC, ROSTER) else group_title(group, len(indexes))
            item = QTreeWidgetItem(self.tree, [title])
            item.setFlags(Qt.ItemFlag.ItemIsEnabled)
            item.setSizeHint(0, ROW_SIZE)
            if group not in (BASIC, ROSTER):
                item.setToolTip(0, f"{title}: Guns and vehicles of your VASL module")
            for index in indexes:
                _TemplateItem(item, self.templates[index], index)
            self.groups[group] = item
        self.groups[BASIC].setExpanded(True)
        self.module_note.setVisible(not counters)
        self.filter(self.search.text())

    def filter(self, text: str) -> None:
        """Show only the units whose name holds ``text`` (any case), their groups opened."""
        wanted = text.strip().lower()
        for group in self.groups.values():
            shown = 0
            for child in children(group):
                hidden = bool(wanted) and wanted not in child.text(0).lower()
                child.setHidden(hidden)
                shown += not hidden
            group.setHidden(shown == 0)
            if wanted:
                group.setExpanded(True)

    def shown_labels(self) -> dict[str, list[str]]:
        """The labels listed now, by group title (what the player sees)."""
        return {group.text(0): [child.text(0) for child in children(group) if not child.isHidden()]
                for group in self.groups.values() if not group.isHidden()}

    def set_sides(self, sides: list[str]) -> None:
        """Offer the scenario's sides first, then the nationalities we have colours for. The side
        picked stays; when the scenario's sides change (another file) and lack it, its first side is
        picked: a counter placed on a side the scenario does not have is nobody's (no crew is
        offered its Gun)."""
        current = self.side.currentText()
        changed, self._sides = sides != self._sides, list(sides)
        self.side.clear()
        self.side.addItems(list(dict.fromkeys([*sides, *style.NATIONALITY_COLORS])))
        self.side.setCurrentText(sides[0] if changed and sides and current not in sides else current)

    @property
    def template(self) -> Template | None:
        item = self.tree.currentItem()
        index = item.data(0, TEMPLATE_ROLE) if item is not None else None
        return self.templates[index] if isinstance(index, int) else None

    def pick(self, label: str) -> Template:
        """Pick the first unit listed as ``label`` (KeyError when none is)."""
        for group in self.groups.values():
            for child in children(group):
                if child.text(0) == label:
                    self.tree.setCurrentItem(child)
                    if (template := self.template) is not None:
                        return template
        raise KeyError(label)

    def _on_current(self, *_items: object) -> None:
        self.stop.setEnabled(self.template is not None)
        self.armed.emit(self.template)

    def disarm(self) -> None:
        """Stop placing: nothing picked."""
        self.tree.setCurrentIndex(QModelIndex())
        self.tree.clearSelection()
        self.stop.setEnabled(False)
        self.armed.emit(None)
