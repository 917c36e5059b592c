"""Reading a VASL save: the container, the obfuscation, VASSAL's escaping, boards and pieces."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aslgui.vasl.pieces import VsavError, decode_sequence, nested_levels
from aslgui.vasl.vsav import deobfuscate, flatten_commands, parse_boards, read_vsav
from tests import vsav_saves as vs

SMALL = [
    vs.boards((0, 0, "01")),
    vs.squad("s1", *vs.hex_pixel("E5")),
    vs.stack("st1", *vs.hex_pixel("E5"), ["s1"]),
]


def write(tmp_path: Path, data: bytes, name: str = "game.vsav") -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


# -- VASSAL's SequenceEncoder ---------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        ("a;b;c", ["a", "b", "c"]),
        ("a\\;b;c", ["a;b", "c"]),  # an escaped delimiter stays in its token
        ("a;", ["a", ""]),  # a trailing delimiter leaves one empty token
        ("'x\\';y", ["x\\", "y"]),  # a token ending in a backslash comes quoted
        ("''", [""]),
        ("'", ["'"]),
        ("a\\", ["a\\"]),  # a backslash with no delimiter after it is kept
        ("\\;", [";"]),
    ],
)
def test_decode_sequence_follows_vassal(text: str, tokens: list[str]) -> None:
    assert decode_sequence(text, ";") == tokens


TOKEN = st.text(alphabet=st.sampled_from("ab;\\'\t,"), max_size=8)


@settings(max_examples=300, deadline=None)
@given(st.lists(TOKEN, min_size=2, max_size=6))
def test_decode_sequence_inverts_vassals_encoding(tokens: list[str]) -> None:
    """Whatever VASSAL encodes with a delimiter, one level of decoding gives back (property)."""
    assert decode_sequence(vs.encode_sequence(tokens, ";"), ";") == tokens


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(alphabet=st.sampled_from("ab;,\\/ "), max_size=10), min_size=1, max_size=12))
def test_nested_levels_unwraps_every_decorator(levels: list[str]) -> None:
    """A piece's traits nested one tab level deeper each come back in order (property); the
    one-pass reading and the level-by-level one agree."""
    assert nested_levels(vs.nest(levels)) == levels


def test_commands_nested_in_commands_come_out_in_order() -> None:
    inner = vs.encode_sequence(["", "+/1/a/b", "+/2/c/d"], vs.ESC)
    text = vs.encode_sequence(["begin_save", inner, "bd\t0\t0\t01\t", "end_save"], vs.ESC)
    assert flatten_commands(text) == ["begin_save", "", "+/1/a/b", "+/2/c/d", "bd\t0\t0\t01\t", "end_save"]


# -- the obfuscation ------------------------------------------------------------------------
@pytest.mark.parametrize("header", ["!VCSK", "!VOBS", "VOBS", "!VOXZ", "xz"])
def test_every_obfuscation_vassal_writes_is_read(tmp_path: Path, header: str) -> None:
    game = read_vsav(write(tmp_path, vs.save_bytes(SMALL, header)))
    assert [p.name for p in game.pieces] == ["4-4-7 1sq"]
    assert [b.name for b in game.boards] == ["01"]


def test_plain_command_text_is_read_as_vassal_reads_it() -> None:
    text = vs.command_list(SMALL)
    assert deobfuscate("g.vsav", text.encode("utf-8")) == text


def test_the_legacy_key_is_read_from_its_hex_digits() -> None:
    text = vs.command_list([])
    assert deobfuscate("g.vsav", vs.obfuscate(text, key=0xE3)) == text
    assert deobfuscate("g.vsav", vs.obfuscate(text, key=0x00)) == text


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        (b"PK\x03\x04junk", "not !VCSK"),
        (b"<?xml version='1.0'?>", "not !VCSK"),
        (b"!VCSK", "key is missing"),
        (b"!VCSKzz0102", "bad obfuscation key"),
        (b"!VCSK5a010", "truncated"),
        (b"!VCSK5a01xx", "no hex digit"),
        (b"!VOXZ\x11" + b"\x00" * 20, "corrupt"),
        (b"!VOBS", "key is missing"),
    ],
)
def test_bad_obfuscation_is_refused_clearly(raw: bytes, words: str) -> None:
    with pytest.raises(VsavError, match=words) as caught:
        deobfuscate("g.vsav", raw)
    assert caught.value.file == "g.vsav"
    assert caught.value.path == "savedGame"


def test_a_wrong_key_is_caught_by_the_missing_begin_save(tmp_path: Path) -> None:
    good = vs.obfuscate(vs.command_list(SMALL), key=0x5A)
    wrong_key = b"!VCSK" + b"6b" + good[7:]
    path = write(tmp_path, vs.save_bytes([], saved_game=wrong_key))
    with pytest.raises(VsavError, match="begin_save"):
        read_vsav(path)


# -- the container --------------------------------------------------------------------------
def test_not_a_zip_names_the_file(tmp_path: Path) -> None:
    path = write(tmp_path, b"this is no zip", "notes.vsav")
    with pytest.raises(VsavError, match="not a readable VASSAL save") as caught:
        read_vsav(path)
    assert caught.value.to_json()["file"] == str(path)
    assert str(path) in caught.value.message


def test_a_zip_without_saved_game(tmp_path: Path) -> None:
    import io
    import zipfile

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("moduledata", "<data/>")
    with pytest.raises(VsavError, match=r"no savedGame entry.*moduledata"):
        read_vsav(write(tmp_path, buffer.getvalue()))


def test_a_save_cut_short_is_truncated(tmp_path: Path) -> None:
    text = vs.command_list(SMALL)
    cut = text[: text.index("end_save")]
    with pytest.raises(VsavError, match="truncated"):
        read_vsav(write(tmp_path, vs.save_bytes([], saved_game=vs.obfuscate(cut))))


def test_a_truncated_piece_command(tmp_path: Path) -> None:
    cut = vs.encode_sequence(["+", "123", "piece;K;D;ge/geLMG;LMG"], "/")  # the state is missing
    text = vs.encode_sequence(["begin_save", cut, "end_save"], vs.ESC)
    with pytest.raises(VsavError, match=r"piece command .* is truncated"):
        read_vsav(write(tmp_path, vs.save_bytes([], saved_game=vs.obfuscate(text))))


def test_a_piece_without_its_position(tmp_path: Path) -> None:
    cut = vs.encode_sequence(["+", "123", "piece;K;D;ge/geLMG;LMG", "Main Map"], "/")
    text = vs.encode_sequence(["begin_save", cut, "end_save"], vs.ESC)
    with pytest.raises(VsavError, match="no map position"):
        read_vsav(write(tmp_path, vs.save_bytes([], saved_game=vs.obfuscate(text))))


def test_a_folder_or_fifo_is_no_save(tmp_path: Path) -> None:
    with pytest.raises(VsavError, match="folder, not a file") as caught:
        read_vsav(tmp_path)
    assert caught.value.file == str(tmp_path) and caught.value.message.count(str(tmp_path)) == 1
    fifo = tmp_path / "pipe.vsav"
    os.mkfifo(fifo)
    with pytest.raises(VsavError, match=r"a FIFO \(named pipe\), not a file"):
        read_vsav(fifo)


def test_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(VsavError, match="cannot read VASL save"):
        read_vsav(tmp_path / "absent.vsav")


# -- boards and pieces ----------------------------------------------------------------------
def test_boards_with_rotation_crop_and_zoom() -> None:
    command = (
        "bd\t0\t0\t01\tVER\t6.1\tbd\t1\t0\tr05\tVER\t6.0\t"
        "bd\t0\t1\t12\t0\t0\t900\t645\tVER\t6.1\tbd\t1\t1\tRO\tVER\t1\tZOOM\t1.5"
    )
    found = parse_boards("g.vsav", command)
    assert [(b.name, b.col, b.row, b.rotated) for b in found] == [
        ("01", 0, 0, False),
        ("05", 1, 0, True),
        ("12", 0, 1, False),
        ("RO", 1, 1, False),
    ]
    assert found[2].crop == (0, 0, 900, 645)
    assert found[3].zoom == 1.5


@pytest.mark.parametrize("command", ["bd\t0\t", "bd\tx\ty\t01\t", "bd\t-1\t0\t01\t"])
def test_a_broken_board_entry(command: str) -> None:
    with pytest.raises(VsavError, match="board entry"):
        parse_boards("g.vsav", command)


def test_a_squad_shows_its_elr_layer_and_broken_side(tmp_path: Path) -> None:
    """VASL keeps a squad's identity in Layers: the basic piece says 4-5-8 Esq, the ELR Layer
    at level 2 shows 4-4-7 1sq; the broken Layer adds a prefix."""
    commands = [vs.squad("s1", 500, 500), vs.squad("s2", 600, 500, broken=True)]
    first, second = read_vsav(write(tmp_path, vs.save_bytes(commands))).pieces
    assert first.basic_name == "4-5-8 Esq"
    assert first.identity == ("4-4-7 1sq", "ru/ru447S")
    assert first.modifiers == ()
    assert second.name == "broken 4-4-7 1sq"
    assert second.modifiers == ("broken",)


def test_rotation_hiding_and_concealment_traits(tmp_path: Path) -> None:
    commands = [
        vs.vehicle("v1", "PzKw IVH", "ge/veh/pzivh", 500, 500, rotation=4),
        vs.piece("v2", "SU-152", "ru/veh/SU152", 600, 500, [vs.hidden("password"), vs.concealable("password")]),
        vs.concealment("q1", 500, 500),
    ]
    tank, hidden, mark = read_vsav(write(tmp_path, vs.save_bytes(commands))).pieces
    assert tank.rotation == 4
    assert tank.modifiers == ("vca1", "tca1", "BU")
    assert (hidden.hidden, hidden.concealed, hidden.is_concealment) == (True, True, False)
    assert mark.is_concealment
