"""Per-hex facts derived from the pixel grids, checked hex by hex against VASL's own (issue 13)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from aslgui.vasl import cache
from aslgui.vasl.archive import open_archive
from aslgui.vasl.board import aslgui_name, load_board
from aslgui.vasl.catalog import builtin_catalog
from aslgui.vasl.hexfacts import derive
from tests.vasl.make_archive import TINY_GIF, encode_los_data, metadata_xml, sample_board, sample_grids, write_archive
from tests.vasl.shared_data import SHARED_VASL, needs_shared, shared_board


def vasl_hexes(board: str) -> list[dict[str, Any]]:
    assert SHARED_VASL is not None
    lines = (SHARED_VASL / "los-sample" / f"{board}-hexes.jsonl").read_text().splitlines()
    return [json.loads(line) for line in lines]


@pytest.fixture(scope="module")
def sample_facts(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    archive = open_archive(sample_board(tmp_path_factory.mktemp("boards")).path)
    return derive(archive.los_grid(), archive.metadata, builtin_catalog())


def test_sample_board_terrain_and_building_override(sample_facts: dict[str, Any]) -> None:
    assert len(sample_facts) == 346
    assert sample_facts["E5"].terrain == "Woods" and sample_facts["E6"].terrain == "Open Ground"
    o6 = sample_facts["O6"]
    assert o6.terrain == "Wooden Building, 1 Level" and o6.building_levels == 1  # buildingTypes override


def test_sample_board_wall_is_on_both_sides_of_its_hexside(sample_facts: dict[str, Any]) -> None:
    assert sample_facts["C3"].hexsides == (None, None, None, "Wall", None, None)
    assert sample_facts["C4"].hexsides == ("Wall", None, None, None, None, None)
    assert all(side is None for side in sample_facts["E5"].hexsides)


def test_sample_board_hill_is_base_elevation(sample_facts: dict[str, Any]) -> None:
    assert sample_facts["K5"].elevation == 1 and sample_facts["K4"].elevation == 1
    assert sample_facts["A1"].elevation == 0


def test_edge_hexsides_are_off_the_board(sample_facts: dict[str, Any]) -> None:
    assert sample_facts["A1"].on_map == (True, True, True, True, False, False)
    assert sample_facts["B0"].on_map == (False, False, True, True, True, False)
    assert sample_facts["GG10"].on_map == (True, False, False, True, True, True)
    assert sample_facts["B10"].on_map == (True, True, False, False, False, True)


@needs_shared
@pytest.mark.parametrize("board", ["bd02", "bd04"])
def test_every_hex_matches_vasl(board: str) -> None:
    """Terrain, base level, hexside terrain, depression, levels and stairways of every hex, as
    VASL's own Hex objects give them (../shared/vasl/los-sample)."""
    facts = load_board(shared_board(board), builtin_catalog()).hexes
    expected = vasl_hexes(board)
    assert len(facts) == len(expected) == 346
    for row in expected:
        got = facts[row["name"]]
        upper = max(loc["level"] for loc in row["locations"] if loc["terrain"] == row["terrain"])
        assert (got.terrain, got.elevation, list(got.hexsides), list(got.on_map), got.depression,
                got.building_levels, got.stairway) == (
            row["terrain"], row["base_elevation"], row["hexside_terrain"], row["hexside_on_map"],
            row["depression_terrain"], upper, row["stairway"]), row["name"]


@needs_shared
def test_board_4_e5_is_woods() -> None:
    board = load_board(shared_board("bd04"))
    assert aslgui_name(board.hexes["E5"].terrain) == "woods"


@needs_shared
def test_board_5_gully_is_depression_at_level_minus_1() -> None:
    hexes = load_board(shared_board("bd05")).hexes
    gullies = [h for h in hexes.values() if h.depression == "Gully"]
    assert gullies and all(h.terrain == "Gully" and h.elevation == -1 for h in gullies)
    assert aslgui_name("Gully") == "gully" and aslgui_name("Single Hex Stone Bridge") == "bridge"


def test_cache_hit_reads_the_same_facts_without_the_archive(tmp_path: Path) -> None:
    sample = sample_board(tmp_path)
    first = load_board(sample.path)
    products = list(Path(cache.cache_folder(), first.digest).iterdir())
    assert len(products) == 1 and products[0].name.startswith("hexfacts-v")
    again = load_board(sample.path)
    assert again == first and again.hexes["E5"].terrain == "Woods"


@pytest.mark.parametrize("damage", [b"", b"{not json", b"[]", b'{"board": {}, "hexes": {"E5": [1]}}'])
def test_damaged_cache_is_rebuilt(tmp_path: Path, damage: bytes) -> None:
    sample = sample_board(tmp_path)
    first = load_board(sample.path)
    (product,) = Path(cache.cache_folder(), first.digest).iterdir()
    product.write_bytes(damage)
    assert load_board(sample.path) == first
    assert json.loads(product.read_bytes())["hexes"]["E5"][0] == "Woods"


def _file_digest(path: Path) -> str:
    """What a board archive's digest is: SHA-256 of all its bytes (issue 37)."""
    import hashlib

    return hashlib.sha256(path.read_bytes()).hexdigest()


def _new_process() -> None:
    """Forget what this process remembered of file digests, as a fresh ``aslgui resolve`` would."""
    cache._digests.clear()


