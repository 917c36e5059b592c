"""Scenario file versions: bring an older file up to the current format, refuse a newer one.

Format 1 is current (DESIGN.md section 3).  Version 0 is what a file without a ``version`` key
is: the prototype's files, which may use a few older key names.  Each step renames an old key
only when its new name is absent, so a hand-written format-1 file that merely omits
``version`` reads exactly as before.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from aslgui.errors import AslError

VERSION = 1
#: Top-level keys of version 0 that format 1 spells differently.
_V0_TOP_RENAMES = {"attacker": "player"}
#: Per-unit keys of version 0 that format 1 spells differently.
_V0_UNIT_RENAMES = {"type": "kind"}
#: Version 0's one ``facing`` becomes the arc that kind of unit keeps it in.
_V0_FACING = {"gun": "ca", "vehicle": "vca"}


def _renamed(record: dict[str, Any], renames: dict[str, str]) -> dict[str, Any]:
    """A copy with old keys under their new names (an explicit new key wins), order kept."""
    return {renames[k] if k in renames and renames[k] not in record else k: v for k, v in record.items()}


def _v0_unit(unit: Any) -> Any:
    if not isinstance(unit, dict):
        return unit  # the loader names the bad entry
    out = _renamed(unit, _V0_UNIT_RENAMES)
    kind = out.get("kind")
    arc = _V0_FACING.get(kind) if isinstance(kind, str) else None
    if arc is not None and "facing" in out and arc not in out:
        out = {arc if k == "facing" else k: v for k, v in out.items()}
    return out


def _from_v0(data: dict[str, Any]) -> dict[str, Any]:
    """Version 0 -> 1: ``board`` (one id) -> ``boards``, ``attacker`` -> ``player``, and per
    unit ``type`` -> ``kind``, ``facing`` -> ``ca`` (Gun) or ``vca`` (vehicle)."""
    out = _renamed(data, _V0_TOP_RENAMES)
    if "board" in out and "boards" not in out:
        board = {"id": out["board"], "col": 0, "row": 0}
        out = {("boards" if k == "board" else k): ([board] if k == "board" else v) for k, v in out.items()}
    if isinstance(out.get("units"), list):
        out["units"] = [_v0_unit(unit) for unit in out["units"]]
    return out


#: Version n -> the step that turns a version-n file into version n + 1.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {0: _from_v0}


def file_version(data: dict[str, Any]) -> int:
    """The format version a parsed file declares (0 when it declares none)."""
    version = data.get("version", 0)
    if type(version) is not int or version < 0:
        raise AslError(f"expected a format version number, got {version!r}", "version")
    if version > VERSION:
        raise AslError(
            f"this file is format version {version}, from a newer aslgui; this one reads up to {VERSION}", "version"
        )
    return version


def migrate(data: dict[str, Any]) -> dict[str, Any]:
    """The file as the current version; a newer version is refused with AslError at ``version``.

    The input is not changed: each step returns a new object.
    """
    version = file_version(data)
    while version < VERSION:
        data = MIGRATIONS[version](data)
        version += 1
    return {**data, "version": VERSION}
