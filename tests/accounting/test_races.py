"""Requests racing each other: slips asked for at once take numbers one
after another without a gap or a repeat, a table opened twice at once
opens once, and a slip issued twice at once is issued once; never a 500."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from service.store.models import Slip, SlipSignature, TableSession
from tests.support.accounting import FILL, TRAY, as_user, ok, open_table, request_slip, signature
from tests.support.app import parallel, sessions

pytestmark = pytest.mark.store


def test_slips_asked_for_at_once_are_numbered_without_a_gap(app, client, table):
    ok(open_table(client, table["id"]), 201)
    headers = as_user(client, "pit_boss")

    def send():
        body = {"kind": "fill", "lines": FILL}
        return app.test_client().post(f"/api/v1/tables/{table['id']}/slips", json=body, headers=headers)

    answers = parallel(6, send)
    assert [answer.status_code for answer in answers] == [201] * 6
    assert sorted(answer.json["number"] for answer in answers) == [1, 2, 3, 4, 5, 6]
    with sessions(app)() as session:
        assert sorted(session.scalars(select(Slip.number))) == [1, 2, 3, 4, 5, 6]


def test_a_table_opened_twice_at_once_opens_once(app, client, table):
    headers = as_user(client, "pit_boss")

    def send():
        body = {"lines": TRAY, "cosigner": signature("dealer")}
        return app.test_client().post(f"/api/v1/tables/{table['id']}/sessions", json=body, headers=headers)

    statuses = sorted(answer.status_code for answer in parallel(4, send))
    assert statuses == [201, 409, 409, 409]
    with sessions(app)() as session:
        assert len(session.scalars(select(TableSession)).all()) == 1


def test_a_slip_issued_twice_at_once_is_issued_once(app, client, table):
    ok(open_table(client, table["id"]), 201)
    number = ok(request_slip(client, table["id"]), 201)["number"]
    headers = as_user(client, "cage")

    def send():
        return app.test_client().post(f"/api/v1/slips/{number}/issue", headers=headers)

    statuses = sorted(answer.status_code for answer in parallel(4, send))
    assert statuses[0] == 200
    assert set(statuses) <= {200, 409}
    with sessions(app)() as session:
        assert len(session.scalars(select(SlipSignature)).all()) == 1
