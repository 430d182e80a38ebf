"""The login rate limit: per client address and per name, in the database
(so every API process shares it), with a clock the tests move."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import timedelta

import pytest
from sqlalchemy import func, select

from service.api.app import create_app
from service.store.models import KnownAddress, LoginThrottle, User
from tests.support.app import PASSWORD, app_with_users, databases, parallel
from tests.support.logins import TABLET, Clock, attempt

pytestmark = pytest.mark.store

PER_ADDRESS = 5
PER_NAME = 8


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def limited(settings, clock):
    changed = replace(
        settings, login_limit_per_address=PER_ADDRESS, login_limit_per_name=PER_NAME, login_window_seconds=60
    )
    for app in app_with_users(changed):
        app.extensions["breakpoker"]["clock"] = clock
        yield app


def assert_limited(response, seconds):
    assert response.status_code == 429, response.json
    assert response.json["code"] == "rate_limited"
    assert response.json["field"] == "name"
    assert response.headers["Retry-After"] == str(seconds)
    assert f"try again in {seconds} seconds" in response.json["message"]


def test_the_limit_trips_after_so_many_attempts_from_one_address(limited, clock):
    names = ["dealer", "nobody", "pit_boss", "no-such-user", "admin"]
    answers = [attempt(limited, name) for name in names]
    assert [answer.status_code for answer in answers] == [401] * PER_ADDRESS
    # Known and unknown names get the same answer: nothing to enumerate.
    assert len({str(answer.json) for answer in answers}) == 1
    clock.now += timedelta(seconds=15)
    assert_limited(attempt(limited, "someone-else"), 45)
    # Past the limit even the right password waits: that is the point.
    assert_limited(attempt(limited, "compliance", PASSWORD), 45)


def test_unknown_and_known_names_are_limited_alike(limited):
    for _ in range(PER_ADDRESS):
        attempt(limited, "nobody")
    unknown = attempt(limited, "nobody")
    for _ in range(PER_ADDRESS):
        attempt(limited, "dealer", address="192.0.2.67")
    known = attempt(limited, "dealer", address="192.0.2.67")
    assert unknown.status_code == known.status_code == 429
    assert unknown.json == known.json
    assert unknown.headers["Retry-After"] == known.headers["Retry-After"]


def test_a_user_on_another_address_is_not_affected(limited):
    for _ in range(PER_ADDRESS + 3):
        attempt(limited, "nobody")
    assert attempt(limited, "nobody").status_code == 429
    signed_in = attempt(limited, "dealer", PASSWORD, address=TABLET)
    assert signed_in.status_code == 200, signed_in.json


def test_when_the_window_has_passed_login_works_again(limited, clock):
    for _ in range(PER_ADDRESS):
        attempt(limited, "nobody")
    assert_limited(attempt(limited, "dealer", PASSWORD), 60)
    clock.now += timedelta(seconds=59)
    assert_limited(attempt(limited, "dealer", PASSWORD), 1)
    clock.now += timedelta(seconds=1)
    assert attempt(limited, "dealer", PASSWORD).status_code == 200
    # A new window: the full allowance again, then the limit once more.
    for _ in range(PER_ADDRESS - 1):
        assert attempt(limited, "nobody").status_code == 401
    assert attempt(limited, "nobody").status_code == 429


def test_one_name_is_limited_across_addresses(limited):
    addresses = [f"198.51.100.{n}" for n in range(PER_NAME)]
    assert {attempt(limited, "pit_boss", address=a).status_code for a in addresses} == {401}
    assert_limited(attempt(limited, "pit_boss", PASSWORD, address="198.51.100.200"), 60)
    assert "for this name" in attempt(limited, "pit_boss", address="198.51.100.201").json["message"]
    assert attempt(limited, "pit_boss2", PASSWORD, address="198.51.100.202").status_code == 200


def fill_the_name(app, name):
    """Strangers' wrong guesses, each from an address of its own, until the
    name's window is full (the owner's own attempts count towards it too)."""
    answers = [attempt(app, name, address=f"198.51.100.{n}").status_code for n in range(PER_NAME + 1)]
    assert answers[-1] == 429, answers
    assert 401 in answers, answers


def test_strangers_filling_a_name_do_not_keep_its_owner_out_at_their_tablet(limited):
    assert attempt(limited, "dealer", PASSWORD, address=TABLET).status_code == 200  # the shift starts
    fill_the_name(limited, "dealer")
    # A new address, even with the right password, waits: that bounds guessing.
    assert_limited(attempt(limited, "dealer", PASSWORD, address="198.51.100.200"), 60)
    # The dealer's own tablet signs in again, and a wrong password there is
    # still only wrong (its own address's limit and lockout still hold).
    assert attempt(limited, "dealer", PASSWORD, address=TABLET).status_code == 200
    assert attempt(limited, "dealer", "mistyped", address=TABLET).status_code == 401
    # Another user's known address is not this user's.
    assert attempt(limited, "pit_boss", PASSWORD, address="192.0.2.20").status_code == 200
    assert_limited(attempt(limited, "dealer", PASSWORD, address="192.0.2.20"), 60)


def test_an_address_is_known_for_30_days_after_its_last_sign_in(limited, clock):
    assert attempt(limited, "dealer", PASSWORD, address=TABLET).status_code == 200
    clock.now += timedelta(days=29)
    fill_the_name(limited, "dealer")
    assert attempt(limited, "dealer", PASSWORD, address=TABLET).status_code == 200  # and remembered anew
    clock.now += timedelta(days=30, seconds=1)
    fill_the_name(limited, "dealer")
    assert_limited(attempt(limited, "dealer", PASSWORD, address=TABLET), 60)


def test_attempts_refused_for_their_address_do_not_use_up_a_name(limited):
    for _ in range(PER_NAME * 2):
        attempt(limited, "ghost")
    # The attacker's address used up its own share of the name only (5 of 8).
    others = [attempt(limited, "ghost", address=f"198.51.100.{n}") for n in range(PER_NAME - PER_ADDRESS + 1)]
    assert [answer.status_code for answer in others] == [401] * (PER_NAME - PER_ADDRESS) + [429]


def test_attempts_at_once_cannot_exceed_the_limit(limited):
    def send():
        return attempt(limited, "nobody").status_code

    statuses = parallel(4 * PER_ADDRESS, send)
    assert statuses.count(401) == PER_ADDRESS
    assert statuses.count(429) == 3 * PER_ADDRESS


def test_forwarded_for_is_ignored_unless_the_proxy_is_trusted(limited):
    for n in range(PER_ADDRESS):
        attempt(limited, "nobody", headers={"X-Forwarded-For": f"203.0.113.{n}"})
    # Another X-Forwarded-For each time did not make another client.
    assert attempt(limited, "nobody", headers={"X-Forwarded-For": "203.0.113.99"}).status_code == 429


def test_behind_a_trusted_proxy_each_forwarded_client_has_its_own_limit(settings, clock):
    changed = replace(settings, login_limit_per_address=2, trusted_proxies=("10.0.0.0/8",))
    for app in app_with_users(changed):
        app.extensions["breakpoker"]["clock"] = clock
        behind = {"X-Forwarded-For": "203.0.113.5, 10.0.0.9"}
        for _ in range(2):
            assert attempt(app, "nobody", address="10.0.0.1", headers=behind).status_code == 401
        assert attempt(app, "nobody", address="10.0.0.1", headers=behind).status_code == 429
        other = {"X-Forwarded-For": "203.0.113.6"}
        assert attempt(app, "dealer", PASSWORD, address="10.0.0.1", headers=other).status_code == 200


def test_old_windows_are_forgotten(limited, clock):
    for n in range(10):
        attempt(limited, f"name-{n}", address=f"192.0.2.{n}")
    clock.now += timedelta(minutes=5)
    attempt(limited, "dealer", PASSWORD, address=TABLET)
    with databases(limited)() as db:
        kept = db.scalar(select(func.count()).select_from(LoginThrottle))
        stored = set(db.scalars(select(LoginThrottle.key)))
    assert kept == 2  # the tablet's address and the name it used
    assert all(re.fullmatch("[0-9a-f]{64}", key) for key in stored)  # digests, no typed name


def test_the_limit_is_documented(limited):
    login = limited.test_client().get("/api/v1/openapi.json").json["paths"]["/api/v1/auth/login"]["post"]
    assert "rate_limited" in login["responses"]["429"]["description"]
    assert "Retry-After" in login["responses"]["429"]["description"]


def test_another_api_process_on_the_database_shares_the_count(limited, clock):
    for _ in range(PER_ADDRESS):
        attempt(limited, "nobody")
    twin = create_app(limited.extensions["breakpoker"]["settings"])  # as a second gunicorn worker
    twin.extensions["breakpoker"]["clock"] = clock
    try:
        assert attempt(twin, "nobody").status_code == 429
    finally:
        twin.extensions["breakpoker"]["engine"].dispose()


def test_a_mistyped_trusted_proxy_stops_the_start_with_its_name(monkeypatch):
    from service.config.settings import Settings

    monkeypatch.setenv("BREAKPOKER_TRUSTED_PROXIES", "10.0.0.0/8, 10.0.0.300")
    # The message every bad variable gets (tests/config/test_environment.py):
    # its value, the entry, what is allowed.
    named = r"BREAKPOKER_TRUSTED_PROXIES='10\.0\.0\.0/8, 10\.0\.0\.300': '10\.0\.0\.300' is not an address"
    with pytest.raises(ValueError, match=named):
        Settings.from_environment()
    monkeypatch.setenv("BREAKPOKER_TRUSTED_PROXIES", "10.0.0.0/8, 192.0.2.1")
    networks = [str(network) for network in Settings.from_environment().trusted_networks]
    assert networks == ["10.0.0.0/8", "192.0.2.1/32"]


def test_addresses_not_signed_in_from_for_30_days_are_forgotten(limited, clock):
    assert attempt(limited, "dealer", PASSWORD, address=TABLET).status_code == 200
    assert attempt(limited, "pit_boss", PASSWORD, address=TABLET).status_code == 200
    clock.now += timedelta(days=30)
    assert attempt(limited, "dealer", PASSWORD, address="192.0.2.11").status_code == 200
    with databases(limited)() as db:
        kept = db.execute(
            select(User.name, KnownAddress.address).join(User, User.id == KnownAddress.user_id)
        ).all()
    # The dealer's tablet is forgotten; the pit boss's waits for the pit boss's next sign-in.
    assert sorted(kept) == [("dealer", "192.0.2.11"), ("pit_boss", TABLET)]
