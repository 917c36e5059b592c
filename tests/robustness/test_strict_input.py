"""DESIGN.md section 9 on input: files and stdin read up to 64 MB (devices and FIFOs refused
before opening, never a hang), strict JSON in (no NaN/Infinity, no key twice, a UTF-8 byte
order mark accepted), numbers checked against their domain at load, strict JSON out
(issue 16 items 3 and 4 and the Low JSON items)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from aslgui.errors import AslError
from aslgui.model import load_scenario, scenario_from_json
from aslgui.resource_files import resource_path
from aslgui.rules import resolve

DEMO_PATH = resource_path("scenarios", "demo.json")
OVERRUN_PATH = resource_path("examples", "d7_22_overrun.json")
OVERRUN_ACTION = '{"kind": "overrun", "vehicle": "t1", "target_hex": "1C3", "mp_spent": 2}'
CA_ACTION = '{"kind": "ca_hexes", "unit": "g1", "range": 1}'
MB = 1024 * 1024


def resolve_process(scenario: str | Path, action: str | Path, stdin: Any = None, text: bytes | None = None,
                    timeout: float = 30) -> subprocess.CompletedProcess[bytes]:
    """``aslgui resolve`` as a process; ``text`` (or the open file ``stdin``) is its stdin."""
    return subprocess.run([sys.executable, "-m", "aslgui", "resolve", str(scenario), str(action)],
                          stdin=stdin, input=text, capture_output=True, timeout=timeout, check=False)


def json_error(done: subprocess.CompletedProcess[bytes]) -> dict[str, str]:
    """Exit 2, nothing on stdout, one strict ``{"error", "path"}`` object on stderr."""
    assert done.returncode == 2, done.stderr
    assert done.stdout == b"" and b"Traceback" not in done.stderr
    error: dict[str, str] = json.loads(done.stderr, parse_constant=_refuse)
    return error


def _refuse(name: str) -> Any:
    raise AssertionError(f"{name} in output: not strict JSON")


def strict_answer(done: subprocess.CompletedProcess[bytes]) -> dict[str, Any]:
    assert done.returncode == 0, done.stderr
    answer: dict[str, Any] = json.loads(done.stdout, parse_constant=_refuse)
    return answer


def overrun_file(tmp_path: Path, **mg: Any) -> Path:
    data = json.loads(OVERRUN_PATH.read_text(encoding="utf-8"))
    data["units"][0]["mgs"][0].update(mg)
    path = tmp_path / "ovr.json"
    path.write_text(json.dumps(data), encoding="utf-8")  # json.dumps writes NaN/Infinity as the audit did
    return path


def action_file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "action.json"
    path.write_text(text, encoding="utf-8")
    return path


# -- item 3: bounded reads ---------------------------------------------------------------------
@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
@pytest.mark.parametrize("which", ["scenario", "action"])
def test_a_device_is_refused_before_it_is_read(tmp_path: Path, which: str) -> None:
    """The audit's /dev/zero grew to 9 GB and then a traceback."""
    start = time.monotonic()
    args = ("/dev/zero", action_file(tmp_path, CA_ACTION)) if which == "scenario" else (DEMO_PATH, "/dev/zero")
    error = json_error(resolve_process(*args))
    assert "it is a device, not a file" in error["error"] and "/dev/zero" in error["error"]
    assert time.monotonic() - start < 20


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
@pytest.mark.parametrize("which", ["scenario", "action"])
def test_a_fifo_is_refused_instead_of_waiting_forever(tmp_path: Path, which: str) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    args = (fifo, action_file(tmp_path, CA_ACTION)) if which == "scenario" else (DEMO_PATH, fifo)
    error = json_error(resolve_process(*args, timeout=20))  # a hang fails by TimeoutExpired
    assert "FIFO" in error["error"]


