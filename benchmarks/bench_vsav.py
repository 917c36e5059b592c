"""Speed of the VASL save import: ``aslgui import-vsav`` on the 600-piece Stalingrad set-up (117
units) as a whole process, without a VASL module and with one of 5,000 PieceSlots and 1,500 SVG
counters already indexed (``bench_module``'s synthetic module; target <= 0.5 s each, issue 23),
and the reading and mapping in process.

Run ``.venv/bin/python benchmarks/bench_vsav.py`` from the repo; it prints a markdown table.
The save is read in place from ``../shared/vasl/vsav`` (never copied); without it the table
says so.  Whole-process runs use a warm bytecode cache, as after ``pip install``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bench_module import make_module
from tests.vsav_saves import REAL_SAVES

SAVE = REAL_SAVES / "The Streets Of Stalingrad (Scenario C).vsav"
TARGET_S = 0.5
HEAVY = ("PySide6", "shapely", "numpy")


def aslgui_command() -> list[str]:
    script = Path(sys.executable).parent / "aslgui"
    return [str(script)] if script.exists() else [sys.executable, "-m", "aslgui"]


def whole_process(runs: int, out: str, env: dict[str, str]) -> list[float]:
    command = [*aslgui_command(), "import-vsav", str(SAVE), "-o", out]
    times = []
    for i in range(runs + 2):
        start = time.perf_counter()
        done = subprocess.run(command, capture_output=True, env=env, check=False)
        elapsed = time.perf_counter() - start
        if done.returncode != 0:
            raise SystemExit(f"import-vsav failed: {done.stderr.decode()}")
        if i >= 2:  # the first two fill the bytecode and page caches
            times.append(elapsed)
    return times


def in_process(runs: int) -> tuple[list[float], list[float]]:
    from aslgui.model.vsav_import import import_game
    from aslgui.vasl.vsav import read_vsav

    reads, imports = [], []
    for _ in range(runs):
        start = time.perf_counter()
        game = read_vsav(SAVE)
        middle = time.perf_counter()
        import_game(game)
        reads.append(middle - start)
        imports.append(time.perf_counter() - middle)
    return reads, imports


def heavy_modules(out: str) -> list[str]:
    probe = (
        "import sys; from aslgui.cli import main; main(['import-vsav', sys.argv[1], '-o', sys.argv[2]]); "
        f"print('heavy:' + ','.join(m for m in {HEAVY!r} if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", probe, str(SAVE), out], capture_output=True, text=True, check=True)
    line = next(x for x in done.stdout.splitlines() if x.startswith("heavy:"))
    return [m for m in line.removeprefix("heavy:").split(",") if m]


def spread(values: Sequence[float], scale: float = 1000.0, unit: str = "ms") -> str:
    return (
        f"{statistics.median(values) * scale:.0f} {unit} (min {min(values) * scale:.0f}, max {max(values) * scale:.0f})"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=21)
    options = parser.parse_args(argv)
    print("| Figure | Measured | Target | Met |")
    print("|---|---:|---|---|")
    if not SAVE.is_file():
        print(f"| `aslgui import-vsav` Stalingrad set-up, whole process | n/a: no {SAVE} | <= {TARGET_S} s | |")
        return 0
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "stalingrad.json")
        env = {**os.environ, "PYTHONPYCACHEPREFIX": os.path.join(folder, "pycache"),
               "ASLGUI_CACHE_DIR": os.path.join(folder, "cache"), "ASLGUI_CONFIG_DIR": os.path.join(folder, "config")}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env.pop("ASLGUI_VASL_MODULE", None)
        times = whole_process(options.runs, out, env)
        heavy = heavy_modules(out)
        env["ASLGUI_VASL_MODULE"] = make_module(folder)
        with_module = whole_process(options.runs, out, env)  # its first two runs index and cache the module
    reads, imports = in_process(options.runs)
    met = "yes" if statistics.median(times) <= TARGET_S else "**no**"
    print(
        f"| `aslgui import-vsav` Stalingrad set-up (599 pieces), whole process, median of {len(times)} "
        f"| {spread(times)} | <= {TARGET_S * 1000:.0f} ms | {met} |"
    )
    met = "yes" if statistics.median(with_module) <= TARGET_S else "**no**"
    print(
        f"| ... with a VASL module of 5,000 PieceSlots and 1,500 SVG counters (indexed, cached) "
        f"| {spread(with_module)} | <= {TARGET_S * 1000:.0f} ms | {met} |"
    )
    print(f"| ... reading the save (unzip, de-obfuscate, decode), in process | {spread(reads)} | | |")
    print(f"| ... mapping pieces to units and hexes, in process | {spread(imports)} | | |")
    print(
        f"| Qt / shapely / numpy modules loaded by `aslgui import-vsav` | {', '.join(heavy) or 'none'} | none | "
        f"{'yes' if not heavy else '**no**'} |"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
