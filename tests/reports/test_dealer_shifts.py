"""The figures per dealer and shift: time at each table from the sessions
(clipped to the shift), rounds and rounds per hour exactly, voids and
corrections, the rounds dealt from a deck and the cards changed by hand
in them, and the cards against chips of the table sessions they dealt."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from tests.reports.chips_floor import run_figures_jobs
from tests.support.accounting import close_table, count_drop, ok, open_table
from tests.support.app import sign_in
from tests.support.decks import dealing, deck_body, expose, post_deck
from tests.support.reports_data import count_directly
from tests.support.rounds_data import DEALER, enter, round_body, void_approved

START = datetime(2026, 3, 2, 8, 0, tzinfo=UTC)  # shift 1 of 2026-03-02 runs 06:00 to 14:00 UTC
WIN = 500_000  # the drop (5,000.00), the closer the same tray as the opener, no slips


def at(app, moment):
    app.extensions["breakpoker"]["clock"] = lambda: moment


def signed(client, names):
    return {name: sign_in(client, name) for name in names}


def report(client, headers, day="2026-03-02", shift=1, **extra):
    query = {"day": day, "shift": shift, **extra}
    return ok(client.get("/api/v1/reports/dealer-shifts", query_string=query, headers=headers))


def dealt_with_a_changed_card(client, people, table_id):
    """A round dealt from a deck, the dealer's last card keyed otherwise."""
    cards = dealing()
    feed = ok(post_deck(client, people["device"], table_id, deck_body(cards, sequence=3)), 201)
    ok(expose(client, people["dealer"], table_id, feed["id"]), 201)
    undealt = next(card for card in cards[49:] if card[0] == "3")
    body = round_body("deck-1", dealer=[*DEALER[:6], undealt], deck_id=feed["id"])
    response = client.post(
        f"/api/v1/tables/{table_id}/rounds",
        json=body,
        headers={**people["dealer"], "Idempotency-Key": "deck-1"},
    )
    assert response.status_code == 201, response.json
    return response.json


def test_a_seeded_shift_s_figures_per_dealer(app, client, table):
    at(app, START)
    people = signed(client, ("dealer", "dealer2", "pit_boss", "pit_boss2", "compliance", "device"))
    ok(open_table(client, table["id"]), 201)
    ok(client.post(f"/api/v1/tables/{table['id']}/dealer-sessions", headers=people["dealer"]), 201)
    entered = [enter(client, people["dealer"], table, f"d1-{n}") for n in range(3)]
    entered.append(dealt_with_a_changed_card(client, people, table["id"]))
    void_approved(client, people["pit_boss"], people["pit_boss2"], entered[0]["id"])
    at(app, START + timedelta(minutes=45))  # the relief
    ok(client.post(f"/api/v1/tables/{table['id']}/dealer-sessions", headers=people["dealer2"]), 201)
    entered += [enter(client, people["dealer2"], table, f"d2-{n}") for n in range(2)]
    at(app, START + timedelta(minutes=65))
    ok(
        client.post(
            f"/api/v1/tables/{table['id']}/dealer-sessions/current/sign-out", headers=people["dealer2"]
        )
    )
    at(app, START + timedelta(hours=2))
    session_id = ok(close_table(client, table["id"]))["id"]
    ok(count_drop(client, session_id), 201)
    count_directly(app)
    assert run_figures_jobs(app) == [True]

    shift = report(client, people["compliance"])
    assert (shift["gaming_day"], shift["shift"], shift["pending_rounds"]) == ("2026-03-02", 1, 0)
    first, second = shift["dealers"]
    rounds_net = sum(round_["house_net"] for round_ in entered[1:])  # the voided one out
    check = {
        "session_id": session_id,
        "table_id": table["id"],
        "table_name": "BP-1",
        "number": 1,
        "currency": "USD",
        "counted": True,
        "win": WIN,
        "rounds_net": rounds_net,
        "difference": WIN - rounds_net,
    }
    assert first == {
        "dealer_id": first["dealer_id"],
        "name": "dealer",
        "seconds": 45 * 60,
        "rounds": 3,  # four entered, one voided
        "rounds_per_hour": 4,
        "rounds_per_hour_exact": "4",
        "tables": [
            {
                "table_id": table["id"],
                "table_name": "BP-1",
                "seconds": 45 * 60,
                "rounds": 3,
                "rounds_per_hour": 4,
                "rounds_per_hour_exact": "4",
                "dealer_sessions": [
                    {
                        "id": first["tables"][0]["dealer_sessions"][0]["id"],
                        "signed_in_at": "2026-03-02T08:00:00Z",
                        "signed_out_at": "2026-03-02T08:45:00Z",
                        "sign_out_reason": "relief",
                        "seconds": 45 * 60,
                    }
                ],
            }
        ],
        "voids": 1,
        "corrections": 0,
        "pending_voids": 0,
        "pending_corrections": 0,
        "dealt_rounds": 1,
        "cards_changed": 1,
        "sessions": [check],
        "players_results": [],  # no round's luck added in this test
    }
    # 2 rounds in 20 minutes: 6 an hour exactly.
    assert (second["name"], second["seconds"], second["rounds"]) == ("dealer2", 20 * 60, 2)
    assert (second["rounds_per_hour"], second["rounds_per_hour_exact"]) == (6, "6")
    assert (second["voids"], second["dealt_rounds"], second["cards_changed"]) == (0, 0, 0)
    assert second["sessions"] == [check]
    assert second["tables"][0]["dealer_sessions"][0]["sign_out_reason"] == "sign_out"
    # One dealer asked for; another shift has none of them.
    assert [
        line["name"] for line in report(client, people["pit_boss"], dealer=second["dealer_id"])["dealers"]
    ] == ["dealer2"]
    assert report(client, people["pit_boss"], shift=2)["dealers"] == []


