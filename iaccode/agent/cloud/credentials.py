"""Whose keys a cloud call uses: the caller's, per request, else the vendor's credential chain.

Per request (never stored; the A2A core strips them from what it records): A2A
`metadata.iac_code.alibaba_cloud_access_key_id`, `..._access_key_secret`,
`..._security_token`, `..._region_id`; AG-UI `forwardedProps.iacCode.alibabaCloud.{accessKeyId,
accessKeySecret, securityToken, regionId}`, which the adapter forwards as those members.

Otherwise `alibabacloud-credentials` (the `aliyun` extra) resolves them the way the vendor's
CLI and SDKs do: environment variables, OIDC/RRSA, the CLI config file, the credentials file,
the ECS RAM role, a credentials URI. It is imported on first use, in a worker thread (it costs
most of a second), and its client is kept: it refreshes STS credentials itself.
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Mapping
from typing import Any

import attrs
import trio

from iaccode.agent.cloud.errors import CloudError

log = logging.getLogger(__name__)

METADATA_KEYS = {
    "access_key_id": "alibaba_cloud_access_key_id",
    "access_key_secret": "alibaba_cloud_access_key_secret",
    "security_token": "alibaba_cloud_security_token",
    "region_id": "alibaba_cloud_region_id",
}
# What an AccessKey ID, its secret or an STS token can hold: visible ASCII (they go into headers).
_KEY_TEXT = re.compile(r"[\x21-\x7e]+")


@attrs.frozen
class Credentials:
    """An AccessKey pair, with its STS token when it is temporary. Never printed."""

    access_key_id: str = attrs.field(repr=False)
    access_key_secret: str = attrs.field(repr=False)
    security_token: str | None = attrs.field(default=None, repr=False)

    def secrets(self) -> tuple[str, ...]:
        """What must never appear in a message or a log line."""
        return tuple(s for s in (self.access_key_secret, self.security_token) if s)


@attrs.frozen
class CallerCloud:
    """What the caller sent with the turn: keys (or none) and a region (or none)."""

    credentials: Credentials | None = None
    region_id: str | None = None
    incomplete: bool = False  # an id without a secret, or the reverse
    malformed: bool = False  # keys with characters no AccessKey or STS token has

    def identity(self) -> dict[str, Any]:
        """Whose keys these are, without a secret: kept with a paused turn, so that its cloud
        calls run after the answer under the identity the question was asked under."""
        if self.credentials is not None:
            return {"source": "request", "accessKeyId": self.credentials.access_key_id}
        if self.malformed or self.incomplete:  # keys were sent, if unusable
            return {"source": "request", "accessKeyId": None}
        return {"source": "chain"}


def caller_cloud(metadata: Mapping[str, Any]) -> CallerCloud:
    """The per-request cloud members of `metadata.iac_code` (non-strings are ignored)."""
    values = {
        name: value.strip()
        for name, key in METADATA_KEYS.items()
        if isinstance(value := metadata.get(key), str) and value.strip()
    }
    region = values.get("region_id")
    key_id, secret = values.get("access_key_id"), values.get("access_key_secret")
    token = values.get("security_token")
    if any(v is not None and not _KEY_TEXT.fullmatch(v) for v in (key_id, secret, token)):
        return CallerCloud(None, region, malformed=True)
    if key_id and secret:
        creds = Credentials(key_id, secret, token)
        return CallerCloud(creds, region)
    return CallerCloud(None, region, incomplete=bool(key_id or secret))


class CredentialChain:
    """The vendor's default credential chain, resolved in a worker thread."""

    def __init__(self) -> None:
        self._client: Any = None
        self._lock = threading.Lock()

    def _resolve(self) -> Credentials:
        with self._lock:
            if self._client is None:
                from alibabacloud_credentials.client import (  # type: ignore[import-not-found,import-untyped,unused-ignore]
                    Client,
                )

                self._client = Client()
            model = self._client.get_credential()
        return Credentials(model.access_key_id, model.access_key_secret, model.security_token)

    async def resolve(self) -> Credentials:
        """Raises CloudError("MissingCredentials") when no source has keys, or when the `aliyun`
        extra is not installed. A checkpoint; cancelling abandons the worker thread."""
        try:
            creds = await trio.to_thread.run_sync(self._resolve, abandon_on_cancel=True)
        except ImportError:
            raise CloudError("MissingCredentials", extra_missing=True) from None
        except Exception as exc:  # the chain reports paths and sources: log its kind only
            log.info("the Alibaba Cloud credential chain found no keys (%s)", type(exc).__name__)
            raise CloudError("MissingCredentials") from None
        if not creds.access_key_id or not creds.access_key_secret:
            raise CloudError("MissingCredentials")
        return creds
