"""The AG-UI adapter: RunAgentInput in, AG-UI events out, every turn run by the A2A core."""
