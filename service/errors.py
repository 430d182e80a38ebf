"""Errors of the service layer: a stable code (:class:`ErrorCode`, defined
once for the rules core and the service alike), a message naming the field,
and the HTTP status the API answers with."""

from __future__ import annotations

from service.engine.error_codes import ErrorCode, title_of

__all__ = [
    "Conflict",
    "ErrorCode",
    "Forbidden",
    "Invalid",
    "NotFound",
    "ServiceError",
    "Unauthorized",
    "Unavailable",
    "title_of",
]


class ServiceError(Exception):
    status = 400

    def __init__(
        self, code: ErrorCode, message: str, field: str | None = None, status: int | None = None
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.field = field
        if status is not None:
            self.status = status


class NotFound(ServiceError):
    status = 404


class Conflict(ServiceError):
    status = 409


class Unauthorized(ServiceError):
    status = 401


class Forbidden(ServiceError):
    status = 403


class Invalid(ServiceError):
    status = 422


class Unavailable(ServiceError):
    """Not yet: ask again after ``retry_after`` seconds (sent as Retry-After)."""

    status = 503

    def __init__(self, code: ErrorCode, message: str, retry_after: int, field: str | None = None) -> None:
        super().__init__(code, message, field)
        self.retry_after = retry_after
