"""A chain head no database user can forge (issue 21): an event inserted
by SQL is never sealed and raises an alert; a chain whose events were
rewritten and sealed again, every hash recomputed, fails verification at
the first seal whose signature fails; links cut off the end are found
against a head recorded outside the database; a rotated key signs from
then on while the old signatures still verify."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from sqlalchemy import delete, func, insert, select, text, update
from sqlalchemy.exc import DatabaseError

from service.audit.chain import GENESIS, canonical, chained_hash, seal_batch, unsealed
from service.audit.head_signing import head_message
from service.audit.keys import KeyRing, read_public_key, signer
from service.audit.kinds import EventKind
from service.cli import main
from service.compliance.audit_verify import verify_chain
from service.compliance.signature_check import ExpectedHead
from service.store.db import utc_now
from service.store.models import AuditEvent, AuditEventMac, AuditHeadSignature, AuditSeal
from tests.support.app import databases
from tests.support.rounds_data import round_body
from tests.support.tamper import drop_triggers
from tests.support.verifying import URL, cli_env, verified

pytestmark = pytest.mark.store
BATCH = 4  # events a sealing batch: several signed heads from a few rounds


def seal_all(app) -> None:
    while True:
        with databases(app).begin() as db:
            sealed, _ = seal_batch(db, 10**9, limit=BATCH)
        if sealed == 0:
            return


@pytest.fixture
def chain(app, client, as_role, table):
    """A sealed chain of a few rounds, its heads signed every BATCH links."""
    for number in range(3):
        response = client.post(
            f"/api/v1/tables/{table['id']}/rounds",
            json=round_body(f"r{number}"),
            headers={**as_role["dealer"], "Idempotency-Key": f"k{number}"},
        )
        assert response.status_code == 201, response.json
    seal_all(app)
    with databases(app)() as db:
        assert verify_chain(db).intact
        return db.scalars(select(AuditHeadSignature).order_by(AuditHeadSignature.seq)).all()


def forge_void_approved(app, mac: str | None = None) -> int:
    """What the issue tried: a void_approved event inserted by SQL."""
    with databases(app).begin() as db:
        forged = db.scalar(
            insert(AuditEvent)
            .values(kind="void_approved", subject="round:1", occurred_at=utc_now(), payload={"note": "ok"})
            .returning(AuditEvent.id)
        )
        if mac is not None:
            db.execute(insert(AuditEventMac).values(event_id=forged, mac=mac))
    return forged


@pytest.mark.parametrize("mac", [None, "0" * 64])
def test_an_event_inserted_by_sql_is_never_sealed_and_raises_an_alert(app, client, as_role, chain, mac):
    forged = forge_void_approved(app, mac)
    seal_all(app)
    seal_all(app)  # again: refused once, alerted once
    with databases(app)() as db:
        assert db.scalar(select(AuditSeal).where(AuditSeal.event_id == forged)) is None
        alerts = db.scalars(select(AuditEvent).where(AuditEvent.kind == EventKind.EVENT_REFUSED)).all()
        assert [alert.subject for alert in alerts] == [f"event:{forged}"]
        assert alerts[0].payload["kind"] == "void_approved"
        assert alerts[0].payload["reason"] == ("no MAC" if mac is None else "a MAC that does not hold")
        # The alert itself is genuine: sealed after the forged event's id.
        assert db.scalar(select(AuditSeal).where(AuditSeal.event_id == alerts[0].id)) is not None
        assert unsealed(db) == (0, None)
        report = verify_chain(db)
    assert (report.broken.event_id, report.broken.problem) == (forged, "unsealed_event")
    assert "the sealer refused it: its MAC does not hold" in report.broken.message
    jobs = client.get("/api/v1/ops/jobs", headers=as_role["admin"])
    assert jobs.status_code == 200, jobs.json
    assert jobs.json["refused_events"] == 1
    assert "breakpoker_audit_events_refused 1.0" in client.get("/metrics").text


def rewrite_and_reseal(app, seq: int) -> None:
    """The attack: an event's payload rewritten, and every seal from it on
    recomputed, so that every hash link holds again."""
    drop_triggers(app.extensions["breakpoker"]["engine"])
    with databases(app).begin() as db:
        target = db.scalar(select(AuditSeal.event_id).where(AuditSeal.seq == seq))
        db.execute(update(AuditEvent).where(AuditEvent.id == target).values(payload={"rewritten": True}))
        previous = GENESIS
        for seal in db.scalars(select(AuditSeal).order_by(AuditSeal.seq)).all():
            document = canonical(db.get_one(AuditEvent, seal.event_id))
            digest = chained_hash(previous, document)
            db.execute(
                update(AuditSeal)
                .where(AuditSeal.seq == seal.seq)
                .values(previous_hash=previous, hash=digest, canonical=document)
            )
            previous = digest


def test_a_rewritten_and_resealed_chain_fails_at_the_first_seal_whose_signature_fails(
    app, client, as_role, settings, chain
):
    rewrite_and_reseal(app, 2)
    first_signed = min(signature.seq for signature in chain if signature.seq >= 2)
    with databases(app)() as db:
        report = verify_chain(db)
    assert report.checked == report.last_seq  # every hash link holds
    assert (report.broken.seq, report.broken.problem) == (first_signed, "signature_mismatch")
    assert f"seal {first_signed} was signed with hash" in report.broken.message
    shown = CliRunner().invoke(main, ["audit", "verify"], env=cli_env(settings))
    assert shown.exit_code == 1, shown.output
    assert f"broken at seq {first_signed}: signature_mismatch" in shown.output


def test_signatures_written_by_sql_do_not_hold(app, settings, chain):
    """Signatures made again with a key of the forger's own."""
    rewrite_and_reseal(app, 1)
    forger = signer(type(settings)(instance=settings.instance / "forger"))
    with databases(app).begin() as db:
        allow_deleting_signatures(db)
        db.execute(delete(AuditHeadSignature))
        head = db.scalar(select(AuditSeal).order_by(AuditSeal.seq.desc()).limit(1))
        db.add(
            AuditHeadSignature(
                seq=head.seq,
                hash=head.hash,
                key_id=forger.key_id,
                signature=forger.sign(head_message(head.seq, head.hash)),
                signed_at=utc_now(),
            )
        )
    with databases(app)() as db:
        broken = verify_chain(db).broken
    assert (broken.seq, broken.problem) == (head.seq, "signature_invalid")
    assert f"key {forger.key_id} is not among the public keys" in broken.message


