"""Callback URL checks: a push must not become a way to reach the server's own network (SSRF).

The A2A seed ("Push-Notification-Zustell-Backends") validates callback URLs before storing them
and again before sending: only http(s), no `localhost` names, no literal private or local
addresses (iac-code-reference 1.5 lists private, loopback, link-local, multicast, reserved and
unspecified). A2A spec §13.2 (a2a.md §8) asks servers to refuse such targets. Issue 4 adds the
DNS case: a name that resolves to such an address is refused too, and because DNS answers can
change between store and send (DNS rebinding), `check_resolved` runs before every attempt.

The URL is parsed with httpx's parser, the one that sends the request, so that the host checked
is the host contacted. Numeric hosts that `getaddrinfo` reads as IPv4 (`2130706433`, `0x7f.1`,
`127.1`) are decoded the way `inet_aton` does; IPv6 forms that embed an IPv4 address
(`::ffff:a.b.c.d`, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`) are judged by that address as well.

`allow_loopback` is the local-development switch (the TCK's webhook listens on localhost): it
permits 127.0.0.0/8, ::1 and the localhost names, nothing else.
"""

from __future__ import annotations

import ipaddress
import re
import urllib.parse

import httpx
import trio

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

_LOCALHOST_NAMES = frozenset(
    {"localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback"}
)
_METADATA = frozenset(
    ipaddress.ip_address(a) for a in ("169.254.169.254", "100.100.100.200", "fd00:ec2::254")
)
_NAT64 = ipaddress.IPv6Network("64:ff9b::/96")
_NUMERIC_LABEL = re.compile(r"(0x[0-9a-f]*|[0-9]+)")
_MAX_URL = 2048


