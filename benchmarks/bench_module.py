"""Speed of reading a VASL module (DESIGN.md 11): indexing a synthetic module of 5,000 PieceSlots
and 1,500 SVG counters cold (target <= 3 s) and reading it back from the per-user cache in a
process that has not read it yet (target <= 50 ms).

Run ``.venv/bin/python benchmarks/bench_module.py`` from the repo; it prints a markdown table.
The module is built in a temporary folder in the format of VASL's (a buildFile of nested
PieceSlots, generator-style SVG counters); no real module is needed.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
import zipfile
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

SLOTS, COUNTERS = 5000, 1500
COLD_TARGET_S, WARM_TARGET_S = 3.0, 0.050


def _slot(i: int) -> str:
    """A PieceSlot like VASL's: prototypes, an info text, two Layers and the basic piece."""
    image = f"ge/veh/v{i % COUNTERS}"
    traits = ["prototype;DBUnit", f"info;CS {i % 7},sD7,A4^2^", "prototype;geCTnt",
              "emb2;;0;;Flip;2;F;;0;;;;0;false;0;0;MS/Motion,MS/MotionR;,Reverse +;true;;;;false;;1;1;true;;70,130;",
              "emb2;;0;;Flip;2;F;;0;;;;0;false;0;0;MS/BU,MS/CE;BU,CE;true;;;;false;;1;1;true;;70,130;",
              f"piece;K;D;{image};Vehicle {i}"]
    states = ["", "", "", "-1", "-1", f"null;0;0;{i}"]

    def nest(levels: list[str]) -> str:
        text = levels[-1]
        for level in reversed(levels[:-1]):
            text = level + "\t" + text.replace("\t", "\\\t")
        return text

    text = "+/null/" + nest(traits).replace("/", "\\/") + "/" + nest(states).replace("/", "\\/")
    return f'<VASSAL.build.widget.PieceSlot entryName="Vehicle {i}" gpid="{i}" height="60" width="60">{text}' \
           "</VASSAL.build.widget.PieceSlot>"


def _build_file() -> bytes:
    nations = [[_slot(i) for i in range(n, SLOTS, 10)] for n in range(10)]
    body = "".join(
        f'<VASSAL.build.widget.ListWidget entryName="Nation {n}"><VASSAL.build.widget.PanelWidget entryName="Veh">'
        + "".join(slots) + "</VASSAL.build.widget.PanelWidget></VASSAL.build.widget.ListWidget>"
        for n, slots in enumerate(nations)
    )
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<VASSAL.launch.BasicModule name="VASL" version="6.6.0" '
            'VassalVersion="3.6.7"><VASSAL.build.module.PieceWindow name="VASL Counters">'
            f"<VASSAL.build.widget.TabWidget>{body}</VASSAL.build.widget.TabWidget>"
            "</VASSAL.build.module.PieceWindow></VASSAL.launch.BasicModule>").encode()


def _group(label: str, text: str, extra: str = "") -> str:
    return (f"\t<!-- {label} -->\n\t<svg x=\"0\" y=\"0\" width=\"18\" height=\"12\" style=\"overflow:visible\">\n"
            f'\t\t<text x="66%" y="79%" text-anchor="middle"><tspan style="font-size:9.50px;font-weight:bold;'
            f'fill:black;fill-opacity:1">{text}</tspan></text>{extra}\n\t</svg>\n')


def _counter(i: int) -> bytes:
    """A vehicle counter in the layout of VASL's generator, its values varied by ``i``."""
    box = '<rect style="fill:none;stroke:black"/>'
    star = '<tspan style="font-size:6px" baseline-shift="super">&#x273D;</tspan>' if i % 3 == 0 else ""
    return ('<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<svg width="60" height="60" version="1.1" '
            'xmlns="http://www.w3.org/2000/svg">\n'
            f"\t<!--\n\t\tNote #:\t\t{i % 90}\n\t\tName:\t\tVehicle {i} <i>MT</i>\n\t\tVersion:\t1.0\n\t-->\n"
            '\t<g id="background"><rect width="100%" height="100%" style="fill:#91cdf5"/></g>\n'
            + ("\t<!-- Fast Turret -->\n\t<svg><circle r=\"25\" style=\"fill:none;stroke:white\"/></svg>\n"
               if i % 2 else "")
            + '\t<!-- Unit depiction -->\n\t<image x="0" y="0" width="60" height="60" href="svg/x.png"/>\n'
            + _group("MA, text position adjusts to account for any overlined/underlined text.", f"{40 + i % 60}{star}")
            + _group("ROF", str(1 + i % 3), box)
            + _group("Front Armor", str(i % 18))
            + _group("Side/Rear Armor", str(i % 8), f"{box} <!-- Superior Turret Armor -->")
            + _group("Machine guns", f"{i % 4}/{2 + i % 5}")
            + _group("Movement", str(10 + i % 20))
            + "</svg>\n").encode()


def make_module(folder: str) -> str:
    path = os.path.join(folder, "synthetic.vmod")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("buildFile.xml", _build_file())
        for i in range(COUNTERS):
            archive.writestr(f"images/ge/veh/v{i}.svg", _counter(i))
    return path


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="timed reads of each kind")
    options = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="aslgui-bench-module-") as folder:
        os.environ["ASLGUI_CACHE_DIR"] = os.path.join(folder, "cache")
        from aslgui.vasl import cache
        from aslgui.vasl.module import PRODUCT, forget_modules, read_module

        path = make_module(folder)
        cold, warm = [], []
        for _ in range(options.runs):
            forget_modules()
            digest = cache.file_digest(path)
            cache.discard(digest, PRODUCT)
            start = time.perf_counter()
            module = read_module(path)
            cold.append(time.perf_counter() - start)
            assert len(module.slots) == SLOTS and len(module.counters) == COUNTERS, "incomplete index"
        for _ in range(options.runs):
            forget_modules()
            start = time.perf_counter()
            read_module(path)
            warm.append(time.perf_counter() - start)
    cold_s, warm_s = statistics.median(cold), statistics.median(warm)
    print(f"Synthetic module: {SLOTS} PieceSlots, {COUNTERS} SVG counters; median of {options.runs} runs")
    print()
    print("| Figure | Measured | Target | Met |")
    print("|---|---:|---|---|")
    print(f"| Cold index (parse zip, buildFile, SVGs; write cache) | {cold_s:.2f} s | <= {COLD_TARGET_S:.0f} s | "
          f"{'yes' if cold_s <= COLD_TARGET_S else 'NO'} |")
    print(f"| Warm read (cache, process memo cleared) | {warm_s * 1000:.1f} ms | <= {WARM_TARGET_S * 1000:.0f} ms | "
          f"{'yes' if warm_s <= WARM_TARGET_S else 'NO'} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
