"""A player's identification: recorded by the pit or the cage, read by
compliance only, each with an event holding none of it; kept encrypted
with a key the database never holds, bound to its player and version."""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import insert, select

from service.errors import Invalid
from service.players.identification import (
    DocumentType,
    Identification,
    check_identification,
    has_identification,
)
from service.players.identification_cipher import (
    IdentificationKey,
    Unreadable,
    identification_key,
    seal,
    unseal,
)
from service.store.models import AuditEvent, PlayerIdentification, User
from service.store.work import unit_of_work
from tests.support.app import databases
from tests.support.players import enrolled, identified

NUMBER = "ZQ9071234"
BODY = {
    "document_type": "driving_licence",
    "number": NUMBER,
    "expiry": "2031-06-30",
    "date_of_birth": "1975-02-14",
}
KEY = IdentificationKey(bytes(range(32)), "k1")

numbers = st.from_regex(r"[A-Za-z0-9-][A-Za-z0-9 -]{0,38}[A-Za-z0-9-]|[A-Za-z0-9-]", fullmatch=True)
identifications = st.builds(
    Identification,
    st.sampled_from(DocumentType),
    numbers,
    st.dates(min_value=date(2000, 1, 1)),
    st.dates(max_value=date(2020, 1, 1)),
)


def url(club_number: str) -> str:
    return f"/api/v1/players/{club_number}/identification"


# --- the seal


@given(identifications, st.integers(1, 2**31 - 1), st.integers(1, 1000))
def test_a_sealed_identification_opens_as_it_was(identification, player_id, version):
    sealed = seal(KEY, player_id, version, identification.fields())
    assert Identification.of_fields(unseal(KEY, player_id, version, sealed)) == identification
    plain = str(identification.fields()).encode()
    assert plain not in sealed.ciphertext
    if len(identification.number) >= 8:  # a shorter one may turn up among random bytes
        assert identification.number.encode() not in sealed.ciphertext + sealed.nonce


@given(identifications, st.integers(1, 1000), st.integers(1, 1000))
def test_a_seal_opens_for_its_own_player_and_version_only(identification, player_id, other):
    sealed = seal(KEY, player_id, 1, identification.fields())
    if other != player_id:
        with pytest.raises(Unreadable, match="moved"):
            unseal(KEY, other, 1, sealed)
    with pytest.raises(Unreadable, match="moved"):
        unseal(KEY, player_id, 2, sealed)


def test_each_seal_has_its_own_nonce_and_another_key_does_not_open_it():
    fields = Identification(DocumentType.PASSPORT, NUMBER, date(2030, 1, 1), date(1990, 1, 1)).fields()
    first, second = seal(KEY, 1, 1, fields), seal(KEY, 1, 1, fields)
    assert first.nonce != second.nonce
    assert first.ciphertext != second.ciphertext
    with pytest.raises(Unreadable, match="key k1"):
        unseal(IdentificationKey(bytes(32), "k2"), 1, 1, first)
    with pytest.raises(Unreadable, match="moved"):
        unseal(IdentificationKey(bytes(32), "k1"), 1, 1, first)


def test_the_key_file_is_made_once_for_its_owner_only(settings):
    key = identification_key(settings)
    assert settings.identification_key.stat().st_mode & 0o777 == 0o600
    assert identification_key(settings) == key
    assert len(key.key) == 32
    assert key.key.hex() not in repr(key)


# --- the checks

TODAY = date(2026, 12, 7)


@pytest.mark.parametrize(
    ("change", "field", "code"),
    [
        ({"document_type": "library_card"}, "document_type", "invalid_field"),
        ({"number": ""}, "number", "invalid_field"),
        ({"number": "   "}, "number", "invalid_field"),
        ({"number": "A" * 41}, "number", "invalid_field"),
        ({"number": "AB/12"}, "number", "invalid_field"),
        ({"number": "ÄB12"}, "number", "invalid_field"),
        ({"expiry": TODAY - timedelta(days=1)}, "expiry", "document_expired"),
        ({"date_of_birth": TODAY}, "date_of_birth", "invalid_field"),
    ],
)
def test_a_bad_identification_is_refused_naming_the_field(change, field, code):
    given_ = {
        "document_type": "passport",
        "number": "P 123-45",
        "expiry": TODAY,
        "date_of_birth": date(1990, 1, 1),
    }
    with pytest.raises(Invalid) as refused:
        check_identification(**{**given_, **change}, today=TODAY)
    assert (refused.value.field, refused.value.code) == (field, code)
    sent = change.get("number", "")
    if len(sent.strip()) >= 4:  # a refusal never repeats the number sent
        assert sent not in refused.value.message


def test_a_document_valid_today_and_any_past_birth_are_taken():
    found = check_identification("other", " AB-12 34 ", TODAY, date(2025, 12, 31), today=TODAY)
    assert found == Identification(DocumentType.OTHER, "AB-12 34", TODAY, date(2025, 12, 31))


# --- the API


@pytest.fixture
def player(app):
    return enrolled(app, "C42")


