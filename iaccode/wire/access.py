"""What one HTTP request did, for the access log: filled in by whoever knows each part.

The access log (`iaccode.transports.access_log`) opens a `RequestNote` for each request and puts
it in a context variable; the protocol apps, which run in the same task, add what only they know:
the JSON-RPC method, the kind of principal, the task. Nothing here does I/O.
"""

from __future__ import annotations

from contextvars import ContextVar

import attrs


@attrs.define
class RequestNote:
    rpc_method: str | None = None
    principal: str | None = None  # the kind only: bearer, basic, api-key, anonymous
    task_id: str | None = None
    request: object = attrs.field(default=None, eq=False, repr=False)  # whose note it is


_current: ContextVar[RequestNote | None] = ContextVar("iaccode_request_note", default=None)


def open_note(request: object = None) -> RequestNote:
    """The note for `request`, which this task is handling now: fresh, unless a wrapper
    around this one (the access log, the request's span) opened it for the same request."""
    note = _current.get()
    if request is not None and note is not None and note.request is request:
        return note
    note = RequestNote(request=request)
    _current.set(note)
    return note


def current_note() -> RequestNote | None:
    """The note of the request being handled, or None when nothing logs it."""
    return _current.get()


def note_principal(owner: str | None) -> None:
    """Record who called: the kind of the principal ("" is no authentication configured)."""
    note = _current.get()
    if note is not None:
        note.principal = "anonymous" if not owner else owner.split(":", 1)[0].split("@", 1)[0]


def note_call(rpc_method: str | None = None, task_id: str | None = None) -> None:
    note = _current.get()
    if note is not None:
        if rpc_method is not None:
            note.rpc_method = rpc_method[:100]
        if task_id:
            note.task_id = task_id[:100]
