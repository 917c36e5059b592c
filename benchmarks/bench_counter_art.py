"""Speed of opening a scenario whose counters show the module's art (issue 35): 200 distinct
counters of a synthetic VASL module of 5,000 PieceSlots and 1,500 SVG counters (``bench_module``)
open in the window with all their art drawn within 1 s of the same window on plain tiles.

Run ``.venv/bin/python benchmarks/bench_counter_art.py`` from the repo; it prints a markdown table.
Each start builds the main window on the scenario (4 boards, 200 vehicles), shows it, fits the
whole map and paints the view once (every counter on screen, so every counter's art is read,
parsed and rendered): "plain" with no module set up, "with art" with the module named by
``ASLGUI_VASL_MODULE`` and its index already in the per-user cache (as at every start after the
first), the counter art drawn from nothing (a fresh art library, no renderer or image kept).
The last rows time the module's counter SVGs read one open zip at a time (``ModuleArt``) against
a zip opened and scanned per counter (what each counter cost before, issue 35's 19 s).
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_gui import situation
from bench_module import COUNTERS, SLOTS, make_module
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from reference import CALIBRATION, core_ms

from aslgui.model import Scenario
from aslgui.ui.map import counter_art
from aslgui.ui.window.main_window import MainWindow
from aslgui.vasl.module import forget_modules, read_module
from aslgui.vasl.module_art import ModuleArt
from aslgui.vasl.module_art import counter_art as one_counter
from aslgui.vasl.module_library import MODULE_ENV

#: Distinct counters the scenario shows; the target (s) over the plain start.
SHOWN = 200
TARGET_S = 1.0


def scenario(art: bool) -> Scenario:
    """4 boards, ``SHOWN`` units; with ``art`` each names a different counter SVG of the module."""
    base = situation(4, counters=SHOWN, art=False)
    units = {uid: unit._replace(extra={"vasl": {"image": f"ge/veh/v{i}"}}) if art else unit
             for i, (uid, unit) in enumerate(base.units.items())}
    return Scenario(grid=base.grid, units=units, terrain=base.terrain, player=base.player)


def open_window(situation_: Scenario, folder: str) -> tuple[float, float]:
    """Seconds (wall, CPU) from nothing to the window shown with its whole map painted once."""
    settings = QSettings(os.path.join(folder, "settings.ini"), QSettings.Format.IniFormat)
    forget_modules()
    counter_art.use_modules([])  # no renderer or image kept from the run before
    start, start_cpu = time.perf_counter(), time.process_time()
    window = MainWindow(situation_, None, settings)
    window.resize(1920, 1080)
    window.show()
    QApplication.processEvents()
    window.view.fit_to_window()
    window.view.viewport().grab()
    took = time.perf_counter() - start, time.process_time() - start_cpu
    window.close()
    window.deleteLater()
    QApplication.processEvents()
    return took


def drawn_art() -> int:
    """Counters whose art the library holds now (renderers kept)."""
    return len(counter_art.library()._renderers)


def median(runs: list[tuple[float, float]]) -> tuple[float, float]:
    return statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="window starts of each kind (median reported)")
    options = parser.parse_args()
    app = QApplication.instance() or QApplication([])
    assert app is not None
    reference_before = core_ms()
    with tempfile.TemporaryDirectory(prefix="aslgui-bench-art-") as folder:
        os.environ["ASLGUI_CACHE_DIR"] = os.path.join(folder, "cache")
        os.environ["XDG_CONFIG_HOME"] = os.path.join(folder, "config")
        path = make_module(folder)
        read_module(path)  # the index cached, as after the first start
        runs: dict[str, list[tuple[float, float]]] = {"plain": [], "module": [], "art": []}
        plain, shown = scenario(art=False), scenario(art=True)
        for _ in range(options.runs):
            os.environ.pop(MODULE_ENV, None)
            runs["plain"].append(open_window(plain, folder))
            os.environ[MODULE_ENV] = path
            runs["module"].append(open_window(plain, folder))
            runs["art"].append(open_window(shown, folder))
            assert drawn_art() == SHOWN, f"only {drawn_art()} of {SHOWN} counters have their art"
        stems = [f"ge/veh/v{i}" for i in range(SHOWN)]
        start = time.perf_counter()
        with ModuleArt(path) as archive:
            assert all(archive.svg(stem) for stem in stems)
        one_zip = time.perf_counter() - start
        start = time.perf_counter()
        assert all(one_counter(path, stem) for stem in stems)
        per_counter = time.perf_counter() - start
    reference = (reference_before + core_ms()) / 2
    scale = CALIBRATION["core"] / reference  # this machine's CPU seconds -> the calibration machine's
    plain_s, module_s, art_s = median(runs["plain"]), median(runs["module"]), median(runs["art"])
    extra = art_s[1] - plain_s[1]
    print(f"Synthetic module: {SLOTS} PieceSlots, {COUNTERS} SVG counters; {SHOWN} distinct counters shown; "
          f"median of {options.runs} window starts each, CPU time (wall in brackets); core reference "
          f"{reference:.2f} ms here, {CALIBRATION['core']} ms on the calibration machine; load "
          f"{os.getloadavg()[0]:.1f}")
    print()
    print("| Figure | Measured | Target | Met |")
    print("|---|---:|---|---|")
    for name, (wall, cpu) in (("Window start to the whole map painted, plain tiles, no module", plain_s),
                              ("... the module set up (its palette), the counters plain", module_s),
                              (f"... the module set up, all {SHOWN} counters with their art", art_s)):
        print(f"| {name} (CPU) | {cpu * 1000:.0f} ms ({wall * 1000:.0f} ms wall) | | |")
    met = "yes" if extra <= TARGET_S else "**no**"
    print(f"| All art drawn: module and art over the plain start (CPU) | {extra * 1000:.0f} ms "
          f"({extra * scale * 1000:.0f} ms on the calibration machine) | <= {TARGET_S * 1000:.0f} ms | {met} |")
    print(f"| ... the art alone, over the module's start (CPU) | {(art_s[1] - module_s[1]) * 1000:.0f} ms | | |")
    print(f"| {SHOWN} counter SVGs read through one open zip (`ModuleArt`) | {one_zip * 1000:.0f} ms | | |")
    print(f"| ... each through its own zip opened and indexed (before issue 35) | {per_counter * 1000:.0f} ms | | |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
