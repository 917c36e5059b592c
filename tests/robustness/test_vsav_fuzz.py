"""Truncated and mutated VASL saves: only a VsavError (naming the file) ever escapes."""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from aslgui.errors import AslError
from aslgui.model import scenario_from_json
from aslgui.model.vsav_import import import_game, import_vsav
from aslgui.vasl.pieces import VsavError
from aslgui.vasl.vsav import parse_commands
from tests import vsav_saves as vs

EXAMPLES = int(os.environ.get("ASLGUI_FUZZ_EXAMPLES", "200"))
TEXT = vs.command_list(
    [
        vs.boards((0, 0, "01"), (1, 0, "r02")),
        vs.squad("p1", *vs.hex_pixel("E5")),
        vs.concealment("q1", *vs.hex_pixel("E5")),
        vs.stack("st", *vs.hex_pixel("E5"), ["p1", "q1"]),
        vs.vehicle("v1", "PzKw IVH", "ge/veh/pzivh", 2300, 600, rotation=2),
        vs.gun("g1", "75L AT PaK 40", "ge/gun/geAT75L", *vs.hex_pixel("C3", col=1, rotated=True), rotation=5),
        vs.piece("w1", "LMG", "ge/geLMG", 100, 100),
    ]
)
ZIP = vs.save_bytes([], saved_game=vs.obfuscate(TEXT))
SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=not os.environ.get("ASLGUI_FUZZ_RANDOM"),
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)


def _only_vsav_errors(path: Path) -> None:
    try:
        imported = import_vsav(path)
    except VsavError as error:
        assert error.file == str(path) and error.message
        return
    scenario_from_json(imported.scenario)  # what imports, loads


@SETTINGS
@given(st.integers(0, len(ZIP)))
def test_a_save_cut_anywhere(tmp_path: Path, cut: int) -> None:
    path = tmp_path / "cut.vsav"
    path.write_bytes(ZIP[:cut])
    _only_vsav_errors(path)


@SETTINGS
@given(st.lists(st.tuples(st.integers(0, len(ZIP) - 1), st.integers(0, 255)), min_size=1, max_size=8))
def test_a_save_with_bytes_changed(tmp_path: Path, changes: list[tuple[int, int]]) -> None:
    data = bytearray(ZIP)
    for at, value in changes:
        data[at] = value
    path = tmp_path / "mutated.vsav"
    path.write_bytes(bytes(data))
    _only_vsav_errors(path)


@SETTINGS
@given(
    st.integers(0, len(TEXT)),
    st.lists(st.tuples(st.integers(0, len(TEXT)), st.sampled_from("\x1b\t\\/;,'0r-x")), max_size=6),
)
def test_command_text_cut_and_mutated(cut: int, changes: list[tuple[int, str]]) -> None:
    """The command text itself (past the zip and the key): cut short or with delimiters,
    backslashes and digits changed, it reads as a game or fails with a VsavError."""
    text = list(TEXT[:cut] if cut < len(TEXT) else TEXT)
    for at, char in changes:
        if at < len(text):
            text[at] = char
    try:
        imported = import_game(parse_commands("fuzz.vsav", "".join(text)))
    except VsavError:
        return
    try:
        scenario_from_json(imported.scenario)
    except AslError as error:  # pragma: no cover - a bug: the import made a file that does not load
        raise AssertionError(f"imported scenario does not load: {error}") from error
