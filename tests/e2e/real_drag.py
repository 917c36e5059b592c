"""End-to-end: a real mouse drag on a real X screen (Xvfb), through the popup, to the log.

Under ``QT_QPA_PLATFORM=offscreen`` no real input exists (DESIGN.md 6), so this script runs the
window on an X server and moves the X pointer itself with the XTest extension (libXtst): press
on the 57LL AT Gun of the demo, drag to the PzKpfw IIIG, release; the popup opens; it types
dice, clicks "Use these dice" and Commit with the pointer; then checks the map and the log and
undoes. Screenshots go to ``--shots`` (default /tmp): mid-drag (legal/illegal colouring), the
popup, and the popup after the roll.

    .venv/bin/python tests/e2e/real_drag.py            # starts its own Xvfb when DISPLAY is unset

Exit status 0 when every check passed. ``tests/e2e/test_real_drag.py`` runs it (``pytest -m e2e``).
"""

from __future__ import annotations

import argparse
import ctypes
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path


def _own_xvfb() -> int:
    """Re-run this script on a fresh Xvfb display and return its exit status.  Xvfb picks a free
    display itself and reports it once it accepts clients (``-displayfd``): no port clash, no
    guessed start-up delay."""
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        print("Xvfb is not installed (apt-get install xvfb); ../shared/tools/screenshot installs it", file=sys.stderr)
        return 2
    read_end, write_end = os.pipe()
    server = subprocess.Popen([xvfb, "-displayfd", str(write_end), "-screen", "0", "1600x1000x24", "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, pass_fds=(write_end,))
    os.close(write_end)
    try:
        with os.fdopen(read_end) as reported:
            number = reported.readline().strip()
        if not number:
            print("Xvfb did not start", file=sys.stderr)
            return 2
        env = {**os.environ, "DISPLAY": f":{number}", "QT_QPA_PLATFORM": "xcb"}
        return subprocess.call([sys.executable, *sys.argv], env=env)
    finally:
        server.terminate()
        server.wait(5)


class XPointer:
    """The X pointer moved and clicked through XTest: input the X server itself delivers."""

    def __init__(self) -> None:
        self.x11 = ctypes.CDLL("libX11.so.6")
        self.xtst = ctypes.CDLL("libXtst.so.6")
        self.x11.XOpenDisplay.restype = ctypes.c_void_p
        self.display = ctypes.c_void_p(self.x11.XOpenDisplay(None))
        if not self.display:
            raise RuntimeError("cannot open the X display")

    def move(self, x: int, y: int) -> None:
        self.xtst.XTestFakeMotionEvent(self.display, -1, x, y, 0)
        self.x11.XFlush(self.display)

    def button(self, down: bool) -> None:
        self.xtst.XTestFakeButtonEvent(self.display, 1, down, 0)
        self.x11.XFlush(self.display)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shots", default="/tmp", help="folder for the screenshots")
    args = parser.parse_args()
    if not os.environ.get("DISPLAY"):
        return _own_xvfb()
    os.environ["QT_QPA_PLATFORM"] = "xcb"

    from PySide6.QtCore import QPoint, QPointF, QSettings, QTimer
    from PySide6.QtWidgets import QApplication, QWidget

    from aslgui.model import load_scenario
    from aslgui.model.log import read_log
    from aslgui.resource_files import resource_path
    from aslgui.rules.dice import DiceRoller
    from aslgui.ui.rehearsal.controller import RehearsalController
    from aslgui.ui.rehearsal.log_lines import log_plain
    from aslgui.ui.rehearsal.popup import RehearsalPopup
    from aslgui.ui.window.main_window import MainWindow

    app = QApplication(sys.argv[:1])
    shots = Path(args.shots)
    tmp = tempfile.TemporaryDirectory()
    demo = load_scenario(resource_path("scenarios", "demo.json"))  # its Gun sees the tank down the road
    window = MainWindow(demo, None, QSettings(str(Path(tmp.name) / "s.ini"), QSettings.Format.IniFormat))
    controller = getattr(window, "rehearsal", None)
    if not isinstance(controller, RehearsalController):
        controller = RehearsalController(window, DiceRoller())
        controller.attach(window.scene)
    window.resize(1400, 900)
    window.move(0, 0)
    window.show()
    window.set_mode("rehearse")
    pointer = XPointer()
    checks: list[tuple[str, bool]] = []
    grid = window.scenario.grid

    def screen_point(hex_name: str) -> QPoint:
        scene_pos = QPointF(*grid.center(grid.parse(hex_name)))
        return window.view.viewport().mapToGlobal(window.view.mapFromScene(scene_pos))

    def widget_centre(widget: QWidget) -> QPoint:
        return widget.mapToGlobal(widget.rect().center())

    def shot(name: str) -> None:
        path = shots / name
        app.primaryScreen().grabWindow(0).save(str(path), "PNG")
        print(f"screenshot: {path}")

    def popup() -> RehearsalPopup | None:
        modal = QApplication.activeModalWidget()
        return modal if isinstance(modal, RehearsalPopup) else None

    def steps() -> Iterator[float]:
        """Each step does one thing, then yields how long to wait before the next."""
        window.view.set_zoom(1.0)
        window.view.centerOn(QPointF(*grid.center(grid.parse("4E7"))))
        yield 0.5
        start, end = screen_point("4E5"), screen_point("4E9")
        pointer.move(start.x(), start.y())
        yield 0.2
        pointer.button(True)
        yield 0.2
        for i in range(1, 13):
            pointer.move(start.x() + (end.x() - start.x()) * i // 12, start.y() + (end.y() - start.y()) * i // 12)
            yield 0.05
        checks.append(("targets coloured before the drop", bool(controller.overlay.shown)))
        checks.append(("4E9 (the tank) coloured legal", controller.overlay.shown.get(grid.parse("4E9")) is True))
        shot("e2e_1_dragging.png")
        yield 0.1
        pointer.button(False)
        for _ in range(40):
            if popup() is not None:
                break
            yield 0.05
        dialog = popup()
        checks.append(("popup opened by the drop", dialog is not None))
        if dialog is None:
            return
        yield 0.3
        shot("e2e_2_popup.png")
        checks.append(("popup shows the rules' DRM lines", dialog.drm_labels() == [
            line.label for line in (dialog.resolution.drm if dialog.resolution else ())]))
        checks.append(("Commit waits for the dice", not dialog.commit_button.isEnabled()))
        for name, value in (("colored", 2), ("white", 3), ("dr", 1), ("effects", 7)):
            dialog.dice.typed[name].setValue(value)
        button = widget_centre(dialog.dice.use_typed)
        pointer.move(button.x(), button.y())
        yield 0.1
        pointer.button(True)
        pointer.button(False)
        for _ in range(40):
            if dialog.dice.roll is not None:
                break
            yield 0.05
        yield 0.1
        shot("e2e_3_rolled.png")
        outcome = dict(dialog.resolution.outcome or {}) if dialog.resolution else {}
        checks.append(("typed dice resolved (Original DR 5)", outcome.get("th_dr") == 5 and outcome.get("hit") is True))
        commit = widget_centre(dialog.commit_button)
        pointer.move(commit.x(), commit.y())
        yield 0.1
        pointer.button(True)
        pointer.button(False)
        for _ in range(40):
            if popup() is None:
                break
            yield 0.05
        log = read_log(window.scenario)
        checks.append(("popup closed by Commit", popup() is None))
        checks.append(("one log entry", len(log) == 1))
        checks.append(("the Gun is marked fired", window.scenario.units["g1"].fired))
        if log:
            print("log:\n" + log_plain(log))
        window.undo_stack.undo()
        undone = not window.scenario.units["g1"].fired and not read_log(window.scenario)
        checks.append(("undo takes the shot back", undone))

    runner = steps()

    def tick() -> None:
        try:
            wait = next(runner)
        except StopIteration:
            window.undo_stack.setClean()
            window.undo_stack.blockSignals(True)  # the scene goes first at exit; no redraw then
            app.quit()
            return
        QTimer.singleShot(int(wait * 1000), tick)

    QTimer.singleShot(800, tick)
    QTimer.singleShot(30000, app.quit)  # a stuck run still ends
    app.exec()
    for name, ok in checks:
        print(f"{'PASS' if ok else 'FAIL'}: {name}")
    passed = bool(checks) and all(ok for _, ok in checks)
    print("e2e drag:", "all checks passed" if passed else "FAILED")
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
