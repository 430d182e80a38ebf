"""Every export's manifest is signed, and ``breakpoker audit verify-export
ZIP --public-key FILE`` checks an export offline: the signature, every
file against the manifest, and the chain's links inside it."""

from __future__ import annotations

import hashlib
import json
import zipfile
from datetime import UTC, datetime, timedelta

import pytest
from click.testing import CliRunner
from sqlalchemy import select

from service.audit.chain import seal_batch
from service.audit.keys import rotate, signer
from service.cli import main
from service.compliance.export_build import build_export
from service.compliance.exports import exports_folder
from service.config.settings import Settings
from service.store.models import Export
from tests.support.app import databases
from tests.support.rounds_data import round_body

pytestmark = pytest.mark.store


@pytest.fixture
def export(app, client, as_role, table, settings):
    """An export's ZIP of a sealed chain with a few rounds."""
    for number in range(2):
        client.post(
            f"/api/v1/tables/{table['id']}/rounds",
            json=round_body(f"r{number}"),
            headers={**as_role["dealer"], "Idempotency-Key": f"k{number}"},
        )
    with databases(app).begin() as db:
        seal_batch(db, 10**9)
    return export_now(app, client, as_role, settings)


def export_now(app, client, as_role, settings):
    """The ZIP of an export of yesterday to tomorrow, asked for and built now."""
    today = datetime.now(UTC).date()
    asked = client.post(
        "/api/v1/compliance/exports",
        json={"from": (today - timedelta(days=1)).isoformat(), "to": (today + timedelta(days=1)).isoformat()},
        headers=as_role["compliance"],
    )
    assert asked.status_code == 202, asked.json
    assert build_export(databases(app), asked.json["id"], settings.instance) is True
    with databases(app)() as db:
        name = db.scalars(select(Export.file_name).where(Export.id == asked.json["id"])).one()
    return exports_folder(settings.instance) / name


def public_key_file(settings, tmp_path):
    shown = CliRunner().invoke(
        main, ["audit", "public-key"], env={"BREAKPOKER_INSTANCE": str(settings.instance)}
    )
    assert shown.exit_code == 0, shown.output
    path = tmp_path / "regulator.pem"
    path.write_text("".join(line + "\n" for line in shown.output.splitlines() if not line.startswith("#")))
    return path


def verify_export(path, *keys):
    options = [part for key in keys for part in ("--public-key", str(key))]
    return CliRunner().invoke(main, ["audit", "verify-export", str(path), *options])


def rewritten(path, tmp_path, change):
    """A copy of the ZIP with ``change(name, bytes) -> bytes`` applied to each member."""
    copy = tmp_path / "tampered.zip"
    with zipfile.ZipFile(path) as source, zipfile.ZipFile(copy, "w") as target:
        for info in source.infolist():
            target.writestr(info, change(info.filename, source.read(info.filename)))
    return copy


def test_an_export_checks_offline_with_the_public_key(export, settings, tmp_path):
    key = public_key_file(settings, tmp_path)
    with zipfile.ZipFile(export) as archive:
        signed = json.loads(archive.read("manifest.sig"))
        chain = archive.read("audit_chain.jsonl").decode().splitlines()
    assert signed["key_id"] == signer(settings).key_id
    assert len(chain) > 3
    shown = verify_export(export, key)
    assert shown.exit_code == 0, shown.output
    assert f"ok: manifest.json signed by key {signed['key_id']}" in shown.output
    assert f"ok: audit_chain.jsonl: {len(chain)} link(s)" in shown.output
    assert "ok: rounds.csv:" in shown.output


def test_another_key_does_not_verify_it(export, settings, tmp_path):
    other = Settings(instance=tmp_path / "other")
    shown = verify_export(export, public_key_file(other, tmp_path))
    assert shown.exit_code == 1, shown.output
    assert "the signature of manifest.json does not hold: key" in shown.output


def test_a_rotated_key_leaves_old_exports_verifiable_with_the_old_public_key(export, settings, tmp_path):
    old = public_key_file(settings, tmp_path)
    rotate(settings)
    assert verify_export(export, old).exit_code == 0
    new = tmp_path / "new.pem"
    new.write_bytes(old.read_bytes())
    old.rename(tmp_path / "old.pem")
    assert verify_export(export, public_key_file(settings, tmp_path)).exit_code == 1
    assert verify_export(export, tmp_path / "old.pem", public_key_file(settings, tmp_path)).exit_code == 0


def test_a_file_changed_in_the_zip_is_found(export, settings, tmp_path):
    tampered = rewritten(export, tmp_path, lambda name, data: data + b"x" if name == "rounds.csv" else data)
    shown = verify_export(tampered, public_key_file(settings, tmp_path))
    assert shown.exit_code == 1, shown.output
    assert "BROKEN: rounds.csv:" in shown.output


def test_a_chain_line_rewritten_with_its_manifest_is_found(export, settings, tmp_path):
    """The chain file edited and the manifest made to match: the signature fails."""

    with zipfile.ZipFile(export) as archive:
        lines = archive.read("audit_chain.jsonl").decode().splitlines()
    link = json.loads(lines[1])
    link["event"]["payload"] = {"rewritten": True}
    lines[1] = json.dumps(link)
    chain = ("\n".join(lines) + "\n").encode()

    def change(name, data):
        if name == "manifest.json":
            manifest = json.loads(data)
            for entry in manifest["files"]:
                if entry["name"] == "audit_chain.jsonl":
                    entry["bytes"], entry["sha256"] = len(chain), hashlib.sha256(chain).hexdigest()
            return json.dumps(manifest, indent=2).encode()
        return chain if name == "audit_chain.jsonl" else data

    tampered = rewritten(export, tmp_path, change)
    shown = verify_export(tampered, public_key_file(settings, tmp_path))
    assert shown.exit_code == 1, shown.output
    assert "BROKEN: the signature of manifest.json does not hold" in shown.output
    assert f"ok: audit_chain.jsonl: {len(chain)} bytes, SHA-256 as in the manifest" in shown.output
    assert "BROKEN: audit_chain.jsonl line 2 (seq 2): the hash does not follow from its event" in shown.output
