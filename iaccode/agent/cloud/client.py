"""`CloudClient`: signed Alibaba Cloud OpenAPI calls over httpx on trio.

Why not the vendor's SDK (docs/decisions.md, "ROS over signed httpx requests"): it is
synchronous (a worker thread per call, which a cancelled turn cannot stop), it costs about half
a second and 35 MB to import, and httpx is here already for the model provider. The wire format
is the SDK's own: RPC calls are POSTs to `/` with the query flattened as the SDK flattens it
(`Parameters.1.ParameterKey`) and long fields form-encoded in the body; ROA calls carry a JSON
body; both are signed with ACS3-HMAC-SHA256 (`iaccode.agent.cloud.signing`).

Every call has a timeout and a bounded number of retries with exponential backoff and jitter on
throttling (`Throttling.*`, `ServiceUnavailable`) and on connections that never opened; a call
that timed out or lost its connection after it was sent is retried only when it is read-only.
Calls run behind a `CapacityLimiter`, so a burst of tool calls cannot open unbounded
connections.
"""

from __future__ import annotations

import datetime
import logging
import random
import re
import uuid
from collections.abc import Mapping
from typing import Any

import attrs
import httpx
import trio

from iaccode.agent.cloud import signing
from iaccode.agent.cloud.credentials import Credentials
from iaccode.agent.cloud.errors import CloudError
from iaccode.wire import json

log = logging.getLogger(__name__)

DEFAULT_REGION = "cn-hangzhou"
DEFAULT_ROS_ENDPOINT = "https://ros.aliyuncs.com"
ROS_VERSION = "2019-09-10"
_PRODUCT = re.compile(r"^[a-z][a-z0-9-]{0,39}$")
_REGION = re.compile(r"^[a-z]{2,8}(?:-[a-z0-9]{1,20}){1,4}$")
_BACKOFF_BASE = 0.2
_BACKOFF_CAP = 5.0


@attrs.frozen
class CloudSettings:
    """Server-wide settings of the cloud tools (`ros-*` config keys, docs/configuration.md)."""

    region: str = DEFAULT_REGION
    ros_endpoint: str = DEFAULT_ROS_ENDPOINT
    timeout_seconds: float = 30.0
    max_retries: int = 3
    poll_seconds: float = 5.0  # how often a stack operation is looked at
    credential_chain: bool = True  # without keys in the request: the vendor's chain
    max_concurrent_calls: int = 8


@attrs.frozen
class ApiCall:
    """One OpenAPI call. `params` are the API's own parameter names (nested values allowed)."""

    product: str
    version: str
    action: str
    params: Mapping[str, Any] = attrs.field(factory=dict)
    style: str = "RPC"  # or "ROA"
    method: str = "POST"
    pathname: str = "/"
    body_params: tuple[str, ...] = ()  # RPC parameters sent in the form body (TemplateBody)
    read_only: bool = False


def valid_region(region: str) -> bool:
    return bool(_REGION.match(region))


def valid_product(product: str) -> bool:
    return bool(_PRODUCT.match(product))


def flatten(params: Mapping[str, Any], prefix: str = "") -> dict[str, str]:
    """RPC parameters as the SDK sends them: lists as `Key.1`, mappings as `Key.Sub`,
    booleans as `true`/`false`; None is left out."""
    out: dict[str, str] = {}
    for key, value in params.items():
        name = f"{prefix}{key}"
        if value is None:
            continue
        if isinstance(value, Mapping):
            out.update(flatten(value, f"{name}."))
        elif isinstance(value, (list, tuple)):
            out.update(flatten({str(i): v for i, v in enumerate(value, 1)}, f"{name}."))
        elif isinstance(value, bool):
            out[name] = "true" if value else "false"
        else:
            out[name] = str(value)
    return out


