"""The push config store: CRUD, client ids, paging, owners, and secrets encrypted on disk."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import attrs
import pytest
from cryptography.fernet import Fernet

from iaccode.model.a2a import AuthenticationInfo, Task, TaskPushNotificationConfig, TaskState
from iaccode.model.a2a import TaskStatus as Status
from iaccode.model.errors import InvalidParamsError
from iaccode.tasks.push.configs import PushConfigStore
from iaccode.tasks.push.keyring import KeyringError, PushKeyring
from iaccode.tasks.push.urls import CallbackUrlError
from iaccode.tasks.sqlite_store import SQLiteTaskStore
from iaccode.tasks.store import StoredTask, TaskChange
from iaccode.wire import json
from tests.tasks.conftest import OpenStore
from tests.tasks.push.conftest import FakeResolver

TOKEN = "notification-token-7f3a9c"
CREDENTIALS = "callback-credentials-51be02"


def config(
    task_id: str = "t1", config_id: str | None = None, **changes: object
) -> TaskPushNotificationConfig:
    value = TaskPushNotificationConfig(
        url="https://hooks.example.com/a2a",
        task_id=task_id,
        id=config_id,
        token=TOKEN,
        authentication=AuthenticationInfo(scheme="Bearer", credentials=CREDENTIALS),
    )
    return attrs.evolve(value, **changes)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "state" / "tasks.db"


@pytest.fixture
async def sqlite_configs(db_path: Path, keyring: PushKeyring) -> AsyncIterator[PushConfigStore]:
    """The configs in SQLite's tasks.db, for what is about that file."""
    opened = await PushConfigStore.open(db_path, keyring, check_dns=False)
    yield opened
    await opened.aclose()


@pytest.fixture
async def store(open_store: OpenStore, keyring: PushKeyring) -> AsyncIterator[PushConfigStore]:
    """The configs beside the tasks, as `open_push` opens them: on SQLite, then PostgreSQL."""
    if open_store.path is not None:
        opened = await PushConfigStore.open(open_store.path, keyring, check_dns=False)
        yield opened
        await opened.aclose()
        return
    tasks = await open_store()
    opened = PushConfigStore.on(tasks.database, keyring, check_dns=False)
    yield opened
    await opened.aclose()
    await tasks.aclose()


async def test_create_assigns_an_id_and_returns_the_config_as_created(
    store: PushConfigStore,
) -> None:
    created = await store.create("alice", config())
    assert created.id and len(created.id) == 36
    assert created == config(config_id=created.id)
    assert await store.get("alice", "t1", created.id) == created
    assert await store.get("alice", "t1", "missing") is None


async def test_a_client_chosen_id_is_honoured_and_create_upserts(store: PushConfigStore) -> None:
    first = await store.create("alice", config(config_id="webhook-1"))
    assert first.id == "webhook-1"
    replaced = await store.create(
        "alice", config(config_id="webhook-1", url="https://other.example.com/", token="t2")
    )
    assert await store.get("alice", "t1", "webhook-1") == replaced
    configs, _ = await store.list("alice", "t1")
    assert configs == [replaced]


async def test_configs_without_secrets_round_trip(store: PushConfigStore) -> None:
    plain = config(config_id="c", token=None, authentication=None)
    assert await store.create("alice", plain) == plain
    assert await store.get("alice", "t1", "c") == plain
    scheme_only = config(config_id="d", authentication=AuthenticationInfo(scheme="Basic"))
    await store.create("alice", scheme_only)
    assert await store.get("alice", "t1", "d") == scheme_only


async def test_delete_is_idempotent(store: PushConfigStore) -> None:
    await store.create("alice", config(config_id="c"))
    assert await store.delete("alice", "t1", "c") is True
    assert await store.delete("alice", "t1", "c") is False
    assert await store.delete("alice", "never", "seen") is False
    assert await store.get("alice", "t1", "c") is None


async def test_paging_in_id_order(store: PushConfigStore) -> None:
    for name in ["c5", "c1", "c4", "c2", "c3"]:
        await store.create("alice", config(config_id=name))
    await store.create("alice", config("t2", "other-task"))
    seen: list[str] = []
    token: str | None = None
    pages = 0
    while True:
        page, token = await store.list("alice", "t1", page_size=2, page_token=token)
        seen += [c.id or "" for c in page]
        pages += 1
        if not token:
            break
    assert seen == ["c1", "c2", "c3", "c4", "c5"] and pages == 3
    everything, last = await store.list("alice", "t1")
    assert len(everything) == 5 and last == ""
    with pytest.raises(InvalidParamsError):
        await store.list("alice", "t1", page_token="%%%")
    with pytest.raises(InvalidParamsError):
        await store.list("alice", "t1", page_size=-1)


