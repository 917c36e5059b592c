"""The one error type users see: bad input named by its JSON path, never a traceback."""

from __future__ import annotations

from collections.abc import Iterable

#: How much of a bad value a message quotes: enough to recognise it, never the whole of a
#: 100 MB string (a dialog showing that freezes the GUI).
QUOTE_LIMIT = 80
#: The most any message says, whatever it quotes.
MESSAGE_LIMIT = 600


def cut(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` itself if short, else its start and how long it was."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text)} characters)"


def shown(value: object, limit: int = QUOTE_LIMIT) -> str:
    """A bad value as a message quotes it: like ``repr``, with long strings, lists and objects
    cut, so quoting a 100 MB value costs no more than quoting a short one. null/true/false and a
    list or object are quoted as JSON, the way the user wrote them (``[null, {"fp": 2}]``); a lone
    string keeps the quotes every message gives a name or value (``no unit with id 'zz'``, ``'L' or
    'LL'``, as docs/contract.md quotes them)."""
    import json  # error path only: ``aslgui resolve`` starts without these
    import reprlib

    class JsonWords(reprlib.Repr):
        """Python's repr, but null/true/false, and strings inside a list or object, as JSON spells them."""

        def repr_NoneType(self, value: None, level: int) -> str:  # reprlib dispatches on the type name
            return "null"

        def repr_bool(self, value: bool, level: int) -> str:
            return "true" if value else "false"

        def repr_str(self, value: str, level: int) -> str:
            """Inside a list or object, a JSON string, its middle cut as ``reprlib`` cuts a long one."""
            if level == self.maxlevel:
                return super().repr_str(value, level)
            text = json.dumps(value[:self.maxstring], ensure_ascii=False)
            if len(text) <= self.maxstring:
                return text
            head = max(0, (self.maxstring - 3) // 2)
            tail = max(0, self.maxstring - 3 - head)
            text = json.dumps(value[:head] + value[len(value) - tail:], ensure_ascii=False)
            return text[:head] + self.fillvalue + text[len(text) - tail:]

    short = JsonWords()
    short.maxstring = short.maxother = limit
    short.maxlevel, short.maxlist, short.maxdict = 3, 6, 6
    return cut(short.repr(value), limit)


def close_spelling(word: str, known: Iterable[str]) -> str | None:
    """The ``known`` word closest to ``word``, case aside (``DR`` -> ``dr``), for a "did you mean"
    hint (DESIGN.md 9); None when none is close."""
    from difflib import get_close_matches  # error path only: ``aslgui resolve`` starts without it

    folded = {name.casefold(): name for name in known}
    close = get_close_matches(word.casefold(), sorted(folded), n=1, cutoff=0.6)
    return folded[close[0]] if close else None


class AslError(ValueError):
    """Bad input (a broken file, an unknown hex or unit, a malformed action).

    ``path`` names where the problem is, e.g. ``units[2].hex`` or ``action.firer``, so a
    message can point the user at the field to fix.  Message and path are cut to a bounded
    length, whatever a caller quoted into them.
    """

    def __init__(self, message: str, path: str = "") -> None:
        message, path = cut(message, MESSAGE_LIMIT), cut(path, MESSAGE_LIMIT)
        super().__init__(message)
        self.message = message
        self.path = path

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message

    def to_json(self) -> dict[str, str]:
        """The ``{"error", "path"}`` object ``aslgui resolve`` prints on stderr (DESIGN.md 4)."""
        return {"error": self.message, "path": self.path}
