"""How costs grow with the input (issue 16 item 8): naming every hex of a map as its boards
grow, ``ca_hexes`` at range 500 as the map grows, and the targets shown when a unit is selected
in Rehearse as the units grow (a fixed 40 targets).  Each row is the best of ``--repeat`` runs;
``per`` columns divide by what grows, so a flat ``per`` is linear growth.

Run ``.venv/bin/python benchmarks/bench_growth.py`` from the repo; it prints a markdown table.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
DEMO = REPO / "resources" / "scenarios" / "demo.json"
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def best(run: Callable[[], object], repeat: int) -> float:
    """Fewest seconds of ``repeat`` runs (the least disturbed by other work on the machine)."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def square_map(side: int) -> list[dict[str, Any]]:
    return [{"id": str(1 + col + side * row), "col": col, "row": row} for row in range(side) for col in range(side)]


def naming_rows(repeat: int) -> list[tuple[str, str, str]]:
    """Name every hex of a fresh map (no name cache yet) of 1 to 900 boards."""
    from aslgui.geometry import BoardPlacement, MapGrid

    rows = []
    for side in (1, 4, 10, 30):
        boards = [BoardPlacement(b["id"], b["col"], b["row"]) for b in square_map(side)]

        def name_all(boards: list[BoardPlacement] = boards) -> int:
            grid = MapGrid(boards)
            return len([grid.name(h) for h in grid.all_hexes])

        hexes = name_all()
        seconds = best(name_all, repeat)
        rows.append((f"name every hex, {side}x{side} boards ({hexes} hexes)", f"{seconds * 1e3:.0f} ms",
                     f"{seconds / hexes * 1e6:.2f} us per hex"))
    return rows


def ca_rows(repeat: int) -> list[tuple[str, str, str]]:
    """``ca_hexes`` at range 500 from a Gun in the middle of a square map of 1 to 900 boards."""
    from aslgui.model import scenario_from_json
    from aslgui.rules import resolve

    rows = []
    for side in (1, 10, 30):
        middle = 1 + side // 2 + side * (side // 2)
        scenario = scenario_from_json({
            "format": "aslgui-scenario", "version": 1, "boards": square_map(side),
            "units": [{"id": "g1", "side": "russian", "kind": "gun", "hex": f"{middle}E5", "ca": "S/SW"}],
        })
        action = {"kind": "ca_hexes", "unit": "g1", "range": 500}
        hexes = len(resolve(scenario, action).values["hexes"])
        seconds = best(lambda: resolve(scenario, action), repeat)  # noqa: B023 - run before the loop moves on
        rows.append((f"ca_hexes range 500, {side}x{side} boards ({hexes} hexes in the CA)", f"{seconds * 1e3:.0f} ms",
                     f"{seconds / hexes * 1e6:.1f} us per CA hex"))
    return rows


def selection_scenario(extra_units: int) -> Any:
    """The demo on 16 boards with 40 enemy squads (the targets) and ``extra_units`` friendly
    squads spread over the other boards (no targets)."""
    from aslgui.model import scenario_from_json

    data = json.loads(DEMO.read_text(encoding="utf-8"))
    data["boards"] = square_map(4)
    for unit in data["units"]:
        unit["hex"] = "1" + unit["hex"][1:]
    data["units"] += [{"id": f"e{i}", "side": "german", "kind": "squad", "hex": f"2{LETTERS[i % 10]}{1 + i // 10}"}
                      for i in range(40)]
    data["units"] += [{"id": f"f{i}", "side": "russian", "kind": "squad",
                       "hex": f"{3 + i % 14}{LETTERS[i % 26]}{1 + i % 10}"} for i in range(extra_units)]
    return scenario_from_json(data)


def selection_rows(repeat: int) -> list[tuple[str, str, str]]:
    """Rehearse: the legal targets ringed when the demo's Gun is selected, as units are added."""
    from aslgui.rules.gestures import legal_targets

    rows = []
    for extra in (100, 1000, 10000):
        scenario = selection_scenario(extra)
        targets = len(legal_targets(scenario, "g1"))
        seconds = best(lambda: legal_targets(scenario, "g1"), repeat)  # noqa: B023 - run before the loop moves on
        rows.append((f"select a Gun: {targets} targets among {extra + 46} units", f"{seconds * 1e3:.0f} ms",
                     f"{seconds / targets * 1e3:.2f} ms per target"))
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs of each figure, the best kept (default 5)")
    repeat = parser.parse_args(argv).repeat
    print("| Figure | Measured | Per |")
    print("|---|---:|---:|")
    for row in [*naming_rows(repeat), *ca_rows(repeat), *selection_rows(repeat)]:
        print(f"| {' | '.join(row)} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
