"""The lockout after failed sign-ins holds the account at the client
addresses that failed, not everywhere: a stranger who knows a name can lock
only their own address out of it, while their guessing is still stopped."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest
from sqlalchemy import func, select

from service.store.models import AuditEvent, LoginFailure
from tests.support.app import PASSWORD, app_with_users, databases
from tests.support.logins import ATTACKER, TABLET, Clock, attempt

pytestmark = pytest.mark.store

FAILURES = 3  # the test settings lock after 3
OTHER = "192.0.2.67"


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def clocked(app, clock):
    app.extensions["breakpoker"]["clock"] = clock
    return app


def fail(app, name, times=FAILURES, address=ATTACKER, headers=None):
    for _ in range(times):
        assert attempt(app, name, address=address, headers=headers).status_code == 401


def assert_locked(response):
    assert response.status_code == 403, response.json
    assert (response.json["code"], response.json["field"]) == ("account_locked", "name")


def test_a_stranger_s_guesses_do_not_lock_the_owner_out_at_their_tablet(clocked):
    fail(clocked, "dealer")
    assert_locked(attempt(clocked, "dealer", PASSWORD))  # at the address that guessed
    signed_in = attempt(clocked, "dealer", PASSWORD, address=TABLET)
    assert signed_in.status_code == 200, signed_in.json
    # The owner's sign-in lifts nobody else's lock.
    assert_locked(attempt(clocked, "dealer", PASSWORD))


def test_the_lock_says_it_holds_this_address_and_until_when(clocked, clock):
    fail(clocked, "dealer")
    message = attempt(clocked, "dealer", PASSWORD).json["message"]
    until = (clock.now + timedelta(minutes=15)).isoformat(timespec="seconds")
    assert message == (
        f"account 'dealer' is locked at this address after {FAILURES} failed logins until {until}; "
        "it can still sign in from its own device"
    )


def test_guesses_from_each_address_are_counted_and_locked_apart(clocked):
    fail(clocked, "dealer", FAILURES - 1)
    fail(clocked, "dealer", FAILURES - 1, address=OTHER)
    # Neither address has failed 3 times: no lock yet, anywhere.
    assert attempt(clocked, "dealer", PASSWORD, address=TABLET).status_code == 200
    fail(clocked, "dealer", 1, address=OTHER)
    assert_locked(attempt(clocked, "dealer", PASSWORD, address=OTHER))
    assert attempt(clocked, "dealer", PASSWORD).status_code == 200  # 2 failures there: not locked
    # Its success there started the count there afresh.
    fail(clocked, "dealer", FAILURES - 1)
    assert attempt(clocked, "dealer", PASSWORD).status_code == 200


def test_guessing_at_a_locked_address_checks_no_password(clocked):
    fail(clocked, "pit_boss")
    for _ in range(5):
        wrong = attempt(clocked, "pit_boss")
        assert wrong.status_code == 401  # as for a wrong name: the lock is not given away
    with databases(clocked)() as db:
        reasons = db.scalars(
            select(AuditEvent.payload["reason"].as_string())
            .where(AuditEvent.kind == "login_failed")
            .order_by(AuditEvent.id)
        ).all()
    assert reasons == ["password"] * FAILURES + ["locked"] * 5


def test_the_audit_log_records_the_lock_and_the_address_of_each_failure(clocked, clock):
    fail(clocked, "dealer")
    attempt(clocked, "dealer", PASSWORD)
    with databases(clocked)() as db:
        kinds = AuditEvent.kind.in_(("login_failed", "lockout"))
        found = db.scalars(select(AuditEvent).where(kinds).order_by(AuditEvent.id))
        logged = [(event.kind, event.subject, event.payload) for event in found]
    user = logged[0][1]
    failed = {"name": "dealer", "reason": "password", "address": ATTACKER}
    until = (clock.now + timedelta(minutes=15)).isoformat()
    assert logged == [
        *[("login_failed", user, failed)] * FAILURES,
        ("lockout", user, {"name": "dealer", "address": ATTACKER, "until": until, "failures": FAILURES}),
        ("login_failed", user, {**failed, "reason": "locked"}),
    ]


def test_the_lock_ends_after_its_time(clocked, clock):
    fail(clocked, "admin")
    clock.now += timedelta(minutes=15, seconds=-1)
    assert_locked(attempt(clocked, "admin", PASSWORD))
    clock.now += timedelta(seconds=1)
    assert attempt(clocked, "admin", PASSWORD).status_code == 200
    # And a new lock takes the full count again.
    fail(clocked, "admin", FAILURES - 1)
    assert attempt(clocked, "admin", PASSWORD).status_code == 200


def test_failures_are_forgotten_as_long_after_the_last_as_a_lock_lasts(clocked, clock):
    fail(clocked, "compliance", FAILURES - 1)
    clock.now += timedelta(minutes=14)
    fail(clocked, "compliance", 1)  # 3 within 15 minutes of each other: locked
    assert_locked(attempt(clocked, "compliance", PASSWORD))
    clock.now += timedelta(minutes=15)
    fail(clocked, "compliance", FAILURES - 1)
    clock.now += timedelta(minutes=15)
    fail(clocked, "compliance", FAILURES - 1)  # the 2 before were forgotten
    assert attempt(clocked, "compliance", PASSWORD).status_code == 200


def test_rows_of_old_failures_are_deleted(clocked, clock):
    for n in range(5):
        fail(clocked, "dealer", 1, address=f"198.51.100.{n}")
    clock.now += timedelta(minutes=16)
    fail(clocked, "dealer", 1, address=OTHER)
    with databases(clocked)() as db:
        kept = db.execute(select(LoginFailure.address, LoginFailure.failures)).all()
        assert db.scalar(select(func.count()).select_from(LoginFailure)) == 1
    assert kept == [(OTHER, 1)]


def test_behind_a_trusted_proxy_the_lock_holds_the_forwarded_client(settings, clock):
    for app in app_with_users(replace(settings, trusted_proxies=("10.0.0.0/8",))):
        app.extensions["breakpoker"]["clock"] = clock
        guesser = {"X-Forwarded-For": "203.0.113.5"}
        fail(app, "dealer", address="10.0.0.1", headers=guesser)
        assert_locked(attempt(app, "dealer", PASSWORD, address="10.0.0.1", headers=guesser))
        owner = {"X-Forwarded-For": "203.0.113.6"}
        assert attempt(app, "dealer", PASSWORD, address="10.0.0.1", headers=owner).status_code == 200


def test_a_forwarded_for_from_an_untrusted_peer_does_not_dodge_the_lock(clocked):
    for n in range(FAILURES):
        fail(clocked, "dealer", 1, headers={"X-Forwarded-For": f"203.0.113.{n}"})
    assert_locked(attempt(clocked, "dealer", PASSWORD, headers={"X-Forwarded-For": "203.0.113.99"}))