async def test_owners_are_isolated(store: PushConfigStore) -> None:
    await store.create("alice", config(config_id="shared-name"))
    await store.create("bob", config(config_id="shared-name", token="bobs"))
    assert (await store.get("alice", "t1", "shared-name") or config()).token == TOKEN
    assert (await store.get("bob", "t1", "shared-name") or config()).token == "bobs"
    assert await store.get("mallory", "t1", "shared-name") is None
    assert await store.list("mallory", "t1") == ([], "")
    assert await store.delete("mallory", "t1", "shared-name") is False
    targets = await store.for_task("t1")
    assert [(t.owner, t.config.token) for t in targets] == [("alice", TOKEN), ("bob", "bobs")]


async def test_for_task_marks_legacy_configs(store: PushConfigStore) -> None:
    await store.create("", config(config_id="new"))
    await store.create("", config(config_id="old"), legacy=True)
    targets = await store.for_task("t1")
    assert [(t.config.id, t.legacy) for t in targets] == [("new", False), ("old", True)]


async def test_secrets_are_encrypted_on_disk(
    sqlite_configs: PushConfigStore, db_path: Path, keyring: PushKeyring
) -> None:
    store = sqlite_configs
    await store.create("alice", config(config_id="c"))
    files = [p for p in db_path.parent.iterdir() if p.name.startswith("tasks.db")]
    data = b"".join(p.read_bytes() for p in files)
    assert b"hooks.example.com" in data  # the row is there...
    assert TOKEN.encode() not in data and CREDENTIALS.encode() not in data  # ...its secrets not
    assert b"test:" in data  # encrypted with the keyring's key


async def test_refused_urls_are_not_stored(store: PushConfigStore) -> None:
    for url in ("http://127.0.0.1/", "ftp://x.example/", "http://localhost:9/"):
        with pytest.raises(CallbackUrlError):
            await store.create("alice", config(config_id="bad", url=url))
    assert await store.list("alice", "t1") == ([], "")
    with pytest.raises(ValueError, match="task id"):
        await store.create("alice", config(task_id=""))


async def test_loopback_can_be_allowed(db_path: Path, keyring: PushKeyring) -> None:
    store = await PushConfigStore.open(db_path, keyring, allow_loopback=True, check_dns=False)
    created = await store.create("", config(url="http://localhost:8000/webhook"))
    assert created.url == "http://localhost:8000/webhook"
    await store.aclose()


async def test_names_resolving_to_private_addresses_are_refused_at_store_time(
    db_path: Path, keyring: PushKeyring, dns: FakeResolver
) -> None:
    store = await PushConfigStore.open(db_path, keyring)
    with pytest.raises(CallbackUrlError, match="resolves"):
        await store.create("", config(url="https://internal.test/hook"))
    await store.create("", config(config_id="ok", url="https://public.test/hook"))
    # A name that does not resolve yet is accepted; the send-time check decides.
    await store.create("", config(config_id="later", url="https://not-yet.test/hook"))
    assert [c.id for c in (await store.list("", "t1"))[0]] == ["later", "ok"]
    await store.aclose()


async def test_rotation_and_a_lost_keyring(
    sqlite_configs: PushConfigStore, db_path: Path, keyring: PushKeyring
) -> None:
    store = sqlite_configs
    await store.create("alice", config(config_id="c"))
    rotated = keyring.rotated("next")
    store2 = await PushConfigStore.open(db_path, rotated, check_dns=False)
    assert (await store2.get("alice", "t1", "c") or config()).token == TOKEN
    assert await store2.reencrypt_secrets() == 1
    assert await store2.reencrypt_secrets() == 0
    await store2.aclose()
    only_new = PushKeyring({"next": json.loads(rotated.to_text())["keys"]["next"]}, active="next")
    store3 = await PushConfigStore.open(db_path, only_new, check_dns=False)
    # The old key is gone, and the re-encrypted secrets still read back.
    assert await store3.get("alice", "t1", "c") == config(config_id="c")
    await store3.aclose()
    stranger = PushKeyring({"x": Fernet.generate_key().decode()}, "x")
    store4 = await PushConfigStore.open(db_path, stranger, check_dns=False)
    with pytest.raises(KeyringError):
        await store4.get("alice", "t1", "c")
    assert await store4.for_task("t1") == []  # skipped and logged, not delivered without secrets
    await store4.aclose()


async def test_shares_the_database_with_the_task_store(
    db_path: Path, sqlite_configs: PushConfigStore
) -> None:
    store = sqlite_configs
    tasks = await SQLiteTaskStore.open(db_path)
    task = Task(id="t1", context_id="c1", status=Status(state=TaskState.TASK_STATE_WORKING))
    await tasks.commit(
        TaskChange(task_id="t1", new_task=StoredTask(task, owner="alice", live=False))
    )
    await store.create("alice", config(config_id="c"))
    assert (await tasks.load_task("t1")) is not None
    assert await store.get("alice", "t1", "c") is not None
    await tasks.aclose()
