"""Voids and corrections: a pit boss asks, a second pit boss decides; the
settled round is never changed, and what counts in the totals follows."""

from __future__ import annotations

import copy
import threading
from pathlib import Path

import pytest
from sqlalchemy import delete, event, func, select, text, update
from sqlalchemy.exc import DatabaseError, IntegrityError

from service.ops.undone import undone
from service.rounds.aggregates import aggregate_round
from service.store.db import unit_of_work
from service.store.models import AuditEvent, ExceptionDecision, RoundException, RoundRecord, ShiftAggregate
from tests.support.app import edit, sessions, sign_in
from tests.support.background import check_aggregates
from tests.support.rounds_data import enter, round_body

pytestmark = pytest.mark.store


@pytest.fixture
def boss2(client):
    return sign_in(client, "pit_boss2")


@pytest.fixture
def game(client, as_role, table):
    return enter(client, as_role["dealer"], table, "g1")


def count_everything(app) -> None:
    """What the aggregate jobs would do: bring every round in step."""
    while True:
        with sessions(app)() as session:
            work = undone(session, Path(app.instance_path))
        if not work.unaggregated_rounds:
            return
        for round_id in work.unaggregated_rounds:
            with unit_of_work(sessions(app)) as session:
                aggregate_round(session, round_id)


def events(app, kind):
    with sessions(app)() as session:
        return [event.payload for event in session.scalars(select(AuditEvent).where(AuditEvent.kind == kind))]


# Voids


def test_a_void_takes_effect_only_when_a_second_pit_boss_approves(app, client, as_role, boss2, game):
    asked = client.post(
        f"/api/v1/rounds/{game['id']}/void",
        json={"reason": "misdeal: seat 2 had 8 cards"},
        headers=as_role["pit_boss"],
    )
    assert asked.status_code == 201, asked.json
    exception = asked.json
    assert (exception["kind"], exception["state"], exception["requested_by"]) == (
        "void",
        "pending",
        "pit_boss",
    )
    assert exception["reason"] == "misdeal: seat 2 had 8 cards"
    stored = client.get(f"/api/v1/rounds/{game['id']}", headers=as_role["dealer"]).json
    assert stored["status"] == "settled"  # pending: nothing has happened yet
    assert stored["exceptions"][0]["state"] == "pending"

    # The requester cannot approve their own request, nor can other roles.
    own = client.post(f"/api/v1/exceptions/{exception['id']}/approve", json={}, headers=as_role["pit_boss"])
    assert own.status_code == 403, own.json
    assert own.json["code"] == "same_user"
    for role in ("dealer", "compliance", "admin"):
        refused = client.post(f"/api/v1/exceptions/{exception['id']}/approve", json={}, headers=as_role[role])
        assert refused.status_code == 403, (role, refused.json)
    assert client.get(f"/api/v1/rounds/{game['id']}", headers=as_role["dealer"]).json["status"] == "settled"

    approved = client.post(
        f"/api/v1/exceptions/{exception['id']}/approve", json={"note": "confirmed on camera"}, headers=boss2
    )
    assert approved.status_code == 200, approved.json
    assert (approved.json["state"], approved.json["decided_by"]) == ("approved", "pit_boss2")
    assert approved.json["round_after"]["status"] == "void"
    voided = client.get(f"/api/v1/rounds/{game['id']}", headers=as_role["dealer"]).json
    # Still stored and visible, marked void, with both users, times and the reason.
    assert voided["status"] == "void"
    assert voided["seats"] == game["seats"]
    assert voided["house_net"] == game["house_net"]
    (shown,) = voided["exceptions"]
    assert shown["requested_by"] == "pit_boss"
    assert shown["decided_by"] == "pit_boss2"
    assert shown["reason"] == "misdeal: seat 2 had 8 cards"
    assert shown["note"] == "confirmed on camera"
    assert shown["requested_at"].endswith("Z")
    assert shown["decided_at"] >= shown["requested_at"]

    again = client.post(f"/api/v1/exceptions/{exception['id']}/approve", json={}, headers=boss2)
    assert again.status_code == 409
    assert again.json["code"] == "already_decided"
    twice = client.post(f"/api/v1/rounds/{game['id']}/void", json={"reason": "again"}, headers=boss2)
    assert twice.status_code == 409
    assert twice.json["code"] == "round_not_current"
    assert [e["exception_id"] for e in events(app, "void_requested")] == [exception["id"]]
    assert [e["exception_id"] for e in events(app, "void_approved")] == [exception["id"]]


