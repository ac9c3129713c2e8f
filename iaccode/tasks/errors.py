"""Errors of the task layer that stop the server from starting.

The command line reports them as configuration problems: one line on stderr, exit status 2, no
traceback (`iaccode.cli`). This layer is below the configuration, so it cannot raise
`iaccode.config.ConfigError`; the CLI catches this type beside it.
"""

from __future__ import annotations


class UnusableStateError(Exception):
    """State the server keeps (a file under persistence-dir, or the push keyring the environment
    names) that it cannot start with. The text is one line for the operator: the file's role and
    its configured path, never its contents or a secret."""


__all__ = ["UnusableStateError"]
