"""The audit trail's keys and offline checks: ``breakpoker audit
verify-export`` (an export checked with no database), ``public-key`` (the
public key to hand to whoever verifies) and ``rotate-key`` (a new signing
key from the next seal on; the old public key is kept)."""

from __future__ import annotations

from pathlib import Path

import click
from sqlalchemy import func, select

from service.audit.event_mac import keyed_databases
from service.audit.events import record_event
from service.audit.keys import KeyFileError, KeyRing, public_pem, rotate, signer
from service.audit.kinds import EventKind
from service.compliance.export_check import check_export
from service.config.settings import Settings
from service.store.db import make_engine
from service.store.models import AuditSeal
from service.store.work import unit_of_work


@click.command("verify-export")
@click.argument("archive", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--public-key",
    "keys",
    multiple=True,
    required=True,
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="A PEM public key the manifest may be signed with (again for each key).",
)
def verify_export(archive: Path, keys: tuple[Path, ...]) -> None:
    """Check an export's ZIP offline, with no database: the manifest's
    signature with the public key(s), every file against its size and
    SHA-256, every link of audit_chain.jsonl, and every signed head of
    audit_head_signatures.jsonl with the public key(s) against the link of
    its seq. Exit status 0: intact (a warning says what the export cannot
    show, such as an export made before the heads were exported); 1:
    anything wrong."""
    try:
        ring = KeyRing.of_files(list(keys))
    except KeyFileError as error:
        raise click.BadParameter(str(error), param_hint="--public-key") from None
    found = check_export(archive, ring)
    for line in found.checked:
        click.echo(f"ok: {line}")
    for line in found.problems:
        click.secho(f"BROKEN: {line}", fg="red", bold=True)
    for line in found.warnings:
        click.secho(f"WARNING: {line}", fg="yellow", bold=True)
    if not found.intact:
        raise SystemExit(1)
    click.echo(f"intact: {archive.name}")


@click.command("public-key")
def public_key() -> None:
    """Print the signing key's public key (PEM) and its id: what a regulator
    verifies exports and chain heads with. Every public key, old ones too,
    is kept in the public keys folder (BREAKPOKER_PUBLIC_KEYS)."""
    settings = Settings.from_environment()
    current = signer(settings)
    click.echo(f"# key id {current.key_id}; all public keys in {settings.public_keys}")
    click.echo(public_pem(current.key.public_key()).decode(), nl=False)


@click.command("rotate-key")
@click.option("--yes", is_flag=True, help="Rotate without asking.")
def rotate_key(yes: bool) -> None:
    """Make a new signing key: it signs every head from the next seal on;
    the old private key is removed, its public key kept so that the heads
    it signed still verify. Restart the workers afterwards (they read the
    key at each seal, so a restart is only needed where the key file is
    mounted read-only)."""
    settings = Settings.from_environment()
    if not yes:
        click.confirm(f"Replace the signing key {settings.signing_key}?", abort=True)
    old, new = rotate(settings)
    engine = make_engine(settings.database)
    try:
        with unit_of_work(keyed_databases(engine, settings)) as db:
            head = db.scalar(select(func.max(AuditSeal.seq))) or 0
            record_event(
                db,
                EventKind.SIGNING_KEY_ROTATED,
                "audit:signing_key",
                {"old_key_id": old, "new_key_id": new, "from_seq": head + 1},
            )
    finally:
        engine.dispose()
    click.echo(f"signing key {old} retired; key {new} signs from seal {head + 1} on")
    click.echo(f"public keys (keep every one): {settings.public_keys}")
