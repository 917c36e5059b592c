"""Issue 37, robustness round 4: each hostile input the audit found builds here and gets a clear
message naming its limit (``aslgui.limits``), never a traceback, a hang or gigabytes: counters
nested 2,000 deep, a printed ROF 99, a counter the module holds but cannot read, nested palette
folders, millions of PieceSlots, huge counter texts, UTF-16 entity bombs, closed stdin, 64 MB of
one-character lines, ``render`` of 100,000 units."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from aslgui.errors import AslError
from aslgui.limits import (
    BATCH_LINES_LIMIT,
    PIECE_SLOTS_LIMIT,
    PRINTED_TEXT_LIMIT,
    RENDER_UNITS_LIMIT,
    XML_DEPTH_LIMIT,
    XML_ELEMENTS_LIMIT,
)
from aslgui.model.counters import CounterLibrary, art_problem
from aslgui.model.vsav_import import import_vsav
from aslgui.vasl import cache
from aslgui.vasl.module import forget_modules, read_module
from aslgui.vasl.xml_reader import parse_xml
from tests import vsav_saves as vs
from tests.robustness.bounded import run_bounded
from tests.vasl_modules import STUG, TANK, build_file, group, make_module, private_module_files, svg

REPO = Path(__file__).resolve().parents[2]
SCENARIO = {"format": "aslgui-scenario", "version": 1, "boards": [{"id": "4", "col": 0, "row": 0}], "units": []}


@pytest.fixture(autouse=True)
def fresh(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    private_module_files(tmp_path, monkeypatch)


def _import_stug(tmp_path: Path, counter: str | bytes) -> dict[str, object]:
    """A save with the tiny module's StuG on 1E5, imported with ``counter`` as its SVG."""
    path = make_module(tmp_path, build=build_file([("2610", "StuG IIIG", STUG)]),
                       images={"ge/veh/stgiiig.svg": counter})
    save = tmp_path / "game.vsav"
    save.write_bytes(vs.save_bytes([vs.boards((0, 0, "01")),
                                    vs.vehicle("p1", "StuG IIIG", "ge/veh/stgiiig", *vs.hex_pixel("E5"), gpid="2610")]))
    result = import_vsav(save, CounterLibrary([read_module(path)]))
    (unit,) = result.scenario["units"]
    return dict(unit)


# -- counters --------------------------------------------------------------------------------------
def test_a_counter_value_nested_2000_deep_is_named_unreadable_not_a_recursion_error(tmp_path: Path) -> None:
    deep = svg(group("ROF", "<tspan>" * 2000 + "1" + "</tspan>" * 2000))
    unit = _import_stug(tmp_path, deep)
    notes = " ".join(unit["unverified"])  # type: ignore[arg-type]
    assert "could not be read" in notes and f"nest over {XML_DEPTH_LIMIT} deep" in notes
    assert "XML_DEPTH_LIMIT" in notes and "has no SVG image" not in notes


def test_one_counter_printing_rof_99_leaves_that_value_out_naming_the_counter(tmp_path: Path) -> None:
    unit = _import_stug(tmp_path, TANK.replace(group("ROF", "1", "<rect style='fill:none;stroke:black'/>"),
                                               group("ROF", "99", "<rect style='fill:none;stroke:black'/>")))
    assert "rof" not in unit and unit["mp"] == 11  # the other printed values still read
    (note,) = [n for n in unit["unverified"] if "rof" in n]  # type: ignore[union-attr]
    assert note.startswith("its counter 'StuG IIIG' prints rof 99, which cannot be: expected a number from 0 to 9")


