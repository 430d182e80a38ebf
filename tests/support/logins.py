"""Signing in from a given client address, with a clock the tests move."""

from __future__ import annotations

from service.store.db import utc_now

ATTACKER = "192.0.2.66"
TABLET = "192.0.2.10"


class Clock:
    def __init__(self):
        self.now = utc_now()

    def __call__(self):
        return self.now


def attempt(app, name, password="guess", address=ATTACKER, headers=None):
    client = app.test_client()
    return client.post(
        "/api/v1/auth/login",
        json={"name": name, "password": password},
        environ_base={"REMOTE_ADDR": address},
        headers=headers or {},
    )
