from __future__ import annotations

import pathlib
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from iaccode.wire import json
from iaccode.wire.jsonrpc import (
    INTERNAL_ERROR,
    INVALID_PARAMS,
    INVALID_REQUEST,
    METHOD_NOT_FOUND,
    PARSE_ERROR,
    ParseFailure,
    Request,
    encode_error,
    encode_result,
    encode_result_text,
    parse_request,
)
from tests.fuzz_harness import corpus, harness


def test_error_codes_are_the_specification_s() -> None:
    # JSON-RPC 2.0 §5.1
    assert (PARSE_ERROR, INVALID_REQUEST, METHOD_NOT_FOUND, INVALID_PARAMS, INTERNAL_ERROR) == (
        -32700,
        -32600,
        -32601,
        -32602,
        -32603,
    )


# --- parse_request ---------------------------------------------------------------------------

# The requests of JSON-RPC 2.0 §7 "Examples", then our own rules.
PARSE_CASES: list[tuple[bytes, Request | ParseFailure]] = [
    (
        b'{"jsonrpc": "2.0", "method": "subtract", "params": [42, 23], "id": 1}',
        Request("subtract", [42, 23], 1, False),
    ),
    (
        b'{"jsonrpc": "2.0", "method": "subtract", "params": {"subtrahend": 23, "minuend": 42}, '
        b'"id": 3}',
        Request("subtract", {"subtrahend": 23, "minuend": 42}, 3, False),
    ),
    (
        b'{"jsonrpc": "2.0", "method": "update", "params": [1,2,3,4,5]}',
        Request("update", [1, 2, 3, 4, 5], None, True),
    ),
    (b'{"jsonrpc": "2.0", "method": "foobar"}', Request("foobar", None, None, True)),
    # A non-existent method is the dispatcher's METHOD_NOT_FOUND, not a framing error.
    (b'{"jsonrpc": "2.0", "method": "foobar", "id": "1"}', Request("foobar", None, "1", False)),
    (
        b'{"jsonrpc": "2.0", "method": "foobar, "params": "bar", "baz]',
        ParseFailure(PARSE_ERROR, "Parse error", None),
    ),
    (
        b'{"jsonrpc": "2.0", "method": 1, "params": "bar"}',
        ParseFailure(INVALID_REQUEST, "'method' must be a non-empty string", None),
    ),
    (
        b'[\n  {"jsonrpc": "2.0", "method": "sum", "params": [1,2,4], "id": "1"},\n'
        b'  {"jsonrpc": "2.0", "method"\n]',
        ParseFailure(PARSE_ERROR, "Parse error", None),
    ),
    (b"[]", ParseFailure(INVALID_REQUEST, "Batch requests are not supported", None)),
    (b"[1]", ParseFailure(INVALID_REQUEST, "Batch requests are not supported", None)),
    (b"[1,2,3]", ParseFailure(INVALID_REQUEST, "Batch requests are not supported", None)),
    (
        b'[{"jsonrpc": "2.0", "method": "sum", "params": [1,2,4], "id": "1"},'
        b'{"jsonrpc": "2.0", "method": "notify_hello", "params": [7]}]',
        ParseFailure(INVALID_REQUEST, "Batch requests are not supported", None),
    ),
    # Ids: string, integer or null; a missing member makes a notification.
    (b'{"jsonrpc":"2.0","method":"m","id":null}', Request("m", None, None, False)),
    (b'{"jsonrpc":"2.0","method":"m","id":""}', Request("m", None, "", False)),
    (b'{"jsonrpc":"2.0","method":"m","id":-7}', Request("m", None, -7, False)),
    (
        b'{"jsonrpc":"2.0","method":"m","id":18446744073709551615}',
        Request("m", None, 2**64 - 1, False),
    ),
    (b'{"id":1,"method":"m","jsonrpc":"2.0","extra":[1]}', Request("m", None, 1, False)),
    *[
        (
            b'{"jsonrpc":"2.0","method":"m","id":' + bad_id + b"}",
            ParseFailure(INVALID_REQUEST, "'id' must be a string, an integer or null", None),
        )
        for bad_id in [b"1.5", b"1.0", b"1e2", b"true", b"false", b"[1]", b'{"a":1}']
    ],
    # The id is read first, so later failures echo it.
    (
        b'{"method":"m","id":5}',
        ParseFailure(INVALID_REQUEST, "'jsonrpc' must be \"2.0\"", 5),
    ),
    *[
        (
            b'{"jsonrpc":' + version + b',"method":"m","id":"a"}',
            ParseFailure(INVALID_REQUEST, "'jsonrpc' must be \"2.0\"", "a"),
        )
        for version in [b'"1.0"', b"2.0", b"2", b'"2.0 "', b"null"]
    ],
    *[
        (
            b'{"jsonrpc":"2.0","id":9' + method + b"}",
            ParseFailure(INVALID_REQUEST, "'method' must be a non-empty string", 9),
        )
        for method in [b"", b',"method":""', b',"method":null', b',"method":["m"]']
    ],
    (
        b'{"jsonrpc":"2.0","method":"rpc.discover","id":2}',
        ParseFailure(INVALID_REQUEST, "Method names starting with 'rpc.' are reserved", 2),
    ),
    (b'{"jsonrpc":"2.0","method":"rpc","id":2}', Request("rpc", None, 2, False)),
    (b'{"jsonrpc":"2.0","method":"rpcx.y","id":2}', Request("rpcx.y", None, 2, False)),
    *[
        (
            b'{"jsonrpc":"2.0","method":"m","id":"x","params":' + params + b"}",
            ParseFailure(INVALID_PARAMS, "'params' must be an object or an array", "x"),
        )
        for params in [b'"bar"', b"1", b"null", b"true"]
    ],
    (
        b'{"jsonrpc":"2.0","method":"m","params":"bar"}',
        ParseFailure(INVALID_PARAMS, "'params' must be an object or an array", None),
    ),
    (b'{"jsonrpc":"2.0","method":"m","params":{}}', Request("m", {}, None, True)),
    (b'{"jsonrpc":"2.0","method":"m","params":[]}', Request("m", [], None, True)),
    # Not an object at all.
    *[
        (body, ParseFailure(INVALID_REQUEST, "Request must be a JSON object", None))
        for body in [b'"request"', b"1", b"null", b"true"]
    ],
    # Not JSON that we accept.
    *[
        (body, ParseFailure(PARSE_ERROR, "Parse error", None))
        for body in [
            b"",
            b'{"jsonrpc":"2.0","method":"m","id":NaN}',
            b'{"jsonrpc":"2.0","method":"\xff","id":1}',
            b'\xef\xbb\xbf{"jsonrpc":"2.0","method":"m","id":1}',
            b'{"jsonrpc":"2.0","method":"m","id":1}{}',
        ]
    ],
    (
        b'{"jsonrpc":"2.0","method":"m","id":1,"params":' + b"[" * 64 + b"]" * 64 + b"}",
        ParseFailure(INVALID_REQUEST, "Request nests deeper than 64 levels", None),
    ),
    (
        b'{"jsonrpc":"2.0","method":"m","id":1,"params":' + b"[" * 63 + b"]" * 63 + b"}",
        Request("m", json.loads(b"[" * 63 + b"]" * 63), 1, False),
    ),
    (
        b'{"jsonrpc":"2.0","method":"\xc3\xa9\\u00e9","id":"\xf0\x9f\x98\x80"}',
        Request("éé", None, "😀", False),
    ),
]


