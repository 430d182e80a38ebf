"""Schemas of signing in: the name and password sent, and the token
answered with what it opens."""

from __future__ import annotations

from typing import TypedDict

from marshmallow import Schema, fields, validate

from service.accounts.roles import ROLES
from service.api.http import fields as api_fields
from service.api.http.schemas import StrictSchema


class LoginSchema(StrictSchema):
    as_sent = frozenset({"name", "password"})

    name = fields.String(required=True, validate=validate.Length(min=1, max=80))
    password = fields.String(required=True, validate=validate.Length(min=1, max=1000))


class LoginJson(TypedDict):
    name: str
    password: str


class SignInSchema(Schema):
    token = fields.String(required=True)
    expires_at = fields.DateTime(required=True)
    name = fields.String(required=True)
    role = fields.String(required=True, validate=validate.OneOf(ROLES))
    must_change_password = api_fields.flag(
        "true: the token opens only POST /auth/password, GET /auth/me and POST "
        "/auth/logout until a new password is set (an admin set or reset it, or it is past its "
        "maximum age)"
    )
