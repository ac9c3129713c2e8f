"""The A2A HTTP surface (A2A seed "Routen"; AgentCore contract "Pfadanforderungen").

    POST /                              JSON-RPC (also the path of the advertised URL)
    GET  /.well-known/agent-card.json   the card, with Cache-Control, ETag, Last-Modified, 304
    GET  /health                        {"status": "healthy", "version": ..., "mode": "normal"}
                                        (503 "unhealthy", taskStore "unavailable": PostgreSQL lost,
                                        coordination "unavailable": Redis lost)
    GET  /ping                          AgentCore: Healthy / HealthyBusy + time_of_last_update
                                        (+ taskStore / coordination "unavailable" while lost)
    /message:send, /tasks/{id}, ...     the HTTP+JSON (REST) binding, `iaccode.a2a.rest`

Both bindings authenticate, read `A2A-Version` and `A2A-Extensions` and echo the activated
extensions the same way (`_meta`, `_echo`).

JSON-RPC: the Content-Type is checked before the body is parsed, so a text/plain body gets -32005
rather than a parse error (spec §9.1, a2a.md §5). JSON-RPC errors travel with HTTP 200, like every
A2A JSON-RPC server does; HTTP errors are for HTTP-level problems only.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from urllib.parse import urlsplit

import trio

from iaccode import __version__
from iaccode.a2a.auth import Authenticator
from iaccode.a2a.card import PreparedCard
from iaccode.a2a.dispatch import Dispatcher, JsonReply, NoReply, RequestMeta
from iaccode.a2a.rest import JSON_MEDIA_TYPES, RestBinding, RestRoute
from iaccode.model.errors import ContentTypeNotSupportedError, encode_error
from iaccode.tasks.supervisor import TurnSupervisor
from iaccode.wire.access import note_principal
from iaccode.wire.http import (
    EventStreamResponse,
    HttpRequest,
    HttpResponse,
    error_response,
    json_response,
)

CARD_PATH = "/.well-known/agent-card.json"
_PLACES = 16  # cards for distinct Host / mount points kept at once
SESSION_HEADER = "x-amzn-bedrock-agentcore-runtime-session-id"


class PingStatus:
    """AgentCore's /ping: the timestamp moves only when the status changes (contract, warning)."""

    def __init__(self, supervisor: TurnSupervisor) -> None:
        self._supervisor = supervisor
        self._busy = False
        self._since = int(time.time())

    def current(self) -> dict[str, object]:
        # A pause saved by an earlier process is work in progress too (deployment.md).
        busy = self._supervisor.busy or bool(self._supervisor.tasks.suspended)
        if busy != self._busy:
            self._busy = busy
            self._since = int(time.time())
        status: dict[str, object] = {
            "status": "HealthyBusy" if busy else "Healthy",
            "time_of_last_update": self._since,
        }
        # Said beside the contract's two statuses, not instead: a short outage of the shared
        # store or of Redis should not get the runtime reaped while it recovers by itself.
        status.update(self.outages())
        return status

    def store_available(self) -> bool:
        """False while a shared task store (PostgreSQL) cannot be reached; SQLite always is."""
        return bool(getattr(self._supervisor.tasks.store, "available", True))

    def outages(self) -> dict[str, str]:
        """What this replica cannot reach now: taskStore (PostgreSQL), coordination (Redis)."""
        lost = {}
        if not self.store_available():
            lost["taskStore"] = "unavailable"
        coordination = getattr(self._supervisor.tasks.broker, "coordination", None)
        if coordination is not None and not coordination.available:
            lost["coordination"] = "unavailable"
        return lost


