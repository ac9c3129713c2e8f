"""JSON-RPC over a Unix socket: `serve_lines` on each connection, for local agents.

The socket file is the access control, so it is owner-only (0600) from the first moment anyone
can reach it: it is bound inside a fresh 0700 directory beside its final place, chmod'ed, made to
listen and then hard-linked into place. A link fails when the name exists, so a name someone took
meanwhile is never replaced. What may already be at the path:

- a live socket (a connection is accepted): refused with `SocketPathUnavailable`;
- a stale socket (connecting is refused: its server died without removing it): removed;
- anything else (a regular file, a directory, a socket we may not probe): refused, never deleted.

When serving stops, the file is removed if it is still the one we created (same inode).
"""

from __future__ import annotations

import contextlib
import errno
import functools
import logging
import os
import socket
import stat
import sys
import tempfile
from pathlib import Path
from typing import Final

import trio

from iaccode.a2a.dispatch import Dispatcher, RequestMeta
from iaccode.transports.lines import DRAIN_SECONDS, serve_lines

log = logging.getLogger("iaccode.transports")

_LOCAL = RequestMeta()
_MAX_PATH: Final = 107 if sys.platform.startswith("linux") else 103  # sun_path, without its NUL
_PROBE_SECONDS: Final = 2.0
_BACKLOG: Final = 128


class SocketPathUnavailable(Exception):
    """The socket path cannot be used: another server listens there, or it is not a socket."""


class UnixListener:
    """A bound, listening socket file; `aclose` removes the file if it is still ours."""

    def __init__(self, sock: socket.socket, path: Path) -> None:
        self.path = path
        self.listener = trio.SocketListener(trio.socket.from_stdlib_socket(sock))
        self._identity = _identity(path.lstat())

    async def aclose(self) -> None:
        await self.listener.aclose()
        self._remove_file()

    def _remove_file(self) -> None:
        try:
            if _identity(self.path.lstat()) == self._identity:
                self.path.unlink()
        except OSError:
            pass  # already gone, or replaced by someone else's: not ours to remove


async def open_unix_listener(path: Path) -> UnixListener:
    """Bind `path` as the module docstring says; raises `SocketPathUnavailable` if it cannot.

    The server binds before it starts its tasks, so that this error reaches the user plainly.
    """
    await _remove_stale(path)
    return UnixListener(_bind(path), path)


async def serve_unix(
    dispatcher: Dispatcher,
    path: Path | UnixListener,
    *,
    max_line: int,
    meta: RequestMeta = _LOCAL,
    drain: float = DRAIN_SECONDS,
    handler_nursery: trio.Nursery | None = None,
    task_status: trio.TaskStatus[Path] = trio.TASK_STATUS_IGNORED,
) -> None:
    """Serve NDJSON JSON-RPC on the Unix socket at `path` (or an opened one) until cancelled.

    Reports the socket's path once it accepts connections; removes the file when it stops.
    """
    listener = path if isinstance(path, UnixListener) else await open_unix_listener(path)
    handler = functools.partial(
        _connection, dispatcher=dispatcher, max_line=max_line, meta=meta, drain=drain
    )
    try:
        task_status.started(listener.path)
        await trio.serve_listeners(handler, [listener.listener], handler_nursery=handler_nursery)
    finally:
        with trio.CancelScope(shield=True):  # closing a socket and unlinking a file never wait
            await listener.aclose()


async def _connection(
    stream: trio.SocketStream,
    *,
    dispatcher: Dispatcher,
    max_line: int,
    meta: RequestMeta,
    drain: float,
) -> None:
    try:
        async with stream:
            await serve_lines(stream, dispatcher, max_line=max_line, meta=meta, drain=drain)
    except Exception:
        # One broken connection must never take the listener down with it.
        log.exception("unix socket connection failed")


async def _remove_stale(path: Path) -> None:
    if not _is_socket(path):
        return
    try:
        with trio.fail_after(_PROBE_SECONDS):
            probe = await trio.open_unix_socket(path)
    except ConnectionRefusedError:
        with contextlib.suppress(FileNotFoundError):  # another server starting removed it first
            os.unlink(path)
        log.info("removed the stale socket %s", path)
        return
    except FileNotFoundError:
        return
    except (OSError, trio.TooSlowError) as exc:
        raise SocketPathUnavailable(f"cannot tell whether {path} is in use: {exc}") from exc
    await probe.aclose()
    raise SocketPathUnavailable(f"another server is listening on {path}")


def _is_socket(path: Path) -> bool:
    """Whether a socket is at `path` (False: nothing is); refuses anything else."""
    try:
        mode = path.lstat().st_mode
    except FileNotFoundError:
        return False
    if not stat.S_ISSOCK(mode):
        raise SocketPathUnavailable(f"{path} exists and is not a socket; not replacing it")
    return True


def _bind(path: Path) -> socket.socket:
    """A listening socket at `path`, never reachable by others; see the module docstring."""
    if len(os.fsencode(path)) > _MAX_PATH:
        raise SocketPathUnavailable(f"{path}: a socket path may have at most {_MAX_PATH} bytes")
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    private = Path(tempfile.mkdtemp(prefix=".", dir=path.parent))  # mode 0700
    temp = private / "s"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        if len(os.fsencode(temp)) > _MAX_PATH:
            raise SocketPathUnavailable(f"{path}: its directory's path is too long for a socket")
        sock.bind(os.fspath(temp))
        os.chmod(temp, 0o600)
        sock.listen(_BACKLOG)  # before it is reachable, so no one takes it for a stale one
        _place(temp, path)
        return sock
    except BaseException:
        sock.close()
        raise
    finally:
        temp.unlink(missing_ok=True)
        private.rmdir()


def _place(temp: Path, path: Path) -> None:
    try:
        os.link(temp, path)
    except FileExistsError:
        raise SocketPathUnavailable(f"{path} was created by someone else meanwhile") from None
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.EOPNOTSUPP, errno.EXDEV):
            raise
        # No hard links on this file system: rename, which replaces (check first: a small race).
        if path.exists():
            raise SocketPathUnavailable(f"{path} was created by someone else meanwhile") from None
        os.rename(temp, path)


def _identity(status: os.stat_result) -> tuple[int, int]:
    return status.st_dev, status.st_ino
