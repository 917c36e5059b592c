"""``aslgui resolve`` on broken and mutated files: exit 2, one JSON error on stderr, no traceback."""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from aslgui.cli import main
from aslgui.resource_files import resource_path
from tests.robustness.fuzz_cases import Case, cases

DEMO_PATH = resource_path("scenarios", "demo.json")
DEMO_TEXT = DEMO_PATH.read_text(encoding="utf-8")
DEMO: dict[str, Any] = json.loads(DEMO_TEXT)
GOOD_ACTION = json.dumps({"kind": "ca_hexes", "unit": "g1", "range": 2})
CLI_FUZZ = settings(
    max_examples=int(os.environ.get("ASLGUI_FUZZ_EXAMPLES", "500")) // 2,
    deadline=None,
    derandomize=os.environ.get("ASLGUI_FUZZ_RANDOM") != "1",
    suppress_health_check=[HealthCheck.too_slow],
)


def _with(key: str, value: Any) -> bytes:
    return json.dumps({**DEMO, key: value}).encode()


#: (scenario file bytes, action file bytes, expected error path, words of the message)
BROKEN: list[tuple[bytes, bytes, str, str]] = [
    (b"", GOOD_ACTION.encode(), "", "not valid JSON"),
    (b"\xff\xfe\x00garbage", GOOD_ACTION.encode(), "", "cannot read scenario file"),
    (b"[" * 100_000 + b"]" * 100_000, GOOD_ACTION.encode(), "", "too deeply"),
    (b'{"turn": ' + b"9" * 5000 + b"}", GOOD_ACTION.encode(), "", "number too long"),
    (b"[1, 2]", GOOD_ACTION.encode(), "", "one JSON object"),
    (_with("version", 2), GOOD_ACTION.encode(), "version", "newer aslgui"),
    (_with("boards", [{"id": "4", "col": -1}]), GOOD_ACTION.encode(), "boards[0].col", "whole number from 0 to 400"),
    (_with("units", [{"id": "a", "kind": "squad", "hex": "4E5"}]), GOOD_ACTION.encode(), "units[0].side", "missing"),
    (DEMO_TEXT.encode(), b'{"kind": "ca_hexes", "unit": "g1", "range": ' + b"[" * 50_000, "action", "too deeply"),
    (DEMO_TEXT.encode(), b'{"kind": "ca_hexes", "unit": "g1", "range": 1e999}', "action.range",
     "expected a finite number, got 1e999"),
    (DEMO_TEXT.encode(), b'{"kind": ["fire"]}', "action.kind", "expected an action kind"),
]


def run_process(scenario: Path, action: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "aslgui", "resolve", str(scenario), str(action)],
        capture_output=True, text=True, timeout=60, check=False,
    )


def strict_json(text: str) -> Any:
    """JSON as DESIGN.md section 9 promises it: NaN and Infinity are no JSON."""
    def refuse(name: str) -> Any:
        raise AssertionError(f"{name} in the output")

    return json.loads(text, parse_constant=refuse)


def assert_json_error(code: int, stdout: str, stderr: str) -> dict[str, str]:
    """Exit 2, nothing on stdout, exactly one ``{"error", "path"}`` object on stderr."""
    assert "Traceback" not in stderr
    assert code == 2, stderr
    assert stdout == ""
    error = strict_json(stderr)
    assert set(error) == {"error", "path"} and error["error"]
    return error  # type: ignore[no-any-return]


@pytest.mark.parametrize(("scenario", "action", "path", "words"), BROKEN)
def test_broken_files_exit_2_with_a_json_error(
    tmp_path: Path, scenario: bytes, action: bytes, path: str, words: str
) -> None:
    (tmp_path / "s.json").write_bytes(scenario)
    (tmp_path / "a.json").write_bytes(action)
    done = run_process(tmp_path / "s.json", tmp_path / "a.json")
    error = assert_json_error(done.returncode, done.stdout, done.stderr)
    assert error["path"] == path
    assert words in error["error"]


def test_a_folder_given_as_the_scenario_exits_2(tmp_path: Path) -> None:
    (tmp_path / "a.json").write_text(GOOD_ACTION, encoding="utf-8")
    done = run_process(tmp_path, tmp_path / "a.json")
    assert "cannot read scenario file" in assert_json_error(done.returncode, done.stdout, done.stderr)["error"]


def resolve_in_process(scenario: bytes, action: bytes) -> tuple[int, str, str]:
    """``aslgui resolve`` through ``main``, as the console script calls it."""
    out, err = io.StringIO(), io.StringIO()
    with tempfile.TemporaryDirectory() as folder:
        paths = [os.path.join(folder, name) for name in ("s.json", "a.json")]
        for path, content in zip(paths, (scenario, action), strict=True):
            Path(path).write_bytes(content)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["resolve", *paths])
    return code, out.getvalue(), err.getvalue()


def _edited(doc: Any, data: st.DataObject) -> Any:
    """``doc`` with one value somewhere in it replaced by random JSON (or the text cut short)."""
    stack = [doc]
    while stack and data.draw(st.booleans()):
        node = stack[-1]
        keys = list(node) if isinstance(node, dict) else list(range(len(node))) if isinstance(node, list) else []
        if not keys:
            break
        key = data.draw(st.sampled_from(keys))
        if isinstance(node[key], (dict, list)) and data.draw(st.booleans()):
            stack.append(node[key])
        else:
            node[key] = data.draw(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=6))
            break
    return doc


@CLI_FUZZ
@given(st.data(), st.sampled_from(["scenario", "action"]), st.booleans())
def test_mutated_files_give_an_answer_or_a_json_error(data: st.DataObject, which: str, truncate: bool) -> None:
    scenario, action = json.loads(DEMO_TEXT), json.loads(GOOD_ACTION)
    if which == "scenario":
        scenario = _edited(scenario, data)
    else:
        action = _edited(action, data)
    texts = [json.dumps(scenario).encode(), json.dumps(action).encode()]
    if truncate:
        index = 0 if which == "scenario" else 1
        texts[index] = texts[index][: data.draw(st.integers(0, len(texts[index]) - 1))]
    code, stdout, stderr = resolve_in_process(texts[0], texts[1])
    if code == 0:
        assert stderr == "" and strict_json(stdout)["kind"] == "ca_hexes"
    else:
        assert_json_error(code, stdout, stderr)


@CLI_FUZZ
@given(st.binary(max_size=64), st.sampled_from(["scenario", "action"]))
def test_random_bytes_give_a_json_error(garbage: bytes, which: str) -> None:
    files = (garbage, GOOD_ACTION.encode()) if which == "scenario" else (DEMO_TEXT.encode(), garbage)
    code, stdout, stderr = resolve_in_process(*files)
    if code != 0:
        assert_json_error(code, stdout, stderr)


@CLI_FUZZ
@given(cases())
def test_every_kind_through_the_cli_gives_strict_json(case: Case) -> None:
    """Valid scenarios and actions of every kind, one field changed: exit 0 with one strict JSON
    answer on stdout, or exit 2 with one JSON error on stderr."""
    code, stdout, stderr = resolve_in_process(json.dumps(case.scenario).encode(), json.dumps(case.action).encode())
    if code == 0:
        assert stderr == "" and strict_json(stdout)["kind"] == case.action["kind"]
    else:
        assert_json_error(code, stdout, stderr)