class A2AHttpApp:
    def __init__(
        self,
        dispatcher: Dispatcher,
        card: PreparedCard,
        ping: PingStatus,
        rpc_url: str,
        *,
        auth: Authenticator | None = None,
        card_requires_auth: bool = False,
        www_authenticate: str | None = None,
        extensions: frozenset[str] = frozenset(),
        session_scope: bool = False,
        card_at: Callable[[str], PreparedCard] | None = None,
    ) -> None:
        self.dispatcher = dispatcher
        self.card = card
        self.ping = ping
        self._auth = auth if auth is not None and auth.enabled else None
        self._card_requires_auth = card_requires_auth
        self._extensions = extensions
        self._session_scope = session_scope
        # No public URL configured and a host that says where it serves us (ASGI): the card
        # advertises that place. A few places at most are remembered (Host is the client's).
        self._card_at = card_at
        self._cards: dict[str, PreparedCard] = {}
        challenge = (("www-authenticate", www_authenticate),) if www_authenticate else ()
        self._unauthorized = error_response(401, headers=challenge)
        path = urlsplit(rpc_url).path.rstrip("/")
        self._rpc_paths = frozenset({"/", path or "/", path + "/"})
        self._rpc_suffix = path.lstrip("/") + "/" if path else ""
        self.rest = RestBinding(dispatcher.calls, base_path=path)
        self._health = json_response(
            200, {"status": "healthy", "version": __version__, "mode": "normal"}
        )
        self._unhealthy = {
            "status": "unhealthy",
            "version": __version__,
            "mode": "normal",
        }

    async def handle(self, request: HttpRequest) -> HttpResponse | EventStreamResponse:
        path = request.path
        if path in self._rpc_paths:
            owner = self._principal(request)
            if owner is None:
                return self._unauthorized
            if request.method != "POST":
                return _not_allowed("POST")
            return await self._rpc(request, owner)
        if path == CARD_PATH:
            if self._card_requires_auth and self._principal(request) is None:
                return self._unauthorized
            if request.method not in ("GET", "HEAD"):
                return _not_allowed("GET, HEAD")
            return self._card(request)
        if path == "/health":
            if request.method not in ("GET", "HEAD"):
                return _not_allowed("GET")
            lost = self.ping.outages()
            return self._health if not lost else json_response(503, {**self._unhealthy, **lost})
        if path == "/ping":
            if request.method not in ("GET", "HEAD"):
                return _not_allowed("GET")
            return json_response(200, self.ping.current())
        route = self.rest.match(path)
        if route is not None:
            return await self._rest(request, route)
        return error_response(404)

    def check_head(self, request: HttpRequest) -> HttpResponse | None:
        """401 for a protected path without valid credentials, decided on the head alone, so
        that the transport reserves nothing (body budget) for it; `handle` checks again."""
        if self._auth is None:
            return None
        path = request.path
        protected = (
            path in self._rpc_paths
            or (path == CARD_PATH and self._card_requires_auth)
            or self.rest.match(path) is not None
        )
        return self._unauthorized if protected and self._principal(request) is None else None

    def _card(self, request: HttpRequest) -> HttpResponse:
        card = self._card_for(request)
        validators = (
            ("cache-control", "public, max-age=60"),
            ("etag", card.etag),
            ("last-modified", card.last_modified),
        )
        if card.matches(request.header("if-none-match")):
            return HttpResponse(304, validators)
        return json_response(200, card.body, validators)

    def _served_at(self, request: HttpRequest) -> str | None:
        """The JSON-RPC URL the host serves the app at, when the cards advertise it (ASGI
        without public-url); None: the configured URL."""
        base = request.base_url
        return None if self._card_at is None or base is None else base + self._rpc_suffix

    def _card_for(self, request: HttpRequest) -> PreparedCard:
        base = request.base_url
        if self._card_at is None or base is None:
            return self.card
        card = self._cards.get(base)
        if card is None:
            card = self._card_at(base + self._rpc_suffix)
            if len(self._cards) < _PLACES:
                self._cards[base] = card
        return card

    def _principal(self, request: HttpRequest) -> str | None:
        """Who is calling: "" when no authentication is configured, None when it fails."""
        owner = "" if self._auth is None else self._auth.authenticate(request.header)
        note_principal(owner)
        return owner

    async def _rpc(self, request: HttpRequest, owner: str) -> HttpResponse | EventStreamResponse:
        if request.media_type not in JSON_MEDIA_TYPES:
            error = ContentTypeNotSupportedError(
                "Content-Type must be application/json for JSON-RPC requests"
            )
            return json_response(200, encode_error(None, error, legacy=False))
        meta = _meta(request, owner, self._session_scope, self._served_at(request))
        echo = self._echo(meta)
        reply = await self.dispatcher.dispatch(request.body, meta)
        if isinstance(reply, JsonReply):
            if reply.as_event:  # a 0.3 client of message/stream reads errors as an event
                return EventStreamResponse(OneEvent(reply.body), echo)
            return json_response(200, reply.body, echo)
        if isinstance(reply, NoReply):
            return HttpResponse(204, echo)
        return EventStreamResponse(reply, echo)

    async def _rest(
        self, request: HttpRequest, route: RestRoute
    ) -> HttpResponse | EventStreamResponse:
        owner = self._principal(request)
        if owner is None:
            return self._unauthorized
        if request.method not in route.methods:
            return _not_allowed(route.allow)
        meta = _meta(request, owner, self._session_scope, self._served_at(request))
        return await self.rest.handle(route, request, meta, self._echo(meta))

    def _echo(self, meta: RequestMeta) -> tuple[tuple[str, str], ...]:
        """The extensions this request activated, echoed back (A2A topics/extensions)."""
        active = sorted(meta.extensions & self._extensions)
        return (("a2a-extensions", ", ".join(active)),) if active else ()