@pytest.mark.parametrize(("body", "expected"), PARSE_CASES)
def test_parse_request(body: bytes, expected: Request | ParseFailure) -> None:
    assert parse_request(body) == expected


def test_body_size_is_checked_before_parsing() -> None:
    body = b'{"jsonrpc":"2.0","method":"m","id":1}'
    assert parse_request(body, max_size=len(body)) == Request("m", None, 1, False)
    too_large = ParseFailure(INVALID_REQUEST, "Request body too large", None)
    assert parse_request(body, max_size=len(body) - 1) == too_large
    assert parse_request(b"x" * 101, max_size=100) == too_large  # not even valid JSON


def test_max_depth_is_configurable() -> None:
    body = b'{"jsonrpc":"2.0","method":"m","id":1,"params":[[1]]}'
    assert parse_request(body, max_depth=3) == Request("m", [[1]], 1, False)
    assert parse_request(body, max_depth=2) == ParseFailure(
        INVALID_REQUEST, "Request nests deeper than 2 levels", None
    )


ids = st.none() | st.text() | st.integers(-(2**63), 2**64 - 1)
values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**64 - 1) | st.text(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
    max_leaves=10,
)
params = st.none() | st.lists(values, max_size=3) | st.dictionaries(st.text(), values, max_size=3)
methods = st.text(min_size=1).filter(lambda method: not method.startswith("rpc."))


