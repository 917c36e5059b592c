"""Where the real VASL material for tests lives: ``shared/vasl`` beside the repository (or beside
a folder holding it, as for a worktree), found from this file; tests skip, saying why, without it."""

from __future__ import annotations

from pathlib import Path

import pytest

_REPO = Path(__file__).resolve().parents[2]
SHARED_VASL: Path | None = next(
    (p / "shared" / "vasl" for p in _REPO.parents if (p / "shared" / "vasl" / "boards").is_dir()), None
)
BOARDS: Path | None = SHARED_VASL / "boards" if SHARED_VASL else None

needs_shared = pytest.mark.skipif(
    SHARED_VASL is None, reason="../shared/vasl (real VASL boards, test data only) is not beside this repository"
)


def shared_board(name: str) -> Path:
    """Path of a real board archive (``bd04``) in ../shared/vasl/boards (call under needs_shared)."""
    assert BOARDS is not None
    return BOARDS / name
