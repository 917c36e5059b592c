"""Fuzzing hostile board archives, LOSData grids, cache files and nested saves (issue 27): only an
AslError naming the file ever escapes, each case within a time and memory bound, a damaged cache
product is rebuilt to what a clean read gives, and the one-pass decoders of nested VASSAL text
give what VASSAL's level-by-level decoding gives."""

from __future__ import annotations

import gzip
import json
import os
import struct
import time
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from aslgui.errors import AslError
from aslgui.vasl import cache
from aslgui.vasl.board import load_board
from aslgui.vasl.los_geometry import board_los
from aslgui.vasl.pieces import _nested_levels_slowly, _unquote, decode_sequence
from aslgui.vasl.vsav import ESC, flatten_commands
from tests.vasl.make_archive import TINY_GIF, java_block_stream, metadata_xml, sample_board, write_archive

EXAMPLES = int(os.environ.get("ASLGUI_FUZZ_EXAMPLES", "200"))
SETTINGS = settings(max_examples=max(EXAMPLES // 10, 10), deadline=None,
                    derandomize=not os.environ.get("ASLGUI_FUZZ_RANDOM"),
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
#: Every case: at most this long and this much memory allocated at its peak.
SECONDS, MEGABYTES = 3.0, 200


def _bounded(read: Any) -> Any:
    tracemalloc.start()
    start = time.monotonic()
    try:
        return read()
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        assert time.monotonic() - start < SECONDS and peak < MEGABYTES << 20


@st.composite
def los_archives(draw: st.DrawFn) -> dict[str, bytes]:
    """Archives whose LOSData header says any size (lying about its hexes, its pixels or its
    length) over a small real grid, with metadata of any size, the stream cut or not."""
    width, height = draw(st.integers(-1, 500)), draw(st.integers(-1, 500))
    real_w, real_h = draw(st.integers(1, 120)), draw(st.integers(1, 80))
    said_w = draw(st.sampled_from([real_w, real_w * 64, 1 << 30, 0]))
    said_h = draw(st.sampled_from([real_h, real_h * 64, 1 << 30, -5]))
    hexes = max(width, 0) * max(height, 0) + max(width, 0) // 2
    body = draw(st.binary(min_size=2 * real_w * real_h, max_size=2 * real_w * real_h))
    payload = struct.pack(">4i", width, height, said_w, said_h) + body + bytes(min(hexes, 1 << 16))
    stream = java_block_stream(payload, block=draw(st.sampled_from([1024, 255, 7])))
    stream = stream[: draw(st.integers(0, len(stream)))] if draw(st.booleans()) else stream
    meta_w, meta_h = draw(st.sampled_from([(33, 10), (max(width, 1), max(height, 1)), (1, 1)]))
    meta = metadata_xml("99", False).replace(b'width="33" height="10"', f'width="{meta_w}" height="{meta_h}"'.encode())
    return {"BoardMetadata.xml": meta, "bd99.gif": TINY_GIF, "LOSData": gzip.compress(stream, compresslevel=1)}


@SETTINGS
@given(los_archives())
def test_any_los_data_reads_or_is_an_error_naming_the_archive(tmp_path: Path, members: dict[str, bytes]) -> None:
    path = write_archive(tmp_path / "bd99", members)
    cache._digests.clear()

    def read() -> None:
        try:
            board = load_board(path)
            board_los(str(path), board.digest, (str(tmp_path),), board.hexes)
        except AslError as error:
            assert str(path) in error.message

    _bounded(read)


@pytest.fixture(scope="module")
def clean(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any], Path]:
    """A sample board read once: its archive, its facts as read, its cached facts file."""
    folder = tmp_path_factory.mktemp("fuzz-cache")
    sample = sample_board(folder)
    board = load_board(sample.path)
    return sample.path, board._asdict(), next(Path(cache.cache_folder(), board.digest).glob("hexfacts-*"))


def _mutations() -> st.SearchStrategy[bytes]:
    leaf = st.none() | st.booleans() | st.integers(-(1 << 70), 1 << 70) | st.floats() | st.text(max_size=5)
    any_json = st.recursive(
        leaf, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
        max_leaves=8)
    return any_json.map(lambda v: json.dumps(v).encode()) | st.binary(max_size=64)


@SETTINGS
@given(st.data())
def test_a_cache_file_changed_anywhere_is_rebuilt(clean: tuple[Path, dict[str, Any], Path],
                                                  data: st.DataObject) -> None:
    """One value of the cached facts replaced by any JSON (NaN and huge numbers too), or the
    file replaced by any bytes: the next read gives the clean facts."""
    archive, facts, product = clean
    text = json.loads(product.read_bytes()) if product.exists() else None
    if text is not None and data.draw(st.booleans()):
        hex_name = data.draw(st.sampled_from(sorted(text["hexes"])))
        field = data.draw(st.integers(0, 6))
        text["hexes"][hex_name][field] = json.loads(data.draw(_mutations().filter(_is_json)))
        product.write_text(json.dumps(text))
    else:
        product.write_bytes(data.draw(_mutations()))
    cache._digests.clear()
    assert _bounded(lambda: load_board(archive))._asdict() == facts


def _is_json(raw: bytes) -> bool:
    try:
        json.loads(raw)
    except ValueError:
        return False
    return True


# -- nested VASSAL text: the one-pass decoders against VASSAL's level-by-level decoding ---------
def _flatten_level_by_level(text: str) -> list[str]:
    out, pending = [], [text]
    while pending:
        tokens = decode_sequence(pending.pop(), ESC)
        if len(tokens) == 1:
            out.append(tokens[0])
        else:
            pending.extend(reversed(tokens))
    return out


def _levels_level_by_level(text: str) -> list[str]:
    """A piece's traits as VASSAL's Decorators decode them: the first token, then the rest
    unescaped once and unquoted, again and again."""
    levels: list[str] = []
    rest: str | None = text
    while rest is not None:
        at = next((i for i, c in enumerate(rest) if c == "\t" and (i == 0 or rest[i - 1] != "\\")), -1)
        first, rest = (rest, None) if at < 0 else (rest[:at], rest[at + 1 :])
        levels.append(_unquote(first.replace("\\\t", "\t")))
        rest = None if rest is None else _unquote(rest.replace("\\\t", "\t"))
    return levels


NESTED = st.text(alphabet="ab'\\\x1b\t", max_size=60)


@settings(max_examples=EXAMPLES * 5, deadline=None, derandomize=not os.environ.get("ASLGUI_FUZZ_RANDOM"))
@given(NESTED)
def test_one_pass_command_decoding_is_vassals(text: str) -> None:
    assert flatten_commands(text) == _flatten_level_by_level(text)


@settings(max_examples=EXAMPLES * 5, deadline=None, derandomize=not os.environ.get("ASLGUI_FUZZ_RANDOM"))
@given(NESTED)
def test_one_pass_trait_decoding_is_vassals(text: str) -> None:
    assert _nested_levels_slowly(text) == _levels_level_by_level(text)


@SETTINGS
@given(st.integers(1, 1500), st.sampled_from([ESC, "\t"]))
def test_nesting_of_any_depth_decodes_in_linear_time(depth: int, delimiter: str) -> None:
    """Nested ``depth`` deep (text of depth^2/2 backslashes): bounded like any other case."""
    inside = delimiter == ESC  # a command nested inside the list, or a piece's own traits
    text = "".join("c'" + "\\" * (k + inside) + delimiter for k in range(depth)) + "x"
    levels = _bounded(lambda: flatten_commands("a" + ESC + text) if inside else _nested_levels_slowly(text))
    assert len(levels) == depth + 1 + inside
