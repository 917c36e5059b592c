"""Images kept at a few zooms, each sqrt(2) smaller than the last, so that a redraw after a zoom
step shrinks the nearest larger one (bilinear, by less than sqrt(2), which stays sharp) instead
of drawing a counter afresh or filtering a whole board's art far down.  Counters keep theirs at
any of these zooms (drawn at the zoom first needed); board art keeps its own image (100%) and
the smaller copies, and is enlarged from its own above 100%."""

from __future__ import annotations

import functools
import itertools
import math

from PySide6.QtCore import Qt
from PySide6.QtGui import QImage, QPainter

#: The zooms at which images are kept: 400% down to 12.5% (the view shows 10% to 600%).
SCALES: tuple[float, ...] = tuple(math.sqrt(2) ** k for k in range(4, -7, -1))
#: The zoom of an image as stored (board art): the copies made from it are smaller.
NATURAL = 1.0


@functools.lru_cache(maxsize=64)
def kept_scale(scale: float) -> float | None:
    """The kept image a drawing at ``scale`` shrinks: the smallest at least as large (the
    smallest of all below 12.5%); None above 400%, where nothing kept is large enough.  Kept per
    scale: a zoom step asks it for every counter on screen at the same scale."""
    if scale > SCALES[0] * (1 + 1e-9):
        return None
    fitting = [level for level in SCALES if level >= scale * (1 - 1e-9)]
    return fitting[-1] if fitting else SCALES[-1]


def device_scale(painter: QPainter) -> float:
    """How many device pixels one unit of the painter's coordinates covers (no rotation here)."""
    transform = painter.worldTransform()
    return math.hypot(transform.m11(), transform.m12()) * painter.device().devicePixelRatioF()


def shrunk_copies(image: QImage) -> dict[float, QImage]:
    """``image`` (taken as the 100% one) and its smooth (area-averaged) copies at every smaller
    kept zoom, each made from the one before."""
    copies = {NATURAL: image}
    for larger, level in itertools.pairwise(s for s in SCALES if s <= NATURAL):
        source = copies[larger]
        width = max(1, round(image.width() * level))
        height = max(1, round(image.height() * level))
        copies[level] = source.scaled(
            width, height, Qt.AspectRatioMode.IgnoreAspectRatio, Qt.TransformationMode.SmoothTransformation
        )
    return copies
