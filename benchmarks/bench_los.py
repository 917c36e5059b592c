"""Speed of LOS (issue 14): one ``los`` in process, the visibility shading of 4 boards from one hex,
and ``aslgui resolve`` of a ``los`` question as a whole process against a ``ca_hexes`` one.

Run ``.venv/bin/python benchmarks/bench_los.py``; it prints a markdown table.  With the real
boards beside the repository (``../shared/vasl/boards``) the in-process figures use them (board 4
and boards 2-5), their LOS geometry already cached; without them, the demo's plain board.

The shading is timed from ``--origins`` hexes spread over the map, each the first time from that
hex: "nothing walked" starts each with no thread walked at all (the first shading of a session),
"after others" keeps what the shadings before it walked (a unit that moved); then each again.
"In the window" is "Show what this unit sees" itself (``LosTools.refresh_sight``, drawing
included) in an offscreen window as the unit is moved to each hex.  Each figure is the median,
with the range, of wall-clock times; the machine is shared, so the CPU time median is given too.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_core import DEMO, Row, _check, _ms, aslgui_command, environments, spread, table, timed, whole_process

BOARDS = next((p / "shared" / "vasl" / "boards" for p in Path(__file__).resolve().parents
               if (p / "shared" / "vasl" / "boards").is_dir()), None)


def _map(board_ids: Sequence[str]) -> object:
    from aslgui.model import scenario_from_json

    places = [{"id": b, "col": i % 2, "row": i // 2} for i, b in enumerate(board_ids)]
    return scenario_from_json({"boards": places, "units": []})


def in_process(pairs: int) -> list[Row]:
    from aslgui.rules.los import los_map, trace

    where = "real board 4" if BOARDS else "plain board 4"
    scenario = _map(["4"])
    the_map = los_map(scenario)  # type: ignore[arg-type]
    hexes = list(scenario.grid)  # type: ignore[attr-defined]
    rnd = random.Random(14)
    chosen = [(rnd.choice(hexes), rnd.choice(hexes)) for _ in range(pairs)]
    times = []
    for source, target in chosen:  # first pass: every thread traced afresh
        start = time.perf_counter()
        trace(the_map, source, target)
        times.append(time.perf_counter() - start)
    single = statistics.median(times)
    return [
        (f"one `los`, in process, median of {pairs:,} random pairs ({where})", _ms(single), "<= 0.2 ms",
         _check(single, 0.0002)),
    ]


#: Issue 40's target for shading four real boards from one unit, in process.
SHADING_S = 0.015


def shading(origins: int) -> list[Row]:
    from aslgui.geometry.thread import forget_walks
    from aslgui.rules.los import los_map, sight

    four = _map(["2", "3", "4", "5"])
    four_map = los_map(four)  # type: ignore[arg-type]
    grid = four.grid  # type: ignore[attr-defined]
    sources = random.Random(5).sample(list(grid), origins)
    cold, after, again = [], [], []
    for source in sources:
        forget_walks()
        cold.append(timed(lambda s=source: sight(four_map, s)))
    forget_walks()
    for source in sources:
        after.append(timed(lambda s=source: sight(four_map, s)))
    for source in sources:
        again.append(timed(lambda s=source: sight(four_map, s)))
    every = f"every hex of 4 boards ({len(grid)} hexes) from one hex"
    return [
        spread(f"shading {every}, first time from each of {origins} hexes, nothing walked", cold, SHADING_S),
        spread(f"shading {every}, first time from each of {origins} hexes, after others", after, SHADING_S),
        spread(f"shading {every}, again from each hex", again, SHADING_S),
        *_window(sources),
    ]


def _window(sources: Sequence[Any]) -> list[Row]:
    """"Show what this unit sees" in an offscreen main window as the demo's Gun is moved (an
    undoable move, as a player drags it) to each hex in turn: shading and drawing."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from aslgui.geometry.thread import forget_walks
    from aslgui.model import scenario_from_json
    from aslgui.resource_files import load_json
    from aslgui.ui.window.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    data = load_json("scenarios", "demo.json")
    data["boards"] = [{"id": b, "col": i % 2, "row": i // 2} for i, b in enumerate(["2", "3", "4", "5"])]
    data.pop("terrain", None)
    data.pop("hexsides", None)
    with tempfile.TemporaryDirectory() as folder:
        window = MainWindow(scenario_from_json(data), None, QSettings(os.path.join(folder, "s.ini"),
                                                                       QSettings.Format.IniFormat))
        window.resize(1200, 800)
        window.show()
        app.processEvents()
        window.scene.select_unit("g1")
        sight = window.los_tools.sight_action
        first = []
        for h in sources:  # switched on with the unit in a new hex, nothing walked yet
            window.move_unit("g1", h)
            forget_walks()
            first.append(timed(sight.trigger))
            sight.trigger()
        sight.trigger()
        moves = [timed(lambda h=h: window.move_unit("g1", h)) for h in reversed(sources[:-1])]
        window.undo_stack.setClean()  # nothing to save: closing asks nothing
        window.close()
    return [
        spread(f"'Show what this unit sees' switched on in the window in each of {len(sources)} hexes, "
                "nothing walked (shading and drawing)", first, 0.05),
        spread(f"'Show what this unit sees' in the window, the unit moved to each of {len(moves)} hexes", moves, 0.05),
    ]


def whole(runs: int) -> list[Row]:
    los = {"kind": "los", "from": "4E5", "to": "4K8"}
    ca = {"kind": "ca_hexes", "unit": "g1", "range": 5}
    with tempfile.TemporaryDirectory() as folder:
        files = {}
        for name, action in (("los", los), ("ca", ca)):
            files[name] = os.path.join(folder, f"{name}.json")
            Path(files[name]).write_text(json.dumps(action), encoding="utf-8")
        warm, _ = environments(os.path.join(folder, "pycache"))
        command = [*aslgui_command(), "resolve", str(DEMO)]
        times = whole_process({n: ([*command, f], warm) for n, f in files.items()}, runs)
    los_t, ca_t = statistics.median(times["los"]), statistics.median(times["ca"])
    ratio = los_t / ca_t
    return [
        (f"`aslgui resolve` `los`, whole process (median of {runs})", _ms(los_t), "", ""),
        (f"`aslgui resolve` `ca_hexes`, whole process (median of {runs})", _ms(ca_t), "", ""),
        ("ratio los / ca_hexes", f"{ratio:.2f}", "<= 1.5", _check(ratio, 1.5)),
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21, help="whole-process runs of each command (default 21)")
    parser.add_argument("--pairs", type=int, default=10_000, help="random pairs for one los (default 10,000)")
    parser.add_argument("--origins", type=int, default=25, help="hexes the shading is timed from (default 25)")
    options = parser.parse_args(argv)
    if BOARDS:
        os.environ.setdefault("ASLGUI_VASL_BOARDS", str(BOARDS))
    print(table([*in_process(options.pairs), *shading(options.origins), *whole(options.runs)]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
