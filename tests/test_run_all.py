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


def test_each_figure_in_ms_gets_its_ratio_to_the_reference_and_a_ratio_target() -> None:
    from benchmarks.reference import CALIBRATION
    from benchmarks.run_all import milliseconds, with_ratio

    timed = {"start": 20.0, "core": 2.0, "gui": 0.5}
    assert (milliseconds("47.639 ms"), milliseconds("1.084 s"), milliseconds("1.40")) == (47.639, 1084.0, None)
    zoom = with_ratio("bench_gui", ["Zoom step, 4 boards (median cpu: 3.1 ms)", "3.2 ms", "<= 16 ms", "yes"], timed)
    limit = 16 / CALIBRATION["gui"]
    assert zoom == ["Zoom step, 4 boards (median cpu: 3.1 ms)", "3.2 ms", "6.4", "gui 0.5 ms",
                    f"<= 16 ms; ratio <= {limit:.3g}", "yes" if limit >= 6.4 else "**no**"]
    whole = with_ratio("bench_core", ["`aslgui resolve` `fire`, whole process", "30.000 ms", "", ""], timed)
    assert whole[2:4] == ["1.5", "start 20 ms"]
    assert with_ratio("bench_core", ["10,000 resolves", "1.084 s", "", ""], timed)[2:4] == ["542", "core 2 ms"]
    # a ratio already, or no time: passed on as it is
    assert with_ratio("bench_core", ["ratio resolve / stdlib start", "1.84", "<= 1.3", "**no**"], timed) == [
        "ratio resolve / stdlib start", "1.84", "", "", "<= 1.3", "**no**"
    ]
    slow = with_ratio("bench_core", ["one fire, in process", "3.000 ms", "<= 1 ms", "**no**"], timed)
    assert slow[2] == "1.5" and slow[5] == ("yes" if 1 / CALIBRATION["core"] >= 1.5 else "**no**")


def test_a_figure_of_a_process_compares_with_the_stdlib_start_and_painting_with_the_qpainter_reference() -> None:
    from benchmarks.reference import kind_of

    assert kind_of("bench_core", '`python -c "import json, argparse, dataclasses"` (median)') == "start"
    assert kind_of("bench_vsav", "`aslgui import-vsav` Stalingrad set-up") == "start"
    assert kind_of("bench_gui", "Zoom step, 4 boards, whole map (a wheel notch of a burst)") == "gui"
    assert kind_of("bench_los", "'Show what this unit sees' in the window, the unit moved") == "gui"
    assert kind_of("bench_los", "one `los`, in process") == "core"
