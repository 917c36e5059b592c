"""Issue 40: a long ``aslgui resolve`` batch is answered on every core (``batch_processes``):
the same lines, in the same order, with the same exit status as one process gives, whatever the
processes; a copy that cannot answer costs only time, and a reader that goes away ends them all.
The copies are real forks, so each case runs in a fresh interpreter, never in the test worker."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest

from aslgui.batch_processes import PROCESSES_VARIABLE, SHARE_LINES, process_count
from aslgui.errors import AslError
from tests.test_cli import DEMO

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="processes are copied with fork (POSIX)")

LOS = '{"kind": "los", "from": "4E5", "to": "4K8"}'


def _resolve(stdin: str, processes: str) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if key != "ASLGUI_VASL_BOARDS"}
    return subprocess.run([sys.executable, "-m", "aslgui", "resolve", DEMO, "-"], input=stdin, capture_output=True,
                          text=True, timeout=120, check=False, env={**env, PROCESSES_VARIABLE: processes})


def _batch(lines: int) -> str:
    """``lines`` questions, some of them errors (a bad hex, a broken line, an unknown kind) and
    some blank, in every share of the batch."""
    errors = ('{"kind": "los", "from": "4E5", "to": "9Z9"}', "{broken", '{"kind": "nope"}')
    return "\n".join(errors[n % 3] if n % 97 == 5 else "" if n % 211 == 7 else LOS for n in range(lines)) + "\n"


@pytest.mark.parametrize("processes", ["2", "3"])
def test_a_batch_in_several_processes_answers_as_one_process_does(processes: str) -> None:
    stdin = _batch(3 * SHARE_LINES)
    alone, shared = _resolve(stdin, "1"), _resolve(stdin, processes)
    assert alone.returncode == shared.returncode == 2  # an error among the lines: all answered, exit 2
    assert shared.stdout == alone.stdout and shared.stderr == alone.stderr == ""
    answers = [json.loads(line) for line in shared.stdout.splitlines()]
    blank = sum(1 for n in range(3 * SHARE_LINES) if n % 211 == 7 and n % 97 != 5)
    assert len(answers) == 3 * SHARE_LINES - blank
    numbers = [a["line"] for a in answers if "error" in a]
    assert numbers == [n + 1 for n in range(3 * SHARE_LINES) if n % 97 == 5]  # each error names its own line


def test_a_batch_without_errors_exits_0_in_several_processes() -> None:
    done = _resolve("\n".join([LOS] * (2 * SHARE_LINES)) + "\n", "2")
    assert done.returncode == 0 and done.stderr == ""
    assert {json.loads(line)["range"] for line in done.stdout.splitlines()} == {6}
    assert len(done.stdout.splitlines()) == 2 * SHARE_LINES


@pytest.mark.parametrize("value", ["0", "-1", "two", "", "1.5", "\u0662", "\uff12"])
def test_a_bad_process_count_is_an_error_naming_the_variable(value: str) -> None:
    done = _resolve(f"{LOS}\n{LOS}\n", value)
    assert done.returncode == 2 and done.stdout == ""
    error = json.loads(done.stderr)
    assert error["path"] == PROCESSES_VARIABLE and repr(value) in error["error"]


def test_the_process_count(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(PROCESSES_VARIABLE, "4")
    assert process_count(10 * SHARE_LINES) == 4
    assert process_count(2 * SHARE_LINES + 1) == 2  # each process has SHARE_LINES lines at least
    assert process_count(SHARE_LINES - 1) == 1
    monkeypatch.delenv(PROCESSES_VARIABLE)
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    assert process_count(100 * SHARE_LINES) == min(cores, 100)
    monkeypatch.setenv(PROCESSES_VARIABLE, "0")
    with pytest.raises(AslError) as raised:
        process_count(10)
    assert raised.value.path == PROCESSES_VARIABLE


#: Runs ``answer_in_processes`` over nine lines in three processes, pieces of one line, in a fresh
#: interpreter; ``answer`` writes each line's number and who answered it, and fails line 6.  The
#: first process is slow, as if another program ran on its core: the copies claim pieces meanwhile.
_HARNESS = """
import json, os, sys, time
import aslgui.batch_processes as batch
batch.SHARE_LINES = batch.PIECE_LINES = 1
os.environ[batch.PROCESSES_VARIABLE] = "3"
first = os.getpid()
mode = sys.argv[1]
count = 200 if mode == "first killed" else 9

def refused(*args):
    raise OSError("no more processes")

if mode == "no fork":
    os.fork = refused
