"""A user as the admin and the user read them (``/users``, ``/auth/me``),
and an admin's password reset with its generated password."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, TypedDict

from service.accounts.passwords import PasswordReset
from service.store.models import User


class UserJson(TypedDict):
    id: Annotated[int, "the user's id (in /users/{user_id})"]
    name: Annotated[str, "the name they sign in with"]
    role: str
    active: Annotated[bool, "false: deactivated, signs in nowhere, every token refused"]
    must_change_password: Annotated[
        bool, "the user must set a new password (POST /auth/password) before anything else"
    ]
    created_at: Annotated[datetime, "ISO 8601, UTC"]
    last_sign_in_at: Annotated[datetime | None, "ISO 8601, UTC; null: never signed in"]
    password_changed_at: Annotated[datetime, "when the password was last set (ISO 8601, UTC)"]


class PasswordResetJson(TypedDict):
    user: Annotated[UserJson, "the user, as now"]
    temporary_password: Annotated[
        str, "generated, shown this once, kept nowhere: the user replaces it at sign-in"
    ]


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


def password_reset_json(done: PasswordReset) -> PasswordResetJson:
    return {"user": user_json(done.user), "temporary_password": done.temporary_password}
