"""`Tck03Engine`: what the A2A 0.3 conformance kit (a2a-tck `main`) asks of the agent under test.

The 0.3 kit's mandatory tests send a plain `message/send` and then continue the task
(`message/send` with its `taskId`), cancel it or resubscribe to it: they expect a plain send to
leave the task open, as a2a-python's own 0.3 test agent does. So every message is answered with
an artifact and the turn then waits for the next message (INPUT_REQUIRED, still running: it can
be continued, subscribed to and cancelled). Nothing else in the server knows about the kit.

    iaccode a2a --profile agentcore --port 9999 --engine iaccode.testing.tck03:Tck03Engine
"""

from __future__ import annotations

from iaccode.agent.engine import TurnInput, TurnOutput, TurnResult
from iaccode.model.a2a import Artifact, Message, Part

PROMPT = "Send another message to continue, or cancel the task."


def _text(message: Message) -> str:
    return " ".join(part.text for part in message.parts if part.text)


class Tck03Engine:
    name = "tck-0.3"

    def __init__(self, config: object = None) -> None:
        pass

    def accepts_media_type(self, media_type: str) -> bool:
        return True  # the kit sends files and data of any media type

    async def run_turn(self, turn: TurnInput, output: TurnOutput) -> TurnResult | None:
        """Answer each message with an artifact, then wait for the next one: the turn ends
        only when the task is cancelled (or the server stops)."""
        message: Message = turn.message
        count = 0
        while True:
            count += 1
            text = _text(message)
            reply = f"Received: {text[:200]}" if text else "Received."
            parts = [Part(text=reply)]
            await output.artifact(
                Artifact(artifact_id=f"response-{count}", name="response", parts=parts)
            )
            message = await output.request_input(PROMPT, {})
