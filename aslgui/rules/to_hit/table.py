"""The To Hit Table (C3.3): Basic TH# by Target Type, range and colour, and the C4 Gun/Ammo
modifications that turn it into the Modified TH#. Chart values live in to_hit_table.json."""

from functools import cache
from typing import Any, NamedTuple

from aslgui.errors import AslError, close_spelling
from aslgui.resource_files import load_json
from aslgui.rules.nationality import th_colours
from aslgui.rules.roster import Armament

#: C4 caliber rows: a Gun of at most this many mm uses the row (the 57mm and 40mm rows add up).
CALIBER_ROWS = ((57, "caliber 57"), (40, "caliber 40"))
SUBCALIBER_AMMO = frozenset({"APCR", "APDS"})


@cache
def _chart() -> dict[str, Any]:
    data: dict[str, Any] = load_json("data", "to_hit_table.json")
    return data


def band(rng: int) -> int:
    """Index of the To Hit Table range column holding ``rng`` hexes."""
    for index, (low, high) in enumerate(_chart()["bands"]):
        if low <= rng and (high is None or rng <= high):
            return index
    raise ValueError(f"no To Hit Table column for range {rng}")


def band_text(rng: int) -> str:
    low, high = _chart()["bands"][band(rng)]
    return f"{low}+ hexes" if high is None else f"{low}-{high} hexes"


def th_colour(nationality: str, path: str) -> tuple[str, bool]:
    """A nationality's red or black TH# (A25), and whether that chart value is checked against the
    printed chart; a nationality the chart lacks is an error at ``path`` with the closest spelling."""
    colours = th_colours()
    entry = colours.get(nationality.lower())
    if entry is None:
        close = close_spelling(nationality, colours)
        hint = f"did you mean {close!r}? " if close else ""
        raise AslError(f"no Ordnance TH# colour (A25) for nationality {nationality!r}; {hint}known: "
                       f"{', '.join(colours)}", path)
    return str(entry["colour"]), bool(entry["verified"])


def basic_th(target_type: str, colour: str, rng: int) -> int:
    """Basic TH# (C3.3); the Area Target Type has red numbers only, used by everyone (C3.3 EXC)."""
    rows: dict[str, list[int]] = _chart()["basic"][target_type]
    return rows.get(colour, rows["red"])[band(rng)]


class ThModification(NamedTuple):
    """One C4 change of the Basic TH#, e.g. LL barrel +2 at 25-30 hexes."""

    rule: str
    value: int
    text: str

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "value": self.value, "text": self.text}


def _rows(arms: Armament, ammo: str) -> list[str]:
    rows = [f"barrel {arms.barrel}"] if arms.barrel else []
    rows += [row for limit, row in CALIBER_ROWS if arms.caliber <= limit]
    return rows + (["APCR/APDS"] if ammo in SUBCALIBER_AMMO else [])


def modifications(arms: Armament, ammo: str, rng: int) -> tuple[ThModification, ...]:
    """The C4 rows that change the Basic TH# of this Gun and ammunition at this range."""
    table = _chart()["modifications"]
    column = band(rng)
    found = (table[row] for row in _rows(arms, ammo))
    return tuple(
        ThModification(row["rule"], row["by_band"][column], f"{row['text']}, {band_text(rng)}")
        for row in found
        if row["by_band"][column]
    )


def he_fp(arms: Armament) -> float:
    """IFT FP of the weapon's HE (C.6 caliber columns) unless its own data gives one."""
    if arms.he_fp is not None:
        return arms.he_fp
    usable = [fp for caliber, fp in _chart()["he_fp_by_caliber"]["columns"] if caliber <= arms.caliber]
    return float(usable[-1]) if usable else 0.0
