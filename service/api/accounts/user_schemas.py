"""Schemas of the users an admin manages and of a user's own password
(the shapes of ``service.accounts.user_admin`` and
``service.accounts.passwords``)."""

from __future__ import annotations

from datetime import datetime
from typing import TypedDict

from marshmallow import Schema

from service.accounts.password_policy import MAX_PASSWORD, MIN_PASSWORD
from service.accounts.roles import ROLES
from service.api.http import fields as api_fields
from service.api.http.schemas import StrictSchema
from service.store.models import User

POLICY = (
    f"at least {MIN_PASSWORD} characters, not containing the user's name, not one of the most common "
    "passwords (422 password_too_short, password_has_name or password_too_common)"
)


class UserJson(TypedDict):
    id: int
    name: str
    role: str
    active: bool
    must_change_password: bool
    created_at: datetime
    last_sign_in_at: datetime | None
    password_changed_at: datetime


def user_json(user: User) -> UserJson:
    return {
        "id": user.id,
        "name": user.name,
        "role": user.role,
        "active": user.active,
        "must_change_password": user.must_change_password,
        "created_at": user.created_at,
        "last_sign_in_at": user.last_sign_in_at,
        # Null only for a row written by the version before 0015 mid-upgrade.
        "password_changed_at": user.password_changed_at or user.created_at,
    }


class UserSchema(Schema):
    id = api_fields.integer("the user's id (in /users/{user_id})")
    name = api_fields.text("the name they sign in with")
    role = api_fields.choice(ROLES, "their role")
    active = api_fields.flag("false: deactivated, signs in nowhere, every token refused")
    must_change_password = api_fields.flag(
        "the user must set a new password (POST /auth/password) before anything else"
    )
    created_at = api_fields.instant("ISO 8601, UTC")
    last_sign_in_at = api_fields.instant("ISO 8601, UTC; null: never signed in", allow_none=True)
    password_changed_at = api_fields.instant("when the password was last set (ISO 8601, UTC)")


class UserCreateSchema(StrictSchema):
    name = api_fields.sized_text(1, 80, "1 to 80 characters")
    role = api_fields.text(f"one of {', '.join(ROLES)}")
    password = api_fields.sized_text(
        1, MAX_PASSWORD, f"a first password, to be replaced at the first sign-in (not a device's): {POLICY}"
    )


class UserCreateJson(TypedDict):
    name: str
    role: str
    password: str


class RoleChangeSchema(StrictSchema):
    role = api_fields.text(f"one of {', '.join(ROLES)}")


class RoleChangeJson(TypedDict):
    role: str


class PasswordResetSchema(Schema):
    user = api_fields.nested(UserSchema, "the user, as now")
    temporary_password = api_fields.text(
        "generated, shown this once, kept nowhere: the user replaces it at sign-in"
    )


class PasswordChangeSchema(StrictSchema):
    as_sent = frozenset({"old_password"})  # a wrong one counts towards a lock

    old_password = api_fields.sized_text(1, MAX_PASSWORD, "the password now")
    new_password = api_fields.sized_text(1, MAX_PASSWORD, f"the new one: {POLICY}; not the old one")


class PasswordChangeJson(TypedDict):
    old_password: str
    new_password: str
