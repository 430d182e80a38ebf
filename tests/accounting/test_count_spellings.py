"""Through the API, a count that names a denomination twice by spelling its
number otherwise (or names one no number spells) is refused naming the
key, on every record with lines: an opener, a closer, a fill, a credit
and a drop count. Nothing is written."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from service.store.models import DropCount, InventoryCount, Slip
from tests.support.accounting import (
    CREDIT,
    DROP,
    close_table,
    count_drop,
    ok,
    open_table,
    request_slip,
)
from tests.support.app import databases

pytestmark = pytest.mark.store

# Another spelling of 500 beside "500" itself, or a key int() cannot read.
SPELLINGS = ["0500", "٥٠٠", "５００", "5²", "²"]


def rows(app, model):
    with databases(app)() as db:
        return db.scalar(select(func.count()).select_from(model))


def twice(lines, key):
    """``lines`` with 500 more under ``key`` beside 500 under "500"."""
    return {**lines, "500": 500, key: 500}


def refused_at(response, key):
    assert response.status_code == 422, response.json
    assert (response.json["code"], response.json["field"]) == ("unknown_denomination", f"lines.{key}")


@pytest.mark.parametrize("key", SPELLINGS)
def test_an_opener_and_a_closer_name_each_denomination_once(app, client, table, key):
    refused_at(open_table(client, table["id"], lines=twice({}, key)), key)
    assert rows(app, InventoryCount) == 0
    ok(open_table(client, table["id"], lines={"500": 500}), 201)
    refused_at(close_table(client, table["id"], lines=twice({}, key)), key)
    assert rows(app, InventoryCount) == 1


@pytest.mark.parametrize("key", SPELLINGS)
@pytest.mark.parametrize(("kind", "lines"), [("fill", {}), ("credit", CREDIT)])
def test_a_fill_and_a_credit_name_each_denomination_once(app, client, table, kind, lines, key):
    ok(open_table(client, table["id"]), 201)
    refused_at(request_slip(client, table["id"], kind, twice(lines, key)), key)
    assert rows(app, Slip) == 0


@pytest.mark.parametrize("key", SPELLINGS)
def test_a_drop_count_names_each_denomination_once(app, client, table, key):
    opened = ok(open_table(client, table["id"]), 201)
    ok(close_table(client, table["id"]))
    refused_at(count_drop(client, opened["id"], twice(DROP, key)), key)
    assert rows(app, DropCount) == 0
