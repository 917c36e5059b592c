"""Odds maps (DESIGN.md 12): for every hex of the map, what a ``fire`` at a target placed there
would answer, the TH# and the chance to hit and to Critical Hit, by one Gun or vehicle (where
should it stand?) or the best of every enemy one (where is the enemy's threat?).

Reading the shot is the same for every hex; only what ``aimed`` re-aims changes (range, Case A,
LOS, the target's Location), so each firer's shot is read once and each hex costs its TH# and
legality (its LOS traced only where nothing else forbids the shot), never a whole ``resolve``.
Equal TH# numbers roll alike, so their odds are counted once. A threat asks each hex's firers
best first and stops at the first that cannot win (``threat_odds``). tests/rules/test_odds_map.py
checks random hexes against ``fire`` itself, tests/rules/test_odds_map_threat.py the threat
against every firer's whole map.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from aslgui.errors import QUOTE_LIMIT, AslError
from aslgui.geometry import Hex, spines_to_bring
from aslgui.geometry.hexgrid import to_cube
from aslgui.model import Scenario, Unit
from aslgui.rules.action_keys import MAP_TARGET_TYPES
from aslgui.rules.actions import Action
from aslgui.rules.kinds import RESOLVERS
from aslgui.rules.los import LosMap, LosResult, los_map, trace, unit_level
from aslgui.rules.los.judgement import from_source
from aslgui.rules.odds_target import enemy_side, file_sides, sides_named, target_unit, threatened_side
from aslgui.rules.resolution import IllegalAction, Resolution
from aslgui.rules.tables import location_tem
from aslgui.rules.to_hit import aimed_numbers, best_numbers, firer_drm, read_shot, shot_colour
from aslgui.rules.to_hit.legality import aim_reasons, firer_reasons, in_los, reasons
from aslgui.rules.to_hit.numbers import ThNumbers
from aslgui.rules.to_hit.outcome import fire_odds
from aslgui.rules.to_hit.shot import FIRERS, Shot, aimed, sighted
from aslgui.rules.to_hit.table import band
from aslgui.rules.to_hit.target_drm import case_q_counts

#: From this many hexes asked at once (a whole big map in one answer: six boards or more, where
#: threads are long), a firer's threads are told by its table per direction (``from_source``:
#: 9-17 ms per firer on 16 boards, every board column read first). The window's threat steps
#: count fewer, so no step waits for a table.
TABLE_FROM = 2048


class HexOdds(NamedTuple):
    """One hex of an odds map: the ``fire`` answer's ``final_th_needed``, ``odds.hit`` and
    ``odds.critical`` for a target placed there, and who fires."""

    firer: str
    final_th_needed: int
    hit: float
    critical: float

    def to_json(self, with_firer: bool) -> dict[str, Any]:
        out: dict[str, Any] = {"final_th_needed": self.final_th_needed, "hit": self.hit, "critical": self.critical}
        return {**out, "firer": self.firer} if with_firer else out


def with_target(scenario: Scenario, target: Unit) -> Scenario:
    """The scenario with ``target`` placed (sharing the map and terrain, never changing them)."""
    placed = copy.copy(scenario)
    placed.units = {**scenario.units, target.id: target}
    return placed


def fire_action(firer: Unit, target: Unit, target_type: str, phase: str) -> dict[str, Any]:
    """The ``fire`` action each hex of the map answers, its target placed there."""
    return {"kind": "fire", "firer": firer.id, "target": target.id, "target_type": target_type, "phase": phase}


class FirerOdds:
    """One firer's odds map, its shot read once and counted a slice of hexes at a time: the
    window counts a threat in short timer steps (``unit_odds`` counts a map at once)."""

    def __init__(self, scenario: Scenario, firer: Unit, target: Unit, target_type: str, phase: str,
                 los: LosMap | None = None) -> None:
        """IllegalAction when the firer fires no ordnance; ``los``: the scenario's LOS map when the
        caller has it (a move's threats read it once for every firer)."""
        spec = RESOLVERS["fire"]
        placed = with_target(scenario, target)
        self.firer, self.target = firer, target
        self.action = Action(fire_action(firer, target, target_type, phase), placed, spec.keys, spec.required)
        self.shot = read_shot(self.action)
        self.colour = shot_colour(self.shot).colour
        #: Whether a check that reads only the firer, the phase and the target unit forbids every hex.
        self.barred = bool(firer_reasons(self.shot))
        #: The DRM that are the same at every hex (``firer_drm``), totalled once.
        self.firer_drm = firer_drm(self.shot)
        # without the target: a counter hinders no thread to its own hex (D9)
        self.los = los_map(scenario) if los is None else los
        #: The odds of each TH# numbers met so far: equal numbers roll alike.
        self.counted: dict[ThNumbers, HexOdds] = {}
        self._trace_to: Callable[[Hex, int], LosResult] | None = None
        self.level = unit_level(target)
        #: What ``best_odds`` worked out, kept for the next hexes asked (the window asks a threat a
        #: slice of hexes at a time): the hexspines each signs of an offset bring, the best of each
        #: class, and of each (range, signs, least TEM).
        self._turns: dict[tuple[int, int, int], int] = {}
        self._by_class: dict[tuple[int, int, int, int], tuple[tuple[float, float], bool]] = {}
        self._best: dict[tuple[int, int, int, int, int], tuple[tuple[float, float], bool]] = {}

    def count(self, hexes: Iterable[Hex]) -> dict[Hex, HexOdds]:
        """Each of ``hexes`` where the firer may fire at the target placed there, with what that
        ``fire`` answers."""
        return {h: self.odds(numbers, shot) for h, (numbers, shot) in self.numbers(hexes).items()}

    def numbers(self, hexes: Iterable[Hex]) -> dict[Hex, tuple[ThNumbers, Shot]]:
        """Each of ``hexes`` where the firer may fire at the target placed there, with the TH#
        numbers of that shot (cheap: no dice counted) and the shot."""
        hexes = list(hexes)
        trace_to = self.tracer(len(hexes))
        out: dict[Hex, tuple[ThNumbers, Shot]] = {}
        for h in hexes:
            if (found := self.at(h, trace_to)) is not None:
                out[h] = found
        return out

    def at(self, h: Hex, trace_to: Callable[[Hex, int], LosResult], sight_first: bool = False
           ) -> tuple[ThNumbers, Shot] | None:
        """The TH# numbers and the shot at the target placed in ``h``, None where it may not fire.
        ``sight_first``: its LOS traced before the other checks (where they likely allow the shot:
        a blocked thread then costs no aiming); the same answer either way."""
        if self.barred:
            return None
        sight = trace_to(h, self.level) if sight_first else None
        if sight is not None and sight.blocked:
            return None
        here = aimed(self.shot, self.action, self.target._replace(hex=h), h)
        # the checks that read where it is aimed, the firer's own asked once (``barred``); LOS is
        # traced only where nothing else forbids the shot (or first), then asked of the one check
        # that reads it (A6): the legality of every hex stays that of ``fire`` (``sighted``)
        if aim_reasons(here) or in_los(here := here._replace(
                sight=trace_to(h, self.level) if sight is None else sight)):
            return None
        return aimed_numbers(here, self.colour, self.firer_drm), here

    def best_odds(self, cubes: list[tuple[Hex, int, int]], tems: list[int]
                  ) -> tuple[list[tuple[float, float]], list[bool]]:
        """For each of ``cubes`` (a hex and its cube x and z), the best chance to hit and to Critical
        Hit the firer could have there (``best_numbers``: no Hindrance, Case Q at least the least
        it can be: the Location's TEM in ``tems`` where the shot takes Case Q, a wall or hedge only
        adding, else 0), a shot it may not take included; (-1, -1) where none. What they read of
        the hex: the range (its To Hit Table column, Cases E and L) and Case A's hexspines, the
        same for every offset of the same signs (a CA's edges are the rows x, z or y = 0, C3.2).
        And for each, whether the checks but LOS allow the shot at the first hex of that range and
        those hexspines (``at`` then traces the LOS first)."""
        if self.barred:
            return [(-1.0, -1.0)] * len(cubes), [False] * len(cubes)
        shot, action, target, colour, drm = self.shot, self.action, self.target, self.colour, self.firer_drm
        origin = shot.firer.hex
        fx, _, fz = to_cube(origin)
        turns, by_class = self._turns, self._by_class

        def best_at(h: Hex, rng: int, signs: tuple[int, int, int], tem: int) -> tuple[tuple[float, float], bool]:
            spines = turns.get(signs)
            if spines is None:
                spines = turns[signs] = spines_to_bring(origin, shot.spine, h)
            kind = (band(rng), min(rng, 3), spines, tem)  # Case E at 0, Case L at 1 and 2 (C5.5, C6)
            best = by_class.get(kind)
            if best is None:
                here = aimed(shot, action, target._replace(hex=h), h)
                odds = self.odds(best_numbers(here, colour, drm, tem), here)
                best = by_class[kind] = ((odds.hit, odds.critical), not aim_reasons(here))
            return best

        found = self._best
        out, legal = [], []
        takes_q = case_q_counts(shot)
        for (h, x, z), tem in zip(cubes, tems, strict=True):
            vx, vz = x - fx, z - fz
            vy = -vx - vz
            least_q = tem if takes_q else 0
            key = (max(abs(vx), abs(vy), abs(vz)), (vx > 0) - (vx < 0), (vz > 0) - (vz < 0), (vy > 0) - (vy < 0),
                   least_q)
            best = found.get(key)
            if best is None:
                best = found[key] = best_at(h, key[0], key[1:4], least_q)
            out.append(best[0])
            legal.append(best[1])
        return out, legal

    def tracer(self, count: int) -> Callable[[Hex, int], LosResult]:
        """How the firer's threads to ``count`` hexes of one map are traced: by its table from
        ``TABLE_FROM`` (made on first use: a threat asks a firer only hexes it might win), else one
        by one."""
        return self.trace_to() if count >= TABLE_FROM else self.one_trace

    def one_trace(self, h: Hex, level: int) -> LosResult:
        """The firer's thread to ``h`` (``sighted``'s), for a few hexes."""
        firer = self.shot.firer
        return trace(self.los, firer.hex, h, unit_level(firer), level)

    def trace_to(self) -> Callable[[Hex, int], LosResult]:
        """The firer's threads to many hexes (``from_source``), its table made once; a block's
        reason is not worded (``at`` reads only whether a thread is blocked: an odds map never
        shows why, ``why_none`` traces its own)."""
        if self._trace_to is None:
            firer = self.shot.firer
            self._trace_to = from_source(self.los, firer.hex, unit_level(firer), explain=False)
        return self._trace_to

    def odds(self, numbers: ThNumbers, shot: Shot) -> HexOdds:
        """What ``fire`` answers for a shot with these TH# numbers: counted once per numbers."""
        found = self.counted.get(numbers)
        if found is None:
            odds = fire_odds(shot, numbers).to_json()["odds"]
            found = self.counted[numbers] = HexOdds(self.firer.id, numbers.final_th_needed, odds["hit"],
                                                    odds["critical"])
        return found

    def none_note(self) -> str:
        """The note of a map on which this firer may fire at no hex, saying why."""
        return f"{self.firer.id} may fire at no hex in the {self.shot.phase}: {self.why_none()}"

    def why_none(self) -> str:
        """Why this firer may fire at no hex of the map (its odds map came out empty): the reasons
        every hex shares (its phase, its state), else how many hexes its LOS misses and one reason
        of the others; ``fire``'s own reasons, each citing its rule."""
        shared: set[str] | None = None
        no_los, other = 0, ""
        for h in self.action.scenario.grid.all_hexes:
            here = aimed(self.shot, self.action, self.target._replace(hex=h), h)
            found = set(reasons(here))
            if not found and (blocked := in_los(sighted(here, self.los))):
                found, no_los = {blocked}, no_los + 1
            elif found and not other:
                other = sorted(found)[0]
            shared = found if shared is None else shared & found
        if shared:
            return "; ".join(sorted(shared))
        parts = [f"no LOS to any of the {no_los} hexes it could otherwise fire at (A6.1)"] if no_los else []
        return "; ".join([*parts, *([f"elsewhere, e.g. {other}"] if other else [])]) or "no hex on the map"


def unit_odds(scenario: Scenario, firer: Unit, target: Unit, target_type: str, phase: str) -> dict[Hex, HexOdds]:
    """Every hex of the map where ``firer`` may fire at ``target`` placed there, with what that
    ``fire`` answers (IllegalAction when the firer fires no ordnance)."""
    return FirerOdds(scenario, firer, target, target_type, phase).count(scenario.grid.all_hexes)


def threat_firers(scenario: Scenario, side: str) -> list[Unit]:
    """Every Gun and vehicle on the map not of ``side``: who may fire at its units."""
    return [unit for unit in scenario.units.values() if unit.kind in FIRERS and unit.side != side]


def threat_odds(firers: list[FirerOdds], hexes: Iterable[Hex]) -> dict[Hex, HexOdds]:
    """For each of ``hexes`` the best of the firers' chances, to hit then to Critical Hit, and who
    has it; a tie goes to the firer listed first (file order). Each hex asks its firers the best
    they could have first (``best_odds``) and stops at the first that cannot beat the one found:
    no thread walked for a firer that could not win, the same answer as asking every firer."""
    cubes = [(h, x, z) for h in hexes for x, _, z in (to_cube(h),)]
    if not firers or not cubes:
        return {}
    scenario = firers[0].action.scenario
    tems = [location_tem(scenario.terrain_at(h), h in scenario.fortified) for h, _, _ in cubes]
    bests, legal = zip(*(firer.best_odds(cubes, tems) for firer in firers), strict=True)
    asked = range(len(firers))
    found: dict[Hex, HexOdds] = {}
    for column, ((h, _, _), at_hex) in enumerate(zip(cubes, zip(*bests, strict=True), strict=True)):
        # ranks: minus the chances, then the file index (a stable sort keeps file order in a tie);
        # each firer's best rank comes first, and its rank at the hex is never before its best, so
        # none after one ranked behind the kept can win
        kept: tuple[float, float, int] | None = None
        for i in sorted(asked, key=at_hex.__getitem__, reverse=True):
            hit, critical = at_hex[i]
            if hit < 0 or (kept is not None and (-hit, -critical, i) > kept):  # no shot (barred), or none can win
                break
            firer = firers[i]
            if (numbers := firer.at(h, firer.tracer(len(cubes)), legal[i][column])) is None:
                continue
            odds = firer.odds(*numbers)
            if kept is None or (-odds.hit, -odds.critical, i) < kept:
                kept, found[h] = (-odds.hit, -odds.critical, i), odds
    return found


def threat_of(scenario: Scenario, firers: list[Unit], target: Unit, target_type: str, phase: str
              ) -> list[FirerOdds | str]:
    """Each enemy firer's ``FirerOdds`` of a threat, in file order; for one that fires no ordnance
    (a truck, C3), its note: its reason names it (``t1 has no main armament ...``), else the note does."""
    out: list[FirerOdds | str] = []
    for firer in firers:
        try:
            out.append(FirerOdds(scenario, firer, target, target_type, phase))
        except IllegalAction as error:
            out.append(error.message if firer.id in error.message.split() else f"{firer.id}: {error.message}")
    return out


def resolve_odds_map(action: Action) -> Resolution:
    """``odds_map``: each hex where the ``fire`` at a target placed there is legal, with its
    TH#, chance to hit and to Critical Hit; for ``threat_to_side`` the best over every Gun and
    vehicle of the other side, naming it (DESIGN.md 12)."""
    scenario, target_type = action.scenario, action.choice("target_type", MAP_TARGET_TYPES)
    keys = action.data.get("target")
    if action.has("unit") and action.has("threat_to_side"):
        raise AslError("give unit or threat_to_side, not both", "action.threat_to_side")
    found: dict[Hex, HexOdds] = {}
    why: list[str] = []
    if action.has("unit"):
        firer = action.unit("unit")
        target = target_unit(scenario, enemy_side(scenario, firer.side), target_type, keys)
        odds = FirerOdds(scenario, firer, target, target_type, action.phase)
        found = odds.count(scenario.grid.all_hexes)
        if not found:
            why.append(odds.none_note())
    else:
        side = threatened_side(scenario, action.data["threat_to_side"])
        sides = sides_named(scenario, side)
        target = target_unit(scenario, sides[0] if sides else side, target_type, keys)
        firers = [firer for firer in threat_firers(scenario, side) if firer.side not in sides]
        named = side if len(side) <= QUOTE_LIMIT else f"{side[:QUOTE_LIMIT]}..."  # a 1 MB name is not echoed
        if not sides:
            why.append(f"no unit of {named} is in the file: its threat is that of every Gun and vehicle of "
                       f"{', '.join(file_sides(scenario)) or 'no side'} on the map")
        elif sides != (side,):
            why.append(f"read: {named} is the side {' and '.join(sides)} of the file (DESIGN.md 11)")
        if not firers:
            why.append(f"no Gun or vehicle of a side other than {named} is on the map")
        each = threat_of(scenario, firers, target, target_type, action.phase)
        found = threat_odds([odds for odds in each if not isinstance(odds, str)], scenario.grid.all_hexes)
        if not found:  # then no firer may fire at any hex: each one's reason, in file order
            why += [odds if isinstance(odds, str) else odds.none_note() for odds in each]
    name, threat = scenario.grid.name, not action.has("unit")
    hexes = {name(h): odds.to_json(threat) for h, odds in sorted(found.items())}
    notes = why if not found else [note for note in why if note.startswith(("no unit of", "read: "))]
    return Resolution(action.kind, values={"target_type": target_type, "hexes": hexes,
                                           **({"notes": notes} if notes else {})})
