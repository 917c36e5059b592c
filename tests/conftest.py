"""Shared test set-up: Qt renders offscreen so GUI tests run on a machine without a screen."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
