"""A long batch of ``aslgui resolve`` answered on every core (issue 40): its lines cut into
pieces, which the process and its forked copies claim one at a time off a pipe filled with their
numbers before the fork, so that a process slowed by another program on its core answers fewer
pieces and none waits for a slow one.  Each copy appends each piece's answers to a file of its
own as it finishes it; the process writes every piece as soon as those before it are written, so
the answers stream out in the lines' order.  Answering a line changes nothing
(``rules.los.steady``), so a piece's answers are those one process would give, line for line.

A copy that cannot be made (no ``fork``, no file, no pipe) or that ends before answering a piece
costs nothing but time: the process answers that piece itself.  A copy stops when the process is
gone (killed, or interrupted while it made the copies), and leaves Ctrl-C to it.
``ASLGUI_BATCH_PROCESSES`` sets how many processes answer (1: one process, as before the split)."""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

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
#: A piece's record in a copy's file: its number (2 bytes), whether a line failed (1), the size
#: of its answers in bytes (8), then the answers.
_NUMBER_BYTES, _HEAD_BYTES = 2, 11
#: How long the process waits for a copy still answering the next piece to write.
_POLL_SECONDS = 0.001


def process_count(lines: int) -> int:
    """How many processes answer a batch of ``lines``: ``ASLGUI_BATCH_PROCESSES`` when set (a
    whole number from 1 in ASCII digits, else AslError naming it), else one per usable core; never
    more than gives each ``SHARE_LINES`` lines, and one where processes cannot be copied (no ``fork``)."""
    wanted = os.environ.get(PROCESSES_VARIABLE)
    if wanted is not None and not (wanted.strip().isascii() and wanted.strip().isdecimal() and int(wanted) >= 1):
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
    copies: dict[int, int] = {}  # pid -> its file, for each copy not waited for yet
    files: list[int] = []
    try:
        if claims is not None:
            for _ in range(count - 1):
                if copy := _copy_answering(pieces, claims, answer):
                    copies[copy[0]] = copy[1]
                    files.append(copy[1])
        return _Merge(pieces, answer, emit, copies).run(claims)
    finally:  # each copy was waited for, or this failed (Ctrl-C): none goes on answering for nobody
        if claims is not None:
            os.close(claims)
        for pid in copies:
            with contextlib.suppress(OSError):  # it may have ended already
                _kill(pid)
            with contextlib.suppress(ChildProcessError):
                os.waitpid(pid, 0)
        for fd in files:
            os.close(fd)


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


class _Merge:
    """The process's part: answer the pieces it claims, gather those its copies wrote, and write
    each piece as soon as every piece before it is written."""

    def __init__(self, pieces: Sequence[Sequence[T]], answer: Answer[T], emit: Emit, copies: dict[int, int]) -> None:
        self.pieces, self.answer, self.emit, self.copies = pieces, answer, emit, copies
        self.ready: dict[int, tuple[str, bool]] = {}  # a piece not written yet: its answers, whether a line failed
        self.read_to = dict.fromkeys(copies.values(), 0)  # how far each copy's file was read
        self.written, self.failed = 0, False

    def run(self, claims: int | None) -> int:
        """``answer_in_processes``'s status: the claimed pieces answered here, then the rest as
        the copies write them (one whose copy ended without it answered here)."""
        for index in _claimed(claims, len(self.pieces)):
            self.ready[index] = _piece_text(self.pieces[index], self.answer)
            if status := self.write_ready():
                return status
        while self.written < len(self.pieces):
            if self.written not in self.ready:
                if not self.copies:
                    self.ready[self.written] = _piece_text(self.pieces[self.written], self.answer)
                else:
                    self.reap()
                    time.sleep(_POLL_SECONDS)  # a copy is still answering it
            if status := self.write_ready():
                return status
        return 2 if self.failed else 0

    def write_ready(self) -> int:
        """Gather what the copies wrote, and write every piece ready in order: 0, or ``emit``'s status."""
        for fd in self.read_to:
            self.gather(fd)
        while (found := self.ready.pop(self.written, None)) is not None:
            text, failed = found
            self.failed = self.failed or failed
            if status := self.emit(text):
                return status
            self.written += 1
        return 0

    def gather(self, fd: int) -> None:
        """The pieces a copy appended to its file since the last look, each once it is whole."""
        place, end = self.read_to[fd], os.fstat(fd).st_size
        while place + _HEAD_BYTES <= end:
            head = _read_at(fd, place, _HEAD_BYTES)
            size = int.from_bytes(head[_NUMBER_BYTES + 1:], "little")
            if place + _HEAD_BYTES + size > end:
                break
            text = _read_at(fd, place + _HEAD_BYTES, size).decode()
            self.ready[int.from_bytes(head[:_NUMBER_BYTES], "little")] = text, bool(head[2])
            place += _HEAD_BYTES + size
        self.read_to[fd] = place

    def reap(self) -> None:
        """Reap the copies that ended, gathering the last pieces each wrote."""
        for pid in list(self.copies):
            if os.waitpid(pid, os.WNOHANG)[0]:
                self.gather(self.copies.pop(pid))


def _read_at(fd: int, start: int, size: int) -> bytes:
    """``size`` bytes of a file from ``start``, its offset untouched (a copy shares it)."""
    data = b""
    while len(data) < size:
        chunk = os.pread(fd, size - len(data), start + len(data))
        if not chunk:
            raise OSError(f"a batch copy's answers end early, at byte {start + len(data)}")
        data += chunk
    return data


def _write_all(fd: int, data: bytes) -> None:
    while data:
        data = data[os.write(fd, data):]


def _kill(pid: int) -> None:
    """End a copy at once (``signal`` is imported only then: its enums cost 0.7 ms of every start)."""
    import signal

    os.kill(pid, signal.SIGKILL)


def _copy_answering(pieces: Sequence[Sequence[T]], claims: int, answer: Answer[T]) -> tuple[int, int] | None:
    """A forked copy answering the pieces it claims into a file of its own (its pid and the
    file), or None when no copy can be made."""
    parent = os.getpid()
    try:
        out = _scratch_file()
    except OSError:
        return None
    try:
        pid = os.fork()
    except OSError:
        os.close(out)
        return None
    if pid:
        return pid, out
    status = _FAILED_COPY
    try:  # the copy: answer, say through the exit status whether a line failed, never return
        import signal

        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the process's to act on: it ends the copies
        failed = False
        for index in _claimed(claims, len(pieces)):
            if os.getppid() != parent:  # the process is gone: nobody reads these answers
                break
            text, piece_failed = _piece_text(pieces[index], answer)
            data = text.encode()
            _write_all(out, index.to_bytes(_NUMBER_BYTES, "little") + bytes((piece_failed,))
                       + len(data).to_bytes(_HEAD_BYTES - _NUMBER_BYTES - 1, "little") + data)
            failed = failed or piece_failed
        else:
            status = 2 if failed else 0
    finally:
        os._exit(status)


def _scratch_file() -> int:
    """A file for a copy's answers: in memory where the system has such files (importing
    ``tempfile`` would cost 6 ms, a tenth of the batch's start)."""
    if hasattr(os, "memfd_create"):
        return os.memfd_create("aslgui-batch-answers")
    import tempfile

    fd, path = tempfile.mkstemp(prefix="aslgui-batch-")
    os.unlink(path)
    return fd
