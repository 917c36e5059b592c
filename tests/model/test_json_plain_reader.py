"""The strict JSON reader's plain path (issue 40: one decoder made once, for a batch's lines) reads
every text as the strict reader alone does: the same value, or the same error, word for word
(DESIGN.md 9: a key twice, NaN, Infinity, 1e999, text that is not JSON); and the batch's
answers are encoded as ``json.JSONEncoder(allow_nan=False)`` encodes them."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aslgui.answer_lines import answer_line, encode_answer
from aslgui.errors import AslError
from aslgui.model.json_files import _parse_strictly, parse_json_text
from aslgui.rules.resolution import DrmLine, Resolution

#: JSON values, keys included, small enough to spell pieces that the reader must refuse.
_SCALARS = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(
    max_size=4)
_VALUES = st.recursive(_SCALARS, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
    st.sampled_from(["a", "b", "kind", "é", ""]), inner, max_size=3), max_leaves=8)
#: Pieces spliced into a JSON text: what the strict reader names (non-finite numbers, a key twice),
#: and what breaks the text.
_PIECES = st.sampled_from(['NaN', '-Infinity', 'Infinity', '1e999', '-1e400', '{"a": 1, "a": 2}', '[1, NaN]',
                           '{"b": {"c": 1, "c": 1}}', '1.5', '"x"', '{', ']', ',', '\ufeff', '9' * 5000, ' '])


def _read(read: Any, text: str) -> tuple[str, Any]:
    try:
        return "value", read(text, "the text", "action")
    except AslError as error:
        return "error", error.to_json()


def _same(text: str) -> None:
    plain, strict = _read(parse_json_text, text), _read(_parse_strictly, text)
    assert plain == strict
    if plain[0] == "value":  # equal floats aside, the same types (1 is not 1.0)
        assert json.dumps(plain[1]) == json.dumps(strict[1])


@settings(max_examples=300, deadline=None)
@given(_VALUES, st.lists(st.tuples(st.integers(0, 10_000), _PIECES), max_size=2), st.booleans())
def test_the_plain_path_reads_as_the_strict_reader(value: Any, splices: list[tuple[int, str]], bom: bool) -> None:
    text = json.dumps(value)
    for at, piece in splices:
        at %= len(text) + 1
        text = text[:at] + piece + text[at:]
    _same(("\ufeff" if bom else "") + text)


@pytest.mark.parametrize("text", [
    '{"kind": "los", "from": "4E5", "to": "4E6"}', '{"a": NaN}', '{"a": [1, {"b": -Infinity}]}', '{"a": 1e999}',
    '{"kind": "los", "kind": "fire"}', '{"a": {"b": 1, "b": 2}}', '\ufeff{"a": 1}', '{"a": 1} x', '[' * 100_000,
    '{"a": ' + '1' * 5000 + '}', '{"a": 1.0, "b": -0.0, "c": 1e300}', '',
    # JSON whitespace after the value (a Windows line's CR), and what is whitespace to Python only
    '{"a": 1}\r', '{"a": 1} \t\n', ' {"a": 1}', '{"a": 1}\x0b', '{"a": 1}\u00a0', '1 2', '"x"\r\n',
])
def test_texts_the_strict_reader_names(text: str) -> None:
    _same(text)


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.text(max_size=4), _VALUES, max_size=6))
def test_answers_are_encoded_as_the_strict_encoder_does(answer: dict[str, Any]) -> None:
    assert encode_answer(answer) == json.JSONEncoder(allow_nan=False).encode(answer)


@pytest.mark.parametrize("number", [float("nan"), float("inf"), -float("inf")])
def test_an_answer_that_is_not_finite_is_refused_as_before(number: float) -> None:
    with pytest.raises(ValueError) as plain:
        encode_answer({"a": [number]})
    with pytest.raises(ValueError) as strict:
        json.JSONEncoder(allow_nan=False).encode({"a": [number]})
    assert str(plain.value) == str(strict.value)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["los", "fire"]), st.booleans(), st.lists(st.text(max_size=3), max_size=1), st.booleans(),
       st.dictionaries(st.sampled_from(["range", "kind", "legal", "drm", "total_drm", "outcome", "é"]), _VALUES,
                       max_size=3), st.none() | st.just({"hit": True}))
def test_an_answer_line_is_its_answer_encoded(kind: str, legal: bool, reasons: list[str], drm: bool,
                                              values: dict[str, Any], outcome: dict[str, Any] | None) -> None:
    """The line of an answer whose start is encoded once per kind (``answer_lines._head``) is the line of
    the whole answer encoded, whatever its values, reasons, DRM or outcome."""
    lines = (DrmLine("A", "C5.1", 2, "x"),) if drm else ()
    answer = Resolution(kind, legal, tuple(reasons), lines, values, outcome)
    assert answer_line(answer) == encode_answer(answer.to_json()) + "\n"
