"""``breakpoker db upgrade`` and ``breakpoker users create``."""

from __future__ import annotations

from click.testing import CliRunner
from sqlalchemy import select

from service.auth import login
from service.cli import main
from service.db import make_engine, session_factory
from service.models import User
from service.settings import Settings


def test_upgrade_then_create_users(tmp_path, monkeypatch):
    monkeypatch.setenv("BREAKPOKER_INSTANCE", str(tmp_path))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    runner = CliRunner()
    for _ in range(2):  # a second upgrade finds nothing to do
        result = runner.invoke(main, ["db", "upgrade"])
        assert result.exit_code == 0, result.output
    assert (tmp_path / "breakpoker.sqlite3").exists()

    result = runner.invoke(
        main, ["users", "create", "ana", "--role", "pit_boss", "--password-stdin"], input="s3cret-pass\n"
    )
    assert result.exit_code == 0, result.output
    assert "created pit_boss 'ana'" in result.output

    prompted = runner.invoke(
        main, ["users", "create", "bo", "--role", "dealer"], input="another-pass\nanother-pass\n"
    )
    assert prompted.exit_code == 0, prompted.output

    again = runner.invoke(
        main, ["users", "create", "ana", "--role", "admin", "--password-stdin"], input="s3cret-pass\n"
    )
    assert again.exit_code == 2
    assert "already exists" in again.output
    short = runner.invoke(
        main, ["users", "create", "cy", "--role", "admin", "--password-stdin"], input="short\n"
    )
    assert short.exit_code == 2
    assert "at least 8 characters" in short.output
    wrong_role = runner.invoke(
        main, ["users", "create", "di", "--role", "boss", "--password-stdin"], input="x" * 9
    )
    assert wrong_role.exit_code == 2

    settings = Settings(instance=tmp_path)
    engine = make_engine(settings.database)
    with session_factory(engine)() as session:
        assert [u.name for u in session.scalars(select(User).order_by(User.id))] == ["ana", "bo"]
        assert login(session, "ana", "s3cret-pass", settings).user.role == "pit_boss"
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
    with session_factory(engine)() as session:
        assert login(session, "admin", password, settings).user.role == "admin"
    engine.dispose()
