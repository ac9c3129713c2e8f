"""The routes a console reads over HTTP: threads, a thread's turns and pending interrupts, and
an artifact's content, each behind the AG-UI token; bad ids, another thread's task, a path that
leaves the artifact directory and a wrong token are refused plainly, with no local path."""

from __future__ import annotations

import contextlib
import hashlib
import os
from pathlib import Path
from typing import Any

import httpx
import pytest
import trio

from iaccode.agui.browse import served_type
from iaccode.server import RunningAgui
from tests.agui.conftest import AguiClient

TOKEN = "browse-token"
AUTH = {"authorization": f"Bearer {TOKEN}"}
THREADS = "/extensions/iac-code/v1/threads"


@pytest.fixture
async def offline(start_agui: Any) -> RunningAgui:
    agui: RunningAgui = await start_agui(auth_token=TOKEN, core={"engine": "offline"})
    return agui


async def composed(agui: RunningAgui, workspace: Path, thread: str) -> dict[str, Any]:
    """A template turn of the offline engine in `thread`: its artifact events by file name."""
    async with httpx.AsyncClient(base_url=agui.url, timeout=30, headers=AUTH) as http:
        client = AguiClient(http, workspace, thread_id=thread)
        reply = await client.run("Create a VPC with two vSwitches.")
    return {a["parts"][0]["filename"]: a for a in reply.custom("iac-code.artifact.v1")}


async def test_an_artifact_is_served_from_its_content_url(
    offline: RunningAgui, workspace: Path, tmp_path: Path
) -> None:
    artifacts = await composed(offline, workspace, "thread-a")
    svg, template = artifacts["diagram.svg"], artifacts["template.yaml"]
    assert svg["contentUrl"].startswith("extensions/iac-code/v1/threads/thread-a/tasks/")
    async with httpx.AsyncClient(base_url=offline.url + "/", timeout=15, headers=AUTH) as http:
        shown = await http.get(svg["contentUrl"])
        assert shown.status_code == 200
        assert shown.headers["content-type"] == "image/svg+xml"
        assert shown.headers["content-security-policy"].startswith("sandbox;")
        assert shown.headers["x-content-type-options"] == "nosniff"
        assert shown.headers["content-disposition"].startswith('inline; filename="diagram.svg"')
        assert hashlib.sha256(shown.content).hexdigest() == svg["parts"][0]["sha256"]
        assert shown.content.lstrip().startswith((b"<svg", b"<?xml"))
        saved = await http.get(template["contentUrl"], params={"download": "1"})
        assert saved.headers["content-disposition"].startswith(
            'attachment; filename="template.yaml"'
        )
        assert saved.headers["content-type"] == "application/yaml"
        assert saved.content.startswith(b"ROSTemplateFormatVersion")


async def test_threads_list_and_a_thread_with_its_turns(
    offline: RunningAgui, workspace: Path
) -> None:
    await composed(offline, workspace, "thread/with spaces")
    async with httpx.AsyncClient(base_url=offline.url, timeout=15, headers=AUTH) as http:
        listing = (await http.get(THREADS)).json()
        assert [t["threadId"] for t in listing["threads"]] == ["thread/with spaces"]
        assert str(workspace) in listing["workspaces"]
        thread = (await http.get(f"{THREADS}/thread%2Fwith%20spaces")).json()
    (turn,) = thread["turns"]
    assert turn["user"] == "Create a VPC with two vSwitches."
    assert "```yaml" in turn["agent"]
    names = {a["name"]: a["url"] for a in turn["artifacts"]}
    assert set(names) == {"template.yaml", "diagram.svg", "diagram.mmd"}
    assert names["diagram.svg"].startswith(f"{THREADS}/thread%2Fwith%20spaces/tasks/")
    assert thread["interrupts"] == [] and thread["cwd"] == str(workspace)


async def test_a_pending_permission_is_listed_with_the_thread(
    start_agui: Any, workspace: Path
) -> None:
    agui = await start_agui(auth_token=TOKEN)
    async with httpx.AsyncClient(base_url=agui.url, timeout=15, headers=AUTH) as http:
        reply = await AguiClient(http, workspace, thread_id="t-ask").run(
            "permission write_file main.yaml"
        )
        (pending,) = reply.last("RUN_FINISHED")["outcome"]["interrupts"]
        thread = (await http.get(f"{THREADS}/t-ask")).json()
        listing = (await http.get(THREADS)).json()
    assert thread["status"] == "interrupted"
    assert thread["interrupts"] == [pending]
    assert thread["rosInvocationId"] == "invocation-1"
    assert listing["threads"][0]["status"] == "interrupted"


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/nope", 404),  # an unknown thread
        ("/thread-a/tasks/unknown-task/artifacts/artifact-1", 404),
        ("/thread-a/tasks/..%2F..%2Fetc/artifacts/passwd", 400),  # not an id at all
        ("/thread-a/tasks/%00/artifacts/x", 400),
        ("/thread-a/tasks/TASK%0A/artifacts/ARTIFACT", 400),  # a newline is no id character
        ("/thread-a/tasks/TASK/artifacts/..", 404),  # an id, but no artifact of the task
        ("/thread-a/tasks/TASK/artifacts/artifact-none", 404),
        ("/thread-b/tasks/TASK/artifacts/ARTIFACT", 404),  # another thread's task
    ],
)
async def test_bad_artifact_requests_are_refused_plainly(
    offline: RunningAgui, workspace: Path, tmp_path: Path, path: str, status: int
) -> None:
    svg = (await composed(offline, workspace, "thread-a"))["diagram.svg"]
    await composed(offline, workspace, "thread-b")
    path = path.replace("TASK", svg["taskId"]).replace("ARTIFACT", svg["artifactId"])
    async with httpx.AsyncClient(base_url=offline.url, timeout=15, headers=AUTH) as http:
        reply = await http.get(THREADS + path)
    assert reply.status_code == status, reply.text
    assert reply.json()["error"]["code"] == "INVALID_INPUT"
    assert str(tmp_path) not in reply.text


