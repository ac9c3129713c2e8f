"""glob and grep: confined to the workspace, capped, binary files skipped, bad input readable."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import trio

from iaccode.agent.tools import search
from iaccode.agent.tools.base import ToolRunner
from iaccode.agent.tools.search import MATCH_LIMIT, SEARCH_TOOLS
from tests.agent.fakes import RecordingOutput


@pytest.fixture
def cwd(tmp_path: Path) -> Path:
    path = (tmp_path / "ws").resolve()
    (path / "modules" / "net").mkdir(parents=True)
    (path / ".git").mkdir()
    (path / "main.tf").write_text('resource "alicloud_vpc" "v" {\n  cidr_block = "10.0.0.0/8"\n}\n')
    (path / "modules" / "net" / "vsw.tf").write_text('resource "alicloud_vswitch" "s" {}\n')
    (path / "template.yaml").write_text("ROSTemplateFormatVersion: '2015-09-01'\n")
    (path / "image.bin").write_bytes(b"\x00\x01alicloud_vpc\x00")
    (path / ".git" / "config").write_text("alicloud_vpc in git\n")
    (tmp_path / "outside.tf").write_text('resource "alicloud_vpc" "secret" {}\n')
    (path / "link").symlink_to(tmp_path)
    (path / "outside-link.tf").symlink_to(tmp_path / "outside.tf")
    return path


async def call(cwd: Path, name: str, args: dict[str, Any]) -> dict[str, Any]:
    runner = ToolRunner(SEARCH_TOOLS, cwd=cwd, roots=(cwd.parent,))
    output = RecordingOutput()
    result = await runner.run(output, "call-1", name, args)
    assert output.permissions == []  # read-only: never asks
    return {**result.data, "is_error": result.is_error}


async def test_glob_finds_files_by_pattern_inside_the_workspace_only(cwd: Path) -> None:
    found = await call(cwd, "glob", {"pattern": "**/*.tf"})
    assert found["paths"] == ["main.tf", "modules/net/vsw.tf"]
    assert found["truncated"] is False
    under = await call(cwd, "glob", {"pattern": "*.tf", "path": "modules/net"})
    assert under["paths"] == ["modules/net/vsw.tf"]
    capped = await call(cwd, "glob", {"pattern": "*", "limit": 2})
    assert len(capped["paths"]) == 2 and capped["truncated"] is True


async def test_grep_matches_lines_skips_binaries_and_respects_filters(cwd: Path) -> None:
    found = await call(cwd, "grep", {"pattern": r"alicloud_v\w+"})
    assert [(m["path"], m["line"]) for m in found["matches"]] == [
        ("main.tf", 1),
        ("modules/net/vsw.tf", 1),
    ]
    assert found["skippedFiles"] == 1  # image.bin
    yaml = await call(cwd, "grep", {"pattern": "rostemplate", "ignore_case": True})
    assert yaml["matches"] == [
        {"path": "template.yaml", "line": 1, "text": "ROSTemplateFormatVersion: '2015-09-01'"}
    ]
    only = await call(cwd, "grep", {"pattern": "resource", "include": "vsw.tf"})
    assert [m["path"] for m in only["matches"]] == ["modules/net/vsw.tf"]


async def test_grep_results_are_capped(cwd: Path) -> None:
    (cwd / "many.txt").write_text("hit\n" * (MATCH_LIMIT * 2))
    found = await call(cwd, "grep", {"pattern": "hit", "limit": 1000})
    assert len(found["matches"]) == MATCH_LIMIT and found["truncated"] is True


@pytest.mark.parametrize(
    ("name", "args", "error"),
    [
        ("grep", {"pattern": "("}, "not a valid regular expression"),
        ("grep", {"pattern": ""}, "'pattern' must be a non-empty string"),
        ("glob", {"pattern": "*", "path": "../"}, "outside the workspace"),
        ("glob", {"pattern": "*", "path": "link"}, "outside the workspace"),
        ("grep", {"pattern": "x", "limit": 0}, "'limit' must be a positive integer"),
        ("grep", {"pattern": "x", "path": "main.tf"}, "is not a directory"),
    ],
)
async def test_bad_input_is_a_readable_error(
    cwd: Path, name: str, args: dict[str, Any], error: str
) -> None:
    result = await call(cwd, name, args)
    assert result["is_error"] and error in result["error"]
    assert str(cwd) not in result["error"]


@pytest.mark.parametrize("pattern", [r"(a+)+$", r"(?:\w+\s?)*$", r"(a|aa)+$", r"(x*)*y"])
async def test_a_pattern_that_backtracks_exponentially_is_refused(cwd: Path, pattern: str) -> None:
    # `re` holds the GIL for a whole match: this line would freeze the server for seconds (and
    # a few more characters for hours), worker thread or not.
    (cwd / "slow.txt").write_text("a" * 23 + "b\n")
    started = trio.current_time()
    result = await call(cwd, "grep", {"pattern": pattern, "include": "slow.txt"})
    assert trio.current_time() - started < 0.5
    assert result["is_error"] and "can take forever" in result["error"]


@pytest.mark.parametrize("pattern", [r"(resource|data) ", r"(?>a+)+$", r"a++$", r"(ab)+", r"\w+="])
async def test_patterns_that_cannot_backtrack_exponentially_still_run(
    cwd: Path, pattern: str
) -> None:
    result = await call(cwd, "grep", {"pattern": pattern})
    assert not result["is_error"]


async def test_a_search_is_bounded_in_time(cwd: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search, "SEARCH_SECONDS", 0.0)
    for name in ("grep", "glob"):
        result = await call(cwd, name, {"pattern": "*.tf" if name == "glob" else "resource"})
        assert result["is_error"] and "took longer than 0 s" in result["error"]