def allow_deleting_signatures(db) -> None:
    on = " ON audit_head_signatures" if db.get_bind().dialect.name == "postgresql" else ""
    db.execute(text(f"DROP TRIGGER audit_head_signatures_no_delete{on}"))


def signed_heads(settings) -> list[dict]:
    return [json.loads(line) for line in settings.signed_heads_log.read_text().splitlines()]


def test_each_signed_head_is_written_outside_the_database(app, settings, chain):
    logged = signed_heads(settings)
    assert [(line["seq"], line["hash"], line["signature"]) for line in logged] == [
        (signature.seq, signature.hash, signature.signature) for signature in chain
    ]
    ring = KeyRing.of_folder(settings.public_keys)
    assert all(
        ring.verify(line["key_id"], head_message(line["seq"], line["hash"]), line["signature"]) is None
        for line in logged
    )


def test_links_cut_off_the_end_fail_against_the_expected_head(app, client, as_role, settings, chain):
    head = signed_heads(settings)[-1]
    expected = f"{head['seq']}:{head['hash']}"
    cut = chain[-2].seq  # the links after the second last signed head, and their signatures
    drop_triggers(app.extensions["breakpoker"]["engine"])
    with databases(app).begin() as db:
        allow_deleting_signatures(db)
        db.execute(delete(AuditHeadSignature).where(AuditHeadSignature.seq > cut))
        db.execute(delete(AuditSeal).where(AuditSeal.seq > cut))
        last_kept = db.scalar(select(AuditSeal.event_id).where(AuditSeal.seq == cut))
        db.execute(delete(AuditEvent).where(AuditEvent.id > last_kept))
        on = " ON audit_event_macs" if db.get_bind().dialect.name == "postgresql" else ""
        db.execute(text(f"DROP TRIGGER audit_event_macs_no_delete{on}"))
        db.execute(delete(AuditEventMac).where(AuditEventMac.event_id > last_kept))
    with databases(app)() as db:
        assert verify_chain(db).intact  # intact in itself
        broken = verify_chain(db, expect=ExpectedHead.parse(expected)).broken
        assert db.scalar(select(func.max(AuditSeal.seq))) == cut
    assert (broken.seq, broken.problem) == (head["seq"], "head_not_reached")
    shown = CliRunner().invoke(main, ["audit", "verify", "--expect-head", expected], env=cli_env(settings))
    assert shown.exit_code == 1, shown.output
    assert "head_not_reached" in shown.output
    through_api = verified(app, client, as_role["compliance"], expect_head=expected)["report"]["chain"]
    assert (through_api["broken"]["seq"], through_api["broken"]["problem"]) == (
        head["seq"],
        "head_not_reached",
    )
    refused = client.post(URL, json={"expect_head": "12:abc"}, headers=as_role["compliance"])
    assert refused.status_code == 422, refused.json
    assert refused.json["field"] == "expect_head"
    bad = CliRunner().invoke(main, ["audit", "verify", "--expect-head", "12:abc"], env=cli_env(settings))
    assert bad.exit_code == 2
    assert "SEQ:HASH" in bad.output


