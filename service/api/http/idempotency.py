"""The ``Idempotency-Key`` header of a round's POST: its check and its
OpenAPI description. The service takes a key already checked; the name of
the header is the API's business, not the rounds'."""

from __future__ import annotations

from typing import Any

from flask import request

from service.errors import ErrorCode, ServiceError

HEADER = "Idempotency-Key"
MAX_KEY = 200
#: the header as the OpenAPI document describes it
PARAMETER: dict[str, Any] = {
    "in": "header",
    "name": HEADER,
    "required": True,
    "description": (
        "the dealer's own key for this round at this table: the same key with the same body "
        "answers the stored round"
    ),
    "schema": {"type": "string", "minLength": 1, "maxLength": MAX_KEY},
    "example": "BP-1-r1",
}


def idempotency_key() -> str:
    """The request's key, or a 400 naming the header."""
    key = request.headers.get(HEADER)
    if key is None or not key.strip():
        raise ServiceError(
            ErrorCode.MISSING_IDEMPOTENCY_KEY, f"the {HEADER} header is required to enter a round", HEADER
        )
    if len(key) > MAX_KEY or not key.isprintable():
        raise ServiceError(
            ErrorCode.INVALID_IDEMPOTENCY_KEY,
            f"the {HEADER} header must be 1 to {MAX_KEY} printable characters",
            HEADER,
        )
    return key
