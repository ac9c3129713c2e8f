"""Test kit: scripted engines for the test suite, the conformance suite and outside harnesses.

Like `trio.testing`, this ships with the package so that other projects can drive an iaccode
server deterministically (`--engine iaccode.testing.engines:ScenarioEngine`). Fake services on
loopback stand in for the real ones: `fake_openai` (a chat-completions model) and `fake_ros` (the
Alibaba Cloud ROS OpenAPI, with signature checks).
"""
