"""``aslgui render`` on hostile input (issue 16 item 1 and the Low PNG item): an image over 100
megapixels is refused before anything is allocated, with one JSON error naming the option or the
board and nothing else on stderr; a PNG is written atomically, so a full disk leaves the old one."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from aslgui.errors import AslError
from aslgui.limits import MAX_BOARD_PLACE
from aslgui.model import scenario_from_json
from aslgui.resource_files import resource_path

pytestmark = pytest.mark.gui
DEMO_PATH = resource_path("scenarios", "demo.json")


def scenario_file(tmp_path: Path, boards: list[dict[str, Any]]) -> Path:
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"format": "aslgui-scenario", "version": 1, "boards": boards, "units": []}),
                    encoding="utf-8")
    return path


def render(*args: str, limit_file_size: int | None = None) -> subprocess.CompletedProcess[str]:
    def limit() -> None:
        import resource

        assert limit_file_size is not None
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit_file_size, limit_file_size))

    return subprocess.run([sys.executable, "-m", "aslgui", "render", *args], capture_output=True, text=True,
                          timeout=120, check=False, preexec_fn=limit if limit_file_size else None)


def only_a_json_error(done: subprocess.CompletedProcess[str]) -> dict[str, str]:
    """Exit 2 and exactly one JSON line on stderr: no Qt warnings, no traceback."""
    assert done.returncode == 2, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    error: dict[str, str] = json.loads(lines[0])
    return error


def test_a_board_far_out_is_refused_naming_it(tmp_path: Path) -> None:
    """The audit's 1.5 KB file: one board far out (column 2000 then; the farthest a board may be
    placed now, MAX_BOARD_PLACE) asked for 9 GB and died by signal 11."""
    start = time.monotonic()
    far = scenario_file(tmp_path, [{"id": "4", "col": MAX_BOARD_PLACE, "row": 0}])
    done = render(str(far), "-o", str(tmp_path / "m.png"))
    error = only_a_json_error(done)
    assert error["path"] == "boards[0]" and "megapixels" in error["error"] and "--hex-range" in error["error"]
    assert not (tmp_path / "m.png").exists()
    assert time.monotonic() - start < 60


def test_part_of_a_far_board_still_renders(tmp_path: Path) -> None:
    path = scenario_file(tmp_path, [{"id": "4", "col": MAX_BOARD_PLACE, "row": 0}])
    done = render(str(path), "-o", str(tmp_path / "m.png"), "--hex-range", "4A1-4E5")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""


def test_a_big_scale_is_refused_naming_the_option(tmp_path: Path) -> None:
    """The audit's ``--scale 8`` on 4x4 boards: 45 s and 4.7 GB; now an error at once."""
    boards = [{"id": str(1 + col + 4 * row), "col": col, "row": row} for row in range(4) for col in range(4)]
    done = render(str(scenario_file(tmp_path, boards)), "-o", str(tmp_path / "m.png"), "--scale", "8")
    error = only_a_json_error(done)
    assert error["path"] == "--scale" and "1189 megapixels" in error["error"]


def test_the_size_is_checked_before_the_scene_is_built(monkeypatch: pytest.MonkeyPatch) -> None:
    from aslgui.ui import render as render_module

    def no_scene(*_: Any) -> None:
        raise AssertionError("the scene was built for an image over the limit")

    monkeypatch.setattr(render_module, "MapScene", no_scene)
    far = scenario_from_json({"format": "aslgui-scenario", "version": 1, "boards": [{"id": "4", "col": 100}]})
    with pytest.raises(AslError) as caught:
        render_module.render_image(far)
    assert caught.value.path == "boards[0]"


@pytest.mark.skipif(sys.platform == "win32", reason="needs RLIMIT_FSIZE")
def test_a_full_disk_leaves_the_old_png_whole(tmp_path: Path) -> None:
    """Writing the new PNG fails part way (a file size limit stands in for a full disk): the
    old PNG is still there, whole, and the error is one JSON line naming --output."""
    out = tmp_path / "map.png"
    first = render(str(DEMO_PATH), "-o", str(out))
    assert first.returncode == 0, first.stderr
    good = out.read_bytes()
    assert len(good) > 20_000
    done = render(str(DEMO_PATH), "-o", str(out), "--ca", "g1", limit_file_size=16_000)
    error = only_a_json_error(done)
    assert error["path"] == "--output" and error["error"].startswith(f"cannot write {out}: ")
    assert ".tmp" not in error["error"] and "Errno" not in error["error"]  # the file the user named, not the temporary
    assert out.read_bytes() == good
    assert [p.name for p in tmp_path.iterdir()] == ["map.png"]  # no temporary file left behind


def test_a_missing_output_folder_names_the_png_not_its_temporary_file(tmp_path: Path) -> None:
    out = tmp_path / "sp ace" / "x.png"
    error = only_a_json_error(render(str(DEMO_PATH), "-o", str(out)))
    assert error == {"error": f"cannot write {out}: No such file or directory", "path": "--output"}
