"""Where a turn may start: the one place that claims a context for a turn being set up.

A2A seed, "Task- und Kontextverhalten": a second message while the context is working is
refused with "Task is already working."; docs/operations.md: a turn beyond
`max-concurrent-turns` is refused before anything is created. `TurnClaims.claim` checks both and
holds what it took while the request sets the turn up: the context's claim in this process
(`ContextRegistry`, taken before any await so that two requests cannot both pass), a place
among the turns (`TurnSupervisor.reserve_turn`, not for the answer to a pause), and, with several
replicas (`coordination-url`), the context's lease, and the new task's, so that no other replica
starts a turn there meanwhile. A turn that starts takes over what it needs (the supervisor's
`on_start`, iaccode.a2a.replicas); the claim gives its own back on the way out.
"""

from __future__ import annotations

from iaccode.tasks.contexts import ContextRegistry
from iaccode.tasks.coordination import RedisCoordination
from iaccode.tasks.supervisor import TurnSupervisor


class ContextBusy(Exception):
    """A turn runs (or is being set up) in the context, here or on another replica."""


class TurnClaims:
    def __init__(
        self,
        contexts: ContextRegistry,
        supervisor: TurnSupervisor,
        coordination: RedisCoordination | None = None,
    ) -> None:
        self.contexts = contexts
        self.supervisor = supervisor
        self.coordination = coordination

    def claim(self, context_id: str, *, task_id: str | None = None, new_turn: bool = True) -> Claim:
        """Hold the context (and, for a `new_turn`, a place among the turns) while a turn is
        set up, as `async with`; `task_id`: a new task's id, leased with it among replicas.

        Entering raises `ContextBusy`, `TurnLimitReached` (nothing taken then) and, among
        replicas, `CoordinationUnavailableError`.
        """
        return Claim(self, context_id, task_id, new_turn)


class Claim:
    """What `TurnClaims.claim` holds; given back when the `async with` ends."""

    def __init__(
        self, claims: TurnClaims, context_id: str, task_id: str | None, new_turn: bool
    ) -> None:
        self._claims = claims
        self._context_id = context_id
        self._task_id = task_id
        self._new_turn = new_turn
        self._leases: list[str] = []

    async def __aenter__(self) -> None:
        claims, context_id = self._claims, self._context_id
        if claims.contexts.is_busy(context_id):
            raise ContextBusy(context_id)
        if self._new_turn:
            claims.supervisor.reserve_turn()
        claims.contexts.claim(context_id)  # before the first await below
        try:
            coordination = claims.coordination
            if coordination is not None:
                key = coordination.context_key(context_id)
                if not await coordination.acquire(key):
                    raise ContextBusy(context_id)
                self._leases.append(key)
                if self._task_id is not None:  # a new id: nobody else holds it
                    key = coordination.task_key(self._task_id)
                    if await coordination.acquire(key):
                        self._leases.append(key)
        except BaseException:
            self._give_back()
            raise

    async def __aexit__(self, *exc_info: object) -> None:
        self._give_back()

    def _give_back(self) -> None:
        claims = self._claims
        claims.contexts.release_claim(self._context_id)
        if self._new_turn:
            claims.supervisor.release_turn()
        if claims.coordination is not None:
            for key in self._leases:
                claims.coordination.release(key)
        self._leases = []


__all__ = ["Claim", "ContextBusy", "TurnClaims"]
