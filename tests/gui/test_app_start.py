"""``aslgui`` as a user starts it: a real process that paints its window and quits."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from aslgui.errors import AslError
from aslgui.ui.app import FIRST_PAINT_ENV, report_uncaught
from aslgui.ui.widgets.dialogs import MessageBox
from aslgui.ui.window.main_window import MainWindow

pytestmark = pytest.mark.gui


def start(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"))
    env[FIRST_PAINT_ENV] = "1"
    return subprocess.run(
        [sys.executable, "-m", "aslgui", *args], capture_output=True, text=True, env=env, timeout=60, check=False
    )


def test_plain_aslgui_opens_the_demo_and_paints(tmp_path: Path) -> None:
    result = start(home=tmp_path)
    assert result.returncode == 0
    assert result.stdout.splitlines() == ["painted"]


def test_aslgui_with_a_broken_file_says_why_and_still_opens(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "aslgui-scenario", "version": 2}', encoding="utf-8")
    result = start(str(broken), home=tmp_path)
    assert result.returncode == 0
    assert "painted" in result.stdout
    assert "cannot open" in result.stderr and "newer aslgui" in result.stderr


def test_an_error_escaping_a_handler_is_told_in_a_notice_a_bad_value_without_a_traceback(
        window: MainWindow, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    told: list[tuple[str, str]] = []
    monkeypatch.setattr(MessageBox, "notice", classmethod(lambda cls, parent, title, text: told.append((title, text))))
    hook = report_uncaught(window)
    bad = AslError('vehicle v2 has no printed MP allotment ("mp")', "units[1].mp")
    hook(AslError, bad, None)
    assert told == [("Could not do that", f"{bad}\n\nYour scenario is still open.")]
    assert str(bad).startswith("units[1].mp") and "Traceback" not in capsys.readouterr().err
    try:
        raise ValueError("a fault")
    except ValueError as error:
        hook(ValueError, error, error.__traceback__)
    assert "ValueError: a fault (a fault in aslgui" in told[-1][1]
    assert "Traceback" in capsys.readouterr().err
