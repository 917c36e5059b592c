"""``aslgui``: the map window, and ``aslgui resolve``: the rules core as JSON in, JSON out.

The resolve path imports neither Qt nor shapely/numpy, nor argparse and dataclasses, so it
starts about as fast as Python itself (benchmarks/bench_core.py).
"""

from __future__ import annotations

import gc
import json
import os
import sys
from collections.abc import Callable, Sequence

from aslgui import __version__
from aslgui.collector import collector_paused
from aslgui.errors import AslError
from aslgui.limits import BATCH_LINES_LIMIT

#: ``typing.TYPE_CHECKING`` without importing ``typing``, which ``run_resolve`` imports with the
#: collector paused (mypy takes any ``TYPE_CHECKING`` as true).
TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse

    from aslgui.model.scenario import Scenario


#: Where the scenario file and every action kind are documented (a wheel carries it: ``contract_path``).
CONTRACT = "docs/contract.md"
#: The status of a command whose reader went away (``| head -c0``): SIGPIPE's 128 + 13, said by no word.
CLOSED_PIPE = 141
#: The exit status of a run ended by Ctrl-C (128 + SIGINT, as a shell reports it).
INTERRUPTED = 130


def write_output(text: str, what: str) -> int:
    """Write ``text`` on stdout and flush it: 0, a closed pipe's quiet ``CLOSED_PIPE``, or exit 2 with any
    other failure (a full disk, ``>/dev/full``, stdout closed) said on stderr, never a traceback."""
    try:
        if sys.stdout is None:  # started with stdout closed (``>&-``)
            raise OSError("standard output is closed")
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        _drop_stdout()
        return CLOSED_PIPE
    except (OSError, ValueError) as error:  # ValueError: stdout closed in process
        _drop_stdout()
        reason = getattr(error, "strerror", None) or str(error)
        return write_error({"error": f"cannot write {what} to standard output: {reason}", "path": "stdout"})
    return 0


