"""Which version of a table's configuration and of its schedule is current,
and who made it: what an edit names to say which version it changes (the
API's ``If-Match``), so an edit made meanwhile by someone else is refused
rather than overwritten.

A configuration has its versions (``config_versions``). A schedule has
none of its own: its version is the number of changes the trail holds for
the table (its creation, then each ``schedule_changed`` event, which only a
real change records), so no column is needed to count them.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Annotated, TypedDict, cast

from sqlalchemy import func, select

from service.audit.kinds import EventKind
from service.store.db import Db, hold_writer
from service.store.models import AuditEvent, ConfigVersion, GameTable, User
from service.tables.views import ConfigJson

SHIFT_STARTS_HELP = (
    'local times HH:MM each shift starts, in order; the first starts the gaming day (default ["06:00", '
    '"14:00", "22:00"])'
)

_SCHEDULE_KINDS = (EventKind.TABLE_CREATED.value, EventKind.SCHEDULE_CHANGED.value)


@dataclass(frozen=True, slots=True)
class Change:
    """A version and who made it when (``by`` is None where no one is on record)."""

    version: int
    at: datetime | None
    by: str | None


class ConfigVersionJson(TypedDict):
    version: Annotated[int, "1 when the table was created, one more each change"]
    config: Annotated[ConfigJson, "the rules of this version"]
    digest: Annotated[str, "SHA-256 of the rules without the version: equal digests play the same game"]
    created_at: Annotated[datetime, "when this version was saved"]
    created_by: Annotated[str, "the name of who saved it"]


def config_versions(db: Db, table: GameTable) -> list[ConfigVersionJson]:
    """Every configuration version of the table, newest first, with its maker's name."""
    rows = db.execute(
        select(ConfigVersion, User.name)
        .join(User, User.id == ConfigVersion.created_by)
        .where(ConfigVersion.table_id == table.id)
        .order_by(ConfigVersion.version.desc())
    )
    return [version_json(version, name) for version, name in rows]


def version_json(version: ConfigVersion, created_by: str) -> ConfigVersionJson:
    return {
        "version": version.version,
        # Stored as TableConfig.to_json() wrote it, and shown as stored.
        "config": cast(ConfigJson, version.rules),
        "digest": version.digest,
        "created_at": version.created_at,
        "created_by": created_by,
    }


def current_version(db: Db, table: GameTable) -> ConfigVersionJson:
    newest = db.execute(
        select(ConfigVersion, User.name)
        .join(User, User.id == ConfigVersion.created_by)
        .where(ConfigVersion.table_id == table.id)
        .order_by(ConfigVersion.version.desc())
        .limit(1)
    ).one()
    return version_json(*newest)


def config_change(db: Db, table: GameTable) -> Change:
    current = current_version(db, table)
    return Change(current["version"], current["created_at"], current["created_by"])


def lock_table(db: Db, table: GameTable) -> None:
    """Hold the table's row to the end of the transaction: two edits of its
    schedule that both read version n cannot both save (on SQLite, the
    writer's turn does the same)."""
    hold_writer(db)
    db.execute(select(GameTable.id).where(GameTable.id == table.id).with_for_update())


class ScheduleJson(TypedDict):
    """A table's gaming-day schedule, the version of it in force."""

    timezone: Annotated[str, "IANA zone of the casino"]
    shift_starts: Annotated[list[str], SHIFT_STARTS_HELP]
    version: Annotated[int, "1 when the table was created, one more each change"]
    changed_at: Annotated[datetime | None, "when this version was made"]
    changed_by: Annotated[str | None, "the name of who made it (null: none on record)"]


def schedule_json(db: Db, table: GameTable) -> ScheduleJson:
    change = schedule_change(db, table)
    return {
        "timezone": table.timezone,
        "shift_starts": table.shift_starts,
        "version": change.version,
        "changed_at": change.at,
        "changed_by": change.by,
    }


def schedule_change(db: Db, table: GameTable) -> Change:
    """The schedule's version: 1 when the table was created, one more each change."""
    subject = f"table:{table.id}"
    where = (AuditEvent.subject == subject, AuditEvent.kind.in_(_SCHEDULE_KINDS))
    count = db.scalar(select(func.count()).select_from(AuditEvent).where(*where)) or 0
    newest = db.execute(
        select(AuditEvent.occurred_at, User.name)
        .outerjoin(User, User.id == AuditEvent.actor_id)
        .where(*where)
        .order_by(AuditEvent.id.desc())
        .limit(1)
    ).first()
    if newest is None:  # a table the trail does not know of: its first version
        return Change(1, table.created_at, None)
    return Change(max(count, 1), newest[0], newest[1])
