"""A page of a query's rows, with the count of them all (round lists, exports)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from sqlalchemy import Select, func, select
from sqlalchemy.orm import Session

Item = TypeVar("Item")


@dataclass(frozen=True)
class Page(Generic[Item]):
    items: list[Item]
    total: int
    page: int
    per_page: int

    def shown(self, items: list[Any]) -> dict[str, Any]:
        """The page as the API answers it, with its items as shown."""
        return {"items": items, "total": self.total, "page": self.page, "per_page": self.per_page}


def paginate(session: Session, query: Select[Any], order_by: Any, page: int, per_page: int) -> Page[Any]:
    total = int(session.scalar(select(func.count()).select_from(query.subquery())) or 0)
    items = session.scalars(query.order_by(order_by).offset((page - 1) * per_page).limit(per_page))
    return Page(list(items), total, page, per_page)
