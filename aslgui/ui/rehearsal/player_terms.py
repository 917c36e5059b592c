"""The rules' sentences in a player's terms: the file keys they name for ``aslgui resolve``'s
users (``no mp_in_los given``, ``give af.turret``, ``("crew")``) read as the window names them
(MP in LOS, the turret AF, the crew). The CLI keeps the keys; the popup, the log and every refusal
the window shows pass their sentences through here (``answer_words.in_words``). No Qt.
"""

from __future__ import annotations

import re

#: File keys a rules sentence names, as the window's boxes and a counter name them.
KEY_TERMS: dict[str, str] = {
    "mp_in_los": "MP in LOS", "final_th_needed": "Final TH#", "target_type": "Target Type",
    "from_hex": "the entry hex", "af.turret": "the turret AF", "odds/odds_216": "the odds",
    "us_number": "US#", "target_in_bypass": "Target in Bypass", "rof_kept": "Multiple ROF kept",
    "bounding_fired": "Bounding First Fire", "set_dc": "Set DC", "special_ammo": "special ammunition",
    "assault_movement": "Assault Movement", "if_selected": "if picked", "if_not_selected": "else",
    "ma": "MA", "mp": "MP", "fp": "FP", "dc": "DC", "morale": "Morale Level", "dr": "dr", "ht": "halftrack",
}
#: A counter's values as its printed numbers are named (the import's ``rof, breakdown from the
#: built-in roster's``).
VALUE_TERMS = {"ma": "MA", "rof": "ROF", "breakdown": "B#", "manhandling": "M#", "mp": "MP", "af": "AF",
               "turret": "turret type", "mount": "Case A mount", "towing": "T#", "pp": "PP"}
#: A key in quotes or bare: quoted, any lowercase key; bare, one with ``_``, ``.`` or ``/`` in it.
_KEY = r"[a-z][a-z0-9]*(?:[_./][a-z0-9]+)*"
_QUOTED = rf"[\"']({_KEY})[\"']"
#: ``"trailer": true``, ``"type": "ht"``, ``"fp": 4``: a key with its value.
_KEY_VALUE = re.compile(rf"{_QUOTED}: (true|false|{_QUOTED}|-?\d+)")
#: An aside that only names a key, or a key and its value: `` ("crew")``, `` (rof_kept)``, `` ("hex": null)``.
_ASIDE = re.compile(rf" \((?:{_QUOTED}(?:: (?:true|false|null|{_QUOTED}|-?\d+))?|([a-z]+(?:[_.][a-z0-9]+)+))\)")
#: A bare key: one with ``_`` or ``.`` in it, not part of a path (``ge/veh/pzvie``) or a file name.
_BARE = re.compile(r"(?<![\w'\"/])[a-z][a-z0-9]*(?:[_.][a-z0-9]+)+(?![\w'\"/])")
#: Values taken from the roster, named by their keys: ``mount, rof, breakdown from the built-in roster's``.
_VALUE_LIST = re.compile(r"\b((?:[a-z_]+, )*[a-z_]+) from the (built-in )?roster's")


def term(key: str) -> str:
    """A key as a player names it: from the table, else its words (``vs_afv`` -> ``vs AFV``)."""
    if key in KEY_TERMS:
        return KEY_TERMS[key]
    return " ".join(KEY_TERMS.get(part, part) for part in re.split(r"[_./]", key))


def _value(match: re.Match[str]) -> str:
    key, value, quoted = match.group(1), match.group(2), match.group(3)
    if value == "true":
        return term(key)
    if value == "false":
        return f"no {term(key)}"
    return f"{term(key)} {term(quoted) if quoted else value}"


def _values(match: re.Match[str]) -> str:
    keys = match.group(1).split(", ")
    if not all(key in VALUE_TERMS for key in keys):
        return match.group(0)
    return f"{', '.join(VALUE_TERMS[key] for key in keys)} from the {match.group(2) or ''}roster's"


def in_player_terms(text: str) -> str:
    """``text`` with every file key it names in the window's terms; other words untouched (a
    counter name in quotes such as the roster's ``'57LL AT'`` is no key)."""
    for key in (k for k in KEY_TERMS if "/" in k):
        text = text.replace(key, KEY_TERMS[key])
    text = _VALUE_LIST.sub(_values, text)
    text = _ASIDE.sub("", text)
    text = _KEY_VALUE.sub(_value, text)
    text = re.sub(_QUOTED, lambda m: term(m.group(1)) if m.group(1) in KEY_TERMS or re.search(r"[_./]", m.group(1))
                  or m.group(1) in _QUOTED_WORDS else m.group(0), text)
    return _BARE.sub(lambda m: term(m.group(0)) if not _is_file_name(m.group(0)) else m.group(0), text)


#: Single-word keys the rules quote (``give the Gun a 'crew'``, ``a name under 'leader'``).
_QUOTED_WORDS = frozenset({"crew", "leader", "portee", "trailer", "type"})


def _is_file_name(word: str) -> bool:
    """``manhandling.json``, ``contract.md``: a file the sentence points to, kept as it is."""
    return bool(re.search(r"\.(json|md|xml|txt|vmod|vsav)$", word))
