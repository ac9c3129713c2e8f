"""Cross-origin resource sharing for the HTTP apps (Fetch standard, "CORS protocol").

A browser page on another origin sends a preflight (`OPTIONS` with `Origin` and
`Access-Control-Request-Method`) before a JSON POST or any request with `Authorization`. A
preflight never carries credentials, so it is answered here, in front of the app and its
authentication. Real responses of an allowed origin get `Access-Control-Allow-Origin` and the
headers a client reads (`A2A-Extensions`, `WWW-Authenticate`, `ETag`, ...) exposed; an event
stream's headers are amended the same way before they are sent.

Off unless origins are configured (`cors-allowed-origins`); `*` allows any origin. No
`Access-Control-Allow-Credentials`: bearer tokens travel in `Authorization`, which needs no
cookies, and a wildcard with credentials is what the standard forbids.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Protocol

from iaccode.wire.http import (
    EventStreamResponse,
    HttpRequest,
    HttpResponse,
    check_head,
    error_response,
    refusal,
)

ALLOWED_METHODS = "GET, HEAD, POST, DELETE, OPTIONS"
EXPOSED_HEADERS = (
    "A2A-Extensions, A2A-Version, WWW-Authenticate, ETag, Last-Modified, Retry-After, Location"
)
MAX_AGE = "600"


class App(Protocol):
    async def handle(self, request: HttpRequest) -> HttpResponse | EventStreamResponse: ...


class CorsPolicy:
    """Which origins may call; what a preflight and a real response get."""

    def __init__(self, origins: Collection[str]) -> None:
        self.any = "*" in origins
        self.origins = frozenset(o.rstrip("/").lower() for o in origins if o != "*")

    def allows(self, origin: str) -> bool:
        return self.any or origin.rstrip("/").lower() in self.origins

    def allow_origin(self, origin: str) -> str:
        return "*" if self.any else origin

    def preflight(self, request: HttpRequest, origin: str) -> HttpResponse:
        """204 with what the browser asked to use, or 403 for an origin not allowed."""
        if not self.allows(origin):
            return error_response(403, "Origin not allowed", (("vary", "Origin"),))
        headers = [
            ("access-control-allow-origin", self.allow_origin(origin)),
            ("access-control-allow-methods", ALLOWED_METHODS),
            ("access-control-max-age", MAX_AGE),
            ("vary", "Origin, Access-Control-Request-Method, Access-Control-Request-Headers"),
        ]
        asked = request.header("access-control-request-headers")
        if asked:
            headers.append(("access-control-allow-headers", asked))
        return HttpResponse(204, tuple(headers))

    def response_headers(self, origin: str) -> tuple[tuple[str, str], ...]:
        """Headers for a real response to `origin` (none when it is not allowed)."""
        if not self.allows(origin):
            return ()
        return (
            ("access-control-allow-origin", self.allow_origin(origin)),
            ("access-control-expose-headers", EXPOSED_HEADERS),
            ("vary", "Origin"),
        )


class CorsApp:
    """`app` behind a CORS policy: preflights answered here, real responses amended."""

    def __init__(self, app: App, origins: Collection[str]) -> None:
        self.app = app
        self.policy = CorsPolicy(origins)

    def refuse(self, status: int, message: str | None = None) -> HttpResponse:
        """The wrapped app's answer to a request the transport refuses."""
        return refusal(self.app, status, message)

    def check_head(self, request: HttpRequest) -> HttpResponse | None:
        """The wrapped app's refusal on the head (401), with the CORS headers a browser needs
        to read it; a preflight carries no credentials and is never refused here."""
        origin = request.header("origin")
        if origin is not None and _is_preflight(request):
            return None
        denied = check_head(self.app, request)
        if denied is None or origin is None:
            return denied
        extra = self.policy.response_headers(origin)
        return HttpResponse(denied.status, (*denied.headers, *extra), denied.body)

    async def handle(self, request: HttpRequest) -> HttpResponse | EventStreamResponse:
        """Answer a preflight, or pass the request on and add the CORS headers.

        Raises:
            Whatever the wrapped app raises.
        """
        origin = request.header("origin")
        if origin is None:
            return await self.app.handle(request)
        if _is_preflight(request):
            return self.policy.preflight(request, origin)
        response = await self.app.handle(request)
        extra = self.policy.response_headers(origin)
        if not extra:
            return response
        if isinstance(response, EventStreamResponse):
            return EventStreamResponse(
                response.source, (*response.headers, *extra), response.heartbeat_comment
            )
        return HttpResponse(response.status, (*response.headers, *extra), response.body)


def _is_preflight(request: HttpRequest) -> bool:
    return request.method == "OPTIONS" and bool(request.header("access-control-request-method"))
