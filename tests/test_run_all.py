"""benchmarks/run_all.py merges the tables the benchmark scripts print into one."""

from __future__ import annotations

from benchmarks.run_all import as_columns, tables

CORE = """| Figure | Measured | Target | Met |
|---|---:|---|---|
| ratio resolve / stdlib start | 1.84 | <= 1.5 | **no** |
"""
POPUP = """Drop to popup shown, 40 drops each

| drop | median ms | p90 ms |
|---|---|---|
| fire: 57LL AT Gun onto the PzKpfw IIIG (demo) | 6.4 | 7.0 |
| DC: 4-6-7 onto X5 | 5.1 | 5.7 |
"""


def test_tables_are_read_with_their_headers() -> None:
    found = tables(CORE + "\nsome text\n" + POPUP)
    assert [header for header, _ in found] == [["Figure", "Measured", "Target", "Met"], ["drop", "median ms", "p90 ms"]]
    assert found[1][1][1] == ["DC: 4-6-7 onto X5", "5.1", "5.7"]


def test_rows_of_any_table_map_onto_figure_measured_target_met() -> None:
    (core_header, core_rows), (popup_header, popup_rows) = tables(CORE + POPUP)
    assert as_columns(core_header, core_rows[0]) == ["ratio resolve / stdlib start", "1.84", "<= 1.5", "**no**"]
    assert as_columns(popup_header, popup_rows[0]) == [
        "fire: 57LL AT Gun onto the PzKpfw IIIG (demo) (p90 ms: 7.0)", "6.4 ms", "", ""
    ]
