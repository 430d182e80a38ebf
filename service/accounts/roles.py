"""Changing a user's role: on the significant-event log with the role
before and after. The role is read from the user at every request, so the
change takes effect at once, signed-in tokens included."""

from __future__ import annotations

from enum import StrEnum

from sqlalchemy import select

from service.audit.events import record_event
from service.audit.kinds import EventKind
from service.errors import Conflict, ErrorCode, Invalid, NotFound
from service.store.db import Db
from service.store.models import User


class Role(StrEnum):
    """What a user may do; the API's ``@roles`` admits each view's roles."""

    DEALER = "dealer"
    PIT_BOSS = "pit_boss"
    COMPLIANCE = "compliance"
    ADMIN = "admin"
    CAGE = "cage"  # issues fills and takes credits at the cage
    COUNT = "count"  # the count team: counts the drop boxes
    DEVICE = "device"  # a card-reading shuffler or shoe: posts the decks it reads, nothing else


ROLES = tuple(Role)


def check_role(role: str) -> Role:
    """``role`` as a Role; refused, naming the field, if it is none."""
    if role not in ROLES:
        raise Invalid(
            ErrorCode.INVALID_FIELD, f"role must be one of {', '.join(ROLES)}, not {role!r}", "role"
        )
    return Role(role)


def keep_an_admin(db: Db, user: User, field: str) -> None:
    """Refuse to take the last active admin away (by a role change or a
    deactivation): nobody could then manage users or configurations."""
    # Lock every active admin's row: two admins taken at once cannot both pass.
    admins = db.scalars(
        select(User.id).where(User.role == Role.ADMIN, User.active.is_(True)).with_for_update()
    ).all()
    if len(admins) <= 1:
        raise Conflict(
            ErrorCode.LAST_ADMIN, f"{user.name!r} is the last active admin; make another admin first", field
        )


def set_role(db: Db, name: str, role: str, changed_by: int | None = None) -> tuple[User, str]:
    """Give the user ``name`` the role ``role``; the user and the role before.
    Setting the role a user has already changes and records nothing."""
    role = check_role(role)
    user = db.scalar(select(User).where(User.name == name).with_for_update())
    if user is None:
        raise NotFound(ErrorCode.USER_NOT_FOUND, f"no user named {name!r}", "name")
    before = user.role
    if before == role:
        return user, before
    if before == Role.ADMIN and user.active:
        keep_an_admin(db, user, "role")
    user.role = role
    record_event(
        db,
        EventKind.ROLE_CHANGED,
        f"user:{user.id}",
        {"name": user.name, "before": before, "after": role},
        actor_id=changed_by,
    )
    db.flush()
    return user, before
