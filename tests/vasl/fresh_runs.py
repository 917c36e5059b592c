"""A probe script run in two fresh Python processes over one board library and cache folder: the
first derives and caches the board, the second reads the cache (what a cached board's ``aslgui
resolve`` loads and builds, and whether it answers as the cold run did)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from aslgui.vasl.library import BOARDS_ENV


def one_board_scenario(folder: Path, board_id: str = "77") -> Path:
    """A scenario file of one board and no units, written in ``folder``."""
    path = folder / "s.json"
    path.write_text(json.dumps({"format": "aslgui-scenario", "version": 1, "boards": [{"id": board_id}],
                                "units": []}), encoding="utf-8")
    return path


def cold_then_warm(probe: str, library: Path, cache: Path) -> list[str]:
    """The standard output of ``probe`` run twice, each in a fresh process with ``library`` as
    the board library and ``cache`` as the cache folder."""
    env = {**os.environ, BOARDS_ENV: str(library), "ASLGUI_CACHE_DIR": str(cache)}
    return [subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, timeout=60,
                           check=True).stdout for _ in range(2)]
