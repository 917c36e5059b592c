"""Support weapons lying on the map (the scenario's ``support_weapons`` with a hex): each drawn on
its hex as its counter, with the module's art when the player's module draws it, else a small tile
naming it. No unit holds them yet: a player drags one from the order of battle onto a unit in
Setup to give it (``MapScene.weapon_drop_requested``)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPen, QPixmap
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPixmapItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
)

from aslgui.errors import AslError
from aslgui.model import Scenario
from aslgui.model.support_weapons import loose_weapons
from aslgui.ui.map import style
from aslgui.ui.map.counter_art import art_stem, library

#: A SW counter is a half-inch counter: two thirds of a unit's tile.
SIZE = round(style.COUNTER_SIZE * 2 / 3)
#: Where it lies in its hex: below and right of the centre, clear of a unit's stack.
OFFSET = QPointF(8.0, 8.0)
#: Above the board, below the units' counters.
Z_WEAPONS = 9
WEAPON_ROLE = Qt.ItemDataRole.UserRole + 7


def weapon_tip(weapon: dict[str, Any]) -> str:
    """What the item's tooltip says: the SW, whose, and how to give it."""
    state = f" ({', '.join(map(str, weapon.get('state') or ()))})" if weapon.get("state") else ""
    return (f"{weapon['name']}{state}: {weapon.get('nationality') or 'no nationality'} support weapon no unit "
            "holds; drag it from the order of battle onto a unit in Setup to give it")


def weapon_item(weapon: dict[str, Any]) -> QGraphicsItem:
    """One SW counter, centred on (0, 0): its art, else a tile of its nationality's colour naming it."""
    image = library().image(stem, SIZE * 2) if (stem := art_stem(weapon)) is not None else None
    item: QGraphicsItem
    if image is not None:
        pixmap = QGraphicsPixmapItem(QPixmap.fromImage(image))
        pixmap.setScale(0.5)
        pixmap.setOffset(-SIZE, -SIZE)
        pixmap.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
        item = pixmap
    else:
        tile = QGraphicsRectItem(QRectF(-SIZE / 2, -SIZE / 2, SIZE, SIZE))
        tile.setBrush(QBrush(style.nationality_color(str(weapon.get("nationality") or ""))))
        tile.setPen(QPen(QColor("black"), 0.8))
        label = QGraphicsSimpleTextItem(str(weapon["name"])[:6], tile)
        font = QFont(label.font())
        font.setPixelSize(8)
        font.setBold(True)
        label.setFont(font)
        bounds = label.boundingRect()
        label.setPos(-bounds.width() / 2, -bounds.height() / 2)
        item = tile
    item.setData(WEAPON_ROLE, weapon["id"])
    item.setToolTip(weapon_tip(weapon))
    item.setZValue(Z_WEAPONS)
    return item


class WeaponItems:
    """The SW counters a scenario shows on its hexes, redrawn when its list changes."""

    def __init__(self, scene: QGraphicsScene) -> None:
        self.scene = scene
        self.items: dict[str, QGraphicsItem] = {}
        self._shown: list[dict[str, Any]] = []

    def sync(self, scenario: Scenario, again: bool = False) -> None:
        """Draw the SW on the map when their list changed (``again``: also when it did not, after
        the counter library changed)."""
        on_map = [dict(w) for w in loose_weapons(scenario) if isinstance(w.get("hex"), str)]
        if on_map == self._shown and not again:
            return
        for item in self.items.values():
            self.scene.removeItem(item)
        self.items, self._shown = {}, on_map
        for weapon in on_map:
            try:
                h = scenario.grid.parse(weapon["hex"])
            except AslError:  # a hex off this map: the weapon stays listed, not drawn
                continue
            item = weapon_item(weapon)
            item.setPos(QPointF(*scenario.grid.center(h)) + OFFSET)
            self.scene.addItem(item)
            self.items[weapon["id"]] = item
