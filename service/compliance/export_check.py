"""An export's manifest signed, and an export checked offline.

The build signs the exact bytes of ``manifest.json`` with the workers'
Ed25519 signing key (:mod:`service.audit.keys`) and puts the signature in
``manifest.sig`` beside it. The manifest holds every file's size and
SHA-256 and the chain's head the export was taken at, so the signature
vouches for all of it.

:func:`check_export` (``breakpoker audit verify-export ZIP --public-key
FILE``) needs no database: the signature with the public keys given, every
file against its size and digest in the manifest, and every link of
``audit_chain.jsonl`` recomputed from its event, chained to the line before
when they follow each other, and the manifest's head where the file reaches it.
"""

from __future__ import annotations

import hashlib
import json
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypedDict

from service.audit.chain import chained_hash
from service.audit.keys import KeyRing, Signer

SIGNATURE = "manifest.sig"
MANIFEST = "manifest.json"
CHAIN = "audit_chain.jsonl"


class ManifestSignature(TypedDict):
    """``manifest.sig``: who signed ``manifest.json``, and the signature."""

    algorithm: str
    key_id: str
    signature: str  # hex, over manifest_message(the bytes of manifest.json)
    signs: str


def manifest_message(manifest: bytes) -> bytes:
    """What the signature signs: versioned, so that it is never mistaken
    for a chain head (which the same key signs)."""
    return b"breakpoker export manifest v1\n" + manifest


def sign_manifest(signer: Signer, manifest: bytes) -> ManifestSignature:
    return {
        "algorithm": "Ed25519",
        "key_id": signer.key_id,
        "signature": signer.sign(manifest_message(manifest)),
        "signs": f"'breakpoker export manifest v1' and a line feed, then the bytes of {MANIFEST}",
    }


@dataclass
class ExportCheck:
    """What an offline check found: each thing checked, and each problem."""

    checked: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def intact(self) -> bool:
        return not self.problems


def check_export(path: Path, ring: KeyRing) -> ExportCheck:
    found = ExportCheck()
    try:
        archive = zipfile.ZipFile(path)
    except (OSError, zipfile.BadZipFile) as error:
        found.problems.append(f"{path} is not a readable ZIP: {error}")
        return found
    with archive:
        names = set(archive.namelist())
        for needed in (MANIFEST, SIGNATURE):
            if needed not in names:
                found.problems.append(f"{needed} is missing")
        if found.problems:
            return found
        manifest_bytes = archive.read(MANIFEST)
        _signature(found, ring, manifest_bytes, archive.read(SIGNATURE))
        manifest = json.loads(manifest_bytes)
        _files(found, archive, manifest, names)
        if CHAIN in names:
            _chain(found, archive.read(CHAIN), manifest.get("audit_chain_head") or {})
    return found


def _signature(found: ExportCheck, ring: KeyRing, manifest: bytes, signature_file: bytes) -> None:
    try:
        signed = json.loads(signature_file)
        key_id, signature = str(signed["key_id"]), str(signed["signature"])
    except (ValueError, KeyError, TypeError):
        found.problems.append(f"{SIGNATURE} is not a signature file")
        return
    wrong = ring.verify(key_id, manifest_message(manifest), signature)
    if wrong is not None:
        found.problems.append(f"the signature of {MANIFEST} does not hold: {wrong}")
    else:
        found.checked.append(f"{MANIFEST} signed by key {key_id}")


def _files(found: ExportCheck, archive: zipfile.ZipFile, manifest: dict[str, Any], names: set[str]) -> None:
    listed = manifest.get("files") or []
    for entry in listed:
        name = entry["name"]
        if name not in names:
            found.problems.append(f"{name} is listed in the manifest but missing")
            continue
        digest, size = hashlib.sha256(), 0
        with archive.open(name) as member:
            while chunk := member.read(1 << 16):
                digest.update(chunk)
                size += len(chunk)
        if size != entry["bytes"] or digest.hexdigest() != entry["sha256"]:
            found.problems.append(
                f"{name}: {size} bytes with SHA-256 {digest.hexdigest()}, but the manifest says "
                f"{entry['bytes']} bytes with {entry['sha256']}"
            )
        else:
            found.checked.append(f"{name}: {size} bytes, SHA-256 as in the manifest")
    extra = names - {entry["name"] for entry in listed} - {MANIFEST, SIGNATURE}
    for name in sorted(extra):
        found.problems.append(f"{name} is in the ZIP but not in the manifest")


def _chain(found: ExportCheck, text: bytes, head: dict[str, Any]) -> None:
    previous: dict[str, Any] | None = None
    links = 0
    for number, line in enumerate(text.decode().splitlines(), start=1):
        link = json.loads(line)
        document = json.dumps(link["event"], sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        if chained_hash(link["previous_hash"], document) != link["hash"]:
            found.problems.append(
                f"{CHAIN} line {number} (seq {link['seq']}): the hash does not follow from its event"
            )
            return
        if (
            previous is not None
            and link["seq"] == previous["seq"] + 1
            and link["previous_hash"] != previous["hash"]
        ):
            found.problems.append(
                f"{CHAIN} line {number} (seq {link['seq']}) is not chained to seq {previous['seq']} before it"
            )
            return
        if link["seq"] == head.get("seq") and link["hash"] != head.get("hash"):
            found.problems.append(f"{CHAIN}: seq {link['seq']} is not the manifest's chain head")
            return
        previous, links = link, links + 1
    found.checked.append(f"{CHAIN}: {links} link(s) follow from their events and from each other")
