# syntax=docker/dockerfile:1
# One image for every role: the API (gunicorn), an RQ worker, the dispatcher,
# the migration step, the audit verifier, or a one-off `breakpoker` command.
# See ops/entrypoint.sh for the roles and ops/README.md for the variables.

ARG PYTHON_IMAGE=python:3.11-slim-bookworm

# --- builder: compilers and headers, wheels installed into a venv ------------
FROM ${PYTHON_IMAGE} AS builder
RUN apt-get update \
    && apt-get install --yes --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
RUN python -m venv /opt/venv
WORKDIR /src
COPY pyproject.toml README.md ./
COPY service ./service
COPY workers ./workers
COPY dealer_ui ./dealer_ui
# Not editable: the venv holds the whole program, and the source stays here.
RUN /opt/venv/bin/pip install --upgrade pip \
    && /opt/venv/bin/pip install . \
    && /opt/venv/bin/python -c "import service.api.app, workers.jobs, dealer_ui.blueprint"

# --- final: the venv only, no compiler, a user that is not root --------------
FROM ${PYTHON_IMAGE}
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
