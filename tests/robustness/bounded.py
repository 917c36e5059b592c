"""Run a piece of aslgui in a child process bounded in time and memory, so a test of a hang or a
memory bomb fails (with what the child said) instead of hanging or exhausting the machine."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

try:
    import resource
except ImportError:  # Windows: no rlimits, the time bound alone
    resource = None  # type: ignore[assignment]


def run_bounded(code: str, seconds: float = 10.0, megabytes: int = 1024) -> str:
    """Run ``code`` (Python, dedented) in a child limited to ``megabytes`` of address space and
    ``seconds`` of wall time; its stdout, or a test failure naming the bound it broke."""

    def limit() -> None:
        if resource is not None:
            size = megabytes * 1024 * 1024
            resource.setrlimit(resource.RLIMIT_AS, (size, size))

    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}
    try:
        done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                              timeout=seconds, env=env, preexec_fn=limit if resource is not None else None,
                              check=False)
    except subprocess.TimeoutExpired:
        pytest.fail(f"still running after {seconds} s (a hang)")
    if done.returncode != 0:
        pytest.fail(f"the child failed (memory over {megabytes} MB?): {done.stderr[-2000:]}")
    return done.stdout
