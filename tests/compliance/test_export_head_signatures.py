"""An export carries the chain's signed heads (``audit_head_signatures.jsonl``)
and ``breakpoker audit verify-export`` checks each against the exported
chain with the public key (issue 40): an insider who rewrites events and
re-seals the whole chain gets a chain that verifies by itself and a
manifest signed over it, but the heads signed before, with a key the
database never holds, still sign the old hashes."""

from __future__ import annotations

import hashlib
import json
import zipfile

import pytest
from sqlalchemy import delete, select

from service.audit.head_signing import head_message
from service.audit.keys import signer
from service.compliance.export_check import sign_manifest
from service.store.db import utc_now
from service.store.models import AuditHeadSignature, AuditSeal
from tests.audit.test_signed_chain import allow_deleting_signatures, rewrite_and_reseal, seal_all
from tests.compliance.test_export_signature import export_now, public_key_file, verify_export
from tests.support.app import databases
from tests.support.rounds_data import round_body

pytestmark = pytest.mark.store
HEADS = "audit_head_signatures.jsonl"


@pytest.fixture
def chain(app, client, as_role, table):
    """A few rounds, sealed four links a batch: several signed heads. The heads."""
    for number in range(3):
        response = client.post(
            f"/api/v1/tables/{table['id']}/rounds",
            json=round_body(f"r{number}"),
            headers={**as_role["dealer"], "Idempotency-Key": f"k{number}"},
        )
        assert response.status_code == 201, response.json
    seal_all(app)
    with databases(app)() as db:
        return [(row.seq, row.hash) for row in db.scalars(select(AuditHeadSignature))]


def members(path):
    with zipfile.ZipFile(path) as archive:
        manifest = json.loads(archive.read("manifest.json"))
        heads = [json.loads(line) for line in archive.read(HEADS).decode().splitlines()]
        chain = [json.loads(line) for line in archive.read("audit_chain.jsonl").decode().splitlines()]
    return manifest, heads, chain


def test_a_clean_export_carries_its_signed_heads_and_verifies(
    app, client, as_role, settings, chain, tmp_path
):
    export = export_now(app, client, as_role, settings)
    manifest, heads, links = members(export)
    assert len(chain) > 1
    assert [(head["seq"], head["hash"]) for head in heads] == chain
    assert {head["key_id"] for head in heads} == {signer(settings).key_id}
    listed = next(entry for entry in manifest["files"] if entry["name"] == HEADS)
    assert listed["rows"] == len(chain)
    assert "breakpoker audit chain head v1" in listed["description"]
    shown = verify_export(export, public_key_file(settings, tmp_path))
    assert shown.exit_code == 0, shown.output
    assert f"ok: {HEADS}: {len(chain)} head signature(s) hold with the public key(s)" in shown.output
    assert "BROKEN" not in shown.output
    assert links[-1]["seq"] == chain[-1][0]  # every link under a signed head
    assert "WARNING" not in shown.output


def test_an_export_after_a_consistent_rewrite_fails_at_the_signed_head(
    app, client, as_role, settings, chain, tmp_path
):
    """The attack: an event rewritten and every link hash recomputed, then
    an export. The chain in it holds together and the manifest is signed
    over it; the head signed over the old hashes names the rewrite."""
    rewrite_and_reseal(app, 2)
    first_signed = min(seq for seq, _ in chain if seq >= 2)
    first_line = [seq for seq, _ in chain].index(first_signed) + 1
    export = export_now(app, client, as_role, settings)
    _, heads, links = members(export)
    assert [head["hash"] for head in heads] == [digest for _, digest in chain]  # as signed
    shown = verify_export(export, public_key_file(settings, tmp_path))
    assert shown.exit_code == 1, shown.output
    assert "ok: manifest.json signed by key" in shown.output
    assert f"ok: audit_chain.jsonl: {len(links)} link(s) follow from their events" in shown.output
    assert (
        f"BROKEN: {HEADS} line {first_line}: head seq {first_signed} was signed with hash "
        f"{dict(chain)[first_signed][:16]}" in shown.output
    )
    assert "but audit_chain.jsonl holds hash" in shown.output
    assert "rewritten and sealed again after the head was signed" in shown.output


