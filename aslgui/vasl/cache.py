"""A per-user cache of what aslgui derives from a board archive, keyed by the archive's hash.

Decoding ``LOSData`` needs numpy and tens of milliseconds; a cached product is a small file the
standard library reads back in well under a millisecond, so ``aslgui resolve`` on a VASL board
costs about what it costs on a plain one.  Layout::

    $ASLGUI_CACHE_DIR (else the platform's per-user cache folder + aslgui) / vasl /
        <file_digest of the archive (its zip directory hashed)> / <product>

A *product* is any named file derived from one archive: ``hexfacts-v1-<catalog>.json`` (this
package's per-hex facts; ``<catalog>`` starts the hash of the terrain catalog file they were
derived with); another part of aslgui adds its own by name (``los-v1.npz``, ...) with
``read``/``write`` (bytes) or ``cached_json`` (JSON values).  Writes are atomic; a product that
cannot be read or parsed reads as missing and is rebuilt; a cache that cannot be written is
skipped.  The cache is never fatal.

A file's digest is the SHA-256 of what keys it cheaply and fully: for a zip (a board archive,
a module) its central directory and end record, which hold every member's name, sizes and CRC
(a few KB read at the file's end, however large the file); for any other file (a terrain
catalog) its bytes, at most ``HASH_LIMIT``.  Importing ``hashlib`` (which loads OpenSSL) costs a
fresh process a few milliseconds, so the folder also holds ``digests.json``: absolute path ->
``[length, CRC-32, sha256]`` of that fingerprint.  An entry is used only when the fingerprint
read now has its length and CRC (a file of the same size and time but other contents -- another
board copied over it -- is hashed anew, never served another board's products).

Every read is bounded (``aslgui.user_files``): a product, the index or a file hashed that is a
FIFO, a device or a link to one, a folder or over its limit reads as missing (a product, the
index) or is an AslError naming it and the limit (a file hashed).  ``cached_json`` parses strict
JSON (no ``NaN``/``Infinity``) and keeps a product only if its ``valid`` accepts all of it.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import struct
import zlib
from collections.abc import Callable
from typing import Any, BinaryIO

from aslgui.errors import AslError
from aslgui.user_files import open_regular, read_bounded, user_folder, write_atomic

CACHE_ENV = "ASLGUI_CACHE_DIR"
DIGEST_INDEX = "digests.json"
#: The most of a file that is no zip hashed whole (a real terrain catalog is 200 KB).
HASH_LIMIT = 16 * 1024 * 1024
#: The largest zip central directory read (a VASL module's 10^4 members take a few MB).
DIRECTORY_LIMIT = 16 * 1024 * 1024
#: The largest product or index read (a board's products are tens of KB; a module's index more).
PRODUCT_LIMIT = 64 * 1024 * 1024
_END_RECORD = b"PK\x05\x06"
#: The end record (22 bytes) and the longest comment after it: where the end record can be.
_TAIL = 22 + 0xFFFF
_HEX_DIGITS = frozenset("0123456789abcdef")
_digests: dict[tuple[str, int, int], str] = {}
#: The digest index read from each cache folder, once per process.
_indexes: dict[str, dict[str, Any]] = {}


def cache_folder() -> str:
    """Where the derived board data lives (``$ASLGUI_CACHE_DIR/vasl`` when that is set)."""
    return os.path.join(os.environ.get(CACHE_ENV) or user_folder("cache"), "vasl")


def file_digest(path: str, what: str = "file") -> str:
    """SHA-256 of a file's fingerprint (see the module docstring): a zip's central directory,
    any other file's bytes.  AslError naming the file if it cannot be read (a FIFO, a folder, a
    dangling link, no permission, a fingerprint over its limit)."""
    name = os.path.abspath(path)
    with open_regular(path, what) as handle:
        try:
            fingerprint = _fingerprint(handle, f"{what} {path!r}")
        except OSError as error:
            raise AslError(f"cannot read {what} {path!r}: {error.strerror or error}", "") from None
    check = [len(fingerprint), zlib.crc32(fingerprint)]
    key = (name, check[0], check[1])
    digest = _digests.get(key)
    if digest is None:
        digest = _indexed(_digest_index().get(name), check)
        if digest is None:
            import hashlib  # loads OpenSSL: only when a file is new or changed

            digest = hashlib.sha256(fingerprint).hexdigest()
            _remember(name, [*check, digest])
        _digests[key] = digest
    return digest


def _fingerprint(handle: BinaryIO, name: str) -> bytes:
    """A zip's central directory and end record, else (no end record, a ZIP64 one) the whole
    file, each within its limit."""
    size = handle.seek(0, os.SEEK_END)
    start = max(0, size - _TAIL)
    handle.seek(start)
    tail = handle.read(_TAIL)
    at = tail.rfind(_END_RECORD)
    if at >= 0 and at + 22 <= len(tail):
        directory_size = struct.unpack_from("<L", tail, at + 12)[0]
        end = start + at
        if directory_size != 0xFFFFFFFF and directory_size <= end:
            if directory_size > DIRECTORY_LIMIT:
                raise AslError(f"cannot read {name}: its zip directory is {directory_size} bytes, "
                               f"over the limit of {DIRECTORY_LIMIT}", "")
            handle.seek(end - directory_size)
            return handle.read(directory_size) + tail[at : at + 22]
    if size > HASH_LIMIT:
        raise AslError(f"cannot read {name}: it is no zip and {size} bytes, over the limit of {HASH_LIMIT} hashed", "")
    handle.seek(0)
    return handle.read(HASH_LIMIT)


def _indexed(entry: Any, check: list[int]) -> str | None:
    """The digest an index entry holds for a fingerprint of this length and CRC, else None (also
    for a damaged entry, or a digest that is not 64 hex digits: it names a folder)."""
    if not (isinstance(entry, list) and len(entry) == 3 and entry[:2] == check):
        return None
    digest = entry[2]
    return digest if isinstance(digest, str) and len(digest) == 64 and not set(digest) - _HEX_DIGITS else None


def _read_index(folder: str) -> dict[str, Any]:
    try:
        value = strict_json(read_bounded(os.path.join(folder, DIGEST_INDEX), "digest index", PRODUCT_LIMIT))
    except (AslError, ValueError, RecursionError):
        return {}
    return value if isinstance(value, dict) else {}


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _finite(text: str) -> float:
    value = float(text)
    if value in (math.inf, -math.inf):
        raise ValueError(f"{text[:20]} is too large")
    return value


def strict_json(data: bytes) -> Any:
    """JSON as aslgui writes it: ``NaN``, ``Infinity`` and ``1e999`` are refused (ValueError)."""
    return json.loads(data, parse_constant=_refuse_constant, parse_float=_finite)


def _digest_index() -> dict[str, Any]:
    folder = cache_folder()
    index = _indexes.get(folder)
    if index is None:
        index = _indexes[folder] = _read_index(folder)
    return index


def _remember(path: str, entry: list[Any]) -> None:
    """Add a file's digest to the index (re-read first, so entries other processes wrote since
    are kept); a cache that cannot be written is skipped."""
    folder = cache_folder()
    index = _indexes[folder] = {**_read_index(folder), path: entry}
    with contextlib.suppress(OSError):
        os.makedirs(folder, exist_ok=True)
        data = json.dumps(index, separators=(",", ":")).encode("utf-8")
        write_atomic(os.path.join(folder, DIGEST_INDEX), data, durable=False)  # lost in a crash: hashed again


def product_path(digest: str, product: str) -> str:
    return os.path.join(cache_folder(), digest, product)


def read(digest: str, product: str, limit: int = PRODUCT_LIMIT) -> bytes | None:
    """A cached product's bytes, or None when it is not there or cannot be read: a FIFO, a
    device, a folder or over ``limit`` reads as missing (and is rebuilt), never waited on."""
    try:
        return read_bounded(product_path(digest, product), "cache file", limit)
    except AslError:
        return None


def write(digest: str, product: str, data: bytes) -> bool:
    """Store a product atomically; False (and nothing stored) when the cache cannot be written."""
    path = product_path(digest, product)
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        write_atomic(path, data)
    except OSError:
        return False
    return True


def discard(digest: str, product: str) -> None:
    with contextlib.suppress(OSError):
        os.unlink(product_path(digest, product))


def cached_json(digest: str, product: str, build: Callable[[], Any], valid: Callable[[Any], bool],
                limit: int = PRODUCT_LIMIT) -> Any:
    """The JSON product if cached and ``valid``, else ``build()``, stored for next time.  A
    damaged product (not strict JSON, over ``limit``, or not ``valid``) is rebuilt and replaced."""
    data = read(digest, product, limit)
    if data is not None:
        try:
            value = strict_json(data)
        except (ValueError, RecursionError):
            value = None
        if value is not None and valid(value):
            return value
        discard(digest, product)
    value = build()
    write_json(digest, product, value)
    return value


def write_json(digest: str, product: str, value: Any) -> bool:
    """Store a JSON product (see ``write``)."""
    return write(digest, product, json.dumps(value, separators=(",", ":")).encode("utf-8"))
