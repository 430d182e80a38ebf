"""Per device (issue 43: "decks received, repeated orders, the positions
test, cards changed by hand"), for a gaming day and the 30 days ending
with it: read from the devices' day rows and their tests (at most 30 rows
a device, never the decks). The day is the newest any device has unless
asked; a day's positions test is there once the day has ended and its
job has run (the test runs on complete days only)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from datetime import date, timedelta
from typing import Annotated, Any, TypedDict

from sqlalchemy import Row, func, select

from service.errors import ErrorCode, NotFound
from service.protection.shuffler_positions import WINDOW_DAYS
from service.store.db import Db, utc_now
from service.store.models import DeviceDay, GameTable, PositionTestRow


class PositionsJson(TypedDict):
    decks: Annotated[int, "the decks tested"]
    groups: Annotated[
        int,
        "the groups of neighbouring positions, as many as keep every expected count at least 5 (1: too few "
        "decks, fewer than 11, and no test)",
    ]
    df: Annotated[int | None, "the degrees of freedom, 52 × (groups − 1); null: no test"]
    statistic: Annotated[
        str | None,
        "the chi-square statistic, Pearson's X² × 52/53 (a deck is a permutation), decimal; null: no test",
    ]
    p: Annotated[str | None, "its p-value, four significant figures; null: no test"]
    flagged: Annotated[bool, "p below 0.05: a shuffler_positions alert was raised"]


class FiguresJson(TypedDict):
    days: Annotated[int, "the gaming days the device sent decks on"]
    decks: Annotated[int, "the decks received (counted by the workers, within seconds)"]
    repeated_orders: Annotated[int, "its decks whose order was seen before (each a repeated_deck alert)"]
    changed_decks: Annotated[int, "its dealt decks whose cards the dealer changed by hand"]
    cards_changed: Annotated[int, "the cards the dealers changed by hand in them"]
    positions: Annotated[
        PositionsJson | None,
        "the chi-square test of card positions; null: not tested yet (it runs once the day has ended)",
    ]


class DeviceDayJson(TypedDict):
    gaming_day: str
    table_id: Annotated[int, "the table of the device's first deck that day"]
    table_name: Annotated[str, "that table's name"]
    figures: Annotated[FiguresJson, "the day's figures and its positions test"]


class DeviceJson(TypedDict):
    device_id: Annotated[str, "the shuffler or shoe, by the id it sends with its decks"]
    table_id: Annotated[int, "the table of its latest day in the 30 days"]
    table_name: Annotated[str, "that table's name"]
    day: Annotated[FiguresJson, "the gaming day's figures (positions: the day's test)"]
    last_30_days: Annotated[
        FiguresJson,
        "the 30 days ending with the gaming day (positions: the test of those 30 days)",
    ]


class DeviceDetailJson(DeviceJson):
    days: Annotated[list[DeviceDayJson], "each of its days with decks in the 30, newest first"]


class DevicesJson(TypedDict):
    gaming_day: str
    devices: Annotated[list[DeviceJson], "each device with decks in the 30 days, by id"]


_DAY = (
    DeviceDay.device_id,
    DeviceDay.gaming_day,
    DeviceDay.table_id,
    GameTable.name,
    DeviceDay.decks,
    DeviceDay.repeated_orders,
    DeviceDay.changed_decks,
    DeviceDay.cards_changed,
)


def newest_day(db: Db) -> date:
    """The newest gaming day any device has decks on (today, UTC, if none)."""
    found = db.scalar(select(func.max(DeviceDay.gaming_day)))
    return found if found is not None else utc_now().date()


def _rows(db: Db, gaming_day: date, device_id: str | None = None) -> list[Row[Any]]:
    query = (
        select(*_DAY, PositionTestRow)
        .join(GameTable, GameTable.id == DeviceDay.table_id)
        .outerjoin(PositionTestRow, PositionTestRow.day_id == DeviceDay.id)
        .where(
            DeviceDay.gaming_day > gaming_day - timedelta(days=WINDOW_DAYS),
            DeviceDay.gaming_day <= gaming_day,
        )
    )
    if device_id is not None:
        query = query.where(DeviceDay.device_id == device_id)
    return list(db.execute(query.order_by(DeviceDay.device_id, DeviceDay.gaming_day.desc())))


def _positions(test: PositionTestRow | None, prefix: str) -> PositionsJson | None:
    if test is None:
        return None
    return {
        "decks": getattr(test, f"{prefix}_decks"),
        "groups": getattr(test, f"{prefix}_groups"),
        "df": getattr(test, f"{prefix}_df"),
        "statistic": getattr(test, f"{prefix}_statistic"),
        "p": getattr(test, f"{prefix}_p"),
        "flagged": getattr(test, f"{prefix}_flagged"),
    }


def _figures(rows: Sequence[Row[Any]], positions: PositionsJson | None) -> FiguresJson:
    return {
        "days": len(rows),
        "decks": sum(row.decks for row in rows),
        "repeated_orders": sum(row.repeated_orders for row in rows),
        "changed_decks": sum(row.changed_decks for row in rows),
        "cards_changed": sum(row.cards_changed for row in rows),
        "positions": positions,
    }


def _device(rows: Sequence[Row[Any]], gaming_day: date) -> DeviceJson:
    """A device's figures from its day rows of the window, newest first."""
    today = [row for row in rows if row.gaming_day == gaming_day]
    test = today[0].PositionTestRow if today else None
    return {
        "device_id": rows[0].device_id,
        "table_id": rows[0].table_id,
        "table_name": rows[0].name,
        "day": _figures(today, _positions(test, "day")),
        "last_30_days": _figures(rows, _positions(test, "window")),
    }


def device_list(db: Db, gaming_day: date | None) -> DevicesJson:
    """Every device with decks in the 30 days to the gaming day, by id."""
    day = gaming_day or newest_day(db)
    by_device: dict[str, list[Row[Any]]] = defaultdict(list)
    for row in _rows(db, day):
        by_device[row.device_id].append(row)
    return {"gaming_day": day.isoformat(), "devices": [_device(rows, day) for rows in by_device.values()]}


def device_detail(db: Db, device_id: str, gaming_day: date | None) -> DeviceDetailJson:
    """One device's figures and each of its days in the window; 404 when
    it sent no deck in the 30 days to the gaming day."""
    day = gaming_day or newest_day(db)
    rows = _rows(db, day, device_id)
    if not rows:
        raise NotFound(
            ErrorCode.DEVICE_NOT_FOUND,
            f"no deck from device {device_id!r} in the {WINDOW_DAYS} days to {day.isoformat()}",
            "device_id",
        )
    days: list[DeviceDayJson] = [
        {
            "gaming_day": row.gaming_day.isoformat(),
            "table_id": row.table_id,
            "table_name": row.name,
            "figures": _figures([row], _positions(row.PositionTestRow, "day")),
        }
        for row in rows
    ]
    return {**_device(rows, day), "days": days}
