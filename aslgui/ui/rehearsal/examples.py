"""The "Rulebook examples" menu: each EX of the implemented sections as a ready situation.

An example is a scenario file in ``resources/examples/`` with two more top-level keys:
``example`` (``rule``, ``title`` and the numbers the EX text gives, ``expected`` /
``expected_contains``; where the EX tells what a roll does, ``roll`` and ``expected_outcome``)
and ``prepared_action``, the action the EX talks about, which opens in the popup so the player
sees the rulebook's numbers and can roll. An EX that walks a procedure phase by phase (C10's
hooking up and unhooking) lists ``steps``: each a phase, turn and ATTACKER, a title and the
action of that phase, opened one after the other.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QMenu, QWidget

from aslgui.errors import AslError
from aslgui.model import Scenario, load_scenario
from aslgui.model.json_files import read_json_file
from aslgui.resource_files import resource_path


@dataclass(frozen=True)
class Step:
    """One phase of a procedure EX: when it happens and what is done then."""

    title: str
    phase: str
    turn: int
    player: str
    action: dict[str, Any]
    expected: dict[str, Any]


@dataclass(frozen=True)
class Example:
    """One rulebook EX: where its file is, what it shows, and the action it prepares."""

    rule: str
    title: str
    path: Path
    prepared_action: dict[str, Any]
    expected: dict[str, Any]
    expected_contains: dict[str, list[Any]]
    roll: dict[str, int] = field(default_factory=dict)
    expected_outcome: dict[str, Any] = field(default_factory=dict)
    steps: tuple[Step, ...] = ()

    def load(self) -> Scenario:
        return load_scenario(self.path)


def _rule_key(rule: str) -> tuple[Any, ...]:
    """Rulebook order: chapter letter, section number, then the rest as decimals read digit by
    digit (C3.32 < C3.331 < C3.6 < C3.71 < C5.3 < C10.13 < C10.2 < C10.3 < D7.22)."""
    match = re.fullmatch(r"([A-Z]+)(\d+)(?:\.(\d+))?", rule)
    if match is None:
        return (rule,)
    return match.group(1), int(match.group(2)), match.group(3) or ""


def read_example(path: Path) -> Example:
    """An example file's EX facts; AslError names a missing key."""
    data = read_json_file(path, "example file")
    about = data.get("example") if isinstance(data, dict) else None
    if not isinstance(about, dict) or not isinstance(about.get("rule"), str) or not isinstance(about.get("title"), str):
        raise AslError(f"{path.name}: expected an object with a rule and a title", "example")
    action = data.get("prepared_action")
    if not isinstance(action, dict):
        raise AslError(f"{path.name}: expected the action the EX is about", "prepared_action")
    return Example(about["rule"], about["title"], path, action, dict(about.get("expected", {})),
                   dict(about.get("expected_contains", {})), dict(about.get("roll", {})),
                   dict(about.get("expected_outcome", {})), _steps(path, data.get("steps", [])))


def _steps(path: Path, raw: Any) -> tuple[Step, ...]:
    """The phases of a procedure EX; AslError names the step that is not one."""
    if not isinstance(raw, list):
        raise AslError(f"{path.name}: expected a list of steps", "steps")
    steps = []
    for i, item in enumerate(raw):
        keys = {"title": str, "phase": str, "turn": int, "player": str, "action": dict}
        if not isinstance(item, dict) or any(not isinstance(item.get(k), t) for k, t in keys.items()):
            raise AslError(f"{path.name}: expected {{title, phase, turn, player, action}}", f"steps[{i}]")
        steps.append(Step(item["title"], item["phase"], item["turn"], item["player"], item["action"],
                          dict(item.get("expected", {}))))
    return tuple(steps)


@cache
def examples() -> tuple[Example, ...]:
    """Every example in ``resources/examples``, in rulebook order."""
    found = [read_example(path) for path in sorted(resource_path("examples").glob("*.json"))]
    return tuple(sorted(found, key=lambda ex: _rule_key(ex.rule)))


class ExamplesMenu(QMenu):
    """One entry per EX; choosing one calls ``open_example`` (the window loads it and opens the popup)."""

    def __init__(self, open_example: Callable[[Example], None], parent: QWidget | None = None) -> None:
        super().__init__("Rulebook e&xamples", parent)
        for example in examples():
            action = self.addAction(example.title)
            action.setToolTip(f"{example.rule}: {example.path.name}")
            action.triggered.connect(lambda _checked=False, ex=example: open_example(ex))