async def test_the_token_is_needed_and_checked(offline: RunningAgui, workspace: Path) -> None:
    svg = (await composed(offline, workspace, "thread-a"))["diagram.svg"]
    async with httpx.AsyncClient(base_url=offline.url + "/", timeout=15) as http:
        for headers in ({}, {"authorization": "Bearer wrong"}, {"authorization": TOKEN}):
            for path in (svg["contentUrl"], THREADS.lstrip("/"), THREADS.lstrip("/") + "/x"):
                reply = await http.get(path, headers=headers)
                assert reply.status_code == 401, (path, headers)
                assert reply.json()["error"]["code"] == "UNAUTHORIZED"
        posted = await http.post(THREADS.lstrip("/"), headers=AUTH)
        assert posted.status_code == 405


async def test_a_file_moved_out_of_the_artifact_directory_is_not_served(
    offline: RunningAgui, workspace: Path, tmp_path: Path
) -> None:
    svg = (await composed(offline, workspace, "thread-a"))["diagram.svg"]
    root = offline.config.core.artifacts_path
    (stored,) = root.glob(f"{svg['artifactId']}/diagram.svg")
    outside = tmp_path / "secret.svg"
    outside.write_text("<svg>secret</svg>")
    stored.unlink()
    os.symlink(outside, stored)  # the file now points out of the artifact directory
    async with httpx.AsyncClient(base_url=offline.url + "/", timeout=15, headers=AUTH) as http:
        reply = await http.get(svg["contentUrl"])
    assert reply.status_code == 404 and "secret" not in reply.text


async def test_a_browse_request_without_the_token_is_refused_on_its_head(
    offline: RunningAgui,
) -> None:
    """As a run is: the 401 comes before any of a (declared, never sent) body is read."""
    host, port = offline.url.removeprefix("http://").rsplit(":", 1)
    stream = await trio.open_tcp_stream(host, int(port))
    async with stream:
        await stream.send_all(
            f"GET {THREADS} HTTP/1.1\r\nhost: {host}\r\ncontent-length: 4000000\r\n\r\n".encode()
        )
        answer = b""
        with trio.fail_after(5):
            while b"\r\n\r\n" not in answer:
                answer += await stream.receive_some(65536)
    assert answer.startswith(b"HTTP/1.1 401 "), answer[:200]


@pytest.mark.parametrize(
    ("given", "served"),
    [
        ("image/svg+xml", "image/svg+xml"),
        ("text/yaml", "text/yaml; charset=utf-8"),
        ("Application/JSON", "application/json"),
        ("image/png\n", "application/octet-stream"),  # no line break into a header
        ("text/html; charset=x", "application/octet-stream"),
        (None, "application/octet-stream"),
    ],
)
def test_an_artifact_goes_out_with_its_own_media_type_or_none(given: Any, served: str) -> None:
    assert served_type(given) == served


async def test_in_front_of_a_remote_core_no_content_url_is_offered(
    start_server: Any, start_agui: Any, workspace: Path
) -> None:
    """Its files are on that host: the adapter names no route it would answer 404 on (a
    console would show a Download button that fails and a diagram that never comes)."""
    a2a = await start_server(engine="offline", allowed_cwds=(workspace,))
    agui: RunningAgui = await start_agui(a2a_url=a2a.url + "/", auth_token=TOKEN)
    artifacts = await composed(agui, workspace, "thread-r")
    assert artifacts["diagram.svg"]["parts"][0]["mediaType"] == "image/svg+xml"
    assert all("contentUrl" not in a for a in artifacts.values()), artifacts
    async with httpx.AsyncClient(base_url=agui.url, timeout=15, headers=AUTH) as http:
        (turn,) = (await http.get(f"{THREADS}/thread-r")).json()["turns"]
    assert {a["name"] for a in turn["artifacts"]} == set(artifacts)  # still listed
    assert all(a["url"] is None for a in turn["artifacts"]), turn["artifacts"]


async def test_a_fifo_in_the_artifact_directory_is_refused_at_once(
    offline: RunningAgui, workspace: Path, nursery: trio.Nursery
) -> None:
    """Not waited on: opening a FIFO for reading blocks until a writer comes (a worker thread
    held for as long), so it is opened without blocking and refused as no regular file."""
    svg = (await composed(offline, workspace, "thread-a"))["diagram.svg"]
    root = offline.config.core.artifacts_path
    (stored,) = root.glob(f"{svg['artifactId']}/diagram.svg")
    stored.unlink()
    os.mkfifo(stored)
    done = trio.Event()

    async def writer_after_a_while() -> None:  # unblocks a reader stuck in open(), if any
        await trio.sleep(3)
        while not done.is_set():
            with contextlib.suppress(OSError):  # ENXIO: no reader waiting
                os.close(os.open(stored, os.O_WRONLY | os.O_NONBLOCK))
            await trio.sleep(0.1)

    nursery.start_soon(writer_after_a_while)
    async with httpx.AsyncClient(base_url=offline.url + "/", timeout=15, headers=AUTH) as http:
        started = trio.current_time()
        reply = await http.get(svg["contentUrl"])
        elapsed = trio.current_time() - started
    done.set()
    assert reply.status_code == 404
    assert elapsed < 2, f"the request waited {elapsed:.1f} s on the FIFO"
