"""`ProviderError`: every way a model request fails, as one exception with a small set of kinds.

Two audiences read a failure. The user (through the task's status message) gets `safe_message`,
which names the kind of failure and the HTTP status at most: never the base URL (it may be an
internal gateway), the API key, a local path, or the provider's error body (it can quote the
request, or part of the key). The operator gets `detail` in the server log: the provider's
`{"error": {"message", "type", "code"}}` body, the request id, the transport exception. Even
`detail` has the key redacted, since logs travel further than keys should.

Kinds, and whether a retry can help (`retryable`):

    auth          401, 403                                 no
    rate_limited  429 (except an exhausted quota)          yes
    unavailable   5xx, 408, connect errors, timeouts       yes
    bad_request   any other 4xx, an unusable base URL      no
    interrupted   the stream broke after it began          no: the caller has shown part of it
    protocol      not an event stream, a chunk not JSON    no
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, Final, Literal, TypeAlias

from iaccode.wire.json import JSONDecodeError, loads

ErrorKind: TypeAlias = Literal[
    "auth", "rate_limited", "unavailable", "bad_request", "interrupted", "protocol"
]

SAFE_MESSAGES: Final[Mapping[ErrorKind, str]] = {
    "auth": "The model provider rejected the API key or its permissions",
    "rate_limited": "The model provider is rate limiting requests; try again later",
    "unavailable": "The model provider is unavailable; try again later",
    "bad_request": "The model provider rejected the request",
    "interrupted": "The model provider's response broke off before it was complete",
    "protocol": "The model provider's response is not a valid chat completions stream",
}

_RETRYABLE: Final = frozenset({"rate_limited", "unavailable"})
_MAX_DETAIL = 2000


class ProviderError(Exception):
    """A model request failed; `str(error)` is `safe_message`.

    Attributes:
        kind: see the module docstring.
        safe_message: for users; fixed text per kind plus the HTTP status.
        detail: for the log only; provider body, request id or transport error, key redacted.
        status: the HTTP status, if the provider answered with one.
        code: the provider's error code (`invalid_api_key`, `Throttling`...), for callers that
            react to specific ones. Log-only like `detail`.
        retry_after: seconds from a `Retry-After` header, if any.
        retryable: whether sending the same request again may succeed.
    """

    def __init__(
        self,
        kind: ErrorKind,
        *,
        detail: str = "",
        status: int | None = None,
        code: str | None = None,
        retry_after: float | None = None,
        retryable: bool | None = None,
    ) -> None:
        self.kind: ErrorKind = kind
        self.status = status
        self.safe_message = SAFE_MESSAGES[kind] + (f" (HTTP {status})." if status else ".")
        self.detail = detail[:_MAX_DETAIL]
        self.code = code
        self.retry_after = retry_after
        self.retryable = kind in _RETRYABLE if retryable is None else retryable
        super().__init__(self.safe_message)

    def __repr__(self) -> str:
        return (
            f"ProviderError(kind={self.kind!r}, status={self.status!r}, code={self.code!r},"
            f" safe_message={self.safe_message!r})"
        )

    def __reduce__(self) -> tuple[Any, ...]:
        # Keyword-only arguments: the default pickling would call ProviderError(safe_message).
        state = (self.kind, self.detail, self.status, self.code, self.retry_after, self.retryable)
        return (_rebuild, state)


def _rebuild(
    kind: ErrorKind,
    detail: str,
    status: int | None,
    code: str | None,
    retry_after: float | None,
    retryable: bool,
) -> ProviderError:
    return ProviderError(
        kind,
        detail=detail,
        status=status,
        code=code,
        retry_after=retry_after,
        retryable=retryable,
    )


def redact(text: str, secret: str | None) -> str:
    """`text` with every occurrence of `secret` replaced (keys are long; short ones are left)."""
    if secret and len(secret) >= 8 and secret in text:
        return text.replace(secret, "[redacted]")
    return text


def kind_for_status(status: int) -> ErrorKind:
    """The kind of a non-2xx answer. 408 is the server's own timeout, so it is transient."""
    if status in (401, 403):
        return "auth"
    if status == 429:
        return "rate_limited"
    if status >= 500 or status == 408:
        return "unavailable"
    return "bad_request"


def parse_retry_after(value: str | None) -> float | None:
    """The delay-seconds form of `Retry-After` (RFC 9110 §10.2.3); the date form is ignored."""
    if value is None:
        return None
    try:
        seconds = float(value.strip())
    except ValueError:
        return None
    return seconds if math.isfinite(seconds) and seconds >= 0 else None


def describe_error_body(error: Any) -> tuple[str, str | None]:
    """Summarise a provider error object for the log: (detail, code).

    Accepts the OpenAI shape `{"error": {"message", "type", "code"}}`, a bare error object
    (as sent in a mid-stream chunk), DashScope's native `{"code", "message", "request_id"}` and
    `{"error": "text"}`. Anything else is shown as is, truncated.
    """
    if isinstance(error, Mapping) and "error" in error:
        inner = error["error"]
        request_id = error.get("request_id") or error.get("id")
        if isinstance(inner, str):
            inner = {"message": inner}
    else:
        inner, request_id = error, None
    if not isinstance(inner, Mapping):
        return repr(error)[:_MAX_DETAIL], None
    parts = [str(inner[key]) for key in ("type", "code") if inner.get(key) not in (None, "")]
    message = inner.get("message")
    text = ": ".join(filter(None, ["/".join(parts), str(message) if message else ""]))
    request_id = request_id or inner.get("request_id")
    if request_id:
        text += f" (request id {request_id})"
    code = inner.get("code")
    return text or repr(error)[:_MAX_DETAIL], str(code) if code not in (None, "") else None


def error_for_status(
    status: int, body: bytes, headers: Mapping[str, str], api_key: str | None
) -> ProviderError:
    """The error for a non-2xx answer, with the (possibly truncated) body read into `detail`."""
    try:
        detail, code = describe_error_body(loads(body))
    except JSONDecodeError:
        detail, code = body[:_MAX_DETAIL].decode("utf-8", "replace"), None
    kind = kind_for_status(status)
    retryable = None
    if kind == "rate_limited" and code == "insufficient_quota":
        # OpenAI answers 429 when the account is out of credit: waiting will not fix it.
        retryable = False
    return ProviderError(
        kind,
        detail=redact(f"HTTP {status}: {detail}", api_key),
        status=status,
        code=code,
        retry_after=parse_retry_after(headers.get("retry-after")),
        retryable=retryable,
    )


def error_for_stream_error(error: Any, *, after_events: bool) -> ProviderError:
    """The error for an `{"error": ...}` chunk inside a 200 stream (OpenAI sends these).

    Once events went out the answer is broken whatever the cause (`interrupted`); before, the
    error's type says whether it is our request, a rate limit, or the provider.
    """
    detail, code = describe_error_body(error)
    kind: ErrorKind = "interrupted"
    if not after_events:
        hint = f"{detail} {code}".lower()
        if "rate_limit" in hint or "throttl" in hint:
            kind = "rate_limited"
        elif "invalid_request" in hint:
            kind = "bad_request"
        else:
            kind = "unavailable"
    return ProviderError(kind, detail=f"error in stream: {detail}", code=code)