def test_a_counter_with_more_printed_text_than_the_index_keeps_is_skipped_naming_the_limit(tmp_path: Path) -> None:
    path = make_module(tmp_path, images={"ge/veh/stgiiig.svg": svg(group("Movement", "9" * (PRINTED_TEXT_LIMIT + 1)))})
    module = read_module(path)
    why = art_problem([module], "ge/veh/stgiiig")
    assert module.counter("ge/veh/stgiiig") is None and "could not be read" in why and "PRINTED_TEXT_LIMIT" in why


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-32"])
def test_a_utf16_counter_declaring_entities_is_refused_before_they_expand(encoding: str) -> None:
    bomb = ('<?xml version="1.0" encoding="{}"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">'
            + "".join(f'<!ENTITY {chr(98 + i)} "{("&" + chr(97 + i) + ";") * 10}">' for i in range(8))
            + "]><svg>&i;</svg>").format(encoding.upper())
    # expat reads UTF-16 (to its DTD, where it stops) and refuses BOM-less UTF-16-LE and UTF-32 outright
    words = "declares a DTD or entities" if encoding == "utf-16" else "not well-formed XML"
    with pytest.raises(AslError, match=words):
        parse_xml(bomb.encode(encoding), "counter")


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 200), st.sampled_from(["g", "text", "tspan"]))
def test_any_nesting_reads_or_is_refused_naming_the_limit(depth: int, tag: str) -> None:
    data = f"<svg>{f'<{tag}>' * depth}x{f'</{tag}>' * depth}</svg>".encode()
    if depth + 1 <= XML_DEPTH_LIMIT:
        assert parse_xml(data, "counter").tag == "svg"
    else:
        with pytest.raises(AslError, match="XML_DEPTH_LIMIT"):
            parse_xml(data, "counter")


# -- the buildFile -------------------------------------------------------------------------------
def _module_with_build(tmp_path: Path, build: bytes) -> Path:
    path = tmp_path / "big.vmod"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("buildFile", build)
    return path


def test_a_slot_under_300000_palette_folders_is_refused_at_once(tmp_path: Path) -> None:
    folders = 300_000
    build = (b"<m>" + b'<f entryName="x">' * folders + b'<VASSAL.build.widget.PieceSlot gpid="1"/>'
             + b"</f>" * folders + b"</m>")
    path = _module_with_build(tmp_path, build)
    out = run_bounded(f"""
        import os
        os.environ["ASLGUI_CACHE_DIR"] = {str(tmp_path / "cache")!r}
        from aslgui.errors import AslError
        from aslgui.vasl.module import read_module
        try:
            read_module({str(path)!r})
        except AslError as error:
            print(error.message)
        """, seconds=20, megabytes=800)
    assert "nest over" in out and "XML_DEPTH_LIMIT" in out


def test_two_million_empty_piece_slots_are_refused_in_bounded_memory(tmp_path: Path) -> None:
    build = b"<m>" + b"<VASSAL.build.widget.PieceSlot/>" * 1_900_000 + b"</m>"
    path = _module_with_build(tmp_path, build)
    out = run_bounded(f"""
        import os
        os.environ["ASLGUI_CACHE_DIR"] = {str(tmp_path / "cache")!r}
        from aslgui.errors import AslError
        from aslgui.vasl.module import read_module
        try:
            read_module({str(path)!r})
        except AslError as error:
            print(error.message)
        """, seconds=30, megabytes=600)
    assert f"over {XML_ELEMENTS_LIMIT:,} XML elements" in out and "XML_ELEMENTS_LIMIT" in out


def test_more_piece_slots_than_the_limit_are_refused_naming_it(tmp_path: Path) -> None:
    build = b"<m>" + b'<VASSAL.build.widget.PieceSlot gpid="1"/>' * (PIECE_SLOTS_LIMIT + 1) + b"</m>"
    with pytest.raises(AslError, match="PIECE_SLOTS_LIMIT"):
        read_module(_module_with_build(tmp_path, build))


# -- aslgui resolve and render -------------------------------------------------------------------
def _resolve(tmp_path: Path, stdin: str) -> subprocess.CompletedProcess[str]:
    scenario = tmp_path / "s.json"
    scenario.write_text(json.dumps(SCENARIO))
    return subprocess.run(["sh", "-c", f"{sys.executable} -m aslgui resolve {scenario} - {stdin}"],
                          capture_output=True, text=True, timeout=60, check=False,
                          env={**os.environ, "PYTHONPATH": str(REPO)})


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX shell")
def test_resolve_with_stdin_closed_is_an_error_naming_it(tmp_path: Path) -> None:
    done = _resolve(tmp_path, "<&-")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert json.loads(done.stderr) == {"error": "cannot read the action on stdin: stdin is closed", "path": "action"}


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX shell")
def test_64_mb_of_one_character_lines_is_refused_at_once_naming_the_limit(tmp_path: Path) -> None:
    lines = tmp_path / "lines"
    lines.write_bytes(b"1\n" * (32 * 1024 * 1024))
    (tmp_path / "s.json").write_text(json.dumps(SCENARIO))
    out = run_bounded(f"""
        import subprocess, sys
        done = subprocess.run([sys.executable, "-m", "aslgui", "resolve", {str(tmp_path / "s.json")!r}, "-"],
                              stdin=open({str(lines)!r}, "rb"), capture_output=True, text=True,
                              env={{"PYTHONPATH": {str(REPO)!r}}})
        print(done.returncode, done.stderr)
        """, seconds=30, megabytes=1500)
    status, _, error = out.partition(" ")
    assert status == "2" and "BATCH_LINES_LIMIT" in error and f"{BATCH_LINES_LIMIT:,} lines" in error


