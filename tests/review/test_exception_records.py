"""Voids and corrections move the totals; their records are append-only, and
two pit bosses at once leave one request and one decision."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import delete, func, select, text, update
from sqlalchemy.exc import DatabaseError, IntegrityError

from service.store.models import ExceptionDecision, RoundException, RoundRecord, ShiftAggregate
from tests.review.review_support import corrected_body, count_everything
from tests.support.app import databases
from tests.support.background import check_aggregates
from tests.support.rounds_data import enter

pytestmark = pytest.mark.store


def test_voids_and_corrections_move_the_totals(app, client, as_role, boss2, table):
    games = [enter(client, as_role["dealer"], table, f"t{number}") for number in range(3)]
    count_everything(app)
    with databases(app)() as db:
        before = check_aggregates(db)
    rounds_before = sum(v for k, v in before.items() if k[-1] == "rounds")
    assert rounds_before == 3
    void = client.post(
        f"/api/v1/rounds/{games[0]['id']}/void", json={"reason": "x"}, headers=as_role["pit_boss"]
    ).json
    client.post(f"/api/v1/exceptions/{void['id']}/approve", json={}, headers=boss2)
    body = corrected_body()
    body["round_id"] = "t1"
    fix = client.post(
        f"/api/v1/rounds/{games[1]['id']}/corrections",
        json={"reason": "bet", "round": body},
        headers=as_role["pit_boss"],
    ).json
    client.post(f"/api/v1/exceptions/{fix['id']}/approve", json={}, headers=boss2)
    count_everything(app)
    with databases(app)() as db:
        after = check_aggregates(db)  # equals a recount of what counts
        totals = db.execute(
            select(ShiftAggregate.rounds, ShiftAggregate.main_handle, ShiftAggregate.main_house_net)
        ).all()
    assert sum(row[0] for row in totals) == 2
    assert sum(row[1] for row in totals) == 3000 + 3000 + 2000  # t1 corrected: 3000 + 1000 + 1000
    main_win = sum(row[2] for row in totals)
    assert main_win == 2000 + 0  # t1: seat 1 loses 3000, seat 2 wins 1000; t2: +1000 - 1000
    # Counting again changes nothing.
    count_everything(app)
    with databases(app)() as db:
        assert check_aggregates(db) == after


# Recall


@pytest.mark.parametrize("model", [RoundException, ExceptionDecision])
def test_exception_records_are_append_only(app, client, as_role, boss2, game, model):
    exception = client.post(
        f"/api/v1/rounds/{game['id']}/void", json={"reason": "x"}, headers=as_role["pit_boss"]
    ).json
    client.post(f"/api/v1/exceptions/{exception['id']}/approve", json={}, headers=boss2)
    with databases(app)() as db:
        for statement in (update(model).values(id=model.id), delete(model)):
            with pytest.raises(DatabaseError, match="append-only"):
                db.execute(statement)
            db.rollback()
        with pytest.raises(DatabaseError, match="append-only"):
            db.execute(text(f"DELETE FROM {model.__tablename__}"))
        db.rollback()
        assert db.scalar(select(RoundRecord).where(RoundRecord.id == game["id"])) is not None


def test_two_pit_bosses_at_once_leave_one_request_and_one_decision(app, as_role, boss2, game):
    """A void and a correction asked for at the same moment: one wins, the
    other is told a request is pending; never both open, never both approved."""
    barrier = threading.Barrier(2)
    answers = {}

    def ask(name, headers, path, body):
        client = app.test_client()
        barrier.wait()
        answers[name] = client.post(f"/api/v1/rounds/{game['id']}/{path}", json=body, headers=headers)

    threads = [
        threading.Thread(target=ask, args=("void", as_role["pit_boss"], "void", {"reason": "misdeal"})),
        threading.Thread(
            target=ask, args=("fix", boss2, "corrections", {"reason": "bet", "round": corrected_body()})
        ),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    codes = sorted(answer.status_code for answer in answers.values())
    assert codes == [201, 409], {name: answer.json for name, answer in answers.items()}
    loser = next(answer for answer in answers.values() if answer.status_code == 409)
    assert loser.json["code"] == "exception_pending"
    with databases(app)() as db:
        assert db.scalar(select(func.count()).select_from(RoundException)) == 1


def test_the_database_refuses_a_second_approved_exception_for_a_round(app, client, as_role, boss2, game):
    void = client.post(
        f"/api/v1/rounds/{game['id']}/void", json={"reason": "x"}, headers=as_role["pit_boss"]
    ).json
    client.post(f"/api/v1/exceptions/{void['id']}/approve", json={}, headers=boss2)
    with databases(app)() as db:
        (decision,) = db.scalars(select(ExceptionDecision))
        second = RoundException(
            round_id=game["id"],
            kind="void",
            reason="again",
            requested_by=decision.decided_by,
            requested_at=decision.decided_at,
        )
        db.add(second)
        db.flush()
        db.add(
            ExceptionDecision(
                exception_id=second.id,
                round_id=game["id"],
                approved=True,
                decided_by=decision.decided_by,
                decided_at=decision.decided_at,
                note="",
            )
        )
        with pytest.raises(IntegrityError):
            db.flush()
