"""The casino's settings for comps and the cash rules: the rule book's
defaults while none is saved, each change a new version with its event,
the thresholds a currency, and every bad value refused naming its field."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import select

from service.config.currency import CURRENCIES, Currency
from service.errors import Invalid
from service.players.casino_settings import (
    DEFAULTS,
    SettingsChange,
    Thresholds,
    change_settings,
    current_settings,
    default_thresholds,
)
from service.players.settings_checks import check_change
from service.store.db import utc_now
from service.store.models import AuditEvent, CashThreshold, CasinoSettingsVersion, User
from service.store.work import unit_of_work
from tests.support.app import databases, edit

USD, JPY, KWD = Currency("USD", 2), Currency("JPY", 0), Currency("KWD", 3)
URL = "/api/v1/casino-settings"


def test_the_defaults_are_the_rule_book_s():
    assert DEFAULTS.version == 0
    assert DEFAULTS.comp_rate == Fraction(1, 5)
    assert DEFAULTS.thresholds_in(USD) == Thresholds(USD, 300_000, 1_000_000, default=True)
    assert DEFAULTS.thresholds_in(JPY) == Thresholds(JPY, 3_000, 10_000, default=True)
    assert DEFAULTS.thresholds_in(KWD) == Thresholds(KWD, 3_000_000, 10_000_000, default=True)


@given(st.sampled_from(sorted(CURRENCIES)))
def test_a_currency_s_default_is_3000_and_10000_of_it(code):
    currency = Currency(code, CURRENCIES[code][0])
    found = default_thresholds(currency)
    assert currency.amount(found.log).split(".")[0] == "3,000"
    assert currency.amount(found.report).split(".")[0] == "10,000"
    assert found.log * 10 == found.report * 3


def test_with_none_stored_the_defaults_are_read(app):
    with databases(app)() as db:
        assert current_settings(db) == DEFAULTS


def admin_of(db):
    return db.scalar(select(User).where(User.name == "admin"))


@pytest.mark.store
def test_each_change_is_a_new_version_and_an_event(app, database):
    with unit_of_work(databases(app)) as db:
        first = change_settings(db, admin_of(db), SettingsChange(comp_rate_basis_points=1250), utc_now())
        second = change_settings(
            db, admin_of(db), SettingsChange(thresholds=(Thresholds(JPY, 500, 900),)), utc_now()
        )
        third = change_settings(
            db, admin_of(db), SettingsChange(thresholds=(Thresholds(JPY, 600, 900),)), utc_now()
        )
    assert (first.version, second.version, third.version) == (1, 2, 3)
    assert first.comp_rate == Fraction(1, 8)
    assert third.comp_rate == Fraction(1, 8)  # kept
    assert third.thresholds == (Thresholds(JPY, 600, 900),)
    assert third.thresholds_in(USD).default  # a currency not named keeps the defaults
    assert third.created_by == "admin"
    with databases(app)() as db:
        assert current_settings(db) == third
        assert (
            db.scalar(
                select(CasinoSettingsVersion.comp_rate_basis_points).where(CasinoSettingsVersion.version == 1)
            )
            == 1250
        )
        assert len(db.scalars(select(CashThreshold)).all()) == 2  # versions 2 and 3, one each
        events = db.scalars(select(AuditEvent).where(AuditEvent.kind == "casino_settings_changed")).all()
    assert [event.payload for event in events] == [
        {"version": 1, "changed": {"comp_rate_basis_points": {"before": 2000, "after": 1250}}},
        {"version": 2, "changed": {"thresholds.JPY": {"before": [3000, 10000], "after": [500, 900]}}},
        {"version": 3, "changed": {"thresholds.JPY": {"before": [500, 900], "after": [600, 900]}}},
    ]
    assert {event.actor_id for event in events} == {admin_id(app)}


def admin_id(app):
    with databases(app)() as db:
        return admin_of(db).id


@pytest.mark.parametrize(
    ("rate", "thresholds", "field"),
    [
        (-1, None, "comp_rate_basis_points"),
        (10_001, None, "comp_rate_basis_points"),
        (True, None, "comp_rate_basis_points"),
        (
            None,
            [{"currency": "USD", "log_threshold": -1, "report_threshold": 5}],
            "thresholds.0.log_threshold",
        ),
        (
            None,
            [{"currency": "USD", "log_threshold": 1, "report_threshold": -5}],
            "thresholds.0.report_threshold",
        ),
        (
            None,
            [{"currency": "USD", "log_threshold": 6, "report_threshold": 5}],
            "thresholds.0.log_threshold",
        ),
        (None, [{"currency": "usd", "log_threshold": 1, "report_threshold": 5}], "thresholds.0.currency"),
        (
            None,
            [
                {"currency": "USD", "log_threshold": 1, "report_threshold": 5},
                {"currency": "USD", "log_threshold": 1, "report_threshold": 5},
            ],
            "thresholds.1.currency",
        ),
        (
            None,
            [{"currency": "EUR", "log_threshold": 1.5, "report_threshold": 5}],
            "thresholds.0.log_threshold",
        ),
    ],
)
def test_a_bad_value_is_refused_naming_its_field(rate, thresholds, field):
    with pytest.raises(Invalid) as refused:
        check_change(rate, thresholds)
    assert refused.value.field == field
    assert refused.value.status == 422


@given(
    st.integers(min_value=0, max_value=10_000),
    st.integers(min_value=0, max_value=10**15),
    st.integers(min_value=0, max_value=10**15),
)
def test_a_good_change_is_taken_as_sent(rate, one, other):
    low, high = sorted((one, other))
    change = check_change(rate, [{"currency": "KWD", "log_threshold": low, "report_threshold": high}])
    assert change == SettingsChange(rate, (Thresholds(KWD, low, high),))


# --- the API


def test_the_api_reads_the_defaults_with_an_etag(client, as_role):
    response = client.get(URL, headers=as_role["pit_boss"])
    assert response.status_code == 200
    assert response.headers["ETag"] == '"casino-settings-0"'
    assert response.json == {
        "version": 0,
        "comp_rate_basis_points": 2000,
        "comp_rate": "1/5",
        "thresholds": [
            {
                "currency": {"code": "USD", "minor_unit": 2},
                "log_threshold": 300000,
                "report_threshold": 1000000,
                "default": True,
            }
        ],
        "luck_threshold_hundredths": 400,
        "created_at": None,
        "created_by": None,
    }


def test_the_admin_saves_a_version_with_if_match(client, as_role):
    body = {
        "comp_rate_basis_points": 1000,
        "thresholds": [{"currency": "JPY", "log_threshold": 300000, "report_threshold": 1000000}],
    }
    response = edit(client, URL, json=body, headers=as_role["admin"])
    assert response.status_code == 200, response.json
    assert response.headers["ETag"] == '"casino-settings-1"'
    assert response.json["comp_rate"] == "1/10"
    assert response.json["created_by"] == "admin"
    assert [item["currency"]["code"] for item in response.json["thresholds"]] == ["USD", "JPY"]
    # The tag of version 0 is stale now; none at all is refused too.
    stale = client.put(URL, json=body, headers={**as_role["admin"], "If-Match": '"casino-settings-0"'})
    assert (stale.status_code, stale.json["code"]) == (412, "stale_version")
    assert "admin" in stale.json["message"]
    missing = client.put(URL, json=body, headers=as_role["admin"])
    assert (missing.status_code, missing.json["code"]) == (428, "if_match_required")
    assert client.get(URL, headers=as_role["compliance"]).json["version"] == 1


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"comp_rate_basis_points": 10_001}, "comp_rate_basis_points"),
        ({"comp_rate_basis_points": -5}, "comp_rate_basis_points"),
        (
            {"thresholds": [{"currency": "USD", "log_threshold": -1, "report_threshold": 5}]},
            "thresholds.0.log_threshold",
        ),
        (
            {"thresholds": [{"currency": "USD", "log_threshold": 1_000_001, "report_threshold": 1_000_000}]},
            "thresholds.0.log_threshold",
        ),
        (
            {"thresholds": [{"currency": "XYZ", "log_threshold": 1, "report_threshold": 2}]},
            "thresholds.0.currency",
        ),
        ({}, "thresholds"),
    ],
)
def test_the_api_refuses_a_bad_value_naming_it(client, as_role, body, field):
    response = edit(client, URL, json=body, headers=as_role["admin"])
    assert response.status_code == 422, response.json
    assert response.json["field"] == field
    assert client.get(URL, headers=as_role["admin"]).json["version"] == 0  # nothing saved


@pytest.mark.parametrize("role", ["dealer", "cage", "count", "pit_boss", "compliance"])
def test_only_the_admin_changes_them(client, as_role, role):
    response = edit(client, URL, json={"comp_rate_basis_points": 0}, headers=as_role[role])
    assert response.status_code == 403
    assert client.get(URL, headers=as_role["admin"]).json["version"] == 0
