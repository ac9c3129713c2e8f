# syntax=docker/dockerfile:1
# iaccode for AWS Bedrock AgentCore and any container platform: linux/arm64 and linux/amd64.
#   docker buildx build --platform linux/arm64,linux/amd64 -t iaccode .
# The runtime image holds a virtual environment built from wheels only, runs as a non-root
# user, listens on 0.0.0.0:9000 (the AgentCore A2A contract) and keeps its state in /data.

ARG PYTHON_VERSION=3.11

FROM python:${PYTHON_VERSION}-slim-bookworm AS build
# The extras installed, by name (--build-arg EXTRAS="redis aliyun postgres" for several
# replicas on PostgreSQL: docs/deployment.md, "Several replicas").
ARG EXTRAS="redis aliyun"
WORKDIR /src
RUN python -m venv /opt/iaccode
# The dependencies first, in their own layer: a change to the code does not reinstall them.
# From wheels only (no compilers in the image), read from pyproject.toml.
COPY pyproject.toml ./
RUN python -c "import os, sys, tomllib; p = tomllib.load(open('pyproject.toml', 'rb'))['project']; \
extra = p['optional-dependencies']; wanted = os.environ['EXTRAS'].split(); \
bad = sorted(set(wanted) - set(extra)); \
bad and sys.exit(f'EXTRAS: no such extra {bad}; the extras are {sorted(extra)}'); \
print('\n'.join(p['dependencies'] + [d for e in wanted for d in extra[e]]))" \
    > requirements.txt \
    && /opt/iaccode/bin/pip install --no-cache-dir --only-binary=:all: -r requirements.txt
COPY README.md ./
COPY iaccode ./iaccode
# iaccode itself is pure Python; then no installer is left in the environment.
RUN /opt/iaccode/bin/pip install --no-cache-dir --no-deps . \
    && /opt/iaccode/bin/pip uninstall --yes pip setuptools

FROM python:${PYTHON_VERSION}-slim-bookworm AS runtime
ARG VERSION=dev
LABEL org.opencontainers.image.title="iaccode" \
    org.opencontainers.image.description="An infrastructure-as-code agent (Alibaba Cloud ROS and Terraform) served over A2A and AG-UI" \
    org.opencontainers.image.licenses="Apache-2.0" \
    org.opencontainers.image.version="${VERSION}"
# No installer in the running image: the base image's pip and setuptools go too.
RUN python -m pip uninstall --yes --no-cache-dir pip setuptools wheel \
    && groupadd --system --gid 10001 iaccode \
    && useradd --system --uid 10001 --gid iaccode --home-dir /data --shell /usr/sbin/nologin iaccode \
    && mkdir -p /data /workspace \
    && chown iaccode:iaccode /data /workspace
COPY --from=build /opt/iaccode /opt/iaccode
ENV PATH=/opt/iaccode/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1 \
    IAC_CODE_CONFIG_DIR=/data \
    IACCODE_A2A_ALLOWED_CWDS=/workspace:/tmp \
    IACCODE_HEALTHCHECK_URL=http://127.0.0.1:9000/ping
USER 10001:10001
WORKDIR /workspace
VOLUME ["/data"]
EXPOSE 9000
# Follows the port and scheme you serve on: set IACCODE_HEALTHCHECK_URL with --port or TLS
# (https on loopback is checked without verifying the certificate, which names the public host).
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
    CMD ["python", "-c", "import os, ssl, urllib.request; urllib.request.urlopen(os.environ['IACCODE_HEALTHCHECK_URL'], timeout=4, context=ssl._create_unverified_context())"]
ENTRYPOINT ["iaccode", "a2a"]
CMD ["--profile", "agentcore", "--log-to-stdout"]
