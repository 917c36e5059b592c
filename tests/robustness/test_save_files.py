"""How a save treats the file it replaces (issue 16, Low items): it keeps the file's mode (a new
file gets the umask's), writes through a symlink to its target instead of replacing the link,
and flushes the folder after the rename, so the new name survives a power cut."""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from aslgui.model import load_scenario, save_scenario
from aslgui.resource_files import resource_path

DEMO = load_scenario(resource_path("scenarios", "demo.json"))
posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX file modes, symlinks and folder fsync")


@pytest.fixture
def umask_022() -> Iterator[None]:
    old = os.umask(0o022)
    yield
    os.umask(old)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@posix_only
def test_a_save_keeps_the_files_mode(tmp_path: Path, umask_022: None) -> None:
    """The audit: every save reset a shared 0644 (or 0664) file to 0600."""
    path = tmp_path / "shared.json"
    save_scenario(DEMO, path)
    for wanted in (0o644, 0o664, 0o600):
        path.chmod(wanted)
        save_scenario(DEMO, path)
        assert mode(path) == wanted


@posix_only
def test_a_new_file_gets_the_umasks_mode(tmp_path: Path, umask_022: None) -> None:
    save_scenario(DEMO, tmp_path / "new.json")
    assert mode(tmp_path / "new.json") == 0o644
    os.umask(0o077)
    save_scenario(DEMO, tmp_path / "private.json")
    assert mode(tmp_path / "private.json") == 0o600


@posix_only
def test_a_save_through_a_symlink_writes_its_target(tmp_path: Path) -> None:
    """The audit: saving through a link replaced the link with a file, so the linked copy went stale."""
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "game.json"
    target.write_text("{}", encoding="utf-8")
    link = tmp_path / "game.json"
    link.symlink_to(target)
    save_scenario(DEMO, link)
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert load_scenario(target).units.keys() == DEMO.units.keys()
    assert sorted(p.name for p in (tmp_path / "real").iterdir()) == ["game.json"]


@posix_only
def test_the_folder_is_flushed_after_the_rename(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    synced: list[str] = []
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        synced.append("folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "file")
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    save_scenario(DEMO, tmp_path / "s.json")
    assert synced == ["file", "folder"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_save_never_replaces_a_fifo_device_or_folder(tmp_path: Path) -> None:
    """A save renamed its temporary file over whatever the name held: ``import-vsav -o /dev/full``
    run as root put a plain file where the device was. Only a regular file is replaced now."""
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    with pytest.raises(OSError, match="it is a device, FIFO or socket, not a file"):
        save_scenario(DEMO, fifo)
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    with pytest.raises(OSError, match="it is a folder, not a file"):
        save_scenario(DEMO, tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe.json"]  # no temporary file left
