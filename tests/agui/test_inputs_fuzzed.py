"""What fuzzing AG-UI input validation found (fuzz/fuzz_agui.py), kept as regression tests; the
harness's corpus replayed without atheris; and properties of `parse_run_input` over generated
RunAgentInput bodies that the official `ag_ui.core.RunAgentInput` accepts.
"""

from __future__ import annotations

import base64
import pathlib
from typing import Any

import pytest
from ag_ui.core import RunAgentInput
from hypothesis import given, settings
from hypothesis import strategies as st

from iaccode.agui.errors import INVALID_INPUT, AguiError
from iaccode.agui.inputs import IMAGE_TYPES, PRESENTATIONS, RUN_MODES, parse_run_input
from iaccode.agui.runs import AguiService
from iaccode.wire import json
from tests.agui.test_inputs import body
from tests.fuzz_harness import corpus, harness_module

CORPUS = corpus("agui")
BOUNDED = settings(max_examples=60, deadline=None)


def refused(value: Any) -> str:
    with pytest.raises(AguiError) as caught:
        parse_run_input(value)
    assert caught.value.code == INVALID_INPUT and caught.value.status == 400
    return caught.value.message


# -- findings --------------------------------------------------------------------------------
# A list or an object where a choice or an image type was expected: the membership test on a
# frozenset hashed it, and the TypeError escaped as an internal error (500) instead of 400.


@pytest.mark.parametrize("key", ["runMode", "candidatePresentation"])
@pytest.mark.parametrize("value", [["normal"], {"rich": True}, 1, None])
def test_a_choice_that_is_not_a_string_is_refused(key: str, value: Any) -> None:
    iac = {"schemaVersion": 1, "rosInvocationId": "inv-1", "cwd": "/workspace", key: value}
    assert key in refused(body(forwardedProps={"iacCode": iac}))


@pytest.mark.parametrize("media_type", [{"type": "image"}, ["image/png"], 7, None])
def test_an_image_type_that_is_not_a_string_is_refused(media_type: Any) -> None:
    source = {"type": "data", "value": "R0lGODlh", "mimeType": media_type}
    message = {"id": "u1", "role": "user", "content": [{"type": "image", "source": source}]}
    assert "source.mimeType" in refused(body(messages=[message]))


# A cwd the file system cannot look up (a name longer than NAME_MAX, a path longer than
# PATH_MAX): `Path.is_dir` raised OSError (ENAMETOOLONG), which escaped `open_run` as a 500.


@pytest.mark.parametrize("cwd", ["/" + "a" * 300, "/a" * 3000, "/tmp/" + "b" * 256 + "/c"])
def test_a_workspace_the_file_system_cannot_look_up_is_invalid_input(
    cwd: str, tmp_path: pathlib.Path
) -> None:
    service = AguiService(None, None, allowed_cwds=(tmp_path,), interrupt_ttl=60.0)  # type: ignore[arg-type]
    request = parse_run_input(
        body(forwardedProps={"iacCode": {"schemaVersion": 1, "rosInvocationId": "i", "cwd": cwd}})
    )
    with pytest.raises(AguiError) as caught:
        service._check_cwd(request.props.cwd)
    assert caught.value.code == INVALID_INPUT and "cwd is not a directory" in caught.value.message


def test_the_workspace_check_still_accepts_an_allowed_directory(tmp_path: pathlib.Path) -> None:
    (tmp_path / "project").mkdir()
    service = AguiService(None, None, allowed_cwds=(tmp_path,), interrupt_ttl=60.0)  # type: ignore[arg-type]
    service._check_cwd(str(tmp_path / "project"))
    with pytest.raises(AguiError, match="outside the allowed workspaces"):
        service._check_cwd("/")


# -- the fuzz harness, replayed --------------------------------------------------------------


def test_corpus_exists() -> None:
    names = [seed.name for seed in CORPUS]
    assert sum(name.startswith("valid_") for name in names) >= 5
    assert sum(name.startswith("invalid_") for name in names) >= 10
    assert sum(name.startswith("regression_") for name in names) >= 3


