"""Latency from drop to popup shown (issue 7: median <= 50 ms), and of the legal/illegal
target colouring when a counter is picked up.

Run ``.venv/bin/python benchmarks/bench_popup.py`` from the repo (offscreen unless
QT_QPA_PLATFORM says otherwise); it prints a markdown table. The clock starts just before
``MapScene.drop_counter`` (what releasing the mouse calls) and stops once the popup has been
shown and the event loop has drawn it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QPointF, QSettings, QtMsgType, qInstallMessageHandler
from PySide6.QtWidgets import QApplication, QDialog

from aslgui.model import load_scenario
from aslgui.resource_files import resource_path
from aslgui.rules.dice import DiceRoller
from aslgui.ui.rehearsal.controller import RehearsalController
from aslgui.ui.rehearsal.popup import RehearsalPopup
from aslgui.ui.window.main_window import MainWindow

#: (label, scenario file under resources/, unit dragged, hex dropped on)
CASES = (
    ("fire: 57LL AT Gun onto the PzKpfw IIIG (demo)", ("scenarios", "demo.json"), "g1", "4E9"),
    ("overrun: tank into the 6-2-8 (D7.22 EX)", ("examples", "d7_22_overrun.json"), "t1", "1C3"),
    ("push: 37L AT into the stone building (C10.3 EX)", ("examples", "c10_3_push.json"), "g1", "1G4"),
    ("DC: 4-6-7 onto X5 (A23.3 EX)", ("examples", "a23_3_place_dc.json"), "s1", "1X5"),
)


def measure(app: QApplication, window: MainWindow, controller: RehearsalController, unit: str, hex_name: str,
            runs: int) -> tuple[list[float], list[float]]:
    """Drop-to-shown and pick-up colouring times (ms) over ``runs`` drops."""
    shown_at: list[float] = []

    def exec_(popup: RehearsalPopup) -> int:
        popup.show()
        app.processEvents()
        shown_at.append(time.perf_counter())
        popup.close()
        return int(QDialog.DialogCode.Rejected)

    RehearsalPopup.exec = exec_  # type: ignore[method-assign, assignment]
    grid = window.scenario.grid
    pos = QPointF(*grid.center(grid.parse(hex_name)))
    drops, pickups = [], []
    for _ in range(runs):
        start = time.perf_counter()
        controller.show_targets(unit)
        pickups.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        window.scene.drop_counter(unit, pos)
        drops.append((shown_at[-1] - start) * 1000)
        app.processEvents()
    return drops, pickups


def _quiet(_mode: QtMsgType, _context: object, message: str) -> None:
    """The offscreen platform says it cannot propagate size hints once per popup shown; other
    messages go to stderr as usual."""
    if "propagateSizeHints" not in message:
        print(message, file=sys.stderr)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=40)
    args = parser.parse_args()
    qInstallMessageHandler(_quiet)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    with tempfile.TemporaryDirectory() as tmp:
        settings = QSettings(str(Path(tmp) / "settings.ini"), QSettings.Format.IniFormat)
        window = MainWindow(load_scenario(resource_path(*CASES[0][1])), None, settings)
        controller = getattr(window, "rehearsal", None)
        if not isinstance(controller, RehearsalController):
            controller = RehearsalController(window, DiceRoller())
            controller.attach(window.scene)
        window.resize(1200, 800)
        window.show()
        window.set_mode("rehearse")
        print(f"Drop to popup shown, {args.runs} drops each (QT_QPA_PLATFORM={os.environ['QT_QPA_PLATFORM']})\n")
        print("| drop | median ms | p90 ms | max ms | pick-up colouring median ms |")
        print("|---|---|---|---|---|")
        worst = 0.0
        for label, where, unit, hex_name in CASES:
            window.set_scenario(load_scenario(resource_path(*where)), None)
            window.set_mode("rehearse")
            drops, pickups = measure(app, window, controller, unit, hex_name, args.runs)
            p90 = statistics.quantiles(drops, n=10)[-1]
            median = statistics.median(drops)
            worst = max(worst, median)
            print(f"| {label} | {median:.1f} | {p90:.1f} | {max(drops):.1f} | {statistics.median(pickups):.1f} |")
        window.undo_stack.setClean()
        window.close()
    print(f"\nworst median: {worst:.1f} ms (target <= 50 ms): {'OK' if worst <= 50 else 'TOO SLOW'}")
    return 0 if worst <= 50 else 1


if __name__ == "__main__":
    sys.exit(main())
