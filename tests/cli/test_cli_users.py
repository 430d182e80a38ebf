"""``breakpoker users list|deactivate|reactivate|reset-password``: the
API's use cases from the console (recorded with no actor)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from sqlalchemy import select

from service.accounts.auth import login
from service.cli import main
from service.config.settings import Settings
from service.errors import Forbidden
from service.store.db import database_factory, make_engine
from service.store.models import AuditEvent

pytestmark = pytest.mark.store


@pytest.fixture
def runner(settings, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", settings.database)
    runner = CliRunner()
    assert runner.invoke(main, ["users", "ensure-admin"]).exit_code == 0
    made = runner.invoke(
        main, ["users", "create", "dee", "--role", "dealer", "--password-stdin"], input="dealer's secret\n"
    )
    assert made.exit_code == 0, made.output
    return runner


def signed_in(settings: Settings, name: str, password: str):
    engine = make_engine(settings.database)
    try:
        with database_factory(engine)() as db:
            user = login(db, name, password, settings).user
            db.commit()
            return user
    finally:
        engine.dispose()


def kinds(settings: Settings) -> list[tuple[str, int | None]]:
    engine = make_engine(settings.database)
    with database_factory(engine)() as db:
        found = [
            (event.kind, event.actor_id) for event in db.scalars(select(AuditEvent).order_by(AuditEvent.id))
        ]
    engine.dispose()
    return found


def test_list_deactivate_reactivate(runner, settings):
    listed = runner.invoke(main, ["users", "list"])
    assert listed.exit_code == 0
    lines = listed.output.splitlines()
    assert [line.split()[1:3] for line in lines] == [["admin", "admin"], ["dee", "dealer"]]
    assert "last sign-in never" in lines[1]

    assert runner.invoke(main, ["users", "deactivate", "dee"]).output == "'dee' is deactivated\n"
    assert "(deactivated)" in runner.invoke(main, ["users", "list"]).output
    with pytest.raises(Forbidden, match="deactivated"):
        signed_in(settings, "dee", "dealer's secret")
    assert runner.invoke(main, ["users", "reactivate", "dee"]).output == "'dee' is active\n"
    assert signed_in(settings, "dee", "dealer's secret").name == "dee"
    assert ("user_deactivated", None) in kinds(settings)
    assert ("user_reactivated", None) in kinds(settings)


def test_the_last_admin_and_unknown_names_are_refused(runner):
    last = runner.invoke(main, ["users", "deactivate", "admin"])
    assert last.exit_code == 2
    assert "'admin' is the last active admin" in last.output
    unknown = runner.invoke(main, ["users", "reactivate", "nobody"])
    assert unknown.exit_code == 2
    assert "no user named 'nobody'" in unknown.output


def test_reset_password_prints_one_to_replace(runner, settings):
    result = runner.invoke(main, ["users", "reset-password", "dee"])
    assert result.exit_code == 0, result.output
    temporary = result.output.split("'dee': ")[1].split()[0]
    assert signed_in(settings, "dee", temporary).must_change_password is True
    assert "(must change password)" in runner.invoke(main, ["users", "list"]).output
    assert ("password_reset", None) in kinds(settings)
