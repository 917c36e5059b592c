"""Tiny VASL modules built by the tests themselves (DESIGN.md 11's format): a buildFile with a few
PieceSlots and SVG counters written as VASL's generators write them, so always-run tests need no
real module (``../shared``'s sample is test data owned by others)."""

from __future__ import annotations

import zipfile
from collections.abc import Mapping
from pathlib import Path

import pytest

from aslgui.vasl import cache, module_library
from aslgui.vasl.module import forget_modules
from tests.vsav_saves import encode_sequence, nest


def emb2(images: list[str], names: list[str]) -> str:
    fields = ["emb2", "", "0", "", "Flip", "2", "F", "", "0", "", "", "", "0", "false", "0", "0",
              encode_sequence(images, ","), encode_sequence(names, ","), "true", "", "", "", "false", "", "1", "1",
              "true", "", "70,130", ""]
    return encode_sequence(fields, ";")


def definition(traits: list[str], states: list[str]) -> str:
    return encode_sequence(["+", "null", nest(traits), nest(states)], "/")


STUG = definition(
    ["prototype;DBUnit", "info;CS 4,sD7,s8,A6^2^/5^3^", "prototype;geCTnt", "piece;K;D;ge/veh/stgiiig;StuG IIIG"],
    ["", "", "", "null;0;0;2610"],
)
SQUAD = definition(
    ["prototype;DBUnit", emb2(["ge/geh7b", "ge/geh6b"], ["broken +", "broken +"]),
     emb2(["ge/ge468S", "ge/ge467S"], ["4-6-8 Esq", "4-6-7 1sq"]), "piece;K;D; ;4-6-8 Esq"],
    ["", "-1;", "1", "null;0;0;2363"],
)


def build_file(slots: list[tuple[str, str, str]], root_attrs: str = 'version="6.6.0" VassalVersion="3.6.7"') -> bytes:
    """A buildFile with the slots (gpid, entryName, definition) in German > Vehicles."""
    rows = "".join(
        f'<VASSAL.build.widget.PieceSlot entryName="{name}" gpid="{gpid}" height="60" width="60">'
        f"{text.replace('&', '&amp;').replace('<', '&lt;')}</VASSAL.build.widget.PieceSlot>"
        for gpid, name, text in slots
    )
    return (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<VASSAL.launch.BasicModule name="VASL" {root_attrs}>'
        '<VASSAL.build.module.PieceWindow name="VASL Counters"><VASSAL.build.widget.TabWidget>'
        '<VASSAL.build.widget.ListWidget entryName="German"><VASSAL.build.widget.PanelWidget entryName="Vehicles">'
        f"{rows}</VASSAL.build.widget.PanelWidget></VASSAL.build.widget.ListWidget>"
        "</VASSAL.build.widget.TabWidget></VASSAL.build.module.PieceWindow></VASSAL.launch.BasicModule>"
    ).encode()


#: A Finnish Gun as VASL files it: its art (``fi120MTR``) in no folder, its PieceSlot in the
#: Finnish O/B palette under Axis O/B.
FINNISH_MORTAR = definition(["prototype;DBUnit", "piece;K;D;fi120MTR;120* MTR Krh/40"], ["", "null;0;0;6806"])


def oob_build_file(nationality_folder: str) -> bytes:
    """A buildFile holding ``FINNISH_MORTAR`` in ``nationality_folder`` under Axis O/B, as VASL's palette nests it."""
    slot = (f'<VASSAL.build.widget.PieceSlot entryName="120* MTR Krh/40" gpid="6806" height="60" width="60">'
            f"{FINNISH_MORTAR.replace('&', '&amp;').replace('<', '&lt;')}</VASSAL.build.widget.PieceSlot>")
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<VASSAL.launch.BasicModule name="VASL" version="6.6.0">'
        '<VASSAL.build.module.PieceWindow name="VASL Counters"><VASSAL.build.widget.TabWidget>'
        '<VASSAL.build.widget.ListWidget entryName="Axis O/B">'
        f'<VASSAL.build.widget.ListWidget entryName="{nationality_folder}">'
        f'<VASSAL.build.widget.PanelWidget entryName="Gun">{slot}</VASSAL.build.widget.PanelWidget>'
        "</VASSAL.build.widget.ListWidget></VASSAL.build.widget.ListWidget>"
        "</VASSAL.build.widget.TabWidget></VASSAL.build.module.PieceWindow></VASSAL.launch.BasicModule>"
    ).encode()


def group(label: str, text: str, extra: str = "", wrap: bool = True) -> str:
    """One labelled value as VASL's generators write it: a comment, then an svg holding the text."""
    body = f'<text x="50%" y="75%"><tspan style="font-size:8px;fill:black">{text}</tspan></text>{extra}'
    return f"<!-- {label} -->\n<svg x='0' y='0' width='10' height='10'>{body}</svg>\n" if wrap else \
        f"<!-- {label} -->\n{body}\n"


def svg(*groups: str, note: str = "16", name: str = "Test Tank <i>MT</i>") -> str:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<svg width="60" height="60" xmlns="http://www.w3.org/2000/svg">\n'
        f"<!--\n\tNote #:\t\t{note}\n\tName:\t\t{name}\n\tVersion:\t1.0\n-->\n"
        '<!-- Unit depiction -->\n<image x="0" y="0" width="60" height="60" href="x.png"/>\n'
        + "".join(groups) + "</svg>\n"
    )


SUP = '<tspan style="font-size:6px" baseline-shift="super">&#x273D;</tspan>'
TANK = svg(
    "<!-- Fast Turret -->\n<svg><circle r='25' style='fill:none;stroke:white'/></svg>\n",
    f"<!-- MA, text position adjusts -->\n<svg><text style='fill:black'><tspan style='text-decoration:overline'>75"
    f"</tspan>{SUP}</text></svg>\n",
    group("ROF", "1", "<rect style='fill:none;stroke:black'/>"),
    group("Front Armor", "11", "<rect style='fill:none;stroke:black'/> <!-- Superior Turret Armor -->"),
    group("Side/Rear Armor", "8", "<circle style='fill:none;stroke:black'/> <!-- Inferior Turret Armor -->"),
    "<!-- Machine guns -->\n<svg><text><tspan style='fill:black'>2/4<tspan baseline-shift='super'>R2</tspan>"
    "</tspan></text></svg>\n",
    "<!-- Movement -->\n<svg><rect style='fill:white'/><text style='fill:red'>11</text></svg>\n",
)


def make_module(folder: Path, name: str = "test.vmod", build: bytes | None = None,
                images: Mapping[str, bytes | str] | None = None, build_name: str = "buildFile") -> Path:
    path = folder / name
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(build_name, build if build is not None else build_file([("2610", "StuG IIIG", STUG),
                                                                                 ("2363", "4-6-8 Esq", SQUAD)]))
        for member, data in (images if images is not None else {"ge/veh/stgiiig.svg": TANK}).items():
            archive.writestr("images/" + member, data)
    return path


def private_module_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A test's own module cache and settings, no module from the environment, and no module kept
    open from an earlier test: what a test of reading modules starts from."""
    monkeypatch.setenv(cache.CACHE_ENV, str(tmp_path / "cache"))
    monkeypatch.setenv("ASLGUI_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.delenv(module_library.MODULE_ENV, raising=False)
    forget_modules()
