"""``breakpoker db upgrade`` and ``breakpoker users create``."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from sqlalchemy import select

from service.accounts.auth import authenticate, login
from service.cli import main
from service.config.settings import Settings
from service.errors import Forbidden, Unauthorized
from service.store.db import database_factory, make_engine
from service.store.models import AuditEvent, KnownAddress, User
from service.store.work import unit_of_work


def test_upgrade_then_create_users(tmp_path, monkeypatch):
    monkeypatch.setenv("BREAKPOKER_INSTANCE", str(tmp_path))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    runner = CliRunner()
    for _ in range(2):  # a second upgrade finds nothing to do
        result = runner.invoke(main, ["db", "upgrade"])
        assert result.exit_code == 0, result.output
    assert (tmp_path / "breakpoker.sqlite3").exists()

    result = runner.invoke(
        main, ["users", "create", "ana", "--role", "pit_boss", "--password-stdin"], input="s3cret-pass!\n"
    )
    assert result.exit_code == 0, result.output
    assert "created pit_boss 'ana'" in result.output

    prompted = runner.invoke(
        main, ["users", "create", "bo", "--role", "dealer"], input="another-passphrase\nanother-passphrase\n"
    )
    assert prompted.exit_code == 0, prompted.output

    again = runner.invoke(
        main, ["users", "create", "ana", "--role", "admin", "--password-stdin"], input="s3cret-pass!\n"
    )
    assert again.exit_code == 2
    assert "already exists" in again.output
    short = runner.invoke(
        main, ["users", "create", "cy", "--role", "admin", "--password-stdin"], input="short\n"
    )
    assert short.exit_code == 2
    assert "at least 12 characters" in short.output
    wrong_role = runner.invoke(
        main, ["users", "create", "di", "--role", "boss", "--password-stdin"], input="x" * 9
    )
    assert wrong_role.exit_code == 2

    settings = Settings(instance=tmp_path)
    engine = make_engine(settings.database)
    with database_factory(engine)() as db:
        assert [u.name for u in db.scalars(select(User).order_by(User.id))] == ["ana", "bo"]
        assert login(db, "ana", "s3cret-pass!", settings).user.role == "pit_boss"
    engine.dispose()


def test_ensure_admin_creates_one_once(tmp_path, monkeypatch):
    monkeypatch.setenv("BREAKPOKER_INSTANCE", str(tmp_path))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    runner = CliRunner()
    runner.invoke(main, ["db", "upgrade"])
    first = runner.invoke(main, ["users", "ensure-admin"])
    assert first.exit_code == 0
    password = first.output.split("password ")[1].split()[0]
    second = runner.invoke(main, ["users", "ensure-admin"])
    assert "An admin exists" in second.output
    settings = Settings(instance=tmp_path)
    engine = make_engine(settings.database)
    with database_factory(engine)() as db:
        assert login(db, "admin", password, settings).user.role == "admin"
    engine.dispose()


def test_set_password_signs_out_lifts_locks_and_keeps_no_password(tmp_path, monkeypatch):
    monkeypatch.setenv("BREAKPOKER_INSTANCE", str(tmp_path))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    runner = CliRunner()
    runner.invoke(main, ["db", "upgrade"])
    created = runner.invoke(
        main, ["users", "create", "dee", "--role", "dealer", "--password-stdin"], input="old-password\n"
    )
    assert created.exit_code == 0, created.output
    settings = Settings(instance=tmp_path)
    engine = make_engine(settings.database)
    with unit_of_work(database_factory(engine)) as db:
        token = login(db, "dee", "old-password", settings, address="10.0.0.1").token
    for _ in range(settings.lockout_failures):  # wrong guesses lock dee at one address
        with database_factory(engine)() as db:
            with pytest.raises(Unauthorized):
                login(db, "dee", "guess-guess", settings, address="10.0.0.9")
            db.commit()  # as the API does: a failure is counted
    with database_factory(engine)() as db, pytest.raises(Forbidden, match="locked"):
        login(db, "dee", "old-password", settings, address="10.0.0.9")

    result = runner.invoke(main, ["users", "set-password", "dee", "--password-stdin"], input="new-password\n")
    assert result.exit_code == 0, result.output
    assert "new password set for dealer 'dee'; 1 sign-in(s) revoked, 1 lock(s) lifted" in result.output

    with unit_of_work(database_factory(engine)) as db:
        with pytest.raises(Unauthorized, match="not valid"):
            authenticate(db, token)
        assert login(db, "dee", "new-password", settings, address="10.0.0.9").user.name == "dee"
    with database_factory(engine)() as db, pytest.raises(Unauthorized):
        login(db, "dee", "old-password", settings)
    with database_factory(engine)() as db:
        # Only the address signed in from since is known now.
        assert [row.address for row in db.scalars(select(KnownAddress))] == ["10.0.0.9"]
        event = db.scalars(select(AuditEvent).where(AuditEvent.kind == "password_set")).one()
        assert event.payload == {"name": "dee", "tokens_revoked": 1}
        assert "new-password" not in str(event.payload)
    engine.dispose()


def test_set_password_counts_only_the_locks_that_hold(tmp_path, monkeypatch):
    monkeypatch.setenv("BREAKPOKER_INSTANCE", str(tmp_path))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    runner = CliRunner()
    runner.invoke(main, ["db", "upgrade"])
    runner.invoke(
        main, ["users", "create", "dee", "--role", "dealer", "--password-stdin"], input="old-password\n"
    )
    settings = Settings(instance=tmp_path)
    engine = make_engine(settings.database)
    with database_factory(engine)() as db:  # two wrong guesses: counted, no lock
        for _ in range(2):
            with pytest.raises(Unauthorized):
                login(db, "dee", "guess-guess", settings, address="10.0.0.9")
        db.commit()
    engine.dispose()
    result = runner.invoke(main, ["users", "set-password", "dee", "--password-stdin"], input="new-password\n")
    assert result.exit_code == 0, result.output
    assert "0 sign-in(s) revoked, 0 lock(s) lifted" in result.output


@pytest.mark.parametrize(
    ("name", "typed", "message"),
    [("nobody", "new-password\n", "no user named 'nobody'"), ("dee", "short\n", "at least 12 characters")],
)
def test_set_password_refuses_unknown_users_and_short_passwords(tmp_path, monkeypatch, name, typed, message):
    monkeypatch.setenv("BREAKPOKER_INSTANCE", str(tmp_path))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    runner = CliRunner()
    runner.invoke(main, ["db", "upgrade"])
    runner.invoke(
        main, ["users", "create", "dee", "--role", "dealer", "--password-stdin"], input="old-password\n"
    )
    result = runner.invoke(main, ["users", "set-password", name, "--password-stdin"], input=typed)
    assert result.exit_code == 2
    assert message in result.output
    settings = Settings(instance=tmp_path)
    engine = make_engine(settings.database)
    with database_factory(engine)() as db:
        assert login(db, "dee", "old-password", settings).user.name == "dee"
    engine.dispose()
