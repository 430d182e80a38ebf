"""Bearer tokens and roles. Every view names the roles it admits."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

import flask_smorest
from flask import g, request

from service.accounts.auth import authenticate
from service.accounts.roles import ROLES, Role
from service.api.error_docs import ROLES_KEY
from service.api.session import db, now
from service.errors import Forbidden, Unauthorized
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
        raise Unauthorized("missing_token", "sign in and send Authorization: Bearer <token>", "Authorization")
    return token.strip()


def current_user() -> User:
    user: User = g.user
    return user


def roles(*allowed: Role) -> Callable[[View], View]:
    def decorate(view: View) -> View:
        @wraps(view)
        def guarded(*args: Any, **kwargs: Any) -> Any:
            user = authenticate(db(), bearer_token(), now())
            if user.role not in allowed:
                raise Forbidden(
                    "forbidden",
                    f"the {user.role} role may not do this (allowed: {', '.join(allowed)})",
                    "role",
                )
            g.user = user
            return view(*args, **kwargs)

        # The OpenAPI document says who may call it (and so its 401 and 403).
        documented: View = flask_smorest.Blueprint.doc(**{ROLES_KEY: list(allowed)})(guarded)
        return documented

    return decorate
