"""An answer of ``aslgui resolve`` as it is printed: its board notes added, encoded as one strict
JSON line (DESIGN.md 9), fast enough for a batch of 100,000 lines."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from aslgui.model.scenario import Scenario
    from aslgui.rules.resolution import Resolution


def with_board_notes(scenario: Scenario, answer: Resolution) -> Resolution:
    """The answer as ``aslgui resolve`` prints it: with a note for each board whose terrain is the
    file's only (DESIGN.md 7), which a script cannot see otherwise. The GUI says it once, in its
    status line, so the rules core leaves it out of the answers the popups show and the log keeps."""
    return noted(answer, scenario.plain_board_notes)


def noted(answer: Resolution, notes: tuple[str, ...]) -> Resolution:
    """``with_board_notes`` with the boards' ``notes`` read already (once for a batch)."""
    if not notes:
        return answer
    # an answer within the answer (a move's OVR, DESIGN.md 13) prints as it would alone
    # (the odds are left uncounted: reading them would count the 216 rolls, WithOdds)
    values = answer.values
    nested = {key: {**value, "notes": [*value.get("notes", ()), *notes]}
              for key in values if key not in ("odds", "odds_216")
              if isinstance(value := values[key], dict) and {"kind", "legal"} <= value.keys()}
    return answer.with_values({**nested, "notes": [*answer.values.get("notes", ()), *notes]})



#: Strict JSON (DESIGN 9), one encoder for every answer of a batch.
_STRICT_JSON = json.JSONEncoder(allow_nan=False)


class _EncodedStrings(dict[str, str]):
    """Each string's JSON text (``encode_basestring_ascii``), escaped once: the answers of a batch
    repeat the same few hundred strings (their keys, hex names, reasons), so the encoder looks
    them up rather than escaping each again. Started again when it holds ``_ENCODED_KEPT``."""

    def __missing__(self, text: str) -> str:
        if len(self) >= _ENCODED_KEPT:
            self.clear()
        encoded = self[text] = json.encoder.encode_basestring_ascii(text)
        return encoded


#: More strings than the hex names of a large map and every reason an answer words.
_ENCODED_KEPT = 1 << 14


def _strict_encoder() -> Callable[[Any], str]:
    """``_STRICT_JSON.encode`` for an answer object, with the C encoder it makes per call made
    once: the same text, the same error for NaN; a cycle, which no answer has, is not looked for."""
    make = getattr(json.encoder, "c_make_encoder", None)  # not in the typing stubs
    if make is None:  # a Python without the C accelerator
        return _STRICT_JSON.encode
    made = make(None, _STRICT_JSON.default, _EncodedStrings().__getitem__, None, _STRICT_JSON.key_separator,
                _STRICT_JSON.item_separator, False, False, False)
    return lambda answer: "".join(made(answer, 0))


encode_answer = _strict_encoder()


def answer_line(answer: Resolution) -> str:
    """An answer as its JSON line.  Most answers are legal with no reasons, DRM or outcome: their
    line starts as that of an answer with no values (``_head``, encoded once per kind), and goes
    on with their values, the same text without building and encoding the keys every answer has."""
    values = answer.values
    if (answer.legal and not answer.reasons and not answer.drm and answer.outcome is None and type(values) is dict
            and _HEAD_KEYS.isdisjoint(values)):
        head = _HEADS.get(answer.kind) or _head(answer.kind)
        return f"{head}, {encode_answer(values)[1:]}\n" if values else f"{head}}}\n"
    return encode_answer(answer.to_json()) + "\n"


def _head(kind: str) -> str:
    """The JSON text of a legal ``kind`` answer with no values, without its closing brace."""
    from aslgui.rules.resolution import Resolution

    head = _HEADS[kind] = encode_answer(Resolution(kind).to_json())[:-1]
    return head


#: ``_head`` by kind, and the keys of such an answer (a value of the same key would replace one).
_HEADS: dict[str, str] = {}
_HEAD_KEYS = frozenset({"kind", "legal", "reasons", "drm", "total_drm", "outcome"})
