"""Fills and credits: three signatures at three times, each another
person's; voided only with a reason and a second signature; numbered per
casino without a gap."""

from __future__ import annotations

import pytest
from sqlalchemy import insert, literal, select

from service.accounts.roles import set_role
from service.store.models import Slip, SlipSignature
from service.store.work import unit_of_work
from tests.support.accounting import (
    CREDIT,
    FILL,
    as_user,
    full_slip,
    issue_slip,
    ok,
    open_table,
    receive_slip,
    request_slip,
    signature,
)
from tests.support.app import databases


@pytest.fixture
def opened(client, table):
    return ok(open_table(client, table["id"]), 201)


def void(client, number, reason="asked twice", cosigner="cage", pit_boss="pit_boss"):
    body = {"reason": reason, "cosigner": signature(cosigner)}
    return client.post(f"/api/v1/slips/{number}/void", json=body, headers=as_user(client, pit_boss))


def test_a_fill_goes_from_requested_to_issued_to_received(client, table, opened):
    slip = ok(request_slip(client, table["id"], "fill", FILL), 201)
    assert slip["state"] == "requested"
    assert slip["total"] == 3000_00
    assert slip["requested_by"] == "pit_boss2"
    assert slip["session_id"] == opened["id"]
    issued = ok(issue_slip(client, slip["number"]))
    assert issued["state"] == "issued"
    received = ok(receive_slip(client, slip["number"]))
    assert received["state"] == "received"
    assert [(s["step"], s["signed_by"], s["cosigned_by"]) for s in received["signatures"]] == [
        ("issued", "cage", None),
        ("received", "dealer", "pit_boss"),
    ]
    times = [slip["requested_at"]] + [s["signed_at"] for s in received["signatures"]]
    assert times == sorted(times)


def test_the_numbers_run_without_a_gap_across_tables_and_refusals(client, as_role, table, opened):
    other = ok(client.post("/api/v1/tables", json={"name": "BP-2"}, headers=as_role["admin"]), 201)
    numbers = [ok(request_slip(client, table["id"]), 201)["number"]]
    assert request_slip(client, other["id"]).status_code == 409  # closed: refused, no number taken
    assert request_slip(client, table["id"], lines={"3000": 3000}).status_code == 422
    ok(open_table(client, other["id"]), 201)
    numbers.append(ok(request_slip(client, other["id"], "credit", CREDIT), 201)["number"])
    numbers.append(ok(request_slip(client, table["id"]), 201)["number"])
    assert numbers == [1, 2, 3]


def test_a_slip_for_a_table_with_no_open_session_is_refused(client, table):
    refused = request_slip(client, table["id"])
    assert refused.status_code == 409
    assert refused.json["code"] == "table_closed"
    assert refused.json["field"] == "table_id"


def test_a_fill_of_nothing_is_refused(client, table, opened):
    refused = request_slip(client, table["id"], lines={"2500": 0})
    assert refused.status_code == 422
    assert refused.json["field"] == "lines"


def test_the_kind_is_fill_or_credit(client, table, opened):
    refused = request_slip(client, table["id"], kind="marker")
    assert refused.status_code == 422
    assert "kind" in str(refused.json)


def test_the_requesting_pit_boss_cannot_receive_it(client, table, opened):
    number = ok(request_slip(client, table["id"], pit_boss="pit_boss"), 201)["number"]
    ok(issue_slip(client, number))
    refused = receive_slip(client, number, pit_boss="pit_boss")
    assert refused.status_code == 403
    assert refused.json["code"] == "same_person"
    assert refused.json["field"] == "cosigner"
    assert ok(receive_slip(client, number, pit_boss="pit_boss2"))["state"] == "received"


def test_the_cashier_who_issued_it_cannot_receive_it_after_a_role_change(app, client, table, opened):
    number = ok(request_slip(client, table["id"]), 201)["number"]
    ok(issue_slip(client, number, cage="cage2"))
    with unit_of_work(databases(app)) as db:
        set_role(db, "cage2", "pit_boss")
    refused = receive_slip(client, number, pit_boss="cage2")
    assert refused.status_code == 403
    assert refused.json["code"] == "same_person"
    assert "issued" in refused.json["message"]


def test_a_receipt_needs_a_dealer_and_a_pit_boss(client, table, opened):
    number = ok(request_slip(client, table["id"]), 201)["number"]
    ok(issue_slip(client, number))
    refused = receive_slip(client, number, dealer="dealer", pit_boss="dealer2")
    assert refused.status_code == 403
    assert refused.json["code"] == "two_signatures"


def test_a_slip_is_issued_once_and_received_only_once_issued(client, table, opened):
    number = ok(request_slip(client, table["id"]), 201)["number"]
    early = receive_slip(client, number)
    assert early.status_code == 409
    assert early.json["code"] == "slip_state"
    ok(issue_slip(client, number))
    again = issue_slip(client, number, cage="cage2")
    assert again.status_code == 409
    assert again.json["code"] == "slip_state"