@pytest.mark.parametrize("forgery", ["another key", "the key's id"])
def test_a_forged_head_signature_fails(app, client, as_role, settings, chain, tmp_path, forgery):
    """Heads signed again by the insider, who does not hold the signing key:
    with a key of their own, or under the real key's id."""
    rewrite_and_reseal(app, 1)
    forger = signer(type(settings)(instance=settings.instance / "forger"))
    key_id = forger.key_id if forgery == "another key" else signer(settings).key_id
    with databases(app).begin() as db:
        allow_deleting_signatures(db)
        db.execute(delete(AuditHeadSignature))
        head = db.scalar(select(AuditSeal).order_by(AuditSeal.seq.desc()).limit(1))
        db.add(
            AuditHeadSignature(
                seq=head.seq,
                hash=head.hash,
                key_id=key_id,
                signature=forger.sign(head_message(head.seq, head.hash)),
                signed_at=utc_now(),
            )
        )
    export = export_now(app, client, as_role, settings)
    shown = verify_export(export, public_key_file(settings, tmp_path))
    assert shown.exit_code == 1, shown.output
    assert f"BROKEN: {HEADS} line 1: the signature of head seq {head.seq} does not hold" in shown.output
    assert (
        f"key {forger.key_id} is not among the public keys" if forgery == "another key" else "is not key"
    ) in shown.output


def resigned(export, settings, tmp_path, change_heads):
    """The export as the workers' key would have signed it with its heads'
    file changed by ``change_heads(lines) -> lines | None`` (None: no file,
    as in an export made before the heads were exported)."""
    with zipfile.ZipFile(export) as archive:
        members = {info.filename: (info, archive.read(info.filename)) for info in archive.infolist()}
    manifest = json.loads(members["manifest.json"][1])
    changed = change_heads(members[HEADS][1].decode().splitlines())
    if changed is None:
        del members[HEADS]
        manifest["files"] = [entry for entry in manifest["files"] if entry["name"] != HEADS]
    else:
        content = "".join(line + "\n" for line in changed).encode()
        members[HEADS] = (members[HEADS][0], content)
        entry = next(entry for entry in manifest["files"] if entry["name"] == HEADS)
        entry["bytes"], entry["sha256"] = len(content), hashlib.sha256(content).hexdigest()
    text = json.dumps(manifest, indent=2).encode()
    members["manifest.json"] = (members["manifest.json"][0], text)
    members["manifest.sig"] = (
        members["manifest.sig"][0],
        json.dumps(sign_manifest(signer(settings), text)).encode(),
    )
    copy = tmp_path / "resigned.zip"
    with zipfile.ZipFile(copy, "w") as target:
        for info, data in members.values():
            target.writestr(info, data)
    return copy


def test_an_export_made_before_heads_were_exported_verifies_with_a_warning(
    app, client, as_role, settings, chain, tmp_path
):
    export = resigned(export_now(app, client, as_role, settings), settings, tmp_path, lambda lines: None)
    shown = verify_export(export, public_key_file(settings, tmp_path))
    assert shown.exit_code == 0, shown.output
    assert f"WARNING: the export has no {HEADS}" in shown.output
    assert "a chain rewritten and sealed again before the export cannot be told from it" in shown.output
    assert "intact:" in shown.output


def test_a_signed_head_that_is_no_link_of_the_exported_chain_fails(
    app, client, as_role, settings, chain, tmp_path
):
    def moved(lines):
        head = json.loads(lines[-1])
        head["seq"] += 1000
        forged = signer(settings).sign(head_message(head["seq"], head["hash"]))
        return [*lines, json.dumps({**head, "signature": forged})]

    export = resigned(export_now(app, client, as_role, settings), settings, tmp_path, moved)
    shown = verify_export(export, public_key_file(settings, tmp_path))
    assert shown.exit_code == 1, shown.output
    seq = chain[-1][0] + 1000
    assert (
        f"BROKEN: {HEADS} line {len(chain) + 1}: head seq {seq} is signed but is no link of" in shown.output
    )


def test_links_after_the_last_signed_head_of_the_export_are_named_in_a_warning(
    app, client, as_role, settings, chain, tmp_path
):
    """The window ends before the head that covers its last links was
    signed: those links are vouched for by the manifest's signature alone."""
    export = resigned(
        export_now(app, client, as_role, settings), settings, tmp_path, lambda lines: lines[:-1]
    )
    shown = verify_export(export, public_key_file(settings, tmp_path))
    assert shown.exit_code == 0, shown.output
    assert (
        f"WARNING: audit_chain.jsonl: the links after seq {chain[-2][0]} up to seq {chain[-1][0]} "
        "are under no head signature in the export"
    ) in shown.output
