"""What a walk of the audit hash chain found: the first broken link, with
the fields of an edited event as sealed and as stored now."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Annotated, Any, TypedDict

MAX_DIFFERENCES = 20  # fields named for one edited event


@dataclass(frozen=True)
class Difference:
    """A field of an event: as it was sealed, and as it is now."""

    field: str  # e.g. "payload.house_net"
    sealed: Any
    current: Any


@dataclass(frozen=True)
class BrokenLink:
    seq: int
    event_id: int | None
    problem: str  # a code: link_missing, link_moved, chain_broken, ...
    message: str
    differences: tuple[Difference, ...] = ()


@dataclass(frozen=True)
class ChainReport:
    intact: bool
    checked: int  # links found intact (before the broken one, if any)
    first_seq: int | None  # the range walked
    last_seq: int | None
    head: str | None  # hash of the last link found intact
    anchor: str  # what the first link was checked against
    pending: int  # events after the chain's head, waiting for their seal (normal)
    broken: BrokenLink | None
    signatures: int = 0  # signed heads found to hold
    signed_seq: int | None = None  # the last of them

    def to_json(self) -> ChainReportJson:
        return {
            "intact": self.intact,
            "checked": self.checked,
            "first_seq": self.first_seq,
            "last_seq": self.last_seq,
            "head": self.head,
            "anchor": self.anchor,
            "pending": self.pending,
            "broken": None if self.broken is None else _broken_json(self.broken),
            "signatures": self.signatures,
            "signed_seq": self.signed_seq,
        }


class DifferenceJson(TypedDict):
    field: Annotated[str, "e.g. payload.house_net"]
    # Any JSON value an event's field can hold (a number, a string, a list,
    # an object, null), or "(absent)": the events' payloads are free-form.
    sealed: Any
    current: Any


class BrokenLinkJson(TypedDict):
    seq: Annotated[int, "the first link that does not hold"]
    event_id: int | None
    problem: Annotated[
        str,
        "link_missing, link_inserted, link_moved, chain_broken, out_of_order, unsealed_event, event_missing, "
        "seal_rewritten, event_edited, hash_mismatch or chain_empty",
    ]
    message: Annotated[str, "what is wrong, in words"]
    differences: Annotated[list[DifferenceJson], "an edited event's fields"]


class ChainReportJson(TypedDict):
    """A :class:`ChainReport` as a verification's report stores it."""

    intact: Annotated[bool, "no link broken"]
    checked: Annotated[int, "links found intact"]
    first_seq: int | None
    last_seq: int | None
    head: str | None
    anchor: Annotated[str, "what the first link was checked against"]
    pending: Annotated[int, "newer events waiting for their seal"]
    broken: BrokenLinkJson | None
    signatures: int
    signed_seq: int | None


def _broken_json(broken: BrokenLink) -> BrokenLinkJson:
    return {
        "seq": broken.seq,
        "event_id": broken.event_id,
        "problem": broken.problem,
        "message": broken.message,
        "differences": [
            {"field": d.field, "sealed": _shown(d.sealed), "current": _shown(d.current)}
            for d in broken.differences
        ],
    }


class _Absent:
    """A field that one side of a comparison does not have."""

    def __repr__(self) -> str:
        return "(absent)"


ABSENT: Any = _Absent()


def _shown(value: Any) -> Any:
    return repr(value) if value is ABSENT else value


def as_text(value: Any) -> str:
    """A field's value as JSON, for messages."""
    return repr(value) if value is ABSENT else json.dumps(value, ensure_ascii=False)


def differences_between(sealed: str, current: str) -> tuple[Difference, ...]:
    """The fields that differ between two canonical JSON documents, by path.

    >>> differences_between('{"payload":{"house_net":500}}', '{"payload":{"house_net":900}}')
    (Difference(field='payload.house_net', sealed=500, current=900),)
    """
    try:
        before = json.loads(sealed)
    except ValueError:
        return (Difference("canonical", sealed, current),)
    return compare(before, json.loads(current))


def compare(before: Any, after: Any) -> tuple[Difference, ...]:
    """The fields that differ between two JSON values, by path (``sealed``
    is ``before``, ``current`` is ``after``)."""
    found: list[Difference] = []
    _compare("", before, after, found)
    return tuple(found[:MAX_DIFFERENCES])


def _compare(path: str, before: Any, after: Any, found: list[Difference]) -> None:
    if isinstance(before, dict) and isinstance(after, dict):
        for key in sorted(before.keys() | after.keys()):
            _compare(f"{path}.{key}" if path else key, before.get(key, ABSENT), after.get(key, ABSENT), found)
    elif isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        for index, (old, new) in enumerate(zip(before, after, strict=True)):
            _compare(f"{path}[{index}]", old, new, found)
    elif type(before) is not type(after) or before != after:  # 1 is not true, nor 1.0
        found.append(Difference(path, before, after))
