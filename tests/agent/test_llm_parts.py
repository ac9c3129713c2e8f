"""The llm engine's pure parts: thinking parameters, context budgets, the rebuilt conversation."""

from __future__ import annotations

from pathlib import Path

from iaccode.agent.engine import TurnInput
from iaccode.agent.llm.compaction import DEFAULT_WINDOW, budget_for
from iaccode.agent.llm.memory import MEMORY_RESULT_LIMIT, conversation, turn_memory
from iaccode.agent.llm.thinking import is_qwen, thinking_body, thinking_dialect
from iaccode.model.a2a import Message, Part, Role
from iaccode.wire import json


def test_thinking_maps_per_provider_and_ignores_bad_values() -> None:
    assert thinking_body({"enabled": True, "budget": 100}, dialect="qwen") == {
        "enable_thinking": True,
        "thinking_budget": 100,
    }
    assert thinking_body({"enabled": False, "budget": 100}, dialect="qwen") == {
        "enable_thinking": False
    }
    assert thinking_body({"budget": 50}, dialect="qwen") == {
        "enable_thinking": True,
        "thinking_budget": 50,
    }
    assert thinking_body({"effort": "HIGH"}, dialect="reasoning") == {"reasoning_effort": "high"}
    assert thinking_body({"enabled": True}, dialect="reasoning") == {"reasoning_effort": "medium"}
    assert thinking_body({"enabled": False, "effort": "high"}, dialect="reasoning") == {}
    for bad in (None, "yes", {"enabled": "true", "budget": True}, {"budget": -1}, {"effort": 3}):
        assert thinking_body(bad, dialect="qwen") == {}
    assert is_qwen("openai-compatible", "qwen3-max") and not is_qwen("openai", "gpt-4o")


def test_models_that_do_not_reason_get_no_thinking_keys() -> None:
    # OpenAI answers 400 to reasoning_effort on gpt-4o-mini: asking to think must not fail a turn.
    for model in ("gpt-4o-mini", "gpt-4.1", "deepseek-chat", "gpt-5-chat-latest"):
        assert thinking_dialect("openai", model) == "none", model
        assert thinking_body({"enabled": True, "effort": "high"}, dialect="none") == {}
    for model in ("o1", "o3-mini", "o4-mini-2025-04-16", "gpt-5", "gpt-5-mini", "openai/o3"):
        assert thinking_dialect("openai", model) == "reasoning", model
    assert thinking_dialect("openai-compatible", "qwq-plus") == "qwen"


def test_budgets_follow_the_known_model_or_the_setting() -> None:
    assert budget_for("qwen-plus", None) == int(131_072 * 0.6)
    assert budget_for("qwen-plus-2025-01-25", None) == int(131_072 * 0.6)
    assert budget_for("some-local-model", None) == int(DEFAULT_WINDOW * 0.6)
    assert budget_for("qwen-plus", 5000) == 5000


def test_memory_shortens_results_and_skips_answers_and_empty_messages() -> None:
    def message(mid: str, role: Role, text: str | None = None, data: dict | None = None) -> Message:
        part = Part(text=text) if data is None else Part(data=data, media_type="application/json")
        return Message(message_id=mid, role=role, parts=[part])

    memory = turn_memory(
        "u1",
        [
            {"role": "assistant", "content": "", "tool_calls": [{"id": "c1"}]},
            {"role": "tool", "tool_call_id": "c1", "content": "r" * 10_000},
            {"role": "assistant", "content": "done"},
        ],
    )
    assert len(memory.body["messages"][1]["content"]) < MEMORY_RESULT_LIMIT + 100
    big = {"path": "a.yaml", "content": "c" * 50_000}
    write = {"id": "w", "type": "function", "function": {"name": "write_file"}}
    write["function"]["arguments"] = json.dumps(big).decode()
    broken = {"id": "b", "type": "function", "function": {"name": "x", "arguments": "{" * 5000}}
    kept = turn_memory("u9", [{"role": "assistant", "content": "", "tool_calls": [write, broken]}])
    short, unparsed = kept.body["messages"][0]["tool_calls"]
    arguments = json.loads(short["function"]["arguments"])
    assert arguments["path"] == "a.yaml" and len(arguments["content"]) < 400
    assert "more characters left out" in arguments["content"]
    assert json.loads(unparsed["function"]["arguments"]) == {
        "omitted": "5000 characters of arguments"
    }
    history = (
        message("u1", Role.ROLE_USER, "write it"),
        message("q1", Role.ROLE_AGENT, "Allow once?"),
        message("d1", Role.ROLE_USER, data={"kind": "permission", "decision": "allow_once"}),
        message("a1", Role.ROLE_AGENT, "done"),
        message("u2", Role.ROLE_USER, "other"),
        message("a2", Role.ROLE_AGENT, ""),
        message("u3", Role.ROLE_USER, "more"),
        message("a3", Role.ROLE_AGENT, "answer 3"),
    )
    turn = TurnInput(
        "t",
        "c",
        Path("/"),
        message("u4", Role.ROLE_USER, "now"),
        history=history,
        memories={"u1": memory.body, "u2": {"v": 99, "messages": "broken"}},
    )
    sent = conversation(turn, "system")
    assert [(m["role"], m.get("content")) for m in sent] == [
        ("system", "system"),
        ("user", "write it"),
        ("assistant", ""),
        ("tool", memory.body["messages"][1]["content"]),
        ("assistant", "done"),
        ("user", "other"),  # its memory is unreadable: its text stands
        ("user", "more"),
        ("assistant", "answer 3"),
        ("user", "now"),
    ]


def test_memory_masks_secrets_of_tool_calls_and_results() -> None:
    # The memory is written to disk with the task: a password passed to a tool, a credential
    # in a written file or in what a tool read must not be kept in the clear.
    arguments = {
        "path": "main.tf",
        "content": 'provider "alicloud" {\n  secret_key = "s3cr3tValue"\n}\n',
        "Parameters": {"DBPassword": "Hunter2!", "ZoneId": "cn-hangzhou-h"},
        "use_token": True,
    }
    call = {"id": "c1", "type": "function", "function": {"name": "write_file"}}
    call["function"]["arguments"] = json.dumps(arguments).decode()
    memory = turn_memory(
        "u1",
        [
            {"role": "assistant", "content": "", "tool_calls": [call]},
            {"role": "tool", "tool_call_id": "c1", "content": "AccessKeyId: LTAI5tAbCdEfGhIjKlMn"},
            {"role": "assistant", "content": "done"},
        ],
    )
    stored = json.dumps(memory.body).decode()
    for secret in ("s3cr3tValue", "Hunter2!", "LTAI5tAbCdEfGhIjKlMn"):
        assert secret not in stored
    kept = json.loads(memory.body["messages"][0]["tool_calls"][0]["function"]["arguments"])
    assert kept["path"] == "main.tf" and kept["Parameters"]["ZoneId"] == "cn-hangzhou-h"
    assert kept["Parameters"]["DBPassword"] == "****" and kept["use_token"] is True
