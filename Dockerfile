# syntax=docker/dockerfile:1
# iaccode for AWS Bedrock AgentCore and any container platform: linux/arm64 and linux/amd64.
#   docker buildx build --platform linux/arm64,linux/amd64 -t iaccode .
# The runtime image holds a virtual environment built from wheels only, runs as a non-root
# user, listens on 0.0.0.0:9000 (the AgentCore A2A contract) and keeps its state in /data.

ARG PYTHON_VERSION=3.11

FROM python:${PYTHON_VERSION}-slim-bookworm AS build
WORKDIR /src
RUN python -m venv /opt/iaccode
COPY pyproject.toml README.md ./
COPY iaccode ./iaccode
# Dependencies from wheels only (no compilers in the image); iaccode itself is pure Python.
RUN /opt/iaccode/bin/pip install --no-cache-dir --only-binary=:all: --no-binary=iaccode ".[redis,aliyun]"

FROM python:${PYTHON_VERSION}-slim-bookworm AS runtime
RUN groupadd --system --gid 10001 iaccode \
    && useradd --system --uid 10001 --gid iaccode --home-dir /data --shell /usr/sbin/nologin iaccode \
    && mkdir -p /data /workspace \
    && chown iaccode:iaccode /data /workspace
COPY --from=build /opt/iaccode /opt/iaccode
ENV PATH=/opt/iaccode/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1 \
    IAC_CODE_CONFIG_DIR=/data \
    IACCODE_A2A_ALLOWED_CWDS=/workspace:/tmp
USER 10001:10001
WORKDIR /workspace
VOLUME ["/data"]
EXPOSE 9000
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:9000/ping', timeout=4)"]
ENTRYPOINT ["iaccode", "a2a"]
CMD ["--profile", "agentcore", "--log-to-stdout"]
