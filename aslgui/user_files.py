"""Per-user folders (settings, caches, autosaves), bounded reads of the files a user names, and
atomic file writes, stdlib only.

Each folder follows the platform's convention (XDG on Linux, ``~/Library`` on macOS,
``%APPDATA%``/``%LOCALAPPDATA%`` on Windows); each user of these folders also lets an environment
variable of its own move it (tests, portable installs).
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
from typing import TYPE_CHECKING, BinaryIO

from aslgui.errors import AslError
from aslgui.limits import INPUT_LIMIT, megabytes

if TYPE_CHECKING:
    import zipfile

__all__ = ["INPUT_LIMIT", "open_regular", "open_zip", "read_bounded", "read_stream_bounded", "read_zip_member",
           "user_folder", "write_atomic", "zip_errors"]

#: kind -> (XDG variable, XDG default under ~, macOS folder under ~/Library, Windows variable).
_KINDS = {
    "config": ("XDG_CONFIG_HOME", ".config", "Application Support", "APPDATA"),
    "cache": ("XDG_CACHE_HOME", ".cache", "Caches", "LOCALAPPDATA"),
    "state": ("XDG_STATE_HOME", os.path.join(".local", "state"), "Application Support", "LOCALAPPDATA"),
}


def user_folder(kind: str) -> str:
    """aslgui's per-user ``kind`` folder (``config``, ``cache`` or ``state``): the platform's
    folder of that kind + ``aslgui``."""
    xdg, xdg_default, mac, windows = _KINDS[kind]
    home = os.path.expanduser("~")
    if sys.platform == "win32":
        base = os.environ.get(windows) or os.path.join(home, "AppData", "Roaming" if kind == "config" else "Local")
    elif sys.platform == "darwin":
        base = os.path.join(home, "Library", mac)
    else:
        base = os.environ.get(xdg) or os.path.join(home, xdg_default)
    return os.path.join(base, "aslgui")


def write_atomic(path: str | os.PathLike[str], data: bytes, durable: bool = True) -> None:
    """Write ``data`` to ``path`` so that a crash, a kill or a full disk leaves the old file or
    the new one, never half of either: a temporary file in the same folder, flushed to disk,
    renamed over the target, and the rename itself flushed (the folder's fsync).

    Through a symlink the link's target is written and the link stays.  The file keeps its mode
    (a shared 0644 file stays 0644); a new file gets the mode the user's umask gives.  Only a
    regular file is replaced: a folder, device (``-o /dev/full``), FIFO or socket is an OSError
    saying so (renaming over one would put a file in its place, as root even in /dev).

    ``durable=False`` skips both flushes, for a file whose loss in a crash costs nothing (an
    index that is checked when read and rebuilt when missing): a write then costs no disk wait."""
    target = os.path.realpath(path)
    folder, name = os.path.split(target)
    try:
        info = os.stat(target)
    except FileNotFoundError:
        mode: int | None = None
    else:
        if not stat.S_ISREG(info.st_mode):
            folder_there = stat.S_ISDIR(info.st_mode)
            what = "a folder" if folder_there else "a device, FIFO or socket"
            raise OSError(errno.EISDIR if folder_there else errno.EINVAL, f"it is {what}, not a file", os.fspath(path))
        mode = stat.S_IMODE(info.st_mode)
    fd, tmp = _new_temporary(folder, name)
    try:
        with os.fdopen(fd, "wb") as handle:
            if mode is not None and hasattr(os, "fchmod"):
                os.fchmod(handle.fileno(), mode)
            handle.write(data)
            if durable:
                handle.flush()
                os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    if durable:
        _sync_folder(folder)


#: Bytes of the target's name a temporary file keeps: with its dot, 12 hex digits and ".tmp", 218.
TEMPORARY_STEM_BYTES = 200


def _new_temporary(folder: str, name: str) -> tuple[int, str]:
    """A new file beside the target, created 0666 less the umask (``tempfile`` makes 0600), named
    after it but never longer than a name the target's own length allows (255 bytes)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
    stem = name.encode("utf-8", "surrogateescape")[:TEMPORARY_STEM_BYTES].decode("utf-8", "ignore")
    while True:
        tmp = os.path.join(folder, f".{stem}.{os.urandom(6).hex()}.tmp")
        try:
            return os.open(tmp, flags, 0o666), tmp
        except FileExistsError:
            continue


def _sync_folder(folder: str) -> None:
    """Flush a folder's entries (the rename) to disk where the system allows it (POSIX)."""
    if not hasattr(os, "O_DIRECTORY"):
        return
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):  # some file systems cannot fsync a folder
            os.fsync(fd)
    finally:
        os.close(fd)


