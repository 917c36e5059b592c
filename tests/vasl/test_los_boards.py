"""LOS on VASL boards (A6 on the archive's depicted terrain), on small boards the tests paint
themselves: ``make_archive.sample_board`` (woods disc in E5, wall on C3's S hexside, a level-1 hill
around K5) and boards painted here for one rule each.  VASL's own answers on the real boards are
``test_los_vasl_sample.py``."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from aslgui.geometry import MapGrid
from aslgui.model import scenario_from_json
from aslgui.rules import resolve
from aslgui.rules.los import los_map, sight, trace
from aslgui.vasl.catalog import SHARED_METADATA
from aslgui.vasl.library import BOARDS_ENV
from tests.vasl.fresh_runs import cold_then_warm
from tests.vasl.make_archive import (
    HEIGHT_PX,
    TINY_GIF,
    WIDTH_PX,
    encode_los_data,
    hex_disc,
    metadata_xml,
    sample_board,
    write_archive,
)
from tests.vasl.test_catalog import XML


def on_board(board_id: str) -> Any:
    return scenario_from_json({"boards": [{"id": board_id, "col": 0, "row": 0}], "units": []})


@pytest.fixture
def sample(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    sample_board(tmp_path, "77")
    monkeypatch.setenv(BOARDS_ENV, str(tmp_path))
    return on_board("77")


def los(situation: Any, a: str, b: str) -> dict[str, Any]:
    answer: dict[str, Any] = resolve(situation, {"kind": "los", "from": a, "to": b}).to_json()
    return answer


def miss_distance(a: str, b: str, through: str) -> float:
    """How far (pixels) the thread a-b passes from a hex's centre."""
    grid = MapGrid.single("77")
    (ax, ay), (bx, by), (cx, cy) = (grid.center(grid.parse(n)) for n in (a, b, through))
    return abs((bx - ax) * (cy - ay) - (by - ay) * (cx - ax)) / math.hypot(bx - ax, by - ay)


def test_a6_2_the_depicted_woods_block_a_thread_through_them(sample: Any) -> None:
    answer = los(sample, "77E2", "77E8")
    assert (answer["blocked"], answer["blocked_at"]) == (True, "77E5")
    assert "woods" in answer["reason"] and "A6.2" in answer["reason"]


def test_a6_1_a_thread_through_a_woods_hex_beside_the_depiction_is_clear(sample: Any) -> None:
    """B.1: the hex is a woods hex, but only the depiction (a disc of radius 24 px) blocks."""
    assert miss_distance("77C4", "77G5", "77E5") > 26  # passes outside the disc, inside the hex
    answer = los(sample, "77C4", "77G5")
    assert answer["blocked"] is False
    assert miss_distance("77D3", "77F7", "77E5") < 20
    assert los(sample, "77D3", "77F7")["blocked_at"] == "77E5"


def test_b9_2_the_archives_wall_blocks_same_level_los(sample: Any) -> None:
    answer = los(sample, "77C1", "77C6")
    assert (answer["blocked"], answer["blocked_at"]) == (True, "77C3")
    assert "B9.2" in answer["reason"]
    assert los(sample, "77C3", "77C6")["blocked"] is False  # a hexside of the firer's hex


def test_a6_2_the_archives_hill_blocks_ground_level_los_and_its_plateau_blocks_the_view_down(sample: Any) -> None:
    answer = los(sample, "77K1", "77K9")
    assert answer["blocked"] is True and "ground level 1" in answer["reason"]
    # From the hilltop K5 (level 1) the level-1 ground of K6 is as high as the viewer (A6.2) ...
    down = los(sample, "77K5", "77K9")
    assert (down["blocked"], down["blocked_at"]) == (True, "77K6") and "height advantage" in down["reason"]
    assert los(sample, "77K5", "77K6")["blocked"] is False  # ... and itself in view


def test_the_los_geometry_is_cached_per_archive(sample: Any) -> None:
    los_map(sample)
    cache = Path(__import__("os").environ["ASLGUI_CACHE_DIR"]) / "vasl"
    assert any(p.name.startswith("los-v") for p in cache.rglob("*.json"))


