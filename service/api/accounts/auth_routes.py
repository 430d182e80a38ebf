"""Sign in and out, who one is, and one's own password."""

from __future__ import annotations

from typing import Any

from flask import request

from service.accounts.auth import login, logout
from service.accounts.login_throttle import check_login_rate, client_address
from service.accounts.passwords import change_password
from service.accounts.user_values import UserJson, user_json
from service.api.accounts.auth_schemas import LoginJson, LoginSchema, SignInSchema
from service.api.accounts.user_schemas import (
    PasswordChangeJson,
    PasswordChangeSchema,
    UserSchema,
)
from service.api.http.blueprint import Blueprint
from service.api.http.error_docs import DATABASE_503
from service.api.http.security import ANY_ROLE, EVERY_ROLE, bearer_token, current_token, current_user, roles
from service.api.http.transactions import committed
from service.api.http.work import db, now, settings, work
from service.errors import ServiceError

blp = Blueprint("auth", __name__, url_prefix="/auth", description="Sign-in with bearer tokens")


@blp.route("/login", methods=["POST"])
@blp.arguments(LoginSchema)
@blp.response(200, SignInSchema)
@blp.error(401, "bad_credentials: the name or the password is wrong (which, is not said)")
@blp.error(
    403,
    "account_locked: the right password, from a client address where the account is locked after "
    "failed logins (other addresses still sign in); account_deactivated: the right password of a "
    "deactivated account (a wrong one is a 401 like any other)",
)
@blp.error(503, DATABASE_503)
@blp.error(
    429,
    "rate_limited: too many attempts from this address or for this name (the name's limit does not "
    "hold back an address the user signed in from in the last 30 days); the Retry-After header says "
    "in how many seconds to try again",
)
def login_view(body: LoginJson) -> dict[str, Any]:
    """Exchange a name and password for a bearer token. Attempts are limited
    per client address and per name (429 with Retry-After)."""
    trusted = settings().trusted_networks
    address = client_address(request.remote_addr, request.headers.get("X-Forwarded-For"), trusted)
    moment = now()
    check_login_rate(work(), address, body["name"], moment)
    signed_in = committed(
        lambda: login(db(), body["name"], body["password"], settings(), address=address, now=moment),
        keep=(ServiceError,),  # the failed attempt counts towards a lockout
    )
    return {
        "token": signed_in.token,
        "expires_at": signed_in.expires_at,
        "name": signed_in.user.name,
        "role": signed_in.user.role,
        "must_change_password": signed_in.user.must_change_password,
    }


@blp.route("/logout", methods=["POST"])
@blp.response(204)
@roles(*EVERY_ROLE, before_password_change=True)
def logout_view() -> None:
    """End this sign-in: the token stops working."""
    committed(lambda: logout(db(), bearer_token(), now()))


@blp.route("/me")
@blp.response(200, UserSchema)
@roles(*EVERY_ROLE, before_password_change=True)
def me_view() -> UserJson:
    """The signed-in user (whether they must change their password first)."""
    return user_json(current_user())


@blp.route("/password", methods=["POST"])
@blp.arguments(PasswordChangeSchema)
@blp.response(200, UserSchema)
@blp.error(
    403,
    "account_locked: too many wrong old passwords from this client address (they count as failed "
    "sign-ins); forbidden: a device's password is set by an admin",
)
@roles(*ANY_ROLE, before_password_change=True)
def password_view(body: PasswordChangeJson) -> UserJson:
    """Change one's own password, the old one given: 422 wrong_password at
    old_password, or the policy's refusal at new_password. Every other
    token of the user is revoked; this one stays signed in."""
    trusted = settings().trusted_networks
    address = client_address(request.remote_addr, request.headers.get("X-Forwarded-For"), trusted)
    committed(
        lambda: change_password(
            db(),
            current_user(),
            body["old_password"],
            body["new_password"],
            settings(),
            kept_token=current_token(),
            address=address,
            now=now(),
        ),
        keep=(ServiceError,),  # a wrong old password counts towards a lock, as a sign-in's does
    )
    return user_json(current_user())
