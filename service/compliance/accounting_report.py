"""What checking the accounting records against their sealed events finds
(:mod:`service.compliance.accounting_verify`), and its JSON shapes as a
verification's report stores them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, TypedDict

from service.compliance.chain_report import ABSENT

LISTED = 100  # problems named in a report

# What is wrong with a record (a RecordProblem's problem).
RECORD_EDITED = "record_edited"  # a field differs from its sealed event
EVENT_MISSING = "event_missing"  # a stored row that no event carries
RECORD_MISSING = "record_missing"  # an event whose row is gone
EVENT_REPEATED = "event_repeated"  # a second event of one kind claims the row
EVENT_UNREADABLE = "event_unreadable"  # an event whose payload is no record
# A count whose total is not the sum of its lines (or whose lines are no
# count): found in the row itself, whether or not its event agrees.
TOTAL_MISMATCH = "total_mismatch"
PROBLEMS = (RECORD_EDITED, EVENT_MISSING, RECORD_MISSING, EVENT_REPEATED, EVENT_UNREADABLE, TOTAL_MISMATCH)


class FieldDifferenceJson(TypedDict):
    field: Annotated[str, "the record's field, e.g. total, lines.2500, counters[1]"]
    # A record's field: an amount, an id, a time, a denomination's lines (an
    # object), the counters (a list), text or null; "(absent)" when this
    # side has no such field.
    stored: Any
    sealed: Any


class RecordProblemJson(TypedDict):
    table: Annotated[
        str | None,
        "the stored table: table_sessions, inventory_counts, slips, slip_signatures, drop_counts, "
        "check_notes, round_exceptions, exception_decisions, players, player_names, ratings, rating_events, "
        "buy_ins or rating_corrections; null: an event whose payload names no record",
    ]
    id: Annotated[int | None, "the row's id (a decision's: its exception's); null: the event names none"]
    subject: Annotated[
        str,
        "its event's subject: session:ID, slip:NUMBER, round:ID (a void or correction), player:ID or "
        "rating:ID",
    ]
    event_id: Annotated[int | None, "the event compared; null: no event carries it"]
    problem: str
    message: Annotated[str, "what is wrong, in words"]
    differences: Annotated[list[FieldDifferenceJson], "an edited record's fields, stored against sealed"]


class AccountingReportJson(TypedDict):
    intact: Annotated[bool, "every accounting record agrees with its sealed event"]
    checked: Annotated[int, "stored accounting rows compared"]
    events: Annotated[int, "accounting events read"]
    differing: Annotated[int, "problems found"]
    problems: Annotated[list[RecordProblemJson], "the first 100 of them"]


@dataclass(frozen=True)
class FieldDifference:
    """A field of a record: as stored now, and as its event seals it."""

    field: str  # e.g. "total", "lines.2500", "counters[1]"
    stored: Any
    sealed: Any


@dataclass(frozen=True)
class RecordProblem:
    table: str | None  # the stored table (None: an event whose payload names none)
    id: int | None  # the row's id, a decision's its exception's (None: the event names none)
    # its event's subject: session:ID, slip:NUMBER, round:ID (a review record),
    # player:ID, rating:ID or cash_log:ID
    subject: str
    event_id: int | None  # None: no event carries the row
    problem: str  # one of PROBLEMS
    message: str
    differences: tuple[FieldDifference, ...] = ()

    def to_json(self) -> RecordProblemJson:
        return {
            "table": self.table,
            "id": self.id,
            "subject": self.subject,
            "event_id": self.event_id,
            "problem": self.problem,
            "message": self.message,
            "differences": [
                {"field": d.field, "stored": _shown(d.stored), "sealed": _shown(d.sealed)}
                for d in self.differences
            ],
        }


@dataclass(frozen=True)
class AccountingReport:
    checked: int  # stored rows compared
    events: int  # accounting events read
    differing: int  # problems found
    problems: tuple[RecordProblem, ...]  # the first LISTED of them

    @property
    def intact(self) -> bool:
        return self.differing == 0

    def to_json(self) -> AccountingReportJson:
        return {
            "intact": self.intact,
            "checked": self.checked,
            "events": self.events,
            "differing": self.differing,
            "problems": [problem.to_json() for problem in self.problems],
        }


def _shown(value: Any) -> Any:
    return repr(value) if value is ABSENT else value
