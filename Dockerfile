# syntax=docker/dockerfile:1
# One image for every role: the API (gunicorn), an RQ worker, the dispatcher,
# the migration step, the audit verifier, or a one-off `breakpoker` command.
# See ops/entrypoint.sh for the roles and ops/README.md for the variables.

# The base image by digest, so that two builds of one commit start from the
# same bytes whatever the tag points to by then. This digest of
# python:3.11-slim-bookworm (linux/amd64 among its platforms) is the one two
# unrelated public projects' Dockerfiles pin, as found by a code search in
# December 2026 (Docker Hub itself was not reachable from where this was
# written). To refresh it where the registry is reachable:
#   docker buildx imagetools inspect python:3.11-slim-bookworm   # "Digest:"
# then replace the digest here, build, and run the tests in the image. The
# lock (requirements/main.txt) is for CPython 3.11 on x86_64 Linux with
# glibc 2.28 or newer, which every 3.11-slim-bookworm is.
ARG PYTHON_IMAGE=python:3.11-slim-bookworm@sha256:a36c24f9cbdf4fd0f52d67f0823eeac19c2028c637cecc392d97f980d4fec56b

# --- builder: compilers and headers, wheels installed into a venv ------------
FROM ${PYTHON_IMAGE} AS builder
RUN apt-get update \
    && apt-get install --yes --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
RUN python -m venv /opt/venv
WORKDIR /src
# The lock first: its layer is rebuilt only when the lock changes. Every
# file is checked against its hash, wheels only (as `make install` does);
# pip and setuptools come from the lock too.
COPY requirements/main.txt ./requirements/main.txt
RUN /opt/venv/bin/pip install --require-hashes --no-deps --only-binary :all: -r requirements/main.txt
COPY pyproject.toml README.md ./
COPY service ./service
COPY workers ./workers
COPY dealer_ui ./dealer_ui
# Not editable: the venv holds the whole program, and the source stays here.
# No dependencies (all are in the lock, `pip check` says so) and no build
# environment of its own: the locked setuptools builds it.
RUN /opt/venv/bin/pip install --no-deps --no-build-isolation . \
    && /opt/venv/bin/pip check \
    && /opt/venv/bin/python -c "import service.api.app, workers.jobs, dealer_ui.blueprint"

# --- final: the venv only, no compiler, a user that is not root --------------
FROM ${PYTHON_IMAGE}
# OCI labels: which source, commit and version this image is, and when that
# commit was made (`make image` passes the commit's time, not the build's,
# so two builds of one commit label alike). ops/compose.yaml passes them too.
ARG PYTHON_IMAGE SOURCE="" REVISION="" VERSION="" CREATED=""
LABEL org.opencontainers.image.title="breakpoker" \
      org.opencontainers.image.description="Break Poker table service: rules engine, settlement and back office" \
      org.opencontainers.image.source="${SOURCE}" \
      org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.created="${CREATED}" \
      org.opencontainers.image.base.name="${PYTHON_IMAGE}"
RUN groupadd --system --gid 10001 breakpoker \
    && useradd --system --uid 10001 --gid breakpoker --no-create-home \
        --home-dir /var/lib/breakpoker --shell /usr/sbin/nologin breakpoker \
    && mkdir -p /var/lib/breakpoker \
    && chown breakpoker:breakpoker /var/lib/breakpoker
COPY --from=builder /opt/venv /opt/venv
COPY ops/entrypoint.sh ops/gunicorn.conf.py /app/ops/
ENV PATH=/opt/venv/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1 \
    BREAKPOKER_INSTANCE=/var/lib/breakpoker \
    BREAKPOKER_BIND=0.0.0.0:8000 \
    BREAKPOKER_GUNICORN_CONFIG=/app/ops/gunicorn.conf.py \
    PROMETHEUS_MULTIPROC_DIR=/tmp/breakpoker-prometheus
WORKDIR /var/lib/breakpoker
# Par sheets and exports live here: share it between the API and the workers.
VOLUME ["/var/lib/breakpoker"]
USER breakpoker:breakpoker
EXPOSE 8000
# Python, not curl: the slim image has no curl, and the probe is the
# entrypoint's own (`healthcheck`), the same one compose can call.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
    CMD ["/app/ops/entrypoint.sh", "healthcheck"]
ENTRYPOINT ["/app/ops/entrypoint.sh"]
CMD ["api"]
