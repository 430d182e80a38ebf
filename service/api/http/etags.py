"""``ETag`` and ``If-Match`` (RFC 9110, section 13.1.1) on a table's
configuration and schedule, and on a player's name: the GET gives the
version's tag, and a PUT (a PATCH of a name) must send it back. A tag
that is no longer current is 412 ``stale_version``, saying who changed it
to which version; an edit without one is 428
``if_match_required`` (RFC 6585). ``If-Match: *`` is refused too: an edit
names the version it changes, or it would overwrite one it never saw.

The header's name and its check are the API's business; the service says
which version is current and who made it (:mod:`service.tables.versions`)."""

from __future__ import annotations

from typing import Any

from flask import request

from service.errors import ErrorCode, ServiceError
from service.tables.versions import Change

IF_MATCH = "If-Match"
#: the header as the OpenAPI document describes it, for a configuration or a schedule
IF_MATCH_PARAMETER: dict[str, Any] = {
    "in": "header",
    "name": IF_MATCH,
    "required": True,
    "description": (
        'the ETag the GET of this resource answered (e.g. "config-3"): the version this edit '
        "changes; a stale one is 412 stale_version, none (or *) 428 if_match_required"
    ),
    "schema": {"type": "string"},
    "example": '"config-1"',
}
#: the response header of a GET, and of a PUT (the version it saved)
ETAG_HEADER: dict[str, Any] = {
    "ETag": {
        "description": "the current version's tag, to send back as If-Match with a PUT",
        "schema": {"type": "string"},
    }
}
STALE = "stale_version: another edit was saved since that ETag; the message says by whom and its version"
REQUIRED = "if_match_required: no If-Match header (or *): send the ETag of the GET"


def etag(kind: str, version: int) -> str:
    """A strong tag such as ``"config-3"`` (the quotes are the tag's)."""
    return f'"{kind}-{version}"'


def _tags(header: str) -> list[str]:
    return [part.strip() for part in header.split(",") if part.strip()]


def require_match(kind: str, what: str, current: Change, reread: str) -> None:
    """Go on only when If-Match names the current version of ``kind``."""
    header = request.headers.get(IF_MATCH, "")
    tags = _tags(header)
    if not tags or "*" in tags:
        raise ServiceError(
            ErrorCode.IF_MATCH_REQUIRED,
            f"send {IF_MATCH} with the ETag of GET {reread} (the version you edit): "
            f"the {what} is not changed without it",
            IF_MATCH,
            status=428,
        )
    tag = etag(kind, current.version)
    # Strong comparison: a weak tag (W/"...") never matches an edit.
    if tag not in tags:
        by = f"by {current.by}" if current.by else "by someone"
        at = f" at {current.at:%Y-%m-%d %H:%M} UTC" if current.at else ""
        raise ServiceError(
            ErrorCode.STALE_VERSION,
            f"the {what} was changed meanwhile {by} to version {current.version}{at} "
            f"(its ETag is {tag}, not {header.strip()}): read it again (GET {reread}) and edit that",
            IF_MATCH,
            status=412,
        )