def test_a_dealer_cannot_void(client, as_role, game):
    response = client.post(
        f"/api/v1/rounds/{game['id']}/void", json={"reason": "x"}, headers=as_role["dealer"]
    )
    assert response.status_code == 403


def test_rejection_needs_a_note_and_leaves_the_round_counting(app, client, as_role, boss2, game):
    exception = client.post(
        f"/api/v1/rounds/{game['id']}/void", json={"reason": "player dispute"}, headers=as_role["pit_boss"]
    ).json
    pending = client.post(f"/api/v1/rounds/{game['id']}/void", json={"reason": "again"}, headers=boss2)
    assert pending.status_code == 409
    assert pending.json["code"] == "exception_pending"
    bare = client.post(f"/api/v1/exceptions/{exception['id']}/reject", json={}, headers=boss2)
    assert bare.status_code == 422
    assert bare.json["field"] == "note"
    rejected = client.post(
        f"/api/v1/exceptions/{exception['id']}/reject",
        json={"note": "video shows a fair deal"},
        headers=boss2,
    )
    assert rejected.status_code == 200
    assert rejected.json["state"] == "rejected"
    assert client.get(f"/api/v1/rounds/{game['id']}", headers=as_role["dealer"]).json["status"] == "settled"
    listed = client.get("/api/v1/exceptions?state=rejected", headers=as_role["compliance"]).json
    assert [item["id"] for item in listed] == [exception["id"]]
    assert client.get("/api/v1/exceptions?state=pending", headers=as_role["compliance"]).json == []
    # After a rejection a new request may be made.
    retry = client.post(f"/api/v1/rounds/{game['id']}/void", json={"reason": "new evidence"}, headers=boss2)
    assert retry.status_code == 201
    assert events(app, "void_rejected")[0]["note"] == "video shows a fair deal"


@pytest.mark.parametrize(
    ("body", "status", "field"),
    [
        ({}, 422, "reason"),
        ({"reason": ""}, 422, "reason"),
        ({"reason": "   "}, 422, "reason"),
        ({"reason": "bad\x00"}, 422, "reason"),
        ({"reason": "x" * 501}, 422, "reason"),
        ({"reason": "ok", "extra": 1}, 422, "extra"),
    ],
)
def test_bad_void_requests_name_the_field(client, as_role, game, body, status, field):
    response = client.post(f"/api/v1/rounds/{game['id']}/void", json=body, headers=as_role["pit_boss"])
    assert response.status_code == status, response.json
    assert response.json["field"] == field


def test_unknown_rounds_and_requests_are_404(client, as_role):
    assert (
        client.post("/api/v1/rounds/999/void", json={"reason": "x"}, headers=as_role["pit_boss"]).status_code
        == 404
    )
    assert (
        client.post("/api/v1/exceptions/999/approve", json={}, headers=as_role["pit_boss"]).status_code == 404
    )
    assert client.get("/api/v1/exceptions/999", headers=as_role["pit_boss"]).status_code == 404


# Corrections


def corrected_body(**changes):
    body = round_body("g1", **changes)
    body["seats"][0]["bets"]["main"] = 3000  # seat 1 loses both hands: -3000 instead of -1000
    return body


