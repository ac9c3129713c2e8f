"""Fixtures for the push tests: a keyring, a real HTTP receiver, and real redis-server processes."""

from __future__ import annotations

import socket
from collections.abc import AsyncIterator

import pytest
import trio

from iaccode.tasks.push.keyring import PushKeyring
from tests.tasks.push.receiver import Receiver


@pytest.fixture
def keyring() -> PushKeyring:
    return PushKeyring.generate("test")


@pytest.fixture
async def receiver(nursery: trio.Nursery) -> Receiver:
    server = Receiver()
    await nursery.start(server.serve)
    return server


class FakeResolver(trio.abc.HostnameResolver):
    """DNS answers chosen by the test: name -> addresses."""

    def __init__(self, answers: dict[str, list[str]]) -> None:
        self.answers = answers
        self.asked: list[str] = []

    async def getaddrinfo(
        self,
        host: bytes | None,
        port: bytes | str | int | None,
        family: int = 0,
        type: int = 0,
        proto: int = 0,
        flags: int = 0,
    ) -> list[tuple[socket.AddressFamily, socket.SocketKind, int, str, tuple[str, int]]]:
        name = (host or b"").decode()
        self.asked.append(name)
        if name not in self.answers:
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        kind = socket.SocketKind.SOCK_STREAM
        return [
            (socket.AF_INET6 if ":" in a else socket.AF_INET, kind, 6, "", (a, int(port or 0)))
            for a in self.answers[name]
        ]

    async def getnameinfo(self, sockaddr: tuple[str, int], flags: int) -> tuple[str, str]:
        raise NotImplementedError


@pytest.fixture
async def dns() -> AsyncIterator[FakeResolver]:
    """Fake DNS for this test's trio run (numeric hosts never reach a custom resolver)."""
    resolver = FakeResolver(
        {
            "public.test": ["93.184.216.34", "2606:2800:220:1::1"],
            "rebind.test": ["93.184.216.34", "10.0.0.7"],
            "internal.test": ["10.1.2.3"],
            "metadata.test": ["169.254.169.254"],
            "scoped.test": ["fe80::1%eth0"],
            "mapped.test": ["::ffff:192.168.0.1"],
            "loopback.test": ["127.0.0.1", "::1"],
            "half-loopback.test": ["93.184.216.34", "127.0.0.1"],
        }
    )
    previous = trio.socket.set_custom_hostname_resolver(resolver)
    yield resolver
    trio.socket.set_custom_hostname_resolver(previous)
