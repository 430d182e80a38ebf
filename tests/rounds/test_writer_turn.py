"""The writer's turn on SQLite: rounds are written one at a time across
threads and processes, queued on an flock beside the database, and the turn
is given back however the transaction ends."""

from __future__ import annotations

import fcntl
import os
import threading
import time
from pathlib import Path

import pytest
from sqlalchemy import Column, Integer, MetaData, Table, delete, insert, select
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

import service.rounds.entering
from service.store.db import database_factory, hold_writer, make_engine
from service.store.models import RoundRecord
from tests.postgres import postgres_url
from tests.support.app import databases, sign_in
from tests.support.rounds_data import enter, round_body


def turn_file(url: str) -> Path:
    return Path(url.removeprefix("sqlite:///") + "-writer")


def turn_is_free(url: str) -> bool:
    """Whether another process (here: another open file) could take the turn now."""
    descriptor = os.open(turn_file(url), os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    finally:
        os.close(descriptor)  # and with it any lock it took
    return True


@pytest.fixture
def sqlite_databases(tmp_path):
    url = f"sqlite:///{tmp_path / 'turn.sqlite3'}"
    engine = make_engine(url)
    yield url, database_factory(engine)
    engine.dispose()


@pytest.mark.parametrize("end", ["commit", "rollback", "close"])
def test_the_turn_is_held_to_the_end_of_the_transaction(sqlite_databases, end):
    url, factory = sqlite_databases
    db = factory()
    hold_writer(db)
    hold_writer(db)  # a second call in the same transaction takes nothing more
    assert not turn_is_free(url)
    getattr(db, end)()
    assert turn_is_free(url)
    db.close()


def test_a_second_writer_waits_for_the_first_to_finish(sqlite_databases):
    url, factory = sqlite_databases
    first = factory()
    hold_writer(first)
    entered = threading.Event()

    def second_writer() -> None:
        with factory() as second:
            hold_writer(second)
            entered.set()

    thread = threading.Thread(target=second_writer)
    thread.start()
    time.sleep(0.2)
    assert not entered.is_set()  # still waiting for the first
    first.commit()
    thread.join(timeout=10)
    assert entered.is_set()
    assert turn_is_free(url)
    first.close()


class _Base(DeclarativeBase):
    pass


class _Note(_Base):
    __tablename__ = "notes"
    id: Mapped[int] = mapped_column(primary_key=True)


_COUNTS = Table("counts", MetaData(), Column("n", Integer))


@pytest.fixture
def written_to(sqlite_databases):
    url, factory = sqlite_databases
    engine = factory.kw["bind"]
    _Base.metadata.create_all(engine)
    _COUNTS.create(engine)
    return url, factory


@pytest.mark.parametrize(
    "write",
    [
        lambda db: db.execute(insert(_COUNTS).values(n=1)),
        lambda db: db.execute(delete(_COUNTS)),
        lambda db: db.execute(_COUNTS.update().values(n=2)),
        lambda db: (db.add(_Note()), db.flush()),
    ],
    ids=["insert", "delete", "update", "flush"],
)
def test_any_write_takes_the_turn_first(written_to, write):
    # A transaction that wrote without the turn, then queued for it, held
    # SQLite's lock while the turn's holder waited for that lock: both
    # stuck until the busy timeout (30 s).
    url, factory = written_to
    with factory() as db:
        db.execute(select(_COUNTS))  # a read takes nothing
        assert turn_is_free(url)
        write(db)
        assert not turn_is_free(url)
        db.commit()
        assert turn_is_free(url)


@pytest.mark.store
def test_nothing_is_held_on_postgresql_or_in_memory(database):
    # PostgreSQL locks rows; an in-memory SQLite database has no file to lock.
    url = postgres_url() if database == "postgresql" else "sqlite://"
    engine = make_engine(url)
    with database_factory(engine)() as db:
        hold_writer(db)
        assert db.info == {}
    engine.dispose()


# SQLite only (no store mark): the turn is SQLite's.
def test_a_round_is_written_in_its_turn_and_gives_it_back(client, as_role, table, database_url, monkeypatch):
    seen = []
    real_store = service.rounds.entering.store_round

    def store_and_look(*args, **kwargs):
        stored = real_store(*args, **kwargs)
        seen.append(turn_is_free(database_url))
        return stored

    monkeypatch.setattr(service.rounds.entering, "store_round", store_and_look)
    enter(client, as_role["dealer"], table, "turn-1")
    assert seen == [False]  # held while the round was written
    assert turn_is_free(database_url)  # and given back with the commit


def test_a_failed_round_gives_the_turn_back(app, client, as_role, table, database_url, monkeypatch):
    real_store = service.rounds.entering.store_round

    def store_then_fail(*args, **kwargs):
        real_store(*args, **kwargs)
        raise RuntimeError("disk full")

    monkeypatch.setattr(service.rounds.entering, "store_round", store_then_fail)
    failed = client.post(
        f"/api/v1/tables/{table['id']}/rounds",
        json=round_body("turn-2"),
        headers={**as_role["dealer"], "Idempotency-Key": "turn-2"},
    )
    assert failed.status_code == 500
    assert turn_is_free(database_url)
    monkeypatch.undo()
    enter(client, as_role["dealer"], table, "turn-2")
    with databases(app)() as db:
        assert db.scalars(select(RoundRecord.round_ref)).all() == ['"turn-2"']


def test_an_approved_correction_takes_the_turn_before_its_first_write(
    app, client, as_role, table, database_url, monkeypatch
):
    import service.review.decisions

    round_id = enter(client, as_role["dealer"], table, "turn-3")["id"]
    corrected = round_body("turn-3")
    corrected["seats"][0]["bets"]["main"] += 500
    asked = client.post(
        f"/api/v1/rounds/{round_id}/corrections",
        json={"reason": "bet misread", "round": corrected},
        headers=as_role["pit_boss"],
    )
    assert asked.status_code == 201, asked.json
    seen = []
    real_lock = service.review.decisions.one_at_a_time

    def lock_and_look(db, record):
        real_lock(db, record)
        seen.append(turn_is_free(database_url))

    monkeypatch.setattr(service.review.decisions, "one_at_a_time", lock_and_look)
    decided = client.post(
        f"/api/v1/exceptions/{asked.json['id']}/approve", json={}, headers=sign_in(client, "pit_boss2")
    )
    assert decided.status_code == 200, decided.json
    assert decided.json["round_after"]["revision"] == 1  # the replacement stored
    assert seen == [False]
    assert turn_is_free(database_url)
