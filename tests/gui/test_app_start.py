"""``aslgui`` as a user starts it: a real process that paints its window and quits."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from aslgui.ui.app import FIRST_PAINT_ENV

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
