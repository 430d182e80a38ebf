"""A page of a query's rows: by page number, with the count of them all
(exports, verifications: a few thousand rows at most), or by keyset (the
round list: a table can hold millions of rounds, and OFFSET reads every row
it skips; a keyset page counts nothing, since a COUNT reads every row too:
a list that shows a total keeps its own, as the round list does). Either
order, oldest first or newest first, by a key that rises as rows are
stored (the record id)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Generic, TypeVar

from sqlalchemy import ColumnElement, Select, func, select
from sqlalchemy.orm import InstrumentedAttribute

from service.store.db import Db

Item = TypeVar("Item")


class Order(StrEnum):
    OLDEST = "oldest"
    NEWEST = "newest"


class Step(StrEnum):
    """Where a keyset page is, from a key of the rows' order."""

    AFTER = "after"  # the rows following the key
    BEFORE = "before"  # the rows preceding it
    LAST = "last"  # the final rows (no key)


@dataclass(frozen=True)
class Page(Generic[Item]):
    items: list[Item]
    total: int
    page: int
    per_page: int

    @property
    def pages(self) -> int:
        return max(1, -(-self.total // self.per_page))

    def shown(self, items: list[Any]) -> dict[str, Any]:
        """The page as the API answers it, with its items as shown."""
        return {"items": items, "total": self.total, "page": self.page, "per_page": self.per_page}


@dataclass(frozen=True)
class Keyset:
    """Where a keyset page starts: ``key`` is an id (0 for LAST)."""

    step: Step
    key: int = 0


@dataclass(frozen=True)
class KeysetPage(Generic[Item]):
    items: list[Item]
    #: whether the query has any row at all (the Link header's ``last``)
    any_rows: bool
    per_page: int
    #: the keysets of the pages on either side; None: no row there
    previous: Keyset | None
    following: Keyset | None


def _ordered(key: InstrumentedAttribute[int], order: Order, forward: bool) -> ColumnElement[Any]:
    ascending = (order is Order.OLDEST) == forward
    return key.asc() if ascending else key.desc()


def _beyond(key: InstrumentedAttribute[int], order: Order, value: int, forward: bool) -> ColumnElement[bool]:
    """Rows after ``value`` in this order (forward), or before it."""
    rising = (order is Order.OLDEST) == forward
    return key > value if rising else key < value


def paginate(
    db: Db,
    query: Select[Any],
    key: Any,
    page: int,
    per_page: int,
    order: Order = Order.OLDEST,
    total: int | None = None,
) -> Page[Any]:
    """``total``: the query's rows if the caller keeps their count (else counted)."""
    total = _count(db, query) if total is None else total
    ordered = query.order_by(_ordered(key, order, forward=True))
    items = db.scalars(ordered.offset((page - 1) * per_page).limit(per_page))
    return Page(list(items), total, page, per_page)


def keyset_page(
    db: Db,
    query: Select[Any],
    key: InstrumentedAttribute[int],
    order: Order,
    per_page: int,
    at: Keyset | None,
) -> KeysetPage[Any]:
    """A page of ``query`` by ``key`` (unique, rising as rows are stored),
    read with one bounded index range: no OFFSET. A row stored while a
    client walks the pages is met once, in its place (ids only rise)."""
    forward = at is None or at.step is Step.AFTER
    bounded = query
    if at is not None and at.step is not Step.LAST:
        bounded = query.where(_beyond(key, order, at.key, forward))
    rows = list(db.scalars(bounded.order_by(_ordered(key, order, forward)).limit(per_page + 1)))
    more = len(rows) > per_page
    rows = rows[:per_page]
    if not forward:
        rows.reverse()
    if not rows:
        # Past either end: the way back is the last page, if any row exists.
        any_rows = at is not None and _exists(db, query)
        back = Keyset(Step.LAST) if any_rows and forward else None
        return KeysetPage([], any_rows, per_page, back, None)
    first, last = _key(rows[0], key), _key(rows[-1], key)
    earlier = more if not forward else _exists(db, query.where(_beyond(key, order, first, False)))
    later = more if forward else _exists(db, query.where(_beyond(key, order, last, True)))
    return KeysetPage(
        rows,
        True,
        per_page,
        Keyset(Step.BEFORE, first) if earlier else None,
        Keyset(Step.AFTER, last) if later else None,
    )


def _key(row: Any, key: InstrumentedAttribute[int]) -> int:
    return int(getattr(row, key.key))


def _exists(db: Db, query: Select[Any]) -> bool:
    return bool(db.scalar(select(query.exists())))


def _count(db: Db, query: Select[Any]) -> int:
    return int(db.scalar(select(func.count()).select_from(query.subquery())) or 0)
