"""Fuzz `iaccode.wire.jsonrpc.parse_request` and, through it, both JSON backends.

Run with atheris installed: `scripts/fuzz jsonrpc`, or `python fuzz/fuzz_jsonrpc.py
fuzz/corpus/jsonrpc`. The tests replay the corpus through `TestOneInput` without atheris.

Invariants: parsing never raises; a `Request` obeys JSON-RPC 2.0 §4 and re-encodes to itself; every
failure encodes to a valid error response; the orjson and stdlib backends agree on every input.
"""

from __future__ import annotations

import sys
from typing import Any

from iaccode.wire import json, jsonrpc

_MAX_SIZE = 1 << 16


def _outcome(backend: json.Backend, data: bytes) -> tuple[str, str]:
    try:
        # repr tells 1 from 1.0 and keeps key order, which == would not check.
        return ("value", repr(backend.loads(data)))
    except json.NestingTooDeep:
        return ("too deep", "")
    except json.JSONDecodeError:
        return ("invalid", "")


def TestOneInput(data: bytes) -> None:
    result = jsonrpc.parse_request(data, max_size=_MAX_SIZE)
    if isinstance(result, jsonrpc.Request):
        assert result.method and not result.method.startswith("rpc.")
        assert result.params is None or isinstance(result.params, dict | list)
        assert isinstance(result.id, str | int | None) and not isinstance(result.id, bool)
        assert result.id is None or not result.is_notification
        message: dict[str, Any] = {"jsonrpc": "2.0", "method": result.method}
        if result.params is not None:
            message["params"] = result.params
        if not result.is_notification:
            message["id"] = result.id
        assert jsonrpc.parse_request(json.dumps(message)) == result
        response = jsonrpc.encode_result(result.id, result.params)
        expected = {"jsonrpc": "2.0", "id": result.id, "result": result.params}
        assert json.loads(response, max_depth=json.DEFAULT_MAX_DEPTH + 1) == expected
    else:
        assert result.code in (jsonrpc.PARSE_ERROR, jsonrpc.INVALID_REQUEST, jsonrpc.INVALID_PARAMS)
        assert result.message
        response = jsonrpc.encode_error(result.id, result.code, result.message)
        error = {"code": result.code, "message": result.message}
        assert json.loads(response) == {"jsonrpc": "2.0", "id": result.id, "error": error}

    if json.ORJSON is not None and len(data) <= _MAX_SIZE:
        assert _outcome(json.STDLIB, data) == _outcome(json.ORJSON, data)


if __name__ == "__main__":
    import atheris
    from _support import instrument

    instrument("iaccode")
    atheris.Setup(sys.argv, TestOneInput)
    atheris.Fuzz()
