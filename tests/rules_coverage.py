"""docs/rules-coverage.md, generated: every numbered paragraph of the five rules sections and the
tests that check it, and every EXC / NA / "unless" / "only" clause with its own tests or why none.

The paragraphs and clauses are read from the rules folder (``../shared/rules``); a test is listed
under a paragraph when its name starts with the paragraph's number (``test_c5_64_...`` is C5.64) or
its docstring cites it, and under a clause when tests/rules_coverage_map.py names it there.
``python -m tests.rules_coverage`` rewrites the file; tests/test_rules_coverage.py fails when the
file is stale or names a test that does not exist, so the table cannot rot.
"""

from __future__ import annotations

import ast
import re
import sys
from functools import cache
from pathlib import Path
from typing import NamedTuple

from tests.rules_coverage_map import CLAUSES, NO_TESTS

REPO = Path(__file__).resolve().parent.parent
TESTS = REPO / "tests"
DOC = REPO / "docs" / "rules-coverage.md"
#: ``../shared/rules`` seen from the repository or one of its worktrees (``/work/wt/NAME``).
RULES = next((p / "shared" / "rules" for p in REPO.parents if (p / "shared" / "rules").is_dir()),
             REPO.parent / "shared" / "rules")
#: Section -> rules file, in the order the document lists them.
SECTIONS = {
    "C3": "C3-ordnance-to-hit-process.txt",
    "C5": "C5-firer-based-to-hit-drm.txt",
    "A23": "A23-demolition-charges.txt",
    "D7": "D7-overrun-and-reaction-fire.txt",
    "C10": "C10-towing-limbering-pushing.txt",
}
#: The words that make a clause (DESIGN of issue 12: each gets its own test).
CLAUSE_WORDS = re.compile(r"\bEXC\b|\bNA\b|\bunless\b|\bonly\b")
_PARAGRAPH = re.compile(r"(?m)^(?=\d+\.\d+ )")
_NUMBER = re.compile(r"(\d+\.\d+) ")
_HEADING = re.compile(r"^([^:.]{3,60}):")
_NAME_RULE = re.compile(r"(?:^test_|_)([acd])(\d+)_(\d+)(?=_|$)")
_CITED = re.compile(r"\b([ACD]\d+)\.(\d+)\b")
#: How a clause entry says what cannot be tested.
NONE = "none:"


class Paragraph(NamedTuple):
    """One numbered paragraph: ``C5.64``, its subject and its rule text (examples cut off)."""

    number: str
    subject: str
    text: str


class Clause(NamedTuple):
    """One EXC / NA / unless / only clause: ``C5.2#0`` and the words around it."""

    key: str
    text: str


#: Words of the rules text shown to find a paragraph or clause: a locator, never the rule itself
#: (the project cites rules and does not copy them).
LOCATOR_WORDS = 7


def locator(text: str) -> str:
    """The first few words of a rule's text, enough to find it in the rulebook."""
    words = text.split()
    return " ".join(words[:LOCATOR_WORDS]) + (" ..." if len(words) > LOCATOR_WORDS else "")


def _subject(number: str, body: str) -> str:
    """A paragraph's heading (``OVR PREVENTION``) or, without one, a locator of its first words."""
    heading = _HEADING.match(body)
    if heading and sum(c.isupper() for c in heading.group(1)) > sum(c.islower() for c in heading.group(1)):
        return heading.group(1)
    return locator(body)


def paragraphs(section: str, text: str) -> list[Paragraph]:
    """The numbered paragraphs of one section's rule text, examples (``EX:``) and the cross
    references that follow a paragraph left out."""
    found = []
    for chunk in _PARAGRAPH.split(text):
        number = _NUMBER.match(chunk)
        if number is None:
            continue
        body = re.split(r"\bEX:", chunk.split("\n\n")[0])[0]
        body = " ".join(body[number.end():].split())
        found.append(Paragraph(f"{section[0]}{number.group(1)}", _subject(number.group(1), body), body))
    return found


def _sentence_end(text: str, at: int) -> int:
    ends = [i + 1 for i in (text.find(". ", at), text.find("; ", at)) if i >= 0]
    return min(ends, default=len(text))


def _sentence_start(text: str, at: int) -> int:
    return max((i + 2 for i in (text.rfind(". ", 0, at), text.rfind("; ", 0, at)) if i >= 0), default=0)


def clauses(paragraph: Paragraph) -> list[Clause]:
    """Its clauses: each bracketed ``[EXC ...]`` once, and each other NA / unless / only as the
    words from it (or its sentence's start) to the next such word (or the sentence's end)."""
    text = paragraph.text
    spans = [(m.start(), (text.find("]", m.start()) + 1) or len(text)) for m in re.finditer(r"\[EXC", text)]
    found: list[tuple[int, str]] = [(start, text[start:end]) for start, end in spans]
    words = [m for m in CLAUSE_WORDS.finditer(text) if not any(a <= m.start() < b for a, b in spans)]
    for i, word in enumerate(words):
        start, end = _sentence_start(text, word.start()), _sentence_end(text, word.end())
        if i and words[i - 1].start() >= start:
            start = word.start()  # a second such word in one sentence: a clause of its own
        if i + 1 < len(words) and words[i + 1].start() < end:
            end = words[i + 1].start()
        # From the clause's word on, or its sentence's start when the word comes late in it.
        found.append((word.start(), text[start if word.start() - start < 40 else word.start():end].strip()))
    return [Clause(f"{paragraph.number}#{i}", words) for i, (_, words) in enumerate(sorted(found))]


