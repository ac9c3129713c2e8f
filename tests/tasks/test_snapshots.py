"""A task record's snapshot is taken again only when the record changed: the same Task object
while nothing changed (its encoding is reused, a2a/dispatch.py), and always equal to a fresh
snapshot, whatever the changes in between."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from iaccode.model.a2a import Artifact, Message, Part, Role, TaskState
from iaccode.tasks.broker import EventBroker
from iaccode.tasks.manager import TaskManager, TaskRecord
from iaccode.tasks.sqlite_store import SQLiteTaskStore


def message(text: str, role: Role = Role.ROLE_AGENT) -> Message:
    return Message(message_id=f"m-{text}", role=role, parts=[Part(text=text)])


def fresh(record: TaskRecord, history_length: int | None, artifacts: bool) -> object:
    return record._take_snapshot(history_length, artifacts)


async def test_the_same_object_until_the_record_changes(tmp_path: Path) -> None:
    store = await SQLiteTaskStore.open(tmp_path / "tasks.db")
    try:
        tasks = TaskManager(store, EventBroker())
        record = await tasks.create(
            task_id="t", context_id="c", owner="", message=message("hi", Role.ROLE_USER)
        )
        first = record.snapshot(history_length=2)
        assert record.snapshot(history_length=2) is first
        assert record.snapshot(history_length=1) is not first  # other arguments

        await tasks.set_status(record, TaskState.TASK_STATE_WORKING)
        working = record.snapshot(history_length=2)
        assert working.status.state == TaskState.TASK_STATE_WORKING

        artifact = Artifact(artifact_id="a", parts=[Part(text="one")])
        await tasks.put_artifact(record, artifact)
        with_artifact = record.snapshot()
        assert with_artifact.artifacts == [artifact]
        await tasks.put_artifact(record, Artifact(artifact_id="a", parts=[Part(text="two")]))
        appended = record.snapshot()  # the artifact replaced in place: same list, same length
        assert appended is not with_artifact
        assert appended.artifacts is not None
        assert [p.text for p in appended.artifacts[0].parts] == ["two"]

        answer = message("done")
        await tasks.set_status(
            record, TaskState.TASK_STATE_INPUT_REQUIRED, message=answer, add_to_history=(answer,)
        )
        last = record.snapshot(history_length=2)
        assert last.history is not None and last.history[-1] == answer
        assert last == fresh(record, 2, True)
    finally:
        await store.aclose()


changes = st.lists(
    st.one_of(
        st.tuples(st.just("status"), st.sampled_from([TaskState.TASK_STATE_WORKING])),
        st.tuples(st.just("history"), st.text("ab", min_size=1, max_size=3)),
        st.tuples(st.just("artifact"), st.sampled_from(["a", "b"])),
        st.tuples(st.just("metadata"), st.integers(0, 3)),
        st.tuples(st.just("look"), st.sampled_from([None, 0, 1, 2]), st.booleans()),
    ),
    max_size=30,
)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(changes)
def test_always_equal_to_a_fresh_snapshot(script: list[tuple[object, ...]]) -> None:
    from iaccode.model.a2a import TaskStatus

    record = TaskRecord(
        id="t",
        context_id="c",
        owner="",
        status=TaskStatus(state=TaskState.TASK_STATE_SUBMITTED),
        history=[message("start", Role.ROLE_USER)],
    )
    for step in script:
        kind = step[0]
        if kind == "status":
            record.status = TaskStatus(state=TaskState.TASK_STATE_WORKING)
        elif kind == "history":
            record.history.append(message(str(step[1])))
        elif kind == "artifact":
            found = [i for i, a in enumerate(record.artifacts) if a.artifact_id == step[1]]
            artifact = Artifact(artifact_id=str(step[1]), parts=[Part(text=str(len(script)))])
            if found:
                record.artifacts[found[0]] = artifact
            else:
                record.artifacts.append(artifact)
        elif kind == "metadata":
            record.metadata = {"n": step[1]}
        else:
            history_length, artifacts = step[1], bool(step[2])
            shown = record.snapshot(history_length=history_length, artifacts=artifacts)
            assert shown == fresh(record, history_length, artifacts)
