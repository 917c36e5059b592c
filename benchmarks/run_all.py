"""Run every benchmark script present and print one markdown table, with the machine it ran on.

``.venv/bin/python benchmarks/run_all.py`` runs bench_core.py, bench_boards.py, bench_gui.py,
bench_popup.py, bench_vsav.py, bench_los.py and bench_growth.py (those that exist) one after the
other, each in its own process so none pays for another's imports, and merges the markdown tables they print.
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
from collections.abc import Sequence
from importlib import metadata
from pathlib import Path

HERE = Path(__file__).resolve().parent
SCRIPTS = (
    "bench_core.py", "bench_boards.py", "bench_gui.py", "bench_popup.py", "bench_vsav.py", "bench_los.py",
    "bench_growth.py", "bench_module.py",
)
#: Scripts that take ``--runs`` (fresh processes per figure).
WITH_RUNS = ("bench_core.py", "bench_boards.py")
COLUMNS = ("Figure", "Measured", "Target", "Met")


def machine() -> str:
    """One line naming what the figures were measured on."""
    try:
        pyside = metadata.version("PySide6-Essentials")
    except metadata.PackageNotFoundError:
        pyside = "not installed"
    cpu = platform.processor() or platform.machine()
    return (
        f"Machine: {os.cpu_count()} CPUs ({cpu}), {platform.system()} {platform.release()}, "
        f"Python {platform.python_version()}, PySide6 {pyside}"
    )


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def _is_rule(line: str) -> bool:
    return set(line.replace("|", "").strip()) <= set("-: ")


def tables(text: str) -> list[tuple[list[str], list[list[str]]]]:
    """The markdown tables in a script's output: (header, rows) each."""
    lines = [line for line in text.splitlines() if line.lstrip().startswith("|")]
    found: list[tuple[list[str], list[list[str]]]] = []
    i = 0
    while i < len(lines):
        if i + 1 < len(lines) and _is_rule(lines[i + 1]):
            found.append((_cells(lines[i]), []))
            i += 2
        elif found:
            found[-1][1].append(_cells(lines[i]))
            i += 1
        else:
            i += 1
    return found


def as_columns(header: list[str], row: list[str]) -> list[str]:
    """A row of any table as (Figure, Measured, Target, Met), matching columns by their names;
    columns without a match are added to the figure's text as ``name: value``."""
    named = {h.lower(): cell for h, cell in zip(header, row, strict=False)}
    out = [named.pop(c.lower(), "") for c in COLUMNS]
    if not out[1]:  # no "Measured" column: take the first one that looks like a time
        key = next((h for h in list(named)[1:] if any(w in h for w in ("ms", "time", "median", "latency"))), None)
        out[1] = named.pop(key, "") if key else ""
        if key and key.endswith(" ms") and out[1].replace(".", "", 1).isdigit():
            out[1] += " ms"  # the unit was in the column's name
    if not out[0]:
        first = header[0].lower() if header else ""
        out[0] = named.pop(first, "")
    extra = ", ".join(f"{h}: {v}" for h, v in named.items() if v)
    out[0] = f"{out[0]} ({extra})" if extra else out[0]
    return out


def run(script: Path, args: Sequence[str]) -> list[list[str]]:
    """Rows of one benchmark script, or a row saying it failed."""
    env = {**os.environ, "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen")}
    done = subprocess.run([sys.executable, str(script), *args], capture_output=True, text=True, env=env, check=False)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return [[script.name, f"failed (exit {done.returncode}): {last}", "", "", ""]]
    rows = [[script.stem, *as_columns(header, row)] for header, body in tables(done.stdout) for row in body]
    return rows or [[script.name, "printed no table", "", "", ""]]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=None, help="whole-process runs for bench_core.py, bench_boards.py")
    options = parser.parse_args(argv)
    print(machine())
    print()
    print("| Benchmark | Figure | Measured | Target | Met |")
    print("|---|---|---:|---|---|")
    for name in SCRIPTS:
        script = HERE / name
        if not script.exists():
            continue
        args = ["--runs", str(options.runs)] if name in WITH_RUNS and options.runs else []
        for row in run(script, args):
            print(f"| {' | '.join(row)} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
