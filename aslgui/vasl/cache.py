"""A per-user cache of what aslgui derives from a board archive, keyed by the archive's hash.

Decoding ``LOSData`` needs numpy and tens of milliseconds; a cached product is a small file the
standard library reads back in well under a millisecond, so ``aslgui resolve`` on a VASL board
costs about what it costs on a plain one.  Layout::

    $ASLGUI_CACHE_DIR (else the platform's per-user cache folder + aslgui) / vasl /
        <sha256 of the archive file> / <product>

A *product* is any named file derived from one archive: ``hexfacts-v1-<catalog>.json`` (this
package's per-hex facts; ``<catalog>`` starts the hash of the terrain catalog file they were
derived with); another part of aslgui adds its own by name (``los-v1.npz``, ...) with
``read``/``write`` (bytes) or ``cached_json`` (JSON values).  Writes are atomic; a product that
cannot be read or parsed reads as missing and is rebuilt; a cache that cannot be written is
skipped.  The cache is never fatal.

Hashing an archive (and importing ``hashlib``, which loads OpenSSL) costs a fresh process a few
milliseconds, so the folder also holds ``digests.json``: absolute path -> ``[size, mtime_ns,
sha256]``, written (without waiting for the disk) whenever a file is hashed.  A file whose size
and modification time still match its entry is not read again; any other (changed, replaced,
not listed) is hashed anew.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable
from typing import Any

from aslgui.user_files import user_folder, write_atomic

CACHE_ENV = "ASLGUI_CACHE_DIR"
DIGEST_INDEX = "digests.json"
_HEX_DIGITS = frozenset("0123456789abcdef")
_digests: dict[tuple[str, int, int], str] = {}
#: The digest index read from each cache folder, once per process.
_indexes: dict[str, dict[str, Any]] = {}


def cache_folder() -> str:
    """Where the derived board data lives (``$ASLGUI_CACHE_DIR/vasl`` when that is set)."""
    return os.path.join(os.environ.get(CACHE_ENV) or user_folder("cache"), "vasl")


def file_digest(path: str) -> str:
    """SHA-256 of a file's bytes, an archive's or a catalog's (remembered per process, and across
    processes in the digest index, while its size and mtime hold)."""
    stat = os.stat(path)
    key = (os.path.abspath(path), stat.st_size, stat.st_mtime_ns)
    digest = _digests.get(key)
    if digest is None:
        digest = _indexed(_digest_index().get(key[0]), stat.st_size, stat.st_mtime_ns)
        if digest is None:
            import hashlib  # loads OpenSSL: only when a file is new or changed

            with open(path, "rb") as handle:
                digest = hashlib.sha256(handle.read()).hexdigest()
            _remember(key[0], [stat.st_size, stat.st_mtime_ns, digest])
        _digests[key] = digest
    return digest


def _indexed(entry: Any, size: int, mtime_ns: int) -> str | None:
    """The digest an index entry holds for a file of this size and mtime, else None (also for a
    damaged entry, or a digest that is not 64 hex digits: it names a folder)."""
    if not (isinstance(entry, list) and len(entry) == 3 and entry[0] == size and entry[1] == mtime_ns):
        return None
    digest = entry[2]
    return digest if isinstance(digest, str) and len(digest) == 64 and not set(digest) - _HEX_DIGITS else None


def _read_index(folder: str) -> dict[str, Any]:
    try:
        with open(os.path.join(folder, DIGEST_INDEX), "rb") as handle:
            value = json.loads(handle.read())
    except (OSError, ValueError, RecursionError):
        return {}
    return value if isinstance(value, dict) else {}


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


def read(digest: str, product: str) -> bytes | None:
    """A cached product's bytes, or None when it is not there (or cannot be read)."""
    try:
        with open(product_path(digest, product), "rb") as handle:
            return handle.read()
    except OSError:
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


def cached_json(digest: str, product: str, build: Callable[[], Any], valid: Callable[[Any], bool]) -> Any:
    """The JSON product if cached and ``valid``, else ``build()``, stored for next time.  A
    damaged product (not JSON, or not ``valid``) is rebuilt and replaced."""
    data = read(digest, product)
    if data is not None:
        try:
            value = json.loads(data)
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
