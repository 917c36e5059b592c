"""Issue 28.9: ``aslgui resolve SCENARIO.json -`` with JSON lines on stdin answers each line on
its own line, in order, a line's error included, while one action (one line or pretty-printed
over many, valid or broken) stays the single answer or single error it always was."""

from __future__ import annotations

import json

import pytest

from aslgui import cli
from aslgui.cli import json_lines
from aslgui.errors import AslError
from tests.test_cli import DEMO, run

LOS = {"kind": "los", "from": "4E5", "to": "4K8"}
CA = {"kind": "ca_hexes", "unit": "t1", "range": 1}


def test_json_lines_are_answered_in_order_each_error_on_its_own_line() -> None:
    stdin = "\n".join([json.dumps(LOS), '{"kind": "los", "from": "4E5"}', "not json", "", json.dumps(CA), ""])
    done = run("resolve", DEMO, "-", stdin=stdin)
    assert done.returncode == 2 and done.stderr == ""  # an error among the lines: all answered, exit 2
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert [a.get("kind") for a in answers] == ["los", None, None, "ca_hexes"]  # the blank line skipped
    assert answers[1] == {"error": answers[1]["error"], "path": "action.to", "line": 2}
    assert answers[2]["path"] == "action" and answers[2]["line"] == 3 and "line 3" in answers[2]["error"]
    assert answers[3]["hexes"] == ["4D8", "4E8"]


def test_a_batch_without_errors_exits_0_and_each_answer_is_the_one_action_answer() -> None:
    done = run("resolve", DEMO, "-", stdin=f"{json.dumps(LOS)}\n{json.dumps(CA)}\n")
    assert done.returncode == 0
    single = [json.loads(run("resolve", DEMO, "-", stdin=json.dumps(a)).stdout) for a in (LOS, CA)]
    assert [json.loads(line) for line in done.stdout.splitlines()] == single


def test_one_pretty_printed_action_is_still_one_answer() -> None:
    done = run("resolve", DEMO, "-", stdin=json.dumps(CA, indent=2))
    assert done.returncode == 0
    assert json.loads(done.stdout)["hexes"] == ["4D8", "4E8"]


@pytest.mark.parametrize("stdin", [
    '{\n  "kind": "ca_hexes",\n  "unit": "t1"\n  "range": 1\n}\n',  # a comma missing
    '{\n  "kind": "fire",\n  "extra_drm": [\n    {"value": 1, "label": "x"}\n  ]\n',  # cut off; an object line inside
    '{"kind": "ca_hexes", "unit": "t1", "range": 1\n',
])
def test_a_broken_single_action_is_one_error_on_stderr_as_before(stdin: str) -> None:
    done = run("resolve", DEMO, "-", stdin=stdin)
    assert done.returncode == 2 and done.stdout == ""
    assert json.loads(done.stderr)["path"] == "action"


def test_the_rule_that_tells_one_action_from_json_lines() -> None:
    assert json_lines(b'{"kind": "los"}\n') is None
    assert json_lines(b'{"a": 1}\n\n{"b": 2}') == [(1, b'{"a": 1}'), (3, b'{"b": 2}')]
    assert json_lines(b'  {"a": 1}\n  {"b": 2}') is None  # indented: the inside of one action
    assert json_lines(b"[1,\n2") is None


def test_a_batch_longer_than_one_written_chunk_answers_every_line_as_one_action_does() -> None:
    """Issue 40: the answers are written in chunks of about 64 KiB, not line by line; 600 lines
    (about 250 KiB of answers) come out whole, in order, the same as each asked alone."""
    questions = [{"kind": "los", "from": "4E5", "to": f"4{column}{row}"} for column in "FGHIJK" for row in range(1, 11)]
    done = run("resolve", DEMO, "-", stdin="\n".join(json.dumps(q) for q in questions * 10) + "\n")
    assert done.returncode == 0, done.stderr
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(answers) == 600 and len(done.stdout) > 1 << 16
    alone = [json.loads(run("resolve", DEMO, "-", stdin=json.dumps(q)).stdout) for q in questions[:3]]
    assert answers[:3] == answers[60:63] == alone
    assert [a["range"] for a in answers[:10]] == [4, 3, 2, 1, 1, 2, 3, 4, 5, 6]  # 4F1..4F10 from 4E5


@pytest.mark.parametrize("ending", [b"\n", b""])
def test_a_batch_of_exactly_its_line_limit_is_read_whether_its_last_line_ends_in_a_newline_or_not(
    monkeypatch: pytest.MonkeyPatch, ending: bytes
) -> None:
    """BATCH_LINES_LIMIT counts lines, not newlines: 100,000 newline-ended lines are 100,000 lines."""
    monkeypatch.setattr(cli, "BATCH_LINES_LIMIT", 3)
    line = json.dumps(LOS).encode()
    assert json_lines(b"\n".join([line] * 3) + ending) == [(1, line), (2, line), (3, line)]
    with pytest.raises(AslError, match="they are 4 lines, over the 3 lines of one batch"):
        json_lines(b"\n".join([line] * 4) + ending)
