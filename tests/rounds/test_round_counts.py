"""The round list's total comes from counts kept as rounds are stored
(migration 0021): they must equal a COUNT of the rounds after entries,
voids and corrections, on both databases, and after the migration's
backfill of the rounds stored before it."""

from __future__ import annotations

from datetime import date

import pytest
from alembic import command
from sqlalchemy import text

from service.rounds.round_counts import count_inserted, counted_rounds
from service.store.db import make_engine
from service.store.migrate import alembic_config, upgrade
from service.store.work import unit_of_work
from tests.support.app import databases, sign_in
from tests.support.rounds_data import correct, enter, round_body, void_approved

pytestmark = pytest.mark.store

COUNTED = "SELECT table_id, gaming_day, shift, rounds FROM round_counts ORDER BY 1, 2, 3"
RECOUNTED = (
    "SELECT table_id, gaming_day, shift, COUNT(*) FROM rounds "
    "GROUP BY table_id, gaming_day, shift ORDER BY 1, 2, 3"
)


def counts_and_recount(database_url: str) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    engine = make_engine(database_url)
    try:
        with engine.connect() as connection:
            kept = [tuple(row) for row in connection.execute(text(COUNTED))]
            recount = [tuple(row) for row in connection.execute(text(RECOUNTED))]
    finally:
        engine.dispose()
    return kept, recount


def new_table(client, admin, name: str) -> dict:
    response = client.post("/api/v1/tables", json={"name": name}, headers=admin)
    assert response.status_code == 201, response.json
    return response.json


def listed_total(client, boss, table: dict, **filters: object) -> int:
    response = client.get(f"/api/v1/tables/{table['id']}/rounds", query_string=filters, headers=boss)
    assert response.status_code == 200, response.json
    return int(response.json["total"])


def test_the_counts_equal_a_count_of_the_rounds(client, as_role, settings):
    dealer, boss, boss2 = as_role["dealer"], as_role["pit_boss"], sign_in(client, "pit_boss2")
    first, second = (new_table(client, as_role["admin"], name) for name in ("C-1", "C-2"))
    games = [enter(client, dealer, first, f"a{n}") for n in range(5)]
    enter(client, dealer, second, "b0")
    void_approved(client, boss, boss2, games[1]["id"])  # a void adds no record
    fixed = round_body("a2")
    fixed["seats"][0]["bets"]["main"] = 2000
    corrected = correct(client, boss, boss2, games[2]["id"], fixed)  # a correction adds one
    kept, recount = counts_and_recount(settings.database_url)
    assert kept == recount
    assert sum(int(row[3]) for row in kept) == 7  # type: ignore[call-overload]
    day, shift = corrected["gaming_day"], corrected["shift"]
    assert listed_total(client, boss, first) == 6
    assert listed_total(client, boss, first, page=1) == 6
    assert listed_total(client, boss, second, order="newest", per_page=1) == 1
    assert listed_total(client, boss, first, **{"from": day, "to": day, "shift": shift}) == 6
    assert listed_total(client, boss, first, **{"from": day, "shift": shift % 3 + 1}) == 0
    assert listed_total(client, boss, first, to="2000-01-01") == 0


def test_an_insert_adds_to_its_day_and_shift_only(app, client, as_role, table):
    day = date(2026, 5, 1)
    with unit_of_work(databases(app)) as db:
        connection = db.connection()
        count_inserted(connection, table["id"], day, 1)
        count_inserted(connection, table["id"], day, 1, 4)
        count_inserted(connection, table["id"], day, 2)
    with databases(app)() as db:
        assert counted_rounds(db, table["id"], None, None, None) == 6
        assert counted_rounds(db, table["id"], day, day, 1) == 5
        assert counted_rounds(db, table["id"], None, None, 2) == 1
        assert counted_rounds(db, table["id"], date(2026, 5, 2), None, None) == 0
        assert counted_rounds(db, table["id"] + 1, None, None, None) == 0


def test_the_migration_counts_the_rounds_stored_before_it(client, as_role, settings):
    first, second = (new_table(client, as_role["admin"], name) for name in ("M-1", "M-2"))
    for n in range(3):
        enter(client, as_role["dealer"], first, f"m{n}")
    enter(client, as_role["dealer"], second, "n0")
    command.downgrade(alembic_config(settings.database_url), "0020")
    upgrade(settings.database_url)
    kept, recount = counts_and_recount(settings.database_url)
    assert kept == recount
    assert [int(row[3]) for row in kept] == [3, 1]  # type: ignore[call-overload]
