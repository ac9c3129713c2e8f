"""Who may talk to the server: bearer token, HTTP Basic, API key (A2A seed, "Agent Card").

Any configured scheme may authenticate a request. Secrets are compared as SHA-256 digests with
`hmac.compare_digest`, so neither the time of a wrong guess nor its length says anything about
the secret. A failure is HTTP 401 with `{"error":"Unauthorized"}` (as iac-code answers), plus a
`WWW-Authenticate` header when configured (for OAuth-fronted deployments such as AgentCore, with
an optional `resource_metadata` parameter, RFC 9728).

The principal a request authenticates as (`bearer`, `basic:<user>`, `api-key:<header>`) owns the
tasks, contexts and push configs it creates; another principal cannot see them.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
from collections.abc import Callable

import attrs

from iaccode.model.a2a import (
    APIKeySecurityScheme,
    HTTPAuthSecurityScheme,
    SecurityRequirement,
    SecurityScheme,
    StringList,
)

Headers = Callable[[str], str | None]  # lowercase header name -> first value


def _digest(value: str) -> bytes:
    return hashlib.sha256(value.encode("utf-8")).digest()


def _same(given: str, expected_digest: bytes) -> bool:
    return hmac.compare_digest(_digest(given), expected_digest)


@attrs.frozen
class Authenticator:
    """The configured schemes; `authenticate` gives the principal or None."""

    token: str | None = attrs.field(default=None, repr=False)
    basic_username: str | None = None
    basic_password: str | None = attrs.field(default=None, repr=False)
    api_key: str | None = attrs.field(default=None, repr=False)
    api_key_header: str = "X-API-Key"
    # The secrets' digests, made once: every request compares against them.
    _digests: dict[str, bytes] = attrs.field(init=False, repr=False, eq=False)

    @_digests.default
    def _digest_secrets(self) -> dict[str, bytes]:
        secrets = {
            "token": self.token,
            "user": self.basic_username,
            "password": self.basic_password,
            "api_key": self.api_key,
        }
        return {name: _digest(value) for name, value in secrets.items() if value}

    @property
    def enabled(self) -> bool:
        return bool(self.token or self.basic or self.api_key)

    @property
    def basic(self) -> bool:
        return bool(self.basic_username and self.basic_password)

    def authenticate(self, header: Headers) -> str | None:
        authorization = header("authorization") or ""
        scheme, _, credentials = authorization.partition(" ")
        scheme, credentials = scheme.lower(), credentials.strip()
        if self.token and scheme == "bearer" and _same(credentials, self._digests["token"]):
            return "bearer"
        if self.basic and scheme == "basic":
            user = self._basic_user(credentials)
            if user is not None:
                return f"basic:{user}"
        if self.api_key:
            given = header(self.api_key_header.lower())
            if given is not None and _same(given, self._digests["api_key"]):
                return f"api-key:{self.api_key_header}"
        return None

    def _basic_user(self, credentials: str) -> str | None:
        try:
            decoded = base64.b64decode(credentials, validate=True).decode("utf-8")
        except (binascii.Error, UnicodeDecodeError):
            return None
        user, sep, password = decoded.partition(":")
        # Both compared every time, so a right user name takes as long as a wrong one.
        user_ok = _same(user, self._digests["user"])
        password_ok = _same(password, self._digests["password"])
        return user if sep and user_ok and password_ok else None

    def security(self) -> tuple[dict[str, SecurityScheme], list[SecurityRequirement]]:
        """The card's `securitySchemes` and `securityRequirements` (any one scheme suffices)."""
        schemes: dict[str, SecurityScheme] = {}
        if self.token:
            bearer = HTTPAuthSecurityScheme(scheme="Bearer", description="Bearer token")
            schemes["bearerAuth"] = SecurityScheme(http_auth_security_scheme=bearer)
        if self.basic:
            basic = HTTPAuthSecurityScheme(scheme="Basic", description="HTTP Basic")
            schemes["basicAuth"] = SecurityScheme(http_auth_security_scheme=basic)
        if self.api_key:
            key = APIKeySecurityScheme(location="header", name=self.api_key_header)
            schemes["apiKeyAuth"] = SecurityScheme(api_key_security_scheme=key)
        requirements = [SecurityRequirement(schemes={name: StringList()}) for name in schemes]
        return schemes, requirements


def www_authenticate(resource_metadata: str | None) -> str:
    if resource_metadata:
        return f'Bearer resource_metadata="{resource_metadata}"'
    return "Bearer"