def test_a_void_needs_a_reason_and_a_second_signature(app, client, table, opened):
    number = ok(request_slip(client, table["id"]), 201)["number"]
    assert void(client, number, reason="").status_code == 422
    own = void(client, number, cosigner="pit_boss")
    assert own.status_code == 403
    assert own.json["code"] == "same_person"
    dealer = void(client, number, cosigner="dealer")
    assert dealer.status_code == 403
    assert dealer.json["code"] == "wrong_role"
    voided = ok(void(client, number, cosigner="pit_boss2"))
    assert voided["state"] == "voided"
    assert voided["signatures"][-1]["reason"] == "asked twice"
    with databases(app)() as db:
        steps = db.scalars(select(SlipSignature.step)).all()
    assert steps == ["voided"]


def test_a_received_slip_cannot_be_voided(client, table, opened):
    slip = full_slip(client, table["id"])
    refused = void(client, slip["number"])
    assert refused.status_code == 409
    assert refused.json["code"] == "slip_state"


def test_an_unknown_slip_is_a_404_naming_the_number(client, table):
    missing = issue_slip(client, 999)
    assert missing.status_code == 404
    assert missing.json["field"] == "number"


def test_the_cage_lists_what_it_has_to_issue(client, table, opened):
    waiting = ok(request_slip(client, table["id"]), 201)["number"]
    full_slip(client, table["id"])
    listed = ok(client.get("/api/v1/slips?state=requested", headers=as_user(client, "cage")))
    assert [slip["number"] for slip in listed] == [waiting]
    every = ok(client.get("/api/v1/slips", headers=as_user(client, "cage")))
    assert [slip["state"] for slip in every] == ["received", "requested"]


@pytest.mark.store
def test_a_state_finds_slips_older_than_the_newest_ten_thousand(app, client, table, opened):
    """The filter is the database's: a slip waiting since before 10,000
    others were received is still on the cage's list."""
    waiting = ok(request_slip(client, table["id"]), 201)["number"]
    done = full_slip(client, table["id"])
    with unit_of_work(databases(app)) as db:
        model = db.scalars(select(Slip).where(Slip.number == done["number"])).one()
        signatures = db.scalars(select(SlipSignature).where(SlipSignature.slip_id == model.id)).all()
        columns = ("kind", "table_id", "session_id", "lines", "total", "requested_by", "requested_at")
        row = {name: getattr(model, name) for name in columns}
        # Bulk inserts: the copies as ORM objects took most of the test's
        # time (three signatures each: 40,000 rows), and only the rows matter.
        db.execute(insert(Slip), [{"number": done["number"] + 1 + n, **row} for n in range(10_000)])
        marks = ("step", "signed_by", "cosigned_by", "reason", "signed_at")
        columns_of = SlipSignature.__table__.c
        for mark in signatures:  # each copy signed as the slip it copies, one statement a step
            same = [literal(getattr(mark, name), columns_of[name].type) for name in marks]
            copies = select(Slip.id, *same).where(Slip.number > done["number"])
            db.execute(insert(SlipSignature).from_select(["slip_id", *marks], copies))
    cage = as_user(client, "cage")
    listed = ok(client.get("/api/v1/slips?state=requested&limit=5", headers=cage))
    assert [slip["number"] for slip in listed] == [waiting]
    received = ok(client.get("/api/v1/slips?state=received&limit=3", headers=cage))
    assert [slip["number"] for slip in received] == [done["number"] + 10_000 - n for n in range(3)]


def test_each_step_is_an_audit_event_carrying_the_record(app, client, table, opened):
    from service.store.models import AuditEvent

    slip = full_slip(client, table["id"])
    with databases(app)() as db:
        events = db.scalars(
            select(AuditEvent).where(AuditEvent.subject == f"slip:{slip['number']}").order_by(AuditEvent.id)
        ).all()
        stored = db.scalar(select(Slip))
    assert [event.kind for event in events] == ["slip_requested", "slip_issued", "slip_received"]
    assert events[0].payload["lines"] == FILL
    assert events[0].payload["total"] == stored.total


def test_the_slips_page_by_the_link_header_in_either_order(client, table, opened):
    numbers = [ok(request_slip(client, table["id"]), 201)["number"] for _ in range(3)]
    headers = as_user(client, "cage")
    for order, expected in (("newest", numbers[::-1]), ("oldest", numbers)):
        seen, target = [], f"/api/v1/slips?order={order}&limit=2"
        while target:
            response = client.get(target, headers=headers)
            seen += [slip["number"] for slip in ok(response)]
            target = next(
                (part.split(">")[0].lstrip("<") for part in response.headers["Link"].split(", ")
                 if part.endswith('rel="next"')),
                None,
            )  # fmt: skip
        assert seen == expected
