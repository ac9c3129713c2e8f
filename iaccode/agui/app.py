"""The AG-UI HTTP surface (AG-UI seed, "HTTP-Endpunkte").

    GET  /health                                                  status and protocol versions
    POST /                                                        RunAgentInput in, SSE out
    POST /extensions/iac-code/v1/executions/{executionId}/cancel  the cancel extension
    GET  /extensions/iac-code/v1/threads[/...]                    threads, turns, artifacts (browse)
    GET  /ui/                                                     the web console (`--ui`; console)

With `IAC_CODE_AGUI_AUTH_TOKEN` set every route but /health needs `Authorization: Bearer`.
Errors before a stream starts are `{"error": {"code", "message"}}` with an HTTP status; the
message is in the caller's language (`forwardedProps.iacCode.preferredLanguage`, else
`Accept-Language`). A run's stream sends `: heartbeat` after `heartbeat-seconds` of silence.
"""

from __future__ import annotations

import re

from iaccode import __version__
from iaccode.a2a.auth import Authenticator
from iaccode.agui import errors as codes
from iaccode.agui.browse import ROUTE as BROWSE
from iaccode.agui.browse import Browser
from iaccode.agui.console import Console
from iaccode.agui.errors import AguiError
from iaccode.agui.events import PROTOCOL_VERSION
from iaccode.agui.inputs import MAX_REQUEST_BYTES, parse_run_input
from iaccode.agui.messages import envelope, language_of
from iaccode.agui.runs import AguiService
from iaccode.wire import json
from iaccode.wire.http import EventStreamResponse, HttpRequest, HttpResponse, json_response

_CANCEL = re.compile(r"^/extensions/iac-code/v1/executions/([^/]+)/cancel$")
HEARTBEAT_COMMENT = "heartbeat"


class AguiHttpApp:
    def __init__(
        self,
        service: AguiService,
        *,
        auth_token: str | None = None,
        browser: Browser | None = None,
        console: Console | None = None,
    ) -> None:
        self.service = service
        self.browser = browser
        self.console = console
        self._auth = Authenticator(token=auth_token) if auth_token else None
        self._health = json_response(
            200,
            {
                "status": "ok",
                "protocol": "ag-ui",
                "protocolVersion": PROTOCOL_VERSION,
                "executionKernel": "a2a-1.0",
                "serverVersion": __version__,
            },
        )

    async def handle(self, request: HttpRequest) -> HttpResponse | EventStreamResponse:
        language = language_of(None, request.header("accept-language"))
        try:
            return await self._route(request)
        except AguiError as error:
            return error_reply(error, language)

    def check_head(self, request: HttpRequest) -> HttpResponse | None:
        """The 401 for a run, cancel or browse request without the token, decided on the head
        alone (the transport then reserves nothing for its body); `handle` checks again."""
        if self._auth is None or not self._needs_token(request.path):
            return None
        try:
            self._authenticate(request)
        except AguiError as error:
            return error_reply(error, language_of(None, request.header("accept-language")))
        return None

    async def _route(self, request: HttpRequest) -> HttpResponse | EventStreamResponse:
        path = request.path
        if path == "/health":
            if request.method not in ("GET", "HEAD"):
                raise _not_allowed("GET")
            return self._health
        if self.console is not None and self.console.owns(path):
            return self.console.serve(request)  # the page carries no data: no token
        browse = BROWSE.match(path) if self.browser is not None else None
        if browse is not None and self.browser is not None:
            self._authenticate(request)
            return await self.browser.handle(browse, request.method, _download(request))
        cancel = _CANCEL.match(path)
        if path != "/" and cancel is None:
            raise AguiError(codes.INVALID_INPUT, f"There is no route {path}.", status=404)
        self._authenticate(request)
        if request.method != "POST":
            raise _not_allowed("POST")
        body = _json_body(request)
        if cancel is not None:
            result = await self.service.cancel_execution(cancel.group(1), body)
            return json_response(200, result)
        accept_language = request.header("accept-language")
        try:
            run_request = parse_run_input(body)
        except AguiError as error:  # preferredLanguage wins here too, when it can be read
            return error_reply(error, language_of(preferred_language_of(body), accept_language))
        try:
            stream = await self.service.open_run(run_request, accept_language)
        except AguiError as error:  # in the language the request asked for
            preferred = run_request.props.preferred_language
            return error_reply(error, language_of(preferred, accept_language))
        return EventStreamResponse(stream, heartbeat_comment=HEARTBEAT_COMMENT)

    def refuse(self, status: int, message: str | None = None) -> HttpResponse:
        """A request the transport refused before reading it all (too large, malformed): the
        same JSON envelope as every other error before a stream (seed), code INVALID_INPUT."""
        detail = "The request exceeds 12 MiB." if status == 413 else (message or "")
        return error_reply(AguiError(codes.INVALID_INPUT, detail, status=status), None)

    def _needs_token(self, path: str) -> bool:
        if path == "/" or _CANCEL.match(path):
            return True
        return self.browser is not None and BROWSE.match(path) is not None

    def _authenticate(self, request: HttpRequest) -> None:
        if self._auth is not None and self._auth.authenticate(request.header) is None:
            raise AguiError(codes.UNAUTHORIZED, "Send Authorization: Bearer <token>.")


def error_reply(error: AguiError, language: str | None) -> HttpResponse:
    headers: tuple[tuple[str, str], ...] = ()
    if error.code == codes.UNAUTHORIZED:
        headers = (("www-authenticate", "Bearer"),)
    if error.status == 405:
        headers = (("allow", str(error.details.get("allow", "POST"))),)
    return json_response(error.status, envelope(error, language), headers)


def preferred_language_of(body: object) -> object:
    """`forwardedProps.iacCode.preferredLanguage` of a body that may not be valid input."""
    for key in ("forwardedProps", "iacCode", "preferredLanguage"):
        if not isinstance(body, dict):
            return None
        body = body.get(key)
    return body


def _download(request: HttpRequest) -> bool:
    return request.query_param("download") in ("1", "true")


def _not_allowed(allow: str) -> AguiError:
    return AguiError(codes.INVALID_INPUT, f"Use {allow}.", status=405, allow=allow)


def _json_body(request: HttpRequest) -> object:
    if request.media_type != "application/json":
        raise AguiError(
            codes.INVALID_INPUT,
            "The body must be JSON (Content-Type: application/json).",
            status=415,
        )
    if len(request.body) > MAX_REQUEST_BYTES:
        raise AguiError(codes.INVALID_INPUT, "The request exceeds 12 MiB.", status=413)
    try:
        return json.loads(request.body)
    except ValueError:
        raise AguiError(codes.INVALID_INPUT, "The body is not valid JSON.") from None