def read_bounded(path: str | os.PathLike[str], what: str, limit: int = INPUT_LIMIT) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes, else AslError saying why.

    The file is opened with ``open_regular`` (never waiting on a FIFO or reading a device) and
    read no further than ``limit``, so a file swapped or growing meanwhile cannot hang or exhaust
    memory either."""
    name = f"{what} {os.fspath(path)!r}"
    with open_regular(path, what, limit) as handle:
        try:
            return _read_at_most(handle, name, limit)
        except OSError as error:
            raise AslError(f"cannot read {name}: {error.strerror or error}", "") from None


def open_regular(path: str | os.PathLike[str], what: str, limit: int | None = None) -> BinaryIO:
    """An open regular file (of at most ``limit`` bytes, if given), else AslError naming it and
    what is wrong: a folder, a FIFO, a device or socket, a dangling link, no permission.

    The path is looked at (``stat``) before it is opened, so a FIFO or device is refused without
    waiting on it or reading from it; it is then opened without blocking and checked again (a
    file swapped meanwhile)."""
    name = f"{what} {os.fspath(path)!r}"
    try:
        _check_regular(os.stat(path), name, limit)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        handle = os.fdopen(fd, "rb")
    except FileNotFoundError as error:
        if os.path.islink(path):
            target = os.readlink(path)
            raise AslError(f"cannot read {name}: it is a link to {target!r}, which does not exist", "") from None
        raise AslError(f"cannot read {name}: {error.strerror or error}", "") from None
    except OSError as error:
        raise AslError(f"cannot read {name}: {error.strerror or error}", "") from None
    try:
        _check_regular(os.fstat(handle.fileno()), name, limit)
    except BaseException:
        handle.close()
        raise
    return handle


def read_stream_bounded(stream: BinaryIO, what: str, limit: int = INPUT_LIMIT) -> bytes:
    """At most ``limit`` bytes of an open stream (stdin, a zip member), else AslError; a device
    other than a terminal (``< /dev/zero``) is refused before reading.  A zip member is inflated
    no further than ``limit`` whatever its header says (``read(limit + 1)`` caps each inflation)."""
    try:
        info = os.fstat(stream.fileno())
    except (OSError, ValueError):  # no descriptor (a zip member, a test's BytesIO): read it bounded
        info = None
    if info is not None and (stat.S_ISBLK(info.st_mode) or (stat.S_ISCHR(info.st_mode) and not stream.isatty())):
        raise AslError(f"cannot read {what}: it is a device, not a file or a pipe", "")
    return _read_at_most(stream, what, limit)


def zip_errors() -> tuple[type[BaseException], ...]:
    """What reading a damaged zip, gzip or XML stream can raise besides AslError (a bad header, a
    truncated stream ...); zipfile and zlib are imported here, only by the readers that need them
    (``aslgui resolve`` on a cached board imports neither)."""
    import zipfile
    import zlib

    return OSError, EOFError, zipfile.BadZipFile, zlib.error, ValueError, RuntimeError, NotImplementedError


def open_zip(path: str | os.PathLike[str], what: str) -> zipfile.ZipFile:
    """A regular file's zip (``open_regular``: never a FIFO's or a device's), else AslError naming
    it: ``what`` says what the file should be (``VASL module``, ``VASL board archive``)."""
    import zipfile

    handle = open_regular(path, what)
    try:
        return zipfile.ZipFile(handle)
    except zip_errors() as error:
        handle.close()
        raise AslError(f"cannot read {what} {os.fspath(path)!r}: it is not a {what} (not a readable zip: {error})",
                       "") from None


def read_zip_member(archive: zipfile.ZipFile, info: zipfile.ZipInfo, what: str, limit: int,
                    limit_name: str = "") -> bytes:
    """One member's bytes, inflated no further than ``limit`` whatever its header claims; AslError
    naming ``what`` (and the limit's name in ``aslgui.limits``) when it is too big or the zip is
    damaged."""
    named = f" ({limit_name})" if limit_name else ""
    if info.file_size > limit:
        raise AslError(f"cannot read {what}: it is {info.file_size} bytes, over the limit of {limit}{named}", "")
    try:
        with archive.open(info) as entry:
            return read_stream_bounded(entry, what + named, limit)  # type: ignore[arg-type]  # a binary stream
    except AslError:
        raise
    except zip_errors() as error:
        raise AslError(f"cannot read {what}: the zip is corrupt ({error})", "") from None


def _check_regular(info: os.stat_result, name: str, limit: int | None) -> None:
    mode = info.st_mode
    if stat.S_ISDIR(mode):
        raise AslError(f"cannot read {name}: it is a folder, not a file", "")
    if not stat.S_ISREG(mode):
        kind = "a FIFO (named pipe)" if stat.S_ISFIFO(mode) else "a socket" if stat.S_ISSOCK(mode) else "a device"
        raise AslError(f"cannot read {name}: it is {kind}, not a file", "")
    if limit is not None and info.st_size > limit:
        raise AslError(f"cannot read {name}: it is {megabytes(info.st_size)}, over the {megabytes(limit)} limit", "")


def _read_at_most(handle: BinaryIO, name: str, limit: int) -> bytes:
    data = handle.read(limit + 1)
    if len(data) > limit:
        raise AslError(f"cannot read {name}: it is over the {megabytes(limit)} limit", "")
    return data