class CloudClient:
    """Sends calls; one per engine, shared by its turns (httpx pools the connections).

    `transport` is for tests that want an httpx mock; by default a real one is made lazily
    inside trio.
    """

    def __init__(
        self, settings: CloudSettings, *, transport: httpx.AsyncBaseTransport | None = None
    ) -> None:
        # httpx logs every request URL at INFO, and an RPC call's parameters (a template's
        # Password parameter too) are in its query.
        logging.getLogger("httpx").setLevel(logging.WARNING)
        self.settings = settings
        self._transport = transport
        self._client: httpx.AsyncClient | None = None
        self._limiter = trio.CapacityLimiter(settings.max_concurrent_calls)
        self._rng = random.Random()

    def endpoint(self, product: str, region: str) -> str:
        """Where `product` is served: `ros-endpoint` for ROS, else the regional host."""
        if product.lower() == "ros":
            return self.settings.ros_endpoint.rstrip("/")
        return f"https://{product.lower()}.{region}.aliyuncs.com"

    def _http(self) -> httpx.AsyncClient:
        if self._client is None:
            timeout = httpx.Timeout(self.settings.timeout_seconds)
            self._client = httpx.AsyncClient(timeout=timeout, transport=self._transport)
        return self._client

    async def call(self, call: ApiCall, credentials: Credentials, region: str) -> dict[str, Any]:
        """The JSON answer of `call`. Raises CloudError (vendor errors with their RequestId,
        Unreachable, Timeout, BadResponse) after the retries. A checkpoint; cancelling closes
        the request."""
        attempt = 0
        while True:
            try:
                async with self._limiter:
                    return await self._send(call, credentials, region)
            except CloudError as exc:
                retry = exc.throttled or exc.code == "Unreachable"  # not carried out
                retry = retry or (exc.code in ("Timeout", "ConnectionLost") and call.read_only)
                if not retry or attempt >= self.settings.max_retries:
                    raise
            delay = min(_BACKOFF_CAP, _BACKOFF_BASE * 2**attempt)
            attempt += 1
            await trio.sleep(delay * (0.5 + self._rng.random() / 2))

    async def _send(self, call: ApiCall, credentials: Credentials, region: str) -> dict[str, Any]:
        endpoint = self.endpoint(call.product, region)
        url = httpx.URL(endpoint)
        host = url.netloc.decode("ascii")
        query: dict[str, str] = {}
        body = b""
        headers = {
            "host": host,
            "x-acs-action": call.action,
            "x-acs-version": call.version,
            "x-acs-date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
            "x-acs-signature-nonce": uuid.uuid4().hex,
            "accept": "application/json",
        }
        if call.style == "ROA":
            if call.params:
                body = json.dumps(dict(call.params))
                headers["content-type"] = "application/json; charset=utf-8"
        else:
            flat = flatten(call.params)
            form = {k: v for k, v in flat.items() if k.split(".", 1)[0] in call.body_params}
            query = {k: v for k, v in flat.items() if k not in form}
            if form:
                body = signing.canonical_query(form).encode("ascii")
                headers["content-type"] = "application/x-www-form-urlencoded"
        if credentials.security_token:
            headers["x-acs-security-token"] = credentials.security_token
        headers["x-acs-content-sha256"] = signing.payload_hash(body)
        headers["authorization"] = signing.authorization(
            credentials.access_key_id,
            credentials.access_key_secret,
            call.method,
            call.pathname,
            query,
            headers,
        )
        target = endpoint + call.pathname
        if query:
            target += "?" + signing.canonical_query(query)
        try:
            # httpx bounds each read; this bounds the call (an answer that trickles in too).
            with trio.move_on_after(self.settings.timeout_seconds) as deadline:
                response = await self._http().request(
                    call.method, target, content=body or None, headers=headers
                )
            if deadline.cancelled_caught:
                log.info("cloud call %s took longer than its timeout", call.action)
                raise CloudError("Timeout")
        except (httpx.ConnectError, httpx.ConnectTimeout) as exc:
            log.info("cloud call %s could not connect (%s)", call.action, type(exc).__name__)
            raise CloudError("Unreachable") from None
        except httpx.TimeoutException:
            raise CloudError("Timeout") from None
        except httpx.HTTPError as exc:
            # Sent, perhaps carried out, but the answer was lost: only a read may be retried.
            log.info("cloud call %s lost its connection (%s)", call.action, type(exc).__name__)
            raise CloudError("ConnectionLost") from None
        return _answer(call, response, credentials)


def _answer(call: ApiCall, response: httpx.Response, credentials: Credentials) -> dict[str, Any]:
    try:
        data = json.loads(response.content)
    except (ValueError, UnicodeDecodeError):
        data = None
    if not isinstance(data, dict):
        log.info("cloud call %s: HTTP %s without a JSON object", call.action, response.status_code)
        raise CloudError("BadResponse", f"HTTP {response.status_code}")
    request_id = _text(data.get("RequestId")) or None
    if response.status_code >= 400:
        code = _text(data.get("Code")) or f"HTTP{response.status_code}"
        message = _text(data.get("Message"))
        log.info("cloud call %s: %s (RequestId %s)", call.action, code, request_id)
        raise CloudError(
            code,
            message,
            request_id=request_id,
            status=response.status_code,
            secrets=credentials.secrets(),
        )
    log.debug("cloud call %s ok (RequestId %s)", call.action, request_id)
    return data


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""
