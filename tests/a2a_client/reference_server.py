"""A2A 1.0 reference server for the client tests, built only from a2a-sdk's own pieces.

    python tests/a2a_client/reference_server.py    # prints "listening on http://127.0.0.1:PORT"

The agent echoes the user's text. A prompt starting with "ask" ends INPUT_REQUIRED (so it can
be continued or canceled), "direct" is answered with a Message instead of a task, "quiet" puts
the answer only in an artifact, "slow" works for four seconds; anything else completes. Each
task streams WORKING with a progress message, an artifact with the echo, then the final status.
Hypercorn (asyncio) on loopback; the kernel picks the port.
"""

from __future__ import annotations

import asyncio
import socket

from a2a.helpers.proto_helpers import new_task, new_text_message, new_text_part
from a2a.server.agent_execution import AgentExecutor, RequestContext
from a2a.server.events import EventQueue
from a2a.server.request_handlers import DefaultRequestHandler
from a2a.server.routes import create_agent_card_routes, create_jsonrpc_routes
from a2a.server.tasks import InMemoryTaskStore, TaskUpdater
from a2a.types import AgentCapabilities, AgentCard, AgentInterface, AgentSkill, Role, TaskState
from hypercorn.asyncio import serve
from hypercorn.config import Config
from starlette.applications import Starlette


class EchoExecutor(AgentExecutor):
    async def execute(self, context: RequestContext, event_queue: EventQueue) -> None:
        text = context.get_user_input()
        reply = f"echo: {text}"
        if text.startswith("direct"):
            await event_queue.enqueue_event(
                new_text_message(reply, context_id=context.context_id, role=Role.ROLE_AGENT)
            )
            return
        assert context.task_id is not None and context.context_id is not None
        task = context.current_task
        if task is None:  # the sdk wants the task before its updates
            task = new_task(context.task_id, context.context_id, TaskState.TASK_STATE_SUBMITTED)
            if context.message is not None:
                task.history.append(context.message)
            await event_queue.enqueue_event(task)
        # A follow-up without contextId gets a fresh one from the sdk: keep the task's.
        updater = TaskUpdater(event_queue, task.id, task.context_id)
        await updater.start_work(updater.new_agent_message([new_text_part("Echoing…")]))
        if text.startswith("slow"):
            await asyncio.sleep(4)
        await updater.add_artifact([new_text_part(reply)], name="echo", last_chunk=True)
        final = None
        if not text.startswith("quiet"):
            final = updater.new_agent_message([new_text_part(reply)])
        if text.startswith("ask"):
            await updater.requires_input(final)
        else:
            await updater.complete(final)

    async def cancel(self, context: RequestContext, event_queue: EventQueue) -> None:
        assert context.task_id is not None and context.context_id is not None
        await TaskUpdater(event_queue, context.task_id, context.context_id).cancel()


def build_app(url: str) -> Starlette:
    card = AgentCard(
        name="Reference echo",
        description="a2a-sdk reference server that echoes",
        version="1.0.0",
        # A 0.3 interface first, as sdk deployments that keep 0.3 clients list it; the sdk then
        # also serves its URL as the card's top-level `url`.
        supported_interfaces=[
            AgentInterface(url=url + "v03", protocol_binding="JSONRPC", protocol_version="0.3"),
            AgentInterface(url=url, protocol_binding="JSONRPC", protocol_version="1.0"),
        ],
        capabilities=AgentCapabilities(streaming=True),
        default_input_modes=["text/plain"],
        default_output_modes=["text/plain"],
        skills=[AgentSkill(id="echo", name="Echo", description="repeats the text", tags=["echo"])],
    )
    handler = DefaultRequestHandler(
        agent_executor=EchoExecutor(), task_store=InMemoryTaskStore(), agent_card=card
    )
    routes = [
        *create_agent_card_routes(card),
        *create_jsonrpc_routes(handler, "/"),
        *create_jsonrpc_routes(handler, "/v03", enable_v0_3_compat=True),
    ]
    return Starlette(routes=routes)


def main() -> None:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    sock.listen(64)
    port = sock.getsockname()[1]
    config = Config()
    config.bind = [f"fd://{sock.fileno()}"]
    config.accesslog = None
    config.graceful_timeout = 1
    app = build_app(f"http://127.0.0.1:{port}/")
    print(f"listening on http://127.0.0.1:{port}", flush=True)
    asyncio.run(serve(app, config))  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
