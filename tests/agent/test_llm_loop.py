"""The llm engine's loop over A2A against the scripted fake model: cut answers, the step limit,
the memory of tool calls across turns and restarts, compaction and thinking parameters."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from iaccode.testing.fake_openai import FakeOpenAI, Script, text_chunks, tool_call_chunks
from iaccode.wire import json
from tests.agent.test_llm_engine import client, metadata_of, model, start_llm
from tests.client import results, stop_server, text_of

__all__ = ["model", "start_llm"]  # fixtures


def final_status(events: list[dict[str, Any]]) -> dict[str, Any]:
    update: dict[str, Any] = results(events)[-1]["statusUpdate"]
    return update


async def test_a_cut_answer_is_continued_and_then_whole(
    start_llm: Callable[..., Any], model: FakeOpenAI, workspace: Path
) -> None:
    model.enqueue(
        Script(
            text_chunks("ROSTemplateFormatVersion: '2015-09-01'\nResou", finish_reason="length")
        ),
        Script(text_chunks("rces: {}\n")),
    )
    a2a, http = await client(await start_llm(), workspace)
    async with http:
        events = await a2a.send_stream("Write an empty template")
    final = final_status(events)
    assert text_of(final["status"]["message"]) == (
        "ROSTemplateFormatVersion: '2015-09-01'\nResources: {}\n"
    )
    assert final["metadata"]["iac_code"]["assistantFinal"] == {"complete": True}
    second = model.requests[1]["body"]["messages"]
    assert second[-2] == {
        "role": "assistant",
        "content": "ROSTemplateFormatVersion: '2015-09-01'\nResou",
    }
    assert (
        second[-1]["role"] == "user"
        and "Continue exactly where it stopped" in (second[-1]["content"])
    )


async def test_an_answer_still_cut_after_the_continuations_is_marked_incomplete(
    start_llm: Callable[..., Any], model: FakeOpenAI, workspace: Path
) -> None:
    model.enqueue(*(Script(text_chunks(f"part {n} ", finish_reason="length")) for n in range(3)))
    a2a, http = await client(await start_llm(), workspace)
    async with http:
        message = a2a.message("Write a long template")
        message["metadata"]["iac_code"]["preferredLanguage"] = "de"
        events = await a2a.stream("SendStreamingMessage", {"message": message})
    final = final_status(events)
    text = text_of(final["status"]["message"])
    assert text.startswith("part 0 part 1 part 2 ")
    assert text.endswith(
        "Die Antwort wurde abgeschnitten: Sie hat das Ausgabelimit des Modells erreicht."
    )
    assert final["metadata"]["iac_code"]["assistantFinal"] == {"complete": False}
    assert len(model.requests) == 3


async def test_the_step_limit_stops_before_running_calls_whose_results_are_lost(
    start_llm: Callable[..., Any], model: FakeOpenAI, workspace: Path
) -> None:
    model.enqueue(
        Script(tool_call_chunks([{"id": "call_1", "name": "list_files", "arguments": {}}])),
        Script(
            tool_call_chunks(
                [
                    {
                        "id": "call_2",
                        "name": "write_file",
                        "arguments": {"path": "x", "content": "y"},
                    }
                ],
                text="Writing it now.",
            )
        ),
    )
    a2a, http = await client(
        await start_llm(llm_max_steps=2, auto_approve_permissions=True), workspace
    )
    async with http:
        events = await a2a.send_stream("Write x")
    final = final_status(events)
    assert "stopped after 2 model calls in this turn, before running 1 more tool" in text_of(
        final["status"]["message"]
    )
    assert final["metadata"]["iac_code"]["assistantFinal"] == {"complete": False}
    assert not (workspace / "x").exists()
    ran = {t["toolUseId"] for t in metadata_of(events, "tool") if t["status"] == "completed"}
    assert ran == {"call_1"}
    (unrun,) = [t for t in metadata_of(events, "tool") if t["status"] == "failed"]
    assert unrun["toolUseId"] == "call_2" and "step limit" in unrun["result"]["error"]
    assert len(model.requests) == 2


async def test_tool_calls_and_results_are_remembered_across_a_restart(
    start_llm: Callable[..., Any], model: FakeOpenAI, workspace: Path
) -> None:
    (workspace / "main.tf").write_text('resource "alicloud_vpc" "v" {}\n')
    model.enqueue(
        Script(
            tool_call_chunks(
                [{"id": "call_r", "name": "read_file", "arguments": {"path": "main.tf"}}]
            )
        ),
        Script(text_chunks("It declares one VPC.")),
        Script(text_chunks("As read before: one VPC.")),
    )
    server = await start_llm()
    a2a, http = await client(server, workspace)
    async with http:
        task = await a2a.send("What is in main.tf?")
    await stop_server(server)
    again = await start_llm()
    a2a, http = await client(again, workspace)
    async with http:
        follow = await a2a.send("And again?", context_id=task["contextId"])
    assert text_of(follow["status"]["message"]) == "As read before: one VPC."
    messages = model.requests[2]["body"]["messages"][1:]
    assert [m["role"] for m in messages] == ["user", "assistant", "tool", "assistant", "user"]
    assert messages[1]["tool_calls"][0]["function"]["name"] == "read_file"
    assert messages[2]["tool_call_id"] == "call_r"
    assert "alicloud_vpc" in json.loads(messages[2]["content"])["content"]
    assert messages[3] == {"role": "assistant", "content": "It declares one VPC."}


async def test_history_goes_on_past_a_message_with_no_text(
    start_llm: Callable[..., Any], model: FakeOpenAI, workspace: Path
) -> None:
    model.enqueue(Script(text_chunks("one")), Script(text_chunks("")), Script(text_chunks("three")))
    a2a, http = await client(await start_llm(), workspace)
    async with http:
        first = await a2a.send("first")
        await a2a.send("second", context_id=first["contextId"])
        await a2a.send("third", context_id=first["contextId"])
    contents = [m["content"] for m in model.requests[2]["body"]["messages"][1:]]
    assert contents[:2] == ["first", "one"] and contents[-1] == "third"
    assert "second" in contents


async def test_a_long_conversation_is_compacted_into_a_summary_that_is_kept(
    start_llm: Callable[..., Any], model: FakeOpenAI, workspace: Path
) -> None:
    big = "x" * 4000  # about 1300 tokens per answer, over a budget of 1000 after two turns
    model.enqueue(
        Script(text_chunks(big)),
        Script(text_chunks("NOTE: the user asked twice about xs.")),  # the summary
        Script(text_chunks("second answer")),
        Script(text_chunks("third answer")),
    )
    server = await start_llm(llm_context_budget=1000)
    a2a, http = await client(server, workspace)
    async with http:
        first = await a2a.send("first " + "y" * 100)
        events = await a2a.send_stream("second", context_id=first["contextId"])
    kinds = [p["eventType"] for p in metadata_of(events, "pipeline")]
    assert kinds == ["context_compaction_started", "context_compacted"]
    ask = model.requests[1]["body"]
    assert "tools" not in ask and big in ask["messages"][-1]["content"]
    after = model.requests[2]["body"]["messages"]
    assert "NOTE: the user asked twice about xs." in after[1]["content"]
    assert big not in json.dumps(after).decode()
    await stop_server(server)
    a2a, http = await client(await start_llm(llm_context_budget=1000), workspace)
    async with http:
        await a2a.send("third", context_id=first["contextId"])
    third = [m["content"] for m in model.requests[3]["body"]["messages"][1:]]
    assert "NOTE: the user asked twice about xs." in third[0]
    assert third[2:] == ["second", "second answer", "third"]


async def test_a_failed_summary_leaves_out_old_turns_and_says_so(
    start_llm: Callable[..., Any], model: FakeOpenAI, workspace: Path
) -> None:
    big = "x" * 4000
    model.enqueue(
        Script(text_chunks(big)),
        Script([], status=400),  # the summary request
        Script(text_chunks("answer")),
    )
    a2a, http = await client(await start_llm(llm_context_budget=1000), workspace)
    async with http:
        first = await a2a.send("first")
        events = await a2a.send_stream("second", context_id=first["contextId"])
    kinds = [p["eventType"] for p in metadata_of(events, "pipeline")]
    assert kinds == ["context_compaction_started", "context_compaction_failed"]
    assert text_of(final_status(events)["status"]["message"]) == "answer"
    contents = [m["content"] for m in model.requests[2]["body"]["messages"][1:]]
    assert contents == ["second"]


async def test_thinking_per_request_maps_onto_the_provider_parameters(
    start_llm: Callable[..., Any], model: FakeOpenAI, workspace: Path
) -> None:
    model.enqueue(*(Script(text_chunks(answer)) for answer in "abcd"))
    a2a, http = await client(await start_llm(), workspace)
    answers = []
    async with http:
        for thinking, name in (
            ({"enabled": True, "budget": 512}, "qwen-test"),
            ({"enabled": False}, "qwen-test"),
            ({"enabled": True, "effort": "high"}, "o3-mini"),
            # The fake answers 400 to reasoning_effort here, as OpenAI does: the turn must not fail.
            ({"enabled": True, "effort": "high"}, "gpt-4o-mini"),
        ):
            message = a2a.message("hi")
            message["metadata"]["iac_code"].update({"thinking": thinking, "iac_code_model": name})
            task = await a2a.result("SendMessage", {"message": message})
            answers.append(text_of(task["task"]["status"]["message"]))
    bodies = [r["body"] for r in model.requests]
    assert (bodies[0]["enable_thinking"], bodies[0]["thinking_budget"]) == (True, 512)
    assert bodies[1]["enable_thinking"] is False and "thinking_budget" not in bodies[1]
    assert bodies[2]["reasoning_effort"] == "high" and "enable_thinking" not in bodies[2]
    assert "reasoning_effort" not in bodies[3] and "enable_thinking" not in bodies[3]
    assert answers == ["a", "b", "c", "d"]


async def test_an_answer_the_content_filter_stopped_is_marked_incomplete(
    start_llm: Callable[..., Any], model: FakeOpenAI, workspace: Path
) -> None:
    # Cut like a `length` answer, but not to be continued: said so, never `complete`.
    model.enqueue(Script(text_chunks("Here is the temp", finish_reason="content_filter")))
    a2a, http = await client(await start_llm(), workspace)
    async with http:
        events = await a2a.send_stream("Write a template")
    final = final_status(events)
    assert text_of(final["status"]["message"]) == (
        "Here is the temp\n\nThe answer was stopped by the model provider's content filter."
    )
    assert final["metadata"]["iac_code"]["assistantFinal"] == {"complete": False}
    assert len(model.requests) == 1