def test_a_file_over_64_mb_is_refused_without_reading_it(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    with open(big, "wb") as handle:  # sparse: no disk, no time
        handle.truncate(64 * MB + 1)
    error = json_error(resolve_process(big, action_file(tmp_path, CA_ACTION)))
    assert "64 MB" in error["error"] and "big.json" in error["error"]


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_device_on_stdin_is_refused() -> None:
    with open("/dev/zero", "rb") as zero:
        error = json_error(resolve_process(DEMO_PATH, "-", stdin=zero))
    assert "device" in error["error"] and "stdin" in error["error"]


def test_stdin_is_read_no_further_than_the_limit() -> None:
    """A pipe that never ends (``cat /dev/zero |``) stops at the limit with an error."""
    from aslgui.user_files import read_stream_bounded

    class Endless(io.RawIOBase):
        def readable(self) -> bool:
            return True

        def readinto(self, buffer: Any) -> int:
            buffer[:] = b" " * len(buffer)
            return len(buffer)

    with pytest.raises(AslError, match="over the 1 MB limit"):
        read_stream_bounded(io.BufferedReader(Endless()), "action on stdin", limit=MB)
    assert read_stream_bounded(io.BytesIO(b"{}"), "action on stdin", limit=MB) == b"{}"


def test_the_bounded_reader_serves_other_readers(tmp_path: Path) -> None:
    """``read_bounded`` is the one reader for files users name (vsav imports use it too)."""
    from aslgui.user_files import read_bounded

    path = tmp_path / "x.bin"
    path.write_bytes(b"12345")
    assert read_bounded(path, "test file", limit=5) == b"12345"
    with pytest.raises(AslError, match="cannot read test file"):
        read_bounded(path, "test file", limit=4)
    with pytest.raises(AslError, match="folder"):
        read_bounded(tmp_path, "test file")
    with pytest.raises(AslError, match="cannot read"):
        read_bounded(tmp_path / "missing", "test file")


# -- item 4: strict numbers ------------------------------------------------------------------
@pytest.mark.parametrize("value", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_a_non_finite_number_in_the_scenario_is_an_error_not_nan_in_the_answer(tmp_path: Path, value: str) -> None:
    """The audit's case: an MG's FP of NaN printed ``"fp": NaN`` (invalid JSON) with exit 0."""
    path = overrun_file(tmp_path, fp=0.5)
    path.write_text(path.read_text(encoding="utf-8").replace('"fp": 0.5', f'"fp": {value}'), encoding="utf-8")
    error = json_error(resolve_process(path, action_file(tmp_path, OVERRUN_ACTION)))
    assert value.lstrip("-") in error["error"] or "finite" in error["error"]


@pytest.mark.parametrize("value", ["NaN", "Infinity", "1e400"])
def test_a_non_finite_number_in_the_action_is_an_error(value: str) -> None:
    action = f'{{"kind": "fire", "firer": "g1", "target": "t1", "mp_in_los": {value}}}'
    assert "finite" in json_error(resolve_process(DEMO_PATH, "-", text=action.encode()))["error"]


SCENARIO_NON_FINITE = [
    ('"caliber": 57', '"caliber": NaN', "units[0].caliber", "NaN"),
    ('"fp": 2, "mount": "BMG"', '"fp": Infinity, "mount": "BMG"', "units[3].mgs[1].fp", "Infinity"),
    ('"turn": 1', '"turn": 1e999', "turn", "1e999"),
    ('"turn": 1', '"turn": 1, "notes": [1, {"x": -1e400}]', "notes[1].x", "-1e400"),
    ('"4D6": "woods"', '"4D6": -Infinity', "terrain.4D6", "-Infinity"),
]


@pytest.mark.parametrize(("good", "bad", "path", "spelled"), SCENARIO_NON_FINITE)
def test_a_non_finite_number_in_the_scenario_is_named_by_its_json_path(
        tmp_path: Path, good: str, bad: str, path: str, spelled: str) -> None:
    """DESIGN.md 3: every error names the JSON path; NaN or 1e999 gave ``"path": ""`` before."""
    text = DEMO_PATH.read_text(encoding="utf-8")
    assert good in text
    scenario = tmp_path / "nan.json"
    scenario.write_text(text.replace(good, bad, 1), encoding="utf-8")
    error = json_error(resolve_process(scenario, action_file(tmp_path, CA_ACTION)))
    assert error["path"] == path
    assert f"expected a finite number, got {spelled}" in error["error"]


ACTION_NON_FINITE = [
    ('"extra_drm": [{"value": 1}, {"value": NaN}]', "action.extra_drm[1].value"),
    ('"mp_in_los": 1e999', "action.mp_in_los"),
    ('"dice": {"colored": Infinity, "white": 2}', "action.dice.colored"),
]


@pytest.mark.parametrize(("keys", "path"), ACTION_NON_FINITE)
def test_a_non_finite_number_in_the_action_is_named_by_its_json_path(keys: str, path: str) -> None:
    action = f'{{"kind": "fire", "firer": "g1", "target": "t1", {keys}}}'
    error = json_error(resolve_process(DEMO_PATH, "-", text=action.encode()))
    assert error["path"] == path and "finite" in error["error"]


def test_an_in_process_non_finite_number_is_named_by_its_path_too() -> None:
    """The one helper (``refuse_non_finite``) serves files, in-process actions and kept keys."""
    with pytest.raises(AslError) as caught:
        resolve(load_scenario(DEMO_PATH), {"kind": "fire", "firer": "g1", "target": "t1",
                                           "extra_drm": [{"value": 1}, {"value": float("nan")}]})
    assert caught.value.path == "action.extra_drm[1].value"
    data = json.loads(DEMO_PATH.read_text(encoding="utf-8"))
    data["units"][0]["note"] = [float("inf")]
    with pytest.raises(AslError) as caught:
        scenario_from_json(data)
    assert caught.value.path == "units[0].note[0]"


def test_a_negative_fp_is_refused_naming_the_field(tmp_path: Path) -> None:
    """The audit's case: an MG of FP -8 gave a legal Overrun of negative FP (D7.11)."""
    error = json_error(resolve_process(overrun_file(tmp_path, fp=-8), action_file(tmp_path, OVERRUN_ACTION)))
    assert error["path"] == "units[0].mgs[0].fp" and "from 0 to 99" in error["error"]


def test_the_same_overrun_with_a_real_fp_is_a_strict_answer(tmp_path: Path) -> None:
    answer = strict_answer(resolve_process(overrun_file(tmp_path, fp=5), action_file(tmp_path, OVERRUN_ACTION)))
    assert answer["legal"] is True and answer["fp"] == 20.5  # D7.22 EX


UNIT_NUMBERS = [
    ("caliber", 0), ("caliber", -57), ("manhandling", -1), ("rof", 10), ("breakdown", 13), ("breakdown", 1),
    ("mp", -1), ("towing", 100), ("towing", -10), ("pp", -2), ("pp_used", -1), ("size", 3), ("hull_af", -1),
    ("labor", 1), ("labor", -3),
]


@pytest.mark.parametrize(("key", "value"), UNIT_NUMBERS)
def test_unit_numbers_outside_their_domain_are_refused_naming_the_field(key: str, value: int) -> None:
    data = json.loads(DEMO_PATH.read_text(encoding="utf-8"))
    data["units"][3][key] = value
    with pytest.raises(AslError) as caught:
        scenario_from_json(data)
    assert caught.value.path == f"units[3].{key}"


@pytest.mark.parametrize(("record", "value"), [("ma", {"caliber": 50, "fp": -1}), ("ma", {"caliber": 1000})])
def test_main_armament_numbers_are_checked_too(record: str, value: dict[str, Any]) -> None:
    data = json.loads(DEMO_PATH.read_text(encoding="utf-8"))
    data["units"][3][record] = value
    with pytest.raises(AslError, match="expected a number from"):
        scenario_from_json(data)


def test_numbers_inside_their_domain_load() -> None:
    data = json.loads(DEMO_PATH.read_text(encoding="utf-8"))
    data["units"][3].update(size=-2, labor=-2, breakdown=12, rof=0, pp_used=0, hull_af=8, towing=-2)
    unit = scenario_from_json(data).units["t1"]
    assert (unit.size, unit.labor, unit.breakdown, unit.hull_af, unit.towing) == (-2, -2, 12, 8, -2)  # T-2: C10.1


# -- Low: turn, duplicate keys, byte order mark ---------------------------------------------------
@pytest.mark.parametrize("turn", [2**31, 0, -1, 100])
def test_a_turn_outside_1_to_99_is_refused(turn: int) -> None:
    """The audit's 2^31 crashed the phase bar's turn box; the file now says why at load."""
    data = json.loads(DEMO_PATH.read_text(encoding="utf-8"))
    data["turn"] = turn
    with pytest.raises(AslError) as caught:
        scenario_from_json(data)
    assert caught.value.path == "turn" and "1 to 99" in caught.value.message


def test_a_key_twice_in_one_object_is_refused(tmp_path: Path) -> None:
    """Python's json keeps the last of two equal keys, other readers the first: a guess either way."""
    text = DEMO_PATH.read_text(encoding="utf-8").replace('"turn": 1', '"turn": 1, "turn": 2', 1)
    assert '"turn": 2' in text
    path = tmp_path / "dup.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(AslError, match="'turn' appears twice"):
        load_scenario(path)
    error = json_error(resolve_process(DEMO_PATH, action_file(tmp_path, '{"kind": "ca_hexes", "unit": "g1", '
                                                                          '"range": 1, "range": 9}')))
    assert "'range' appears twice" in error["error"]


def test_a_utf8_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + DEMO_PATH.read_bytes())
    assert load_scenario(path).units.keys() == load_scenario(DEMO_PATH).units.keys()
    done = resolve_process(path, "-", text=b"\xef\xbb\xbf" + CA_ACTION.encode())
    assert strict_answer(done)["hexes"] == ["4D5", "4E6"]


def test_an_answer_in_process_is_strict_json() -> None:
    answer = resolve(load_scenario(OVERRUN_PATH), json.loads(OVERRUN_ACTION)).to_json()
    json.loads(json.dumps(answer, allow_nan=False))


@pytest.mark.gui
def test_the_phase_bar_keeps_the_turn_a_file_can_hold(qtbot: Any, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The phase bar counts to the last turn a file may hold (99), and a save at that turn loads
    again: the audit's 2^31 turn crashed the turn box; turn 100 would save and not reload."""
    from aslgui.ui.widgets.dialogs import MessageBox
    from aslgui.ui.window.main_window import MainWindow

    monkeypatch.setattr(MessageBox, "ask_save_changes", classmethod(lambda cls, parent, name: "discard"))
    window = MainWindow(load_scenario(DEMO_PATH))
    qtbot.addWidget(window)
    bar = window.rehearsal.phase_bar
    assert bar.turn.maximum() == 99
    window.scenario.turn = 99
    for _ in range(20):  # past the CCPh of both sides
        bar.next_action.trigger()
    assert window.scenario.turn == 99
    path = tmp_path / "late.json"
    from aslgui.model import save_scenario

    save_scenario(window.scenario, path)
    assert load_scenario(path).turn == 99


# -- one hex named twice (contract check 22 item 4) ------------------------------------------------
TWO_BOARDS: dict[str, Any] = {"format": "aslgui-scenario", "version": 1,
                              "boards": [{"id": "1", "col": 0, "row": 0}, {"id": "2", "col": 1, "row": 0}]}


def test_design_3_a_joined_hex_named_twice_with_one_value_is_one_fact() -> None:
    """1GG5 and 2A5 are one hex (DESIGN.md 3): the same value under both names, or a hexside
    named both ways round, is accepted and read once."""
    scenario = scenario_from_json({**TWO_BOARDS, "terrain": {"1GG5": "brush", "2a5": "brush"},
                                   "hexsides": {"1E5/1E6": "wall", "1E6/1E5": "wall"},
                                   "fortified": ["1GG5", "2A5"]})
    joined = scenario.grid.parse("1GG5")
    assert scenario.terrain == {joined: "brush"} and scenario.fortified == frozenset({joined})
    assert list(scenario.hexsides.values()) == ["wall"]


def test_design_3_a_joined_hex_named_twice_with_two_values_names_the_second() -> None:
    with pytest.raises(AslError) as caught:
        scenario_from_json({**TWO_BOARDS, "terrain": {"1GG5": "brush", "2A5": "woods"}})
    assert caught.value.path == "terrain.2A5"
    assert caught.value.message == "the same hex as 1GG5, given 'brush' there and 'woods' here: name it once"
