"""A long batch of ``aslgui resolve`` answered on every core (issue 40): its lines cut into
pieces, which the process and its forked copies claim one at a time off a pipe filled with their
numbers before the fork, so that a process slowed by another program on its core answers fewer
pieces and none waits for a slow one; each copy writes its answers into a file of its own, and
the answers are written in the lines' order.  Answering a line changes nothing
(``rules.los.steady``), so a piece's answers are those one process would give, line for line.

A copy that cannot be made (no ``fork``, no file, no pipe) or that ends abnormally costs nothing
but time: its pieces are answered by the process itself.  ``ASLGUI_BATCH_PROCESSES`` sets how
many processes answer (1: one process, as before the split)."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator, Sequence
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
#: The fewest lines of a piece: about 2 ms of ``los`` questions, so the last piece claimed ends
#: near the others, and a claim (one read of the pipe) costs nothing beside it.
PIECE_LINES = 50
#: The most pieces: their numbers, two bytes each, fill at most the one page that every pipe holds,
#: so they are written whole before any process reads, never waiting for a reader.
MOST_PIECES = 2048
#: The environment variable that sets the processes of one batch.
PROCESSES_VARIABLE = "ASLGUI_BATCH_PROCESSES"
#: A copy's exit status when it could not answer its pieces (its exception is not seen).
_FAILED_COPY = 70
#: A piece's record in a file of answers: its number, then the length of its answers in bytes.
_NUMBER_BYTES, _LENGTH_BYTES = 2, 8


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
    size = max(PIECE_LINES, -(-len(lines) // MOST_PIECES))
    pieces = [lines[start:start + size] for start in range(0, len(lines), size)]
    claims = _claims(len(pieces)) if count > 1 else None
    running: dict[int, IO[bytes]] = {}  # the copies not waited for yet, by pid
    files: list[IO[bytes]] = []
    try:
        if claims is not None:
            for _ in range(count - 1):
                if copy := _copy_answering(pieces, claims, answer):
                    running[copy[0]] = copy[1]
                    files.append(copy[1])
        return _answered(pieces, claims, running, answer, emit, files)
    finally:  # each copy was waited for, or this failed (Ctrl-C): none goes on answering for nobody
        if claims is not None:
            os.close(claims)
        for pid in running:
            with contextlib.suppress(OSError):  # it may have ended already
                _kill(pid)
            with contextlib.suppress(ChildProcessError):
                os.waitpid(pid, 0)
        for out in files:
            out.close()


def _claims(count: int) -> int | None:
    """A pipe's read end holding the piece numbers ``0..count-1``, its write end closed, or None
    when no pipe can be made or holds them (one process answers)."""
    try:
        read, write = os.pipe()
    except OSError:
        return None
    numbers = b"".join(n.to_bytes(_NUMBER_BYTES, "little") for n in range(count))
    try:
        os.set_blocking(write, False)  # never waits for a reader, whatever the pipe holds
        whole = os.write(write, numbers) == len(numbers)
    except OSError:
        whole = False
    finally:
        os.close(write)
    if not whole:
        os.close(read)
        return None
    return read


def _claimed(claims: int | None, count: int) -> Iterator[int]:
    """The pieces this process answers: each number it reads off the pipe (every piece without
    one).  Reads of a pipe never split a number: each takes two bytes of an even whole."""
    if claims is None:
        yield from range(count)
        return
    while len(number := os.read(claims, _NUMBER_BYTES)) == _NUMBER_BYTES:
        yield int.from_bytes(number, "little")


def _piece_text(piece: Sequence[T], answer: Answer[T]) -> tuple[str, bool]:
    """A piece's answers, and whether a line of it failed."""
    texts: list[str] = []

    def kept(text: str) -> int:
        texts.append(text)
        return 0

    _, failed = answer(piece, kept)
    return "".join(texts), failed


