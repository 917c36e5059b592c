"""Speed of the map window (issue 6 targets): repaint, select-to-wedge, start-to-first-paint.

Run ``.venv/bin/python benchmarks/bench_gui.py`` from the repo; it prints a markdown table.
Repaints are of a 1920x1080 view under ``QT_QPA_PLATFORM=offscreen`` (Qt's software raster),
with 200 counters (and their markers) and 10 CA wedges, zoomed to show the whole map.
"Warm" is a repaint with the static map cached by the view (what a redraw after a selection,
a hover or a counter move costs); "cold" throws that cache away first (what the first frame
after a zoom step costs).
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import argparse  # noqa: E402
import random  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402
from pathlib import Path  # noqa: E402

from PySide6.QtWidgets import QApplication  # noqa: E402

from aslgui.geometry import BoardPlacement, Hex, MapGrid  # noqa: E402
from aslgui.model import MainArmament, Scenario, Unit  # noqa: E402
from aslgui.ui.map_scene import MapScene  # noqa: E402
from aslgui.ui.map_view import MapView  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
TERRAIN = ("woods", "grain", "brush", "orchard", "stone building", "wooden building", "road", "marsh")
#: Board layouts: 1 board, 2x2, 4x2.
LAYOUTS = {1: 1, 4: 2, 8: 4}


def situation(boards: int, counters: int = 200, arcs: int = 10, seed: int = 6) -> Scenario:
    """A random but fixed map: a quarter of the hexes with terrain, ``counters`` units of every
    kind (a fifth of them pinned or fired, so markers show), ``arcs`` of them the Russian Guns
    and AFVs whose CAs the side toggle draws."""
    per_row = LAYOUTS[boards]
    grid = MapGrid([BoardPlacement(str(i + 1), i % per_row, i // per_row) for i in range(boards)])
    rng = random.Random(seed)
    hexes = list(grid.all_hexes)
    terrain = {h: rng.choice(TERRAIN) for h in rng.sample(hexes, len(hexes) // 4)}
    units: dict[str, Unit] = {}
    for i in range(counters):
        armed = i < arcs
        kind = ("gun", "vehicle")[i % 2] if armed else ("squad", "halfsquad", "leader", "crew", "gun", "vehicle")[i % 6]
        side = "russian" if armed or (i % 2 and kind not in ("gun", "vehicle")) else "german"
        spine = rng.randrange(6)
        unit = Unit(
            id=f"u{i}", side=side, nationality=side, kind=kind, hex=rng.choice(hexes),  # type: ignore[arg-type]
            name={"squad": "4-6-7", "halfsquad": "2-4-7", "leader": "8-1", "crew": "2-2-8 crew"}.get(kind, f"unit {i}"),
            ca=spine if kind == "gun" else None, caliber=57, barrel="LL", rof=3, manhandling=12,
            vca=spine if kind == "vehicle" else None, ma=MainArmament(caliber=75, barrel="L") if kind == "vehicle" else None,
            mp=14, pinned=i % 5 == 0, fired=i % 7 == 0,
        )
        units[unit.id] = unit
    return Scenario(grid=grid, units=units, terrain=terrain, player="russian")


def median_ms(action: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def repaint_figures(boards: int, repeat: int) -> tuple[float, float, float, float]:
    """Full repaints of the whole map in a 1920x1080 view: warm, with the background cache
    dropped, and a zoom step (every cache redrawn, Python counter paints included); and warm
    at 100% zoom."""
    scenario = situation(boards)
    scene = MapScene(scenario)
    view = MapView(scene)
    view.resize(1920, 1080)
    view.show()
    QApplication.processEvents()
    scene.show_side_arcs("russian")
    arcs = sum(1 for u in scenario.units.values() if u.side == "russian" and u.firing_arc is not None)
    assert arcs == 10, arcs
    view.fit_to_window()
    QApplication.processEvents()
    viewport = view.viewport()
    warm = median_ms(viewport.repaint, repeat)

    def cold() -> None:
        view.resetCachedContent()
        viewport.repaint()

    cold_ms = median_ms(cold, repeat)
    fit = view.zoom
    steps = iter(range(10**6))

    def zoom_step() -> None:
        view.set_zoom(fit * (1.1 if next(steps) % 2 == 0 else 1.0))
        QApplication.processEvents()  # the update the zoom asks for, painted

    zoom_ms = median_ms(zoom_step, repeat)
    view.set_zoom(1.0)
    QApplication.processEvents()
    actual = median_ms(viewport.repaint, repeat)
    view.close()
    return warm, cold_ms, zoom_ms, actual


def select_to_wedge(repeat: int) -> tuple[float, float]:
    """Selecting a Gun on 8 boards until its wedge is on screen: the selection alone (wedge
    computed afresh each time), and selection plus the repaint at 100% zoom."""
    scenario = situation(8)
    scene = MapScene(scenario)
    view = MapView(scene)
    view.resize(1920, 1080)
    view.show()
    view.set_zoom(1.0)
    guns = [u for u in scenario.units.values() if u.kind == "gun" and u.ca is not None]
    QApplication.processEvents()

    def select(paint: bool) -> Callable[[], None]:
        def run() -> None:
            scene.select_unit(None)
            scene._wedge_cache.clear()  # measure the shapely outline too, not a cache hit
            gun = guns[run.count % len(guns)]  # type: ignore[attr-defined]
            run.count += 1  # type: ignore[attr-defined]
            view.centerOn(*scenario.grid.center(gun.hex))
            QApplication.processEvents()  # the view scrolled: paint the new view first
            start = time.perf_counter()
            scene.select_unit(gun.id)
            if paint:
                QApplication.processEvents()  # the update the selection asks for, painted
            run.elapsed.append(time.perf_counter() - start)  # type: ignore[attr-defined]

        run.count = 0  # type: ignore[attr-defined]
        run.elapsed = []  # type: ignore[attr-defined]
        return run

    figures = []
    for paint in (False, True):
        action = select(paint)
        for _ in range(repeat):
            action()
        figures.append(statistics.median(action.elapsed) * 1000)  # type: ignore[attr-defined]
    view.close()
    return figures[0], figures[1]


def first_paint(repeat: int) -> float:
    """``aslgui`` as a process: start to the first painted map (it quits right after)."""
    env = dict(os.environ, ASLGUI_QUIT_AFTER_FIRST_PAINT="1", QT_QPA_PLATFORM=os.environ["QT_QPA_PLATFORM"])
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        process = subprocess.Popen([sys.executable, "-m", "aslgui"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
        assert process.stdout is not None
        line = process.stdout.readline()
        times.append(time.perf_counter() - start)
        process.wait(timeout=30)
        assert line.strip() == b"painted", line
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=31, help="runs per figure (median reported)")
    options = parser.parse_args()
    app = QApplication.instance() or QApplication([])
    assert app is not None
    rows = []
    for boards in (1, 4, 8):
        warm, cold, zoom, actual = repaint_figures(boards, options.repeat)
        target = {1: "", 4: "<= 8 ms", 8: "<= 16 ms"}[boards]
        what = f"{boards} board{'s' if boards > 1 else ''}"
        rows.append((f"Repaint, {what}, whole map, warm", f"{warm:.1f} ms", target))
        rows.append((f"Repaint, {what}, whole map, background cache dropped", f"{cold:.1f} ms", target))
        rows.append((f"Zoom step, {what}, whole map (all caches redrawn)", f"{zoom:.1f} ms", target))
        rows.append((f"Repaint, {what}, 100% zoom, warm", f"{actual:.1f} ms", target))
    alone, painted = select_to_wedge(options.repeat)
    rows.append(("Select a Gun, 8 boards: wedge built", f"{alone:.2f} ms", "<= 5 ms"))
    rows.append(("Select a Gun, 8 boards: wedge built and on screen (100%)", f"{painted:.2f} ms", "<= 5 ms"))
    rows.append(("`aslgui` start to first painted window", f"{first_paint(max(5, options.repeat // 3)):.0f} ms", "<= 1000 ms"))
    print(f"Qt platform: {os.environ['QT_QPA_PLATFORM']}, view 1920x1080, 200 counters, 10 CA wedges\n")
    print("| Measure | Median | Target |")
    print("|---|---|---|")
    for row in rows:
        print(f"| {' | '.join(row)} |")


if __name__ == "__main__":
    main()
