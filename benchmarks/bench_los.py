"""Speed of LOS (issue 14): one ``los`` in process, the visibility shading of 4 boards from one hex,
and ``aslgui resolve`` of a ``los`` question as a whole process against a ``ca_hexes`` one.

Run ``.venv/bin/python benchmarks/bench_los.py``; it prints a markdown table.  With the real
boards beside the repository (``../shared/vasl/boards``) the in-process figures use them (board 4
and boards 2-5), their LOS geometry already cached; without them, the demo's plain board.
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

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_core import DEMO, Row, _check, _ms, aslgui_command, environments, table, whole_process

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
    four = _map(["2", "3", "4", "5"])
    four_map = los_map(four)  # type: ignore[arg-type]
    grid = four.grid  # type: ignore[attr-defined]
    origin = grid.parse("2Q5")
    shades = []
    for _ in range(7):
        start = time.perf_counter()
        for h in grid:
            trace(four_map, origin, h)
        shades.append(time.perf_counter() - start)
    return [
        (f"one `los`, in process, median of {pairs:,} random pairs ({where})", _ms(single), "<= 0.2 ms",
         _check(single, 0.0002)),
        (f"shading every hex of 4 boards ({len(grid)} hexes) from one hex: first / median of next 6",
         f"{_ms(shades[0])} / {_ms(statistics.median(shades[1:]))}", "<= 50 ms",
         _check(statistics.median(shades[1:]), 0.05)),
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
    options = parser.parse_args(argv)
    if BOARDS:
        os.environ.setdefault("ASLGUI_VASL_BOARDS", str(BOARDS))
    print(table([*in_process(options.pairs), *whole(options.runs)]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
