"""MCP: tools from Model Context Protocol servers, offered to the `llm` engine's model.

- `config` reads `mcp-servers` (stdio and streamable HTTP servers, with env and headers) into
  `ServerSpec` values and public warnings; it never raises for one bad server.
- `connection` keeps one session per server on the official `mcp` SDK (AnyIO, so it runs on
  Trio), owned by the engine's background task: connected at start-up, reconnected with backoff,
  closed at shutdown. Its status snapshot is what `metadata.iac_code.mcpStatus` reports.
- `tools` turns a server's tools into agent tools under `mcp__<server>__<tool>` names, with the
  read-only hint deciding whether a call asks permission, results bounded, and progress
  reported as `metadata.iac_code.mcpProgress`.

The SDK is the optional `mcp` extra: without it, configured servers become one warning.
"""
