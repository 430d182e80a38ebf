"""What each void and correction event claims about the stored review
records (:mod:`service.review`): its request (``round_exceptions``) and its
decision (``exception_decisions``), each written in the transaction of the
event that carries it, so each row is matched to its sealed event the way
the accounting records are (:mod:`service.compliance.accounting_verify`).

A request's event (``void_requested``, ``correction_requested``) carries
the exception's id, its reason and (a correction) its change list; its
subject names the round record, its actor and time the requester and
when. A decision's event (``*_approved``, ``*_rejected``) carries the
exception's id, the note and the replacement round (an approved
correction); its kind says the verdict, its actor and time the decider and
when. A decision is named by its exception (one each). An approved void or
correction written by SQL, which takes a round out of the totals and the
cards-against-chips check, has neither event, and both rows are named.

Not sealed, so not compared: a correction's round as it should have been
(``corrected``); an approved one's replacement round is checked against
its own sealed ``round_settled`` event (:mod:`service.rounds.sealed`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from service.accounting.records import Record
from service.audit.kinds import EventKind
from service.compliance.accounting_claims import Claim, SealedEvent, Table
from service.rounds.status import ExceptionKind
from service.store.models import ExceptionDecision, RoundException

EXCEPTIONS, DECISIONS = "round_exceptions", "exception_decisions"

#: a request's event -> the exception's kind
REQUESTED = {
    EventKind.VOID_REQUESTED: ExceptionKind.VOID,
    EventKind.CORRECTION_REQUESTED: ExceptionKind.CORRECTION,
}
#: a decision's event -> whether it approves
DECIDED = {
    EventKind.VOID_APPROVED: True,
    EventKind.VOID_REJECTED: False,
    EventKind.CORRECTION_APPROVED: True,
    EventKind.CORRECTION_REJECTED: False,
}
REVIEW_KINDS = (*REQUESTED, *DECIDED)


def exception_record(exception: RoundException) -> Record:
    """A request as its event carries it (who asked and when: the event's
    actor and time)."""
    return {
        "exception_id": exception.id,
        "round_id": exception.round_id,
        "kind": exception.kind,
        "reason": exception.reason,
        "changes": exception.changes,
    }


def decision_record(decision: ExceptionDecision) -> Record:
    """A decision as its event carries it (who decided and when: the event's
    actor and time)."""
    return {
        "exception_id": decision.exception_id,
        "round_id": decision.round_id,
        "approved": decision.approved,
        "note": decision.note,
        "replacement_id": decision.replacement_id,
    }


REVIEW_TABLES: Mapping[str, Table] = {
    EXCEPTIONS: Table(EXCEPTIONS, RoundException, "exception_id", exception_record),
    DECISIONS: Table(DECISIONS, ExceptionDecision, "exception_id", decision_record, ident="exception_id"),
}


def review_claims(event: SealedEvent) -> list[Claim]:
    """What a void or correction event says its stored row is; empty for
    another kind, or a payload that is not a record (the caller names it)."""
    payload = event.payload
    if not isinstance(payload, dict) or event.kind not in REVIEW_KINDS:
        return []
    exception_id = payload.get("exception_id")
    if not isinstance(exception_id, int) or isinstance(exception_id, bool):
        exception_id = None
    if event.kind in REQUESTED:
        kind = REQUESTED[EventKind(event.kind)]
        sealed = {
            "exception_id": exception_id,
            "round_id": _round_of(event.subject),
            "kind": kind.value,
            "reason": payload.get("reason"),
            "changes": payload.get("changes") if kind is ExceptionKind.CORRECTION else None,
        }
        requested = {"requested_by": event.actor_id, "requested_at": event.occurred_at}
        return [Claim(EXCEPTIONS, exception_id, sealed, requested)]
    sealed = {
        "exception_id": exception_id,
        "round_id": _round_of(event.subject),
        "approved": DECIDED[EventKind(event.kind)],
        "note": payload.get("note"),
        "replacement_id": payload.get("replacement"),
    }
    decided = {"decided_by": event.actor_id, "decided_at": event.occurred_at}
    return [Claim(DECISIONS, exception_id, sealed, decided)]


def _round_of(subject: Any) -> Any:
    """The round record a review event's subject names (``round:ID``); the
    subject itself when it names none (it then matches no row)."""
    kind, _, number = str(subject).partition(":")
    return int(number) if kind == "round" and number.isdigit() and len(number) < 12 else subject
