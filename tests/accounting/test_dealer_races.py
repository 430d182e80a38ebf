"""Two dealers signing in at one table at once: both are answered (the
second to commit relieves the first, at the instant of its own sign-in),
never a 500; one dealer is at the table after, and each session that
ended has one sign-out. A table closed while a dealer signs in ends the
dealer's session or refuses the sign-in, never leaves a dealer at a
closed table."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from service.store.models import DealerPost, DealerSession, DealerSignOut
from tests.support.accounting import TRAY, ok, open_table, signature
from tests.support.app import databases, sign_in
from tests.support.at_once import at_once

pytestmark = pytest.mark.store

TRIES = 3


def test_two_dealers_signing_in_at_once_leave_one_at_the_table(app, client, table):
    ok(open_table(client, table["id"]), 201)
    dealers = [sign_in(client, "dealer"), sign_in(client, "dealer2")]

    def send(headers):
        return app.test_client().post(f"/api/v1/tables/{table['id']}/dealer-sessions", headers=headers)

    for _ in range(TRIES):
        answers = at_once(send, [(headers,) for headers in dealers])
        assert sorted(answer.status_code for answer in answers) in ([200, 201], [201, 201]), [
            answer.json for answer in answers
        ]
    with databases(app)() as db:
        posts = db.scalars(select(DealerPost)).all()
        sessions = db.scalars(select(DealerSession).order_by(DealerSession.id)).all()
        ends = {row.session_id: row for row in db.scalars(select(DealerSignOut))}
    assert len(posts) == 1
    open_ids = [session.id for session in sessions if session.id not in ends]
    assert open_ids == [posts[0].session_id]
    # Each relief ended the session it relieved at the instant the relief began.
    for session in sessions:
        if session.relieved_id is not None:
            assert ends[session.relieved_id].signed_out_at == session.signed_in_at


def test_a_close_racing_a_sign_in_leaves_no_dealer_at_a_closed_table(app, client, table):
    dealer, pit_boss = sign_in(client, "dealer"), sign_in(client, "pit_boss")
    for _ in range(TRIES):
        ok(open_table(client, table["id"]), 201)

        def sign_in_now():
            return app.test_client().post(f"/api/v1/tables/{table['id']}/dealer-sessions", headers=dealer)

        def close_now():
            body = {"lines": TRAY, "cosigner": signature("dealer")}
            return app.test_client().post(
                f"/api/v1/tables/{table['id']}/sessions/close", json=body, headers=pit_boss
            )

        answers = at_once(lambda act: act(), [(sign_in_now,), (close_now,)])
        # The close (200) and the sign-in: taken, then ended by the close
        # (201), or refused at the closed table (409 table_closed).
        codes = [answer.status_code for answer in answers]
        assert codes in ([200, 201], [200, 409]), [answer.json for answer in answers]
        if codes[1] == 409:
            assert answers[1].json["code"] == "table_closed"
        with databases(app)() as db:
            assert db.scalars(select(DealerPost)).all() == []
