"""What each comp redemption's event (``comp_redeemed``) claims about its
stored ``comp_redemptions`` row (:mod:`service.players.comps`), written in
the transaction of the event that carries it whole; so each row is
matched to its sealed event the way the ratings' are
(:mod:`service.compliance.rating_claims`).

An amount, a currency, a reason, a balance or a signer edited in the
database, a redemption inserted by SQL (no event) or deleted (its event
names a row that is gone) is named."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from service.audit.kinds import EventKind
from service.compliance.accounting_claims import Claim, SealedEvent, Table
from service.players.comps import redemption_record
from service.store.models import CompRedemption

COMPS = "comp_redemptions"
COMP_KINDS = (EventKind.COMP_REDEEMED,)
COMP_TABLES: Mapping[str, Table] = {COMPS: Table(COMPS, CompRedemption, "redemption_id", redemption_record)}
#: the fields of the record, as the event carries them (its club number is the player's, checked with them)
FIELDS = (
    "redemption_id",
    "player_id",
    "currency",
    "minor_unit",
    "amount",
    "balance",
    "reason",
    "redeemed_by",
    "cosigned_by",
    "at",
)


def comp_claims(event: SealedEvent) -> list[Claim]:
    """What a redemption's event says its stored row is; empty for another
    kind, or a payload that is not a record (the caller names it). A field
    missing from the payload is read as null."""
    payload = event.payload
    if not isinstance(payload, dict) or event.kind not in COMP_KINDS:
        return []
    sealed = {name: payload.get(name) for name in FIELDS}
    return [Claim(COMPS, _id(payload.get("redemption_id")), sealed)]


def _id(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None
