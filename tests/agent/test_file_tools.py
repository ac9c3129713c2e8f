"""Workspace file tools: confined to cwd, writes asked for and atomic, failures readable."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
import trio

from iaccode.agent.tools.base import ToolResult, ToolRunner
from iaccode.agent.tools.files import FILE_TOOLS, write_atomically
from tests.agent.fakes import RecordingOutput


@pytest.fixture
def cwd(tmp_path: Path) -> Path:
    path = (tmp_path / "ws").resolve()
    (path / "modules").mkdir(parents=True)
    (path / "main.tf").write_text('resource "alicloud_vpc" "v" {}\n')
    (path / "modules" / "net.tf").write_text("# net\n")
    (tmp_path / "secret.txt").write_text("top secret")
    return path


@pytest.fixture
def runner(cwd: Path) -> ToolRunner:
    return ToolRunner(FILE_TOOLS, cwd=cwd, roots=(cwd.parent,))


async def call(
    runner: ToolRunner, name: str, args: dict[str, Any] | None, *, allow: bool = True
) -> tuple[dict[str, Any], RecordingOutput]:
    output = RecordingOutput(allow=allow)
    result = await runner.run(output, "call-1", name, args)
    return {**result.data, "is_error": result.is_error}, output


async def test_list_and_read(runner: ToolRunner) -> None:
    listed, output = await call(runner, "list_files", {"recursive": True})
    assert [e["path"] for e in listed["entries"]] == ["modules", "main.tf", "modules/net.tf"]
    assert output.tool_statuses() == ["started", "input_complete", "completed"]
    flat, _ = await call(runner, "list_files", {})
    assert [e["path"] for e in flat["entries"]] == ["modules", "main.tf"]
    read, output = await call(runner, "read_file", {"path": "modules/net.tf"})
    assert read["content"] == "# net\n" and read["path"] == "modules/net.tf"
    assert output.permissions == []  # reading needs no permission


@pytest.mark.parametrize(
    "path",
    ["../secret.txt", "/etc/passwd", "modules/../../secret.txt", "escape/secret.txt", "", "a\x00b"],
)
async def test_paths_cannot_leave_the_workspace(runner: ToolRunner, cwd: Path, path: str) -> None:
    (cwd / "escape").symlink_to(cwd.parent)
    for name, args in (
        ("read_file", {"path": path}),
        ("write_file", {"path": path, "content": "x"}),
        ("edit_file", {"path": path, "old_text": "top", "new_text": "x"}),
    ):
        result, output = await call(runner, name, args)
        assert result["is_error"], (name, path)
        assert output.tool_statuses()[-1] == "failed"
        assert str(cwd.parent) not in result["error"]
    assert (cwd.parent / "secret.txt").read_text() == "top secret"


async def test_write_asks_and_is_atomic(runner: ToolRunner, cwd: Path) -> None:
    result, output = await call(
        runner, "write_file", {"path": "out/template.yaml", "content": "a: 1\n"}
    )
    assert result == {
        "path": "out/template.yaml",
        "bytes": 5,
        "artifactId": "a-1",
        "is_error": False,
    }
    assert output.files == [("out/template.yaml", b"a: 1\n", "application/yaml")]
    (request,) = output.permissions
    assert request.tool_name == "write_file" and request.tool_use_id == "call-1"
    assert (cwd / "out" / "template.yaml").read_text() == "a: 1\n"
    assert not list((cwd / "out").glob(".*tmp"))
    denied, output = await call(
        runner, "write_file", {"path": "main.tf", "content": "gone"}, allow=False
    )
    assert denied["is_error"] and "did not allow" in denied["error"]
    assert (cwd / "main.tf").read_text().startswith("resource")


async def test_edit(runner: ToolRunner, cwd: Path) -> None:
    (cwd / "dup.txt").write_text("x x")
    result, _ = await call(
        runner, "edit_file", {"path": "main.tf", "old_text": '"v"', "new_text": '"main"'}
    )
    assert result["replacements"] == 1 and result["artifactId"] == "a-1"
    assert (cwd / "main.tf").read_text() == 'resource "alicloud_vpc" "main" {}\n'
    twice, _ = await call(
        runner, "edit_file", {"path": "dup.txt", "old_text": "x", "new_text": "y"}
    )
    assert twice["is_error"] and "2 times" in twice["error"]
    missing, _ = await call(
        runner, "edit_file", {"path": "dup.txt", "old_text": "z", "new_text": "y"}
    )
    assert missing["is_error"] and "does not occur" in missing["error"]
    both, _ = await call(
        runner,
        "edit_file",
        {"path": "dup.txt", "old_text": "x", "new_text": "y", "replace_all": True},
    )
    assert both["replacements"] == 2 and (cwd / "dup.txt").read_text() == "y y"


async def test_bad_calls_are_readable_failures(runner: ToolRunner) -> None:
    unknown, _ = await call(runner, "format_disk", {})
    assert unknown["is_error"] and "no tool named" in unknown["error"]
    unparsed, _ = await call(runner, "read_file", None)
    assert unparsed["is_error"] and "not a valid JSON object" in unparsed["error"]
    wrong, _ = await call(runner, "write_file", {"path": "a.txt", "content": 5})
    assert wrong["is_error"] and "'content' must be a string" in wrong["error"]


def test_failed_write_leaves_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "t.txt"
    target.write_text("old")

    def broken_fsync(fd: int) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(OSError, match="disk full"):
        write_atomically(target, b"new", tmp_path.resolve())
    assert target.read_text() == "old"
    assert list(tmp_path.iterdir()) == [target]


def test_result_fields_are_bounded_to_exactly_4000_characters() -> None:
    shown = ToolResult({"text": "x" * 5000, "short": "y", "list": ["z" * 4001]}).shown()
    assert len(shown["text"]) == 4000 and shown["text"].endswith("…")
    assert shown["short"] == "y" and len(shown["list"][0]) == 4000
    assert len(ToolResult({"text": "x" * 4000}).shown()["text"]) == 4000  # not cut


async def test_artifact_fields_stay_out_of_the_tool_event(tmp_path: Path) -> None:
    from iaccode.agent.tools.iac import IAC_TOOLS

    runner = ToolRunner(IAC_TOOLS, cwd=tmp_path, roots=(tmp_path,))
    output = RecordingOutput()
    hcl = 'resource "alicloud_vpc" "v" {\n  cidr_block = "10.0.0.0/8"\n}\n'
    result = await runner.run(output, "call-1", "convert_terraform", {"terraform": hcl})
    assert not result.is_error and "ALIYUN::ECS::VPC" in result.data["template"]  # the model's
    shown = output.events[-1]["tool"]["result"]
    assert "template" not in shown and shown["artifactId"] == "a-1"


async def test_a_template_file_is_read_bounded_and_reported_as_too_big(cwd: Path) -> None:
    from iaccode.agent.tools.iac import CheckRosTemplate
    from iaccode.iac.ros_loader import MAX_TEMPLATE_BYTES

    (cwd / "huge.yaml").write_bytes(b"#" * (MAX_TEMPLATE_BYTES * 4))
    runner = ToolRunner([CheckRosTemplate()], cwd=cwd, roots=(cwd.parent,))
    checked, _ = await call(runner, "check_ros_template", {"path": "huge.yaml"})
    assert [f["code"] for f in checked["findings"]] == ["ROS0002"]
    os.mkfifo(cwd / "pipe.yaml")  # no writer: a read would wait for ever
    with trio.fail_after(10):
        refused, _ = await call(runner, "check_ros_template", {"path": "pipe.yaml"})
    assert refused["is_error"] and refused["error"] == "'pipe.yaml' cannot be read as a file."


async def test_a_big_file_is_read_in_part_and_not_edited(runner: ToolRunner, cwd: Path) -> None:
    from iaccode.agent.tools.files import READ_LIMIT, WRITE_LIMIT

    (cwd / "big.log").write_bytes(b"a" * (WRITE_LIMIT + 1))
    read, _ = await call(runner, "read_file", {"path": "big.log"})
    assert read["truncated"] is True and len(read["content"]) == READ_LIMIT
    edited, _ = await call(
        runner, "edit_file", {"path": "big.log", "old_text": "a", "new_text": "b"}
    )
    assert edited["is_error"] and "too big to edit" in edited["error"]
    assert (cwd / "big.log").read_bytes() == b"a" * (WRITE_LIMIT + 1)


async def test_convert_terraform_reads_only_what_the_root_module_reads(tmp_path: Path) -> None:
    """A module repository: its examples/ count against no limit and reach no Workspace."""
    from iaccode.agent.tools.iac import IAC_TOOLS

    vpc = 'resource "alicloud_vpc" "v" {\n  cidr_block = "10.0.0.0/8"\n}\n'
    repo = tmp_path / "repo"
    (repo / "modules" / "net").mkdir(parents=True)
    (repo / "main.tf").write_text('module "net" {\n  source = "./modules/net"\n}\n')
    (repo / "modules" / "net" / "main.tf").write_text(vpc)
    for number in range(60):
        example = repo / "examples" / f"e{number}"
        example.mkdir(parents=True)
        (example / "main.tf").write_text('module "x" {\n  source = "../.."\n}\n')
    runner = ToolRunner(IAC_TOOLS, cwd=tmp_path, roots=(tmp_path,))
    native = await runner.run(RecordingOutput(), "c1", "convert_terraform", {"path": "repo"})
    assert not native.is_error and native.data["counts"]["native"] == 1
    wrapped = await runner.run(
        RecordingOutput(), "c2", "convert_terraform", {"path": "repo", "mode": "compatible"}
    )
    assert not wrapped.is_error
    assert "modules/net/main.tf" in wrapped.data["template"]
    assert "examples/" not in wrapped.data["template"]
