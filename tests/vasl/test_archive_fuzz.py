"""A damaged board archive is an AslError naming the file, never a traceback (issue 13):
truncated and byte-mutated copies of a small archive, and of its LOSData alone, are fuzzed."""

from __future__ import annotations

import tempfile
from functools import cache
from pathlib import Path

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from aslgui.errors import AslError
from aslgui.vasl.archive import decode_los_data, open_archive
from tests.vasl.make_archive import encode_los_data, metadata_xml, write_archive

#: One byte overwritten: (position, wrapped to the data's length; new value).
EDIT = st.tuples(st.integers(min_value=0), st.integers(0, 255))
FUZZ = settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])


@cache
def small_archive() -> tuple[bytes, bytes]:
    """A 60x40-pixel, 2x1-hex board archive's bytes, and its LOSData member's."""
    rng = np.random.default_rng(13)
    los = encode_los_data(
        rng.integers(-2, 4, (60, 40)).astype(np.int8), rng.integers(0, 200, (60, 40)).astype(np.uint8), 2, 1
    )
    with tempfile.TemporaryDirectory() as folder:
        path = write_archive(Path(folder) / "bd77", {"BoardMetadata.xml": metadata_xml("77", True), "LOSData": los})
        return path.read_bytes(), los


def read_back(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bd77"
        path.write_bytes(data)
        try:
            open_archive(path).los_grid()
        except AslError as error:
            assert str(path) in error.message


def mutated(data: bytes, edits: list[tuple[int, int]]) -> bytes:
    out = bytearray(data)
    for position, value in edits:
        out[position % len(out)] = value
    return bytes(out)


@FUZZ
@given(st.integers(min_value=0, max_value=10_000))
def test_truncated_archive(cut: int) -> None:
    data = small_archive()[0]
    read_back(data[: cut % len(data)])


@FUZZ
@given(st.lists(EDIT, min_size=1, max_size=8))
def test_mutated_archive(edits: list[tuple[int, int]]) -> None:
    read_back(mutated(small_archive()[0], edits))


@FUZZ
@given(st.integers(min_value=0, max_value=10_000), st.lists(EDIT, max_size=6))
def test_truncated_or_mutated_los_data(cut: int, edits: list[tuple[int, int]]) -> None:
    los = small_archive()[1]
    damaged = mutated(los[: max(1, cut % len(los))], edits)
    try:
        grid = decode_los_data(damaged, "bd77")
    except AslError as error:
        assert "bd77" in error.message
    else:
        assert grid.terrain.shape == grid.elevation.shape
