"""Speed of moving in the MPh (issue 34, DESIGN.md 13): a ``move`` answer with its threats, in
process, and a drag's path and MP tally redrawn in the window, on 3 boards holding 110 units.

Run ``.venv/bin/python benchmarks/bench_move.py``; it prints a markdown table.  With the real
boards beside the repository (``../shared/vasl/boards``) the boards are VASL's, else (or with
``--plain``) plain.  A Russian T-34 moves 6 hexes (a VCA turn among them) in view of 10 German
Guns and 5 German tanks, whose ``fire`` at each step is counted for ``threats``; the first answer
from each of ``--origins`` start hexes walks its LOS threads for the first time, "again" asks it
once more.  In the window (1200x800, offscreen, Rehearse mode), the T-34 is dragged along the
same paths: each hex the pointer enters extends the path, asks the rules for its tally and redraws
the line and labels (``RehearsalController.drag_entered``, then the view repainted), timed per hex.
Figures are medians with their range, wall-clock; CPU time medians too.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_core import Row, _ms, spread, table, timed

BOARDS = next((p / "shared" / "vasl" / "boards" for p in Path(__file__).resolve().parents
               if (p / "shared" / "vasl" / "boards").is_dir()), None)
THREE = ["2", "3", "4"]
#: 110 units: the mover, 10 German Guns with crews, 5 German tanks, and Infantry to 110.
GUNS, TANKS, UNITS = 10, 5, 110
#: The mover's path from its hex, by hexside (N, NE, SE, S, SW, NW: 0..5): a turn to the SE on the way.
WALK = (0, 0, 1, 2, 2, 1)


def situation(seed: int = 34) -> dict[str, Any]:
    """3 boards side by side; a Russian T-34 (``t34``) in the MPh among 109 other units: German
    Guns with crews and tanks (the threats), and Infantry of both sides."""
    from aslgui.geometry import BoardPlacement, MapGrid

    grid = MapGrid([BoardPlacement(b, i, 0) for i, b in enumerate(THREE)])
    rng = random.Random(seed)
    spines = ["N/NE", "NE/SE", "SE/S", "S/SW", "SW/NW", "NW/N"]
    hexes = [grid.name(h) for h in rng.sample(list(grid.all_hexes), UNITS)]
    units: list[dict[str, Any]] = [
        {"id": "t34", "side": "russian", "nationality": "russian", "kind": "vehicle", "name": "T-34 M41",
         "hex": "3E5", "vca": "N/NE", "tca": "N/NE", "turret": "T"}]
    for i in range(GUNS):
        units += [{"id": f"g{i}", "side": "german", "nationality": "german", "kind": "gun", "name": "75L AT",
                   "hex": hexes[i], "ca": rng.choice(spines), "crew": f"c{i}"},
                  {"id": f"c{i}", "side": "german", "nationality": "german", "kind": "crew", "name": "2-2-8",
                   "hex": hexes[i]}]
    for i in range(TANKS):
        spine = rng.choice(spines)
        units.append({"id": f"v{i}", "side": "german", "nationality": "german", "kind": "vehicle",
                      "name": "PzKpfw IVH", "hex": hexes[GUNS + i], "vca": spine, "tca": spine, "turret": "T"})
    for i in range(UNITS - len(units)):
        side = "german" if i % 2 else "russian"
        units.append({"id": f"s{i}", "side": side, "nationality": side, "kind": "squad",
                      "name": "4-6-7" if side == "german" else "4-4-7", "hex": hexes[GUNS + TANKS + i]})
    return {"format": "aslgui-scenario", "version": 1, "phase": "MPh", "turn": 1, "player": "russian",
            "boards": [{"id": b, "col": i, "row": 0} for i, b in enumerate(THREE)], "units": units}


def path_from(scenario: Any, start: Any) -> list[str] | None:
    """The WALK from ``start``, its hex names; None where it leaves the map or meets a unit."""
    from aslgui.geometry import neighbours

    taken = {u.hex for u in scenario.units.values()}
    here, names = start, []
    for side in WALK:
        here = neighbours(here)[side]
        if here not in scenario.grid or here in taken:
            return None
        names.append(scenario.grid.name(here))
    return names


def in_process(origins: int) -> list[Row]:
    from aslgui.geometry.thread import forget_walks
    from aslgui.model import scenario_from_json
    from aslgui.rules import resolve

    scenario = scenario_from_json(situation())
    tank = scenario.units["t34"]
    rng = random.Random(5)
    first, again, threats = [], [], []
    starts = []
    for h in rng.sample(list(scenario.grid.all_hexes), len(scenario.grid.all_hexes)):
        path = path_from(scenario, h)
        scenario.units["t34"] = tank._replace(hex=h)
        if path and resolve(scenario, {"kind": "move", "unit": "t34", "path": path}).legal:
            starts.append((h, path))  # on a VASL board, a path through terrain the data lacks is refused
        if len(starts) == origins:
            break
    for h, path in starts:
        scenario.units["t34"] = tank._replace(hex=h)
        action = {"kind": "move", "unit": "t34", "path": path}
        forget_walks()
        first.append(timed(lambda action=action: resolve(scenario, action)))
        again.append(timed(lambda action=action: resolve(scenario, action)))
        threats.append(len(resolve(scenario, action).values["threats"]))
    label = (f"`move` of a T-34, 6 hexes and a VCA turn, with its threats ({GUNS} Guns, {TANKS} tanks), "
             f"{UNITS} units on 3 boards, in process, first time from each of {len(starts)} hexes "
             f"(threats found: median {statistics.median(threats):g})")
    return [spread(label, first, 0.020), spread("... again from each hex (its threads walked)", again, 0.020)]


def _window(origins: int) -> list[Row]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from aslgui.model import scenario_from_json
    from aslgui.ui.window.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    per_hex: list[tuple[float, float]] = []
    with tempfile.TemporaryDirectory() as folder:
        window = MainWindow(scenario_from_json(situation()), None,
                            QSettings(os.path.join(folder, "s.ini"), QSettings.Format.IniFormat))
        window.resize(1200, 800)
        window.show()
        window.view.set_zoom(0.5)
        window.set_mode("rehearse")
        app.processEvents()
        rehearsal, scenario = window.rehearsal, window.scenario
        grid, viewport = scenario.grid, window.view.viewport()
        starts = [h for h in random.Random(5).sample(list(grid.all_hexes), len(grid.all_hexes))
                  if path_from(scenario, h)][:origins]
        for h in starts:
            window.move_unit("t34", h)
            window.view.centerOn(*grid.center(h))
            app.processEvents()
            for name in path_from(scenario, h) or ():
                def enter(name: str = name) -> None:
                    rehearsal.drag_entered("t34", grid.parse(name))
                    viewport.repaint()

                per_hex.append(timed(enter))
            rehearsal.drag_entered("t34", None)
        window.undo_stack.setClean()
        window.close()
    return [
        spread(f"Dragging the T-34 in the window, {UNITS} units on 3 boards: the path and MP tally redrawn per "
                f"hex entered ({len(per_hex)} hexes of {len(starts)} drags)", per_hex, 0.016),
        ("... its slowest hex", _ms(max(w for w, _ in per_hex)), "", ""),
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--origins", type=int, default=15, help="start hexes the move is timed from (default 15)")
    parser.add_argument("--plain", action="store_true", help="plain boards even with VASL's beside")
    options = parser.parse_args(argv)
    real = BOARDS is not None and not options.plain
    os.environ["ASLGUI_VASL_BOARDS"] = str(BOARDS) if real else os.devnull
    print(f"Boards: {'VASL ' if real else 'plain '}{', '.join(THREE)}\n")
    print(table([*in_process(options.origins), *_window(options.origins)]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