def test_a_correction_shows_every_change_and_the_money_per_seat(app, client, as_role, boss2, game):
    body = corrected_body()
    body["seats"][2]["setting"] = {
        "low": ["8d", "6s"],
        "high": ["Qc", "Kc", "Ad"],
    }  # as the house way sets it
    asked = client.post(
        f"/api/v1/rounds/{game['id']}/corrections",
        json={"reason": "seat 1 bet 30, keyed 10", "round": body},
        headers=as_role["pit_boss"],
    )
    assert asked.status_code == 201, asked.json
    changes = asked.json["changes"]
    assert changes["fields"] == [
        {"field": "seats.1.bets.main", "before": 1000, "after": 3000},
        {
            "field": "seats.3.setting",
            "before": "house_way",
            "after": {"low": ["8d", "6s"], "high": ["Ad", "Kc", "Qc"]},  # as the engine writes it
        },
    ]
    by_seat = {seat["seat"]: seat for seat in changes["seats"]}
    assert by_seat[1]["bets"]["main"] == {"before": -1000, "after": -3000, "difference": -2000}
    assert (by_seat[1]["net_before"], by_seat[1]["net_after"], by_seat[1]["difference"]) == (
        -1600,
        -3600,
        -2000,
    )
    assert by_seat[2]["difference"] == 0
    assert by_seat[3]["difference"] == 0
    assert changes["house_net"] == {
        "before": game["house_net"],
        "after": game["house_net"] + 2000,
        "difference": 2000,
    }
    # Nothing changes until a second pit boss approves.
    assert client.get(f"/api/v1/rounds/{game['id']}", headers=as_role["dealer"]).json["status"] == "settled"

    approved = client.post(f"/api/v1/exceptions/{asked.json['id']}/approve", json={}, headers=boss2)
    assert approved.status_code == 200, approved.json
    new = approved.json["round_after"]
    assert (new["revision"], new["supersedes"], new["status"]) == (1, game["id"], "settled")
    assert new["round_id"] == "g1"
    assert new["house_net"] == game["house_net"] + 2000
    assert new["seats"][0]["main"]["net"] == -3000
    # The round as played: same dealer, time, gaming day and shift.
    for same in ("entered_by", "entered_at", "gaming_day", "shift", "config_version", "utc_offset_minutes"):
        assert new[same] == game[same]
    original = client.get(f"/api/v1/rounds/{game['id']}", headers=as_role["dealer"]).json
    assert (original["status"], original["superseded_by"]) == ("superseded", new["id"])
    assert original["seats"] == game["seats"]  # the settled round itself never changes
    (event,) = events(app, "correction_approved")
    assert event["replacement"] == new["id"]
    assert events(app, "correction_requested")[0]["changes"] == changes


def test_a_corrected_round_can_be_corrected_again_and_voided(client, as_role, boss2, game):
    first = client.post(
        f"/api/v1/rounds/{game['id']}/corrections",
        json={"reason": "bet", "round": corrected_body()},
        headers=as_role["pit_boss"],
    ).json
    new = client.post(f"/api/v1/exceptions/{first['id']}/approve", json={}, headers=boss2).json["round_after"]
    stale = client.post(
        f"/api/v1/rounds/{game['id']}/corrections",
        json={"reason": "again", "round": round_body("g1")},
        headers=as_role["pit_boss"],
    )
    assert stale.status_code == 409
    assert stale.json["code"] == "round_not_current"
    second = client.post(
        f"/api/v1/rounds/{new['id']}/corrections",
        json={"reason": "back to 10", "round": round_body("g1")},
        headers=boss2,
    )
    assert second.status_code == 201, second.json
    newest = client.post(
        f"/api/v1/exceptions/{second.json['id']}/approve", json={}, headers=as_role["pit_boss"]
    ).json["round_after"]
    assert newest["revision"] == 2
    assert newest["house_net"] == game["house_net"]
    void = client.post(f"/api/v1/rounds/{newest['id']}/void", json={"reason": "misdeal"}, headers=boss2).json
    assert (
        client.post(
            f"/api/v1/exceptions/{void['id']}/approve", json={}, headers=as_role["pit_boss"]
        ).status_code
        == 200
    )


def test_a_correction_settles_under_the_rounds_own_configuration(client, as_role, boss2, table):
    # Seat 1 sets its low above its high: a foul, reset by the house way under version 1.
    fouled = round_body("f1")
    fouled["seats"][1]["setting"] = {"low": ["Kh", "Ks"], "high": ["8h", "8s", "Ac"]}
    game = enter(client, as_role["dealer"], table, "f1", seats=fouled["seats"])
    assert game["seats"][1]["fouled"]
    assert game["seats"][1]["main"]["net"] == 1000
    changed = edit(
        client,
        f"/api/v1/tables/{table['id']}/config",
        json={"config": {"foul_policy": "forfeit"}},
        headers=as_role["admin"],
    )
    assert changed.status_code == 200
    body = copy.deepcopy(fouled)
    body["seats"][0]["bets"]["main"] = 2000
    asked = client.post(
        f"/api/v1/rounds/{game['id']}/corrections",
        json={"reason": "bet", "round": body},
        headers=as_role["pit_boss"],
    ).json
    new = client.post(f"/api/v1/exceptions/{asked['id']}/approve", json={}, headers=boss2).json["round_after"]
    assert new["config_version"] == 1
    assert new["seats"][1]["main"]["net"] == 1000  # not forfeited: version 2 came later


