"""`ScenarioEngine`: a deterministic engine steered by the message text, for tests.

Each line of the user's text is one step:

    say <text>            stream <text> as one delta
    stream <n>            stream n deltas "chunk-1 " ... "chunk-n "
    sleep <seconds>       wait (a cancellation point)
    wait                  wait until cancelled
    ask <question>        pause as INPUT_REQUIRED; the answer's text is streamed back
    artifact <name> <text> store a text artifact
    file <name> <text>    store <text> as a file artifact under artifact-dir
    permission <tool> <path>  ask permission for tool (e.g. write_file) on path; say the verdict
    think <text>          stream <text> as reasoning
    pipeline <event> [<step>]  publish metadata.iac_code.pipeline {eventType, stepName}
    channel               say the context's telemetry channel ("none" when unbound)
    history               say the texts of the context's earlier messages, joined by " | "
    fail <message>        raise RuntimeError(message) (the message must not reach the caller)
    end <STATE>           end the turn in TASK_STATE_<STATE> (e.g. COMPLETED, REJECTED)

Anything else is echoed back as "echo: <text>".

Pauses (`ask`, `permission`) save the remaining lines as the engine state, so a pause outlives a
restart: the resumed turn says the verdict (or the answer) and runs the rest.
"""

from __future__ import annotations

import trio

from iaccode.agent.engine import TurnInput, TurnOutput, TurnResult
from iaccode.agent.permissions import PermissionRequest
from iaccode.model.a2a import Artifact, Message, Part, TaskState


class ScenarioEngine:
    name = "scenario"

    def __init__(self, config: object = None) -> None:
        pass

    def accepts_media_type(self, media_type: str) -> bool:
        return not media_type.startswith("application/x-unsupported")

    async def run_turn(self, turn: TurnInput, output: TurnOutput) -> TurnResult | None:
        state = TaskState.TASK_STATE_INPUT_REQUIRED
        lines = turn.text.splitlines() or [""]
        if turn.resume is not None:
            lines = list(turn.resume.state["rest"])
            if turn.resume.allowed is not None:
                await output.text("allowed " if turn.resume.allowed else "denied ")
            else:
                await output.text(f"answer: {_text(turn.resume.answer)}")
        for index, line in enumerate(lines):
            command, _, rest = line.strip().partition(" ")
            output.save_state({"rest": lines[index + 1 :]})
            if command == "say":
                await output.text(rest)
            elif command == "stream":
                for index in range(1, int(rest) + 1):
                    await output.text(f"chunk-{index} ")
            elif command == "sleep":
                await trio.sleep(float(rest))
            elif command == "wait":
                await trio.sleep_forever()
            elif command == "ask":
                answer = await output.request_input(rest or "Which one?", {"question": True})
                await output.text(f"answer: {_text(answer)}")
            elif command == "artifact":
                name, _, content = rest.partition(" ")
                artifact = Artifact(
                    artifact_id=f"artifact-{name}", name=name, parts=[Part(text=content)]
                )
                await output.artifact(artifact)
            elif command == "file":
                name, _, content = rest.partition(" ")
                await output.file_artifact(name, content.encode("utf-8"), "text/plain")
            elif command == "permission":
                tool, _, path = rest.partition(" ")
                request = PermissionRequest(
                    tool_name=tool,
                    tool_use_id=f"call-{tool}",
                    tool_input={"path": path, "content": "secret payload"},
                    read_only=tool.startswith("read"),
                )
                allowed = await output.permission(request)
                await output.text("allowed " if allowed else "denied ")
            elif command == "think":
                await output.reasoning(rest)
            elif command == "pipeline":
                event, _, step = rest.partition(" ")
                pipeline = {"eventType": event, "eventId": f"event-{index}"}
                await output.status({"pipeline": pipeline | ({"stepName": step} if step else {})})
            elif command == "channel":
                await output.text(turn.channel or "none")
            elif command == "history":
                texts = ("".join(p.text or "" for p in m.parts) for m in turn.history)
                await output.text(" | ".join(texts))
            elif command == "fail":
                raise RuntimeError(rest)
            elif command == "end":
                state = TaskState[f"TASK_STATE_{rest.strip().upper()}"]
            else:
                await output.text(f"echo: {line}")
        return TurnResult(state=state)


def _text(message: Message) -> str:
    return " ".join(p.text for p in message.parts if p.text is not None)
