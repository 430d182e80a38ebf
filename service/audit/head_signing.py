"""Chain heads signed by the workers: after each sealing batch, the new
head (its sequence number and hash) is signed with the Ed25519 signing key
(:mod:`service.audit.keys`), which the database never holds. The signature
is stored (``audit_head_signatures``, append-only, naming its key id) and,
once the transaction commits, written outside the database as well: a
line of JSON appended to the signed-heads log, or to syslog.

Whoever rewrites events and re-seals the whole chain in the database gets
a chain whose every hash link holds, but cannot sign its heads: the
stored signatures no longer match the seals they name
(:mod:`service.compliance.signature_check`). Signing is once a batch, off
the request path.
"""

from __future__ import annotations

import json
import logging
import os
import syslog
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import event

from service.audit.keys import Signer
from service.config.settings import Settings
from service.store.db import Db, iso, utc_now
from service.store.models import AuditHeadSignature

# The heads signed in a transaction wait on its database handle for the
# handle's own after_commit event: plumbing of that one transaction (kept
# and emptied with it, whoever commits it), not settings riding along.
_PENDING = "breakpoker.signed_heads"
log = logging.getLogger(__name__)


def head_message(seq: int, digest: str) -> bytes:
    """What a head's signature signs: versioned, so it is never mistaken
    for anything else the key signs (a manifest)."""
    return f"breakpoker audit chain head v1\nseq {seq}\nhash {digest}\n".encode()


@dataclass(frozen=True)
class SignedHead:
    seq: int
    hash: str
    key_id: str
    signature: str  # hex
    signed_at: datetime

    def line(self) -> str:
        """The head as the signed-heads log writes it (one JSON line)."""
        return json.dumps(
            {
                "seq": self.seq,
                "hash": self.hash,
                "key_id": self.key_id,
                "signature": self.signature,
                "signed_at": iso(self.signed_at),
            },
            sort_keys=True,
        )


def sign_head(db: Db, seq: int, digest: str, signer: Signer, settings: Settings) -> SignedHead:
    """Sign the head ``seq``/``digest`` in the transaction of ``db``; it is
    written out when that commits (never a head that was rolled back)."""
    head = SignedHead(seq, digest, signer.key_id, signer.sign(head_message(seq, digest)), utc_now())
    db.add(
        AuditHeadSignature(
            seq=head.seq,
            hash=head.hash,
            key_id=head.key_id,
            signature=head.signature,
            signed_at=head.signed_at,
        )
    )
    if _PENDING not in db.info:
        event.listen(db, "after_commit", _write_pending)
        event.listen(db, "after_rollback", _forget_pending)
        db.info[_PENDING] = []
    db.info[_PENDING].append((head, settings))
    return head


def _write_pending(db: Db) -> None:
    for head, settings in db.info.get(_PENDING, []):
        try:
            write_out(settings, head)
        except OSError:
            # The head is signed and stored all the same; the next batch's
            # head (which covers this one) is written when the log is back.
            log.exception("could not write signed head %s out", head.seq)
    db.info[_PENDING] = []


def _forget_pending(db: Db) -> None:
    db.info[_PENDING] = []


def write_out(settings: Settings, head: SignedHead) -> None:
    """Append the head to the signed-heads log (or syslog)."""
    path = settings.signed_heads_log
    if path is None:
        syslog.syslog(syslog.LOG_NOTICE, f"breakpoker signed head {head.line()}")
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o640)
    try:
        os.write(descriptor, (head.line() + "\n").encode())
    finally:
        os.close(descriptor)