if mode == "no pipe":
    os.pipe = refused
if mode == "streams":  # the first process only writes what its copies answer
    claimed = batch._claimed
    batch._claimed = lambda claims, count: iter(()) if os.getpid() == first else claimed(claims, count)
written = []

def answer(share, emit):
    if mode == "first killed":
        if os.getpid() == first:
            time.sleep(0.2)
            os._exit(9)  # killed, with no time to end its copies
        time.sleep(0.05)
        with open(sys.argv[2], "a") as answered:
            answered.write(f"{os.getpid()}\\n")
    elif os.getpid() == first:
        time.sleep(0.2)
    if mode == "streams" and share[0] == 8:
        time.sleep(1.0)  # the last piece is slow: every other is written meanwhile
    if mode == "copy dies" and os.getpid() != first and share[0] == 6:
        raise RuntimeError("a copy that cannot answer")
    if mode == "interrupted":
        if os.getpid() == first:
            raise KeyboardInterrupt  # Ctrl-C sent to the first process alone
        time.sleep(60)  # a copy still answering, had nobody stopped it
    for n in share:
        if status := emit(f"{n} {'first' if os.getpid() == first else 'copy'}\\n"):
            return status, False
    return 0, 6 in share

def emit(text):
    written.append(text)
    times.append(time.monotonic())
    return 141 if mode == "reader gone" else 0

times = []
try:
    status = batch.answer_in_processes(list(range(count)), answer, emit)
except KeyboardInterrupt:
    status = "interrupted"
try:
    os.waitpid(-1, os.WNOHANG)
    left = True
except ChildProcessError:
    left = False
lines = "".join(written).splitlines()
print(json.dumps({"status": status, "numbers": [int(line.split()[0]) for line in lines],
                  "by": {line.split()[0]: line.split()[1] for line in lines}, "copies left": left,
                  "waited": times[-1] - times[-2] if len(times) > 1 else 0}))
"""


def _harness(mode: str, *args: str) -> dict[str, Any]:
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(_HARNESS), mode, *args], capture_output=True,
                          text=True, timeout=60, check=True)
    found: dict[str, Any] = json.loads(done.stdout)
    return found


def test_the_pieces_are_shared_as_claimed_and_written_in_order() -> None:
    found = _harness("normal")
    assert found["numbers"] == list(range(9))  # each line once, in order, whoever answered it
    answered_by = list(found["by"].values())
    assert answered_by.count("first") < answered_by.count("copy")  # the slow first answered fewer (maybe none)
    assert found["status"] == 2 and found["copies left"] is False  # line 6 failed; every copy reaped


def test_a_copy_that_cannot_answer_has_its_pieces_answered_by_the_first_process() -> None:
    found = _harness("copy dies")
    assert found["numbers"] == list(range(9))
    assert found["by"]["6"] == "first"  # the copy that claimed it died (or the first claimed it itself)
    assert found["status"] == 2 and found["copies left"] is False


@pytest.mark.parametrize("mode", ["no fork", "no pipe"])
def test_without_copies_one_process_answers_every_line(mode: str) -> None:
    found = _harness(mode)
    assert found["numbers"] == list(range(9)) and set(found["by"].values()) == {"first"}
    assert found["status"] == 2 and found["copies left"] is False


def test_each_piece_is_written_as_soon_as_those_before_it_are() -> None:
    found = _harness("streams")  # the last piece takes a copy a second: all the others come out meanwhile
    assert found["numbers"] == list(range(9)) and set(found["by"].values()) == {"copy"}
    assert found["waited"] > 0.8


def test_copies_stop_when_the_first_process_is_killed(tmp_path: Path) -> None:
    answered = tmp_path / "answered"
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(_HARNESS), "first killed", str(answered)],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 9
    counts = [len(answered.read_text().split())]
    while len(counts) < 3 or counts[-1] != counts[-3]:  # until nothing is answered for 0.5 s
        time.sleep(0.25)
        counts.append(len(answered.read_text().split()))
    assert counts[-1] < 50  # each copy stopped at its next piece: 200 would take them 5 s


def test_a_reader_gone_ends_the_batch_and_its_copies() -> None:
    found = _harness("reader gone")
    assert found["numbers"] == [0]  # nothing after the write that failed
    assert found["status"] == 141 and found["copies left"] is False


def test_ctrl_c_in_the_first_process_ends_its_copies_too() -> None:
    found = _harness("interrupted")  # the harness's own timeout (60 s) would fail a copy left sleeping
    assert found["status"] == "interrupted" and found["numbers"] == [] and found["copies left"] is False
