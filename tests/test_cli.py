"""`aslgui resolve` as a user runs it: a real process, JSON in, JSON out (DESIGN.md section 4)."""

from __future__ import annotations

import contextlib
import gc
import io
import json
import os
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from aslgui.resource_files import resource_path

DEMO = str(resource_path("scenarios", "demo.json"))


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "aslgui", *args], input=stdin, capture_output=True, text=True, timeout=60, check=False
    )


def test_resolve_ca_hexes_prints_sorted_canonical_names(tmp_path: Path) -> None:
    action = tmp_path / "action.json"
    action.write_text(json.dumps({"kind": "ca_hexes", "unit": "g1", "range": 2}), encoding="utf-8")
    done = run("resolve", DEMO, str(action))
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["hexes"] == ["4C6", "4D5", "4D6", "4E6", "4E7"]
    assert answer["legal"] is True and answer["drm"] == [] and answer["total_drm"] == 0


def test_resolve_reads_the_action_from_stdin() -> None:
    done = run("resolve", DEMO, "-", stdin='{"kind": "ca_hexes", "unit": "t1", "range": 1}')
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["hexes"] == ["4D8", "4E8"]  # the tank's TCA NW/N from 4E9


@pytest.mark.parametrize(
    ("action", "path", "words"),
    [
        ('{"kind": "ca_hexes", "unit": "zz", "range": 3}', "action.unit", "no unit with id 'zz'"),
        ('{"kind": "ca_hexes", "unit": "g1", "range": "far"}', "action.range", "expected a whole number"),
        ('{"kind": "teleport"}', "action.kind", "unknown action kind 'teleport'"),
        ('{"kind": "ca_hexes", "unit": "g1", "range": 3', "action", "not valid JSON"),
        ("[1, 2]", "action", "one JSON object"),
    ],
)
def test_bad_actions_exit_2_with_json_error_and_no_traceback(action: str, path: str, words: str) -> None:
    done = run("resolve", DEMO, "-", stdin=action)
    assert done.returncode == 2
    assert done.stdout == ""
    assert "Traceback" not in done.stderr
    error = json.loads(done.stderr)
    assert error["path"] == path
    assert words in error["error"]


def test_broken_scenario_file_exits_2(tmp_path: Path) -> None:
    scenario = tmp_path / "broken.json"
    scenario.write_text('{"boards": [{"id": "4"}], "units": [{"id": "a", "side": "x", "kind": "squad", "hex": "4E0"}]}')
    done = run("resolve", str(scenario), "-", stdin='{"kind": "ca_hexes", "unit": "a", "range": 1}')
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert json.loads(done.stderr)["path"] == "units[0].hex"


def test_missing_file_exits_2() -> None:
    done = run("resolve", "/nonexistent/scenario.json", "-", stdin="{}")
    assert done.returncode == 2 and "cannot read scenario file" in json.loads(done.stderr)["error"]


def test_resolve_path_imports_no_qt_shapely_numpy_argparse_or_dataclasses() -> None:
    """The start-up budget of `aslgui resolve` (issue 8): none of these heavy imports, for a fire question."""
    probe = (
        "import sys, io, contextlib\n"
        "from aslgui.cli import main\n"
        "action = b'{\"kind\": \"fire\", \"firer\": \"g1\", \"target\": \"t1\", \"target_type\": \"vehicle\"}'\n"
        "sys.stdin = io.TextIOWrapper(io.BytesIO(action))\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    code = main(['resolve', {DEMO!r}, '-'])\n"
        "heavy = {'PySide6', 'shiboken6', 'shapely', 'numpy', 'argparse', 'dataclasses'}\n"
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in heavy)\n"
        "print(code, heavy)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.strip() == "0 []"


