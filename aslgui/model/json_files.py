"""Strict JSON in and out of the files users name (DESIGN.md 9): read up to the input limit, every
number finite, no key twice in one object, and each error naming the JSON path and where the text
broke; written atomically, so a crash mid-save leaves the previous file whole."""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable
from typing import Any, BinaryIO

from aslgui.errors import AslError, shown
from aslgui.model.jsonvalues import Spelled, key_path, refuse_non_finite
from aslgui.user_files import read_bounded, read_stream_bounded, write_atomic


class _Twice(dict[str, Any]):
    """An object the JSON reader met with a key twice (``twice``): which one counts would be a
    guess (Python's json keeps the last, other readers the first), so it is refused, once the
    whole document is read and the object's JSON path can be named."""

    twice: str


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object from its key/value pairs, a ``_Twice`` when a key comes twice."""
    obj = dict(pairs)
    if len(obj) == len(pairs):
        return obj
    seen: set[str] = set()
    marked = _Twice(obj)
    marked.twice = next(key for key, _ in pairs if key in seen or seen.add(key))  # type: ignore[func-returns-value]
    return marked


def _refuse_twice(value: Any, path: str) -> None:
    """AslError naming the path of the first key found twice in one object (``_Twice``)."""
    if isinstance(value, _Twice):
        raise AslError(f"the key {shown(value.twice)} appears twice in one object", key_path(path, value.twice))
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        _refuse_twice(item, f"{path}[{key}]" if isinstance(key, int) else key_path(path, key))


class _Unusual(Exception):
    """Text the plain reader (``_PLAIN``) leaves to the strict one: a key twice in one object, a
    number that is not finite."""


def _unusual(token: str) -> float:
    raise _Unusual(token)


def _finite(token: str) -> float:
    value = float(token)
    if not math.isfinite(value):  # 1e999
        raise _Unusual(token)
    return value


def _plain_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        raise _Unusual("a key twice")
    return obj


#: One reader, made once, for the JSON the strict reader accepts as it is (nearly all of it: a
#: batch's lines); it gives up at anything the strict reader must name (``_Unusual``) or any
#: error, and ``parse_json_text`` reads that text again the strict way, so its value or error is
#: exactly the strict reader's, without a decoder and its hooks made per text.
_PLAIN = json.JSONDecoder(parse_constant=_unusual, parse_float=_finite, object_pairs_hook=_plain_object)
#: ``_PLAIN``'s scanner: the value that starts at an index of a text, and where it ends.
_SCAN: Callable[[str, int], tuple[Any, int]] = _PLAIN.scan_once  # type: ignore[attr-defined]  # not in the stubs
#: What JSON counts as whitespace around a value (``str.strip`` alone would take more).
_JSON_WHITESPACE = " \t\n\r"


def parse_json_text(text: str, what: str, root: str = "") -> Any:
    """Strict JSON from text, or AslError saying where it broke (line and column).  A UTF-8
    byte order mark some editors write is skipped.  A number that is not finite (``NaN``,
    ``Infinity``, ``1e999``) is an error naming its JSON path from ``root`` (``units[0].caliber``,
    ``action.extra_drm[1].value``); so is a key twice in one object (``boards[0].col``). An error
    about the whole text (not JSON, nested too deeply) names ``root``."""
    try:
        return _plain(text)
    except (_Unusual, ValueError, RecursionError):  # read again, to name what it is
        return _parse_strictly(text, what, root)


def _plain(text: str) -> Any:
    """``_PLAIN.decode(text)``, a byte order mark skipped, with the scanner asked at once when the
    text starts with its value (a batch's line does): the same value, or an error."""
    try:
        value, end = _SCAN(text, 0)
    except StopIteration:  # a byte order mark or whitespace first, or no value at all
        return _PLAIN.decode(text.removeprefix("\ufeff"))
    if end != len(text) and text[end:].strip(_JSON_WHITESPACE):
        raise ValueError("extra data after the value")  # as decode would: the strict reader says where
    return value


def _parse_strictly(text: str, what: str, root: str) -> Any:
    """``parse_json_text`` with every number and object checked as it is read."""
    spelled: list[Spelled] = []
    twice: list[bool] = []

    def non_finite(token: str) -> float:
        number = Spelled(token)
        spelled.append(number)
        return number

    def number(token: str) -> float:
        value = float(token)
        return value if math.isfinite(value) else non_finite(token)

    def unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        obj = _unique_keys(pairs)
        if isinstance(obj, _Twice):
            twice.append(True)
        return obj

    decoder = json.JSONDecoder(parse_constant=non_finite, parse_float=number, object_pairs_hook=unique_keys)
    try:
        data = decoder.decode(text.removeprefix("\ufeff"))
        if twice:
            _refuse_twice(data, root)
        if spelled:
            refuse_non_finite(data, root)
        return data
    except AslError as error:
        raise AslError(f"{what}: {error.message}", error.path) from None
    except json.JSONDecodeError as error:
        raise AslError(
            f"{what} is not valid JSON: {error.msg} at line {error.lineno}, column {error.colno}", root
        ) from None
    except ValueError:  # an integer longer than Python converts (sys.get_int_max_str_digits)
        raise AslError(f"{what} holds a number too long to read", root) from None
    except RecursionError:
        raise AslError(f"{what} nests lists or objects too deeply to read", root) from None


def parse_json_bytes(data: bytes, what: str, root: str = "") -> Any:
    """Strict JSON from UTF-8 bytes (a byte order mark allowed), or AslError."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise AslError(f"cannot read {what}: it is not UTF-8 text (byte {error.start})", root) from None
    return parse_json_text(text, what, root)


def read_json_file(path: str | os.PathLike[str], what: str, root: str = "") -> Any:
    """Parsed JSON of a file read up to the input limit, with file and syntax errors as AslError
    (paths inside it from ``root``, which a file that cannot be read is named by)."""
    try:
        data = read_bounded(path, what)
    except AslError as error:
        raise AslError(error.message, error.path or root) from None
    return parse_json_bytes(data, f"{what} {os.fspath(path)!r}", root)


def read_stream(stream: BinaryIO, what: str, root: str = "") -> bytes:
    """An open stream (``-``: stdin) read up to the input limit, its errors named by ``root``;
    parsed apart, as stdin may hold one JSON value or JSON lines."""
    try:
        return read_stream_bounded(stream, what)
    except AslError as error:
        raise AslError(error.message, error.path or root) from None


def write_json_file(data: Any, path: str | os.PathLike[str]) -> None:
    """A scenario file's JSON object, written atomically as ``save_scenario`` writes it."""
    text = json.dumps(data, indent=2, ensure_ascii=False, allow_nan=False) + "\n"
    # A lone surrogate (read from a "\ud800" escape) cannot be UTF-8; written back as the
    # same escape, it reloads unchanged.  Only JSON strings can hold one.
    write_atomic(path, text.encode("utf-8", errors="backslashreplace"))
