"""Schemas of the users an admin manages and of a user's own password
(the shapes of ``service.accounts.user_values``)."""

from __future__ import annotations

from typing import TypedDict

from service.accounts.password_policy import MAX_PASSWORD, MIN_PASSWORD
from service.accounts.roles import ROLES
from service.accounts.user_values import PasswordResetJson, UserJson
from service.api.http import fields as api_fields
from service.api.http.answers import answer
from service.api.http.schemas import StrictSchema

POLICY = (
    f"at least {MIN_PASSWORD} characters, not containing the user's name, not one of the most common "
    "passwords (422 password_too_short, password_has_name or password_too_common)"
)


# The role a choice of the roles' names, as the document lists them.
UserSchema = answer(UserJson, "UserSchema", role=api_fields.choice(ROLES, "their role"))


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


PasswordResetSchema = answer(PasswordResetJson, "PasswordResetSchema")


class PasswordChangeSchema(StrictSchema):
    as_sent = frozenset({"old_password"})  # a wrong one counts towards a lock

    old_password = api_fields.sized_text(1, MAX_PASSWORD, "the password now")
    new_password = api_fields.sized_text(1, MAX_PASSWORD, f"the new one: {POLICY}; not the old one")


class PasswordChangeJson(TypedDict):
    old_password: str
    new_password: str
