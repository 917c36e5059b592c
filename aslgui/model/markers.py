"""SMOKE and WP counters on the map (A24): the scenario file's top-level ``smoke`` object, hex name
-> list of markers ``{"kind": "smoke" | "wp", "dispersed": false}``.  Kept apart from units: a
SMOKE counter belongs to no side and is no unit the rules move or fire, only a Hindrance the LOS
engine reads (``aslgui.rules.los.counters``)."""

from typing import Any, Literal, NamedTuple

from aslgui.errors import AslError, shown
from aslgui.geometry import Hex, MapGrid

SMOKE_KINDS = ("smoke", "wp")
#: More markers than this in one hex is no situation on a map, so a file listing more is refused.
MAX_PER_HEX = 8


class Smoke(NamedTuple):
    """One SMOKE (``smoke``) or WP (``wp``) counter, maybe on its Dispersed side."""

    kind: Literal["smoke", "wp"]
    dispersed: bool = False


def smoke_from_json(raw: Any, grid: MapGrid) -> dict[Hex, tuple[Smoke, ...]]:
    """The ``smoke`` object of a file, every error naming its JSON path (``smoke.4E5[0].kind``)."""
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise AslError(f'expected an object of hex name -> list of {{"kind": "smoke"}}, got {shown(raw)}', "smoke")
    out: dict[Hex, tuple[Smoke, ...]] = {}
    named: dict[Hex, str] = {}
    for name, markers in raw.items():
        path = f"smoke.{name}"
        h = grid.parse(name, path)
        if h in out:
            raise AslError(f"the same hex as {named[h]}: list its markers once", path)
        if not isinstance(markers, list) or not markers:
            raise AslError(f'expected a list of markers such as [{{"kind": "smoke"}}], got {shown(markers)}', path)
        if len(markers) > MAX_PER_HEX:
            raise AslError(f"{len(markers)} markers in one hex; at most {MAX_PER_HEX}", path)
        out[h] = tuple(_marker(marker, f"{path}[{i}]") for i, marker in enumerate(markers))
        named[h] = name
    return out


def _marker(raw: Any, path: str) -> Smoke:
    if not isinstance(raw, dict):
        example = '{"kind": "smoke", "dispersed": false}'
        raise AslError(f"expected a marker object such as {example}, got {shown(raw)}", path)
    unknown = sorted(set(raw) - {"kind", "dispersed"})
    if unknown:
        raise AslError(f"unknown key {shown(unknown[0])}; a marker has kind and dispersed", f"{path}.{unknown[0]}")
    kind = raw.get("kind")
    if kind not in SMOKE_KINDS:
        raise AslError(f"expected smoke or wp, got {shown(kind)}", f"{path}.kind")
    dispersed = raw.get("dispersed", False)
    if not isinstance(dispersed, bool):
        raise AslError(f"expected true or false, got {shown(dispersed)}", f"{path}.dispersed")
    return Smoke(kind, dispersed)


def smoke_to_json(smoke: dict[Hex, tuple[Smoke, ...]], grid: MapGrid) -> dict[str, list[dict[str, Any]]]:
    """The ``smoke`` object to save, hexes in map order."""
    return {grid.name(h): [{"kind": m.kind, "dispersed": m.dispersed} for m in markers]
            for h, markers in sorted(smoke.items())}
