"""The agent's tools: workspace files, the IaC domain and Alibaba Cloud (ROS, `aliyun_api`),
shared by every engine.

A tool declares a JSON-schema for its input (what a model is told) and whether it only reads.
`ToolRunner` runs a call: it reports progress as `metadata.iac_code.tool` updates, asks for
permission before anything that writes, and turns every failure into a result the model can read,
never into a failed turn.
"""