def test_a_thread_reads_the_depicted_terrain_of_the_columns_near_it_only(sample: Any) -> None:
    """A fresh map turns the archive's depicted terrain into features only for the columns a
    thread crosses (and one either side), yet answers as the map read whole."""
    from aslgui.rules.los import features as engine

    engine._ARCHIVE_MAPS.clear()  # as in a fresh process: the same archive may have been read before
    the_map = los_map(sample)
    parse = sample.grid.parse
    assert not the_map.features and the_map.partial
    assert trace(the_map, parse("77E2"), parse("77E8")).blocked_at == parse("77E5")
    assert {h.col for h in the_map.features} <= {3, 4, 5} and parse("77E5") in the_map.features
    seen = sight(the_map, parse("77K5"))
    assert not the_map.partial
    engine._ARCHIVE_MAPS.clear()
    whole = los_map(on_board("77"))
    whole.read_around(parse("77A1"), parse("77GG1"))  # every column at once
    assert whole is not the_map and not whole.partial and whole.features == the_map.features
    assert sight(whole, parse("77K5")) == seen


def test_the_map_follows_the_files_terrain_when_it_changes(sample: Any) -> None:
    """The map kept per archives and file terrain: a hex's terrain set in the file (an SSR, an
    edit in the GUI) replaces the archive's depiction there on the next question."""
    assert los(sample, "77E2", "77E8")["blocked_at"] == "77E5"
    sample.terrain[sample.grid.parse("77E5")] = "open ground"
    assert los(sample, "77E2", "77E8")["blocked"] is False
    sample.terrain[sample.grid.parse("77E4")] = "woods"
    assert los(sample, "77E2", "77E8")["blocked_at"] == "77E4"
    del sample.terrain[sample.grid.parse("77E4")], sample.terrain[sample.grid.parse("77E5")]
    assert los(sample, "77E2", "77E8")["blocked_at"] == "77E5"


def test_a_map_with_a_plain_board_beside_the_same_archive_is_its_own(sample: Any) -> None:
    """The map kept per archives is also kept per layout: a plain board 1 beside board 77 (no
    archive for it) is on the second map, not the first's."""
    alone = los_map(sample)
    beside = scenario_from_json({"boards": [{"id": "77", "col": 0, "row": 0}, {"id": "1", "col": 1, "row": 0}],
                                 "units": []})
    both = los_map(beside)
    assert both is not alone and both.grid.boards == beside.grid.boards and len(alone.grid.boards) == 1
    assert trace(both, beside.grid.parse("77E2"), beside.grid.parse("77E8")).blocked_at == beside.grid.parse("77E5")


# -- rules on boards painted here -----------------------------------------------------------------
GULLY, MARSH, GRAIN, DIRT_ROAD, STONE_BRIDGE = 30, 14, 24, 65, 82


def painted_board(folder: Path, board_id: str, paint: Any) -> Path:
    """An archive whose pixels ``paint(elevation, terrain)`` sets (grids indexed [x, y])."""
    terrain = np.zeros((WIDTH_PX, HEIGHT_PX), dtype=np.uint8)
    elevation = np.zeros((WIDTH_PX, HEIGHT_PX), dtype=np.int8)
    paint(elevation, terrain)
    name = f"bd{board_id}"
    members = {
        "BoardMetadata.xml": metadata_xml(board_id, True),
        f"{name}.gif": TINY_GIF,
        "LOSData": encode_los_data(elevation, terrain),
    }
    return write_archive(folder / name, members)


def _bridge_and_lines(elevation: Any, terrain: Any) -> None:
    # A gully (level -1) across D5-F5, bridged in E5 by a road (x 219-231) between two parapets.
    terrain[150:300, 278:303] = GULLY
    elevation[150:300, 278:303] = -1
    terrain[219:232, 200:381], elevation[219:232, 200:381] = DIRT_ROAD, 0
    for left in (215, 232):
        terrain[left : left + 4, 276:305], elevation[left : left + 4, 276:305] = STONE_BRIDGE, 0
    # Woods one pixel wide: under the I-column thread (x = 450) in I5, beside the M one (x = 675) in M5.
    terrain[450, 280:301] = 60
    terrain[674, 280:301] = 60
    # A gully (level -1) in K4 and K5, grain on K4's bank at level 0 just below K3.
    for name in ("K4", "K5"):
        terrain[hex_disc(name, 30)], elevation[hex_disc(name, 30)] = GULLY, -1
    terrain[552:573, 195:201] = GRAIN


