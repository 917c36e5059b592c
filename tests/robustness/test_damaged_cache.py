"""A damaged per-user cache (issue 27): a FIFO, a link to /dev/zero, JSON of the right outer shape
but wrong inside, another board copied over an archive.  Each reads as missing and is rebuilt, bounded in time
and memory: the cache is never fatal."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from aslgui.vasl import cache
from aslgui.vasl.board import load_board
from aslgui.vasl.los_geometry import board_los
from tests.robustness.bounded import run_bounded
from tests.vasl.make_archive import TINY_GIF, encode_los_data, metadata_xml, sample_board, write_archive


def _fresh(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """A private cache folder, as a fresh process sees it."""
    monkeypatch.setenv(cache.CACHE_ENV, str(folder))
    cache._digests.clear()


@pytest.fixture(scope="module")
def read_once(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sample board's archive, in a folder beside the cache its first read made (building the
    LOS product is most of a test's time, so it is built once and each test damages a copy)."""
    folder = tmp_path_factory.mktemp("read-once")
    with pytest.MonkeyPatch.context() as monkeypatch:
        _fresh(monkeypatch, folder / "cache")
        sample = sample_board(folder)
        board = load_board(sample.path)
        board_los(str(sample.path), board.digest, (str(folder),), board.hexes)
    return sample.path


def _products(tmp_path: Path, read_once: Path) -> tuple[Path, Path, Path]:
    """The board read once, copied into ``tmp_path`` (its ``cache`` folder the cache): the
    archive, the hex-facts product and the LOS product."""
    shutil.copytree(read_once.parent, tmp_path, dirs_exist_ok=True)
    (folder,) = Path(cache.cache_folder()).iterdir()  # named by the board's digest
    return tmp_path / read_once.name, next(folder.glob("hexfacts-*")), next(folder.glob("los-*"))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
@pytest.mark.parametrize("which", ["hexfacts", "los", "dev-zero"])
def test_a_cache_file_that_is_a_fifo_or_dev_zero_is_rebuilt(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                           read_once: Path, which: str) -> None:
    """A FIFO blocked every resolve and the window forever; /dev/zero was read without limit."""
    _fresh(monkeypatch, tmp_path / "cache")
    archive, facts, los = _products(tmp_path, read_once)
    target = {"hexfacts": facts, "los": los, "dev-zero": facts}[which]
    target.unlink()
    if which == "dev-zero":
        target.symlink_to("/dev/zero")
    else:
        os.mkfifo(target)
    out = run_bounded(f"""
        import os
        os.environ[{cache.CACHE_ENV!r}] = {str(tmp_path / "cache")!r}
        from aslgui.vasl.board import load_board
        from aslgui.vasl.los_geometry import board_los
        board = load_board({str(archive)!r})
        product = board_los({str(archive)!r}, board.digest, ({str(tmp_path)!r},), board.hexes)
        print(board.hexes["E5"].terrain, sorted(product))
        """, seconds=15, megabytes=600)
    assert out.split() == ["Woods", "['floors',", "'hexes',", "'inherent']"]


@pytest.mark.parametrize("damage", ["terrain a number", "level Infinity", "level 1e999", "a hex missing",
                                    "los text not JSON", "los level a string", "los hex of another board"])
def test_cache_json_wrong_inside_is_rebuilt(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, read_once: Path,
                                            damage: str) -> None:
    """The right outer shape, wrong inside: it failed every later run and was never rebuilt."""
    _fresh(monkeypatch, tmp_path / "cache")
    archive, facts_file, los_file = _products(tmp_path, read_once)
    facts, los = json.loads(facts_file.read_bytes()), json.loads(los_file.read_bytes())
    if damage == "terrain a number":
        facts["hexes"]["E5"][0] = 7
    elif damage.startswith("level"):
        text = json.dumps(facts).replace('"E5": ["Woods", 0,', f'"E5": ["Woods", {damage.split()[1]},')
        facts_file.write_text(text)
    elif damage == "a hex missing":
        del facts["hexes"]["E5"]
    elif damage == "los text not JSON":
        los["hexes"]["E5"] = "[[not json"
    elif damage == "los level a string":
        los["floors"]["E5"] = "0"
    else:
        los["inherent"]["ZZ99"] = "orchard"
    if not damage.startswith("level"):
        facts_file.write_text(json.dumps(facts))
        los_file.write_text(json.dumps(los))
    cache._digests.clear()
    board = load_board(archive)
    product = board_los(str(archive), board.digest, (str(tmp_path),), board.hexes)
    assert board.hexes["E5"].terrain == "Woods" and board.hexes["E5"].elevation == 0
    assert json.loads(product["hexes"]["E5"])[0][0] == "obstacle" and product["floors"]["E5"] == 0
    assert "ZZ99" not in product["inherent"]
    assert json.loads(facts_file.read_bytes()) == {**facts, "hexes": json.loads(facts_file.read_bytes())["hexes"]}


