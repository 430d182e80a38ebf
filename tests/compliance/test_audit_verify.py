"""``breakpoker audit verify`` and the verifications of
``/compliance/audit/verifications``: an untouched chain is intact; a row
edited, deleted, reordered, rewritten or inserted directly in the database
is named at its exact link, and a chain emptied is broken."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from click.testing import CliRunner
from sqlalchemy import Text, cast, delete, func, select, text, update
from sqlalchemy.exc import DataError

from service.analysis.cache import store_par_sheet
from service.audit.chain import GENESIS, canonical, chain_head, chained_hash, seal_batch
from service.audit.events import queue_job
from service.cli import main
from service.compliance.audit_verify import verify_chain, verify_records
from service.store.canonical_json import canonical_json
from service.store.db import unit_of_work, utc_now
from service.store.models import AuditEvent, AuditSeal, ShiftExpectedValues
from tests.par_sheets import default_sheet
from tests.support.app import PASSWORD, edit, sessions
from tests.support.background import check_chain, run_burst
from tests.support.rounds_data import round_body
from tests.support.tamper import authenticate, drop_triggers, execute_without_foreign_keys
from tests.support.verifying import cli_env, verified

pytestmark = pytest.mark.store
GAP = 2  # event ids left free in the middle of the chain


def engine_of(app):
    return app.extensions["breakpoker"]["engine"]


def seal_all(app) -> int:
    with unit_of_work(sessions(app)) as session:
        newest = session.scalar(select(func.max(AuditEvent.id)))
        sealed, _ = seal_batch(session, newest, limit=10_000)
    return sealed


def leave_an_id_gap(app) -> int:
    """An event whose id skips ``GAP`` ids, as PostgreSQL's sequences do
    after a rolled-back insert; the first free id."""
    with unit_of_work(sessions(app)) as session:
        free = (session.scalar(select(func.max(AuditEvent.id))) or 0) + 1
        event = AuditEvent(
            id=free + GAP,
            kind="note",
            subject="test:gap",
            occurred_at=utc_now(),
            payload={"why": "ids after a rollback"},
        )
        session.add(event)
        session.flush()
        authenticate(session, [event.id])
        queue_job(session, "seal", event.id)
        if session.get_bind().dialect.name == "postgresql":
            session.execute(
                text("SELECT setval(pg_get_serial_sequence('audit_events', 'id'), :n)"), {"n": free + GAP}
            )
    return free


@pytest.fixture
def chain(app, client, as_role, table):
    """A sealed chain: users, sign-ins, a failed one, rounds, a pay-table change."""
    url = f"/api/v1/tables/{table['id']}"
    for number in range(3):
        response = client.post(
            f"{url}/rounds",
            json=round_body(f"r{number}"),
            headers={**as_role["dealer"], "Idempotency-Key": f"k{number}"},
        )
        assert response.status_code == 201, response.json
    free = leave_an_id_gap(app)
    pays = {**table["config"]["break_bonus_pays"], "five_aces": 900}
    changed = edit(
        client, f"{url}/config", json={"config": {"break_bonus_pays": pays}}, headers=as_role["admin"]
    )
    assert changed.status_code == 200, changed.json
    client.post("/api/v1/auth/login", json={"name": "dealer2", "password": "wrong-password"})
    for number in range(3, 6):
        client.post(
            f"{url}/rounds",
            json=round_body(f"r{number}"),
            headers={**as_role["pit_boss"], "Idempotency-Key": f"k{number}"},
        )
    links = seal_all(app)
    with sessions(app)() as session:
        assert check_chain(session) == links
    return {"links": links, "free_id": free}


def seal_of(app, kind: str, nth: int = 0) -> AuditSeal:
    with sessions(app)() as session:
        return session.scalars(
            select(AuditSeal)
            .join(AuditEvent, AuditEvent.id == AuditSeal.event_id)
            .where(AuditEvent.kind == kind)
            .order_by(AuditSeal.seq)
        ).all()[nth]


def reports(app, client, as_role, settings, *query: tuple[str, int]) -> dict:
    """The chain's report three ways, which must agree: the function, a
    verification through the API (its job run here), the CLI."""
    first = dict(query).get("from")
    last = dict(query).get("to")
    with sessions(app)() as session:
        direct = verify_chain(session, first, last).to_json()
        whole = verify_records(session, first, last).to_json()
    through_api = verified(app, client, as_role["compliance"], **dict(query))["report"]
    options = [f"--{name}={value}" for name, value in query]
    result = CliRunner().invoke(main, ["audit", "verify", "--json", *options], env=cli_env(settings))
    assert result.exit_code == (0 if whole["intact"] else 1), result.output
    for other in (whole, through_api, json.loads(result.stdout)):
        # Each run adds an audit_verified event after the head: only pending differs.
        assert {**other["chain"], "pending": None} == {**direct, "pending": None}
        assert (other["rounds"], other["totals"]) == (whole["rounds"], whole["totals"])
    return direct


def cli_text(settings, *options: str):
    return CliRunner().invoke(main, ["audit", "verify", *options], env=cli_env(settings))


def test_an_untouched_chain_is_intact(app, client, as_role, settings, chain):
    report = reports(app, client, as_role, settings)
    with sessions(app)() as session:
        head = chain_head(session)
        assert session.scalar(select(func.count()).where(AuditSeal.canonical.is_(None))) == 0
    assert report == {
        "intact": True,
        "checked": chain["links"],
        "first_seq": 1,
        "last_seq": chain["links"],
        "head": head.hash,
        "anchor": "genesis",
        "pending": 0,
        "broken": None,
        "signatures": 1,  # sealed in one batch: its head signed
        "signed_seq": chain["links"],
    }
    result = cli_text(settings)
    assert result.exit_code == 0
    assert f"intact: {chain['links']} links checked (seq 1..{chain['links']}) from genesis" in result.output
    assert f"1 signed head(s) hold, the last at seal {chain['links']}" in result.output
    assert head.hash in result.output


def test_each_verification_is_on_the_record(app, client, as_role, settings, chain):
    job = verified(app, client, as_role["admin"])
    cli_text(settings, "--to", "3")
    with sessions(app)() as session:
        recorded = session.scalars(
            select(AuditEvent).where(AuditEvent.kind == "audit_verified").order_by(AuditEvent.id)
        ).all()
        # The expected win's totals, kept as the rounds were stored.
        value_sums = session.scalar(select(func.count()).select_from(ShiftExpectedValues))
    assert value_sums > 0
    assert [event.payload["via"] for event in recorded] == ["api", "cli"]
    assert recorded[0].actor_id is not None
    assert recorded[1].actor_id is None
    rounds = 6
    assert recorded[0].payload | {"head": None} == {
        "intact": True,
        "checked": chain["links"],
        "first_seq": 1,
        "last_seq": chain["links"],
        "head": None,
        "broken_seq": None,
        "problem": None,
        "chain_intact": True,
        "rounds_checked": rounds,
        "rounds_differing": 0,
        "totals_checked": value_sums,  # no round counted into the aggregates: only these
        "totals_differing": 0,
        "accounting_checked": 0,
        "accounting_differing": 0,
        "verification": job["id"],
        "via": "api",
    }
    assert recorded[1].payload["checked"] == 3


def test_an_edited_event_is_named_with_the_field(app, client, as_role, settings, chain):
    drop_triggers(engine_of(app))
    target = seal_of(app, "round_settled", 1)
    with unit_of_work(sessions(app)) as session:
        event = session.get(AuditEvent, target.event_id)
        sealed_net = event.payload["house_net"]
        session.execute(
            update(AuditEvent)
            .where(AuditEvent.id == target.event_id)
            .values(payload={**event.payload, "house_net": sealed_net + 400})
        )
    broken = reports(app, client, as_role, settings)["broken"]
    assert broken["seq"] == target.seq
    assert broken["event_id"] == target.event_id
    assert broken["problem"] == "event_edited"
    assert broken["differences"] == [
        {"field": "payload.house_net", "sealed": sealed_net, "current": sealed_net + 400}
    ]
    result = cli_text(settings)
    assert result.exit_code == 1
    assert f"BROKEN: the audit chain is broken at seq {target.seq} (event {target.event_id})" in result.output
    assert f"payload.house_net: sealed {sealed_net}, now {sealed_net + 400}" in result.output


def test_an_edited_column_is_named_too(app, client, as_role, settings, chain):
    drop_triggers(engine_of(app))
    target = seal_of(app, "config_changed")
    with unit_of_work(sessions(app)) as session:
        session.execute(update(AuditEvent).where(AuditEvent.id == target.event_id).values(actor_id=None))
    broken = reports(app, client, as_role, settings)["broken"]
    assert (broken["seq"], broken["problem"]) == (target.seq, "event_edited")
    assert [d["field"] for d in broken["differences"]] == ["actor_id"]
    assert broken["differences"][0]["current"] is None


@pytest.mark.parametrize("also_the_event", [True, False], ids=["event and seal", "seal only"])
def test_a_deleted_link_is_named(app, client, as_role, settings, chain, also_the_event):
    drop_triggers(engine_of(app))
    target = seal_of(app, "round_settled", 2)
    with unit_of_work(sessions(app)) as session:
        session.execute(delete(AuditSeal).where(AuditSeal.seq == target.seq))
        if also_the_event:
            session.execute(delete(AuditEvent).where(AuditEvent.id == target.event_id))
    broken = reports(app, client, as_role, settings)["broken"]
    assert (broken["seq"], broken["problem"]) == (target.seq, "link_missing")
    assert f"seq {target.seq} missing" in broken["message"]
    if also_the_event:
        assert "its event was deleted too" in broken["message"]
    else:
        assert f"event {target.event_id} (round_settled) is still stored but has no seal" in broken["message"]


def test_a_deleted_link_with_the_sequence_closed_up_is_named(app, client, as_role, settings, chain):
    drop_triggers(engine_of(app))
    target = seal_of(app, "login", 1)
    with unit_of_work(sessions(app)) as session:
        session.execute(delete(AuditSeal).where(AuditSeal.seq == target.seq))
        session.execute(delete(AuditEvent).where(AuditEvent.id == target.event_id))
        for seq in range(target.seq + 1, chain["links"] + 1):
            session.execute(update(AuditSeal).where(AuditSeal.seq == seq).values(seq=seq - 1))
    broken = reports(app, client, as_role, settings)["broken"]
    assert (broken["seq"], broken["problem"]) == (target.seq, "chain_broken")
    assert f"seq {target.seq - 1} was rewritten, or a link between them deleted" in broken["message"]


def test_a_deleted_event_under_its_seal_is_named(app, client, as_role, settings, chain):
    drop_triggers(engine_of(app))
    target = seal_of(app, "table_created")
    execute_without_foreign_keys(
        settings.database, "DELETE FROM audit_events WHERE id = :id", id=target.event_id
    )
    broken = reports(app, client, as_role, settings)["broken"]
    assert (broken["seq"], broken["event_id"], broken["problem"]) == (
        target.seq,
        target.event_id,
        "event_missing",
    )


def swap(session, first: int, second: int) -> None:
    session.execute(update(AuditSeal).where(AuditSeal.seq == first).values(seq=-1))
    session.execute(update(AuditSeal).where(AuditSeal.seq == second).values(seq=first))
    session.execute(update(AuditSeal).where(AuditSeal.seq == -1).values(seq=second))


@pytest.mark.parametrize(("first", "second"), [(5, 9), (7, 8)], ids=["apart", "adjacent"])
def test_reordered_links_are_named_at_the_first_moved_one(
    app, client, as_role, settings, chain, first, second
):
    drop_triggers(engine_of(app))
    with unit_of_work(sessions(app)) as session:
        swap(session, first, second)
    broken = reports(app, client, as_role, settings)["broken"]
    assert (broken["seq"], broken["problem"]) == (first, "link_moved")
    assert f"was chained after seq {second - 1 if second - 1 != first else second}" in broken["message"]
    assert "reordered" in broken["message"]


def test_a_rewritten_seal_hash_is_caught(app, client, as_role, settings, chain):
    drop_triggers(engine_of(app))
    with unit_of_work(sessions(app)) as session:
        session.execute(update(AuditSeal).where(AuditSeal.seq == 6).values(hash="f" * 64))
    broken = reports(app, client, as_role, settings)["broken"]
    assert (broken["seq"], broken["problem"]) == (6, "seal_rewritten")


def test_an_edit_with_a_forged_seal_is_caught_at_the_next_link(app, client, as_role, settings, chain):
    """A DBA who edits an event and rewrites its seal to match: the next link
    still chains to the old hash."""
    drop_triggers(engine_of(app))
    target = seal_of(app, "round_settled", 0)
    with unit_of_work(sessions(app)) as session:
        session.execute(
            update(AuditEvent).where(AuditEvent.id == target.event_id).values(payload={"house_net": 0})
        )
    with unit_of_work(sessions(app)) as session:
        document = canonical(session.get(AuditEvent, target.event_id))
        session.execute(
            update(AuditSeal)
            .where(AuditSeal.seq == target.seq)
            .values(canonical=document, hash=chained_hash(target.previous_hash, document))
        )
    broken = reports(app, client, as_role, settings)["broken"]
    assert (broken["seq"], broken["problem"]) == (target.seq + 1, "chain_broken")
    assert f"the hash of seq {target.seq} was rewritten" in broken["message"]


def test_a_rewritten_stored_canonical_is_caught(app, client, as_role, settings, chain):
    drop_triggers(engine_of(app))
    with unit_of_work(sessions(app)) as session:
        session.execute(update(AuditSeal).where(AuditSeal.seq == 4).values(canonical='{"id":0}'))
    broken = reports(app, client, as_role, settings)["broken"]
    assert (broken["seq"], broken["problem"]) == (4, "seal_rewritten")


def test_an_event_inserted_below_the_head_is_caught(app, client, as_role, settings, chain):
    free = chain["free_id"]
    with unit_of_work(sessions(app)) as session:
        # An INSERT needs no trigger dropped: the chain itself must tell.
        session.add(
            AuditEvent(id=free, kind="round_settled", subject="round:1", occurred_at=utc_now(), payload={})
        )
    with sessions(app)() as session:
        after = session.scalar(select(AuditSeal).where(AuditSeal.event_id == free + GAP))
    broken = reports(app, client, as_role, settings)["broken"]
    assert (broken["seq"], broken["event_id"], broken["problem"]) == (after.seq, free, "unsealed_event")
    assert f"event {free} (round_settled, round:1," in broken["message"]


def test_events_after_the_head_are_pending_not_broken(app, client, as_role, settings, chain):
    client.post("/api/v1/auth/login", json={"name": "dealer", "password": PASSWORD})
    with sessions(app)() as session:
        report = verify_chain(session)
    assert report.intact
    assert report.pending == 1


def test_seals_made_before_the_canonical_was_kept_still_verify(app, client, as_role, settings, chain):
    drop_triggers(engine_of(app))
    with unit_of_work(sessions(app)) as session:
        session.execute(update(AuditSeal).values(canonical=None))
    assert reports(app, client, as_role, settings)["intact"]
    target = seal_of(app, "login", 2)
    with unit_of_work(sessions(app)) as session:
        session.execute(update(AuditEvent).where(AuditEvent.id == target.event_id).values(subject="user:999"))
    broken = reports(app, client, as_role, settings)["broken"]
    assert (broken["seq"], broken["problem"]) == (target.seq, "hash_mismatch")


def test_a_range_starts_from_its_first_links_stored_previous_hash(app, client, as_role, settings, chain):
    drop_triggers(engine_of(app))
    target = seal_of(app, "round_settled", 1)
    with unit_of_work(sessions(app)) as session:
        session.execute(update(AuditEvent).where(AuditEvent.id == target.event_id).values(subject="round:0"))
    before = reports(app, client, as_role, settings, ("to", target.seq - 1))
    assert before["intact"]
    assert before["checked"] == target.seq - 1
    after = reports(app, client, as_role, settings, ("from", target.seq + 1))
    assert after["intact"]
    assert after["checked"] == chain["links"] - target.seq
    assert after["anchor"] == f"the previous hash stored in seq {target.seq + 1}"
    result = cli_text(settings, "--from", str(target.seq + 1))
    assert f"from the previous hash stored in seq {target.seq + 1}" in result.output
    spanning = reports(app, client, as_role, settings, ("from", 2), ("to", target.seq))
    assert spanning["broken"]["seq"] == target.seq
    assert spanning["checked"] == target.seq - 2


def test_a_range_past_the_head_checks_nothing(app, client, as_role, settings, chain):
    report = reports(app, client, as_role, settings, ("from", chain["links"] + 5))
    assert report["intact"]
    assert report["checked"] == 0


def test_an_empty_chain_with_events_is_broken(app, client, as_role, settings):
    """Events stored, no link: what a chain emptied looks like (a worker
    seals every event within seconds)."""
    report = reports(app, client, as_role, settings)
    assert (report["intact"], report["checked"]) == (False, 0)
    assert report["broken"]["problem"] == "chain_empty"
    assert report["pending"] > 0
    result = cli_text(settings)
    assert result.exit_code == 1
    assert "BROKEN: the audit chain is broken at seq 1 (event 1): chain_empty" in result.output
    assert "no link is stored although events are (the oldest: event 1)" in result.output


def test_a_database_without_events_has_nothing_to_check(settings):
    result = cli_text(settings)
    assert result.exit_code == 0, result.output
    assert "intact: no links to check" in result.output


def test_the_seals_emptied_are_named(app, client, as_role, settings, chain):
    """TRUNCATE audit_seals (PostgreSQL; refused by its trigger, so a DBA
    drops it first), or DELETE every seal (SQLite)."""
    drop_triggers(engine_of(app))
    with unit_of_work(sessions(app)) as session:
        truncate = session.get_bind().dialect.name == "postgresql"
        session.execute(text("TRUNCATE audit_seals" if truncate else "DELETE FROM audit_seals"))
    report = reports(app, client, as_role, settings)
    assert report["broken"]["problem"] == "chain_empty"
    assert "no link is stored although events are" in report["broken"]["message"]
    assert "the seals were deleted" in report["broken"]["message"]


def test_the_cli_refuses_a_backward_range(settings):
    result = cli_text(settings, "--from", "5", "--to", "2")
    assert result.exit_code == 2
    assert "--to (2) is before --from (5)" in result.output


def test_a_chain_sealed_by_a_real_worker_verifies(app, client, as_role, table, redis_settings):
    # The default rules' par sheet, as its job would leave it (not recomputed here).
    store_par_sheet(default_sheet(), redis_settings.instance)
    for number in range(3):
        client.post(
            f"/api/v1/tables/{table['id']}/rounds",
            json=round_body(f"w{number}"),
            headers={**as_role["dealer"], "Idempotency-Key": f"w{number}"},
        )
    run_burst(redis_settings)
    with sessions(app)() as session:
        report = verify_chain(session)
        events = session.scalar(select(func.count()).select_from(AuditEvent))
        assert session.scalar(select(func.count()).where(AuditSeal.canonical.is_not(None))) == events
    assert report.intact
    assert report.checked == events
    assert report.head != GENESIS


def stored_payloads(app) -> dict[int, str]:
    with sessions(app)() as session:
        return dict(session.execute(select(AuditEvent.id, cast(AuditEvent.payload, Text))).all())


def store_payload_text(app, event_id: int, payload_text: str) -> None:
    """The payload column set to this very text, as an older release or SQL wrote it."""
    value = "CAST(:text AS json)" if engine_of(app).dialect.name == "postgresql" else ":text"
    with unit_of_work(sessions(app)) as session:
        session.execute(
            text(f"UPDATE audit_events SET payload = {value} WHERE id = :id"),
            {"text": payload_text, "id": event_id},
        )


def test_payloads_are_stored_as_their_canonical_text(app, chain):
    for payload_text in stored_payloads(app).values():
        assert payload_text == canonical_json(json.loads(payload_text))


def test_a_payload_stored_in_another_text_of_the_same_value_still_verifies(
    app, client, as_role, settings, chain
):
    drop_triggers(engine_of(app))
    for event_id, payload_text in stored_payloads(app).items():
        # As the JSON type writes by default: spaces, and the keys reversed.
        value = json.loads(payload_text)
        spaced = dict(reversed(value.items())) if isinstance(value, dict) else value
        store_payload_text(app, event_id, json.dumps(spaced))
    assert stored_payloads(app) != {}
    assert reports(app, client, as_role, settings)["intact"]


def test_a_payload_edited_in_its_text_is_named(app, client, as_role, settings, chain):
    drop_triggers(engine_of(app))
    target = seal_of(app, "round_settled", 2)
    sealed = json.loads(stored_payloads(app)[target.event_id])
    store_payload_text(app, target.event_id, json.dumps({**sealed, "house_net": sealed["house_net"] + 1}))
    broken = reports(app, client, as_role, settings)["broken"]
    assert (broken["seq"], broken["problem"]) == (target.seq, "event_edited")
    assert [d["field"] for d in broken["differences"]] == ["payload.house_net"]


def test_a_payload_that_is_not_json_is_named_or_refused(app, client, as_role, settings, chain):
    drop_triggers(engine_of(app))
    target = seal_of(app, "login", 1)
    if engine_of(app).dialect.name == "postgresql":
        with pytest.raises(DataError):  # its json type refuses the text outright
            store_payload_text(app, target.event_id, "not JSON {")
        return
    store_payload_text(app, target.event_id, "not JSON {")
    broken = reports(app, client, as_role, settings)["broken"]
    assert (broken["seq"], broken["problem"]) == (target.seq, "event_edited")
    assert [(d["field"], d["current"]) for d in broken["differences"]] == [("payload", "not JSON {")]


def test_an_edited_time_is_named(app, client, as_role, settings, chain):
    drop_triggers(engine_of(app))
    target = seal_of(app, "round_settled", 1)
    with sessions(app)() as session:
        sealed_at = session.get(AuditEvent, target.event_id).occurred_at
    with unit_of_work(sessions(app)) as session:
        session.execute(
            update(AuditEvent)
            .where(AuditEvent.id == target.event_id)
            .values(occurred_at=sealed_at + timedelta(seconds=1))
        )
    broken = reports(app, client, as_role, settings)["broken"]
    assert (broken["seq"], broken["problem"]) == (target.seq, "event_edited")
    [difference] = broken["differences"]
    assert difference["field"] == "occurred_at"
    assert difference["current"] == (sealed_at + timedelta(seconds=1)).isoformat()
