"""The demo's way into the service: the real HTTP API of ``create_app``,
in process (Flask's test client: every request goes through routing, the
roles, the schemas and the transactions as a tablet's does), with the
app's clock moved through the gaming day instead of read from the wall."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any

import click
from flask import Flask
from flask.testing import FlaskClient

API = "/api/v1"
# A sign-in lasts 12 hours of the clock; the demo signs in again after 6.
SIGN_IN_AGAIN = timedelta(hours=6)


@dataclass
class Clock:
    """The app's clock: the demo sets it, every request reads it."""

    now: datetime

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)

    def at_least(self, moment: datetime) -> None:
        """Move on to ``moment`` unless it has passed (the clock never goes back)."""
        self.now = max(self.now, moment)


class ApiRefused(click.ClickException):
    """An answer the demo did not expect: the demo stops, naming it."""


@dataclass
class Api:
    """Requests as the demo's users, each signed in when first needed."""

    app: Flask
    clock: Clock
    passwords: dict[str, str]
    client: FlaskClient = field(init=False)
    _tokens: dict[str, tuple[str, datetime]] = field(default_factory=dict, init=False)

    def __post_init__(self) -> None:
        bound = self.app.extensions["breakpoker"]
        bound["clock"] = self.clock
        # The clock leaps from one moment of the day to the next, so a
        # user's token would go idle between any two of their steps; the
        # idle timeout stands for a tablet left alone, which the demo has
        # none of: a token lasts its whole time.
        bound["settings"] = replace(bound["settings"], token_idle_minutes=bound["settings"].token_minutes)
        self.client = self.app.test_client()

    def signature(self, name: str) -> dict[str, str]:
        """A co-signer's name and password, typed at the same screen."""
        return {"name": name, "password": self.passwords[name]}

    def call(self, user: str, method: str, path: str, body: object = None, **headers: str) -> Any:
        """The answer's JSON; anything but a 2xx stops the demo."""
        sent = {"Authorization": f"Bearer {self._token(user)}", **headers}
        response = self.client.open(f"{API}{path}", method=method, json=body, headers=sent)
        if not 200 <= response.status_code < 300:
            raise ApiRefused(f"{method} {path} as {user}: {response.status_code} {response.get_json()}")
        return response.get_json()

    def attempt(self, user: str, method: str, path: str, body: object = None) -> tuple[int, Any]:
        """The answer's status and JSON, whatever it is: for a refusal the demo expects."""
        sent = {"Authorization": f"Bearer {self._token(user)}"}
        response = self.client.open(f"{API}{path}", method=method, json=body, headers=sent)
        return response.status_code, response.get_json()

    def get(self, user: str, path: str) -> Any:
        return self.call(user, "GET", path)

    def post(self, user: str, path: str, body: object = None, **headers: str) -> Any:
        return self.call(user, "POST", path, body, **headers)

    def _token(self, user: str) -> str:
        held = self._tokens.get(user)
        if held is not None and self.clock.now - held[1] < SIGN_IN_AGAIN:
            return held[0]
        body = {"name": user, "password": self.passwords[user]}
        response = self.client.post(f"{API}/auth/login", json=body)
        if response.status_code != 200:
            raise ApiRefused(f"{user} could not sign in: {response.status_code} {response.get_json()}")
        token = str(response.get_json()["token"])
        self._tokens[user] = (token, self.clock.now)
        return token
