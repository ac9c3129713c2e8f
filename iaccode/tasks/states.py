"""The task state machine (spec §4.1.3, §3.1; A2A seed "Task-Zustaende").

Theory of operation. A task starts SUBMITTED when a message creates it. Its turn moves it to
WORKING and ends it in one of:

* INPUT_REQUIRED: the normal end of a successful iac-code turn (the context waits for a follow-up),
  or a pause inside a turn that waits for the caller (a permission decision, a question);
* COMPLETED, REJECTED: ends an engine may choose;
* FAILED: validation or execution failed;
* CANCELED: CancelTask.

A follow-up message to an INPUT_REQUIRED task starts the next turn on the same task (back to
SUBMITTED, or WORKING when it answers a pause). Terminal states never change again. Every change
goes through `check_transition`, so a wrong transition is a bug caught where it happens.
"""

from __future__ import annotations

from iaccode.model.a2a import TaskState

S = TaskState
_ALLOWED: dict[TaskState, frozenset[TaskState]] = {
    S.TASK_STATE_SUBMITTED: frozenset(
        {
            S.TASK_STATE_WORKING,
            S.TASK_STATE_FAILED,
            S.TASK_STATE_CANCELED,
            S.TASK_STATE_REJECTED,
            S.TASK_STATE_INPUT_REQUIRED,
        }
    ),
    S.TASK_STATE_WORKING: frozenset(
        {
            S.TASK_STATE_WORKING,
            S.TASK_STATE_INPUT_REQUIRED,
            S.TASK_STATE_AUTH_REQUIRED,
            S.TASK_STATE_COMPLETED,
            S.TASK_STATE_FAILED,
            S.TASK_STATE_CANCELED,
            S.TASK_STATE_REJECTED,
        }
    ),
    S.TASK_STATE_INPUT_REQUIRED: frozenset(
        {
            S.TASK_STATE_SUBMITTED,
            S.TASK_STATE_WORKING,
            S.TASK_STATE_INPUT_REQUIRED,
            S.TASK_STATE_FAILED,
            S.TASK_STATE_CANCELED,
        }
    ),
    S.TASK_STATE_AUTH_REQUIRED: frozenset(
        {S.TASK_STATE_SUBMITTED, S.TASK_STATE_WORKING, S.TASK_STATE_FAILED, S.TASK_STATE_CANCELED}
    ),
}


class InvalidTransition(RuntimeError):
    """A state change the state machine forbids: a bug in the caller."""


def check_transition(old: TaskState, new: TaskState) -> None:
    if new not in _ALLOWED.get(old, frozenset()):
        raise InvalidTransition(f"{old.name} -> {new.name}")