@cache
def all_paragraphs() -> tuple[Paragraph, ...]:
    """Every paragraph of the five sections, read from the rules folder."""
    out: list[Paragraph] = []
    for section, name in SECTIONS.items():
        out += paragraphs(section, (RULES / name).read_text(encoding="utf-8"))
    return tuple(out)


class TestFunction(NamedTuple):
    """A test function: ``tests/rules/test_x.py::test_c5_2_...`` and the rules it is filed under."""

    path: str
    name: str
    rules: frozenset[str]

    @property
    def id(self) -> str:
        return f"{self.path}::{self.name}"


@cache
def all_tests() -> tuple[TestFunction, ...]:
    """Every test function under tests/, with the paragraphs its name or docstring cites."""
    out = []
    for file in sorted(TESTS.rglob("test_*.py")):
        tree = ast.parse(file.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test_"):
                rules = {f"{a}{b}.{c}".upper() for a, b, c in _NAME_RULE.findall(node.name)}
                rules |= {f"{a}.{b}" for a, b in _CITED.findall(ast.get_docstring(node) or "")}
                out.append(TestFunction(str(file.relative_to(REPO)), node.name, frozenset(rules)))
    return tuple(out)


def ids_of(name: str) -> list[str]:
    """``file::name`` of a test function named ``name`` (or already ``file::name``)."""
    if "::" in name:
        return [name] if any(t.id == name for t in all_tests()) else []
    return [t.id for t in all_tests() if t.name == name]


def filed_under(number: str) -> list[str]:
    """The tests filed under a paragraph: by name or docstring, and those its clauses name."""
    found = {t.id for t in all_tests() if number in t.rules}
    for key, entry in CLAUSES.items():
        if key.split("#")[0] == number and not isinstance(entry, str):
            found |= {i for name in entry if not name.startswith(NONE) for i in ids_of(name)}
    return sorted(found)


def clause_cell(entry: list[str] | str) -> str:
    """A clause's tests as the table shows them, with what cannot be tested and why."""
    if isinstance(entry, str):
        return f"{NONE} {entry}"
    ids = [i for name in entry if not name.startswith(NONE) for i in ids_of(name)]
    notes = [_short(name, 160) for name in entry if name.startswith(NONE)]
    return "<br>".join([f"`{i}`" for i in ids] + notes)


def _cell(items: list[str]) -> str:
    return "<br>".join(f"`{item}`" for item in items)


def _short(text: str, limit: int = 220) -> str:
    text = text.replace("|", "/")
    return text if len(text) <= limit else text[: limit - 3].rstrip() + "..."


HEADER = """# Rules coverage

Every numbered paragraph of the five rules sections in `../shared/rules/` (C3, C5, A23, D7,
C10) with the tests that check it, then every EXC / NA / "unless" / "only" clause with its own
tests or why there are none yet. Each row gives only the first words of the rule, to find it in
the rulebook. Generated by `python -m tests.rules_coverage` from the rules
text and the test suite: a test is filed under a paragraph by its name (`test_c5_64_...`) or
its docstring, under a clause by `tests/rules_coverage_map.py`. `tests/test_rules_coverage.py`
fails when a test named here no longer exists, when a paragraph or clause has no row, or when
the clause table differs from the map; rerun the generator after adding tests.
"""
CLAUSES_HEADING = "## Clauses (EXC, NA, unless, only)"


def paragraph_rows() -> list[str]:
    """The paragraph table: each paragraph and the tests filed under it (or why none)."""
    rows = ["## Paragraphs", "", "| Paragraph | Subject | Tests |", "|---|---|---|"]
    for paragraph in all_paragraphs():
        found = filed_under(paragraph.number)
        cell = _cell(found) if found else f"{NONE} {NO_TESTS[paragraph.number]}"
        rows.append(f"| {paragraph.number} | {_short(paragraph.subject, 80)} | {cell} |")
    return rows


def clause_rows() -> list[str]:
    """The clause table: each EXC / NA / unless / only clause and its tests (or why none)."""
    rows = [CLAUSES_HEADING, "", "| Clause | Text | Tests |", "|---|---|---|"]
    for paragraph in all_paragraphs():
        for clause in clauses(paragraph):
            rows.append(f"| {clause.key} | {_short(locator(clause.text))} | {clause_cell(CLAUSES[clause.key])} |")
    return rows


def render() -> str:
    """The whole of docs/rules-coverage.md."""
    return "\n".join([HEADER, *paragraph_rows(), "", *clause_rows()]) + "\n"


def main() -> int:
    """Write docs/rules-coverage.md (needs the rules folder beside the repository)."""
    if not RULES.is_dir():
        print(f"no rules folder at {RULES}", file=sys.stderr)
        return 1
    DOC.write_text(render(), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
