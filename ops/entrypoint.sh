#!/bin/sh
# The image's entrypoint: one image, a role per container.
#
#   api          the HTTP API under gunicorn (ops/gunicorn.conf.py)
#   worker       an RQ worker (BREAKPOKER_WORKER_QUEUES: which queues, in order)
#   dispatcher   moves outbox rows onto the queues and sweeps for lost work
#   migrate      applies the migrations (as MIGRATE_DATABASE_URL's owner role
#                when set, and then grants DATABASE_URL's role the app's
#                rights) and creates the first admin (once)
#   verifier     verifies the audit chain every BREAKPOKER_VERIFY_SECONDS
#   healthcheck  exits 0 when the API answers /healthz (the image's HEALTHCHECK)
#   anything else is run as it is: `breakpoker users create ...`, `sh`
#
# Arguments after a role go to its command (`worker --burst`).
set -eu

here=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)

# A container has no instance folder worth keeping a database or a queue in:
# refuse to start on the SQLite and embedded-Redis defaults.
need() {
    for variable in "$@"; do
        if [ -z "$(printenv "$variable" || true)" ]; then
            echo "entrypoint: $variable must be set for '$role' (see ops/README.md)" >&2
            exit 64
        fi
    done
}

role=${1:-api}
if [ $# -gt 0 ]; then shift; fi

case "$role" in
    api)
        need DATABASE_URL REDIS_URL
        # Prometheus files of this container's run only: stale ones from an
        # earlier run would be added in.
        metrics=${PROMETHEUS_MULTIPROC_DIR:-/tmp/breakpoker-prometheus}
        rm -rf "$metrics"
        mkdir -p "$metrics"
        export PROMETHEUS_MULTIPROC_DIR="$metrics"
        export BREAKPOKER_GUNICORN_CONFIG="${BREAKPOKER_GUNICORN_CONFIG:-$here/gunicorn.conf.py}"
        exec breakpoker serve "$@"
        ;;
    worker)
        need DATABASE_URL REDIS_URL
        exec breakpoker worker ${BREAKPOKER_WORKER_QUEUES:+--queues "$BREAKPOKER_WORKER_QUEUES"} "$@"
        ;;
    dispatcher)
        need DATABASE_URL REDIS_URL
        exec breakpoker dispatcher "$@"
        ;;
    migrate)
        need DATABASE_URL
        breakpoker db upgrade
        # Migrated as the owner: the role the others connect as gets its
        # rights (rows, not the schema) on every table, new ones included.
        if [ -n "${MIGRATE_DATABASE_URL:-}" ]; then
            breakpoker db grant-app-role
        fi
        # Prints the first admin's password once, on the first deploy only.
        exec breakpoker users ensure-admin
        ;;
    verifier)
        need DATABASE_URL
        exec breakpoker audit verify --every "${BREAKPOKER_VERIFY_SECONDS:-3600}" "$@"
        ;;
    healthcheck)
        bind=${BREAKPOKER_BIND:-127.0.0.1:8000}
        exec python -c 'import sys, urllib.request
urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}/healthz", timeout=3)' "${bind##*:}"
        ;;
    *)
        exec "$role" "$@"
        ;;
esac