def test_a_rotated_key_signs_from_then_on_and_old_signatures_still_verify(
    app, client, as_role, table, settings, chain
):
    old = chain[-1].key_id
    rotated = CliRunner().invoke(main, ["audit", "rotate-key", "--yes"], env=cli_env(settings))
    assert rotated.exit_code == 0, rotated.output
    new = signer(settings).key_id
    assert new != old
    assert f"signing key {old} retired; key {new} signs from seal {chain[-1].seq + 1} on" in rotated.output
    with databases(app)() as db:
        event = db.scalars(select(AuditEvent).where(AuditEvent.kind == EventKind.SIGNING_KEY_ROTATED)).one()
    assert event.payload == {"old_key_id": old, "new_key_id": new, "from_seq": chain[-1].seq + 1}
    client.post(
        f"/api/v1/tables/{table['id']}/rounds",
        json=round_body("after"),
        headers={**as_role["dealer"], "Idempotency-Key": "after"},
    )
    seal_all(app)
    with databases(app)() as db:
        signatures = db.scalars(select(AuditHeadSignature).order_by(AuditHeadSignature.seq)).all()
        report = verify_chain(db)
    assert report.intact
    assert report.signatures == len(signatures) > len(chain)
    assert {s.key_id for s in signatures[: len(chain)]} == {old}
    assert {s.key_id for s in signatures[len(chain) :]} == {new}
    # Without the old public key, the old signatures no longer verify.
    (settings.public_keys / f"{old}.pem").unlink()
    with databases(app)() as db:
        broken = verify_chain(db).broken
    assert (broken.seq, broken.problem) == (chain[0].seq, "signature_invalid")
    assert read_public_key(settings.public_keys / f"{new}.pem") is not None


@pytest.mark.parametrize(
    "statement",
    [
        "UPDATE audit_head_signatures SET hash = 'f'",
        "DELETE FROM audit_head_signatures",
        "UPDATE audit_event_macs SET mac = 'f'",
        "DELETE FROM audit_event_macs",
    ],
)
def test_the_macs_and_signatures_are_append_only(app, chain, statement):
    with databases(app)() as db, pytest.raises(DatabaseError, match="append-only"):
        db.execute(text(statement))
