"""Workspace look-ups stay off the event loop (DESIGN.md: nothing blocks the loop): a path that
is stat'ed, resolved or listed from the trio thread fails the test, in the offline engine's
Terraform look-up and in the skill tool."""

from __future__ import annotations

import functools
import pathlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import trio

from iaccode.agent.engine import TurnInput
from iaccode.agent.offline import OfflineEngine
from iaccode.agent.tools.base import ToolRunner
from iaccode.agent.tools.catalog import default_tools, skill_tools
from iaccode.model.a2a import Message, Part, Role
from tests.agent.fakes import RecordingOutput

# Path.is_dir, is_file and exists go through stat; glob and rglob list with os.scandir, but
# each is a call of its own here.
LOOKUPS = ("stat", "lstat", "resolve", "iterdir", "glob", "rglob", "exists", "is_dir", "is_file")


def _on_trio_thread() -> bool:
    try:
        trio.lowlevel.current_task()
    except RuntimeError:
        return False  # a worker thread
    return True


@pytest.fixture
def loop_lookups(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The path look-ups made on the trio thread while the test runs."""
    seen: list[str] = []

    def guard(name: str, original: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(original)
        def checked(self: pathlib.Path, *args: Any, **kwargs: Any) -> Any:
            if _on_trio_thread():
                seen.append(f"{name}({self})")
            return original(self, *args, **kwargs)

        return checked

    for name in LOOKUPS:
        monkeypatch.setattr(pathlib.Path, name, guard(name, getattr(pathlib.Path, name)))
    return seen


def turn(cwd: Path, text: str) -> TurnInput:
    message = Message(message_id="m", role=Role.ROLE_USER, parts=[Part(text=text)])
    return TurnInput(task_id="t", context_id="c", cwd=cwd, message=message)


async def test_the_offline_engine_looks_for_terraform_in_a_worker_thread(
    tmp_path: Path, loop_lookups: list[str]
) -> None:
    infra = tmp_path / "infra"
    infra.mkdir()
    (infra / "main.tf").write_text('resource "alicloud_oss_bucket" "b" {\n  bucket = "logs"\n}\n')
    output = RecordingOutput()
    await OfflineEngine().run_turn(turn(tmp_path, "Convert the Terraform in ./infra"), output)
    assert "ALIYUN::" in output.answer_text or "Aliyun::" in output.answer_text
    assert loop_lookups == []


async def test_the_skill_tool_resolves_its_file_in_a_worker_thread(
    tmp_path: Path, loop_lookups: list[str]
) -> None:
    tools = await trio.to_thread.run_sync(skill_tools, None)  # loading skills is start-up's
    runner = ToolRunner(tools, cwd=tmp_path, roots=(tmp_path,))
    result = await runner.run(RecordingOutput(), "call-1", "skill", {"name": "iac_aliyun"})
    assert not result.is_error and result.data["content"]
    assert loop_lookups == []


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("list_files", {"path": "infra"}),
        ("read_file", {"path": "infra/main.tf"}),
        ("glob", {"pattern": "**/*.tf"}),
        ("grep", {"pattern": "bucket", "path": "infra"}),
        ("convert_terraform", {"path": "infra"}),
        ("write_file", {"path": "infra/out.txt", "content": "x"}),
        ("edit_file", {"path": "infra/main.tf", "old_text": "logs", "new_text": "audit"}),
    ],
)
async def test_workspace_tools_look_up_paths_in_a_worker_thread(
    tmp_path: Path, loop_lookups: list[str], name: str, args: dict[str, Any]
) -> None:
    infra = tmp_path / "infra"
    infra.mkdir()
    (infra / "main.tf").write_text('resource "alicloud_oss_bucket" "b" {\n  bucket = "logs"\n}\n')
    loop_lookups.clear()  # the test's own set-up
    tools = await trio.to_thread.run_sync(default_tools)
    runner = ToolRunner(tools, cwd=tmp_path, roots=(tmp_path,))
    result = await runner.run(RecordingOutput(), "call-1", name, args)
    assert not result.is_error, result.data
    assert loop_lookups == []
