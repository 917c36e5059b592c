"""docs/rules-coverage.md cannot rot: every test it or the clause map names exists, every paragraph
and EXC/NA/unless/only clause of the rules folder has a row, the clause table is what the map says
and a paragraph lists only tests filed under it (those need ../shared/rules). A test added later
and not yet listed fails nothing: ``python -m tests.rules_coverage`` lists it."""

from __future__ import annotations

import re

import pytest

from tests.rules_coverage import (
    CLAUSES_HEADING,
    DOC,
    NONE,
    RULES,
    all_paragraphs,
    all_tests,
    clause_rows,
    clauses,
    filed_under,
    ids_of,
)
from tests.rules_coverage_map import CLAUSES, NO_TESTS

needs_rules = pytest.mark.skipif(not RULES.is_dir(), reason=f"the rules folder {RULES} is not here")


def test_every_test_the_clause_map_names_exists_exactly_once() -> None:
    named = {name for entry in CLAUSES.values() if not isinstance(entry, str) for name in entry
             if not name.startswith(NONE)}
    assert named
    missing = sorted(name for name in named if len(ids_of(name)) != 1)
    assert missing == [], "not a test, or not unique (give file::name): " + ", ".join(missing)


def test_the_coverage_doc_names_only_tests_that_exist() -> None:
    named = set(re.findall(r"`(tests/[\w/]+\.py::\w+)`", DOC.read_text(encoding="utf-8")))
    assert len(named) > 300
    assert sorted(named - {t.id for t in all_tests()}) == []


def _doc_rows(heading: str | None) -> dict[str, str]:
    """The doc's table rows by their first cell, in the clause table (``heading``) or the paragraph table."""
    text = DOC.read_text(encoding="utf-8")
    paragraphs, _, clause_part = text.partition(CLAUSES_HEADING)
    part = clause_part if heading else paragraphs
    return {row.split(" | ")[0].strip("| "): row for row in part.splitlines() if re.match(r"\| [ACD]\d", row)}


@needs_rules
def test_the_clause_table_is_what_the_generator_writes_from_the_map() -> None:
    expected = [row for row in clause_rows() if row.startswith("| ") and not row.startswith("| Clause")]
    assert list(_doc_rows(CLAUSES_HEADING).values()) == expected, "run: python -m tests.rules_coverage"


@needs_rules
def test_the_paragraph_table_lists_exactly_the_tests_filed_under_each_paragraph() -> None:
    rows = _doc_rows(None)
    assert list(rows) == [paragraph.number for paragraph in all_paragraphs()]
    for number, row in rows.items():
        listed = set(re.findall(r"`(tests/[\w/]+\.py::\w+)`", row))
        assert listed == set(filed_under(number)), f"{number}: run python -m tests.rules_coverage"
        assert listed or f"{NONE} {NO_TESTS[number]}" in row, number


@needs_rules
def test_every_clause_of_the_rules_has_an_entry_and_every_entry_a_clause() -> None:
    keys = {clause.key for paragraph in all_paragraphs() for clause in clauses(paragraph)}
    assert len(keys) > 100
    assert sorted(keys - CLAUSES.keys()) == [] and sorted(CLAUSES.keys() - keys) == []


@needs_rules
def test_every_paragraph_has_tests_or_says_why_not() -> None:
    numbers = [paragraph.number for paragraph in all_paragraphs()]
    assert numbers[0] == "C3.1" and numbers[-1] == "C10.54" and len(numbers) == len(set(numbers)) > 90
    untested = {number for number in numbers if not filed_under(number)}
    assert untested == set(NO_TESTS)


@needs_rules
def test_the_second_reviews_clauses_each_have_their_own_tests() -> None:
    """Issue 12's fifteen clauses: each is filed under its paragraph by at least three tests."""
    for number in ("C5.2", "C3.71", "C5.11", "C5.6", "C3.22", "C5.72", "C5.35", "C3.3", "C5.33", "C5.64",
                   "D7.15", "D7.11", "D7.23", "D7.212", "D7.213", "A23.63"):
        assert len(filed_under(number)) >= 3, number
