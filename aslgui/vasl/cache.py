"""A per-user cache of what aslgui derives from a board archive, keyed by the archive's hash.

Decoding ``LOSData`` needs numpy and tens of milliseconds; a cached product is a small file the
standard library reads back in well under a millisecond, so ``aslgui resolve`` on a VASL board
costs about what it costs on a plain one.  Layout::

    $ASLGUI_CACHE_DIR (else the platform's per-user cache folder + aslgui) / vasl /
        <file_digest of the archive (all its bytes hashed)> / <product>
    ... / vasl-checked / <file_digest> / <product>: the stamp of a product's bytes (below)

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
Checking all of a large product (every hex's LOS features) cost more than the rest of a cache
hit: a product's ``deep`` check runs once for its bytes, and their BLAKE2b, stamped beside the
cache, stands for it while it matches them (damaged bytes never match: they are checked whole).
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import sys
from collections.abc import Callable
from typing import Any

from aslgui.errors import AslError
from aslgui.limits import HASH_LIMIT, PRODUCT_LIMIT, megabytes
from aslgui.user_files import open_regular, read_bounded, user_folder, write_atomic

CACHE_ENV = "ASLGUI_CACHE_DIR"
_CHUNK = 1024 * 1024
#: Files smaller than this are hashed without loading OpenSSL (``_sha256``).
_OWN_SHA256_LIMIT = 1024 * 1024
#: A stamp is a hash's 128 hex digits: anything larger is no stamp of ours.
_STAMP_LIMIT = 128
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
            hasher, read = _sha256(info.st_size), 0
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


def _sha256(size: int) -> Any:
    """A SHA-256 hasher for a file of ``size`` bytes.  Loading OpenSSL (``hashlib``) costs about
    what hashing a megabyte with CPython's own C SHA-256 does, and it hashes four times faster:
    a smaller file, while OpenSSL is not loaded, is hashed with CPython's (a board and its catalog
    are a few hundred kilobytes)."""
    if size < _OWN_SHA256_LIMIT and "_hashlib" not in sys.modules:
        try:
            from _sha256 import sha256  # type: ignore[import-not-found]  # Python 3.11
        except ImportError:
            from _sha2 import sha256  # type: ignore[import-not-found]  # 3.12 on
        return sha256()
    import hashlib

    return hashlib.sha256()


def refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _finite(text: str) -> float:
    value = float(text)
    if value in (math.inf, -math.inf):
        raise ValueError(f"{text[:20]} is too large")
    return value


def strict_json(data: bytes) -> Any:
    """JSON as aslgui writes it: ``NaN``, ``Infinity`` and ``1e999`` are refused (ValueError)."""
    return json.loads(data, parse_constant=refuse_constant, parse_float=_finite)


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
                limit: int = PRODUCT_LIMIT, deep: Callable[[Any], bool] | None = None) -> Any:
    """The JSON product if cached and ``valid`` (and ``deep``), else ``build()``, stored for next
    time.  A damaged product (not strict JSON, over ``limit``, or not ``valid``) is rebuilt and
    replaced.  ``deep`` is the costly rest of the check, a function of the product's bytes alone:
    once bytes pass it, a stamp (``stamp_path``) holds their hash, and while it matches them
    ``deep`` is not asked again (a hit read no longer parses every hex's features)."""
    data = read(digest, product, limit)
    if data is not None:
        value = _outlined(data, valid)
        if value is not None:
            if deep is None or _stamped(digest, product, data):
                return value
            if deep(value):
                _stamp(digest, product, data)
                return value
        discard(digest, product)
    value = build()
    data = json.dumps(value, separators=(",", ":")).encode("utf-8")
    if write(digest, product, data) and deep is not None:
        stored = _outlined(data, valid)  # checked as a later read checks it: only bytes that pass are stamped
        if stored is not None and deep(stored):
            _stamp(digest, product, data)
    return value


def _outlined(data: bytes, valid: Callable[[Any], bool]) -> Any:
    """The product's value if it is strict JSON and ``valid``, else None."""
    try:
        value = strict_json(data)
    except (ValueError, RecursionError):
        return None
    return value if value is not None and valid(value) else None


def stamp_path(digest: str, product: str) -> str:
    """Where the hash of a product's bytes that passed its ``deep`` check is kept: beside the
    cache folder, not in it (a digest's folder holds its products only)."""
    return os.path.join(cache_folder() + "-checked", digest, product)


def _hash(data: bytes) -> bytes:
    """BLAKE2b of a product's bytes: a third of SHA-256's work."""
    from _blake2 import blake2b

    return blake2b(data).hexdigest().encode("ascii")


def _stamped(digest: str, product: str, data: bytes) -> bool:
    try:
        return read_bounded(stamp_path(digest, product), "cache stamp", _STAMP_LIMIT) == _hash(data)
    except AslError:
        return False


def _stamp(digest: str, product: str, data: bytes) -> None:
    path = stamp_path(digest, product)
    with contextlib.suppress(OSError):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        write_atomic(path, _hash(data), durable=False)  # lost in a crash: checked again

