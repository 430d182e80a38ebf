"""Structured logs: one JSON object a line on stderr, with the request id of
the request or job being served (``null`` outside one).

The API (gunicorn's ``logconfig_dict``), the workers and the dispatcher all
use :func:`logging_config`, so every process logs the same shape."""

from __future__ import annotations

import json
import logging
import logging.config
import re
from datetime import UTC, datetime
from typing import Any

from service.config.environment import read_environment
from service.observability import request_id

_ANSI = re.compile(r"\x1b\[[0-9;]*m")  # RQ colours its messages on a terminal
# What every LogRecord has: anything else was passed as ``extra`` and is logged.
_STANDARD = set(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {"message", "asctime"}


class RequestIdFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if not hasattr(record, "request_id"):
            record.request_id = request_id.current.get()
        return True


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": _ANSI.sub("", record.getMessage()),
            "request_id": getattr(record, "request_id", None),
            "pid": record.process,
        }
        for key, value in vars(record).items():
            if key not in _STANDARD and key not in line:
                line[key] = value
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, default=str, ensure_ascii=False)


def logging_config(level: str | None = None) -> dict[str, Any]:
    """A ``logging.config.dictConfig`` document: everything, gunicorn's own
    loggers included, through one JSON handler on stderr."""
    level = (level or read_environment().log_level).upper()
    json_handler = ["json"]
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"request_id": {"()": RequestIdFilter}},
        "formatters": {"json": {"()": JsonFormatter}},
        "handlers": {
            "json": {
                "class": "logging.StreamHandler",
                "stream": "ext://sys.stderr",
                "formatter": "json",
                "filters": ["request_id"],
            }
        },
        "root": {"level": level, "handlers": json_handler},
        "loggers": {
            "gunicorn.error": {"level": level, "handlers": json_handler, "propagate": False},
            # The app writes each request's access line itself, with its request
            # id and route; gunicorn's own would be every request logged twice.
            "gunicorn.access": {"level": "WARNING", "handlers": json_handler, "propagate": False},
        },
    }


def configure_logging(level: str | None = None) -> None:
    logging.config.dictConfig(logging_config(level))
