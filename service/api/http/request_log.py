"""The request id of each API request, and one JSON access line per request.

The id comes from ``X-Request-ID`` when it is sane (a proxy's or a client's),
is made up otherwise, and is echoed in the response. It is set in a context
variable for the request's log lines and the outbox rows it writes."""

from __future__ import annotations

import logging
import time

from flask import Flask, Response, g, request

from service.observability import request_id

log = logging.getLogger("breakpoker.access")
# Polled every few seconds by health checks and Prometheus: not worth a line each.
QUIET = frozenset({"/healthz", "/readyz", "/metrics"})


def register_request_log(app: Flask) -> None:
    @app.before_request
    def take_request_id() -> None:
        g.request_id = request_id.accepted(request.headers.get(request_id.HEADER)) or request_id.new_id()
        g.request_id_token = request_id.current.set(g.request_id)
        g.request_started = time.perf_counter()

    @app.after_request
    def log_request(response: Response) -> Response:
        if "request_id" in g:
            response.headers[request_id.HEADER] = g.request_id
        rule = request.url_rule.rule if request.url_rule is not None else None
        log.log(
            logging.DEBUG if request.path in QUIET else logging.INFO,
            "%s %s %s",
            request.method,
            request.path,
            response.status_code,
            extra={
                "method": request.method,
                "path": request.path,
                "endpoint": rule,
                "status": response.status_code,
                "seconds": round(time.perf_counter() - g.get("request_started", time.perf_counter()), 6),
                "remote": request.remote_addr,
            },
        )
        return response

    @app.teardown_request
    def forget_request_id(_error: BaseException | None) -> None:
        token = g.pop("request_id_token", None)
        if token is not None:
            request_id.current.reset(token)