@given(methods, params, ids, st.booleans())
def test_well_formed_requests_parse_to_their_fields(
    method: str, params: Any, request_id: Any, notification: bool
) -> None:
    message: dict[str, Any] = {"jsonrpc": "2.0", "method": method}
    if params is not None:
        message["params"] = params
    if not notification:
        message["id"] = request_id
    expected_id = None if notification else request_id
    assert parse_request(json.dumps(message)) == Request(method, params, expected_id, notification)


# --- encoding --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("response", "expected"),
    [
        # JSON-RPC 2.0 §7
        (encode_result(1, 19), {"jsonrpc": "2.0", "result": 19, "id": 1}),
        (encode_result(4, ["hello", 5]), {"jsonrpc": "2.0", "result": ["hello", 5], "id": 4}),
        (
            encode_error("1", METHOD_NOT_FOUND, "Method not found"),
            {"jsonrpc": "2.0", "error": {"code": -32601, "message": "Method not found"}, "id": "1"},
        ),
        (
            encode_error(None, PARSE_ERROR, "Parse error"),
            {"jsonrpc": "2.0", "error": {"code": -32700, "message": "Parse error"}, "id": None},
        ),
        # A null result is still a result member.
        (encode_result(None, None), {"jsonrpc": "2.0", "result": None, "id": None}),
    ],
)
def test_responses_match_the_specification_examples(
    response: bytes, expected: dict[str, Any]
) -> None:
    assert json.loads(response) == expected


def test_responses_are_compact_with_id_before_the_payload() -> None:
    assert encode_result("a", {"é": 1}) == b'{"jsonrpc":"2.0","id":"a","result":{"\xc3\xa9":1}}'
    assert encode_error(7, INVALID_PARAMS, "bad") == (
        b'{"jsonrpc":"2.0","id":7,"error":{"code":-32602,"message":"bad"}}'
    )


def test_error_data_is_included_only_when_given() -> None:
    assert "data" not in json.loads(encode_error(1, INTERNAL_ERROR, "boom"))["error"]
    with_none = json.loads(encode_error(1, INTERNAL_ERROR, "boom", None))["error"]
    assert with_none == {"code": -32603, "message": "boom", "data": None}
    with_data = json.loads(encode_error(1, INTERNAL_ERROR, "boom", data={"trace": [1]}))["error"]
    assert with_data == {"code": -32603, "message": "boom", "data": {"trace": [1]}}


@pytest.mark.parametrize("data", [object(), {"when": b"bytes"}, "\ud800", {1, 2}])
def test_error_with_unencodable_data_is_sent_without_it(data: Any) -> None:
    response = json.loads(encode_error(3, INTERNAL_ERROR, "boom", data))
    assert response == {"jsonrpc": "2.0", "id": 3, "error": {"code": -32603, "message": "boom"}}


def test_error_with_unencodable_message_is_still_sent() -> None:
    response = json.loads(encode_error(3, INVALID_PARAMS, "bad \ud800 name", data=object()))
    assert response["error"] == {"code": INVALID_PARAMS, "message": "bad ? name"}


def test_result_that_cannot_be_encoded_raises_type_error() -> None:
    # The caller answers with INTERNAL_ERROR instead.
    with pytest.raises(TypeError):
        encode_result(1, object())


@given(ids, values)
def test_encode_result_round_trips(request_id: Any, result: Any) -> None:
    response = json.loads(encode_result(request_id, result), max_depth=1000)
    assert response == {"jsonrpc": "2.0", "id": request_id, "result": result}


@given(ids, values)
def test_a_result_encoded_already_gives_the_same_bytes(request_id: Any, result: Any) -> None:
    expected = encode_result(request_id, result)
    assert encode_result_text(request_id, json.dumps(result)) == expected


@given(ids, st.integers(-(2**31), 2**31), st.text(), st.none() | values)
def test_encode_error_round_trips(request_id: Any, code: int, message: str, data: Any) -> None:
    response = json.loads(encode_error(request_id, code, message, data), max_depth=1000)
    error = {"code": code, "message": message, "data": data}
    assert response == {"jsonrpc": "2.0", "id": request_id, "error": error}


# --- the fuzz harness, replayed --------------------------------------------------------------


CORPUS = corpus("jsonrpc")


def test_corpus_exists() -> None:
    assert len(CORPUS) >= 5


@pytest.mark.parametrize("seed", CORPUS, ids=lambda path: path.name)
def test_fuzz_harness_accepts_its_corpus(seed: pathlib.Path) -> None:
    harness("jsonrpc")(seed.read_bytes())


@given(st.sampled_from([body for body, _ in PARSE_CASES]) | st.binary(max_size=64))
def test_fuzz_harness_invariants_hold(body: bytes) -> None:
    harness("jsonrpc")(body)
