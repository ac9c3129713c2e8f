"""Callback URL checks: schemes, localhost names, every refused address range, and DNS answers."""

from __future__ import annotations

import ipaddress
import socket

import httpx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from iaccode.tasks.push.urls import CallbackUrlError, check_resolved, check_url, refusal
from tests.tasks.push.conftest import FakeResolver

REFUSED = [
    # not http(s), or no host
    "ftp://example.com/",
    "file:///etc/passwd",
    "javascript:alert(1)",
    "gopher://example.com/",
    "http:///path",
    "not a url",
    "http://example.com:99999/",
    "http://example.com:0/",
    # localhost by name
    "http://localhost/",
    "http://LOCALHOST:8080/",
    "http://localhost./",
    "http://api.localhost/",
    "http://localhost.localdomain/",
    "http://ip6-localhost/",
    # IPv4 literals, in every form getaddrinfo accepts
    "http://127.0.0.1/",
    "http://127.255.255.254:9/",
    "http://127.1/",
    "http://2130706433/",
    "http://0x7f000001/",
    "http://0x7f.0.0.1/",
    "http://0177.0.0.1/",
    "http://10.0.0.1/",
    "http://10.255.255.255/",
    "http://172.16.0.1/",
    "http://172.31.255.255/",
    "http://192.168.1.1/",
    "http://169.254.169.254/latest/meta-data/",
    "http://169.254.1.1/",
    "http://100.64.0.1/",
    "http://100.100.100.200/",
    "http://0.0.0.0/",
    "http://0/",
    "http://224.0.0.1/",
    "http://239.255.255.250/",
    "http://240.0.0.1/",
    "http://255.255.255.255/",
    "http://192.0.2.1/",
    "http://198.18.0.1/",
    "http://256.1.1.1/",
    "http://1.2.3.4.5/",
    "http://08.1.1.1/",
    "http://example.123/",
    # IPv6 literals
    "http://[::1]/",
    "http://[::]/",
    "http://[fe80::1]/",
    "http://[fe80::1%25eth0]/",
    "http://[fc00::1]/",
    "http://[fd12:3456::1]/",
    "http://[fd00:ec2::254]/",
    "http://[fec0::1]/",
    "http://[ff02::1]/",
    "http://[ff0e::1]/",
    "http://[2001:db8::1]/",
    "http://[100::1]/",
    # IPv6 forms that reach an IPv4 address
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:7f00:1]/",
    "http://[::ffff:10.0.0.1]/",
    "http://[::ffff:169.254.169.254]/",
    "http://[64:ff9b::a00:1]/",
    "http://[64:ff9b::7f00:1]/",
    "http://[2002:7f00:1::1]/",
    "http://[2002:a9fe:a9fe::1]/",
    "http://[::127.0.0.1]/",
]

ALLOWED = [
    "https://hooks.example.com/a2a",
    "http://hooks.example.com:8080/a2a?token=abc",
    "HTTPS://Hooks.Example.COM/a2a",
    "http://8.8.8.8/",
    "http://0x08.0x08.0x08.0x08/",
    "http://[2606:4700:4700::1111]/",
    "http://[::ffff:8.8.8.8]/",
    "http://[64:ff9b::808:808]/",
    "http://[2002:808:808::1]/",
    "http://localhost-like.example.com/",
    "http://example.localhost.com/",
]

LOOPBACK = [
    "http://127.0.0.1:8080/",
    "http://127.5.5.5/",
    "http://2130706433/",
    "http://[::1]:9/",
    "http://[::ffff:127.0.0.1]/",
    "http://localhost:1234/hook",
    "http://a.localhost/",
]

STILL_REFUSED_WITH_LOOPBACK = [
    "http://10.0.0.1/",
    "http://192.168.0.1/",
    "http://169.254.169.254/",
    "http://0.0.0.0/",
    "http://[::]/",
    "http://[fe80::1]/",
    "http://[64:ff9b::7f00:1]/",
    "http://[2002:7f00:1::1]/",
    "ftp://localhost/",
]


@pytest.mark.parametrize("url", REFUSED)
def test_refused(url: str) -> None:
    with pytest.raises(CallbackUrlError) as info:
        check_url(url)
    assert info.value.message.startswith("Callback URL")


@pytest.mark.parametrize("url", ALLOWED)
def test_allowed(url: str) -> None:
    check_url(url)


