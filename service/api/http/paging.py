"""Lists a page at a time: the ``order`` parameter (newest or oldest
first), the opaque ``cursor`` of keyset pages, and the ``Link`` header
(RFC 8288) naming the first, previous, next and last pages.

The links are URI references (the path and query), resolved against the
request's own address: the service runs behind each casino's proxy and
host name. A cursor is base64url of the order, the step and a record id:
opaque to clients (they follow links), checked when read, and bound to its
order so it cannot be replayed under the other one.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Mapping
from typing import Any, NotRequired, TypedDict
from urllib.parse import urlencode

from flask import request
from marshmallow import Schema, fields, validate

from service.errors import ErrorCode, Invalid
from service.store.paging import Keyset, KeysetPage, Order, Page, Step

MAX_CURSOR = 80
MAX_KEY = 2**31 - 1  # record ids are 32-bit integers: a larger one no database binds
RELATIONS = ("first", "prev", "next", "last")

LINK_HEADER = {
    "Link": {
        "description": "RFC 8288 links to the first, prev, next and last pages (each only where it "
        'exists), e.g. </api/v1/...?cursor=...>; rel="next"; relative to the request\'s address',
        "schema": {"type": "string"},
    }
}


class KeysetQueryJson(TypedDict):
    """What every keyset list's query holds, as loaded (its schema adds
    ``limit`` as ``bounded``, ``order`` as :func:`order_field` and
    ``cursor`` as :func:`cursor_field`); a list's own filters extend it."""

    limit: int
    order: str
    cursor: NotRequired[str]


def order_field(default: Order, what: str) -> fields.String:
    return fields.String(
        load_default=default.value,
        validate=validate.OneOf([order.value for order in Order]),
        metadata={"description": f"newest or oldest {what} first (default {default.value})"},
    )


def cursor_field() -> fields.String:
    return fields.String(
        validate=validate.Length(min=1, max=MAX_CURSOR),
        metadata={
            "description": "where a page starts, as a Link header gave it (opaque: follow the links "
            "rather than build one); not with page"
        },
    )


def numbered_page_schema(name: str, items: type[Schema], items_help: str, total_help: str) -> type[Schema]:
    """The schema ``name`` of a page by number of ``items``."""
    page: dict[str, fields.Field[Any]] = {
        "items": fields.List(fields.Nested(items), metadata={"description": items_help}),
        "total": fields.Integer(metadata={"description": total_help}),
        "page": fields.Integer(metadata={"description": "this page, from 1"}),
        "per_page": fields.Integer(metadata={"description": "items a page"}),
    }
    return Schema.from_dict(page, name=name)


def encode_cursor(order: Order, at: Keyset) -> str:
    raw = f"{order.value}:{at.step.value}:{at.key}".encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode_cursor(order: Order, cursor: str) -> Keyset:
    """The keyset a cursor names; 422 at ``cursor`` for one this service did
    not give, or gave for the other order."""
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode("ascii")
        given, step, key = raw.split(":")
        at = Keyset(Step(step), int(key))
    except (binascii.Error, UnicodeDecodeError, ValueError):
        raise Invalid(ErrorCode.INVALID_FIELD, "cursor is not one a Link header gave", "cursor") from None
    if given != order.value:
        raise Invalid(
            ErrorCode.INVALID_FIELD, f"cursor was given for order={given}, not order={order.value}", "cursor"
        )
    if (at.step is Step.LAST) != (at.key == 0) or not 0 <= at.key <= MAX_KEY:
        raise Invalid(ErrorCode.INVALID_FIELD, "cursor is not one a Link header gave", "cursor")
    return at


def keyset_start(query: Mapping[str, Any]) -> tuple[Order, Keyset | None]:
    """A keyset list's ``order`` and where its page starts, read from the
    query's ``cursor`` (None: the first page)."""
    order = Order(query["order"])
    cursor = query.get("cursor")
    return order, None if cursor is None else decode_cursor(order, cursor)


def link_header(targets: dict[str, dict[str, Any] | None]) -> str:
    """``Link`` naming each relation's page: its query is the request's with
    the paging parameters replaced (None: that page does not exist)."""
    kept = {name: value for name, value in request.args.items() if name not in ("page", "cursor")}
    links = []
    for relation in RELATIONS:
        changes = targets.get(relation)
        if changes is None:
            continue
        query = urlencode({**kept, **{name: str(value) for name, value in changes.items()}})
        links.append(f'<{request.path}{"?" + query if query else ""}>; rel="{relation}"')
    return ", ".join(links)


def number_links(page: Page[Any]) -> dict[str, str]:
    """The Link header of a page by number."""
    last = page.pages
    header = link_header(
        {
            "first": {"page": 1},
            "prev": {"page": min(page.page - 1, last)} if page.page > 1 else None,
            "next": {"page": page.page + 1} if page.page < last else None,
            "last": {"page": last},
        }
    )
    return {"Link": header}


def keyset_links(order: Order, page: KeysetPage[Any]) -> dict[str, str]:
    """The Link header of a keyset page: ``last`` is the final rows in this
    order (read from the other end of the index, then turned round)."""

    def at(keyset: Keyset | None) -> dict[str, Any] | None:
        return None if keyset is None else {"cursor": encode_cursor(order, keyset)}

    header = link_header(
        {
            "first": {},
            "prev": at(page.previous),
            "next": at(page.following),
            "last": at(Keyset(Step.LAST)) if page.any_rows else {},
        }
    )
    return {"Link": header}