def write_error(error: dict[str, str]) -> int:
    """Say ``error`` on stderr as one JSON object (exit 2); a stderr that cannot take it leaves nowhere."""
    try:
        if sys.stderr is not None:
            print(json.dumps(error), file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass
    return 2


def _drop_stdout() -> None:
    """Point stdout at the null device: Python's flush at exit fails no more ('Exception ignored')."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (AttributeError, OSError, ValueError):  # no stdout, or no descriptor to redirect
        pass


def _parser() -> argparse.ArgumentParser:
    import argparse

    from aslgui.resource_files import contract_path

    parser = argparse.ArgumentParser(
        prog="aslgui",
        description="ASL hex map that knows the rules. Without a command, opens the map window.",
    )
    parser.add_argument("--version", action="version", version=f"aslgui {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    gui = commands.add_parser("open", help="open the map window (the default command)")
    gui.add_argument("scenario", nargs="?",
                     help="scenario file, or a VASL game (.vsav) to import (default: the built-in demo)")
    resolve = commands.add_parser(
        "resolve", help="answer one action about a scenario as JSON",
        description="Answer one action about a scenario: JSON on stdout (exit 0, also for an illegal\n"
                    "action), or {error, path} on stderr (exit 2) for a malformed file or action.",
        # As written: a long path wrapped by argparse would be cut in two.
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=resolve_examples() + "\n\nThe contract (the scenario file, every action kind with its keys and "
               f"answer keys):\n  {contract_path()}\n  ({CONTRACT} in the aslgui source repository)",
    )
    resolve.add_argument("scenario", help="scenario file (JSON, format 1: see the contract below)")
    resolve.add_argument("action", help="a file holding the action (a JSON object), or - to read it from stdin "
                                        "(one action, or one per line); not the JSON itself")
    render = commands.add_parser("render", help="draw the map to a PNG without a window")
    render.add_argument("scenario", help="scenario file (JSON, format 1: the contract aslgui resolve --help names)")
    render.add_argument("-o", "--output", required=True, help="PNG file to write")
    render.add_argument("--ca", nargs="+", action="extend", default=[], metavar="UNIT", help="draw these units' CAs")
    render.add_argument("--hex-range", help="only these hexes, e.g. A1-J10 (4A1-4J10 with several boards)")
    render.add_argument("--scale", type=float, default=1.0, help="pixels per map pixel (default 1)")
    vsav = commands.add_parser("import-vsav", help="turn a VASL save (.vsav) into a scenario file")
    vsav.add_argument("vsav", help="VASL save or scenario set-up (.vsav)")
    vsav.add_argument("-o", "--output", required=True, help="scenario file to write (JSON)")
    counters = commands.add_parser(
        "counters", help="list what aslgui reads from your VASL module's Guns and vehicles (JSON lines)",
        description="One JSON object a line for each Gun and vehicle of your VASL module(s): gpid, name,\n"
                    "image, nationality, side, the printed values as scenario unit keys (caliber, barrel,\n"
                    "rof, ma, af, mp ...), printed (the keys its counter gave), defaults (what it does not\n"
                    "print and the rules fill: rof 0 for no ROF box, breakdown 12 for no B#) and unread\n"
                    "(each text or fact that could not be read, with why).",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="Modules: --module, else $ASLGUI_VASL_MODULE and those of File > Add VASL module....\n"
               f"Keys: {CONTRACT}, section 'aslgui counters'.",
    )
    counters.add_argument("names", nargs="*", metavar="NAME",
                          help="only counters whose name, image or printed name holds one of these (any case)")
    counters.add_argument("--module", action="append", default=[], metavar="VMOD",
                          help="read this VASL module (.vmod) instead of the library's (repeatable)")
    return parser


#: ``aslgui resolve --help``'s examples: each runs as printed (tests/test_cli_help.py runs them).
RESOLVE_EXAMPLES = (
    ('{"kind": "fire", "firer": "g1", "target": "t1"}', "the demo's 57LL AT Gun fires at the PzKpfw IIIG"),
    ('{"kind": "odds_map", "threat_to_side": "russian", "target_type": "vehicle", "phase": "MPh"}',
     "where the German guns and vehicles threaten a Russian AFV in the MPh"),
)


def resolve_examples() -> str:
    """The examples ``aslgui resolve --help`` shows, on the built-in demo scenario."""
    import shlex

    from aslgui.resource_files import resource_path

    demo = shlex.quote(str(resource_path("scenarios", "demo.json")))
    lines = ["Examples (the built-in demo scenario; the action on stdin, or in a file):"]
    for action, what in RESOLVE_EXAMPLES:
        lines += [f"  # {what}", f"  echo {shlex.quote(action)} | aslgui resolve {demo} -"]
    lines += ["  # the same from a file", f"  aslgui resolve {demo} action.json"]
    return "\n".join(lines)


def inline_action_error(text: str) -> AslError:
    """What ``aslgui resolve SCENARIO '{...}'`` is told: the action is a file or stdin."""
    import shlex

    return AslError("the action is a file, or - to read it from stdin, not the JSON itself: "
                    f"echo {shlex.quote(text)} | aslgui resolve SCENARIO -", "action")


def output_error(output: str, error: OSError) -> int:
    """The output file as the user named it, never the temporary one an atomic write goes through."""
    return write_error({"error": f"cannot write {output}: {error.strerror or error}", "path": "--output"})


def run_render(options: argparse.Namespace) -> int:
    """Write the PNG (exit 0) or say on stderr why not (exit 2)."""
    from aslgui.model.scenario import load_scenario
    from aslgui.ui.render import render_png

    try:
        scenario = load_scenario(options.scenario)
        image = render_png(scenario, options.output, tuple(options.ca), options.hex_range, options.scale)
    except AslError as error:
        return write_error(error.to_json())
    except OSError as error:
        return output_error(options.output, error)
    return write_output(f"wrote {options.output} ({image.width()}x{image.height()})\n", "the report")


def run_import_vsav(options: argparse.Namespace) -> int:
    """Write the scenario and print what was imported and skipped (exit 0), or say on stderr
    why the save cannot be read (exit 2, DESIGN.md section 8)."""
    from aslgui.model.json_files import write_json_file
    from aslgui.model.scenario import scenario_from_json
    from aslgui.model.vsav_import import import_vsav

    try:
        imported = import_vsav(options.vsav)
        scenario_from_json(imported.scenario)  # what is written must load
        write_json_file(imported.scenario, options.output)
    except AslError as error:
        return write_error(error.to_json())
    except OSError as error:
        return output_error(options.output, error)
    return write_output("\n".join([f"wrote {options.output}", *imported.report.lines()]) + "\n", "the report")


def run_counters(options: argparse.Namespace) -> int:
    """Print a JSON line per Gun and vehicle of the modules (exit 0); a module that cannot be read
    is said on stderr (exit 2 when none can be read, naming the first)."""
    from aslgui.model.counters import counter_records
    from aslgui.vasl.module import read_module
    from aslgui.vasl.module_library import MODULE_ENV, loaded_modules

    modules, problems = [], []
    if options.module:
        for path in options.module:
            try:
                modules.append(read_module(path))
            except AslError as error:
                problems.append((path, error.message))
    else:
        modules, problems = loaded_modules()
    if not modules:
        if problems:
            return write_error({"error": problems[0][1], "path": problems[0][0]})
        return write_error({"error": f"no VASL module: give --module VMOD, set {MODULE_ENV}, or add one in the "
                                     "window (File > Add VASL module...)", "path": "--module"})
    for path, message in problems:
        write_error({"error": message, "path": path})
    lines = [json.dumps(record, ensure_ascii=False) + "\n" for record in counter_records(modules, options.names)]
    return write_output("".join(lines), "the counters")


def run_resolve(scenario_path: str, action_path: str) -> int:
    """Print the answer on stdout (exit 0) or ``{"error", "path"}`` on stderr (exit 2); stdin
    holding JSON lines gets one answer line per action line (``run_batch``)."""
    with collector_paused():
        from aslgui.answer_lines import answer_line, with_board_notes
        from aslgui.model.json_files import parse_json_bytes, read_json_file, read_stream
        from aslgui.model.scenario import load_scenario
        from aslgui.rules import resolve

        try:
            scenario = load_scenario(scenario_path)
            if action_path == "-":
                if sys.stdin is None:  # started with stdin closed (`<&-`)
                    raise AslError("cannot read the action on stdin: stdin is closed", "action")
                data = read_stream(sys.stdin.buffer, "action on stdin", "action")
                lines = json_lines(data)
                if lines is not None:
                    return run_batch(scenario, lines)
                action = parse_json_bytes(data, "action on stdin", "action")
            elif action_path.lstrip().startswith("{") and not os.path.exists(action_path):
                raise inline_action_error(action_path)
            else:
                action = read_json_file(action_path, "action file", "action")
            answer = with_board_notes(scenario, resolve(scenario, action))
        except AslError as error:
            if error.path == "action" and error.message.endswith("it is a FIFO (named pipe), not a file"):
                error = AslError(f"{error.message}: give - to read the action on stdin", error.path)
            return write_error(error.to_json())
    return write_output(answer_line(answer), "the answer")


def json_lines(data: bytes) -> list[tuple[int, bytes]] | None:
    """stdin's non-blank lines with their numbers when it is JSON lines, else None (one action).

    One action when the whole of stdin is one JSON value, however it is spread over lines;
    JSON lines when it is not, has two or more non-blank lines, and one of them, unindented, is
    a JSON object by itself. A pretty-printed action indents every line but its braces, so a
    broken one stays one action with one error, as it always was."""
    from aslgui.model.json_files import parse_json_bytes

    def is_object(line: bytes) -> bool:
        try:
            return isinstance(parse_json_bytes(line, "a line"), dict)
        except AslError:
            return False

    try:
        parse_json_bytes(data, "action on stdin")
        return None
    except AslError:
        pass
    count = data.count(b"\n") + (not data.endswith(b"\n"))  # a last line ends in a newline or at the end
    if count > BATCH_LINES_LIMIT:
        raise AslError(f"cannot read the actions on stdin: they are {count:,} lines, over the {BATCH_LINES_LIMIT:,} "
                       "lines of one batch (BATCH_LINES_LIMIT); split them over several runs", "action")
    lines = [(n, line) for n, line in enumerate(data.split(b"\n"), 1) if line.strip()]
    if len(lines) < 2 or not any(line[:1] not in b" \t" and is_object(line) for _, line in lines):
        return None
    return lines


#: A batch's answers are written in chunks of about this many characters, not flushed line by line.
_BATCH_CHUNK = 1 << 16


def run_batch(scenario: Scenario, lines: list[tuple[int, bytes]]) -> int:
    """Answer each action line in order, one answer line each; a line's error is its own
    ``{"error", "path", "line"}`` line on stdout and the rest are still answered. Exit 0 when every
    line was answered, 2 when any was an error. A long batch is answered on every core
    (``batch_processes``)."""
    from aslgui.answer_lines import answer_line, noted
    from aslgui.batch_processes import answer_in_processes
    from aslgui.model.json_files import parse_json_bytes
    from aslgui.rules import resolve
    from aslgui.rules.los import steady

    gc.enable()  # a long batch: each error line's traceback is a cycle to collect
    notes = scenario.plain_board_notes

    def answer_share(share: Sequence[tuple[int, bytes]], emit: Callable[[str], int]) -> tuple[int, bool]:
        failed = False
        chunk: list[str] = []
        size = 0
        for number, line in share:
            try:
                action = parse_json_bytes(line, f"action on stdin line {number}", "action")
                answer = resolve(scenario, action)
                text = answer_line(noted(answer, notes) if notes else answer)
            except AslError as error:
                failed = True
                text = json.dumps({**error.to_json(), "path": error.path or "action", "line": number}) + "\n"
            chunk.append(text)
            size += len(text)
            if size >= _BATCH_CHUNK:  # a syscall per chunk, not per line (stdin was read whole already)
                if status := emit("".join(chunk)):
                    return status, failed
                chunk, size = [], 0
        return (emit("".join(chunk)) if chunk else 0), failed

    with steady(scenario):  # answering a line changes nothing in the scenario
        return answer_in_processes(lines, answer_share, lambda text: write_output(text, "the answers"))


COMMANDS = ("open", "resolve", "render", "import-vsav", "counters")  # any other first argument is a file to open


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) == 3 and args[0] == "resolve" and not any(a.startswith("-") and a != "-" for a in args[1:]):
        # Scripts call `aslgui resolve S A` in loops: answer without argparse, whose import and
        # argument checks (shutil, locale, gettext) cost a tenth of the whole start-up.
        return run_resolve(args[1], args[2])
    # A bare file argument opens it, so `aslgui situation.json` works like double-clicking.
    if args and not args[0].startswith("-") and args[0] not in COMMANDS:
        from difflib import get_close_matches  # a mistyped command: never on the quick path above
        if not os.path.exists(args[0]) and (near := get_close_matches(args[0], COMMANDS, 1, 0.75)):
            print(f"aslgui: no command or file {args[0]!r}; did you mean '{near[0]}'?", file=sys.stderr)
            return 2
        args.insert(0, "open")
    options = _parser().parse_args(args)
    if options.command == "resolve":
        return run_resolve(options.scenario, options.action)
    if options.command == "render":
        return run_render(options)
    if options.command == "import-vsav":
        return run_import_vsav(options)
    if options.command == "counters":
        return run_counters(options)
    from aslgui.ui.app import run_gui

    exit_code: int = run_gui(getattr(options, "scenario", None))
    return exit_code


def command() -> int:
    """The ``aslgui`` program (the installed script and ``python -m aslgui``): ``main``'s exit
    status, with every object still alive frozen (``gc.freeze``) so that the interpreter's last
    cycle collection skips them: it would walk all the rules' objects for no garbage, a third of
    what ``aslgui resolve`` costs over a bare Python start (issue 30).  Call ``main`` in process:
    freezing there would keep the caller's garbage cycles for good.  Ctrl-C ends it quietly
    with the shell's status for an interrupt (130), not a traceback."""
    try:
        status = main()
    except KeyboardInterrupt:
        return INTERRUPTED
    gc.freeze()
    return status


if __name__ == "__main__":
    sys.exit(command())
