"""One A2A server as the client sees it: discovery, card verification, calls and streams."""

from __future__ import annotations

import base64
import itertools
import ssl
import time
from collections.abc import Iterator, Mapping
from typing import Any

import attrs
import httpx

from iaccode.a2a.signing import SignatureError, keys_from_jwks, verify_card
from iaccode.wire import json
from iaccode.wire.sse import ServerSentEvent, SSEDecoder

CARD_PATH = "/.well-known/agent-card.json"


class ClientError(Exception):
    """A failure to report to the user; `exit_code` says what kind (see cli.EXIT_*)."""

    def __init__(self, message: str, exit_code: int) -> None:
        super().__init__(message)
        self.message = message
        self.exit_code = exit_code


EXIT_TIMEOUT = 6


class TimedOut(ClientError):
    """`--timeout` passed before the turn ended; the task goes on in the agent."""

    def __init__(self, seconds: float, task_id: str | None) -> None:
        where = f"; task {task_id} keeps running (task-get / task-subscribe it)" if task_id else ""
        super().__init__(f"No answer within --timeout {seconds:g} s{where}.", EXIT_TIMEOUT)
        self.task_id = task_id


class RemoteError(ClientError):
    """The server answered with a JSON-RPC error."""

    def __init__(self, error: Mapping[str, Any]) -> None:
        super().__init__(f"{error.get('code')}: {error.get('message')}", 1)
        self.error = dict(error)


@attrs.frozen
class Credentials:
    token: str | None = attrs.field(default=None, repr=False)
    basic_username: str | None = None
    basic_password: str | None = attrs.field(default=None, repr=False)
    api_key: str | None = attrs.field(default=None, repr=False)
    api_key_header: str = "X-API-Key"

    def headers(self) -> dict[str, str]:
        out = {}
        if self.token:
            out["Authorization"] = f"Bearer {self.token}"
        elif self.basic_username and self.basic_password:
            pair = f"{self.basic_username}:{self.basic_password}".encode()
            out["Authorization"] = "Basic " + base64.b64encode(pair).decode()
        if self.api_key:
            out[self.api_key_header] = self.api_key
        return out


@attrs.frozen
class CardCheck:
    """How to verify the card's signature: a secret, a local JWKS, a JWKS URL, or nothing."""

    secret: str | None = attrs.field(default=None, repr=False)
    jwks: Mapping[str, Any] | None = None
    jwks_url: str | None = None
    require: bool = False

    @property
    def wanted(self) -> bool:
        return self.require or bool(self.secret or self.jwks or self.jwks_url)