def test_the_cage_records_and_compliance_reads_with_an_event_each(app, client, as_role, player):
    recorded = client.post(url("C42"), json=BODY, headers=as_role["cage"])
    assert recorded.status_code == 201, recorded.json
    assert set(recorded.json) == {"club_number", "version", "recorded_at", "recorded_by"}  # none of it
    assert recorded.json["version"] == 1
    again = client.post(url("C42"), json={**BODY, "number": "NEW-1"}, headers=as_role["pit_boss"])
    assert again.json["version"] == 2
    read = client.get(url("C42"), headers=as_role["compliance"])
    assert read.status_code == 200, read.json
    assert read.json == {
        "club_number": "C42",
        "version": 2,  # the newest counts
        "recorded_at": again.json["recorded_at"],
        "recorded_by": "pit_boss",
        "document_type": "driving_licence",
        "number": "NEW-1",
        "expiry": "2031-06-30",
        "date_of_birth": "1975-02-14",
    }
    client.get(url("C42"), headers=as_role["compliance"])
    with databases(app)() as db:
        events = db.scalars(
            select(AuditEvent)
            .where(AuditEvent.subject == f"player:{player['id']}")
            .where(AuditEvent.kind != "player_enrolled")
        ).all()
        rows = db.scalars(select(PlayerIdentification.id).order_by(PlayerIdentification.version)).all()
    # A recording names its row (for the compliance verification), a read does not.
    row = {"player_id": player["id"], "club_number": "C42"}
    assert [(event.kind, event.payload) for event in events] == [
        ("player_identified", {**row, "identification_id": rows[0], "version": 1}),
        ("player_identified", {**row, "identification_id": rows[1], "version": 2}),
        ("identification_read", {"club_number": "C42", "version": 2}),
        ("identification_read", {"club_number": "C42", "version": 2}),
    ]
    assert [event.actor_id for event in events][2:] == [user_id(app, "compliance")] * 2


def user_id(app, name):
    with databases(app)() as db:
        return db.scalar(select(User.id).where(User.name == name))


@pytest.mark.parametrize("role", ["pit_boss", "cage", "admin", "dealer", "count"])
def test_only_compliance_reads_it(app, settings, client, as_role, role):
    identified(app, settings, "C7")
    response = client.get(url("C7"), headers=as_role[role])
    assert response.status_code == 403
    assert "document" not in response.get_data(as_text=True)
    with databases(app)() as db:
        assert db.scalar(select(AuditEvent).where(AuditEvent.kind == "identification_read")) is None


@pytest.mark.parametrize(
    ("change", "field", "code"),
    [
        ({"expiry": "2020-01-01"}, "expiry", "document_expired"),
        ({"number": "NO/SLASH"}, "number", "invalid_field"),
        ({"date_of_birth": "2999-01-01"}, "date_of_birth", "invalid_field"),
        ({"document_type": "badge"}, "document_type", "invalid_field"),
        ({"expiry": "31/06/2031"}, "expiry", "invalid_field"),
    ],
)
def test_the_api_refuses_a_bad_identification_naming_the_field(
    app, client, as_role, player, change, field, code
):
    response = client.post(url("C42"), json={**BODY, **change}, headers=as_role["cage"])
    assert response.status_code == 422, response.json
    assert (response.json["field"], response.json["code"]) == (field, code)
    with databases(app)() as db:
        assert db.scalar(select(PlayerIdentification)) is None  # nothing half-written


def test_an_unknown_player_or_none_recorded_is_a_404(client, as_role, player):
    unknown = client.post(url("NOPE1"), json=BODY, headers=as_role["cage"])
    assert (unknown.status_code, unknown.json["code"], unknown.json["field"]) == (
        404,
        "player_not_found",
        "club_number",
    )
    none = client.get(url("C42"), headers=as_role["compliance"])
    assert (none.status_code, none.json["code"]) == (404, "identification_not_found")


@pytest.mark.store
def test_a_row_copied_to_another_player_does_not_decrypt(app, settings, client, as_role, database):
    first = identified(app, settings, "C1")
    other = enrolled(app, "C2")
    with unit_of_work(databases(app)) as db:
        row = db.scalar(select(PlayerIdentification).where(PlayerIdentification.player_id == first["id"]))
        copied = {column.name: getattr(row, column.name) for column in PlayerIdentification.__table__.columns}
        db.execute(insert(PlayerIdentification), [{**copied, "id": None, "player_id": other["id"]}])
    response = client.get(url("C2"), headers=as_role["compliance"])
    assert (response.status_code, response.json["code"]) == (500, "identification_unreadable")
    assert "moved" in response.json["message"]
    assert client.get(url("C1"), headers=as_role["compliance"]).status_code == 200


@pytest.mark.store
def test_the_rows_hold_neither_the_number_nor_the_key(app, settings, client, as_role, player, database):
    assert client.post(url("C42"), json=BODY, headers=as_role["cage"]).status_code == 201
    key = identification_key(settings)
    with databases(app)() as db:
        row = db.scalar(select(PlayerIdentification))
        stored = row.nonce + row.ciphertext + row.key_id.encode()
    for secret in (NUMBER.encode(), b"1975-02-14", b"driving_licence", key.key, key.key.hex().encode()):
        assert secret not in stored


def test_the_database_file_holds_neither_the_number_nor_the_key(app, settings, client, as_role, player):
    assert client.post(url("C42"), json=BODY, headers=as_role["cage"]).status_code == 201
    assert client.get(url("C42"), headers=as_role["compliance"]).status_code == 200
    key = identification_key(settings)
    path = Path(settings.database.removeprefix("sqlite:///"))
    # The database as it is on disk: the file and its write-ahead log.
    written = b"".join(
        file.read_bytes() for file in (path, path.with_name(f"{path.name}-wal")) if file.exists()
    )
    assert b"player_identifications" in written  # the right file
    for secret in (NUMBER.encode(), NUMBER.encode("utf-16-le"), key.key, key.key.hex().encode()):
        assert secret not in written


def test_whether_a_player_is_identified_is_read_without_an_event(app, settings):
    first = identified(app, settings, "C1")
    other = enrolled(app, "C2")
    with databases(app)() as db:
        assert has_identification(db, first["id"])
        assert not has_identification(db, other["id"])
        reads = db.scalars(select(AuditEvent).where(AuditEvent.kind == "identification_read")).all()
    assert reads == []
