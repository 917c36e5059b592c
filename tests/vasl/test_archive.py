"""Reading VASL board archives (DESIGN.md 7): metadata, LOSData decoded, errors naming the file."""

from __future__ import annotations

import gzip
import struct
from pathlib import Path

import numpy as np
import pytest

from aslgui.errors import AslError
from aslgui.geometry.mapgrid import MapGrid
from aslgui.vasl.archive import decode_los_data, hex_count, java_block_data, open_archive
from tests.vasl.make_archive import (
    TINY_GIF,
    WALL,
    WOODEN_BUILDING,
    WOODS,
    encode_los_data,
    java_block_stream,
    local_hex,
    metadata_xml,
    sample_board,
    write_archive,
)
from tests.vasl.shared_data import needs_shared, shared_board


def centre_pixel(name: str) -> tuple[int, int]:
    x, y = MapGrid.center(local_hex(name))
    return int(x), int(y)


def test_metadata_of_the_sample_board(tmp_path: Path) -> None:
    board = open_archive(sample_board(tmp_path).path)
    meta = board.metadata
    assert (meta.name, meta.width, meta.height, meta.has_hills, meta.geomorphic) == ("77", 33, 10, True, True)
    assert meta.image_name == "bd77.gif"
    assert meta.building_types == {"O6": "Wooden Building, 1 Level"}
    assert board.image_bytes() == TINY_GIF


def test_los_grid_is_indexed_x_then_y_as_vasl_stores_it(tmp_path: Path) -> None:
    sample = sample_board(tmp_path)
    grid = open_archive(sample.path).los_grid()
    assert grid.pixel_size == (1800, 645) and (grid.width, grid.height) == (33, 10)
    assert grid.elevation.dtype == np.int8 and grid.terrain.dtype == np.uint8
    assert np.array_equal(grid.terrain, sample.terrain) and np.array_equal(grid.elevation, sample.elevation)
    assert grid.terrain[centre_pixel("E5")] == WOODS
    assert grid.terrain[centre_pixel("O6")] == WOODEN_BUILDING
    assert grid.elevation[centre_pixel("K5")] == 1 and grid.elevation[centre_pixel("E5")] == 0
    assert (grid.terrain == WALL).any()
    assert len(grid.stairways) == hex_count(33, 10) == 346


def test_negative_elevation_reads_as_signed() -> None:
    elevation = np.full((4, 3), -2, dtype=np.int8)
    grid = decode_los_data(encode_los_data(elevation, np.zeros((4, 3), np.uint8), 2, 1), "x")
    assert grid.elevation.min() == -2 and grid.elevation.shape == (4, 3)


def test_short_and_long_block_headers_are_both_stripped() -> None:
    payload = bytes(range(256)) * 5
    assert java_block_data(java_block_stream(payload, block=200), "x") == payload  # TC_BLOCKDATA
    assert java_block_data(java_block_stream(payload, block=1000), "x") == payload  # TC_BLOCKDATALONG


@pytest.mark.parametrize(
    ("members", "words"),
    [
        ({"bd77.gif": TINY_GIF}, "has no BoardMetadata.xml"),
        ({"BoardMetadata.xml": b"<notxml"}, "not valid XML"),
        ({"BoardMetadata.xml": b"<something/>"}, "not VASL board metadata"),
    ],
)
def test_archive_without_usable_metadata_names_the_file(tmp_path: Path, members: dict[str, bytes], words: str) -> None:
    path = write_archive(tmp_path / "bd77", members)
    with pytest.raises(AslError, match=words) as caught:
        open_archive(path)
    assert str(path) in str(caught.value)


def test_missing_los_data_names_file_and_member(tmp_path: Path) -> None:
    path = write_archive(tmp_path / "bd77", {"BoardMetadata.xml": metadata_xml("77", False)})
    with pytest.raises(AslError, match="has no LOSData") as caught:
        open_archive(path).los_grid()
    assert str(path) in caught.value.message


# mtime=0: the same bytes, so the same test ids, in every process (pytest-xdist's workers must
# collect the same tests; a gzip header's time once differed by a second between two).
@pytest.mark.parametrize(
    ("los", "words"),
    [
        (b"plain bytes", "not gzip data"),
        (gzip.compress(b"\x00\x01\x02\x03", mtime=0), "not a Java data stream"),
        (gzip.compress(b"\xac\xed\x00\x05\x73\x72", mtime=0), "other than block data"),
        (gzip.compress(java_block_stream(struct.pack(">4i", 33, 10, 1800, 645)), mtime=0), "expected"),
        (gzip.compress(java_block_stream(struct.pack(">4i", 0, 10, 1800, 645)), mtime=0), "0x10 hexes"),
        (gzip.compress(java_block_stream(struct.pack(">4i", 33, 10, -5, 645)), mtime=0), "pixels"),
        (gzip.compress(java_block_stream(b"\x00" * 4000), mtime=0)[:-9], "truncated"),
    ],
)
def test_damaged_los_data_is_an_error_naming_the_file(tmp_path: Path, los: bytes, words: str) -> None:
    path = write_archive(tmp_path / "bd77", {"BoardMetadata.xml": metadata_xml("77", False), "LOSData": los})
    with pytest.raises(AslError, match=words) as caught:
        open_archive(path).los_grid()
    assert str(path) in caught.value.message


def test_not_a_zip_and_no_file(tmp_path: Path) -> None:
    foreign = tmp_path / "bd77"
    foreign.write_bytes(b"GIF89a not a board")
    with pytest.raises(AslError, match="cannot read VASL board archive"):
        open_archive(foreign)
    with pytest.raises(AslError, match="cannot read VASL board archive"):
        open_archive(tmp_path / "bd99")


@needs_shared
@pytest.mark.parametrize("name", ["bd01", "bd02", "bd03", "bd04", "bd05", "bd06", "bd07"])
def test_real_boards_decode(name: str) -> None:
    board = open_archive(shared_board(name))
    grid = board.los_grid()
    assert (grid.width, grid.height, grid.pixel_size) == (33, 10, (1800, 645))
    assert board.metadata.image_name == f"{name}.gif" and board.image_bytes()[:3] == b"GIF"
    # Board 4 is flat (hasHills FALSE): every pixel at level 0; its E5 is woods (code 60).
    if name == "bd04":
        assert not board.metadata.has_hills and not grid.elevation.any()
        assert grid.terrain[225, 290] == WOODS
        assert board.metadata.building_types["O6"] == "Wooden Building, 1 Level"
    if name == "bd02":
        assert board.metadata.has_hills and grid.elevation.max() == 3
