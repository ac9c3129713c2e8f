"""Workspace rules: outside the roots, "missing" and "there" get one answer (issue 16: the two
answers were an existence oracle for paths outside the roots)."""

from __future__ import annotations

from pathlib import Path

import pytest

from iaccode.agent.workspace import WorkspaceError, resolve_in_workspace, resolve_workspace


def test_outside_the_roots_nobody_learns_what_exists(tmp_path: Path) -> None:
    root = tmp_path / "root"
    root.mkdir()
    outside = tmp_path / "outside"
    outside.mkdir()
    (tmp_path / "a-file").write_text("x")
    answers = set()
    for requested in (outside, tmp_path / "missing", tmp_path / "a-file"):
        with pytest.raises(WorkspaceError) as refused:
            resolve_workspace(str(requested), [root], root)
        answers.add(str(refused.value))
    assert answers == {"the directory does not exist or is outside the allowed roots."}
    assert resolve_workspace(str(root), [root], root) == root.resolve()


def test_tool_paths_outside_the_workspace_are_outside_whether_they_exist(tmp_path: Path) -> None:
    cwd = tmp_path / "ws"
    cwd.mkdir()
    (tmp_path / "there").write_text("x")
    for requested in ("../there", "../missing", str(tmp_path / "missing")):
        with pytest.raises(WorkspaceError, match="is outside the workspace"):
            resolve_in_workspace(cwd, requested, must_exist=True)
    with pytest.raises(WorkspaceError, match="does not exist"):
        resolve_in_workspace(cwd, "missing", must_exist=True)
