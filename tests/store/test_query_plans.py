"""A lookup on the path of every round reads the few pages it needs however
the table grew since the connection first ran it.

psycopg prepares a statement on its fifth run on a connection, and
PostgreSQL then kept one generic plan for it, chosen with the table as it
was. Chosen at a table of two rounds, it walked the table's index on
(table_id, entered_at) and filtered every round of the table: once the
table grew, with no ANALYZE since to replace the plan (a server with
autovacuum off, as this machine's is), each round entered read all the
rounds before it. At 100 rounds a second the API answered 80.6 a second
over four minutes, p99 56 s. The service's connections now ask for a plan
made with each run's values (plan_cache_mode=force_custom_plan).

Always on PostgreSQL (TEST_DATABASE_URL's server, else the machine's own),
in a database of its own: never analyzed, as a new casino's is."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy import text
from sqlalchemy.engine import make_url

from service.rounds.entering import _BY_KEY, _BY_REF
from service.store.db import postgresql_connect_args
from tests.postgres import scratch_database
from tests.support.app import databases, user_id
from tests.support.pages import pages_read
from tests.support.rounds_data import enter

pytestmark = pytest.mark.store

#: the table's rounds after it grew: each lookup reading them all is unmistakable
GROWN = 3_000

_GROW = text(
    """
    INSERT INTO rounds (table_id, config_id, entered_by, round_ref, entered, entered_at,
        utc_offset_minutes, gaming_day, shift, idempotency_key, request_digest, revision,
        supersedes_id, dealer_cards, settlement, house_net)
    SELECT table_id, config_id, entered_by, round_ref || '-' || n, entered, entered_at,
        utc_offset_minutes, gaming_day, shift, idempotency_key || '-' || n, request_digest, revision,
        supersedes_id, dealer_cards, settlement, house_net
    FROM rounds, generate_series(1, :copies) AS n
    WHERE rounds.id = :round_id
    """
)


@pytest.fixture
def database_url() -> Iterator[str]:
    with scratch_database() as url:
        yield url


@pytest.mark.parametrize(
    ("statement", "parameters"),
    [
        (_BY_REF, {"ref": '"absent"', "number_ref": '"absent"'}),
        (_BY_KEY, {"key": "absent"}),
    ],
    ids=["round_id", "idempotency_key"],
)
def test_a_lookup_reads_a_few_rows_after_the_table_grew(app, client, as_role, table, statement, parameters):
    dealer = as_role["dealer"]
    first = enter(client, dealer, table, "r1")
    enter(client, dealer, table, "r2")
    parameters = {"table_id": table["id"], "user_id": user_id(app, "dealer"), **parameters}
    engine = databases(app).kw["bind"]
    with engine.connect() as looking, engine.connect() as growing:
        for _ in range(20):  # prepared on the fifth, a generic plan possible from the eleventh
            pages_read(looking, "rounds", lambda connection: connection.execute(statement, parameters))
        with growing.begin():
            growing.execute(_GROW, {"round_id": first["id"], "copies": GROWN})
        assert pages_read(looking, "rounds", lambda connection: connection.execute(statement, parameters)) < 5


def test_a_url_s_own_options_are_kept():
    url = make_url("postgresql://breakpoker@db/breakpoker?options=-c%20statement_timeout%3D5000")
    options = postgresql_connect_args(url)["options"]
    assert options == "-c statement_timeout=5000 -c plan_cache_mode=force_custom_plan"