def test_rounds_per_hour_is_exact_and_an_open_session_runs_to_now(app, client, table):
    at(app, START)
    people = signed(client, ("dealer", "pit_boss"))
    ok(open_table(client, table["id"]), 201)
    ok(client.post(f"/api/v1/tables/{table['id']}/dealer-sessions", headers=people["dealer"]), 201)
    for n in range(7):
        enter(client, people["dealer"], table, f"r{n}")
    count_directly(app)
    at(app, START + timedelta(minutes=50, seconds=1))  # signed in still
    (line,) = report(client, people["pit_boss"])["dealers"]
    assert line["seconds"] == 3001
    # 7 × 3600 / 3001: exactly, and shown halves to even.
    assert (line["rounds_per_hour_exact"], line["rounds_per_hour"]) == ("25200/3001", 8)
    assert line["tables"][0]["dealer_sessions"][0]["signed_out_at"] is None
    assert line["sessions"][0]["counted"] is False
    assert line["sessions"][0]["difference"] is None


def test_a_session_across_a_shift_change_counts_in_each_shift_its_time_there(app, client, table):
    at(app, datetime(2026, 3, 2, 13, 30, tzinfo=UTC))
    people = signed(client, ("dealer", "pit_boss"))
    ok(open_table(client, table["id"]), 201)
    ok(client.post(f"/api/v1/tables/{table['id']}/dealer-sessions", headers=people["dealer"]), 201)
    at(app, datetime(2026, 3, 2, 14, 20, tzinfo=UTC))
    ok(
        client.post(
            f"/api/v1/tables/{table['id']}/dealer-sessions/current/sign-out", headers=people["dealer"]
        )
    )
    (first,) = report(client, people["pit_boss"], shift=1)["dealers"]
    (second,) = report(client, people["pit_boss"], shift=2)["dealers"]
    assert (first["seconds"], second["seconds"]) == (30 * 60, 20 * 60)
    assert (first["rounds"], first["rounds_per_hour"], first["rounds_per_hour_exact"]) == (0, 0, "0")


def test_the_current_shift_by_default_and_the_readers_only(app, client, as_role, table):
    at(app, datetime(2026, 3, 2, 23, 0, tzinfo=UTC))
    shown = ok(client.get("/api/v1/reports/dealer-shifts", headers=as_role["pit_boss"]))
    assert (shown["gaming_day"], shown["shift"]) == ("2026-03-02", 3)
    beyond = client.get("/api/v1/reports/dealer-shifts?shift=7", headers=as_role["pit_boss"])
    assert beyond.status_code == 422
    assert "shift" in str(beyond.json)
    refused = client.get("/api/v1/reports/dealer-shifts?day=2026-03-02&shift=1", headers=as_role["dealer"])
    assert refused.status_code == 403
