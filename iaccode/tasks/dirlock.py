"""One process per state directory: an exclusive `flock` on `<dir>/.lock`, held while serving.

DESIGN.md "State and durability": one process owns a state directory. Two servers on one
persistence-dir would end each other's running turns as interrupted and both write the queue
(issue 16). The lock is the kernel's, so it goes with the process however it ends (kill -9
included) and a stale lock file is harmless. The holder writes its pid into the file, so the
refusal can name it.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from collections.abc import AsyncIterator
from pathlib import Path

import trio

from iaccode.tasks.errors import UnusableStateError

LOCK_NAME = ".lock"


class DirectoryInUseError(UnusableStateError):
    """Another process holds the directory's lock."""


def _acquire(path: Path, role: str) -> int:
    try:
        path.mkdir(parents=True, exist_ok=True)
        fd = os.open(path / LOCK_NAME, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    except OSError as exc:
        raise UnusableStateError(f"{role} {path}: cannot use it: {exc.strerror or exc}") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = os.pread(fd, 32, 0).decode("ascii", "replace").strip() or "unknown"
        os.close(fd)
        raise DirectoryInUseError(
            f"{role} {path} is in use by another iaccode process (pid {holder}); "
            "one process per directory"
        ) from None
    os.ftruncate(fd, 0)
    os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
    return fd


@contextlib.asynccontextmanager
async def lock_directory(path: Path, role: str) -> AsyncIterator[None]:
    """Hold the lock of `path` (created if missing) for the block; `role` names it in errors
    ("persistence-dir"). Raises `DirectoryInUseError` when another process holds it and
    `UnusableStateError` when the directory cannot be created or opened. Not cancellable
    halfway: the lock is taken in a worker thread and released on the way out, whatever ends
    the block.
    """
    fd = await trio.to_thread.run_sync(_acquire, path, role)
    try:
        yield
    finally:
        os.close(fd)  # releases the lock
