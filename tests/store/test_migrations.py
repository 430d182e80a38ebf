"""The migrations build exactly the schema the models describe, on every
database, and can be undone."""

from __future__ import annotations

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

import service.audit.events
from service.config.environment import SessionlessRounds
from service.config.settings import Settings
from service.store.db import Base, make_engine
from service.store.migrate import alembic_config, head_revision, upgrade
from tests.support.accounting import close_table, count_drop, ok, open_table
from tests.support.app import app_with_users, sign_in
from tests.support.rounds_data import enter, round_body

pytestmark = pytest.mark.store


def test_migrated_schema_matches_the_models(settings):
    engine = make_engine(settings.database)
    with engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    engine.dispose()
    assert differences == []


def test_migrations_go_down_and_up_again(settings):
    config = alembic_config(settings.database)
    command.downgrade(config, "base")
    command.upgrade(config, "head")
    test_migrated_schema_matches_the_models(settings)


SCOPED_KEYS = "0009"  # an Idempotency-Key is unique per table and user


def before(revision: str, url: str) -> str:
    return ScriptDirectory.from_config(alembic_config(url)).get_revision(revision).down_revision


def refused(engine, statement: str) -> bool:
    try:
        with engine.begin() as connection:
            connection.execute(text(statement))
    except DBAPIError:
        return True
    return False


def stored_rows(engine) -> list[tuple[object, ...]]:
    """The rounds and seats as every schema since 0001 has them."""
    with engine.connect() as connection:
        rounds = connection.execute(text("SELECT id, table_id, house_net FROM rounds ORDER BY id")).all()
        seats = connection.execute(
            text("SELECT round_id, seat FROM round_seats ORDER BY round_id, seat")
        ).all()
    return [tuple(row) for row in [*rounds, *seats]]


def test_keys_become_scoped_on_a_database_with_rounds(database_url, tmp_path, monkeypatch):
    """Migrated up, down and up again with rounds, seats and a void in it:
    nothing lost, the rounds still refuse changes, and the key is the
    user's own at the table."""
    # Today's code writes rounds into the older schema here: that schema
    # has no table for the events' MACs (migration 0016), and nothing is
    # sealed in this test, so the events go without.
    monkeypatch.setattr(service.audit.events, "store_mac", lambda *_: None)
    older = before(SCOPED_KEYS, database_url)
    upgrade(database_url)  # signing in writes tables newer than ``older``
    # An older schema has no sessions: the rounds are taken without one.
    settings = Settings(
        instance=tmp_path, database_url=database_url, rounds_without_session=SessionlessRounds.ALLOW
    )
    users = app_with_users(settings)
    client = next(users).test_client()
    admin, dealer, dealer2, boss = (
        sign_in(client, name) for name in ("admin", "dealer", "dealer2", "pit_boss")
    )
    # Entered at the head: this version reads users' and tokens' columns
    # of 0015 at every request, so it serves no request on an older schema.
    table = client.post("/api/v1/tables", json={"name": "BP-1"}, headers=admin).json
    entered = [enter(client, dealer, table, round_id) for round_id in ("r1", "r2")]
    void = client.post(f"/api/v1/rounds/{entered[1]['id']}/void", json={"reason": "misdeal"}, headers=boss)
    assert void.status_code == 201, void.json
    shown = [client.get(f"/api/v1/rounds/{found['id']}", headers=admin).json for found in entered]
    engine = make_engine(database_url)
    stored = stored_rows(engine)
    engine.dispose()

    def rounds_kept_and_unchangeable(at_head: bool) -> None:
        if at_head:
            assert [
                client.get(f"/api/v1/rounds/{found['id']}", headers=admin).json for found in entered
            ] == shown
        engine = make_engine(database_url)
        try:
            assert stored_rows(engine) == stored
            assert refused(engine, "UPDATE rounds SET house_net = 0")
            assert refused(engine, "DELETE FROM rounds")
            assert refused(engine, "DELETE FROM round_seats")
        finally:
            engine.dispose()

    for _ in range(2):
        command.downgrade(alembic_config(database_url), older)
        rounds_kept_and_unchangeable(at_head=False)
        upgrade(database_url)
        rounds_kept_and_unchangeable(at_head=True)

    # The first dealer's key, the second dealer's round.
    theirs = client.post(
        f"/api/v1/tables/{table['id']}/rounds",
        json=round_body("r3"),
        headers={**dealer2, "Idempotency-Key": f"{table['id']}-r1"},
    )
    assert theirs.status_code == 201, theirs.json
    # Two rounds share a key now: the older schema cannot hold them.
    with pytest.raises(RuntimeError, match=f"Idempotency-Key '{table['id']}-r1' is used by 2 rounds"):
        command.downgrade(alembic_config(database_url), older)
    next(users, None)  # disposes of the app's engine
    # The refused step back undid the steps before it too: still at the head.
    engine = make_engine(database_url)
    with engine.connect() as connection:
        assert connection.scalar(text("SELECT version_num FROM alembic_version")) == head_revision()
    engine.dispose()
    test_migrated_schema_matches_the_models(settings)


ONE_FIRST_COUNT = "0025"  # one first drop count a session


def test_a_session_counted_twice_before_the_rule_stops_the_upgrade_naming_it(app, client, table, settings):
    """A database where two first counts of one box were stored at once
    (before migration 0025) holds records the rule refuses: the upgrade
    stops and names the session, and the schema stays where it was."""
    opened = ok(open_table(client, table["id"]), 201)
    ok(close_table(client, table["id"]))
    ok(count_drop(client, opened["id"]), 201)
    app.extensions["breakpoker"]["engine"].dispose()
    config = alembic_config(settings.database)
    older = before(ONE_FIRST_COUNT, settings.database)
    command.downgrade(config, older)
    engine = make_engine(settings.database)
    try:
        with engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO drop_counts (session_id, table_id, lines, total, counters, counted_at) "
                    "SELECT session_id, table_id, lines, total, counters, counted_at FROM drop_counts"
                )
            )
        with pytest.raises(RuntimeError, match=f"table sessions {opened['id']} each have more than one"):
            upgrade(settings.database)
        with engine.connect() as connection:
            assert connection.scalar(text("SELECT version_num FROM alembic_version")) == older
    finally:
        engine.dispose()
