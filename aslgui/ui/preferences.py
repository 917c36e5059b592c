"""What the user chooses once and aslgui remembers: which map layers show (View menu, kept in
QSettings with the window's other view state)."""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWidget

from aslgui.ui.map_layers import TOGGLED_LAYERS
from aslgui.ui.map_scene import MapScene


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
