"""ListTasks answers from kept texts: the store gives the same Task object for an unchanged task,
the bindings splice the texts they encoded before (`protojson.ResultTexts`), and the bytes are
always those of a fresh encoding of the page, whatever changed in between."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs

from iaccode.a2a.dispatch import Dispatcher, JsonReply, RequestMeta
from iaccode.a2a.protojson import ResultTexts
from iaccode.a2a.service import CallContext
from iaccode.model import a2a as m
from iaccode.model import codec
from iaccode.server import RunningServer
from iaccode.tasks.broker import EventBroker
from iaccode.tasks.manager import TaskManager
from iaccode.tasks.sqlite_store import SQLiteTaskStore
from iaccode.tasks.store import TaskQuery
from iaccode.wire import json, jsonrpc
from tests.transports.test_lines import message


def user(text: str) -> m.Message:
    return m.Message(message_id=f"m-{text}", role=m.Role.ROLE_USER, parts=[m.Part(text=text)])


async def test_an_unchanged_task_is_the_same_object_a_changed_one_is_new(tmp_path: Path) -> None:
    store = await SQLiteTaskStore.open(tmp_path / "tasks.db")
    try:
        tasks = TaskManager(store, EventBroker())
        one = await tasks.create(task_id="t1", context_id="c", owner="", message=user("one"))
        await tasks.create(task_id="t2", context_id="c", owner="", message=user("two"))
        query = TaskQuery(owner="", context_id="c", page_size=10, include_artifacts=True)
        first = (await store.list_tasks(query)).tasks
        again = (await store.list_tasks(query)).tasks
        assert [a is b for a, b in zip(first, again, strict=True)] == [True, True]

        await tasks.put_artifact(one, m.Artifact(artifact_id="a", parts=[m.Part(text="x")]))
        changed = {t.id: t for t in (await store.list_tasks(query)).tasks}
        before = {t.id: t for t in first}
        assert changed["t2"] is before["t2"]
        assert changed["t1"] is not before["t1"]
        assert changed["t1"].artifacts == [m.Artifact(artifact_id="a", parts=[m.Part(text="x")])]
        # A loaded task becomes a record whose lists grow: never the shared object.
        loaded = await store.load_task("t2")
        assert loaded is not None and loaded.task is not changed["t2"]
        assert loaded.task == changed["t2"]
    finally:
        await store.aclose()


def fresh_text(page: m.ListTasksResponse) -> bytes:
    return json.dumps(codec.unstructure(page))


def task(n: int, **fields: Any) -> m.Task:
    status = m.TaskStatus(state=m.TaskState.TASK_STATE_COMPLETED, timestamp="2026-12-02T12:00:00Z")
    return m.Task(id=f"t{n}", context_id="c", status=status, **fields)


def test_a_page_spliced_from_kept_texts_is_a_fresh_encoding() -> None:
    texts = ResultTexts()
    tasks = [
        task(1),
        task(2, history=[user("a"), user("b")], metadata={"k": [1, "ü"]}),
        task(3, artifacts=[m.Artifact(artifact_id="a", parts=[m.Part(text="x")])], history=[]),
    ]
    pages = [
        m.ListTasksResponse(tasks=[], next_page_token="", page_size=50, total_size=0),
        m.ListTasksResponse(tasks=tasks, next_page_token="", page_size=50, total_size=3),
        m.ListTasksResponse(tasks=tasks[:2], next_page_token="n3", page_size=2, total_size=3),
    ]
    for page in [*pages, *pages]:  # the second time from kept texts
        assert texts.text("ListTasks", page) == fresh_text(page)
    replaced = attrs.evolve(pages[1], tasks=[tasks[0], task(2), tasks[2]])
    assert texts.text("ListTasks", replaced) == fresh_text(replaced)
    for one in tasks:
        assert texts.text("GetTask", one) == json.dumps(codec.unstructure(one))


async def test_list_tasks_over_json_rpc_follows_every_change(
    server: RunningServer, workspace: Path
) -> None:
    dispatcher = Dispatcher(server.service, max_body=1 << 20, max_depth=64)
    meta = RequestMeta(owner="", version="1.0")

    async def call(method: str, params: dict[str, Any]) -> bytes:
        body = {"jsonrpc": "2.0", "id": 7, "method": method, "params": params}
        reply = await dispatcher.dispatch(json.dumps(body), meta)
        assert isinstance(reply, JsonReply)
        return reply.body

    sent = json.loads(await call("SendMessage", {"message": message("hi", workspace)}))
    context = sent["result"]["task"]["contextId"]
    for _ in range(3):
        await call("SendMessage", {"message": message("again", workspace, contextId=context)})
    params = {"contextId": context, "pageSize": 3}
    page = await call("ListTasks", params)
    assert await call("ListTasks", params) == page
    assert len(json.loads(page)["result"]["tasks"]) == 3

    listed = json.loads(page)["result"]["tasks"]
    follow_up = message("more", workspace, contextId=context, taskId=listed[1]["id"])
    assert "result" in json.loads(await call("SendMessage", {"message": follow_up}))
    after = await call("ListTasks", params)
    fresh = await server.service.list_tasks(
        codec.structure(params, m.ListTasksRequest), CallContext()
    )
    assert after == jsonrpc.encode_result(7, codec.unstructure(fresh))
    assert after != page
