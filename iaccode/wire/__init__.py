"""Sans-IO framing: bytes and values in, events and bytes out, in the manner of h11.

Nothing in this package performs I/O or imports trio, so every framer can be tested byte by byte
and fuzzed (`fuzz/`). The modules are `json` (the one JSON entry point), `jsonrpc` (JSON-RPC 2.0
requests and responses), `sse` (Server-Sent Events) and `ndjson` (newline-delimited JSON).
"""
