from __future__ import annotations

import dataclasses
import datetime
import enum
import subprocess
import sys
import uuid
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from iaccode.wire import json
from iaccode.wire.json import Backend, JSONDecodeError, NestingTooDeep

BACKENDS = [pytest.param(json.STDLIB, id="stdlib"), pytest.param(json.ORJSON, id="orjson")]


def nested(depth: int, *, leaf: bytes = b"1") -> bytes:
    return (
        b'[{"a":' * (depth // 2)
        + b"[" * (depth % 2)
        + leaf
        + b"]" * (depth % 2)
        + b"}]" * (depth // 2)
    )


def deep_list(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


def test_orjson_is_the_default_backend() -> None:
    assert json.ORJSON is not None
    assert json.BACKEND is json.ORJSON
    assert json.dumps is json.ORJSON.dumps


def test_wire_imports_no_io_library() -> None:
    # In a fresh interpreter: pytest-trio has already imported trio into this one.
    code = (
        "import sys, iaccode.wire.json, iaccode.wire.jsonrpc, iaccode.wire.sse, "
        "iaccode.wire.ndjson; "
        "print(sorted({'trio', 'anyio', 'asyncio', 'h11', 'socket', 'selectors'} & "
        "set(sys.modules)))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, check=True)
    assert result.stdout.strip() == b"[]"


# --- loads: one table, both backends ---------------------------------------------------------

LOADS_OK: list[tuple[bytes | str, Any]] = [
    (b'{"a":[1,2.5,"\xc3\xa9",true,false,null]}', {"a": [1, 2.5, "é", True, False, None]}),
    ('{"a":"é"}', {"a": "é"}),
    (b" \t\r\n1\n", 1),
    (b'"\\u00e9\\n\\u0000"', "é\n\x00"),
    (b'"\\ud83d\\ude00"', "😀"),  # an escaped surrogate pair is one character
    (b'{"a":1,"b":2,"a":3}', {"a": 3, "b": 2}),  # duplicate keys: the last one wins
    (b"18446744073709551615", 2**64 - 1),
    (b"18446744073709551616", 1.8446744073709552e19),  # beyond 64 bits: a double
    (b"-9223372036854775808", -(2**63)),
    (b"-9223372036854775809", -9.223372036854776e18),
    (b"123456789012345678901234567890", 1.2345678901234568e29),
    (b"-0", 0),
    (b"-0.0", -0.0),
    (b"1E2", 100.0),
    (b"1e-400", 0.0),  # underflow is not an error
    (b"1.7976931348623157e308", 1.7976931348623157e308),
    (b'["' + b"[" * 100 + b'"]', ["[" * 100]),  # brackets in strings do not nest
]

LOADS_INVALID: list[bytes | str] = [
    b"",
    b"   ",
    b"NaN",
    b"Infinity",
    b"-Infinity",
    b"[1, NaN]",
    b'{"a": -Infinity}',
    b"1e400",
    b"-1e400",
    b"1" * 400,  # an integer too large even for a double
    b"1" * 5000,  # beyond int()'s digit limit
    b"01",
    b"1.",
    b".5",
    b"+1",
    b"0x10",
    b"[1,]",
    b'{"a":1,}',
    b"{'a': 1}",
    b'{"a" 1}',
    b"[1] [2]",
    b"{}\x00",
    b"\x0c{}",
    b'"\x01"',
    b'"\\x41"',
    b"\xff",
    b'"\xc3"',  # truncated UTF-8
    b'"\xed\xa0\x80"',  # a surrogate encoded as UTF-8 (CESU-8)
    b"\xef\xbb\xbf{}",  # UTF-8 byte order mark
    "\ufeff{}",
    b"\xff\xfe{\x00}\x00",  # UTF-16: json.loads(bytes) would accept it
    b'"\\ud800"',  # escaped lone surrogates
    b'"\\udc00"',
    b'"\\ud800\\u0041"',
    '"\ud800"',  # a lone surrogate in a str
    b"true false",
    b"tru",
    b"nul",
]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(("data", "expected"), LOADS_OK)
def test_loads_accepts(backend: Backend, data: bytes | str, expected: Any) -> None:
    value = backend.loads(data)
    # repr tells 1 from 1.0 and -0.0 from 0.0, which == would not.
    assert repr(value) == repr(expected)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("data", LOADS_INVALID)
def test_loads_rejects(backend: Backend, data: bytes | str) -> None:
    with pytest.raises(JSONDecodeError) as info:
        backend.loads(data)
    assert isinstance(info.value, ValueError)
    assert type(info.value) is JSONDecodeError


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("data", [b"[1]", "[1]"])
def test_loads_takes_bytes_and_str(backend: Backend, data: bytes | str) -> None:
    assert backend.loads(data) == [1]


# --- loads: nesting --------------------------------------------------------------------------


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("depth", [1, 2, 63, 64])
def test_loads_allows_nesting_up_to_the_default_limit(backend: Backend, depth: int) -> None:
    value = backend.loads(nested(depth))
    levels = 0
    while isinstance(value, list | dict):
        value = value[0] if isinstance(value, list) else value["a"]
        levels += 1
    assert (levels, value) == (depth, 1)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("depth", [65, 66, 500, 1023, 1025, 5000, 200_000])
def test_loads_rejects_deeper_nesting(backend: Backend, depth: int) -> None:
    # 1024 is orjson's own limit and about 1000 the stdlib's; all must look the same.
    with pytest.raises(NestingTooDeep):
        backend.loads(nested(depth))
    with pytest.raises(NestingTooDeep):
        backend.loads(nested(depth).decode())


@pytest.mark.parametrize("backend", BACKENDS)
def test_max_depth_is_configurable(backend: Backend) -> None:
    assert backend.loads(b"1", max_depth=0) == 1
    with pytest.raises(NestingTooDeep):
        backend.loads(b"[]", max_depth=0)
    assert backend.loads(b"[[1]]", max_depth=2) == [[1]]
    with pytest.raises(NestingTooDeep):
        backend.loads(b"[[[1]]]", max_depth=2)
    with pytest.raises(NestingTooDeep):
        backend.loads(b'[{"a":{}}]', max_depth=2)  # objects count as well as arrays
    assert backend.loads(nested(100), max_depth=100)


@pytest.mark.parametrize("backend", BACKENDS)
def test_wide_documents_are_not_deep(backend: Backend) -> None:
    # Many brackets force the walk; it must measure depth, not count containers.
    wide = b"[" + b",".join([b'{"a":[1,{"b":[]}]}'] * 1000) + b"]"
    assert len(backend.loads(wide)) == 1000
    assert len(backend.loads(wide, max_depth=5)) == 1000
    with pytest.raises(NestingTooDeep):
        backend.loads(wide, max_depth=4)


def test_depth_walk_is_skipped_when_brackets_cannot_exceed_the_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    walked: list[int] = []

    def spy(value: Any, max_depth: int) -> bool:
        walked.append(max_depth)
        return False

    monkeypatch.setattr(json, "_depth_exceeds", spy)
    json.loads(b"[" * 64 + b"]" * 64)
    json.loads(b'"' + b"{" * 1000 + b'"', max_depth=1000)
    assert walked == []
    json.loads(b"[" * 3 + b"]" * 3, max_depth=2)
    assert walked == [2]


# --- dumps: one table, both backends ---------------------------------------------------------


class Colour(enum.Enum):
    RED = "red"


class Level(enum.IntEnum):
    HIGH = 3


@dataclasses.dataclass
class Point:
    x: int


DUMPS_OK: list[tuple[Any, bytes]] = [
    ({"a": [1, 2.5, "é", True, False, None]}, b'{"a":[1,2.5,"\xc3\xa9",true,false,null]}'),
    ("😀\u2028</script>", '"😀\u2028</script>"'.encode()),
    ('\n\r\t"\\\x00\x1f', b'"\\n\\r\\t\\"\\\\\\u0000\\u001f"'),
    ([], b"[]"),
    ({}, b"{}"),
    ((1, (2,)), b"[1,[2]]"),
    (2**64, b"18446744073709551616"),  # orjson refuses; the stdlib encodes it
    (-(2**70), b"-1180591620717411303424"),
    ({1: "a", None: "b", False: "c", 1.5: "d"}, b'{"1":"a","null":"b","false":"c","1.5":"d"}'),
    (float("nan"), b"null"),  # JSON has no NaN: orjson writes null, so we do too
    ([float("inf"), {"x": float("-inf")}, 1.0], b'[null,{"x":null},1.0]'),
    ({"NaN": "Infinity"}, b'{"NaN":"Infinity"}'),
    (Colour.RED, b'"red"'),
    (Level.HIGH, b"3"),
    (uuid.UUID(int=1), b'"00000000-0000-0000-0000-000000000001"'),
    (deep_list(300), b"[" * 300 + b"1" + b"]" * 300),  # past orjson's limit of 254
]

_cycle: list[Any] = []
_cycle.append(_cycle)

DUMPS_TYPE_ERRORS: list[Any] = [
    object(),
    b"bytes",
    {1, 2},
    datetime.date(2026, 1, 1),
    datetime.datetime(2026, 1, 1, 12, 0),
    Point(1),
    "\ud800",
    {"a": ["\udfff"]},
    {(1, 2): 3},
    _cycle,
]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(("value", "expected"), DUMPS_OK)
def test_dumps(backend: Backend, value: Any, expected: bytes) -> None:
    assert backend.dumps(value) == expected


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("value", DUMPS_TYPE_ERRORS, ids=lambda v: type(v).__name__)
def test_dumps_rejects(backend: Backend, value: Any) -> None:
    with pytest.raises(TypeError):
        backend.dumps(value)


@pytest.mark.parametrize("value", [1e-05, 1e16, 5e-324, 0.1, -0.0, 1.7976931348623157e308])
def test_float_spelling_may_differ_but_values_agree(value: float) -> None:
    assert json.ORJSON is not None
    for encoded in (json.STDLIB.dumps(value), json.ORJSON.dumps(value)):
        for backend in (json.STDLIB, json.ORJSON):
            assert repr(backend.loads(encoded)) == repr(value)


# --- properties ------------------------------------------------------------------------------

finite_floats = st.floats(allow_nan=False, allow_infinity=False)
in_range_ints = st.integers(-(2**63), 2**64 - 1)
json_values = st.recursive(
    st.none() | st.booleans() | in_range_ints | finite_floats | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


@given(json_values)
def test_both_backends_round_trip_every_value(value: Any) -> None:
    assert json.ORJSON is not None
    for writer in (json.STDLIB, json.ORJSON):
        encoded = writer.dumps(value)
        for reader in (json.STDLIB, json.ORJSON):
            assert repr(reader.loads(encoded, max_depth=1000)) == repr(value)


@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
        max_leaves=20,
    )
)
def test_backends_write_identical_bytes_without_floats(value: Any) -> None:
    assert json.ORJSON is not None
    assert json.STDLIB.dumps(value) == json.ORJSON.dumps(value)


def outcome(backend: Backend, data: bytes) -> str:
    try:
        return "value " + repr(backend.loads(data))
    except NestingTooDeep:
        return "too deep"
    except JSONDecodeError:
        return "invalid"


json_ish = st.lists(
    st.sampled_from(
        [
            *(b"[", b"]", b"{", b"}", b",", b":", b'"', b"\\", b"u", b"d8", b"00", b"e", b"E"),
            *(b"-", b"+", b".", b"0", b"1", b"9", b" ", b"\n", b"true", b"null", b"NaN"),
            *(b"\xff", b"\xc3", b"\xa9", b'"a"', b"18446744073709551616", b"1e308"),
            b"\\ud83d\\ude00",
        ]
    ),
    max_size=30,
).map(b"".join)


@given(json_ish | st.binary(max_size=20))
def test_backends_agree_on_arbitrary_input(data: bytes) -> None:
    assert json.ORJSON is not None
    assert outcome(json.STDLIB, data) == outcome(json.ORJSON, data)
