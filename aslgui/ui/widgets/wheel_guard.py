"""Combo boxes and spin boxes take the mouse wheel only once focused (a click or Tab).

Scrolling a form must scroll the form: a wheel over an unfocused QComboBox used to change its
value (a CA turned four hexspines while scrolling the Properties panel, four undo steps). Such a
wheel is left unhandled, so Qt passes it on to the scroll area underneath.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QAbstractSpinBox, QComboBox, QWidget


class WheelGuard(QObject):
    """Event filter: a wheel over an unfocused value widget is ignored (and so propagates)."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Wheel and isinstance(watched, QWidget) and not watched.hasFocus():
            event.ignore()
            return True
        return False


def guard_wheel(root: QWidget) -> None:
    """Guard every combo box and spin box in ``root`` (call again after adding widgets: each is
    guarded once). The wheel no longer gives them focus either (Qt's default for a combo box)."""
    guard = root.findChild(WheelGuard, options=Qt.FindChildOption.FindDirectChildrenOnly) or WheelGuard(root)
    for widget in (root, *root.findChildren(QWidget)):
        if isinstance(widget, (QComboBox, QAbstractSpinBox)) and widget.property("wheel_guarded") is not True:
            widget.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
            widget.installEventFilter(guard)
            widget.setProperty("wheel_guarded", True)
