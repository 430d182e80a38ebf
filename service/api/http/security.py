"""Bearer tokens and roles. Every view names the roles it admits.

A token is refused once idle (``token_idle_minutes``) or its user is
deactivated; while its user must change their password, it opens only the
views marked ``before_password_change`` (403 ``password_change_required``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

import flask_smorest
from flask import g, request

from service.accounts.auth import Bearer, bearer
from service.accounts.roles import ROLES, Role
from service.accounts.token_idle import note_use
from service.api.http.error_docs import BEFORE_PASSWORD_CHANGE_KEY, ROLES_KEY
from service.api.http.transactions import committed
from service.api.http.work import db, now, settings
from service.errors import ErrorCode, Forbidden, Unauthorized
from service.store.models import User

#: every person's role: a device (a shuffler's credential) posts decks and
#: may sign out, nothing else, so it is in none of the views' ANY_ROLE
ANY_ROLE = tuple(role for role in ROLES if role != Role.DEVICE)
EVERY_ROLE = ROLES
View = TypeVar("View", bound=Callable[..., Any])


def bearer_token() -> str:
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Unauthorized(
            ErrorCode.MISSING_TOKEN, "sign in and send Authorization: Bearer <token>", "Authorization"
        )
    return token.strip()


#: sent by a page on the requests it makes by itself (polling): they do not
#: keep its token from going idle (service.accounts.token_idle)
BACKGROUND_HEADER = "Breakpoker-Background"


def is_background() -> bool:
    return request.headers.get(BACKGROUND_HEADER) == "1"


def current_user() -> User:
    user: User = g.user
    return user


def current_token() -> int:
    """The id of the token this request came with."""
    signed_in: Bearer = g.bearer
    return signed_in.token.id


def roles(*allowed: Role, before_password_change: bool = False) -> Callable[[View], View]:
    """Admit the roles ``allowed``; ``before_password_change``: also while
    the user must change their password (only signing out, asking who one
    is and changing it)."""

    def decorate(view: View) -> View:
        @wraps(view)
        def guarded(*args: Any, **kwargs: Any) -> Any:
            moment = now()
            signed_in = bearer(
                db(), bearer_token(), moment, settings().token_idle_minutes, background=is_background()
            )
            if signed_in.noted:
                # The last use, at most once a minute (service.accounts.token_idle):
                # noted again should its commit lose a race, which rolls it back.
                committed(lambda: note_use(signed_in.token, moment))
            user = signed_in.user
            if user.role not in allowed:
                raise Forbidden(
                    ErrorCode.FORBIDDEN,
                    f"the {user.role} role may not do this (allowed: {', '.join(allowed)})",
                    "role",
                )
            if user.must_change_password and not before_password_change:
                raise Forbidden(
                    ErrorCode.PASSWORD_CHANGE_REQUIRED,
                    "set a new password first (POST /api/v1/auth/password)",
                )
            g.user = user
            g.bearer = signed_in
            return view(*args, **kwargs)

        # The OpenAPI document says who may call it (and so its 401 and 403).
        marks: dict[str, Any] = {ROLES_KEY: list(allowed)}
        if before_password_change:
            marks[BEFORE_PASSWORD_CHANGE_KEY] = True
        documented: View = flask_smorest.Blueprint.doc(**marks)(guarded)
        return documented

    return decorate
