"""SIGKILL a process at random points while it saves: the file on disk is always a whole save.

``save_scenario`` writes a temporary file, fsyncs it and renames it over the target, so a
kill at any instant leaves either the previous file or the new one, never a mix.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from aslgui.model import load_scenario, scenario_to_json

#: At least this many kills, at least MID_WRITE of them inside the write itself (each leaves
#: its temporary file behind), at DIFFERENT_TURNS different points of the save loop; where a kill
#: lands is up to the machine (a loaded one saves less often), so it kills on, up to MAX_KILLS,
#: until all three counts are reached.
KILLS = 30
MID_WRITE = 5
DIFFERENT_TURNS = 5
MAX_KILLS = 300
#: The savers' parent: it builds a 400-extra-unit scenario (a save takes milliseconds) once, then for
#: each line on stdin forks a child that saves it over and over with the turn counting up (1..99,
#: the turns a file may hold) until it is killed, and says which signal ended the child. A fork
#: of the built scenario starts in milliseconds; a new Python process took 0.1 s to import and build.
SAVERS = """
import os
import sys
from aslgui.model import load_scenario, save_scenario
from aslgui.resource_files import resource_path

scenario = load_scenario(resource_path("scenarios", "demo.json"))
hexes = scenario.grid.all_hexes
for i in range(400):
    scenario.with_unit(scenario.units["s2"]._replace(id=f"x{i}", hex=hexes[i % len(hexes)]))
target = sys.argv[1]
while sys.stdin.readline():
    child = os.fork()
    if child == 0:
        scenario.turn = 1
        save_scenario(scenario, target)
        print("ready", os.getpid(), flush=True)
        while True:
            scenario.turn = scenario.turn % 99 + 1
            save_scenario(scenario, target)
    _, status = os.waitpid(child, 0)
    print("killed by", os.WTERMSIG(status) if os.WIFSIGNALED(status) else None, flush=True)
"""


def test_sigkill_at_random_points_leaves_a_whole_loadable_file(tmp_path: Path) -> None:
    rng = random.Random(8)
    target = tmp_path / "situation.json"
    expected: dict[str, object] | None = None
    turns = []
    savers = subprocess.Popen([sys.executable, "-c", SAVERS, str(target)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    assert savers.stdin is not None and savers.stdout is not None
    try:
        while len(turns) < MAX_KILLS and (
            len(turns) < KILLS or len(_leftovers(tmp_path, target)) < MID_WRITE or len(set(turns)) < DIFFERENT_TURNS
        ):
            savers.stdin.write("save\n")
            savers.stdin.flush()
            ready, pid = savers.stdout.readline().split()
            assert ready == "ready"
            time.sleep(rng.uniform(0.0, 0.08))
            os.kill(int(pid), signal.SIGKILL)
            assert savers.stdout.readline() == f"killed by {int(signal.SIGKILL)}\n"
            saved = scenario_to_json(load_scenario(target))  # loadable: the whole of some save
            turns.append(saved.pop("turn"))
            expected = expected or saved
            assert saved == expected  # nothing but the turn ever differs
            assert json.loads(target.read_text(encoding="utf-8"))["turn"] == turns[-1]
        savers.stdin.close()
        assert savers.wait(timeout=30) == 0
    finally:
        if savers.poll() is None:
            savers.kill()
            savers.wait(timeout=30)
    leftovers = _leftovers(tmp_path, target)
    assert all(name.startswith(".situation.json.") and name.endswith(".tmp") for name in leftovers)
    assert len(leftovers) >= MID_WRITE, f"only {len(leftovers)} of {len(turns)} kills landed inside a write"
    assert len(set(turns)) >= DIFFERENT_TURNS  # killed at many different points of the save loop


def _leftovers(folder: Path, target: Path) -> list[str]:
    """Files other than the target: the temporary files of interrupted writes."""
    return [p.name for p in folder.iterdir() if p != target]