def _answered(pieces: Sequence[Sequence[T]], claims: int | None, running: dict[int, IO[bytes]], answer: Answer[T],
              emit: Emit, files: list[IO[bytes]]) -> int:
    """Answer the pieces this process claims, writing each as soon as those before it are
    written and keeping the others in a file (added to ``files``); then wait for each copy
    (taken out of ``running``) and write the rest in order from the copies' files, a piece of a
    copy that failed answered here: ``answer_in_processes``'s status."""
    written, failed = 0, False
    kept: dict[int, tuple[IO[bytes], int, int]] = {}  # a piece not written yet: its file, place, size
    own: IO[bytes] | None = None
    for index in _claimed(claims, len(pieces)):
        text, piece_failed = _piece_text(pieces[index], answer)
        failed = failed or piece_failed
        if index == written:
            if status := emit(text):
                return status
            written += 1
            while written in kept:
                if status := emit(_read(*kept.pop(written))):
                    return status
                written += 1
        else:
            if own is None:
                own = _scratch_file()
                files.append(own)
            kept[index] = (own, *_record(own, index, text)[1:])
    for pid in list(running):
        code = os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
        out = running.pop(pid)
        if code in (0, 2):
            kept.update((index, (out, start, size)) for index, start, size in _records(out))
            failed = failed or code == 2
    for index in range(written, len(pieces)):
        if index in kept:
            text = _read(*kept[index])
        else:  # claimed by a copy that did not answer it
            text, piece_failed = _piece_text(pieces[index], answer)
            failed = failed or piece_failed
        if status := emit(text):
            return status
    return 2 if failed else 0


def _record(out: IO[bytes], index: int, text: str) -> tuple[int, int, int]:
    """Write a piece's answers into a file: its number, where they start, their size in bytes."""
    data = text.encode()
    out.seek(0, os.SEEK_END)  # pieces kept earlier may have been read back meanwhile
    out.write(index.to_bytes(_NUMBER_BYTES, "little") + len(data).to_bytes(_LENGTH_BYTES, "little"))
    start = out.tell()
    out.write(data)
    return index, start, len(data)


def _records(out: IO[bytes]) -> Iterator[tuple[int, int, int]]:
    """The pieces a copy wrote into its file (``_record``), each whole."""
    out.flush()
    end = out.seek(0, os.SEEK_END)
    place = out.seek(0)
    while place + _NUMBER_BYTES + _LENGTH_BYTES <= end:
        head = out.read(_NUMBER_BYTES + _LENGTH_BYTES)
        index, size = int.from_bytes(head[:_NUMBER_BYTES], "little"), int.from_bytes(head[_NUMBER_BYTES:], "little")
        start = place + len(head)
        if start + size > end:
            return
        yield index, start, size
        place = out.seek(start + size)


def _read(out: IO[bytes], start: int, size: int) -> str:
    out.seek(start)
    return out.read(size).decode()


def _kill(pid: int) -> None:
    """End a copy at once (``signal`` is imported only then: its enums cost 0.7 ms of every start)."""
    import signal

    os.kill(pid, signal.SIGKILL)


def _copy_answering(pieces: Sequence[Sequence[T]], claims: int, answer: Answer[T]) -> tuple[int, IO[bytes]] | None:
    """A forked copy answering the pieces it claims into a file of its own (its pid and the file),
    or None when no copy can be made."""
    try:
        out = _scratch_file()
        pid = os.fork()
    except OSError:
        return None
    if pid:
        return pid, out
    status = _FAILED_COPY
    try:  # the copy: answer, say through the exit status whether a line failed, never return
        failed = False
        for index in _claimed(claims, len(pieces)):
            text, piece_failed = _piece_text(pieces[index], answer)
            _record(out, index, text)
            failed = failed or piece_failed
        out.flush()
        status = 2 if failed else 0
    finally:
        os._exit(status)


def _scratch_file() -> IO[bytes]:
    """A file for answers kept to be written later: in memory where the system has such files
    (importing ``tempfile`` would cost 6 ms, a tenth of the batch's start)."""
    if hasattr(os, "memfd_create"):
        return open(os.memfd_create("aslgui-batch-answers"), "w+b")
    import tempfile

    return tempfile.TemporaryFile("w+b")
