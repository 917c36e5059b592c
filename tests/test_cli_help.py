"""Issue 38.7: ``aslgui resolve --help`` says the action is a file or stdin, and every example it
prints runs as printed (the built-in demo scenario), answering exit 0; the JSON given in place of
the file is told how to pass it (DESIGN.md 4: exit 2 with ``{"error", "path"}``)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from aslgui.resource_files import resource_path

ASLGUI = [sys.executable, "-m", "aslgui"]
DEMO = str(resource_path("scenarios", "demo.json"))


def run(*args: str, stdin: str | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*ASLGUI, *args], input=stdin, capture_output=True, text=True, timeout=60, check=False,
                          cwd=cwd)


def help_examples() -> list[str]:
    done = run("resolve", "--help")
    assert done.returncode == 0, done.stderr
    return [line.strip() for line in done.stdout.splitlines() if "aslgui resolve " in line and
            not line.lstrip().startswith("usage")]


def test_issue38_7_help_says_the_action_is_a_file_or_stdin_not_the_json() -> None:
    text = " ".join(run("resolve", "--help").stdout.split())
    assert "or - to read it from stdin" in text and "not the JSON itself" in text
    assert "Examples" in text and DEMO in text


def test_issue38_7_each_example_of_the_help_runs_as_printed(tmp_path: Path) -> None:
    examples = help_examples()
    piped = [line for line in examples if line.startswith("echo ")]
    assert len(piped) >= 2 and any("odds_map" in line for line in piped)
    answers = []
    for line in piped:
        shell = line.replace("aslgui resolve", " ".join(ASLGUI) + " resolve")
        done = subprocess.run(["sh", "-c", shell], capture_output=True, text=True, timeout=60, check=False)
        assert done.returncode == 0, (line, done.stderr)
        answers.append(json.loads(done.stdout))
    fire, threat = answers[0], answers[1]
    assert fire["kind"] == "fire" and fire["legal"] is True and fire["final_th_needed"] == 10
    assert threat["kind"] == "odds_map" and threat["hexes"] and {e["firer"] for e in threat["hexes"].values()} == {"t1"}
    (tmp_path / "action.json").write_text(piped[0].split("'")[1], encoding="utf-8")
    from_file = next(line for line in examples if line.endswith("action.json")).split()
    done = run(*from_file[1:], cwd=tmp_path)
    assert done.returncode == 0 and json.loads(done.stdout) == fire


def test_issue38_7_the_json_in_place_of_the_action_file_is_told_how_to_pass_it() -> None:
    action = '{"kind": "fire", "firer": "g1", "target": "t1"}'
    done = run("resolve", DEMO, action)
    error = json.loads(done.stderr)
    assert done.returncode == 2 and error["path"] == "action"
    assert "not the JSON itself" in error["error"] and f"echo '{action}' | aslgui resolve SCENARIO -" in error["error"]
