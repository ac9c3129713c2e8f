"""The built-in A2A client (`iaccode a2a-client`): a small, synchronous consumer of any A2A 1.0
JSON-RPC server, iaccode or another.

It discovers the agent card, picks the first 1.x JSON-RPC interface it advertises, sends
`A2A-Version: 1.0` and 1.0 method names, and reads streams with the project's SSE decoder.
"""
