"""The action log: every committed action with its numbers, rule citations and dice.

It is saved in the scenario file under the top-level key ``log`` (a list of entries), which
the loader keeps as an unknown key, so it lives in ``scenario.extra["log"]``. Entries are
plain JSON values rendered at commit time (DRM lines already carry their case and rule), so
the model needs nothing from the rules core to show or save them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from aslgui.errors import AslError
from aslgui.model.scenario import Scenario

LOG_KEY = "log"


@dataclass(frozen=True)
class LogEntry:
    """One committed action: when (turn, phase, ATTACKER), what (action), and the rules' answer."""

    turn: int
    phase: str
    player: str
    summary: str
    action: dict[str, Any] = field(compare=False)
    answer: dict[str, Any] = field(compare=False)
    drm: tuple[str, ...] = ()
    #: The dice came from the Roll button (False: typed in to rehearse one roll); dice statistics
    #: count rolled dice only.
    rolled: bool = False
    #: The side of the unit that acted (who rolled), which may not be the ATTACKER's.
    side: str = ""
    #: Who acted, as a player names it with its hex then (``T-34 M43 in 1K6``): the log says which
    #: of three T-34s fired, as VASL's report lines do, even after it moved on.
    actor: str = ""
    #: Unit id -> the player's name then, for the ids the action and answer hold.
    names: dict[str, str] = field(default_factory=dict, compare=False)

    @property
    def kind(self) -> str:
        return str(self.action.get("kind", ""))

    def to_json(self) -> dict[str, Any]:
        later = {"actor": self.actor, "names": self.names}  # issue 28: left out when empty, as in older logs
        return {"turn": self.turn, "phase": self.phase, "player": self.player, "summary": self.summary,
                "action": self.action, "answer": self.answer, "drm": list(self.drm), "rolled": self.rolled,
                "side": self.side, **{key: value for key, value in later.items() if value}}

    @classmethod
    def from_json(cls, data: Any, path: str) -> LogEntry:
        """Read one saved entry; AslError names the bad key (``log[2].turn``)."""
        if not isinstance(data, dict):
            raise AslError(f"expected a log entry object, got {data!r}", path)
        expected: tuple[tuple[str, type, str], ...] = (
            ("turn", int, "a turn number"), ("phase", str, "a phase name"), ("player", str, "a side name"),
            ("summary", str, "a string"), ("action", dict, "an action object"), ("answer", dict, "an answer object"),
            ("drm", list, "a list of DRM lines"))
        for key, kind, words in expected:
            if type(data.get(key)) is not kind:
                raise AslError(f"expected {words}, got {data.get(key)!r}", f"{path}.{key}")
        for i, line in enumerate(data["drm"]):
            if not isinstance(line, str):
                raise AslError(f"expected a DRM line as text, got {line!r}", f"{path}.drm[{i}]")
        optional: tuple[tuple[str, type, str, Any], ...] = (
            ("rolled", bool, "true or false", False), ("side", str, "a side name", ""),
            ("actor", str, "a unit's name", ""), ("names", dict, "an object of unit names", {}))
        for key, kind, words, default in optional:  # absent in logs saved before issues 17 and 28
            if type(data.get(key, default)) is not kind:
                raise AslError(f"expected {words}, got {data.get(key)!r}", f"{path}.{key}")
        names = data.get("names", {})
        for unit_id, name in names.items():
            if not isinstance(name, str):
                raise AslError(f"expected a unit's name as text, got {name!r}", f"{path}.names.{unit_id}")
        return cls(data["turn"], data["phase"], data["player"], data["summary"], data["action"], data["answer"],
                   tuple(data["drm"]), data.get("rolled", False), data.get("side", ""), data.get("actor", ""),
                   dict(names))


def read_log(scenario: Scenario) -> list[LogEntry]:
    """The scenario's log (empty when it has none); AslError names a broken entry's path."""
    raw = scenario.extra.get(LOG_KEY, [])
    if not isinstance(raw, list):
        raise AslError(f"expected a list of log entries, got {raw!r}", LOG_KEY)
    return [LogEntry.from_json(item, f"{LOG_KEY}[{i}]") for i, item in enumerate(raw)]


def log_with(scenario: Scenario, entry: LogEntry) -> list[dict[str, Any]]:
    """The log's JSON list with ``entry`` appended (a new list: undo keeps the old one)."""
    return [e.to_json() for e in read_log(scenario)] + [entry.to_json()]


def set_log(scenario: Scenario, entries: Sequence[dict[str, Any]]) -> None:
    """Replace the saved log (an empty log removes the key, so untouched files stay unchanged)."""
    if entries:
        scenario.extra[LOG_KEY] = list(entries)
    else:
        scenario.extra.pop(LOG_KEY, None)