@pytest.mark.parametrize("seed", CORPUS, ids=lambda path: path.name)
def test_fuzz_harness_accepts_its_corpus(seed: pathlib.Path) -> None:
    data = seed.read_bytes()
    harness_module("agui").TestOneInput(data)
    if seed.name.startswith("valid_"):  # the seed's and the spec's examples
        value = json.loads(data)
        RunAgentInput.model_validate(value)
        parse_run_input(value)
    elif seed.name.startswith("invalid_"):
        try:
            value = json.loads(data)
        except json.JSONDecodeError:
            return
        refused(value)


# -- properties --------------------------------------------------------------------------------

TEXT = st.text(st.characters(exclude_categories=("Cs",)), max_size=16)
IDS = TEXT.filter(str.strip).filter(lambda text: len(text) <= 256)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**53), 2**53) | TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3),
    max_leaves=6,
)
IMAGES = st.builds(
    lambda data, media_type: {
        "type": "image",
        "source": {
            "type": "data",
            "value": base64.b64encode(data).decode(),
            "mimeType": media_type,
        },
    },
    st.binary(min_size=1, max_size=24),
    st.sampled_from(sorted(IMAGE_TYPES)),
)
TEXT_PARTS = st.builds(lambda text: {"type": "text", "text": text}, TEXT)
CONTENT = IDS | st.lists(TEXT_PARTS | IMAGES, min_size=1, max_size=4).filter(
    lambda parts: any(part["type"] == "image" or part["text"].strip() for part in parts)
)
USER = st.fixed_dictionaries({"id": IDS, "role": st.just("user"), "content": CONTENT})
OTHERS = st.one_of(
    st.fixed_dictionaries(
        {"id": IDS, "role": st.sampled_from(["system", "developer"]), "content": TEXT}
    ),
    st.fixed_dictionaries({"id": IDS, "role": st.just("assistant")}, optional={"content": TEXT}),
    st.fixed_dictionaries({"id": IDS, "role": st.just("tool"), "toolCallId": IDS, "content": TEXT}),
)
IAC_CODE = st.fixed_dictionaries(
    {
        "schemaVersion": st.just(1),
        "rosInvocationId": IDS,
        "cwd": st.sampled_from(["/", "/workspace", "/tmp/a b/ü"]),
    },
    optional={
        "model": TEXT,
        "llmApiKey": TEXT,
        "thinking": st.fixed_dictionaries(
            {},
            optional={
                "enabled": st.booleans(),
                "effort": TEXT,
                "budget": st.integers(1, 2**31),
            },
        ),
        "userId": TEXT,
        "channel": TEXT,
        "preferredLanguage": st.sampled_from(["de", "en", "zh-CN", "xx"]),
        "candidatePresentation": st.sampled_from(sorted(PRESENTATIONS)),
        "runMode": st.sampled_from(sorted(RUN_MODES)),
        "pipelineName": TEXT,
        "cleanupOnly": st.booleans(),
        "alibabaCloud": st.fixed_dictionaries(
            {},
            optional={
                key: TEXT for key in ("accessKeyId", "accessKeySecret", "securityToken", "regionId")
            },
        ),
    },
)
RESUME = st.lists(
    st.fixed_dictionaries(
        {"interruptId": IDS, "status": st.sampled_from(["resolved", "cancelled"])},
        optional={"payload": JSON, "metadata": st.dictionaries(TEXT, JSON, max_size=2)},
    ),
    min_size=1,
    max_size=3,
)


