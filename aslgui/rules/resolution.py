"""What the rules core answers: immutable values that carry their rule citations.

NamedTuples rather than frozen dataclasses, like the model's units: nothing on the
``aslgui resolve`` path imports ``dataclasses`` (issue 8; tests/test_cli.py checks it).
"""

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

from aslgui.errors import AslError
from aslgui.rules.odds import WithOdds

_NO_VALUES: Mapping[str, Any] = MappingProxyType({})
#: The To Hit case of a LOS Hindrance's DRM line: Case R, as C5.5 and the C3.331 EX name it.
HINDRANCE_CASE = "R"


class DrmLine(NamedTuple):
    """One DRM with the case letter and rule it comes from, e.g. Case A +4 (C5.1)."""

    case: str
    rule: str
    value: int
    text: str

    @property
    def label(self) -> str:
        """How a popup or log shows it: ``A +4 (C5.1) NT, 2 hexspines``."""
        return f"{self.case} {self.value:+d} ({self.rule}) {self.text}".rstrip()

    def to_json(self) -> dict[str, Any]:
        return {"case": self.case, "rule": self.rule, "value": self.value, "text": self.text}


def reason(text: str, rule: str) -> str:
    """An illegality reason ending in the rule it cites: ``"... (C3.21)"``."""
    return f"{text} ({rule})"


class IllegalAction(AslError):
    """A well-formed question whose answer is no, found before anything can be worked out: a unit
    of the wrong kind for the action, or one without the weapon it asks about (DESIGN.md 4: an
    illegal action is still an answer). ``resolve`` answers it ``legal: false`` with this reason,
    citing ``rule``; to a caller outside ``resolve`` it is still an AslError naming ``path``."""

    def __init__(self, text: str, rule: str, path: str) -> None:
        super().__init__(reason(text, rule), path)


class Resolution(NamedTuple):
    """The answer to one action: legality, DRM lines, the key numbers and, with dice, the outcome.

    ``values`` holds the kind's own answer keys (``range``, ``modified_th``, ``fp`` ...), which
    ``to_json`` puts at the top level as DESIGN.md section 4 asks.
    """

    kind: str
    legal: bool = True
    reasons: tuple[str, ...] = ()
    drm: tuple[DrmLine, ...] = ()
    values: Mapping[str, Any] = _NO_VALUES
    outcome: Mapping[str, Any] | None = None

    @property
    def total_drm(self) -> int:
        return sum(line.value for line in self.drm)

    def with_values(self, more: Mapping[str, Any]) -> "Resolution":
        """This answer with more answer keys (notes, keys its kind always answers), odds that are
        counted on first read (``WithOdds``) still uncounted."""
        values = self.values
        merged = values.updated(more) if isinstance(values, WithOdds) else {**values, **more}
        return self._replace(values=merged)

    def to_json(self) -> dict[str, Any]:
        drm = self.drm
        out: dict[str, Any] = {
            "kind": self.kind,
            "legal": self.legal,
            "reasons": list(self.reasons),
            "drm": [line.to_json() for line in drm],
            "total_drm": self.total_drm if drm else 0,
        }
        values = self.values
        out.update(values.counted() if isinstance(values, WithOdds) else values)
        if self.outcome is not None:
            out["outcome"] = dict(self.outcome)
        return out
