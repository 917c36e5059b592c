"""Speed of odds maps (issue 29): one unit's map over 4 boards, in process and in the window, and
the threat of 10 enemy Guns in the window, counted a slice of hexes (every Gun) per timer step.

Run ``.venv/bin/python benchmarks/bench_odds_map.py``; it prints a markdown table.  With the real
boards beside the repository (``../shared/vasl/boards``) boards 2-5 are VASL's, else (or with
``--plain``) plain, where every hex is in LOS and so counted.  A
unit's map is timed with a Gun in each of ``--origins`` hexes spread over the map, the first time
from each (its LOS threads not walked yet); "a `fire` per hex" is what the map would cost asking
``resolve`` once per hex with the target placed there (what tests/rules/test_odds_map.py compares
it with).  "In the window" is "Show where it hits" switched on (``OddsTools.refresh``, the layer
painted once in a 1200x800 offscreen window).  The threat is timed from switching it on until the
last Gun is drawn, with the longest single timer step (what the window waits at most between events).
The threat of ``--big`` Guns on 16 boards (issue 40: within 3 s) is asked in process as one
``odds_map``, its threads not walked yet.
Figures are medians with their range, wall-clock; CPU time medians too (the machine is shared).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_core import Row, _ms, spread, table, timed

BOARDS = next((p / "shared" / "vasl" / "boards" for p in Path(__file__).resolve().parents
               if (p / "shared" / "vasl" / "boards").is_dir()), None)
FOUR = ["2", "3", "4", "5"]
#: A German Gun's map in the DFPh of a Russian Player Turn, when it may fire (A3).
MAP = {"kind": "odds_map", "unit": "g0", "target_type": "vehicle", "phase": "DFPh"}


def situation(guns: int, seed: int = 29, boards: Sequence[str] = FOUR, columns: int = 2) -> dict[str, Any]:
    """``boards`` laid ``columns`` wide; a Russian T-34 and squad, and ``guns`` German 75L AT Guns
    (PaK 40) with crews."""
    from aslgui.geometry import BoardPlacement, MapGrid

    grid = MapGrid([BoardPlacement(b, i % columns, i // columns) for i, b in enumerate(boards)])
    rng = random.Random(seed)
    units: list[dict[str, Any]] = [
        {"id": "t34", "side": "russian", "nationality": "russian", "kind": "vehicle", "name": "T-34 M41",
         "hex": "4E5", "vca": "N/NE", "tca": "N/NE", "turret": "T"},
        {"id": "s1", "side": "russian", "nationality": "russian", "kind": "squad", "name": "4-4-7", "hex": "4F5"},
    ]
    for i, h in enumerate(rng.sample(list(grid.all_hexes), guns)):
        spine = rng.choice(["N/NE", "NE/SE", "SE/S", "S/SW", "SW/NW", "NW/N"])
        units += [{"id": f"g{i}", "side": "german", "nationality": "german", "kind": "gun", "name": "75L AT",
                   "hex": grid.name(h), "ca": spine, "crew": f"c{i}"},
                  {"id": f"c{i}", "side": "german", "nationality": "german", "kind": "crew", "name": "2-2-8",
                   "hex": grid.name(h)}]
    return {"format": "aslgui-scenario", "version": 1, "phase": "PFPh", "turn": 1, "player": "russian",
            "boards": [{"id": b, "col": i % columns, "row": i // columns} for i, b in enumerate(boards)],
            "units": units}


def in_process(origins: int) -> list[Row]:
    from aslgui.geometry.thread import forget_walks
    from aslgui.model import scenario_from_json
    from aslgui.rules import resolve
    from aslgui.rules.odds_hex import fire_at
    from aslgui.rules.odds_target import enemy_side, target_unit

    scenario = scenario_from_json(situation(1))
    gun, crew = scenario.units["g0"], scenario.units["c0"]
    sources = random.Random(5).sample(list(scenario.grid.all_hexes), origins)
    first, again, per_hex = [], [], []
    for h in sources:
        scenario.units["g0"], scenario.units["c0"] = gun._replace(hex=h), crew._replace(hex=h)  # manned (C3)
        forget_walks()
        first.append(timed(lambda: resolve(scenario, MAP)))
        again.append(timed(lambda: resolve(scenario, MAP)))
    target = target_unit(scenario, enemy_side(scenario, "german"), "vehicle", {})  # as the map places it
    firer = scenario.units["g0"]
    for _ in range(3):
        per_hex.append(timed(lambda: [fire_at(scenario, firer, target, "vehicle", "DFPh", h)
                                       for h in scenario.grid.all_hexes]))
    assert resolve(scenario, MAP).values["hexes"], "the Gun fires at no hex: the figures would time nothing"
    every = f"{len(scenario.grid)} hexes of 4 boards"
    return [
        spread(f"`odds_map` of one Gun, {every}, in process, first time from each of {origins} hexes",
                first, None),
        spread("... again from each hex (its threads walked)", again, None),
        spread("... the same asked as a `fire` per hex (median of 3)", per_hex, None),
    ]


def big_threat(guns: int, runs: int) -> list[Row]:
    """The threat of ``guns`` Guns on 16 boards 4 by 4 (1-16: VASL's where the library has them,
    plain beyond), asked in process as one ``odds_map`` (issue 40's big scenario)."""
    from aslgui.geometry.thread import forget_walks
    from aslgui.model import scenario_from_json
    from aslgui.rules import resolve

    scenario = scenario_from_json(situation(guns, 37, [str(b) for b in range(1, 17)], 4))
    question = {"kind": "odds_map", "threat_to_side": "russian", "target_type": "vehicle", "phase": "DFPh"}
    times = []
    for _ in range(runs):
        forget_walks()
        times.append(timed(lambda: resolve(scenario, question)))
    return [spread(f"`odds_map` threat of {guns} Guns on 16 boards ({len(scenario.grid)} hexes), in process "
                    f"(median of {runs})", times, 3.0)]


def _window(origins: int, guns: int) -> list[Row]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from aslgui.geometry.thread import forget_walks
    from aslgui.model import scenario_from_json
    from aslgui.ui.window.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory() as folder:
        window = MainWindow(scenario_from_json(situation(guns)), None,
                            QSettings(os.path.join(folder, "s.ini"), QSettings.Format.IniFormat))
        window.resize(1200, 800)
        window.show()
        window.view.set_zoom(0.5)
        app.processEvents()
        tools = window.odds_tools
        window.scene.select_unit("g0")
        sources = random.Random(5).sample(list(window.scenario.grid.all_hexes), origins)
        hits = []

        def switch_on() -> None:
            tools.hits_action.trigger()
            window.view.viewport().repaint()

        for h in sources:
            window.move_unit("g0", h)
            window.move_unit("c0", h)  # its crew with it: a Gun fires manned (C3)
            forget_walks()
            hits.append(timed(switch_on))
            tools.hits_action.trigger()
        threat, steps = [], []
        window.scene.select_unit("s1")
        step = tools._next_step

        def timed_step() -> None:
            steps.append(timed(step)[0])

        tools._timer.timeout.disconnect(step)
        tools._timer.timeout.connect(timed_step)
        for _ in range(5):
            forget_walks()

            def until_drawn() -> None:
                tools.threat_action.trigger()
                while tools._pending:
                    app.processEvents()
                window.view.viewport().repaint()

            threat.append(timed(until_drawn))
            tools.threat_action.trigger()
        window.undo_stack.setClean()
        window.close()
    return [
        spread(f"'Show where it hits' switched on in the window, a Gun in each of {origins} hexes of 4 boards "
                "(counting and drawing)", hits, 0.2),
        spread(f"'Show the enemy's threat' of {guns} Guns in the window, switched on to the last drawn (5 runs)",
                threat, 1.0),
        ("... its longest step (a slice of hexes counted and drawn: the window waits at most this long)",
         _ms(max(steps)), "", ""),
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--origins", type=int, default=15, help="hexes a unit's map is timed from (default 15)")
    parser.add_argument("--guns", type=int, default=10, help="enemy Guns of the threat (default 10)")
    parser.add_argument("--big", type=int, default=60, help="Guns of the threat on 16 boards (default 60; 0: none)")
    parser.add_argument("--big-runs", type=int, default=1, help="times the 16-board threat is asked (default 1)")
    parser.add_argument("--plain", action="store_true",
                        help="plain boards even with VASL's beside (every hex in LOS: the most hexes to count)")
    options = parser.parse_args(argv)
    real = BOARDS is not None and not options.plain
    os.environ["ASLGUI_VASL_BOARDS"] = str(BOARDS) if real else os.devnull
    print(f"Boards: {'VASL ' if real else 'plain '}{', '.join(FOUR)}\n")
    big = big_threat(options.big, options.big_runs) if options.big else []
    print(table([*in_process(options.origins), *big, *_window(options.origins, options.guns)]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
