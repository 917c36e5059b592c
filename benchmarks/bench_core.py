"""Speed of the rules core: ``aslgui resolve`` as a whole process, and in-process figures.

Run ``.venv/bin/python benchmarks/bench_core.py`` from the repo; it prints a markdown table.
The whole-process figure is a ratio to a minimal stdlib CLI start measured in the same run,
interleaved, so it compares like with like on whatever machine runs it.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import timeit
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))  # run as a script: the reference workloads, as the tests import them
from benchmarks.reference import BASELINE  # noqa: E402

DEMO = REPO / "resources" / "scenarios" / "demo.json"
#: The fire question (DESIGN.md 4): the demo's 57LL AT Gun at the PzKpfw IIIG.
FIRE = {"kind": "fire", "firer": "g1", "target": "t1", "target_type": "vehicle"}
#: A legal shot, so that its answer counts the odds over all 216 rolls (DESIGN.md 10).
ODDS_EXAMPLE = REPO / "resources" / "examples" / "c3_32_infantry_target.json"
ODDS_SHOT = {"kind": "fire", "firer": "g1", "target": "s1", "target_type": "infantry"}
#: Asked instead while ``fire`` is not registered yet.
CA_HEXES = {"kind": "ca_hexes", "unit": "g1", "range": 5}
HEAVY = ("PySide6", "shapely", "numpy")
Row = tuple[str, str, str, str]


def question() -> dict[str, Any]:
    """The fire question when the rules core answers it, else the CA question."""
    from aslgui.model import load_scenario
    from aslgui.rules import RESOLVERS, resolve

    if "fire" in RESOLVERS:
        resolve(load_scenario(DEMO), FIRE)  # must be a well-formed question, not an error
        return FIRE
    return CA_HEXES


def aslgui_command() -> list[str]:
    """The installed ``aslgui`` script beside this interpreter (the venv's), else ``-m aslgui``."""
    script = Path(sys.executable).parent / "aslgui"
    return [str(script)] if script.exists() else [sys.executable, "-m", "aslgui"]


def _run_once(command: Sequence[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, env=env, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({done.returncode}): {done.stderr.decode()}")
    return elapsed


def environments(cache: str) -> tuple[dict[str, str], dict[str, str]]:
    """(warm, cold) environments.  Warm: bytecode cached, as after ``pip install`` (which compiles
    it); the cache goes under ``cache``, outside the source tree.  Cold: every module of aslgui
    and the standard library compiled from source at each start, as when PYTHONDONTWRITEBYTECODE=1
    and no cache exists: its cache folder is never written, so a ``__pycache__`` in the source
    tree (the tests' processes write one) is not read either."""
    base = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX")}
    return ({**base, "PYTHONPYCACHEPREFIX": cache},
            {**base, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPYCACHEPREFIX": cache + "-never-written"})


def whole_process(commands: dict[str, tuple[list[str], dict[str, str]]], runs: int) -> dict[str, list[float]]:
    """Wall times of each (command, environment), interleaved run by run so drift hits all alike."""
    times: dict[str, list[float]] = {name: [] for name in commands}
    for command, env in commands.values():
        for _ in range(2):
            _run_once(command, env)  # fill the bytecode cache and the page cache
    for _ in range(runs):
        for name, (command, env) in commands.items():
            times[name].append(_run_once(command, env))
    return times


def heavy_modules(action_file: str) -> list[str]:
    """Qt/shapely/numpy modules a resolve in a fresh interpreter loads (should be none)."""
    probe = (
        "import contextlib, io, sys\n"
        "from aslgui.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    main(['resolve', {str(DEMO)!r}, {action_file!r}])\n"
        f"print(' '.join(sorted(m for m in sys.modules if m.split('.')[0] in {HEAVY!r})))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return done.stdout.split()


def per_call(function: Callable[[], object], number: int, repeat: int = 7) -> float:
    """Median seconds per call over ``repeat`` batches of ``number`` calls."""
    return statistics.median(timeit.repeat(function, number=number, repeat=repeat)) / number


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.3f} ms"


def _check(value: float, limit: float) -> str:
    return "yes" if value <= limit else "**no**"


def timed(work: Callable[[], object]) -> tuple[float, float]:
    """Wall-clock and CPU seconds of one call."""
    wall, cpu = time.perf_counter(), time.process_time()
    work()
    return time.perf_counter() - wall, time.process_time() - cpu


def spread(label: str, times: list[tuple[float, float]], limit: float | None) -> Row:
    """A row of wall-clock times: their median (range; CPU median), against ``limit`` seconds if any."""
    walls = [w for w, _ in times]
    median = statistics.median(walls)
    measured = (f"{_ms(median)} ({_ms(min(walls))}-{_ms(max(walls))}); "
                f"CPU {_ms(statistics.median(c for _, c in times))}")
    if limit is None:
        return label, measured, "", ""
    return label, measured, f"<= {limit * 1000:g} ms", _check(median, limit)


def measure(runs: int) -> list[Row]:
    """All rows of the core table: (figure, measured, target, target met)."""
    from aslgui.geometry import ca_hexes
    from aslgui.model import load_scenario
    from aslgui.rules import resolve

    action = question()
    label = f"`{action['kind']}`"
    with tempfile.TemporaryDirectory() as folder:
        action_file = os.path.join(folder, "action.json")
        Path(action_file).write_text(json.dumps(action), encoding="utf-8")
        resolve_cmd = [*aslgui_command(), "resolve", str(DEMO), action_file]
        warm, cold = environments(os.path.join(folder, "pycache"))
        times = whole_process(
            {"baseline": (BASELINE, warm), "resolve": (resolve_cmd, warm), "cold": (resolve_cmd, cold)}, runs
        )
        heavy = heavy_modules(action_file)
    base, whole, cold_whole = (statistics.median(times[k]) for k in ("baseline", "resolve", "cold"))
    ratio = whole / base

    scenario = load_scenario(DEMO)
    origin = scenario.units["g1"].hex
    ca_20 = per_call(lambda: set(ca_hexes(origin, 3, 20)), number=200)
    one = per_call(lambda: resolve(scenario, action), number=200)
    odds_scenario = load_scenario(ODDS_EXAMPLE)
    answered = per_call(lambda: resolve(odds_scenario, ODDS_SHOT).to_json(), number=200)
    loop_start = time.perf_counter()
    for _ in range(10_000):
        resolve(scenario, action)
    loop = time.perf_counter() - loop_start
    return [
        (f"`aslgui resolve` {label}, whole process, bytecode cached (median of {runs})", _ms(whole), "", ""),
        ("`python -c \"import json, argparse, dataclasses\"` (median)", _ms(base), "", ""),
        ("ratio resolve / stdlib start", f"{ratio:.2f}", "<= 1.3", _check(ratio, 1.3)),
        (
            f"`aslgui resolve` {label}, no bytecode cache, the standard library's neither (PYTHONDONTWRITEBYTECODE=1)",
            f"{_ms(cold_whole)} ({cold_whole / base:.2f}x)",
            "",
            "",
        ),
        ("Qt, shapely, numpy modules loaded by resolve", ", ".join(heavy) or "none", "none", _check(len(heavy), 0)),
        ("CA set, range 20 (`set(ca_hexes(...))`, 210 hexes)", _ms(ca_20), "<= 0.2 ms", _check(ca_20, 0.0002)),
        (f"resolve one {label} action, in process", _ms(one), "<= 1 ms", _check(one, 0.001)),
        ("a legal shot's JSON answer, odds over 216 rolls counted (C3.32 EX)", _ms(answered), "<= 1 ms",
         _check(answered, 0.001)),
        (f"10,000 {label} resolves in a loop", f"{loop:.3f} s", "", ""),
    ]


def table(rows: Sequence[Row]) -> str:
    """A markdown table of rows (figure, measured, target, met)."""
    lines = ["| Figure | Measured | Target | Met |", "|---|---:|---|---|"]
    lines += [f"| {' | '.join(row)} |" for row in rows]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=41, help="whole-process runs of each command (default 41)")
    options = parser.parse_args(argv)
    print(table(measure(options.runs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
