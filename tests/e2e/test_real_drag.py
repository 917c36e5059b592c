"""A real mouse drag on a real X screen, which ``QT_QPA_PLATFORM=offscreen`` cannot give
(DESIGN.md section 6): the 57LL AT Gun dragged onto the PzKpfw IIIG, the popup, typed dice,
Commit, the log and undo, all through the X pointer.

Needs Xvfb and Qt's X libraries, so it is not in the default run: ``pytest -m e2e`` runs it,
and ``.ci/run`` installs what it needs and runs it on every submission.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e

DRIVER = Path(__file__).with_name("real_drag.py")


def test_real_drag_fires_the_gun_through_the_popup_into_the_log_and_undo(tmp_path: Path) -> None:
    # Never the developer's own screen: without DISPLAY the driver starts a private Xvfb.
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "QT_QPA_PLATFORM", "WAYLAND_DISPLAY")}
    env.update(XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_STATE_HOME=str(tmp_path / "state"))
    done = subprocess.run(
        [sys.executable, str(DRIVER), "--shots", str(tmp_path)], capture_output=True, text=True, env=env, timeout=120
    )
    report = done.stdout + done.stderr
    assert done.returncode == 0, report
    assert "e2e drag: all checks passed" in done.stdout, report
    assert "FAIL" not in done.stdout, report
    shots = sorted(p.name for p in tmp_path.glob("e2e_*.png"))
    assert shots == ["e2e_1_dragging.png", "e2e_2_popup.png", "e2e_3_rolled.png"], report
