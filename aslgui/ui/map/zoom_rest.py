"""When a zoom of the map rests: until then board art is sampled, not filtered.

Filtering the art of every board at each step of a zoom would overrun a frame; the scene draws it
sampled while ``zooming`` and once more, filtered, when the zoom has rested.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer

#: A zoom rests when it has not changed for this long (ms): the art is then drawn filtered.
ZOOM_REST_MS = 150


class ZoomRest(QObject):
    """Whether a zoom is under way, and the call that draws the map again when it rests."""

    def __init__(self, parent: QObject, rested: Callable[[], None]) -> None:
        super().__init__(parent)
        #: True from a zoom step until the zoom rests.
        self.zooming = False
        self._rested = rested
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(ZOOM_REST_MS)
        self._timer.timeout.connect(self._end)

    def step(self) -> None:
        """A zoom step: the zoom rests ``ZOOM_REST_MS`` after the last one."""
        self.zooming = True
        self._timer.start()

    def rest(self) -> None:
        """The zoom rests now (the view's wheel came to rest): draw the art filtered already."""
        if self._timer.isActive():
            self._timer.stop()
            self._end()

    def _end(self) -> None:
        self.zooming = False
        self._rested()
