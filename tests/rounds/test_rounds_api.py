"""Entering rounds: settlement, storage, idempotency, read-back, paging."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import func, select

from service.rounds.resettle import verify
from service.store.models import AuditEvent, OutboxEntry, RoundRecord, SeatRecord
from tests.support.app import databases, edit, sign_in
from tests.support.rounds_data import correct, enter, number_round_ids, round_body

pytestmark = pytest.mark.store


def post_round(client, headers, table_id, body, key="key-1"):
    return client.post(
        f"/api/v1/tables/{table_id}/rounds", json=body, headers={**headers, "Idempotency-Key": key}
    )


def count(app, model):
    with databases(app)() as db:
        return db.scalar(select(func.count()).select_from(model))


def test_round_is_settled_stored_and_read_back_equal(client, as_role, table):
    response = post_round(client, as_role["dealer"], table["id"], round_body())
    assert response.status_code == 201, response.json
    settled = response.json
    assert settled["config_version"] == 1
    assert settled["entered_by"] == "dealer"
    assert settled["dealer"]["low"] == ["As", "9d"]
    assert settled["dealer"]["rule"] == 6
    outcomes = [(seat["seat"], seat["main"]["outcome"], seat["main"]["net"]) for seat in settled["seats"]]
    assert outcomes == [(1, "lose", -1000), (2, "win", 1000), (3, "push", 0)]
    assert settled["seats"][0]["main"]["reason"] == "both_hands_lost"
    assert settled["seats"][1]["house_way"]["rule"] == 5
    assert settled["seats"][0]["bets"] == {"main": 1000, "dealer_break_bonus": 500, "break_bonus": 100}
    assert settled["seats"][0]["setting_entered"] == "house_way"
    # Every seat loses both side bets: no Lucky Break for the dealer, no Break Bonus category.
    assert settled["house_net"] == 3 * 600
    for role in ("dealer", "pit_boss", "compliance", "admin"):
        again = client.get(f"/api/v1/rounds/{settled['id']}", headers=as_role[role])
        assert again.status_code == 200
        assert again.json == settled


def test_same_key_same_body_replays_without_settling_again(app, client, as_role, table):
    first = post_round(client, as_role["dealer"], table["id"], round_body())
    again = post_round(client, as_role["dealer"], table["id"], round_body())
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.json == first.json
    assert count(app, RoundRecord) == 1
    assert count(app, SeatRecord) == 3


def test_same_key_other_body_is_a_conflict(app, client, as_role, table):
    post_round(client, as_role["dealer"], table["id"], round_body())
    response = post_round(client, as_role["dealer"], table["id"], round_body("r2"))
    assert response.status_code == 409
    assert response.json["code"] == "idempotency_key_reused"
    assert response.json["field"] == "Idempotency-Key"
    assert count(app, RoundRecord) == 1


def test_another_dealer_with_the_same_key_is_not_given_the_first_dealers_round(app, client, as_role, table):
    first = post_round(client, as_role["dealer"], table["id"], round_body("r1"), key="shared")
    assert first.status_code == 201
    dealer2 = sign_in(client, "dealer2")
    same = post_round(client, dealer2, table["id"], round_body("r1"), key="shared")
    assert (same.status_code, same.json["code"]) == (409, "round_exists"), same.json
    # The key is the second dealer's own: it enters their round, and replays it.
    own = post_round(client, dealer2, table["id"], round_body("r2"), key="shared")
    assert (own.status_code, own.json["entered_by"]) == (201, "dealer2"), own.json
    again = post_round(client, dealer2, table["id"], round_body("r2"), key="shared")
    assert (again.status_code, again.json) == (200, own.json)
    mine = post_round(client, as_role["dealer"], table["id"], round_body("r1"), key="shared")
    assert (mine.status_code, mine.json) == (200, first.json)
    assert count(app, RoundRecord) == 2


def test_the_same_key_at_another_table_enters_a_round_there(app, client, as_role, table):
    other = client.post("/api/v1/tables", json={"name": "BP-2"}, headers=as_role["admin"]).json
    here = post_round(client, as_role["dealer"], table["id"], round_body("r1"), key="k")
    there = post_round(client, as_role["dealer"], other["id"], round_body("r1"), key="k")
    assert (here.status_code, there.status_code) == (201, 201), there.json
    assert (there.json["table_id"], there.json["id"]) == (other["id"], here.json["id"] + 1)
    again = post_round(client, as_role["dealer"], other["id"], round_body("r1"), key="k")
    assert (again.status_code, again.json) == (200, there.json)


def test_a_round_id_is_settled_once_per_table(client, as_role, table):
    post_round(client, as_role["dealer"], table["id"], round_body())
    response = post_round(client, as_role["dealer"], table["id"], round_body(), key="key-2")
    assert response.status_code == 409
    assert response.json["code"] == "round_exists"


@pytest.mark.parametrize("key", [None, "", "   ", "x" * 201, "bad\x01key"])
def test_the_idempotency_key_is_required(client, as_role, table, key):
    headers = dict(as_role["dealer"])
    if key is not None:
        headers["Idempotency-Key"] = key
    response = client.post(f"/api/v1/tables/{table['id']}/rounds", json=round_body(), headers=headers)
    assert response.status_code == 400
    assert response.json["field"] == "Idempotency-Key"


def test_concurrent_requests_with_one_key_settle_once(app, as_role, table):
    results = []

    def send():
        client = app.test_client()
        results.append(post_round(client, as_role["dealer"], table["id"], round_body(), key="race"))

    threads = [threading.Thread(target=send) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(r.status_code for r in results) == [200, 200, 200, 201]
    assert len({r.json["id"] for r in results}) == 1
    assert count(app, RoundRecord) == 1


def test_a_failure_part_way_stores_nothing(app, client, as_role, table, monkeypatch):
    import service.rounds.entering

    written = []
    real_store = service.rounds.entering.store_round

    def store_then_fail(*args, **kwargs):
        stored = real_store(*args, **kwargs)  # the round and its seats are written…
        written.append(stored[0])  # the record's id
        raise RuntimeError("disk full")  # …and the event is not

    monkeypatch.setattr(service.rounds.entering, "store_round", store_then_fail)
    dealer = as_role["dealer"]  # signed in (an event) before the counts
    events_before = count(app, AuditEvent)
    outbox_before = count(app, OutboxEntry)
    response = post_round(client, dealer, table["id"], round_body())
    assert response.status_code == 500
    assert response.json["code"] == "internal_error"
    assert written  # the failure came after the inserts
    assert count(app, RoundRecord) == 0
    assert count(app, SeatRecord) == 0
    assert count(app, AuditEvent) == events_before
    assert count(app, OutboxEntry) == outbox_before


def test_a_round_records_the_config_version_it_was_settled_under(client, as_role, table):
    first = post_round(client, as_role["dealer"], table["id"], round_body("r1"), key="a").json
    changed = edit(
        client,
        f"/api/v1/tables/{table['id']}/config",
        json={"config": {"dealer_qualifier": "A-3-2"}},
        headers=as_role["admin"],
    )
    assert changed.status_code == 200
    # A K-high dealer qualifies under K-3-2, not under A-3-2.
    dealer = ["Ks", "Qh", "9s", "7d", "5c", "4h", "2s"]
    seat = {
        "seat": 1,
        "cards": ["Ah", "Kd", "Td", "8c", "6h", "4d", "2c"],
        "setting": "house_way",
        "bets": {"main": 500},
    }
    second = post_round(
        client, as_role["dealer"], table["id"], {"round_id": "r2", "dealer": dealer, "seats": [seat]}, key="b"
    ).json
    assert (first["config_version"], second.get("config_version")) == (1, 2), second
    assert second["dealer"]["qualifies"] is False
    assert second["seats"][0]["main"] == {"outcome": "push", "net": 0, "reason": "dealer_does_not_qualify"}


@pytest.mark.parametrize(
    ("change", "status", "code", "field"),
    [
        ({"dealer": ["Qs", "Qh"]}, 422, "wrong_card_count", "dealer"),
        ({"dealer": ["Qs", "Qh", "As", "9d", "7c", "4h", "Ah"]}, 422, "duplicate_card", None),
        ({"config": {"seats": 1}}, 422, "unknown_field", "config"),
        ({"round_id": True}, 422, "invalid_field", "round_id"),
        ({"round_id": 777}, 422, "invalid_field", "round_id"),
        ({"seats": "all"}, 422, "invalid_field", "seats"),
        ({"extra": 1}, 422, "unknown_field", "extra"),
    ],
)
def test_bad_rounds_are_refused_naming_the_field(app, client, as_role, table, change, status, code, field):
    response = post_round(client, as_role["dealer"], table["id"], round_body(**change))
    assert response.status_code == status, response.json
    assert response.json["code"] == code
    if field is not None:
        assert response.json["field"] == field
    assert count(app, RoundRecord) == 0


def test_a_round_stored_with_a_number_id_is_read_corrected_and_verified(app, client, as_role, table):
    with number_round_ids():
        stored = enter(client, as_role["dealer"], table, 777)
    assert client.get(f"/api/v1/rounds/{stored['id']}", headers=as_role["pit_boss"]).json == stored
    assert stored["round_id"] == 777
    # "777" now is the round stored as 777 then, not a second one.
    again = post_round(client, as_role["dealer"], table["id"], round_body("777"), key="string")
    assert (again.status_code, again.json["code"]) == (409, "round_exists"), again.json
    corrected = round_body()
    del corrected["round_id"]
    corrected["seats"][0]["bets"]["main"] = 2000
    after = correct(client, as_role["pit_boss"], sign_in(client, "pit_boss2"), stored["id"], corrected)
    assert after["round_id"] == 777
    with databases(app)() as db:
        records = db.scalars(select(RoundRecord)).all()
        assert [verify(db, record).mismatches for record in records] == [[], []]


def test_a_stake_outside_the_limits_names_the_seat(client, as_role, table):
    body = round_body()
    body["seats"][1]["bets"]["main"] = 100
    response = post_round(client, as_role["dealer"], table["id"], body)
    assert response.status_code == 422
    assert "seat 2" in response.json["message"]


def test_repeated_keys_in_the_body_are_refused(client, as_role, table):
    response = client.post(
        f"/api/v1/tables/{table['id']}/rounds",
        data='{"round_id": "a", "round_id": "b"}',
        content_type="application/json",
        headers={**as_role["dealer"], "Idempotency-Key": "k"},
    )
    assert response.status_code == 400
    assert response.json["code"] == "invalid_json"
    assert "round_id" in response.json["message"]


def test_rounds_page_by_gaming_day_and_shift(client, as_role, table):
    for number in range(5):
        assert (
            post_round(
                client, as_role["pit_boss"], table["id"], round_body(f"r{number}"), key=f"k{number}"
            ).status_code
            == 201
        )
    url = f"/api/v1/tables/{table['id']}/rounds"
    page = client.get(f"{url}?per_page=2&page=2", headers=as_role["pit_boss"]).json
    assert page["total"] == 5
    assert [item["round_id"] for item in page["items"]] == ["r2", "r3"]
    today = page["items"][0]["gaming_day"]
    shift = page["items"][0]["shift"]
    same = client.get(f"{url}?from={today}&to={today}&shift={shift}", headers=as_role["compliance"]).json
    assert same["total"] == 5
    other_shift = shift % 3 + 1
    assert client.get(f"{url}?shift={other_shift}", headers=as_role["compliance"]).json["total"] == 0
    assert client.get(f"{url}?from=2999-01-01", headers=as_role["compliance"]).json["total"] == 0
    bad = client.get(f"{url}?from=yesterday", headers=as_role["compliance"])
    assert bad.status_code == 422
    assert bad.json["field"] == "from"


def test_unknown_table_and_round_are_404(client, as_role):
    assert post_round(client, as_role["dealer"], 999, round_body()).status_code == 404
    response = client.get("/api/v1/rounds/999", headers=as_role["dealer"])
    assert response.status_code == 404
    assert response.json["code"] == "round_not_found"
