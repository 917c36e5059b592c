"""A long batch of ``aslgui resolve`` answered on every core (issue 40): its lines cut into
contiguous shares, each share after the first answered by a forked copy of the process into a
file of its own, and the answers written in the lines' order.  Answering a line changes nothing
(``rules.los.steady``), so a share's answers are those one process would give, line for line.

A copy that cannot be made (no ``fork``, no file) or that ends abnormally costs nothing but
time: its share is answered by the process itself.  ``ASLGUI_BATCH_PROCESSES`` sets how many
processes answer (1: one process, as before the split)."""

from __future__ import annotations

import contextlib
import itertools
import os
from collections.abc import Callable, Sequence
from typing import IO, TypeVar

from aslgui.errors import AslError

T = TypeVar("T")
#: Writes a chunk of answer lines: 0, or the exit status that ends the batch (stdout gone).
Emit = Callable[[str], int]
#: Answers a share of the lines through ``Emit``: (exit status of the writes, whether a line failed).
Answer = Callable[[Sequence[T], Emit], tuple[int, bool]]

#: The fewest lines a process is given: a copy costs a few ms to make and to start answering,
#: about what 100 ``los`` questions take.
SHARE_LINES = 500
#: The environment variable that sets the processes of one batch.
PROCESSES_VARIABLE = "ASLGUI_BATCH_PROCESSES"
#: A copy's exit status when it could not answer its share (its exception is not seen).
_FAILED_COPY = 70


def process_count(lines: int) -> int:
    """How many processes answer a batch of ``lines``: ``ASLGUI_BATCH_PROCESSES`` when set (a
    whole number from 1, else AslError naming it), else one per usable core; never more than
    gives each ``SHARE_LINES`` lines, and one where processes cannot be copied (no ``fork``)."""
    wanted = os.environ.get(PROCESSES_VARIABLE)
    if wanted is not None and not (wanted.strip().isdecimal() and int(wanted) >= 1):
        raise AslError(f"expected a whole number of processes from 1, got {wanted!r}", PROCESSES_VARIABLE)
    if wanted is not None:
        count = int(wanted)
    elif hasattr(os, "sched_getaffinity"):
        count = len(os.sched_getaffinity(0))
    else:
        count = os.cpu_count() or 1
    return max(1, min(count, lines // SHARE_LINES)) if hasattr(os, "fork") else 1


def answer_in_processes(lines: Sequence[T], answer: Answer[T], emit: Emit) -> int:
    """Answer ``lines`` with ``answer``, in ``process_count`` processes, writing every answer
    through ``emit`` in the lines' order: 0, 2 when a line failed, or the status ``emit`` ended
    with."""
    count = process_count(len(lines))
    bounds = [len(lines) * i // count for i in range(count + 1)]
    shares = [lines[start:stop] for start, stop in itertools.pairwise(bounds)]
    copies = [_copy_answering(share, answer) for share in shares[1:]]
    try:
        return _answered(shares, copies, answer, emit)
    except BaseException:  # Ctrl-C or a failure here: no copy goes on answering for nobody
        for copy in copies:
            if copy is not None:
                with contextlib.suppress(OSError):  # reaped already, or ended
                    _kill(copy[0])
                    os.waitpid(copy[0], 0)
        raise


def _answered(shares: Sequence[Sequence[T]], copies: Sequence[tuple[int, IO[str]] | None], answer: Answer[T],
              emit: Emit) -> int:
    """Answer the first share here and pass on each copy's answers in turn (its share answered
    here when the copy failed): ``answer_in_processes``'s status."""
    status, failed = answer(shares[0], emit)
    for share, copy in zip(shares[1:], copies, strict=True):
        if copy is None:
            if not status:
                status, share_failed = answer(share, emit)
                failed = failed or share_failed
            continue
        pid, out = copy
        with out:
            if status:  # stdout is gone: the copy's answers have nowhere to go
                with contextlib.suppress(OSError):  # it may have ended already
                    _kill(pid)
            code = os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
            if status:
                continue
            if code in (0, 2):
                out.seek(0)
                while not status and (text := out.read(_READ_CHARACTERS)):
                    status = emit(text)
                share_failed = code == 2
            else:  # the copy did not answer: its share is answered here
                status, share_failed = answer(share, emit)
            failed = failed or share_failed
    return status or (2 if failed else 0)


def _kill(pid: int) -> None:
    """End a copy at once (``signal`` is imported only then: its enums cost 0.7 ms of every start)."""
    import signal

    os.kill(pid, signal.SIGKILL)


#: A copy's answers are passed on in pieces of this many characters.
_READ_CHARACTERS = 1 << 20


def _copy_answering(share: Sequence[T], answer: Answer[T]) -> tuple[int, IO[str]] | None:
    """A forked copy answering ``share`` into a file of its own (its pid and the file), or None
    when no copy can be made."""
    try:
        out = _scratch_file()
        pid = os.fork()
    except OSError:
        return None
    if pid:
        return pid, out
    status = _FAILED_COPY
    try:  # the copy: answer, say through the exit status whether a line failed, never return

        def kept(text: str) -> int:
            out.write(text)
            return 0

        _, failed = answer(share, kept)
        out.flush()
        status = 2 if failed else 0
    finally:
        os._exit(status)


def _scratch_file() -> IO[str]:
    """A file for a copy's answers: in memory where the system has such files (importing
    ``tempfile`` would cost 6 ms, a tenth of the batch's start)."""
    if hasattr(os, "memfd_create"):
        return open(os.memfd_create("aslgui-batch-answers"), "w+", encoding="utf-8")
    import tempfile

    return tempfile.TemporaryFile("w+", encoding="utf-8")
