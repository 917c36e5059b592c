"""`aslgui resolve` as a user runs it: a real process, JSON in, JSON out (DESIGN.md section 4)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from aslgui.resource_files import resource_path

DEMO = str(resource_path("scenarios", "demo.json"))


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "aslgui", *args], input=stdin, capture_output=True, text=True, timeout=60, check=False
    )


def test_resolve_ca_hexes_prints_sorted_canonical_names(tmp_path: Path) -> None:
    action = tmp_path / "action.json"
    action.write_text(json.dumps({"kind": "ca_hexes", "unit": "g1", "range": 2}), encoding="utf-8")
    done = run("resolve", DEMO, str(action))
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["hexes"] == ["4C6", "4D5", "4D6", "4E6", "4E7"]
    assert answer["legal"] is True and answer["drm"] == [] and answer["total_drm"] == 0


def test_resolve_reads_the_action_from_stdin() -> None:
    done = run("resolve", DEMO, "-", stdin='{"kind": "ca_hexes", "unit": "t1", "range": 1}')
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["hexes"] == ["4D8", "4E8"]  # the tank's TCA NW/N from 4E9


@pytest.mark.parametrize(
    ("action", "path", "words"),
    [
        ('{"kind": "ca_hexes", "unit": "zz", "range": 3}', "action.unit", "no unit with id 'zz'"),
        ('{"kind": "ca_hexes", "unit": "c1", "range": 3}', "action.unit", "has no CA"),
        ('{"kind": "ca_hexes", "unit": "g1", "range": "far"}', "action.range", "expected a whole number"),
        ('{"kind": "teleport"}', "action.kind", "unknown action kind 'teleport'"),
        ('{"kind": "ca_hexes", "unit": "g1", "range": 3', "", "not valid JSON"),
        ("[1, 2]", "action", "one JSON object"),
    ],
)
def test_bad_actions_exit_2_with_json_error_and_no_traceback(action: str, path: str, words: str) -> None:
    done = run("resolve", DEMO, "-", stdin=action)
    assert done.returncode == 2
    assert done.stdout == ""
    assert "Traceback" not in done.stderr
    error = json.loads(done.stderr)
    assert error["path"] == path
    assert words in error["error"]


def test_broken_scenario_file_exits_2(tmp_path: Path) -> None:
    scenario = tmp_path / "broken.json"
    scenario.write_text('{"boards": [{"id": "4"}], "units": [{"id": "a", "side": "x", "kind": "squad", "hex": "4E0"}]}')
    done = run("resolve", str(scenario), "-", stdin='{"kind": "ca_hexes", "unit": "a", "range": 1}')
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert json.loads(done.stderr)["path"] == "units[0].hex"


def test_missing_file_exits_2() -> None:
    done = run("resolve", "/nonexistent/scenario.json", "-", stdin="{}")
    assert done.returncode == 2 and "cannot read scenario file" in json.loads(done.stderr)["error"]


def test_resolve_path_imports_no_qt_shapely_numpy_argparse_or_dataclasses() -> None:
    """The start-up budget of `aslgui resolve` (issue 8): none of these heavy imports, for a fire question."""
    probe = (
        "import sys, io, contextlib\n"
        "from aslgui.cli import main\n"
        "action = b'{\"kind\": \"fire\", \"firer\": \"g1\", \"target\": \"t1\", \"target_type\": \"vehicle\"}'\n"
        "sys.stdin = io.TextIOWrapper(io.BytesIO(action))\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    code = main(['resolve', {DEMO!r}, '-'])\n"
        "heavy = {'PySide6', 'shiboken6', 'shapely', 'numpy', 'argparse', 'dataclasses'}\n"
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in heavy)\n"
        "print(code, heavy)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.strip() == "0 []"


def test_help_lists_the_commands() -> None:
    done = run("--help")
    assert done.returncode == 0 and "resolve" in done.stdout