def test_an_unchanged_archive_is_hashed_once_per_process(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A process remembers a file's digest while its inode, size and times stay the same."""
    sample = sample_board(tmp_path)
    first = load_board(sample.path)
    assert first.digest == _file_digest(sample.path)

    def no_hashing(*_: Any) -> Any:
        raise AssertionError("an unchanged archive was hashed again")

    monkeypatch.setattr(cache, "_sha256", no_hashing)
    assert cache.file_digest(str(sample.path)) == first.digest


def test_a_changed_archive_is_hashed_and_read_again(tmp_path: Path) -> None:
    """A changed archive's digest is that of its new bytes, and its facts are derived again."""
    sample = sample_board(tmp_path)
    first = load_board(sample.path)
    bare = np.zeros_like(sample.terrain)  # the board repainted as open ground
    write_archive(sample.path, {"BoardMetadata.xml": metadata_xml("77", True), "bd77.gif": TINY_GIF,
                                "LOSData": encode_los_data(sample.elevation, bare)})
    _new_process()
    again = load_board(sample.path)
    assert again.digest == _file_digest(sample.path) != first.digest
    assert first.hexes["E5"].terrain == "Woods" and again.hexes["E5"].terrain != "Woods"


def test_unwritable_cache_is_skipped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv(cache.CACHE_ENV, str(blocker))
    assert load_board(sample_board(tmp_path).path).hexes["E5"].terrain == "Woods"


def test_nearest_hex_is_the_nearest_centre_with_ties_to_the_first_hex() -> None:
    """The four-candidate search finds, for every 5th pixel of a geomorphic board (and every
    pixel of its edges), the same hex as a brute-force search over all 346 centres, a tie going
    to the first hex in VASL's order."""
    import numpy as np

    from aslgui.vasl.hexfacts import _layout, _nearest_hex
    from tests.vasl.make_archive import HEIGHT_PX, WIDTH_PX

    lay = _layout(33, 10, WIDTH_PX, HEIGHT_PX)
    xs, ys = np.meshgrid(np.arange(0, WIDTH_PX, 5), np.arange(0, HEIGHT_PX, 5), indexing="ij")
    across, down = np.arange(WIDTH_PX), np.arange(HEIGHT_PX)
    edge_x = np.r_[across, across, np.zeros(HEIGHT_PX, int), np.full(HEIGHT_PX, WIDTH_PX - 1)]
    edge_y = np.r_[np.zeros(WIDTH_PX, int), np.full(WIDTH_PX, HEIGHT_PX - 1), down, down]
    px, py = np.r_[xs.ravel(), edge_x], np.r_[ys.ravel(), edge_y]
    best, best_d = _nearest_hex(px, py, lay)
    cx, cy = lay.centre
    for start in range(0, len(px), 4096):  # brute force in slices: pixels x 346 centres
        x, y = px[start : start + 4096, None], py[start : start + 4096, None]
        d = (x - cx) ** 2 + (y - cy) ** 2
        assert (best[start : start + 4096] == d.argmin(axis=1)).all()
        assert (best_d[start : start + 4096] == d.min(axis=1)).all()


def test_inherent_terrain_near_the_centre_makes_the_whole_hex(tmp_path: Path) -> None:
    """B.6 inherent terrain (orchard): a patch nearer the hex's centre than any of its hexside
    points makes the hex an orchard; a patch as big but against a hexside does not."""
    import numpy as np

    from aslgui.geometry.mapgrid import MapGrid
    from tests.vasl.make_archive import ORCHARD, encode_los_data, hex_disc, local_hex, metadata_xml, write_archive

    elevation, terrain = sample_grids()
    terrain[hex_disc("G4", 6)] = ORCHARD
    cx, cy = MapGrid.center(local_hex("H6"))
    xs, ys = np.meshgrid(np.arange(terrain.shape[0]) + 0.5, np.arange(terrain.shape[1]) + 0.5, indexing="ij")
    terrain[(xs - cx) ** 2 + (ys - (cy - 27)) ** 2 <= 36] = ORCHARD  # by H6's N hexside point
    path = write_archive(tmp_path / "bd78", {"BoardMetadata.xml": metadata_xml("78", False),
                                             "LOSData": encode_los_data(elevation, terrain)})
    archive = open_archive(path)
    facts = derive(archive.los_grid(), archive.metadata, builtin_catalog())
    assert facts["G4"].terrain == "Orchard" and facts["H6"].terrain == "Open Ground"
    assert facts["E5"].terrain == "Woods"


def test_a_board_one_hex_wide_reads_without_a_traceback(tmp_path: Path) -> None:
    """An archive of 1 column (no real board is) still reads: its hex A1, and its LOS (a
    division by zero there before, issue 27)."""
    import numpy as np

    from aslgui.vasl.los_geometry import board_los
    from tests.vasl.make_archive import encode_los_data, metadata_xml, write_archive

    terrain, elevation = np.full((20, 64), 60, dtype=np.uint8), np.zeros((20, 64), dtype=np.int8)
    los = encode_los_data(elevation, terrain, width=1, height=1)
    meta = metadata_xml("99", False).replace(b'width="33" height="10"', b'width="1" height="1"')
    path = write_archive(tmp_path / "bd99", {"BoardMetadata.xml": meta, "LOSData": los})
    board = load_board(path)
    assert {name: f.terrain for name, f in board.hexes.items()} == {"A1": "Woods"}
    assert board_los(str(path), board.digest, (str(tmp_path),), board.hexes)["hexes"].keys() == {"A1"}
