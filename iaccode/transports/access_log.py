"""The access log: one INFO line per HTTP request on the `iaccode.access` logger.

    POST / SendMessage 200 3.1ms principal=bearer task=7c0e...

Method, path, the JSON-RPC method when there is one, status, the time until the response was
ready (for an event stream: until it started; `stream` marks it), the kind of principal and
the task. Wraps any HTTP app, so both servers (built-in and hypercorn) and both protocols log the
same way. `access-log: false` turns it off; the line is not even formatted when INFO is off.
"""

from __future__ import annotations

import logging
import time

from iaccode.transports.log_writer import line_handler_for
from iaccode.wire.access import RequestNote, open_note
from iaccode.wire.http import EventStreamResponse, HttpRequest, HttpResponse, check_head, refusal

log = logging.getLogger("iaccode.access")


class AccessLogApp:
    """`app`, with every request it answers logged."""

    def __init__(self, app: object) -> None:
        self.app = app
        self._handle = app.handle  # type: ignore[attr-defined]

    def refuse(self, status: int, message: str | None = None) -> HttpResponse:
        """The wrapped app's answer to a request the transport refuses."""
        return refusal(self.app, status, message)

    def check_head(self, request: HttpRequest) -> HttpResponse | None:
        """The wrapped app's refusal on the head (401, before any body is read), logged like
        any answer."""
        denied = check_head(self.app, request)
        if denied is not None and log.isEnabledFor(logging.INFO):
            _write(request, denied.status, 0.0, RequestNote(), " refused on its head")
        return denied

    async def handle(self, request: HttpRequest) -> HttpResponse | EventStreamResponse:
        """Pass the request on and log what came of it.

        Raises:
            Whatever the wrapped app raises (logged as status 500 first).
        """
        if not log.isEnabledFor(logging.INFO):
            answer: HttpResponse | EventStreamResponse = await self._handle(request)
            return answer
        note = open_note(request)
        if log.isEnabledFor(logging.DEBUG):  # --debug: each request as it arrives
            log.debug(
                "%s %s: %d header(s), %d body bytes, content-type %s",
                request.method,
                _shown(request.path[:200]),
                len(request.headers),
                len(request.body),
                request.header("content-type") or "-",
            )
        started = time.perf_counter()
        response: HttpResponse | EventStreamResponse | None = None
        try:
            response = await self._handle(request)
            return response
        finally:
            elapsed = (time.perf_counter() - started) * 1000
            stream = isinstance(response, EventStreamResponse)
            status = response.status if isinstance(response, HttpResponse) else 500
            status = 200 if stream else status
            _write(request, status, elapsed, note, " stream" if stream else "")


def _write(
    request: HttpRequest,
    status: int,
    elapsed: float,
    note: RequestNote,
    mark: str,
) -> None:
    """One access line: through the command line's `LineHandler` when it alone gets the
    records (formatted here, written by its worker thread), else as a logging record."""
    path = request.path[:200]
    rpc = f" {_shown(note.rpc_method)}" if note.rpc_method else ""
    task = f" task={_shown(note.task_id)}" if note.task_id else ""
    message = (
        f"{request.method} {_shown(path)}{rpc} {status} {elapsed:.1f}ms{mark} "
        f"principal={note.principal or '-'}{task}"
    )
    handler = line_handler_for(log)
    if handler is not None and not handler.json:
        handler.access(message)  # a text line is the message alone: no fields to build
        return
    fields = {
        "http_method": request.method,
        "path": path,
        "rpc_method": note.rpc_method,
        "status": status,
        "duration_ms": round(elapsed, 1),
        "principal": note.principal,
        "task_id": note.task_id,
    }
    if handler is not None:
        handler.access(message, fields)
    else:  # one extra attribute, not seven: each costs the record a setattr
        log.info("%s", message, extra={"access": fields})


def _shown(value: str) -> str:
    """`value` (the caller's: a path, a JSON-RPC method, a task id) for the text line: control
    characters escaped, so that a newline in it cannot forge a line of its own."""
    if value.isprintable():
        return value
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in value)
