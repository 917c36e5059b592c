"""The dispatcher: ``resolve(scenario, action)`` checks an action's keys against its kind's
declaration (``rules.kinds``, DESIGN.md section 9), answers it with the kind's resolver, imported
by name on first use so that ``aslgui resolve`` loads only the rules area it is asked about, and
completes the answer (every answer key, the ``unverified`` and no-ATTACKER notes).  It sits above
every resolver: none imports it."""

from collections.abc import Callable
from typing import Any

from aslgui.errors import AslError, shown
from aslgui.model import Scenario
from aslgui.model.scenario import OffBoardError
from aslgui.rules.action_keys import action_kind
from aslgui.rules.actions import Action
from aslgui.rules.kinds import HEX_LIST_ANSWERS, HEX_MAP_KINDS, RESOLVERS, SIDE_RULES, ActionKind, no_attacker_note
from aslgui.rules.resolution import IllegalAction, Resolution
from aslgui.rules.roster import taking_notes

Resolver = Callable[[Action], Resolution]


def _spec(kind: str) -> ActionKind:
    spec = RESOLVERS.get(kind)
    if spec is None:
        known = ", ".join(sorted(RESOLVERS))
        raise AslError(f"unknown action kind {shown(kind)}; expected one of: {known}", "action.kind")
    return spec


def resolver_for(kind: str) -> Resolver:
    """The resolver function of an action kind (AslError naming ``action.kind`` if unknown)."""
    resolver = _RESOLVER_FUNCTIONS.get(kind)
    if resolver is None:
        resolver = _RESOLVER_FUNCTIONS[kind] = _imported(_spec(kind).resolver)
    return resolver


#: Each kind's resolver once imported (a batch asks the same kind thousands of times).
_RESOLVER_FUNCTIONS: dict[str, Resolver] = {}
QuickResolver = Callable[[Scenario, dict[str, Any]], "Resolution | None"]
#: Each kind's quick resolver (``ActionKind.quick``) once imported.
_QUICK_FUNCTIONS: dict[str, QuickResolver] = {}


def _imported(reference: str) -> Any:
    """The function ``module:function`` names."""
    module, function = reference.split(":")
    # ``__import__`` with a fromlist gives the module itself; importlib would cost a third of a ms
    return getattr(__import__(module, fromlist=[function]), function)


def _answer(kind: str, spec: ActionKind, scenario: Scenario, action: dict[str, Any]) -> tuple[Resolution, list[str]]:
    """The resolver's answer, and a note for each value it took from an unchecked roster entry;
    the kind's quick resolver's, which takes none, for the question it answers."""
    if spec.quick is not None:
        quick = _QUICK_FUNCTIONS.get(kind) or _QUICK_FUNCTIONS.setdefault(kind, _imported(spec.quick))
        if (answer := quick(scenario, action)) is not None:
            return answer, []
    try:
        resolver = resolver_for(kind)
        # read before the notes are taken: checking an action's keys takes no roster value
        return taking_notes(resolver, Action(action, scenario, spec.keys, spec.required, resolve))
    except OffBoardError as error:
        # A unit in the order of battle is not on the map: nothing it could do there is legal,
        # nothing is worked out and nothing is rolled (odds null, DESIGN.md 10).
        return Resolution(kind, legal=False, reasons=(f"{error.path}: {error.message}",)), []
    except IllegalAction as error:
        # A unit of the wrong kind, or without the weapon asked about: a question whose answer is
        # no (DESIGN.md 4), with every answer key of the kind, null as for an off-map unit.
        return Resolution(kind, legal=False, reasons=(error.message,)), []


def _units_unverified(scenario: Scenario, action: dict[str, Any], answer: Resolution) -> list[str]:
    """The ``unverified`` notes of the units an action names, and of the firers an odds map's
    threat names (a VASL import's guesses, such as a value copied from the roster because the
    module lacks the counter), each ``id: note``, so a guess made once stays named in every answer
    that reads it (DESIGN.md 11)."""
    units = scenario.units
    hexes = answer.values.get("hexes")
    try:  # at once in C: a question whose values name no unit and that maps no hexes (``los``)
        if units.keys().isdisjoint(action.values()) and not isinstance(hexes, dict):
            return []
    except TypeError:  # a list or an object among its values: looked through below
        pass
    # only the strings that are unit ids: most of an action's are hex names, words and the kind
    named: list[str] = []
    lists: list[list[Any]] = []
    for value in action.values():
        if isinstance(value, str):
            if value in units:
                named.append(value)
        elif isinstance(value, list):
            lists.append(value)
    for value in lists:
        named += [item for item in value if isinstance(item, str) and item in units]
    if isinstance(hexes, dict):
        named += [entry["firer"] for entry in hexes.values() if isinstance(entry, dict) and "firer" in entry]
    notes: list[str] = []
    for unit_id in dict.fromkeys(named) if named else ():
        unit = units.get(unit_id)
        if unit is not None:
            notes += [f"{unit_id}: {note}" for note in unit.extra.get("unverified") or () if isinstance(note, str)]
    return notes


#: Each kind's answer keys as a set: most answers carry them all, and are not copied to add none.
_ANSWER_KEYS = {kind: frozenset(spec.answers) for kind, spec in RESOLVERS.items()}


def resolve(scenario: Scenario, action: dict[str, Any]) -> Resolution:
    """Answer one action about a scenario; AslError (naming ``action.<key>``) for bad input.
    Every value the answer took from a roster entry not checked against its counter is named in
    its ``unverified`` (docs/readings.md, "Chart values"), whichever rules area took it."""
    kind = action_kind(action)
    spec = RESOLVERS.get(kind) or _spec(kind)
    answer, taken = _answer(kind, spec, scenario, action)
    named = _units_unverified(scenario, action, answer)
    if named:
        taken += [note for note in named if note not in taken]
    if taken:  # each once: a move's OVR answer, folded into it, names the same units (DESIGN.md 13)
        answer = answer.with_values({"unverified": list(dict.fromkeys([*answer.values.get("unverified", ()), *taken]))})
    if not scenario.player and kind in SIDE_RULES:
        answer = answer.with_values({"notes": [*answer.values.get("notes", ()), no_attacker_note(kind)]})
    values = answer.values
    # iterated once in C, not asked ``in`` for each key: a ``fire`` answer's values are a
    # ``WithOdds``, a Mapping in Python (issue 40)
    if not _ANSWER_KEYS[kind].issubset(values):
        empty_hexes: dict[str, Any] | list[str] = {} if kind in HEX_MAP_KINDS else []
        answer = answer.with_values({key: empty_hexes if key in HEX_LIST_ANSWERS else None
                                     for key in spec.answers if key not in values})
    return answer


def is_legal(scenario: Scenario, action: dict[str, Any]) -> bool:
    """The bool twin of ``resolve`` (python-chess style)."""
    return resolve(scenario, action).legal