class Connection:
    def __init__(
        self,
        base_url: str,
        *,
        credentials: Credentials | None = None,
        timeout: float = 30.0,
        card_check: CardCheck | None = None,
        http: httpx.Client | None = None,
        verify: ssl.SSLContext | bool = True,
    ) -> None:
        headers = (credentials or Credentials()).headers()
        self._http = http or httpx.Client(timeout=timeout, headers=headers, verify=verify)
        self._base = base_url.rstrip("/")
        self._check = card_check or CardCheck()
        self._ids = itertools.count(1)
        self._card: dict[str, Any] | None = None

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> Connection:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # -- discovery ------------------------------------------------------------------------------

    def card(self) -> dict[str, Any]:
        if self._card is None:
            card = self._get_json(self._base + CARD_PATH)
            if self._check.wanted:
                self._verify(card)
            self._card = card
        return self._card

    def endpoint(self) -> str:
        """The card's first JSON-RPC interface for A2A 1.x (the client speaks only that).

        a2a-sdk cards may list a 0.3 interface first (and copy its URL to the top-level `url`),
        so 0.x interfaces are only a fallback, as is a card with no interfaces at all.
        """
        interfaces = [
            interface
            for interface in self.card().get("supportedInterfaces") or []
            if interface.get("protocolBinding") == "JSONRPC" and interface.get("url")
        ]
        for interface in interfaces:
            if not str(interface.get("protocolVersion") or "").startswith("0."):
                return str(interface["url"])
        if interfaces:
            return str(interfaces[0]["url"])
        legacy = self.card().get("url")
        if isinstance(legacy, str) and legacy:
            return legacy
        raise ClientError("The agent card advertises no JSON-RPC interface.", 3)

    def _verify(self, card: Mapping[str, Any]) -> None:
        keys: dict[str, bytes] = {}
        if self._check.secret:
            signatures = card.get("signatures") or []
            kids = {_kid(s) for s in signatures} | {"default"}
            keys.update({kid: self._check.secret.encode() for kid in kids if kid})
        if self._check.jwks:
            keys.update(keys_from_jwks(self._check.jwks))
        if self._check.jwks_url:
            keys.update(keys_from_jwks(self._get_json(self._check.jwks_url)))
        if not card.get("signatures") and not self._check.require:
            return
        try:
            verify_card(card, keys)
        except SignatureError as exc:
            raise ClientError(str(exc), 4) from None

    # -- calls ----------------------------------------------------------------------------------

    @property
    def can_stream(self) -> bool:
        return bool((self.card().get("capabilities") or {}).get("streaming"))

    def call(
        self,
        method: str,
        params: Mapping[str, Any] | None = None,
        *,
        timeout: httpx.Timeout | None = None,
    ) -> Any:
        """One JSON-RPC call; its result.

        Raises:
            RemoteError: the agent answered with an error.
            ClientError: it could not be reached, or did not answer A2A (exit 3), or refused
                the credentials (5); httpx.TimeoutException when `timeout` passed.
        """
        request = self._request(method, params)
        extra: dict[str, Any] = {} if timeout is None else {"timeout": timeout}
        try:
            response = self._http.post(
                self.endpoint(), content=json.dumps(request), headers=_HEADERS, **extra
            )
        except httpx.TimeoutException:
            if timeout is not None:
                raise
            raise ClientError("Cannot reach the agent: timed out", 3) from None
        except httpx.HTTPError as exc:
            raise ClientError(f"Cannot reach the agent: {exc}", 3) from None
        body = self._decode(response)
        if "error" in body:
            raise RemoteError(body["error"])
        return body.get("result")

    def stream(
        self, method: str, params: Mapping[str, Any], *, deadline: float | None = None
    ) -> Iterator[Any]:
        """The results of a streaming call, one per event, until the server closes the stream.

        `deadline` (time.monotonic) bounds the whole stream: past it, httpx.TimeoutException
        (checked between chunks; the server's heartbeats keep chunks coming)."""
        request = self._request(method, params)
        headers = {**_HEADERS, "Accept": "text/event-stream"}
        extra: dict[str, Any] = {}
        if deadline is not None:
            extra["timeout"] = httpx.Timeout(max(0.1, min(30.0, deadline - time.monotonic())))
        try:
            with self._http.stream(
                "POST", self.endpoint(), content=json.dumps(request), headers=headers, **extra
            ) as response:
                if not response.headers.get("content-type", "").startswith("text/event-stream"):
                    response.read()
                    body = self._decode(response)
                    raise RemoteError(body.get("error") or {"message": "no stream"})
                decoder = SSEDecoder()
                for data in response.iter_bytes():
                    if deadline is not None and time.monotonic() > deadline:
                        raise httpx.ReadTimeout("past the deadline")
                    for item in decoder.feed(data):
                        if isinstance(item, ServerSentEvent):
                            event = json.loads(item.data)
                            if "error" in event:
                                raise RemoteError(event["error"])
                            yield event.get("result")
        except httpx.TimeoutException:
            if deadline is not None:
                raise
            raise ClientError("The stream broke: timed out", 3) from None
        except httpx.HTTPError as exc:
            raise ClientError(f"The stream broke: {exc}", 3) from None

    def _request(self, method: str, params: Mapping[str, Any] | None) -> dict[str, Any]:
        request: dict[str, Any] = {"jsonrpc": "2.0", "id": next(self._ids), "method": method}
        if params is not None:
            request["params"] = dict(params)
        return request

    def _get_json(self, url: str) -> Any:
        try:
            response = self._http.get(url)
        except httpx.HTTPError as exc:
            raise ClientError(f"Cannot reach {url}: {exc}", 3) from None
        return self._decode(response)

    @staticmethod
    def _decode(response: httpx.Response) -> Any:
        if response.status_code == 401:
            raise ClientError("The agent refused the credentials (HTTP 401).", 5)
        try:
            return json.loads(response.content)
        except ValueError:
            status = response.status_code
            raise ClientError(f"The agent answered HTTP {status} without JSON.", 3) from None


_HEADERS = {"Content-Type": "application/json", "A2A-Version": "1.0"}


def _kid(signature: Mapping[str, Any]) -> str | None:
    try:
        header = json.loads(base64.urlsafe_b64decode(str(signature["protected"]) + "=="))
    except (KeyError, ValueError):
        return None
    kid = header.get("kid") if isinstance(header, dict) else None
    return str(kid) if kid else None
