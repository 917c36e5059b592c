"""Issue 39.3: every relative link and image in README.md and docs/*.md leads somewhere: the file
exists and a ``#anchor`` names one of its headings (GitHub's slugs), so moving a section out of the
README cannot leave a dead link behind."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: Test data beside the repository, not part of it (DESIGN.md, the rules): a link there is checked
#: only when it is present.
SHARED = ROOT.parent / "shared"
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
#: ``[text](target)`` and ``![alt](target)``; a target may carry a title after a space.
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
FENCE = re.compile(r"^\s*(```|~~~)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def prose_lines(text: str) -> list[str]:
    """The lines outside code fences, inline code blanked: a ``# comment`` in a shell example is no
    heading and ``[x](y)`` in code is no link."""
    lines, fenced = [], False
    for line in text.splitlines():
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            lines.append(re.sub(r"`[^`]*`", lambda m: " " * len(m.group()), line))
    return lines


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: its text as shown (links and code marks dropped), lower case,
    punctuation removed, spaces made hyphens."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading).replace("`", "")
    return re.sub(r"[^\w\- ]", "", text.strip().lower()).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """The anchors a page's headings give, a repeated one numbered as GitHub numbers it."""
    found: set[str] = set()
    lines, fenced = [], False
    for line in page.read_text(encoding="utf-8").splitlines():
        if FENCE.match(line):
            fenced = not fenced
        elif not fenced:
            lines.append(line)
    for line in lines:
        match = HEADING.match(line)
        if match:
            base = slug(match.group(2))
            name, n = base, 0
            while name in found:
                n += 1
                name = f"{base}-{n}"
            found.add(name)
    return found


def relative_links(page: Path) -> list[str]:
    """Every link target of a page that is no web address."""
    return [target for line in prose_lines(page.read_text(encoding="utf-8")) for target in LINK.findall(line)
            if not re.match(r"^[a-z][a-z0-9+.-]*:", target, re.IGNORECASE)]


def broken(page: Path, target: str) -> str | None:
    """Why a link of ``page`` leads nowhere, or None when it leads somewhere (or outside the repository
    into test data that is absent)."""
    path_part, _, anchor = target.partition("#")
    dest = (page.parent / path_part).resolve() if path_part else page
    if not dest.is_relative_to(ROOT):
        if not dest.is_relative_to(SHARED.resolve()) and not dest.is_relative_to(SHARED):
            return f"{target} leaves the repository"
        if not SHARED.is_dir():
            return None
    if not dest.exists():
        return f"{target}: no file {dest}"
    if anchor and dest.suffix == ".md" and anchor not in anchors(dest):
        return f"{target}: no heading #{anchor} in {dest.name}"
    return None


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.relative_to(ROOT).as_posix())
def test_issue39_3_every_relative_link_and_image_resolves(page: Path) -> None:
    problems = [why for target in relative_links(page) if (why := broken(page, target))]
    assert problems == []


def test_issue39_3_the_link_check_reads_links_images_and_anchors_as_github_does(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("# The map\n## `aslgui resolve` (issue 9)\n## Odds, again\n## Odds, again\n"
                    "```\n# not a heading [x](nowhere.md)\n```\n"
                    "See [one](#the-map), ![pic](pic.png \"a title\"), [two](#aslgui-resolve-issue-9), "
                    "[three](#odds-again-1), `[code](nowhere.md)`, [web](https://example.org/x.md), "
                    "[gone](gone.md) and [bad](#not-a-heading).\n", encoding="utf-8")
    (tmp_path / "pic.png").write_bytes(b"")
    assert anchors(page) == {"the-map", "aslgui-resolve-issue-9", "odds-again", "odds-again-1"}
    assert relative_links(page) == ["#the-map", "pic.png", "#aslgui-resolve-issue-9", "#odds-again-1",
                                    "gone.md", "#not-a-heading"]
    assert slug("Moving in the MPh") == "moving-in-the-mph"


def test_issue39_3_the_readme_is_a_front_door() -> None:
    """About 120 lines: the pitch, one picture, the two commands, a short tour with links."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 120
    assert text.count("![") == 1


#: The lines a merge leaves where two versions of a file clashed.
CONFLICT = re.compile(r"^(<{7}|={7}|>{7})( |$)", re.MULTILINE)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_no_page_keeps_a_merge_conflict(page: Path) -> None:
    """docs/readings.md published both sides of a clash, with git's markers, for a whole round."""
    assert CONFLICT.findall(page.read_text(encoding="utf-8")) == []