def test_resolve_path_records_have_no_string_annotations() -> None:
    """The records `aslgui resolve` builds for a fire question evaluate their annotations (issue 30):
    typing compiles a string one, and a process's first compile costs about 1 ms. The LOS engine's
    four records live in ``rules/los/records.py`` for that reason."""
    probe = (
        "import sys, io, contextlib, typing\n"
        "from aslgui.cli import main\n"
        "action = b'{\"kind\": \"fire\", \"firer\": \"g1\", \"target\": \"t1\", \"target_type\": \"vehicle\"}'\n"
        "sys.stdin = io.TextIOWrapper(io.BytesIO(action))\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    assert main(['resolve', {DEMO!r}, '-']) == 0\n"
        "found = sorted(f'{name}.{cls.__name__}' for name, module in list(sys.modules.items())\n"
        "               if name.startswith('aslgui')\n"
        "               for cls in vars(module).values() if isinstance(cls, type) and cls.__module__ == name\n"
        "               and hasattr(cls, '_fields')\n"
        "               and any(isinstance(v, typing.ForwardRef) for v in cls.__annotations__.values()))\n"
        "print(found)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.strip() == "[]"


def test_ctrl_c_ends_the_program_with_status_130_and_no_traceback(monkeypatch: pytest.MonkeyPatch,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    import aslgui.cli

    def interrupted(argv: object = None) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(aslgui.cli, "main", interrupted)
    assert aslgui.cli.command() == aslgui.cli.INTERRUPTED == 130
    assert capsys.readouterr() == ("", "")


@pytest.mark.parametrize("enabled", [True, False])
def test_resolve_gives_the_collector_back_as_it_was(tmp_path: Path, enabled: bool) -> None:
    """`aslgui resolve` pauses the cycle collector while it starts (issue 30): a caller in the same
    process gets it back as it was, with nothing left frozen."""
    from aslgui.cli import main

    action = tmp_path / "action.json"
    action.write_text(json.dumps({"kind": "fire", "firer": "g1", "target": "t1"}), encoding="utf-8")
    was = gc.isenabled()
    (gc.enable if enabled else gc.disable)()
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            assert main(["resolve", DEMO, str(action)]) == 0
        assert (gc.isenabled(), gc.get_freeze_count()) == (enabled, 0)
    finally:
        (gc.enable if was else gc.disable)()


def test_the_program_leaves_its_objects_to_the_last_collection_frozen(tmp_path: Path) -> None:
    """The ``aslgui`` program (``command``, the installed script's entry) freezes what is alive
    as it exits, so the interpreter's last cycle collection does not walk the rules' objects
    (issue 30); its answer and exit status are ``main``'s, and the entry is what pyproject installs."""
    action = tmp_path / "action.json"
    action.write_text(json.dumps({"kind": "fire", "firer": "g1", "target": "t1"}), encoding="utf-8")
    probe = (
        "import atexit, gc, sys\n"
        "atexit.register(lambda: print('frozen', gc.get_freeze_count() > 1000, file=sys.stderr))\n"
        "sys.argv = ['aslgui', 'resolve', sys.argv[1], sys.argv[2]]\n"
        "import runpy; runpy.run_module('aslgui', run_name='__main__')\n"
    )
    done = subprocess.run([sys.executable, "-c", probe, DEMO, str(action)], capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0 and json.loads(done.stdout)["firer"] == "g1"
    assert done.stderr.strip() == "frozen True"
    pyproject = (Path(__file__).resolve().parent.parent / "pyproject.toml").read_text(encoding="utf-8")
    assert 'aslgui = "aslgui.cli:command"' in pyproject


def test_help_lists_the_commands() -> None:
    done = run("--help")
    assert done.returncode == 0 and "resolve" in done.stdout


# -- the contract checker's findings: unit keys, output, help (DESIGN.md 3, 4, 9) ------------------
def _scenario_with(tmp_path: Path, unit: int, **keys: Any) -> str:
    data = json.loads(Path(DEMO).read_text(encoding="utf-8"))
    for key, value in keys.items():
        place, _, inner = key.partition("__")
        (data["units"][unit][place] if inner else data["units"][unit])[inner or place] = value
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    ("unit", "keys", "path", "words"),
    [
        (3, {"ma__barrel": "Q"}, "units[3].ma.barrel", "'*' or 'L' or 'LL'"),  # was a KeyError in fire
        (3, {"ma__barrel": "l"}, "units[3].ma.barrel", "got 'l'"),
        (3, {"ma__barrel": "ll"}, "units[3].ma.barrel", "got 'll'"),
        (0, {"he_fp": "6"}, "units[0].he_fp", "expected a number"),  # was a TypeError on the IFT
        (0, {"he_fp": -3}, "units[0].he_fp", "from 0 to 99"),  # was a legal answer with fp -3
        (0, {"max_range": "far"}, "units[0].max_range", "expected an integer"),  # was a TypeError
        (0, {"max_range": -5}, "units[0].max_range", "from 1 to 999"),  # these three were accepted
        (0, {"max_range": 1.5}, "units[0].max_range", "expected an integer"),
        (0, {"max_range": True}, "units[0].max_range", "expected an integer"),
    ],
)
def test_design_3_9_a_bad_unit_key_the_rules_read_exits_2_naming_it(
        tmp_path: Path, unit: int, keys: dict[str, Any], path: str, words: str) -> None:
    """Each case as the checker ran it: the tank's or the Gun's own shot, which reads the key."""
    firer = "t1" if unit == 3 else "g1"
    action = {"kind": "fire", "firer": firer, "target": "s2" if unit == 0 else "g1", "target_type": "infantry",
              "ammo": "HE", "dice": {"colored": 1, "white": 2}, "dr": 3}
    done = run("resolve", _scenario_with(tmp_path, unit, **keys), "-", stdin=json.dumps(action))
    assert (done.returncode, done.stdout) == (2, ""), done.stderr
    assert "Traceback" not in done.stderr
    error = json.loads(done.stderr)
    assert error["path"] == path and words in error["error"]


def test_the_same_shots_with_good_values_answer(tmp_path: Path) -> None:
    action = {"kind": "fire", "firer": "g1", "target": "s2", "target_type": "infantry", "ammo": "HE",
              "dice": {"colored": 1, "white": 2}, "dr": 3}
    done = run("resolve", _scenario_with(tmp_path, 0, he_fp=4, max_range=12), "-", stdin=json.dumps(action))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["fp"] == 4


def _shell(command: str) -> subprocess.CompletedProcess[str]:
    """``command`` in sh, for its redirections, with ``ASLGUI`` this interpreter's aslgui."""
    return subprocess.run(["sh", "-c", command.replace("ASLGUI", f"{sys.executable} -m aslgui")],
                          capture_output=True, text=True, timeout=60, check=False)


def _into_closed_pipe(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """aslgui writing into a pipe whose reader is gone before it starts (``| head -c0``, without
    the race of head's exit): its stdout is the write end of a pipe already closed for reading."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        return subprocess.run([sys.executable, "-m", "aslgui", *args], input=stdin, stdout=write_end,
                              stderr=subprocess.PIPE, text=True, timeout=60, check=False)
    finally:
        os.close(write_end)


CA = """'{"kind": "ca_hexes", "unit": "g1", "range": 2}'"""


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_an_answer_that_cannot_be_written_is_said_on_stderr_with_exit_2() -> None:
    """``> /dev/full``: the disk is full. Was a traceback (OSError, errno 28), exit 1."""
    done = _shell(f"echo {CA} | ASLGUI resolve {DEMO} - > /dev/full")
    assert done.returncode == 2 and "Traceback" not in done.stderr and "Exception" not in done.stderr
    assert json.loads(done.stderr) == {
        "error": "cannot write the answer to standard output: No space left on device", "path": "stdout"}


def test_stdout_closed_is_said_on_stderr_not_answered_into_nothing() -> None:
    done = _shell(f"echo {CA} | ASLGUI resolve {DEMO} - >&-")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "standard output is closed" in json.loads(done.stderr)["error"]


def test_a_reader_that_went_away_ends_it_quietly_as_a_unix_tool() -> None:
    """``| head -c0``: a BrokenPipeError traceback before; now nothing on stderr and the status a
    shell shows for a tool ended by SIGPIPE (128 + 13)."""
    done = _into_closed_pipe("resolve", DEMO, "-", stdin=CA.strip("'"))
    assert (done.returncode, done.stderr) == (141, "")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_import_vsav_report_to_a_full_disk_or_a_closed_pipe_is_no_traceback(tmp_path: Path) -> None:
    from tests import vsav_saves as vs

    save = tmp_path / "game.vsav"
    save.write_bytes(vs.save_bytes([vs.boards((0, 0, "04")), vs.squad("p1", *vs.hex_pixel("E5"))]))
    full = _shell(f"ASLGUI import-vsav {save} -o {tmp_path / 'a.json'} > /dev/full")
    assert full.returncode == 2 and "Traceback" not in full.stderr
    assert json.loads(full.stderr)["error"] == "cannot write the report to standard output: No space left on device"
    piped = _into_closed_pipe("import-vsav", str(save), "-o", str(tmp_path / "b.json"))
    assert (piped.returncode, piped.stderr) == (141, "")
    assert (tmp_path / "b.json").is_file()  # the scenario itself was written


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_import_vsav_refuses_to_replace_a_device_fifo_or_folder(tmp_path: Path) -> None:
    """``-o /dev/full`` as root renamed a file over the device node; a FIFO was replaced too."""
    from tests import vsav_saves as vs

    save = tmp_path / "game.vsav"
    save.write_bytes(vs.save_bytes([vs.boards((0, 0, "04")), vs.squad("p1", *vs.hex_pixel("E5"))]))
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    for target, words in ((fifo, "a device, FIFO or socket, not a file"), (tmp_path, "a folder, not a file")):
        done = run("import-vsav", str(save), "-o", str(target))
        assert done.returncode == 2 and "Traceback" not in done.stderr
        assert json.loads(done.stderr) == {"error": f"cannot write {target}: it is {words}", "path": "--output"}
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_resolve_help_names_a_contract_file_that_exists_where_aslgui_is_installed() -> None:
    """A wheel has no docs/ folder beside it: the help names the copy the wheel carries
    (pyproject's force-include; .ci/run checks the installed wheel), here the source tree's."""
    from aslgui.resource_files import contract_path

    done = run("resolve", "--help")
    assert done.returncode == 0
    named = done.stdout.split("answer keys):\n", 1)[1].split()[0]
    assert named == contract_path() and Path(named).read_text(encoding="utf-8").startswith("# The aslgui contract")
    assert "docs/contract.md in the aslgui source repository" in " ".join(done.stdout.split())


def test_the_wheel_carries_the_contract_where_contract_path_looks() -> None:
    import tomllib

    root = Path(__file__).resolve().parents[1]
    config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    included = config["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert included["docs/contract.md"] == "aslgui/docs/contract.md"


# -- the contract checker's findings (round 22): nulls, paths that name the field, bounds --------------
FIRE = {"kind": "fire", "firer": "g1", "target": "t1", "target_type": "vehicle", "phase": "PFPh"}


def error_of(scenario: str, action: str) -> dict[str, str]:
    """Exit 2, nothing on stdout, the ``{"error", "path"}`` object of ``aslgui resolve``."""
    done = run("resolve", scenario, "-", stdin=action)
    assert done.returncode == 2 and done.stdout == "", done.stdout
    error: dict[str, str] = json.loads(done.stderr)
    return error


def test_contract_null_action_keys_are_answered_as_absent() -> None:
    """``"ammo": null`` (and 7 more keys of ``fire``) exited 2; ``"pivot": null`` did not."""
    nulls = dict.fromkeys(("ammo", "target_type", "intensive", "phase", "acquisition", "opportunity",
                           "deliberate_immobilization", "basic_tk", "pivot", "extra_drm", "dice", "dr"))
    without = {key: value for key, value in FIRE.items() if key not in nulls}
    done, plain = run("resolve", DEMO, "-", stdin=json.dumps({**without, **nulls})), run("resolve", DEMO, "-",
                                                                                       stdin=json.dumps(without))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == json.loads(plain.stdout)
    error = error_of(DEMO, json.dumps({**FIRE, "firer": None}))
    assert error == {"error": "missing required key 'firer' (a unit id)", "path": "action.firer"}


def test_design_9_a_key_twice_is_refused_naming_its_path(tmp_path: Path) -> None:
    """Both gave ``"path": ""``: the action's key, and the scenario's (docs/guide.md, "Errors": naming its path)."""
    error = error_of(DEMO, '{"kind": "fire", "kind": "los", "from": "4E5", "to": "4E9"}')
    assert error["path"] == "action.kind" and "the key 'kind' appears twice in one object" in error["error"]
    nested = error_of(DEMO, '{"kind": "fire", "firer": "g1", "target": "t1", "extra_drm": [{"value": 1, '
                            '"value": 2}]}')
    assert nested["path"] == "action.extra_drm[0].value"
    scenario = tmp_path / "twice.json"
    scenario.write_text(Path(DEMO).read_text(encoding="utf-8").replace('"col": 0', '"col": 0, "col": 1', 1),
                        encoding="utf-8")
    error = error_of(str(scenario), '{"kind": "hex_info", "hex": "4E5"}')
    assert error["path"] == "boards[0].col" and "the key 'col' appears twice" in error["error"]


def test_design_9_an_action_that_is_no_json_names_the_action(tmp_path: Path) -> None:
    """Invalid JSON, or an action file that cannot be read, gave ``"path": ""`` (the scenario's root)."""
    error = error_of(DEMO, '{"kind": "fire",\n "firer": }')
    assert error["path"] == "action" and "not valid JSON" in error["error"] and "line 2, column 11" in error["error"]
    done = run("resolve", DEMO, str(tmp_path / "missing.json"))
    assert done.returncode == 2 and json.loads(done.stderr)["path"] == "action"


def test_design_9_an_absurd_extra_drm_is_refused() -> None:
    """``extra_drm: 10**30`` was answered, final_th_needed -999...995."""
    error = error_of(DEMO, json.dumps({**FIRE, "extra_drm": 10**30}))
    assert error == {"error": "expected a whole number from -20 to 20 (a DRM), got 1000000000000000000000000000000",
                     "path": "action.extra_drm"}
    error = error_of(DEMO, json.dumps({**FIRE, "extra_drm": [{"value": "1", "label": "x"}]}))
    assert error["path"] == "action.extra_drm[0].value"


def test_design_4_ca_hexes_without_range_says_it_is_required() -> None:
    error = error_of(DEMO, '{"kind": "ca_hexes", "unit": "g1"}')
    assert error == {"error": "missing required key 'range' (a whole number from 1 to 500)", "path": "action.range"}


def test_design_3_a_board_id_given_as_a_number_is_refused(tmp_path: Path) -> None:
    scenario = tmp_path / "number.json"
    scenario.write_text(Path(DEMO).read_text(encoding="utf-8").replace('"id": "4"', '"id": 4', 1), encoding="utf-8")
    error = error_of(str(scenario), '{"kind": "hex_info", "hex": "4E5"}')
    assert error == {"error": 'expected a board id as a string, "4", got the number 4', "path": "boards[0].id"}


@pytest.mark.parametrize(("key", "value", "path"), [
    ("terrain", {"1GG5": "brush", "2A5": "woods"}, "terrain.2A5"),
    ("terrain", {"1gg5": "brush", "1GG5": "woods"}, "terrain.1GG5"),
    ("ground", {"2A5": "mud", "1GG5": "deep snow"}, "ground.1GG5"),
    ("hexsides", {"1E5/1E6": "wall", "1e6/1E5": "hedge"}, "hexsides.1e6/1E5"),
])
def test_design_3_one_hex_named_twice_with_two_values_is_refused(tmp_path: Path, key: str, value: Any,
                                                                   path: str) -> None:
    """A joined hex's two names (DESIGN.md 3), or one name in two cases: the last one won silently."""
    data = {"format": "aslgui-scenario", "version": 1, "boards": [{"id": "1", "col": 0, "row": 0},
                                                                  {"id": "2", "col": 1, "row": 0}], key: value}
    scenario = tmp_path / "twice.json"
    scenario.write_text(json.dumps(data), encoding="utf-8")
    error = error_of(str(scenario), '{"kind": "hex_info", "hex": "1A1"}')
    assert error["path"] == path
    first = next(iter(value))
    assert error["error"].startswith(f"the same {'hexside' if key == 'hexsides' else 'hex'} as {first}, given ")


@pytest.mark.parametrize(("typed", "meant"), [("reslove", "resolve"), ("rendr", "render"),
                                              ("import-vasl", "import-vsav")])
def test_a_mistyped_command_is_said_with_its_near_miss_not_opened_as_a_file(typed: str, meant: str) -> None:
    done = main_with_stderr(typed, "x.json")
    assert done == (2, f"aslgui: no command or file {typed!r}; did you mean '{meant}'?\n")


def main_with_stderr(*args: str) -> tuple[int, str]:
    """``cli.main`` in process (no window is opened on this path): its status and stderr."""
    from aslgui.cli import main

    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        status = main(list(args))
    return status, err.getvalue()


def test_a_scenario_file_holding_no_object_is_named(tmp_path: Path) -> None:
    listed = tmp_path / "list.json"
    listed.write_text("[1, 2]", encoding="utf-8")
    done = run("resolve", str(listed), '{"kind": "los", "from": "4E5", "to": "4E6"}')
    assert done.returncode == 2
    assert json.loads(done.stderr) == {"error": f"scenario file {str(listed)!r} holds [1, 2], not one JSON object",
                                       "path": ""}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_an_action_given_as_a_pipe_is_refused_with_the_way_to_give_it_on_stdin(tmp_path: Path) -> None:
    pipe = tmp_path / "action"
    os.mkfifo(pipe)
    done = run("resolve", str(resource_path("scenarios", "demo.json")), str(pipe))
    assert done.returncode == 2
    words = (f"cannot read action file {str(pipe)!r}: it is a FIFO (named pipe), not a file: give - to read the action "
             "on stdin")
    assert json.loads(done.stderr) == {"error": words, "path": "action"}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_scenario_given_as_a_pipe_is_refused_without_the_actions_hint(tmp_path: Path) -> None:
    pipe = tmp_path / "scenario"
    os.mkfifo(pipe)
    done = run("resolve", str(pipe), '{"kind": "los", "from": "4E5", "to": "4E6"}')
    assert done.returncode == 2
    error = json.loads(done.stderr)["error"]
    assert error.endswith("it is a FIFO (named pipe), not a file") and "give -" not in error
