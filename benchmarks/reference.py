"""The reference workloads every benchmark figure is divided by (issue 30): an absolute time
says little across machines, a ratio to a reference timed in the same run says how the code
compares on whatever machine runs it.

- ``start``: a bare stdlib CLI start, ``python -c "import json, argparse, dataclasses"``, for
  figures of a whole process (``aslgui resolve``, ``aslgui import-vsav``, the window's start);
- ``core``: a fixed pure-Python workload (dicts, strings, a sort), for the rules core in process;
- ``gui``: a 1920x1080 QImage filled and blitted with QPainter, the window's size, for figures
  that paint (``bench_gui``, ``bench_popup``, the LOS shading drawn in the window).

``CALIBRATION`` holds each reference as measured on the machine docs/performance.md's summary was measured
on; a target set in ms there is a ratio target ``ms / CALIBRATION[kind]`` everywhere.
``.venv/bin/python benchmarks/reference.py`` prints the three as JSON (``run_all.py`` runs it
before each script).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

#: The whole-process reference: what any Python CLI pays to start.
BASELINE = [sys.executable, "-c", "import json, argparse, dataclasses"]
#: Each reference (ms, median) on docs/performance.md's machine (2 CPUs, x86_64, Python 3.11.7, PySide6
#: 6.11.3; 2026-11-27, three runs at load 0.5: start 32.6-33.2, core 1.25-1.33, gui 0.53-0.54 ms).
CALIBRATION = {"start": 33.0, "core": 1.3, "gui": 0.53}
KINDS = tuple(CALIBRATION)


def _median_ms(work: Callable[[], object], repeat: int, number: int = 1) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            work()
        times.append((time.perf_counter() - start) / number)
    return statistics.median(times) * 1000


def core_work() -> int:
    """A fixed pure-Python workload: what the rules core does most (dict lookups by short
    strings, tuples, a sort), about a millisecond."""
    table: dict[str, int] = {}
    total = 0
    for i in range(4000):
        key = f"{chr(65 + i % 26)}{i % 37}"
        table[key] = table.get(key, 0) + (i * 7) % 13
        total += len(key)
    ranked = sorted(table.items(), key=lambda item: (item[1], item[0]))
    return total + len(ranked)


def core_ms(repeat: int = 21) -> float:
    """Median ms of ``core_work``."""
    core_work()
    return _median_ms(core_work, repeat, number=5)


def start_ms(repeat: int = 11) -> float:
    """Median ms of the bare stdlib start, bytecode cached."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run(BASELINE, check=True, env=env)
    return _median_ms(lambda: subprocess.run(BASELINE, check=True, env=env), repeat)


def gui_ms(repeat: int = 31) -> float:
    """Median ms of filling a 1920x1080 image and blitting another over it with QPainter (Qt's
    software raster, as the offscreen view paints)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter

    _app = QGuiApplication.instance() or QGuiApplication([])
    image_format = QImage.Format.Format_ARGB32_Premultiplied
    source = QImage(1920, 1080, image_format)
    source.fill(QColor(40, 120, 60, 200))
    target = QImage(1920, 1080, image_format)

    def paint() -> None:
        painter = QPainter(target)
        painter.fillRect(target.rect(), Qt.GlobalColor.white)
        painter.drawImage(0, 0, source)
        painter.end()

    paint()
    return _median_ms(paint, repeat)


def measure() -> dict[str, float]:
    """Every reference, timed now (ms)."""
    return {"start": start_ms(), "core": core_ms(), "gui": gui_ms()}


#: Words of a figure that times a process from its start.
_PROCESS_WORDS = ("whole process", "fresh process", "start to first painted", "`python -c", "`aslgui ")


def kind_of(script: str, figure: str) -> str:
    """Which reference a figure compares with: a whole process's start, painting, or Python."""
    text = figure.lower()
    if any(word in text for word in _PROCESS_WORDS):
        return "start"
    if script in ("bench_gui", "bench_popup") or "in the window" in text:
        return "gui"
    return "core"


if __name__ == "__main__":
    print(json.dumps(measure()))
