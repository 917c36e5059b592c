"""Issue 37: the per-user cache recognises a module or a board by the SHA-256 of all its bytes.
A module at a known path was recognised by a 32-bit checksum of its zip directory (and over 65,535
members the digest left the first member out), so another module there was served the first one's
counters: front AF 8 instead of 1.  Here two modules have byte-identical zip directories (same
names, sizes, times and CRC-32s: the second counter's text is padded until its CRC-32 is the first
one's) and differ in one printed value."""

from __future__ import annotations

import hashlib
import struct
import subprocess
import sys
import zipfile
import zlib
from pathlib import Path

import pytest

from aslgui.vasl import cache
from aslgui.vasl.module import forget_modules, read_module
from tests.vasl_modules import build_file, definition, group, private_module_files, svg

STEM = "ge/veh/twin"
SLOT = definition(["prototype;geCTtur", f"piece;;;{STEM}.svg;Twin"], ["", ""])


@pytest.fixture(autouse=True)
def fresh(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    private_module_files(tmp_path, monkeypatch)


def _counter(front: int, pad: str) -> bytes:
    return svg(group("Front Armor", str(front)), group("Side/Rear Armor", "1"), f"<!-- {pad} -->\n").encode()


def _same_crc(front: int, target: bytes) -> bytes:
    """A counter printing ``front`` whose bytes have ``target``'s length and CRC-32: 40 letters in a
    comment, each ``a`` or ``c`` (one bit apart), chosen by solving the CRC's linear equations."""
    base = "a" * 40
    data = _counter(front, base)
    assert len(data) == len(target)
    at = data.index(base.encode())
    zero = zlib.crc32(data)
    columns = []
    for i in range(40):
        flipped = bytearray(data)
        flipped[at + i] ^= 0x02
        columns.append(zlib.crc32(bytes(flipped)) ^ zero)
    want = zlib.crc32(target) ^ zero
    # Gaussian elimination over GF(2): each row a (column bits, chosen-letters mask).
    rows = [(c, 1 << i) for i, c in enumerate(columns)]
    basis: dict[int, tuple[int, int]] = {}
    for value, mask in rows:
        for bit in range(31, -1, -1):
            if not value >> bit & 1:
                continue
            if bit in basis:
                value, mask = value ^ basis[bit][0], mask ^ basis[bit][1]
            else:
                basis[bit] = (value, mask)
                break
    chosen = 0
    for bit in range(31, -1, -1):
        if want >> bit & 1:
            assert bit in basis, "no solution"
            want, chosen = want ^ basis[bit][0], chosen ^ basis[bit][1]
    assert want == 0
    pad = "".join("c" if chosen >> i & 1 else "a" for i in range(40))
    forged = _counter(front, pad)
    assert zlib.crc32(forged) == zlib.crc32(target) and len(forged) == len(target)
    return forged


def _module(path: Path, counter: bytes) -> None:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as archive:
        for name, data in (("buildFile", build_file([("7001", "Twin", SLOT)])), (f"images/{STEM}.svg", counter)):
            archive.writestr(zipfile.ZipInfo(name, date_time=(2024, 1, 1, 0, 0, 0)), data)


def test_cache_a_different_module_with_the_same_zip_directory_is_read_as_itself(tmp_path: Path) -> None:
    first = _counter(8, "b" * 40)
    path = tmp_path / "vasl.vmod"
    _module(path, first)
    assert read_module(path).counter(STEM).af_front == 8  # type: ignore[union-attr]
    directory_before = path.read_bytes()[zipfile.ZipFile(path).start_dir:]
    _module(path, _same_crc(1, first))
    assert path.read_bytes()[zipfile.ZipFile(path).start_dir:] == directory_before  # the old key saw no change
    forget_modules()
    cache._digests.clear()  # a new process
    module = read_module(path)
    assert module.counter(STEM).af_front == 1  # type: ignore[union-attr]
    assert module.digest == hashlib.sha256(path.read_bytes()).hexdigest()


def _first_member_now(data: bytes, content: bytes) -> bytes:
    """The zip ``data`` with its first member's content replaced by as many other bytes, its
    CRC-32 set to match in its local header and its central directory entry (a valid zip)."""
    out = bytearray(data)
    name_length, extra_length = struct.unpack_from("<HH", out, 26)
    at = 30 + name_length + extra_length
    assert out[:4] == b"PK\x03\x04" and struct.unpack_from("<I", out, 22)[0] == len(content)
    out[at : at + len(content)] = content
    crc = zlib.crc32(content)
    struct.pack_into("<I", out, 14, crc)
    struct.pack_into("<I", out, out.index(b"PK\x01\x02") + 16, crc)  # the first entry: the first member's
    return bytes(out)


def test_cache_the_digest_is_every_byte_of_the_file(tmp_path: Path) -> None:
    """Two zips of 65,540 members (ZIP64 directories) that differ in their first member only have
    different digests (the second made from the first's bytes: writing 65,540 members is slow)."""
    one, two = tmp_path / "one.zip", tmp_path / "two.zip"
    with zipfile.ZipFile(one, "w", zipfile.ZIP_STORED) as archive:
        archive.writestr("a", b"one")
        for i in range(65_540):
            archive.writestr(f"m{i}", b"")
    two.write_bytes(_first_member_now(one.read_bytes(), b"two"))
    with zipfile.ZipFile(two) as archive:
        assert archive.read("a") == b"two" and len(archive.infolist()) == 65_541
    digests = []
    for path in (one, two):
        digests.append(cache.file_digest(str(path)))
        assert digests[-1] == hashlib.sha256(path.read_bytes()).hexdigest()
    assert digests[0] != digests[1]



@pytest.mark.parametrize("size", [10, 2 * 1024 * 1024])
def test_a_small_file_is_hashed_without_openssl_and_a_large_one_with_it(tmp_path: Path, size: int) -> None:
    """Loading OpenSSL costs what hashing a megabyte without it does: a small file (a board, its
    catalog) is hashed with CPython's own SHA-256, a large one with OpenSSL's; the same digest."""
    path = tmp_path / "file"
    path.write_bytes(bytes(range(256)) * (size // 256) + b"x" * (size % 256))
    probe = ("import sys\nfrom aslgui.vasl import cache\n"
             f"print(cache.file_digest({str(path)!r}), '_hashlib' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.split() == [hashlib.sha256(path.read_bytes()).hexdigest(), str(size > 1024 * 1024)]