@pytest.mark.gui
def test_render_of_more_units_than_its_limit_is_refused_before_drawing(tmp_path: Path) -> None:
    from aslgui.model import scenario_from_json
    from aslgui.ui.render import render_image

    units = [{"id": f"s{i}", "side": "german", "kind": "squad", "hex": "4E5"} for i in range(RENDER_UNITS_LIMIT + 1)]
    situation = scenario_from_json({**SCENARIO, "units": units})
    with pytest.raises(AslError, match="RENDER_UNITS_LIMIT") as refused:
        render_image(situation)
    assert refused.value.path == "units"


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=400))
def test_any_buildfile_bytes_read_or_are_refused_by_an_asl_error(tmp_path: Path, build: bytes) -> None:
    forget_modules()
    path = tmp_path / "fuzz.vmod"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("buildFile", build)
        archive.writestr("images/ge/veh/x.svg", build)
    try:
        read_module(path)
    except AslError as error:
        assert error.message


LINES = st.sampled_from([
    '{"kind": "los", "from": "4E5", "to": "4E9"}', '{"kind": "los", "from": "4E5"}', '{"kind": "nope"}', "",
    "   ", "1", "[", '{"kind": "los", "from": "4E5", "to": "4Z99"}', "\ufeff{}", '"text"', "{}", "NaN",
    '{"kind": "hex_info", "hex": "4E5"}', '{"kind": "los", "from": "4E5", "to": "4E9", "kind": "los"}',
])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(LINES, min_size=2, max_size=12))
def test_a_batch_of_any_lines_answers_each_non_blank_line_once(capsys: pytest.CaptureFixture[str],
                                                               lines: list[str]) -> None:
    """Issue 37: batches fuzzed: stdin that is JSON lines gets one answer or error line per
    non-blank line, in order, exit 0 only when every line was answered; one action otherwise."""
    from aslgui.cli import json_lines, run_batch
    from aslgui.model import scenario_from_json

    data = "\n".join(lines).encode()
    found = json_lines(data)
    if found is None:
        return  # one action (answered or refused as one), as the contract says
    status = run_batch(scenario_from_json(SCENARIO), found)
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(out) == len(found) and [o.get("line", n) for o, (n, _) in zip(out, found, strict=True)] == [
        n for n, _ in found]
    assert status == (2 if any("error" in o for o in out) else 0)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
@pytest.mark.parametrize("damage", ["fifo", "dev-zero", "deep JSON"])
def test_a_modules_cached_index_that_is_a_fifo_dev_zero_or_deep_json_is_rebuilt(tmp_path: Path, damage: str) -> None:
    from aslgui.vasl.module import PRODUCT

    path = make_module(tmp_path)
    first = read_module(path)
    product = Path(cache.product_path(first.digest, PRODUCT))
    product.unlink()
    if damage == "fifo":
        os.mkfifo(product)
    elif damage == "dev-zero":
        product.symlink_to("/dev/zero")
    else:
        product.write_text("[" * 100_000 + "]" * 100_000)
    out = run_bounded(f"""
        import os
        os.environ["ASLGUI_CACHE_DIR"] = {str(tmp_path / "cache")!r}
        from aslgui.vasl.module import read_module
        print(read_module({str(path)!r}).counter("ge/veh/stgiiig").af_front)
        """, seconds=30, megabytes=800)
    assert out.strip() == str(first.counter("ge/veh/stgiiig").af_front)  # type: ignore[union-attr]
