"""The action log as a VASL player reads a game log: one line per action, the roll as
``*** 3,1 ***`` (coloured die first), its total and what it meant; the DRM and key numbers on
a second, quieter line. Plain text for the clipboard, HTML (the coloured die red) for the dock.
No Qt.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any, NamedTuple

from aslgui.model.log import LogEntry
from aslgui.ui.rehearsal.answer_words import ANSWER_WORDS, UnitNames, in_words, outcome_summary, shown_number

#: The key numbers a log line keeps per action kind (the popup shows them all).
KEY_NUMBERS: dict[str, tuple[str, ...]] = {
    "fire": ("modified_th", "final_th_needed", "critical_max_dr", "ift_column"),
    "overrun": ("fp", "ift_column", "mp_cost"),
    "reaction_fire": ("final_th_needed", "fp", "ift_column", "final_ccv"),
    "place_dc": ("fp", "detonation_max_dr", "mf_cost"),
    "throw_dc": ("fp", "detonation_max_dr"),
    "detonate_dc": ("fp", "ift_column"),
    "set_dc": ("mf_cost",),
    "push": ("m_number", "max_dr_enter", "max_dr_continue"),
    "hook_up": ("mp_cost", "pp_left"),
    "portee_load": ("pp_left",),
    "change_ca": ("from", "spines", "cost"),
    "move": ("mp_spent", "mf_spent", "vca", "tca", "end"),
}
#: Face and ink of the coloured and the white die in the log (as in the popup's dice).
DIE_STYLES = {"colored": ("#b3261e", "#ffffff"), "white": ("#e4e4dc", "#1d1d1d")}  # white die: visible on white


class LogLine(NamedTuple):
    """One line of the log, as plain text and as HTML."""

    text: str
    html: str


def _die(value: object, which: str) -> str:
    face, ink = DIE_STYLES[which]
    return f'<span style="background-color:{face}; color:{ink}; font-weight:bold">&nbsp;{value}&nbsp;</span>'


def roll_text(action: dict[str, Any], outcome: dict[str, Any] | None) -> tuple[str, str]:
    """``*** 3,1 *** = 4, dr 2 -> Final DR 6`` (and its HTML); empty when nothing was rolled."""
    dice = action.get("dice")
    if not isinstance(dice, dict):
        return "", ""
    colored, white = dice.get("colored"), dice.get("white")
    total = int(colored or 0) + int(white or 0)
    tail = f" = {total}"
    if action.get("dr") is not None:
        tail += f", dr {action['dr']}"
    final = (outcome or {}).get("final_dr")
    if isinstance(final, int) and final != total:
        tail += f" \u2192 Final DR {final}"
    text = f"*** {colored},{white} ***{tail}"
    marked = f"<b>***</b> {_die(colored, 'colored')},{_die(white, 'white')} <b>***</b>{html.escape(tail)}"
    return text, marked


def entry_lines(entry: LogEntry, names: UnitNames | None = None) -> list[LogLine]:
    """The entry's line (when, whose roll, who acted and where, what, the roll, what it meant)
    and, if there is any, its details line. Units are named as the entry names them, then as
    ``names`` does (the map now)."""
    names = {**(names or {}), **entry.names}
    # a Reaction Fire choice starts with who reacts ("4-6-7: CC Reaction Fire vs ..."): named once
    summary = entry.summary.removeprefix(f"{entry.actor.rpartition(' in ')[0]}: ")
    what = f"{entry.actor} \u2014 {summary}" if entry.actor else entry.summary
    head = f"T{entry.turn} {entry.phase} {entry.side or entry.player}: {what}".replace("  ", " ")
    roll, roll_html = roll_text(entry.action, entry.answer.get("outcome"))
    outcome = entry.answer.get("outcome")
    meaning = outcome_summary(entry.kind, outcome, names) if isinstance(outcome, dict) else ""
    if not entry.answer.get("legal", True):
        meaning = "refused: " + "; ".join(in_words(str(r), names) for r in entry.answer.get("reasons", []))
    text = head + (f"  {roll}" if roll else "") + (f": {meaning}" if meaning else "")
    marked = (f"{html.escape(head)}" + (f"&nbsp;&nbsp;{roll_html}" if roll else "")
              + (f": <b>{html.escape(meaning)}</b>" if meaning else ""))
    lines = [LogLine(text, marked)]
    details = _details(entry, names)
    if details:
        lines.append(LogLine("    " + details, f'<span style="color:#666666">&nbsp;&nbsp;&nbsp;&nbsp;'
                                                  f"{html.escape(details)}</span>"))
    return lines


def _details(entry: LogEntry, names: UnitNames | None) -> str:
    """``DRM +4: A +4 (C5.1) NT, 2 hexspines | Modified TH# 8, Hits on Original DR <= 6``."""
    parts = []
    if entry.drm:
        total = entry.answer.get("total_drm")
        parts.append((f"DRM {total:+d}: " if isinstance(total, int) else "DRM: ") + "; ".join(entry.drm))
    numbers = [f"{ANSWER_WORDS[key]} {shown_number(entry.answer, key, names)}"
               for key in KEY_NUMBERS.get(entry.kind, ()) if entry.answer.get(key) not in (None, "", [])]
    if numbers:
        parts.append(", ".join(numbers))
    return " | ".join(parts)


def log_plain(entries: Sequence[LogEntry], names: UnitNames | None = None) -> str:
    """The whole log as plain text, for the clipboard or a forum post."""
    return "\n".join(line.text for entry in entries for line in entry_lines(entry, names))


def log_html(entries: Sequence[LogEntry], names: UnitNames | None = None) -> str:
    """The whole log as HTML for the dock (the coloured die red, details in grey)."""
    return "<br>".join(line.html for entry in entries for line in entry_lines(entry, names))
