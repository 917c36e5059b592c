"""``aslgui``: the map window, and ``aslgui resolve``: the rules core as JSON in, JSON out.

The resolve path imports neither Qt nor shapely/numpy, so it starts about as fast as Python.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from aslgui import __version__
from aslgui.errors import AslError


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="aslgui",
        description="ASL hex map that knows the rules. Without a command, opens the map window.",
    )
    parser.add_argument("--version", action="version", version=f"aslgui {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    gui = commands.add_parser("open", help="open the map window (the default command)")
    gui.add_argument("scenario", nargs="?", help="scenario file (default: the built-in demo)")
    resolve = commands.add_parser("resolve", help="answer one action about a scenario as JSON")
    resolve.add_argument("scenario", help="scenario file (JSON, DESIGN.md section 3)")
    resolve.add_argument("action", help="action file (JSON, DESIGN.md section 4), or - for stdin")
    return parser


def run_resolve(scenario_path: str, action_path: str) -> int:
    """Print the answer on stdout (exit 0) or ``{"error", "path"}`` on stderr (exit 2)."""
    from aslgui.model.scenario import load_scenario, parse_json_text, read_json_file
    from aslgui.rules import resolve

    try:
        scenario = load_scenario(scenario_path)
        if action_path == "-":
            action = parse_json_text(sys.stdin.read(), "action on stdin")
        else:
            action = read_json_file(action_path, "action file")
        answer = resolve(scenario, action)
    except AslError as error:
        print(json.dumps(error.to_json()), file=sys.stderr)
        return 2
    print(json.dumps(answer.to_json()))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    # A bare file argument opens it, so `aslgui situation.json` works like double-clicking.
    if args and not args[0].startswith("-") and args[0] not in {"open", "resolve", "render"}:
        args.insert(0, "open")
    options = _parser().parse_args(args)
    if options.command == "resolve":
        return run_resolve(options.scenario, options.action)
    from aslgui.ui.app import run_gui

    exit_code: int = run_gui(getattr(options, "scenario", None))
    return exit_code


if __name__ == "__main__":
    sys.exit(main())