class OneEvent:
    """An event stream of one event: a 0.3 streaming call's error."""

    def __init__(self, body: bytes) -> None:
        self._body: bytes | None = body

    async def receive(self) -> bytes:
        """The event, then `trio.EndOfChannel`; a checkpoint."""
        await trio.lowlevel.checkpoint()
        return self.receive_nowait()

    def receive_nowait(self) -> bytes:
        """The event, then `trio.EndOfChannel`."""
        body, self._body = self._body, None
        if body is None:
            raise trio.EndOfChannel
        return body

    def aclose(self) -> None:
        self._body = None


def _meta(
    request: HttpRequest, owner: str, session_scope: bool = False, served_at: str | None = None
) -> RequestMeta:
    """What the headers (and the query's `A2A-Version`, spec §3.6.1) say beside the body.

    With `session_scope` (`agentcore-session-scope`), a request that names an AgentCore runtime
    session sees only the tasks, contexts and push configs of that session: the session is part
    of the owner, so every lookup (GetTask, ListTasks, CancelTask, ...) is scoped the same way."""
    session_id = request.header(SESSION_HEADER)
    if session_scope and session_id:
        owner = f"{owner}@agentcore-session:{session_id[:256]}"
    version = request.header("a2a-version") or None
    if version is None and request.query:  # most requests have no query to parse
        version = request.query_param("A2A-Version")
    return RequestMeta(
        version=version,
        extensions=_extensions(request),
        owner=owner,
        session_id=session_id,
        served_at=served_at,
    )


def _extensions(request: HttpRequest) -> frozenset[str]:
    """`A2A-Extensions` (and 0.3's `X-A2A-Extensions`): comma-separated, on any number of lines."""
    values = [v for k, v in request.headers if k in _EXTENSION_HEADERS]
    if not values:
        return _NONE
    return frozenset(uri.strip() for value in values for uri in value.split(",") if uri.strip())


_EXTENSION_HEADERS = frozenset({"a2a-extensions", "x-a2a-extensions"})
_NONE: frozenset[str] = frozenset()


def _not_allowed(allow: str) -> HttpResponse:
    return error_response(405, headers=(("allow", allow),))
