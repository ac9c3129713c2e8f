"""Alibaba Cloud access for the tools: credentials, the signed OpenAPI client, ROS calls.

`credentials` finds who the caller is (the request's own keys, else the vendor's credential
chain), `signing` signs a request (ACS3-HMAC-SHA256), `client` sends it over httpx on trio with
timeouts and retries, `errors` turns a failure into a safe, localised message. Secrets live in
memory only: they are never logged, stored with a task or put into a message.
"""
