"""JSON-RPC over stdin/stdout, one NDJSON line per message, for an agent that spawns iaccode.

The framing and the connection's lifetime are `serve_lines`'; this module only hands it the
process's standard streams. Stdout carries frames and nothing else (iac-code-reference §1.9), so
the frames go out on a duplicate of fd 1, and fd 1 itself is pointed at stderr while serving (and
fd 0 at /dev/null): a stray `print`, a C library or a child process that inherits the standard
streams can then neither corrupt the frames nor swallow requests. Both are restored on return.

It is meant for pipes: trio puts the descriptions behind fds 0 and 1 in non-blocking mode while
serving, and a terminal shares its description with stderr.

EOF on stdin means the client is done: `on_eof` lets the server start its shutdown at once, while
the replies still in flight are delivered (`drain`: by default as long as the server lets them run;
the server bounds that with its grace period when it cancels its connections).
"""

from __future__ import annotations

import math
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import trio

from iaccode.a2a.dispatch import Dispatcher, RequestMeta
from iaccode.transports.lines import serve_lines

_LOCAL = RequestMeta()


async def serve_stdio(
    dispatcher: Dispatcher,
    *,
    max_line: int,
    meta: RequestMeta = _LOCAL,
    drain: float = math.inf,
    on_eof: Callable[[], object] | None = None,
    task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED,
) -> None:
    """Serve JSON-RPC on stdin/stdout; returns once stdin has ended and the replies are out."""
    with _standard_streams() as (stdin, stdout):
        stream = trio.StapledStream(trio.lowlevel.FdStream(stdout), trio.lowlevel.FdStream(stdin))
        async with stream:
            await serve_lines(
                stream,
                dispatcher,
                max_line=max_line,
                meta=meta,
                drain=drain,
                on_eof=on_eof,
                task_status=task_status,
            )


@contextmanager
def _standard_streams() -> Iterator[tuple[int, int]]:
    """Private copies of fds 0 and 1 for the frames; fd 0 reads /dev/null, fd 1 goes to stderr."""
    if sys.stdout is not None:
        sys.stdout.flush()  # what was printed before belongs where it was going
    stdin, stdout = os.dup(0), os.dup(1)
    saved = os.dup(0), os.dup(1)
    null = os.open(os.devnull, os.O_RDONLY)
    try:
        os.dup2(null, 0)
        os.dup2(2, 1)
        yield stdin, stdout
    finally:
        if sys.stdout is not None:
            sys.stdout.flush()  # printed meanwhile: to stderr, not into the frames after all
        os.close(null)
        for fd, copy in enumerate(saved):
            os.dup2(copy, fd)
            os.close(copy)
