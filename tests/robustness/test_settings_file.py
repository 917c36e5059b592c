"""Issue 37: aslgui's settings file (``settings.json``: board folders and modules) read bounded and
never overwritten when it cannot be read.  A FIFO there hung ``resolve``, ``import-vsav`` and the
window; a link to /dev/zero was a MemoryError traceback; one trailing comma in a hand-edited file
and the next *Add VASL module...* replaced it, its folders and modules lost."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from aslgui.limits import SETTINGS_LIMIT
from aslgui.vasl import library
from aslgui.vasl.library import CONFIG_ENV, add_board_folder, read_settings, settings_problem
from aslgui.vasl.module_library import add_module, saved_modules
from tests.robustness.bounded import run_bounded

HAND_EDITED = '{\n  "vasl_board_folders": ["/home/me/vasl/boards"],\n  "vasl_modules": ["/home/me/vasl.vmod"],\n}\n'


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private config folder; its settings file (not there yet)."""
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "config"))
    monkeypatch.setattr(library, "kept_aside", None)
    (tmp_path / "config").mkdir()
    return tmp_path / "config" / library.SETTINGS_FILE


def test_a_missing_settings_file_is_empty_settings_and_no_problem(config: Path) -> None:
    assert read_settings() == {} and settings_problem() is None


def test_a_hand_edited_file_with_a_trailing_comma_is_kept_aside_not_overwritten(config: Path) -> None:
    config.write_text(HAND_EDITED)
    assert read_settings() == {}
    problem = settings_problem()
    assert problem is not None and "settings.json" in problem and "not JSON" in problem
    add_module("/elsewhere/new.vmod")
    assert library.kept_aside is not None
    aside = Path(library.kept_aside[0])
    assert aside.name.startswith("settings.json.unreadable-") and aside.read_text() == HAND_EDITED
    assert saved_modules() == [os.path.normpath("/elsewhere/new.vmod")]
    assert settings_problem() is None  # the new file reads


def test_two_writes_keep_the_broken_file_once_and_never_touch_it_again(config: Path) -> None:
    config.write_text("[1, 2")
    add_board_folder("/boards/a")
    add_board_folder("/boards/b")
    kept = sorted(config.parent.glob("settings.json.unreadable-*"))
    assert [p.read_text() for p in kept] == ["[1, 2"]
    assert json.loads(config.read_text())["vasl_board_folders"] == [os.path.abspath("/boards/a"),
                                                                    os.path.abspath("/boards/b")]


@pytest.mark.parametrize("text", ['["a list"]', '"text"', "null", "{" * 100_000])
def test_json_that_is_no_settings_object_is_a_problem_not_a_traceback(config: Path, text: str) -> None:
    config.write_text(text)
    assert read_settings() == {}
    assert "settings.json" in (settings_problem() or "")


def test_a_settings_file_over_its_limit_is_not_read_whole(config: Path) -> None:
    config.write_bytes(b" " * (SETTINGS_LIMIT + 1) + b"{}")
    assert read_settings() == {}
    assert "over the 1 MB limit" in (settings_problem() or "")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
@pytest.mark.parametrize("what", ["fifo", "dev-zero"])
def test_a_fifo_or_dev_zero_as_settings_never_hangs_resolve_and_is_kept_aside(config: Path, tmp_path: Path,
                                                                              what: str) -> None:
    if what == "fifo":
        os.mkfifo(config)
    else:
        config.symlink_to("/dev/zero")
    scenario = tmp_path / "s.json"
    scenario.write_text(json.dumps({"format": "aslgui-scenario", "version": 1, "boards": [{"id": "4", "col": 0,
                                                                                        "row": 0}], "units": []}))
    out = run_bounded(f"""
        import os, subprocess, sys
        os.environ[{CONFIG_ENV!r}] = {str(config.parent)!r}
        done = subprocess.run([sys.executable, "-m", "aslgui", "resolve", {str(scenario)!r}, "-"],
                              input='{{"kind": "los", "from": "4E5", "to": "4E9"}}', capture_output=True, text=True,
                              env={{**os.environ, "PYTHONPATH": {str(Path(__file__).resolve().parents[2])!r}}})
        print(done.returncode, '"blocked": false' in done.stdout, "Traceback" in done.stderr)
        """, seconds=60, megabytes=1500)
    assert out.split() == ["0", "True", "False"]
    problem = settings_problem() or ""
    assert ("FIFO" in problem) if what == "fifo" else ("device" in problem)
    add_board_folder("/boards")
    assert library.kept_aside is not None and os.path.islink(library.kept_aside[0]) == (what == "dev-zero")
    assert read_settings() == {"vasl_board_folders": [os.path.abspath("/boards")]}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(st.binary(max_size=300), st.text(max_size=200).map(str.encode),
                 st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                              lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                         max_size=4),
                              max_leaves=20).map(lambda v: json.dumps(v).encode())))
def test_whatever_the_settings_file_holds_reading_it_gives_an_object_or_says_why(config: Path, data: bytes) -> None:
    config.write_bytes(data)
    found, problem = read_settings(), settings_problem()
    assert isinstance(found, dict)
    assert (problem is None) == (found != {} or data.strip() in (b"{}",) or _is_empty_object(data))
    library.saved_board_folders()  # never raises, whatever the folders key holds
    saved_modules()


def _is_empty_object(data: bytes) -> bool:
    try:
        return json.loads(data) == {}
    except (ValueError, RecursionError):
        return False
