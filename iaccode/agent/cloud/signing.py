"""ACS3-HMAC-SHA256: how a request to an Alibaba Cloud OpenAPI endpoint is signed.

The vendor's "V3 request signature" (the one its current SDKs send for RPC and ROA APIs alike):

    CanonicalRequest = method \\n uri \\n sorted query \\n headers (one `name:value\\n` each)
                       \\n signed header names (;) \\n hex sha256(body)
    StringToSign     = "ACS3-HMAC-SHA256" \\n hex sha256(CanonicalRequest)
    Authorization    = ACS3-HMAC-SHA256 Credential=<AccessKeyId>,SignedHeaders=<names>,
                       Signature=hex hmac-sha256(AccessKeySecret, StringToSign)

Signed headers are `host`, `content-type` and every `x-acs-*`. Pure functions, no I/O: the
client signs with them and the fake endpoint of `iaccode.testing` checks with them.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping
from urllib.parse import quote

ALGORITHM = "ACS3-HMAC-SHA256"


def percent_encode(value: str) -> str:
    """RFC 3986 encoding as the signature wants it: only A-Z a-z 0-9 - _ . ~ stay as they are."""
    return quote(value, safe="-_.~")


def canonical_query(query: Mapping[str, str]) -> str:
    pairs = sorted((percent_encode(k), percent_encode(v)) for k, v in query.items())
    return "&".join(f"{k}={v}" for k, v in pairs)


def canonical_uri(path: str) -> str:
    return quote(path or "/", safe="/-_.~")


def signed_header_names(headers: Mapping[str, str]) -> list[str]:
    names = {k.lower() for k in headers}
    return sorted(n for n in names if n in ("host", "content-type") or n.startswith("x-acs-"))


def payload_hash(body: bytes) -> str:
    return hashlib.sha256(body).hexdigest()


def string_to_sign(
    method: str,
    path: str,
    query: Mapping[str, str],
    headers: Mapping[str, str],
    body_hash: str,
    names: list[str],
) -> str:
    lowered = {k.lower(): v.strip() for k, v in headers.items()}
    canonical_headers = "".join(f"{name}:{lowered[name]}\n" for name in names)
    request = "\n".join(
        (
            method.upper(),
            canonical_uri(path),
            canonical_query(query),
            canonical_headers,
            ";".join(names),
            body_hash,
        )
    )
    return f"{ALGORITHM}\n{hashlib.sha256(request.encode('utf-8')).hexdigest()}"


def signature(secret: str, text: str) -> str:
    return hmac.new(secret.encode("utf-8"), text.encode("utf-8"), hashlib.sha256).hexdigest()


def authorization(
    access_key_id: str,
    secret: str,
    method: str,
    path: str,
    query: Mapping[str, str],
    headers: Mapping[str, str],
) -> str:
    """The Authorization header for a request whose headers already hold
    `x-acs-content-sha256` (the body's hash) and every other header to sign."""
    names = signed_header_names(headers)
    body_hash = {k.lower(): v for k, v in headers.items()}["x-acs-content-sha256"]
    text = string_to_sign(method, path, query, headers, body_hash, names)
    return (
        f"{ALGORITHM} Credential={access_key_id},SignedHeaders={';'.join(names)},"
        f"Signature={signature(secret, text)}"
    )