@st.composite
def run_inputs(draw: st.DrawFn) -> dict[str, Any]:
    """A RunAgentInput that the seed's rules and the official model both accept."""
    resume = draw(st.none() | RESUME)
    if resume is None or draw(st.booleans()):
        messages = [*draw(st.lists(OTHERS | USER, max_size=2)), draw(USER)]
    else:
        messages = []
    messages += draw(st.lists(OTHERS, max_size=2))
    value = {
        "threadId": draw(IDS),
        "runId": draw(IDS),
        "state": draw(JSON),
        "messages": messages,
        "tools": [],
        "context": draw(
            st.lists(st.fixed_dictionaries({"description": TEXT, "value": TEXT}), max_size=2)
        ),
        "forwardedProps": {
            **draw(st.dictionaries(IDS.filter(lambda key: key != "iacCode"), JSON, max_size=1)),
            "iacCode": draw(IAC_CODE),
        },
        **draw(
            st.fixed_dictionaries(
                {}, optional={"parentRunId": IDS, "protocolVersion": st.just("1.0")}
            )
        ),
    }
    if resume is not None:
        value["resume"] = resume
    return value


@BOUNDED
@given(run_inputs())
def test_every_valid_run_input_is_accepted_as_sent(value: dict[str, Any]) -> None:
    RunAgentInput.model_validate(value)
    request = parse_run_input(value)
    assert (request.thread_id, request.run_id) == (value["threadId"], value["runId"])
    assert request.parent_run_id == value.get("parentRunId")
    users = [message for message in value["messages"] if message["role"] == "user"]
    if users:
        last = users[-1]
        assert request.message_id == last["id"]
        content = last["content"]
        if isinstance(content, str):
            content = [{"type": "text", "text": content}]
        expected = tuple(
            {"text": part["text"]}
            if part["type"] == "text"
            else {"raw": part["source"]["value"], "mediaType": part["source"]["mimeType"]}
            for part in content
        )
        assert request.parts == expected
    else:
        assert request.parts is None and request.message_id is None
    resume = value.get("resume")
    if resume is None:
        assert request.resume is None
    else:
        assert request.resume is not None
        assert [(e.interrupt_id, e.status) for e in request.resume] == [
            (e["interruptId"], e["status"]) for e in resume
        ]
        assert [e.payload for e in request.resume] == [e.get("payload") for e in resume]
    iac = value["forwardedProps"]["iacCode"]
    meta = request.props.a2a_metadata()
    assert meta["cwd"] == iac["cwd"] and request.props.ros_invocation_id == iac["rosInvocationId"]
    assert meta.get("iac_code_model") == iac.get("model")
    assert meta.get("iac_code_api_key") == iac.get("llmApiKey")
    assert meta.get("runMode") == iac.get("runMode")
    cloud = iac.get("alibabaCloud", {})
    assert meta.get("alibaba_cloud_access_key_secret") == cloud.get("accessKeySecret")


@BOUNDED
@given(run_inputs(), st.randoms(use_true_random=False))
def test_the_digest_does_not_depend_on_member_order(value: dict[str, Any], rng: Any) -> None:
    def shuffled(item: Any) -> Any:
        if isinstance(item, dict):
            keys = list(item)
            rng.shuffle(keys)
            return {key: shuffled(item[key]) for key in keys}
        if isinstance(item, list):
            return [shuffled(element) for element in item]
        return item

    assert parse_run_input(shuffled(value)) == parse_run_input(value)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*path, index))
    return found


@st.composite
def near_valid_inputs(draw: st.DrawFn) -> dict[str, Any]:
    """A valid RunAgentInput with one member replaced by another JSON value, or removed."""
    value = draw(run_inputs())
    path = draw(st.sampled_from(_paths(value)[1:]))
    parent = value
    for step in path[:-1]:
        parent = parent[step]
    if isinstance(parent, dict) and draw(st.booleans()):
        del parent[path[-1]]
    else:
        parent[path[-1]] = draw(JSON | st.sampled_from([[], {}, "", " ", 0, "/" + "a" * 300]))
    return value


@BOUNDED
@given(run_inputs() | near_valid_inputs())
def test_fuzz_harness_invariants_hold(value: dict[str, Any]) -> None:
    harness_module("agui").TestOneInput(json.dumps(value))
