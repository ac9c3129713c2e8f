"""A TurnOutput that records what an engine or tool reports, for tests without a server."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import trio

from iaccode.agent.permissions import PermissionRequest
from iaccode.model.a2a import Artifact, Message, Part, Role


class RecordingOutput:
    def __init__(self, *, allow: bool = True, answer: str = "yes") -> None:
        self.allow = allow
        self.answer = answer
        self.deltas: list[str] = []
        self.events: list[dict[str, Any]] = []
        self.permissions: list[PermissionRequest] = []
        self.files: list[tuple[str, bytes, str]] = []

    @property
    def answer_text(self) -> str:
        return "".join(self.deltas)

    def tool_statuses(self) -> list[str]:
        return [e["tool"]["status"] for e in self.events if "tool" in e]

    async def text(self, delta: str) -> None:
        self.deltas.append(delta)
        await trio.lowlevel.checkpoint()

    async def reasoning(self, delta: str) -> None:
        self.events.append({"thinking": delta})

    async def status(self, metadata: Mapping[str, Any]) -> None:
        self.events.append(dict(metadata))

    async def tool_event(self, event: Mapping[str, Any]) -> None:
        self.events.append({"tool": dict(event)})

    async def usage(self, input_tokens: int, output_tokens: int) -> None:
        self.events.append({"usage": (input_tokens, output_tokens)})

    async def artifact(
        self, artifact: Artifact, *, append: bool = False, last_chunk: bool = True
    ) -> None:
        self.events.append({"artifact": artifact})

    async def file_artifact(self, name: str, content: bytes, media_type: str) -> Artifact:
        self.files.append((name, content, media_type))
        return Artifact(artifact_id=f"a-{len(self.files)}", name=name, parts=[Part(text="x")])

    async def request_input(self, prompt: str | list[Part], metadata: Mapping[str, Any]) -> Message:
        return Message(message_id="answer", role=Role.ROLE_USER, parts=[Part(text=self.answer)])

    async def permission(self, request: PermissionRequest) -> bool:
        self.permissions.append(request)
        return self.allow