class CallbackUrlError(ValueError):
    """A callback URL that the server refuses to call. The message is safe to show the caller."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def check_url(url: str, *, allow_loopback: bool = False) -> None:
    """Refuse `url` unless it is http(s) with a host that is no local name or local address."""
    host, _ = _parse(url)
    address = _literal_address(host)
    if address is not None:
        _check_address(address, allow_loopback=allow_loopback)
    elif _is_localhost_name(host) and not allow_loopback:
        raise CallbackUrlError("Callback URL must not point to localhost.")


async def check_resolved(url: str, *, allow_loopback: bool = False) -> list[IPAddress]:
    """`check_url`, then resolve the host and refuse if ANY of its addresses is refused.

    Returns the addresses. A failed lookup raises `OSError` (`trio.socket.gaierror`), which is
    not a refusal: the name may resolve later. Uses `trio.socket.getaddrinfo`, so a resolver set
    with `trio.socket.set_custom_hostname_resolver` (tests) is honoured.
    """
    host, port = _parse(url)
    address = _literal_address(host)
    if address is not None:
        _check_address(address, allow_loopback=allow_loopback)
        return [address]
    if _is_localhost_name(host) and not allow_loopback:
        raise CallbackUrlError("Callback URL must not point to localhost.")
    infos = await trio.socket.getaddrinfo(host, port, type=trio.socket.SOCK_STREAM)
    addresses: list[IPAddress] = []
    for info in infos:
        text = str(info[4][0]).partition("%")[0]  # drop an IPv6 zone id
        resolved = ipaddress.ip_address(text)
        try:
            _check_address(resolved, allow_loopback=allow_loopback)
        except CallbackUrlError as exc:
            raise CallbackUrlError(f"Callback host resolves to a refused address: {exc}") from None
        addresses.append(resolved)
    if not addresses:
        raise OSError(f"no address found for the callback host {host!r}")
    return addresses


def refusal(address: IPAddress, *, allow_loopback: bool = False) -> str | None:
    """Why `address` is refused as a callback target, or None when it may be called."""
    if address in _METADATA:
        return "a cloud metadata address"
    if isinstance(address, ipaddress.IPv6Address):
        # An IPv4-mapped or NAT64 address reaches the IPv4 address inside: judge that one. A
        # 6to4 address must pass both tests. Only the mapped form counts as loopback.
        mapped = address.ipv4_mapped
        if mapped is not None:
            return refusal(mapped, allow_loopback=allow_loopback)
        if address in _NAT64:
            return refusal(ipaddress.IPv4Address(int(address) & 0xFFFFFFFF))
        if address.sixtofour is not None:
            reason = refusal(address.sixtofour)
            if reason is not None:
                return reason
    if address.is_loopback:
        return None if allow_loopback else "a loopback address"
    checks = (
        (address.is_unspecified, "an unspecified address"),
        (address.is_link_local, "a link-local address"),
        (address.is_multicast, "a multicast address"),
        (
            isinstance(address, ipaddress.IPv6Address) and address.is_site_local,
            "a site-local address",
        ),
        (address.is_private, "a private address"),
        (address.is_reserved, "a reserved address"),
        (not address.is_global, "not a public address"),
    )
    for refused, reason in checks:
        if refused:
            return reason
    return None


# -- helpers ----------------------------------------------------------------------------------


def _parse(url: str) -> tuple[str, int]:
    if len(url) > _MAX_URL:
        raise CallbackUrlError(f"Callback URL is longer than {_MAX_URL} characters.")
    try:
        parsed = httpx.URL(url)
    except (httpx.InvalidURL, TypeError):
        raise CallbackUrlError("Callback URL is not a valid URL.") from None
    scheme = parsed.scheme.lower()
    if scheme not in ("http", "https"):
        raise CallbackUrlError("Callback URL must use http or https.")
    host = parsed.raw_host.decode("ascii").lower().rstrip(".")
    if not host:
        raise CallbackUrlError("Callback URL has no host.")
    port = parsed.port
    if port is not None and not 0 < port < 65536:
        raise CallbackUrlError("Callback URL has an invalid port.")
    return host, port or (443 if scheme == "https" else 80)


def _is_localhost_name(host: str) -> bool:
    return host in _LOCALHOST_NAMES or host.endswith(".localhost")


def _literal_address(host: str) -> IPAddress | None:
    """The address `host` spells out, or None for a name. Refuses hosts that are neither."""
    if ":" in host:
        text = urllib.parse.unquote(host).partition("%")[0]
        try:
            return ipaddress.IPv6Address(text)
        except ValueError:
            raise CallbackUrlError("Callback URL has an invalid IPv6 address.") from None
    labels = host.split(".")
    if not _NUMERIC_LABEL.fullmatch(labels[-1]):
        return None
    if not all(_NUMERIC_LABEL.fullmatch(label) for label in labels):
        raise CallbackUrlError("Callback URL host name must not end in a number.")
    value = _inet_aton(labels)
    if value is None:
        raise CallbackUrlError("Callback URL has an invalid IPv4 address.")
    return ipaddress.IPv4Address(value)


def _inet_aton(labels: list[str]) -> int | None:
    """The IPv4 address as `inet_aton` reads it: 1-4 parts, decimal, 0x hex or 0 octal."""
    if len(labels) > 4:
        return None
    parts: list[int] = []
    for label in labels:
        if label.startswith("0x"):
            if len(label) == 2:
                return None
            parts.append(int(label, 16))
        elif len(label) > 1 and label.startswith("0"):
            if not all(c in "01234567" for c in label):
                return None
            parts.append(int(label, 8))
        else:
            parts.append(int(label))
    *head, last = parts
    if any(part > 255 for part in head) or last >= 256 ** (4 - len(head)):
        return None
    value = last
    for index, part in enumerate(head):
        value += part << (8 * (3 - index))
    return value


def _check_address(address: IPAddress, *, allow_loopback: bool) -> None:
    reason = refusal(address, allow_loopback=allow_loopback)
    if reason is not None:
        raise CallbackUrlError(f"Callback URL must not point to {reason} ({address}).")
