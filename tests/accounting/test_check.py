"""Cards against chips: over a session the win from the chips (drop +
closer + credits - opener - fills) equals the house's net from its rounds;
a mis-paid bet shows as the exact difference."""

from __future__ import annotations

from dataclasses import replace

import pytest

from service.api.app import create_app
from tests.support.accounting import (
    CREDIT,
    FILL,
    TRAY,
    as_user,
    close_table,
    count_drop,
    full_slip,
    ok,
    open_table,
)
from tests.support.rounds_data import round_body

BUY_IN = 2000_00  # cash into the box, chips out of the tray


def deal(client, table_id, count):
    """Rounds entered; the house's net of them."""
    net = 0
    for number in range(count):
        response = client.post(
            f"/api/v1/tables/{table_id}/rounds",
            json=round_body(f"r{number}"),
            headers={**as_user(client, "dealer"), "Idempotency-Key": f"k{number}"},
        )
        net += ok(response, 201)["house_net"]
    return net


def tray_after(net, short=0):
    """The closer as the chips would lie: the opener, plus the fill, less the
    credit and the buy-in's chips, plus the rounds' net, less what was mis-paid."""
    value = sum(TRAY.values()) + sum(FILL.values()) - sum(CREDIT.values()) - BUY_IN + net - short
    hundreds, ones = divmod(value - TRAY["100"], 10000)
    return {"100": TRAY["100"] + ones, "10000": hundreds * 10000}


def play(client, table_id, rounds=3, short=0):
    opened = ok(open_table(client, table_id), 201)
    full_slip(client, table_id, "fill", FILL)
    net = deal(client, table_id, rounds)
    full_slip(client, table_id, "credit", CREDIT)
    ok(close_table(client, table_id, lines=tray_after(net, short)))
    ok(count_drop(client, opened["id"], lines={"10000": BUY_IN}), 201)
    return opened["id"], net


def shown(client, session_id):
    return ok(client.get(f"/api/v1/sessions/{session_id}", headers=as_user(client, "pit_boss")))


def test_a_session_whose_chips_match_its_rounds_balances(client, table):
    session_id, net = play(client, table["id"])
    found = shown(client, session_id)
    figures = found["figures"]
    assert figures["win"] == net
    assert (
        figures["win"]
        == figures["drop"] + figures["closer"] + figures["credits"] - figures["opener"] - figures["fills"]
    )
    assert figures["hold"] == pytest.approx(net / BUY_IN)
    assert found["check"] == {
        "status": "balanced",
        "rounds": 3,
        "rounds_net": net,
        "difference": 0,
        "tolerance": 0,
        "flagged": False,
        "note": None,
        "note_by": None,
    }


def test_a_mis_paid_bet_is_the_exact_difference(client, table):
    session_id, _ = play(client, table["id"], short=2500)
    check = shown(client, session_id)["check"]
    assert check["status"] == "differs"
    assert check["difference"] == -2500
    assert check["flagged"] is True
    listed = ok(client.get("/api/v1/checks", headers=as_user(client, "pit_boss")))
    assert [(entry["id"], entry["check"]["difference"]) for entry in listed] == [(session_id, -2500)]


def test_within_the_tolerance_it_is_not_flagged(settings, table, client):
    session_id, _ = play(client, table["id"], short=2500)
    lenient = create_app(replace(settings, chips_tolerance=2500)).test_client()
    check = ok(lenient.get(f"/api/v1/sessions/{session_id}", headers=as_user(lenient, "pit_boss")))["check"]
    assert check["status"] == "balanced"
    assert check["difference"] == -2500


def test_a_voided_round_leaves_the_check(client, table):
    session_id, net = play(client, table["id"])
    round_id = next(e for e in shown(client, session_id)["timeline"] if e["what"] == "round")["ref"].split()[
        -1
    ]
    voided = ok(
        client.post(
            f"/api/v1/rounds/{round_id}/void", json={"reason": "misdeal"}, headers=as_user(client, "pit_boss")
        ),
        201,
    )
    ok(
        client.post(
            f"/api/v1/exceptions/{voided['id']}/approve",
            json={"note": "seen"},
            headers=as_user(client, "pit_boss2"),
        )
    )
    check = shown(client, session_id)["check"]
    assert check["rounds"] == 2
    assert check["difference"] == net - check["rounds_net"]


def test_the_timeline_runs_in_time_order_and_takes_a_note(client, table):
    session_id, _ = play(client, table["id"], short=2500)
    timeline = shown(client, session_id)["timeline"]
    assert [entry["what"] for entry in timeline] == [
        "opener",
        "slip_requested",
        "slip_issued",
        "slip_received",
        "round",
        "round",
        "round",
        "slip_requested",
        "slip_issued",
        "slip_received",
        "closer",
        "drop_count",
    ]
    assert [entry["at"] for entry in timeline] == sorted(entry["at"] for entry in timeline)
    noted = client.post(
        f"/api/v1/sessions/{session_id}/notes",
        json={"note": "25.00 over-paid on seat 2; dealer retrained"},
        headers=as_user(client, "pit_boss"),
    )
    check = ok(noted, 201)["check"]
    assert check["note"] == "25.00 over-paid on seat 2; dealer retrained"
    assert check["note_by"] == "pit_boss"
    assert shown(client, session_id)["timeline"][-1]["what"] == "note"
