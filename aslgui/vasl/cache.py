"""A per-user cache of what aslgui derives from a board archive, keyed by the archive's hash.

Decoding ``LOSData`` needs numpy and tens of milliseconds; a cached product is a small file the
standard library reads back in well under a millisecond, so ``aslgui resolve`` on a VASL board
costs about what it costs on a plain one.  Layout::

    $ASLGUI_CACHE_DIR (else the platform's per-user cache folder + aslgui) / vasl /
        <file_digest of the archive (all its bytes hashed)> / <product>

A *product* is any named file derived from one archive: ``hexfacts-v1-<catalog>.json`` (this
package's per-hex facts; ``<catalog>`` starts the hash of the terrain catalog file they were
derived with); another part of aslgui adds its own by name (``los-v1.npz``, ...) with
``read``/``write`` (bytes) or ``cached_json`` (JSON values).  Writes are atomic; a product that
cannot be read or parsed reads as missing and is rebuilt; a cache that cannot be written is
skipped.  The cache is never fatal.

A file's digest is the SHA-256 of every byte of it (issue 37: never a 32-bit checksum, nor a
part of the file such as a zip's directory, which two different modules can share): a product is
only ever served for the very bytes it was derived from.  A process hashes each file once (it
remembers the digest while the file's device, inode, size, change and modification times stay
the same); the bytes are read in chunks, at most ``HASH_LIMIT``.

Every read is bounded (``aslgui.user_files``): a product or a file hashed that is a FIFO, a
device or a link to one, a folder or over its limit reads as missing (a product) or is an
AslError naming it and the limit (a file hashed).  ``cached_json`` parses strict
JSON (no ``NaN``/``Infinity``) and keeps a product only if its ``valid`` accepts all of it.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
from collections.abc import Callable
from typing import Any

from aslgui.errors import AslError
from aslgui.limits import HASH_LIMIT, PRODUCT_LIMIT, megabytes
from aslgui.user_files import open_regular, read_bounded, user_folder, write_atomic

CACHE_ENV = "ASLGUI_CACHE_DIR"
_CHUNK = 1024 * 1024
#: Digests hashed in this process, by (path, device, inode, size, mtime, ctime).
_digests: dict[tuple[str, int, int, int, int, int], str] = {}


def cache_folder() -> str:
    """Where the derived board data lives (``$ASLGUI_CACHE_DIR/vasl`` when that is set)."""
    return os.path.join(os.environ.get(CACHE_ENV) or user_folder("cache"), "vasl")


def file_digest(path: str, what: str = "file", limit: int = HASH_LIMIT) -> str:
    """SHA-256 of every byte of a file (see the module docstring).  AslError naming the file if it
    cannot be read (a FIFO, a folder, a dangling link, no permission, over ``limit``: at most
    ``HASH_LIMIT``; a board archive's ``BOARD_ARCHIVE_LIMIT``)."""
    name = os.path.abspath(path)
    with open_regular(path, what, limit) as handle:
        info = os.fstat(handle.fileno())
        key = (name, info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)
        digest = _digests.get(key)
        if digest is None:
            import hashlib  # loads OpenSSL: only when a process first meets a file

            hasher, read = hashlib.sha256(), 0
            try:
                while chunk := handle.read(_CHUNK):
                    read += len(chunk)
                    if read > limit:
                        raise AslError(f"cannot read {what} {path!r}: it grew over the {megabytes(limit)} "
                                       "limit while it was read", "")
                    hasher.update(chunk)
            except OSError as error:
                raise AslError(f"cannot read {what} {path!r}: {error.strerror or error}", "") from None
            digest = _digests[key] = hasher.hexdigest()
    return digest


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