@pytest.mark.parametrize(
    ("change", "status", "field"),
    [
        (lambda body: body, 422, "round"),  # changes nothing
        (lambda body: {**body, "round_id": "other"}, 422, "round.round_id"),
        (
            lambda body: {**body, "dealer": ["Qs", "Qh", "As", "9d", "7c", "4h", "Ah"]},
            422,
            "round.seats[0].cards",
        ),
        (lambda body: {**body, "config": {}}, 422, "round.config"),
        (lambda body: {**body, "seats": []}, 422, "round.seats"),
        (lambda body: ["not", "a", "round"], 422, "round"),
    ],
    ids=["no change", "other round id", "card twice", "config", "no seats", "not an object"],
)
def test_bad_corrections_name_the_field(client, as_role, game, change, status, field):
    response = client.post(
        f"/api/v1/rounds/{game['id']}/corrections",
        json={"reason": "fix", "round": change(round_body("g1"))},
        headers=as_role["pit_boss"],
    )
    assert response.status_code == status, response.json
    assert response.json["field"].startswith(field), response.json


def test_the_round_id_may_be_left_out_of_a_correction(client, as_role, game):
    body = corrected_body()
    del body["round_id"]
    response = client.post(
        f"/api/v1/rounds/{game['id']}/corrections",
        json={"reason": "bet", "round": body},
        headers=as_role["pit_boss"],
    )
    assert response.status_code == 201, response.json
    assert response.json["corrected"]["round_id"] == "g1"


# What counts


def test_voids_and_corrections_move_the_totals(app, client, as_role, boss2, table):
    games = [enter(client, as_role["dealer"], table, f"t{number}") for number in range(3)]
    count_everything(app)
    with sessions(app)() as session:
        before = check_aggregates(session)
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
    with sessions(app)() as session:
        after = check_aggregates(session)  # equals a recount of what counts
        totals = session.execute(
            select(ShiftAggregate.rounds, ShiftAggregate.main_handle, ShiftAggregate.main_house_net)
        ).all()
    assert sum(row[0] for row in totals) == 2
    assert sum(row[1] for row in totals) == 3000 + 3000 + 2000  # t1 corrected: 3000 + 1000 + 1000
    main_win = sum(row[2] for row in totals)
    assert main_win == 2000 + 0  # t1: seat 1 loses 3000, seat 2 wins 1000; t2: +1000 - 1000
    # Counting again changes nothing.
    count_everything(app)
    with sessions(app)() as session:
        assert check_aggregates(session) == after


# Recall


def test_recall_shows_the_last_games_oldest_first(client, as_role, boss2, table):
    games = [enter(client, as_role["dealer"], table, f"r{number}") for number in range(12)]
    recall = client.get(f"/api/v1/tables/{table['id']}/recall", headers=as_role["pit_boss"])
    assert recall.status_code == 200, recall.json
    shown = recall.json["games"]
    assert recall.json["last"] == 10
    assert [game["round_id"] for game in shown] == [f"r{number}" for number in range(2, 12)]
    first = shown[0]
    seat = first["seats"][0]
    assert first["dealer"]["cards"] == games[2]["dealer"]["cards"]
    assert first["dealer"]["rule"]
    assert seat["cards"]
    assert seat["setting_entered"] == "house_way"
    assert seat["low"]
    assert seat["high"]
    assert seat["bets"] == {"main": 1000, "dealer_break_bonus": 500, "break_bonus": 100}
    assert seat["main"]["outcome"] == "lose"
    assert seat["main"]["net"] == -1000
    assert seat["house_way"]["rule"]
    assert first["entered_by"] == "dealer"
    assert first["entered_at"]
    # A corrected game shows the record that stands for it now; a void is marked.
    fix = client.post(
        f"/api/v1/rounds/{games[11]['id']}/corrections",
        json={"reason": "bet", "round": {**corrected_body(), "round_id": "r11"}},
        headers=as_role["pit_boss"],
    ).json
    client.post(f"/api/v1/exceptions/{fix['id']}/approve", json={}, headers=boss2)
    void = client.post(f"/api/v1/rounds/{games[10]['id']}/void", json={"reason": "x"}, headers=boss2).json
    client.post(f"/api/v1/exceptions/{void['id']}/approve", json={}, headers=as_role["pit_boss"])
    shown = client.get(f"/api/v1/tables/{table['id']}/recall?last=11", headers=as_role["compliance"]).json[
        "games"
    ]
    assert [game["round_id"] for game in shown] == [
        f"r{number}" for number in range(1, 12)
    ]  # games, not records
    assert shown[-1]["status"] == "superseded"
    assert shown[-1]["current"]["revision"] == 1
    assert shown[-2]["status"] == "void"
    assert shown[-2]["current"] is None


