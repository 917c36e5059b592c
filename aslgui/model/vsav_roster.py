"""What an imported Gun or vehicle keeps of its VASL piece beyond its counter (DESIGN.md 8, 11).

VASL's spines give a Gun's CA and a vehicle's VCA/TCA.  What no module counter gave is read from
the Gun's name (``75L ART``) or filled from the built-in roster (``resources/data/roster.json``),
each filled key listed in ``vasl.roster`` and said in the unit's ``unverified``: never guessed
silently.  Apart from ``vsav_import`` because it is the one part of the import that reads the roster.
"""

from __future__ import annotations

import re
from typing import Any

from aslgui.geometry import SPINE_NAMES
from aslgui.resource_files import load_json
from aslgui.vasl.vocabulary import GUN_NAME


def _from_roster(keys: dict[str, Any], entry: dict[str, Any], wanted: tuple[str, ...], how: str,
                 unverified: list[str]) -> None:
    """Fill the keys the counter left open from a roster entry, and say so (``vasl.roster`` lists them,
    and each later answer that reads the unit names them in its ``unverified``)."""
    filled = [k for k in wanted if k not in keys and entry.get(k) not in (None, False)]
    keys.update({k: entry[k] for k in filled})
    if filled:
        keys["vasl"].setdefault("roster", []).extend(filled)
        unverified.append(f"{', '.join(filled)} from the built-in roster's {entry['name']!r} ({how}; "
                          "not read from its counter)")


def gun_keys(keys: dict[str, Any], name: str, spine: int | None, unverified: list[str]) -> None:
    """A Gun's CA, and what its counter left open read from its name (``75L ART``), then the roster."""
    if spine is not None:
        keys["ca"] = SPINE_NAMES[spine]
    if "caliber" in keys:  # its counter gave its numbers
        return
    match = GUN_NAME.match(name)
    if match is None:
        unverified.append("caliber: neither its counter nor its name states one; set it in the side panel")
        return
    keys["caliber"] = int(match.group(1))
    if match.group(2):
        keys["barrel"] = match.group(2)
    keys["type"] = match.group(3)
    entry_name = f"{match.group(1)}{match.group(2) or ''} {match.group(3)}"
    unverified.append(f"caliber {keys['caliber']}, barrel {match.group(2) or 'normal'} and Gun type "
                      f"{match.group(3)} read from its name {name!r}")
    if _counter_read(keys):
        return  # the rest is its counter's: what it does not print takes the rules' meaning (DESIGN.md 11)
    entry = _roster().get(entry_name)
    wanted = ("mount", "rof", "breakdown", "manhandling")
    if entry is not None and entry["nationality"] == keys["nationality"] and entry["kind"] == "gun":
        _from_roster(keys, {**entry, "name": entry_name}, wanted, "matched by caliber and type", unverified)
        return
    words = {"rof": ("ROF", "no Multiple ROF (C2.24)"), "breakdown": ("B#", "B# 12 (A.11)"),
             "manhandling": ("M#", "no M#"), "mount": ("Case A mount", "NT (C5.1)")}
    unknown = [k for k in words if k not in keys]
    if unknown:
        names = [words[k][0] for k in unknown]
        listed = f"{', '.join(names[:-1])} and {names[-1]} are" if len(names) > 1 else f"{names[0]} is"
        unverified.append(f"its {listed} unknown (not in the built-in roster for a {keys['nationality'] or 'unknown'} "
                          f"{entry_name}): the rules take {', '.join(words[k][1] for k in unknown)} until set in "
                          "the side panel")


def _counter_read(keys: dict[str, Any]) -> bool:
    """The unit's counter was read from a module: its printed values are the whole truth."""
    return "printed" in keys["vasl"] and not keys["vasl"].get("missing")


def vehicle_keys(keys: dict[str, Any], name: str, vca: int | None, tca: int | None, unverified: list[str]) -> None:
    """A vehicle's VCA and TCA, and what its counter left open from the roster vehicle its name means."""
    if vca is not None:
        keys["vca"] = SPINE_NAMES[vca]
    read = _counter_read(keys)
    entry_name = None if read else _roster_vehicle(name)
    entry = _roster().get(entry_name) if entry_name else None
    if entry is not None:
        how = "matched by its name" if entry_name == name else f"VASL's name {name!r}"
        roster_ma = {"caliber": entry["caliber"], **({"barrel": entry["barrel"]} if entry.get("barrel") else {})}
        _from_roster(keys, {**entry, "name": entry_name, "ma": roster_ma if entry.get("caliber") else None},
                     ("turret", "ma", "rof", "breakdown", "mp", "towing", "pp", "gyro", "stabilized", "af"), how,
                     unverified)
        if entry.get("tracked") is False:
            keys["tracked"] = False
        if "mgs" not in keys:  # the roster holds no MGs: none is assumed, and an OVR would count none (D7.11)
            unverified.append("MGs unknown: neither its counter nor the built-in roster gives them, so an OVR adds "
                              "no MG FP (D7.11) and none fires; give its \"mgs\" in the file")
    if tca is not None:
        keys["tca"] = SPINE_NAMES[tca]
        if "turret" not in keys:
            keys["turret"] = "T"
            unverified.append("turret: VASL shows a TCA, so a turret; its traverse (T or ST) is assumed T")
    elif keys.get("turret") and "vca" in keys:
        keys["tca"] = keys["vca"]
        unverified.append("TCA: VASL shows none for this turreted vehicle; taken as its VCA")
    if not read and entry is None:
        unverified.append("not in the built-in roster either: set its MA, MP and turret in the side panel before "
                          "firing or moving it (the side panel has no field for its AF or MGs)")


def _roster() -> dict[str, dict[str, Any]]:
    entries: dict[str, dict[str, Any]] = load_json("data", "roster.json")["entries"]
    return entries


def _squash(name: str) -> str:
    return re.sub(r"[^0-9a-z]", "", name.lower().replace("pzkw", "pzkpfw"))


def _roster_vehicle(name: str) -> str | None:
    """The roster vehicle a VASL name means (``PzKw IVH`` is ``PzKpfw IVH``), if any."""
    wanted = _squash(name)
    return next((n for n, e in _roster().items() if e["kind"] == "vehicle" and _squash(n) == wanted), None)
