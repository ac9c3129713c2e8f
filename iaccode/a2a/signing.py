"""Agent card signatures (spec §8.4): detached JWS over the RFC 8785 canonical card.

The signed payload is the card without `signatures`, with empty strings, lists and objects
removed (as the a2a-sdk verifier removes them, so that its verification and ours agree), in JCS
canonical form. A signature is the JWS protected header and signature of that payload:
`{"protected": <b64url header>, "signature": <b64url>}`, header `{"alg", "kid", "typ": "JOSE"}`.

Signing is HS256 with `signing-secret` (phase 1 of the product, like iac-code). Verification picks
the key by the protected header's `kid` from a secret, a local octet JWKS, or a JWKS fetched from
a URL, and accepts the card when at least one signature verifies.
"""

from __future__ import annotations

import base64
import json
import warnings
from collections.abc import Mapping
from typing import Any

import jwt
import rfc8785

ALGORITHMS = ["HS256"]


class SignatureError(Exception):
    """The card is unsigned, or no signature verifies with the known keys."""


def signing_payload(card: Mapping[str, Any]) -> bytes:
    unsigned = {key: value for key, value in card.items() if key != "signatures"}
    return rfc8785.dumps(_without_empty(unsigned) or {})


def sign_card(card: Mapping[str, Any], secret: str, key_id: str = "default") -> dict[str, str]:
    """The `AgentCardSignature` for `card` (as served, minus any signatures)."""
    # A standard compact JWS whose payload part is then dropped (detached, RFC 7515 App. F);
    # the payload stays base64url-encoded in the signing input, as the A2A verifiers expect.
    with warnings.catch_warnings():
        # PyJWT warns (with source lines) about a secret under 32 bytes; the server says it
        # once, in its own words, at start-up (`weak_secret_warning`).
        warnings.simplefilter("ignore")
        token = jwt.api_jws.encode(
            signing_payload(card),
            secret,
            algorithm="HS256",
            headers={"kid": key_id, "typ": "JOSE"},
        )
    protected, _, signature = token.split(".")
    return {"protected": protected, "signature": signature}


MIN_SECRET_BYTES = 32  # RFC 7518 §3.2: an HS256 key at least as long as the hash


def weak_secret_warning(secret: str) -> str | None:
    """What to tell the operator about a signing secret too short for HS256, or None."""
    size = len(secret.encode("utf-8"))
    if size >= MIN_SECRET_BYTES:
        return None
    return (
        f"signing-secret is {size} bytes; HS256 wants at least {MIN_SECRET_BYTES} "
        "(RFC 7518 §3.2): card signatures made with it are easy to forge"
    )


def with_signature(card: dict[str, Any], secret: str, key_id: str = "default") -> dict[str, Any]:
    return {**card, "signatures": [sign_card(card, secret, key_id)]}


def verify_card(card: Mapping[str, Any], keys: Mapping[str, bytes]) -> str:
    """The key id of a valid signature; SignatureError when there is none."""
    signatures = card.get("signatures") or []
    if not signatures:
        raise SignatureError("The agent card is not signed.")
    payload = signing_payload(card)
    for signature in signatures:
        try:
            header = json.loads(_b64decode(signature["protected"]))
            key = keys.get(str(header.get("kid")))
            if key is None:
                continue
            encoded = base64.urlsafe_b64encode(payload).decode("ascii").rstrip("=")
            token = f"{signature['protected']}.{encoded}.{signature['signature']}"
            jwt.api_jws.decode_complete(token, key, algorithms=ALGORITHMS)
            return str(header["kid"])
        except (KeyError, TypeError, ValueError, jwt.PyJWTError):
            continue
    raise SignatureError("No signature of the agent card verifies with the known keys.")


def keys_from_jwks(jwks: Mapping[str, Any]) -> dict[str, bytes]:
    """Octet keys (`kty: oct`) of a JWKS, by key id."""
    keys = {}
    for entry in jwks.get("keys", []):
        if isinstance(entry, dict) and entry.get("kty") == "oct" and "k" in entry:
            keys[str(entry.get("kid", "default"))] = _b64decode(entry["k"])
    return keys


def _b64decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _without_empty(value: Any) -> Any:
    if isinstance(value, dict):
        cleaned = {k: c for k, v in value.items() if (c := _without_empty(v)) is not None}
        return cleaned or None
    if isinstance(value, list):
        items = [c for v in value if (c := _without_empty(v)) is not None]
        return items or None
    if isinstance(value, str) and not value:
        return None
    return value
