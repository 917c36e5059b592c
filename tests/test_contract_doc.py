"""Issue 17.6: the contract lives in the repository (docs/contract.md), linked from the README and
``aslgui resolve --help``, and stays in step with the program: every action kind has its section,
naming each action key the kind reads and each answer key its answers carry."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from aslgui.rules import COMMON_KEYS, RESOLVERS, resolve
from aslgui.rules.actions import UNITS, domain_of
from tests.answer_samples import answers_by_kind
from tests.rules.test_declared_answer_keys import BASE, STAND_IN, situation, unit_roles

ROOT = Path(__file__).resolve().parents[1]
CONTRACT = (ROOT / "docs" / "contract.md").read_text(encoding="utf-8")
#: Keys every answer has, documented once for all kinds.
EVERY_ANSWER = ("kind", "legal", "reasons", "drm", "total_drm", "odds", "odds_216", "notes", "unverified", "outcome")


def sections() -> dict[str, str]:
    """Each ``### `kind`...`` section's text, under every kind it names in its heading."""
    out: dict[str, str] = {}
    for block in re.split(r"^### ", CONTRACT, flags=re.MULTILINE)[1:]:
        heading = block.splitlines()[0]
        for kind in re.findall(r"`([a-z_]+)`", heading):
            out[kind] = block.split("\n## ")[0]
    return out


def named(key: str, text: str) -> bool:
    return re.search(rf"`{re.escape(key)}`", text) is not None


@pytest.mark.parametrize("kind", sorted(RESOLVERS))
def test_issue17_6_every_action_key_of_every_kind_is_documented(kind: str) -> None:
    section = sections().get(kind)
    assert section is not None, f"docs/contract.md has no section for `{kind}`"
    missing = sorted(key for key in RESOLVERS[kind].keys if not named(key, section))
    assert missing == [], f"`{kind}` reads these keys; say what they mean in docs/contract.md"


@pytest.mark.parametrize("kind", sorted(RESOLVERS))
def test_issue17_6_every_answer_key_of_every_kind_is_documented(kind: str) -> None:
    section = sections()[kind]
    found: set[str] = set()
    for answer in answers_by_kind()[kind]:
        found |= set(answer.to_json()) | set(answer.outcome or {})
    missing = sorted(k for k in found if k not in EVERY_ANSWER and not named(k, section))
    assert missing == [], f"`{kind}` answers these keys; document them in docs/contract.md"


def test_issue17_6_the_common_keys_are_documented_once() -> None:
    common = CONTRACT.split("### ")[0]
    assert all(named(key, common) for key in (*COMMON_KEYS, *EVERY_ANSWER))


def test_issue17_6_the_readme_and_resolve_help_point_to_the_contract() -> None:
    assert "[docs/contract.md](docs/contract.md)" in (ROOT / "README.md").read_text(encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "aslgui", "resolve", "--help"], capture_output=True, text=True,
                          timeout=60, check=True)
    assert "docs/contract.md" in " ".join(done.stdout.split())


def test_design_4_the_always_answered_table_lists_each_kinds_declared_answer_keys() -> None:
    """docs/contract.md's "Always answered" table is ``RESOLVERS``' declaration, kind by kind, so a
    script knows which keys it may read without checking that they are there."""
    table = CONTRACT.split("| kind | always answered |")[1].split("\n\n")[0]
    rows = dict(re.findall(r"^\| `([a-z_]+)` \| (.+) \|$", table, flags=re.MULTILINE))
    assert {kind: re.findall(r"`([a-z_0-9]+)`", keys) for kind, keys in rows.items()} == {
        kind: list(spec.answers) for kind, spec in RESOLVERS.items()}


def test_the_kept_unit_keys_listed_are_the_ones_the_loader_checks() -> None:
    """The scenario file's "Kept as unit keys" list names each key of KeptUnitKeys, no other."""
    from typing import get_type_hints

    from aslgui.model.units import KeptUnitKeys

    kept = CONTRACT.split("- Kept as unit keys the rules read", 1)[1].split("\n\n", 1)[0]
    listed = set(re.findall(r"`([a-z_]+)`", kept)) - {"true", "false", "ht", "turret", "hull"}
    assert listed == set(get_type_hints(KeptUnitKeys))


#: A rule citation ending a reason: ``(C3.22)``, ``(A6.2, B13)``, ``(A.7)``, ``(B.10)``.
CITATION = re.compile(r"\([A-D](?:\d|\.\d)[^()]*\)$")


def off_board_reason() -> re.Pattern[str]:
    """The one reason docs/contract.md lets cite no rule, read from its own words: ``PATH: ID is
    not on the map ...``, PATH an action key or a Gun's ``crew`` key, ID the unit's."""
    found = re.search(r"`(PATH: ID is not on the map[^`]*)`", " ".join(CONTRACT.split()))
    assert found, "docs/contract.md states no exception to 'each citing its rule'"
    path, unit = r"(?:action\.[a-z_]+(?:\[\d+\])?|units\[\d+\]\.crew)", r"[^\s:]+"
    return re.compile(re.escape(found.group(1)).replace("PATH", path).replace("ID", unit) + "$")


def test_contract_every_sample_reason_cites_a_rule_or_is_the_documented_exception() -> None:
    exception = off_board_reason()
    reasons = [reason for answers in answers_by_kind().values() for answer in answers for reason in answer.reasons]
    assert len(reasons) > 850  # the samples' illegal answers (900 in round 9): a real check, not an empty one
    assert [r for r in reasons if not CITATION.search(r) and not exception.match(r)] == []


@pytest.mark.parametrize(("kind", "role"), unit_roles())
def test_contract_an_off_board_units_reason_is_the_documented_exception(kind: str, role: str) -> None:
    """Every (kind, unit key) a unit of the order of battle can stand in (tests/rules/
    test_declared_answer_keys.py): its one reason, citing no rule, as docs/contract.md words it."""
    off = STAND_IN.get(role, "s9")
    value: Any = [off] if domain_of(kind, role).check is UNITS.check else off
    reasons = resolve(situation(), {"kind": kind, **BASE[kind], role: value}).reasons
    assert [bool(off_board_reason().match(r)) and f": {off} is not on the map" in r for r in reasons] == [True]


@pytest.mark.parametrize(("kind", "gun_key"), [("fire", "firer"), ("change_ca", "unit"), ("limber", "gun"),
                                               ("push", "gun"), ("hook_up", "gun")])
def test_contract_a_guns_off_board_crew_is_the_documented_exception_too(kind: str, gun_key: str) -> None:
    scenario = situation()
    scenario.units["g1"] = scenario.units["g1"]._replace(crew="c9")
    reasons = resolve(scenario, {"kind": kind, **BASE[kind], gun_key: "g1"}).reasons
    assert [r for r in reasons if not CITATION.search(r) and not off_board_reason().match(r)] == []
    assert any("c9 is not on the map" in r for r in reasons)  # change_ca words it citing C3.22, C5.6


def test_contract_the_drm_and_mp_bounds_are_the_ones_the_program_keeps() -> None:
    """Contract check 22 item 6: ``extra_drm: 10**30`` was answered; the bound now refused past is
    the one the page states."""
    from aslgui.rules.action_keys import DRM_LINE_BOUND, MAX_MP

    fire = sections()["fire"]
    assert f"each value -{DRM_LINE_BOUND} to {DRM_LINE_BOUND}" in fire
    assert f"-{DRM_LINE_BOUND} to {DRM_LINE_BOUND} each" in fire
    assert f"(C5.31-.33), 0-{MAX_MP}" in fire
