"""An export's event payloads and chain lines taken from the stored text
when the link's hash proves it the sealed one: the same text as decoding
and encoding every event, whatever was stored and whatever the link says,
and a chain line's event the very text its hash is over."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import create_engine

from service.audit.canonical import canonical_event, canonical_of
from service.audit.chain import GENESIS, chained_hash, sealed_as_stored
from service.compliance.export_chain import chain_lines
from service.compliance.export_trail import event_lines
from service.store.canonical_json import canonical_json

TEXT = st.text(alphabet=st.sampled_from('a"\\\n\t\x00é😀\u2028 ,:{}[]'), max_size=6)
SCALARS = st.none() | st.booleans() | st.integers() | st.integers(2**64, 2**70) | st.floats() | TEXT
DOCUMENTS = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3),
    max_leaves=8,
)
IDS = st.none() | st.integers(min_value=1, max_value=2**40) | st.just(True)  # a flag where an id was
MOMENTS = st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2100, 1, 1))
STORED = ("canonical", "standard", "ascii")  # as the service stores it, and two other ways


class Bound:
    """What instant_cells asks of a session: its engine's dialect."""

    engine = create_engine("sqlite://")

    def get_bind(self):
        return self.engine


def stored_text(document, way: str) -> str:
    if way == "canonical":
        return canonical_json(document)
    return json.dumps(document, ensure_ascii=way == "ascii")


@st.composite
def links(draw: st.DrawFn) -> dict:
    """A link as an export's queries read it, its hash the true one or not."""
    sealed_payload = draw(st.dictionaries(TEXT, DOCUMENTS, max_size=4))
    edited = draw(st.booleans())
    payload = draw(st.dictionaries(TEXT, DOCUMENTS, max_size=4)) if edited else sealed_payload
    moment = draw(MOMENTS)
    event = {
        "id": draw(st.integers(min_value=1, max_value=2**40)),
        "kind": draw(TEXT),
        "subject": draw(TEXT),
        "actor_id": draw(IDS),
        "table_id": draw(IDS),
        "stored_at": moment.strftime("%Y-%m-%d %H:%M:%S.%f"),  # SQLite's text
        "payload": stored_text(payload, draw(st.sampled_from(STORED))),
    }
    previous = draw(st.sampled_from([GENESIS, "a" * 64]))
    sealed = canonical_of(
        event["id"],
        event["kind"],
        event["subject"],
        event["actor_id"],
        event["table_id"],
        moment.replace(tzinfo=UTC),
        sealed_payload,
    )
    digest = draw(st.sampled_from([chained_hash(previous, sealed), "b" * 64]))
    return {
        "event": event,
        "previous_hash": previous,
        "hash": digest,
        "sealed": sealed,
        "sealed_payload": sealed_payload,
        "moment": moment,
    }


def now(link: dict) -> dict:
    """The event as the export shows it, decoded and encoded: as stored now."""
    event = link["event"]
    return canonical_event(
        event["id"],
        event["kind"],
        event["subject"],
        event["actor_id"],
        event["table_id"],
        link["moment"].replace(tzinfo=UTC).isoformat(),
        json.loads(event["payload"]),
    )


def columns(link: dict) -> tuple:
    event = link["event"]
    return (
        event["id"],
        event["kind"],
        event["subject"],
        event["actor_id"],
        event["table_id"],
        event["stored_at"],
        event["payload"],
    )


@given(links())
def test_a_chain_line_is_the_encoders_text_of_the_event_as_stored(link):
    row = (9, link["previous_hash"], link["hash"], "2026-01-02 03:04:05.000000", *columns(link))
    line = chain_lines(Bound())(row)
    expected = {
        "seq": 9,
        "event_id": link["event"]["id"],
        "previous_hash": link["previous_hash"],
        "hash": link["hash"],
        "sealed_at": "2026-01-02T03:04:05+00:00",
        "event": now(link),
    }
    assert line == json.dumps(expected, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    # What a verifier recomputes: the event's text, taken from the line.
    event_text = line[len('{"event":') : line.index(',"event_id":')]
    holds = chained_hash(link["previous_hash"], event_text) == link["hash"]
    assert holds == (chained_hash(link["previous_hash"], canonical_json(now(link))) == link["hash"])
    if holds:
        assert event_text == link["sealed"]


@given(links(), st.booleans())
def test_an_events_payload_cell_is_its_compact_json(link, sealed):
    event = link["event"]
    seal = (9, link["previous_hash"], link["hash"]) if sealed else (None, None, None)
    row = (
        event["id"],
        event["stored_at"],
        event["kind"],
        event["subject"],
        event["actor_id"],
        "a name",
        event["table_id"],
        event["payload"],
        *seal,
    )
    line = event_lines(Bound())(row)
    moment = link["moment"].replace(tzinfo=UTC).isoformat()
    cells = [
        event["id"],
        moment,
        event["kind"],
        event["subject"],
        event["actor_id"],
        "a name",
        event["table_id"],
    ]
    assert line == [*cells, canonical_json(json.loads(event["payload"])), seal[0]]


@given(links())
def test_only_the_sealed_text_is_taken_as_stored(link):
    taken = sealed_as_stored(link["previous_hash"], link["hash"], columns(link))
    event = link["event"]
    true_link = chained_hash(link["previous_hash"], link["sealed"]) == link["hash"]
    as_sealed = event["payload"] == canonical_json(link["sealed_payload"])
    ids = not any(value is True for value in (event["actor_id"], event["table_id"]))  # a flag: true, not True
    assert (taken is not None) == (true_link and as_sealed and ids)
    if taken is not None:
        assert taken == link["sealed"]
