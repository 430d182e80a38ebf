"""A co-signature is the signer's own: their password, typed by them, on an
account they may still use. A deactivated user signs nothing, and a
password an admin chose (a new account, a reset) signs nothing until its
owner has replaced it."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select

from service.accounts.auth import create_user
from service.accounts.cosign import cosigner
from service.accounts.passwords import change_password, reset_password
from service.accounts.user_admin import deactivate
from service.errors import Forbidden
from service.store.models import User
from service.store.work import unit_of_work
from tests.support.app import PASSWORD, databases

pytestmark = pytest.mark.store

NOW = datetime(2026, 6, 1, 12, tzinfo=UTC)
MINE = "my very own secret"


def sign(app, settings, name, password=PASSWORD):
    with unit_of_work(databases(app)) as db:
        return cosigner(db, name, password, settings, "10.0.0.9", NOW, "cosigner").name


def refusal(app, settings, name, password=PASSWORD):
    with pytest.raises(Forbidden) as refused:
        sign(app, settings, name, password)
    return refused.value


def user(db, name):
    return db.scalar(select(User).where(User.name == name))


def test_an_active_user_with_their_own_password_signs(app, settings):
    assert sign(app, settings, "dealer") == "dealer"


def test_a_deactivated_user_signs_nothing(app, settings):
    with unit_of_work(databases(app)) as db:
        deactivate(db, user(db, "dealer").id, user(db, "admin").id, NOW)
    refused = refusal(app, settings, "dealer")
    assert (refused.code, refused.field) == ("account_deactivated", "cosigner.name")
    # A wrong password learns nothing of the deactivation.
    assert refusal(app, settings, "dealer", "not it at all").code == "bad_signature"


def test_a_password_an_admin_chose_signs_nothing_until_replaced(app, settings):
    with unit_of_work(databases(app)) as db:
        create_user(db, "newbie", "dealer", "chosen by the admin", must_change_password=True)
    refused = refusal(app, settings, "newbie", "chosen by the admin")
    assert (refused.code, refused.field) == ("password_change_required", "cosigner.name")
    assert "chosen by the admin" not in refused.message
    with unit_of_work(databases(app)) as db:
        change_password(
            db,
            user(db, "newbie"),
            "chosen by the admin",
            MINE,
            settings,
            kept_token=0,
            address="10.0.0.9",
            now=NOW,
        )
    assert sign(app, settings, "newbie", MINE) == "newbie"


def test_a_reset_password_signs_nothing_until_replaced(app, settings):
    with unit_of_work(databases(app)) as db:
        temporary = reset_password(db, user(db, "dealer").id, None, NOW).temporary_password
    assert refusal(app, settings, "dealer", temporary).code == "password_change_required"


def test_a_password_past_its_maximum_age_signs_nothing(app, settings):
    aged = replace(settings, password_max_age_days=90)
    with unit_of_work(databases(app)) as db:
        user(db, "dealer").password_changed_at = NOW - timedelta(days=90)
    assert refusal(app, aged, "dealer").code == "password_change_required"
    assert sign(app, replace(aged, password_max_age_days=91), "dealer") == "dealer"
