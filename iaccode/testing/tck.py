"""`TckEngine`: the behaviours the A2A conformance kit (a2a-tck, 1.0-dev) asks of a server.

The TCK steers the agent under test by `messageId` prefix (`scenarios/*.feature` in a2a-tck):
`tck-complete-task` completes, `tck-input-required` pauses for input until a follow-up completes
it, `tck-artifact-*` produce artifacts, `tck-stream-*` stream working, artifact, completed.
Run the server with `--engine iaccode.testing.tck:TckEngine` to run the kit against it.
"""

from __future__ import annotations

import trio

from iaccode.agent.engine import TurnInput, TurnOutput, TurnResult
from iaccode.model.a2a import Artifact, Message, Part, TaskState

COMPLETED = TurnResult(state=TaskState.TASK_STATE_COMPLETED)


def _artifact(part: Part, name: str = "output") -> Artifact:
    return Artifact(artifact_id=f"{name}-1", name=name, parts=[part])


class TckEngine:
    name = "tck"

    def __init__(self, config: object = None) -> None:
        pass

    def accepts_media_type(self, media_type: str) -> bool:
        # CORE-SEND-003 expects a part of an unknown media type to be accepted.
        return True

    async def direct_reply(self, message: Message) -> list[Part] | None:
        if message.message_id.startswith("tck-message-response"):
            return [Part(text="Direct message response")]
        return None

    async def run_turn(self, turn: TurnInput, output: TurnOutput) -> TurnResult | None:
        message: Message = turn.message
        while message.message_id.startswith("tck-input-required"):
            message = await output.request_input("Please provide more input.", {})
        return await self._complete(message.message_id, output)

    async def _complete(self, message_id: str, output: TurnOutput) -> TurnResult:
        if message_id.startswith("tck-artifact-text"):
            await output.artifact(_artifact(Part(text="Generated text content")))
        elif message_id.startswith("tck-artifact-file-url"):
            url = "https://example.com/output.txt"
            await output.artifact(
                _artifact(Part(url=url, filename="output.txt", media_type="text/plain"))
            )
        elif message_id.startswith("tck-artifact-file"):
            raw = b"Generated file content"
            await output.artifact(
                _artifact(Part(raw=raw, filename="output.txt", media_type="text/plain"))
            )
        elif message_id.startswith("tck-artifact-data"):
            await output.artifact(_artifact(Part(data={"key": "value", "count": 42})))
        elif message_id.startswith("tck-reject-task"):
            await output.text("Task rejected.")
            return TurnResult(state=TaskState.TASK_STATE_REJECTED)
        elif message_id.startswith("tck-stream-artifact-chunked"):
            artifact_id = "chunked-1"
            first = Artifact(artifact_id=artifact_id, parts=[Part(text="chunk-1 ")])
            await output.artifact(first, last_chunk=False)
            second = Artifact(artifact_id=artifact_id, parts=[Part(text="chunk-2")])
            await output.artifact(second, append=True, last_chunk=True)
        elif message_id.startswith(("tck-stream-002",)):
            pass
        elif message_id.startswith("tck-stream"):
            await output.artifact(_artifact(Part(text="Streamed content"), name="stream"))
        elif message_id.startswith("test-resubscribe-message-id"):
            await trio.sleep(4)
        await output.text("Hello from TCK")
        return COMPLETED
