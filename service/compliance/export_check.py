"""An export's manifest signed, and an export checked offline.

The build signs the exact bytes of ``manifest.json`` with the workers'
Ed25519 signing key (:mod:`service.audit.keys`) and puts the signature in
``manifest.sig`` beside it. The manifest holds every file's size and
SHA-256 and the chain's head the export was taken at, so the signature
vouches for all of it.

:func:`check_export` (``breakpoker audit verify-export ZIP --public-key
FILE``) needs no database: the signature with the public keys given, every
file against its size and digest in the manifest, every link of
``audit_chain.jsonl`` recomputed from its event, chained to the line before
when they follow each other, and the manifest's head where the file reaches
it; then each head of ``audit_head_signatures.jsonl`` with the public keys
and against the chain file's link of its seq.

The manifest's signature is made when the export is built, over what the
database holds then, so it cannot tell a chain rewritten and re-sealed
whole before the export. The heads' signatures can: each was made when
its batch was sealed, and signs the hash the link had then. What an
export without the heads' file (made before they were exported) proves is
what it proved when it was made: it verifies, with a warning that says
what it cannot show. A regulator holding such exports can still check
them, and is told to compare the chain with the signed-heads log; failing
them would leave every export handed over before the change unverifiable.
An export made since cannot be stripped of the file: the signed manifest
lists it.
"""

from __future__ import annotations

import hashlib
import json
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypedDict

from service.audit.chain import chained_hash
from service.audit.head_signing import head_message
from service.audit.keys import KeyRing, Signer

SIGNATURE = "manifest.sig"
MANIFEST = "manifest.json"
CHAIN = "audit_chain.jsonl"
HEADS = "audit_head_signatures.jsonl"


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
    """What an offline check found: each thing checked, each problem, and
    what it could not show (a warning: the export is intact all the same)."""

    checked: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

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
        heads = _heads_of(found, archive.read(HEADS)) if HEADS in names else None
        links = _Links({}, None)
        if CHAIN in names:
            wanted = {head.seq for head in heads or ()}
            links = _chain(found, archive.read(CHAIN), manifest.get("audit_chain_head") or {}, wanted)
        if heads is not None:
            _heads(found, ring, heads, links)
        elif HEADS not in {entry["name"] for entry in manifest.get("files") or []}:
            found.warnings.append(
                f"the export has no {HEADS} (made before the chain's signed heads were exported: the "
                "manifest's software version says which): its chain is checked against itself and the "
                "manifest only, and a chain rewritten and sealed again before the export cannot be told "
                "from it; compare its links with the signed heads of the signed-heads log"
            )
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


@dataclass(frozen=True)
class _Links:
    """What the chain file holds for the heads: the hash of each link a
    head names, and the last link's seq (None: no link)."""

    hashes: dict[int, str]
    last: int | None


def _chain(found: ExportCheck, text: bytes, head: dict[str, Any], wanted: set[int]) -> _Links:
    """Every link checked up to the first broken one; the hashes of the
    links of seqs ``wanted`` read on to the end all the same (a head past a
    broken link is then judged by the link it names)."""
    previous: dict[str, Any] | None = None
    links, broken, last = 0, False, None
    held: dict[int, str] = {}
    for number, line in enumerate(text.decode().splitlines(), start=1):
        link = json.loads(line)
        last = link["seq"]
        if last in wanted:
            held[last] = link["hash"]
        if broken:
            continue
        problem = _link_problem(number, link, previous, head)
        if problem is not None:
            found.problems.append(problem)
            broken = True
            continue
        previous, links = link, links + 1
    if not broken:
        found.checked.append(f"{CHAIN}: {links} link(s) follow from their events and from each other")
    return _Links(held, last)


def _link_problem(
    number: int, link: dict[str, Any], previous: dict[str, Any] | None, head: dict[str, Any]
) -> str | None:
    document = json.dumps(link["event"], sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    if chained_hash(link["previous_hash"], document) != link["hash"]:
        return f"{CHAIN} line {number} (seq {link['seq']}): the hash does not follow from its event"
    if (
        previous is not None
        and link["seq"] == previous["seq"] + 1
        and link["previous_hash"] != previous["hash"]
    ):
        return f"{CHAIN} line {number} (seq {link['seq']}) is not chained to seq {previous['seq']} before it"
    if link["seq"] == head.get("seq") and link["hash"] != head.get("hash"):
        return f"{CHAIN}: seq {link['seq']} is not the manifest's chain head"
    return None


@dataclass(frozen=True)
class _Head:
    """A line of the heads' file."""

    line: int
    seq: int
    hash: str
    key_id: str
    signature: str


def _heads_of(found: ExportCheck, text: bytes) -> list[_Head]:
    heads = []
    for number, line in enumerate(text.decode().splitlines(), start=1):
        try:
            head = json.loads(line)
            heads.append(
                _Head(
                    number, int(head["seq"]), str(head["hash"]), str(head["key_id"]), str(head["signature"])
                )
            )
        except (ValueError, KeyError, TypeError):
            found.problems.append(f"{HEADS} line {number} is not a signed head")
    return heads


def _heads(found: ExportCheck, ring: KeyRing, heads: list[_Head], links: _Links) -> None:
    """Each head's signature with the public keys, and its hash against the
    chain file's link of its seq; then how far the heads cover the chain."""
    broken = [problem for head in heads if (problem := _head_problem(ring, head, links)) is not None]
    if broken:
        found.problems.append(broken[0])
        if len(broken) > 1:
            found.problems.append(f"{HEADS}: {len(broken) - 1} later head signature(s) fail too")
        return
    keys = ", ".join(sorted({head.key_id for head in heads})) or "none"
    found.checked.append(
        f"{HEADS}: {len(heads)} head signature(s) hold with the public key(s) (key ids: {keys}) and sign "
        f"the hashes {CHAIN} holds at their seqs"
    )
    covered = max((head.seq for head in heads), default=None)
    if links.last is not None and (covered is None or covered < links.last):
        after = "the links" if covered is None else f"the links after seq {covered}"
        found.warnings.append(
            f"{CHAIN}: {after} up to seq {links.last} are under no head signature in the export (the head "
            "that covers them was signed after the export's window, or not at all): only the manifest's "
            "signature, made when the export was built, vouches for them; compare them with the signed "
            "heads of the signed-heads log"
        )


def _head_problem(ring: KeyRing, head: _Head, links: _Links) -> str | None:
    where = f"{HEADS} line {head.line}"
    wrong = ring.verify(head.key_id, head_message(head.seq, head.hash), head.signature)
    if wrong is not None:
        return (
            f"{where}: the signature of head seq {head.seq} does not hold ({wrong}): it was not made "
            "with the workers' signing key"
        )
    held = links.hashes.get(head.seq)
    if held is None:
        return f"{where}: head seq {head.seq} is signed but is no link of {CHAIN}"
    if held != head.hash:
        return (
            f"{where}: head seq {head.seq} was signed with hash {head.hash[:16]}… but {CHAIN} holds hash "
            f"{held[:16]}… at seq {head.seq}: the chain up to it was rewritten and sealed again after "
            "the head was signed"
        )
    return None