@pytest.mark.parametrize("url", LOOPBACK)
def test_allow_loopback_permits_loopback_only(url: str) -> None:
    with pytest.raises(CallbackUrlError):
        check_url(url)
    check_url(url, allow_loopback=True)


@pytest.mark.parametrize("url", STILL_REFUSED_WITH_LOOPBACK)
def test_allow_loopback_permits_nothing_else(url: str) -> None:
    with pytest.raises(CallbackUrlError):
        check_url(url, allow_loopback=True)


def test_the_metadata_address_is_named() -> None:
    with pytest.raises(CallbackUrlError, match="cloud metadata"):
        check_url("http://169.254.169.254/latest/meta-data/")


def test_overlong_urls_are_refused() -> None:
    with pytest.raises(CallbackUrlError, match="longer"):
        check_url("https://example.com/" + "a" * 3000)


async def test_resolved_public_names_pass(dns: FakeResolver) -> None:
    addresses = await check_resolved("https://public.test/hook")
    assert [str(a) for a in addresses] == ["93.184.216.34", "2606:2800:220:1::1"]


@pytest.mark.parametrize(
    "name", ["rebind.test", "internal.test", "metadata.test", "scoped.test", "mapped.test"]
)
async def test_a_name_resolving_to_any_refused_address_is_refused(
    dns: FakeResolver, name: str
) -> None:
    with pytest.raises(CallbackUrlError, match="resolves to a refused address"):
        await check_resolved(f"https://{name}/hook")
    with pytest.raises(CallbackUrlError):
        await check_resolved(f"https://{name}/hook", allow_loopback=True)


async def test_a_name_resolving_to_loopback_needs_allow_loopback(dns: FakeResolver) -> None:
    with pytest.raises(CallbackUrlError, match="loopback"):
        await check_resolved("http://loopback.test:8080/")
    assert len(await check_resolved("http://loopback.test:8080/", allow_loopback=True)) == 2
    with pytest.raises(CallbackUrlError, match="loopback"):
        await check_resolved("http://half-loopback.test/")


async def test_literals_and_refused_names_are_not_looked_up(dns: FakeResolver) -> None:
    with pytest.raises(CallbackUrlError):
        await check_resolved("http://10.0.0.1/")
    with pytest.raises(CallbackUrlError):
        await check_resolved("http://localhost/")
    assert [str(a) for a in await check_resolved("http://8.8.8.8/")] == ["8.8.8.8"]
    assert dns.asked == []


async def test_an_unknown_name_is_a_lookup_failure_not_a_refusal(dns: FakeResolver) -> None:
    with pytest.raises(OSError) as info:
        await check_resolved("https://unknown.test/")
    assert not isinstance(info.value, CallbackUrlError)


async def test_real_localhost_resolves_to_loopback_when_allowed() -> None:
    addresses = await check_resolved("http://localhost:1/", allow_loopback=True)
    assert addresses and all(a.is_loopback for a in addresses)


def _label() -> st.SearchStrategy[str]:
    number = st.integers(min_value=0, max_value=2**32)
    return st.one_of(
        number.map(str),
        number.map(lambda n: f"0x{n:x}"),
        number.map(lambda n: f"0{n:o}"),
        st.sampled_from(["0", "00", "0x", "08", "0x0", "099", "4294967296"]),
    )


@settings(max_examples=300, deadline=None)
@given(st.lists(_label(), min_size=1, max_size=5))
def test_numeric_hosts_are_read_as_getaddrinfo_reads_them(labels: list[str]) -> None:
    host = ".".join(labels)
    try:
        info = socket.getaddrinfo(host, 80, socket.AF_INET, flags=socket.AI_NUMERICHOST)
        expected: str | None = str(info[0][4][0])
    except socket.gaierror:
        expected = None
    try:
        check_url(f"http://{host}/")
    except CallbackUrlError as exc:
        refused = exc.message
    else:
        refused = None
    if refused == "Callback URL is not a valid URL.":
        with pytest.raises(httpx.InvalidURL):  # httpx could not send it either
            httpx.URL(f"http://{host}/")
    elif expected is None:
        assert refused is not None  # what the resolver cannot read is never called
    elif refusal(ipaddress.IPv4Address(expected)) is not None:
        assert refused is not None and f"({expected})" in refused  # the same address
    else:
        assert refused is None
