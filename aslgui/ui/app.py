"""``aslgui`` without a command: the map window on a file, or on the built-in demo."""

from __future__ import annotations

import os
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QWidget

from aslgui.errors import AslError
from aslgui.model import Scenario, load_scenario
from aslgui.ui.display_check import display_problem
from aslgui.ui.widgets.dialogs import MessageBox
from aslgui.ui.window.main_window import DEMO_PATH, MainWindow

#: Set to make the window quit right after its first paint, printing "painted" (start-up benchmark).
FIRST_PAINT_ENV = "ASLGUI_QUIT_AFTER_FIRST_PAINT"


class _FirstPaint(QObject):
    """Quits the application once the map has painted, for benchmarks/bench_gui.py."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            QTimer.singleShot(0, self._done)
        return False

    def _done(self) -> None:
        print("painted", flush=True)
        QApplication.quit()


#: What a window opened on a file that cannot be read shows.
INSTEAD = "Showing the built-in demo instead."


def report_uncaught(window: QWidget) -> Callable[[type[BaseException], BaseException, TracebackType | None], None]:
    """The ``sys.excepthook`` of the window's event loop: an error that escapes a gesture's handler
    is told in a notice, not only as a traceback on a terminal the player may not see; a bad
    value (AslError) by its message alone, any other with its traceback on stderr for a report."""

    def hook(kind: type[BaseException], error: BaseException, trace: TracebackType | None) -> None:
        if isinstance(error, AslError):
            text = str(error)
        else:
            traceback.print_exception(kind, error, trace)
            text = f"{kind.__name__}: {error} (a fault in aslgui; the traceback is on its terminal)"
        print(f"aslgui: {text}", file=sys.stderr)
        MessageBox.notice(window, "Could not do that", f"{text}\n\nYour scenario is still open.")

    return hook


def run_gui(path: str | None) -> int:
    """Open the window on ``path`` (or the demo) and run until it closes; the exit status.
    Where Qt could not open a window (no display, missing X11 libraries), say why and stop
    instead of letting Qt abort."""
    if QApplication.instance() is None:
        problem = display_problem()
        if problem is not None:
            print(problem, file=sys.stderr)
            return 1
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    app.setApplicationName("aslgui")
    app.setOrganizationName("aslgui")
    scenario: Scenario | None = None
    file_path: Path | None = None
    problem = ""
    vasl_game = path if path is not None and path.lower().endswith(".vsav") else None
    if path is not None and vasl_game is None:
        try:
            scenario, file_path = load_scenario(path), Path(path)
        except AslError as error:
            problem = f"{path}\n\n{error}\n\n{INSTEAD}"
    window = MainWindow(scenario or load_scenario(DEMO_PATH), file_path)
    window.show()
    window.view.fit_to_window()
    window.focus_first_gun()
    window.start_autosave()
    if vasl_game is not None:  # a VASL game opens as File > Import VASL game does, with its report
        QTimer.singleShot(0, lambda: window.order_of_battle.import_file(vasl_game, f"\n\n{INSTEAD}"))
    if problem:
        print(f"aslgui: cannot open {problem}", file=sys.stderr)
        QTimer.singleShot(0, lambda: MessageBox.error(window, "Cannot open scenario", problem))
    sys.excepthook = report_uncaught(window)
    if os.environ.get(FIRST_PAINT_ENV):
        watcher = _FirstPaint(window)
        window.view.viewport().installEventFilter(watcher)
    return app.exec()
