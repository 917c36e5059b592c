"""Hostile VASL board archives (issue 27): bombs, lying LOSData, what is not a file where a board
archive should be.  Each read is bounded in time and memory and ends in an AslError naming the
archive and the limit or the field, never a traceback or a hang."""

from __future__ import annotations

import gzip
import os
import struct
import time
import zipfile
from pathlib import Path

import numpy as np
import pytest

from aslgui.errors import AslError
from aslgui.vasl import cache
from aslgui.vasl.archive import open_archive
from aslgui.vasl.board import load_board
from aslgui.vasl.library import find_archive
from tests.robustness.bounded import run_bounded
from tests.vasl.make_archive import TINY_GIF, encode_los_data, java_block_stream, metadata_xml, write_archive


def _bomb(path: Path, member: str, real: int) -> None:
    """A zip whose ``member`` header says 1 MB but inflates to ``real`` bytes (zeros)."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive:
        archive.writestr("BoardMetadata.xml", metadata_xml("99", False))
        with archive.open(member, "w", force_zip64=False) as out:
            chunk = b"\0" * (1 << 20)
            for _ in range(real >> 20):
                out.write(chunk)
    data = bytearray(path.read_bytes())
    for signature, size_at, name_at in ((b"PK\x03\x04", 22, 30), (b"PK\x01\x02", 24, 46)):  # local, central
        at = 0
        while (at := data.find(signature, at)) >= 0:
            if data[at + name_at :].startswith(member.encode()):
                data[at + size_at : at + size_at + 4] = struct.pack("<L", 1 << 20)
            at += 4
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("member", ["LOSData", "bd99.gif"])
def test_a_member_that_inflates_past_its_header_is_read_bounded(tmp_path: Path, member: str) -> None:
    """Its header said less than it held and it inflated whole (2 GB in the audit): under 400 MB
    now, and an AslError naming the archive and member."""
    path = tmp_path / "bd99"
    _bomb(path, member, real=768 << 20)
    out = run_bounded(f"""
        from aslgui.errors import AslError
        from aslgui.vasl.archive import open_archive
        archive = open_archive({str(path)!r})
        try:
            archive.los_grid() if {member!r} == "LOSData" else archive.image_bytes()
        except AslError as error:
            print(error.message)
        """, seconds=20, megabytes=400)
    assert f"{str(path)!r} ({member})" in out


def _los(width: int, height: int, pixel_w: int, pixel_h: int, fill: int = 0) -> bytes:
    """Gzipped LOSData of a uniform grid, built in blocks (a 4096 x 4096 grid costs no 32 MB array)."""
    header = struct.pack(">4i", width, height, pixel_w, pixel_h)
    body = bytes([0, fill]) * (pixel_w * pixel_h) + bytes(width * height + width // 2)
    return gzip.compress(java_block_stream(header + body), compresslevel=1)


@pytest.mark.parametrize(("side", "words"), [(4096, "unpacks to more than the limit of 20321456 bytes"),
                                             (2300, "says 2300x2300 pixels (the limit is 5,000,000 pixels)")])
def test_a_huge_los_grid_is_refused_naming_the_limit(tmp_path: Path, side: int, words: str) -> None:
    """4096 x 4096 pixels of Inherent Terrain in a 199 KB archive took 2.2 GB and 12 s."""
    path = write_archive(tmp_path / "bd99", {"BoardMetadata.xml": metadata_xml("99", False), "bd99.gif": TINY_GIF,
                                             "LOSData": _los(33, 10, side, side, fill=63)})
    out = run_bounded(f"""
        from aslgui.errors import AslError
        from aslgui.vasl.board import load_board
        try:
            load_board({str(path)!r})
        except AslError as error:
            print(error.message)
        """, seconds=10, megabytes=500)
    assert f"{str(path)!r}: LOSData {words}" in out


@pytest.mark.parametrize(("width", "height", "words"),
                         [(20, 10, "fewer hexes (20x10)"), (40, 10, "other hexes (40x10)")])
def test_los_data_covering_other_hexes_than_its_board_says_so(tmp_path: Path, width: int, height: int,
                                                               words: str) -> None:
    path = write_archive(tmp_path / "bd99", {"BoardMetadata.xml": metadata_xml("99", False),
                                             "LOSData": _los(width, height, 180, 64)})
    with pytest.raises(AslError, match="LOSData covers") as caught:
        load_board(path)
    assert words in caught.value.message and "33x10 in BoardMetadata.xml" in caught.value.message
    assert str(path) in caught.value.message


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
@pytest.mark.parametrize("what", ["fifo", "folder", "dangling link"])
def test_a_bd_that_is_no_file_is_named_for_what_it_is(tmp_path: Path, what: str) -> None:
    """A FIFO, folder or dangling link named bd04 was "no archive" (a FIFO hung on hashing)."""
    path = tmp_path / "bd04"
    if what == "fifo":
        os.mkfifo(path)
    elif what == "folder":
        path.mkdir()
    else:
        path.symlink_to(tmp_path / "gone")
    assert find_archive("4", (str(tmp_path),)) == str(path)
    start = time.monotonic()
    with pytest.raises(AslError) as caught:
        load_board(path)
    expected = {"fifo": "a FIFO (named pipe), not a file", "folder": "a folder, not a file",
                "dangling link": f"a link to {str(tmp_path / 'gone')!r}, which does not exist"}[what]
    assert expected in caught.value.message and str(path) in caught.value.message
    assert time.monotonic() - start < 2


def test_an_unreadable_archive_is_an_error_naming_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Permission denied (or an I/O error) while hashing was a traceback."""
    path = write_archive(tmp_path / "bd99", {"BoardMetadata.xml": metadata_xml("99", False)})
    if os.geteuid() != 0:
        path.chmod(0)
    else:  # root reads anything: refuse the way a permission error would
        real_open = os.open

        def refuse(name: str | os.PathLike[str], *args: object, **kwargs: object) -> int:
            if os.fspath(name) == str(path):
                raise PermissionError(13, "Permission denied", str(path))
            return real_open(name, *args, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(os, "open", refuse)
        monkeypatch.setattr("builtins.open", lambda *a, **k: refuse(a[0]))
    with pytest.raises(AslError, match="Permission denied") as caught:
        cache.file_digest(str(path), "VASL board archive")
    assert str(path) in caught.value.message


def test_a_huge_archive_is_refused_at_once_naming_its_limit(tmp_path: Path) -> None:
    """A 1 GB board archive: the cache hashes every byte of what it reads (issue 37), so one far
    over any VASL board (``BOARD_ARCHIVE_LIMIT``) is refused by its size before it is read."""
    path = write_archive(tmp_path / "bd99", {"BoardMetadata.xml": metadata_xml("99", False)})
    with path.open("r+b") as handle:  # 1 GB of nothing before the zip (a sparse file)
        data = handle.read()
        handle.seek(0)
        handle.truncate(1 << 30)
        handle.seek((1 << 30) - len(data))
        handle.write(data)
    out = run_bounded(f"""
        import time
        from aslgui.errors import AslError
        from aslgui.vasl.board import load_board
        start = time.monotonic()
        try:
            load_board({str(path)!r})
        except AslError as error:
            print(time.monotonic() - start, error.message)
        """, seconds=10, megabytes=300)
    seconds, _, message = out.partition(" ")
    assert float(seconds) < 1 and "1024 MB, over the 256 MB limit" in message


def test_a_one_hex_wide_los_grid_is_no_division_by_zero(tmp_path: Path) -> None:
    """LOSData one hex wide divided by zero deriving its LOS product."""
    from aslgui.vasl.catalog import load_catalog
    from aslgui.vasl.hexfacts import derive
    from aslgui.vasl.los_geometry import derive_los

    grid_bytes = encode_los_data(np.zeros((20, 64), np.int8), np.full((20, 64), 60, np.uint8), width=1, height=1)
    meta = metadata_xml("99", False).replace(b'width="33" height="10"', b'width="1" height="1"')
    archive = open_archive(write_archive(tmp_path / "bd99", {"BoardMetadata.xml": meta, "LOSData": grid_bytes}))
    catalog = load_catalog(())
    product = derive_los(archive.los_grid(), catalog, derive(archive.los_grid(), archive.metadata, catalog))
    assert set(product["hexes"]) == {"A1"}