@pytest.fixture
def painted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    painted_board(tmp_path, "78", _bridge_and_lines)
    monkeypatch.setenv(BOARDS_ENV, str(tmp_path))
    return on_board("78")


def test_b6_a_bridge_hinders_same_level_los_across_it_not_along_its_road(painted: Any) -> None:
    """B6: the bridge's depiction beside its road is a Hindrance to LOS at its level that crosses
    the bridge (C5-G5 through E5); a thread along the road between the parapets meets none."""
    across = los(painted, "78C5", "78G5")
    assert (across["blocked"], across["hindrances"], across["hindrance_hexes"]) == (False, 1, ["78E5"])
    assert "B6" in across["reason"]
    along = los(painted, "78E2", "78E8")
    assert (along["blocked"], along["hindrances"]) == (False, 0)


def test_a6_1_a_one_pixel_depiction_under_the_thread_blocks_one_beside_it_does_not(painted: Any) -> None:
    """A6.1: a pixel is a square of the depiction: one whose centre lies on the thread is visible
    on both sides of it; one a whole pixel beside the thread is not crossed."""
    under = los(painted, "78I2", "78I8")
    assert (under["blocked"], under["blocked_at"]) == (True, "78I5")
    assert los(painted, "78M2", "78M8")["blocked"] is False


def test_a6_2_a_hindrance_higher_than_both_ends_hinders_los_down_into_a_gully(painted: Any) -> None:
    """A Half-Level Hindrance (B15 grain) on the bank of a gully, between a level-0 unit and one in
    the gully (level -1, A6.3 met: the range beyond the first hex is in the gully), is higher than
    both ends: it hinders, as an obstacle there would block (A6.2)."""
    answer = los(painted, "78K3", "78K5")
    assert (answer["blocked"], answer["hindrance_hexes"]) == (False, ["78K4"])
    assert "B15" in answer["reason"]


def test_a6_what_a_unit_sees_is_the_los_to_every_hex(sample: Any) -> None:
    """``sight`` (the shading of "Show what this unit sees") is ``trace`` to each hex of the map:
    its Hindrance DRM, None where blocked."""
    the_map = los_map(sample)
    source = sample.grid.parse("77E2")
    seen = sight(the_map, source)
    assert set(seen) == set(sample.grid)
    for h, drm in seen.items():
        result = trace(the_map, source, h)
        assert drm == (None if result.blocked else result.hindrance)
    assert seen[sample.grid.parse("77E8")] is None  # behind the E5 woods


def test_los_on_a_cached_board_parses_no_catalog_and_imports_no_numpy(tmp_path: Path) -> None:
    """Once a board's LOS product is cached (keyed by the SHA-256 of the archive's and the catalog
    file's bytes, issue 37), ``aslgui resolve`` of a ``los`` loads no numpy, zipfile or XML parser,
    even with a SharedBoardMetadata.xml in the library, and answers as the first, cold run did."""
    sample_board(tmp_path, "77")
    (tmp_path / SHARED_METADATA).write_bytes(XML)
    scenario_file, action_file = tmp_path / "s.json", tmp_path / "a.json"
    scenario_file.write_text(json.dumps({"boards": [{"id": "77"}], "units": []}), encoding="utf-8")
    action_file.write_text(json.dumps({"kind": "los", "from": "77E2", "to": "77E8"}), encoding="utf-8")
    probe = (
        "import contextlib, io, sys\n"
        "from aslgui.cli import main\n"
        "out = io.StringIO()\n"
        "with contextlib.redirect_stdout(out):\n"
        f"    main(['resolve', {str(scenario_file)!r}, {str(action_file)!r}])\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'numpy', 'zipfile', 'xml', 'PySide6',"
        " 'shapely'}))\n"
        "print(out.getvalue().strip())\n"
    )
    (cold_loaded, cold_answer), (warm_loaded, warm_answer) = (
        run.splitlines() for run in cold_then_warm(probe, tmp_path, tmp_path / "cache"))
    assert "numpy" in cold_loaded and warm_loaded == "[]"
    assert warm_answer == cold_answer and json.loads(warm_answer)["blocked_at"] == "77E5"