def test_a_poisoned_index_entry_never_serves_another_boards_facts(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Another board copied over an archive with its size and mtime kept: the index (keyed by size
    and mtime) served the old board's terrain.  Keyed by the zip directory, it is read anew."""
    import numpy as np

    _fresh(monkeypatch, tmp_path / "cache")
    sample = sample_board(tmp_path)
    assert load_board(sample.path).hexes["E5"].terrain == "Woods"
    before = sample.path.stat()
    bare = write_archive(tmp_path / "other", {"BoardMetadata.xml": metadata_xml("77", True), "bd77.gif": TINY_GIF,
                                              "LOSData": encode_los_data(sample.elevation,
                                                                         np.zeros_like(sample.terrain))})
    data = bare.read_bytes()
    data += b"\0" * (before.st_size - len(data)) if len(data) < before.st_size else b""
    if len(data) != before.st_size:
        pytest.skip("the repainted board is larger than the sample")
    sample.path.write_bytes(data[: before.st_size])
    os.utime(sample.path, ns=(before.st_atime_ns, before.st_mtime_ns))
    cache._digests.clear()
    assert load_board(sample.path).hexes["E5"].terrain != "Woods"


def test_a_stamped_product_skips_the_whole_check_and_damaged_bytes_do_not(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch,
                                                                          read_once: Path) -> None:
    """Checking every hex's LOS features was most of a cache hit: bytes that passed it once are
    stamped beside the cache and not checked whole again; a product with no stamp (an older
    cache) is checked whole and stamped; damaged bytes match no stamp and are rebuilt."""
    from aslgui.vasl import board as board_module
    from aslgui.vasl import los_geometry

    _fresh(monkeypatch, tmp_path / "cache")
    archive, facts_file, los_file = _products(tmp_path, read_once)
    board = load_board(archive)
    stamps = [Path(cache.stamp_path(board.digest, f.name)) for f in (facts_file, los_file)]
    assert [s.read_bytes() for s in stamps] == [cache._hash(f.read_bytes()) for f in (facts_file, los_file)]
    checked: list[str] = []
    for module in (board_module, los_geometry):
        whole = module._valid_hexes
        monkeypatch.setattr(module, "_valid_hexes", lambda v, whole=whole, name=module.__name__: (
            checked.append(name), whole(v))[1])
    cache._digests.clear()
    again = load_board(archive)
    assert board_los(str(archive), again.digest, (str(tmp_path),), again.hexes).keys() == {"floors", "hexes",
                                                                                            "inherent"}
    assert checked == []
    for stamp in stamps:
        stamp.unlink()
    cache._digests.clear()
    board_los(str(archive), load_board(archive).digest, (str(tmp_path),), again.hexes)
    assert checked == ["aslgui.vasl.board", "aslgui.vasl.los_geometry"] and all(s.exists() for s in stamps)
    los = json.loads(los_file.read_bytes())
    los["hexes"]["E5"] = "[[not json"
    los_file.write_text(json.dumps(los))
    product = board_los(str(archive), again.digest, (str(tmp_path),), again.hexes)
    assert json.loads(product["hexes"]["E5"])[0][0] == "obstacle"
    assert checked.count("aslgui.vasl.los_geometry") == 3  # the damaged bytes, then the rebuilt ones
    assert stamps[1].read_bytes() == cache._hash(los_file.read_bytes())
