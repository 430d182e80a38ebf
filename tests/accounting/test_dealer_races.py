"""Two dealers signing in at one table at once: both are answered (the
second to commit relieves the first, at the instant of its own sign-in),
never a 500; one dealer is at the table after, and each session that
ended has one sign-out. A table closed while a dealer signs in ends the
dealer's session or refuses the sign-in, never leaves a dealer at a
closed table."""

from __future__ import annotations

import threading
import traceback
from datetime import datetime

import pytest
from sqlalchemy import select

from service.store.db import utc_now
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
            assert answers[1].json["code"] == "table_closed", answers[1].json
        with databases(app)() as db:
            assert db.scalars(select(DealerPost)).all() == []


class SlowClock:
    """The app's clock, slow to answer the first time ``view`` reads it
    for itself (not to check a co-signer): that reading is taken, then
    held until ``done`` is set (or a second passes). A view that reads the time before taking its locks lets a
    racing request start and commit in the pause, then acts at an instant
    before it; one that reads it under its locks holds the racer back."""

    def __init__(self, view: str) -> None:
        self.view = view
        self.entered = threading.Event()
        self.done = threading.Event()

    def __call__(self) -> datetime:
        taken = utc_now()
        names = {frame.name for frame in traceback.extract_stack()}
        if not self.entered.is_set() and self.view in names and "signed_by" not in names:
            self.entered.set()
            self.done.wait(timeout=1.0)
        return taken


def _slow_then_racer(app, slow, first, second):
    """``first`` in a thread until it reads ``slow``; then ``second``,
    which sets ``slow.done`` when answered; both answers, in that order."""
    app.extensions["breakpoker"]["clock"] = slow
    answers = {}

    def run_first():
        answers["first"] = first()

    thread = threading.Thread(target=run_first)
    thread.start()
    assert slow.entered.wait(timeout=10)

    def run_second():
        answers["second"] = second()
        slow.done.set()

    racer = threading.Thread(target=run_second)
    racer.start()
    thread.join()
    racer.join()
    return answers["first"], answers["second"]


def test_a_sign_in_reads_its_instant_once_it_holds_the_table(app, client, table):
    ok(open_table(client, table["id"]), 201)
    first, second = sign_in(client, "dealer"), sign_in(client, "dealer2")
    url = f"/api/v1/tables/{table['id']}/dealer-sessions"
    slow = SlowClock("sign_in_view")
    answers = _slow_then_racer(
        app,
        slow,
        lambda: app.test_client().post(url, headers=first),
        lambda: app.test_client().post(url, headers=second),
    )
    assert [answer.status_code for answer in answers] == [201, 201], [answer.json for answer in answers]
    # The racer waited for the slow sign-in, then relieved it.
    assert answers[1].json["ended"][0]["id"] == answers[0].json["session"]["id"]


def test_a_close_reads_its_instant_once_it_holds_the_table(app, client, table):
    ok(open_table(client, table["id"]), 201)
    racer, pit_boss = sign_in(client, "dealer2"), sign_in(client, "pit_boss")
    slow = SlowClock("close_view")
    body = {"lines": TRAY, "cosigner": signature("dealer")}
    answers = _slow_then_racer(
        app,
        slow,
        lambda: app.test_client().post(
            f"/api/v1/tables/{table['id']}/sessions/close", json=body, headers=pit_boss
        ),
        lambda: app.test_client().post(f"/api/v1/tables/{table['id']}/dealer-sessions", headers=racer),
    )
    # The close went first and the sign-in found the table closed.
    assert [answer.status_code for answer in answers] == [200, 409], [answer.json for answer in answers]
    assert answers[1].json["code"] == "table_closed", answers[1].json