@pytest.mark.parametrize("query", ["last=9", "last=0", "last=501", "last=x", "lats=10"])
def test_recall_refuses_bad_queries(client, as_role, table, query):
    response = client.get(f"/api/v1/tables/{table['id']}/recall?{query}", headers=as_role["pit_boss"])
    assert response.status_code == 422, response.json
    assert response.json["field"] in {"last", "lats"}


# The records themselves


@pytest.mark.parametrize("model", [RoundException, ExceptionDecision])
def test_exception_records_are_append_only(app, client, as_role, boss2, game, model):
    exception = client.post(
        f"/api/v1/rounds/{game['id']}/void", json={"reason": "x"}, headers=as_role["pit_boss"]
    ).json
    client.post(f"/api/v1/exceptions/{exception['id']}/approve", json={}, headers=boss2)
    with sessions(app)() as session:
        for statement in (update(model).values(id=model.id), delete(model)):
            with pytest.raises(DatabaseError, match="append-only"):
                session.execute(statement)
            session.rollback()
        with pytest.raises(DatabaseError, match="append-only"):
            session.execute(text(f"DELETE FROM {model.__tablename__}"))
        session.rollback()
        assert session.scalar(select(RoundRecord).where(RoundRecord.id == game["id"])) is not None


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
    with sessions(app)() as session:
        assert session.scalar(select(func.count()).select_from(RoundException)) == 1


def test_the_database_refuses_a_second_approved_exception_for_a_round(app, client, as_role, boss2, game):
    void = client.post(
        f"/api/v1/rounds/{game['id']}/void", json={"reason": "x"}, headers=as_role["pit_boss"]
    ).json
    client.post(f"/api/v1/exceptions/{void['id']}/approve", json={}, headers=boss2)
    with sessions(app)() as session:
        (decision,) = session.scalars(select(ExceptionDecision))
        second = RoundException(
            round_id=game["id"],
            kind="void",
            reason="again",
            requested_by=decision.decided_by,
            requested_at=decision.decided_at,
        )
        session.add(second)
        session.flush()
        session.add(
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
            session.flush()


def test_recall_reads_corrected_games_in_a_few_queries(app, client, as_role, boss2, table):
    games = [enter(client, as_role["dealer"], table, f"q{number}") for number in range(12)]
    for game in games[:6]:
        record = game
        for bosses, main in (((as_role["pit_boss"], boss2), 3000), ((boss2, as_role["pit_boss"]), 1000)):
            body = round_body(game["round_id"])
            body["seats"][0]["bets"]["main"] = main
            asked = client.post(
                f"/api/v1/rounds/{record['id']}/corrections",
                json={"reason": "bet", "round": body},
                headers=bosses[0],
            ).json
            record = client.post(
                f"/api/v1/exceptions/{asked['id']}/approve", json={}, headers=bosses[1]
            ).json["round_after"]
    statements = []
    engine = app.extensions["breakpoker"]["engine"]

    def count(*_args):
        statements.append(1)

    event.listen(engine, "before_cursor_execute", count)
    try:
        shown = client.get(f"/api/v1/tables/{table['id']}/recall?last=12", headers=as_role["pit_boss"]).json[
            "games"
        ]
    finally:
        event.remove(engine, "before_cursor_execute", count)
    assert [game["current"]["revision"] for game in shown[:6]] == [2] * 6
    assert len(statements) < 20  # sign-in, the games, and a few per correction level; not per game
