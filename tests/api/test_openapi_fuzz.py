"""The API fuzzed from its own OpenAPI document by schemathesis: every
operation, signed in as each role and without a token, with valid and with
invalid input. No answer may be a 5xx, and every answer must be one the
document lists for that operation (explicitly, not only through `default`),
with the documented content type and a body that matches its schema.

Generation is derandomized, so a run is repeatable and a failure can be
rerun as it was; shrinking is off to keep the run within the suite's budget.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

import hypothesis
import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given
from marshmallow import Schema
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from service.accounts.auth import login
from service.analysis.cache import store_par_sheet
from service.compliance.export_build import build_export
from service.compliance.verifications import run_verification
from service.protection.device_days import count_deck
from service.store.db import utc_now
from service.store.work import unit_of_work
from tests.par_sheets import default_sheet
from tests.support import accounting as money
from tests.support.alerts import raise_one
from tests.support.app import PASSWORD, ROLES, databases, sign_in
from tests.support.decks import deck_body, shuffled
from tests.support.players import identified, seat
from tests.support.rounds_data import SEATS, round_body
from tests.support.strategy import strategy_blocks

# Per operation, generation mode and identity the operation allows: five
# (seven made this the suite's heaviest case, near CI's 30 minutes).
EXAMPLES = 5
# An identity the operation refuses is answered 401 or 403 whatever it
# sends: a few examples show that (and that no 5xx hides behind it); seven
# of each of the 8 identities cost most of the run's requests.
REFUSED_EXAMPLES = 2
MINIMUM_REQUESTS = 5000  # a derandomized run sends 5,851
IDENTITIES = (*ROLES, None)  # None: no Authorization header at all


def explicitly_documented(_ctx: Any, response: Any, case: Any) -> None:
    """status_code_conformance accepts any status once `default` is there;
    the document must name each status an operation really gives."""
    documented = case.operation.responses.status_codes
    if str(response.status_code) not in documented:
        raise AssertionError(
            f"{case.operation.label} answered {response.status_code}, which its responses do not list "
            f"({', '.join(documented)})"
        )


CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    explicitly_documented,
]


@pytest.fixture
def seeded(app, settings):
    """Something behind each id the fuzzer may hit: a table with rounds, a
    pending void, a finished export, a finished verification (with rounds
    and a chain that differ: the report names them), the default rules'
    par sheet, the strategy table's blocks of the rounds' hands, an
    identified player with a comp redemption and an open rating."""
    client = app.test_client()
    admin, dealer, pit_boss, compliance = (
        sign_in(client, role) for role in ("admin", "dealer", "pit_boss", "compliance")
    )
    table = created(client.post("/api/v1/tables", json={"name": "BP-1"}, headers=admin))
    rounds = [
        created(
            client.post(
                f"/api/v1/tables/{table['id']}/rounds",
                json=round_body(f"seed-{n}"),
                headers={**dealer, "Idempotency-Key": f"seed-{n}"},
            )
        )
        for n in range(2)
    ]
    void = created(
        client.post(f"/api/v1/rounds/{rounds[0]['id']}/void", json={"reason": "misdeal"}, headers=pit_boss)
    )
    export = created(
        client.post(
            "/api/v1/compliance/exports", json={"from": "2020-01-01", "to": "2020-01-02"}, headers=compliance
        )
    )
    assert build_export(databases(app), export["id"], settings.instance)
    verification = created(client.post("/api/v1/compliance/audit/verifications", json={}, headers=compliance))
    assert run_verification(databases(app), verification["id"])  # a report to answer with
    store_par_sheet(default_sheet(), settings.instance)
    # The strategy table's blocks of the rounds' seats: their hand values answer.
    strategy_blocks(settings.instance, SEATS.values())
    # A deck the shoe read, for decks/next to answer with (its hands not
    # exposed: tests/api/test_deck_secrecy.py reads everything against it).
    deck = created(
        client.post(
            f"/api/v1/tables/{table['id']}/decks",
            json=deck_body(shuffled()),
            headers=sign_in(client, "device"),
        )
    )
    # A table session and a slip waiting at the cage.
    opened = created(money.open_table(client, table["id"]))
    slip = created(money.request_slip(client, table["id"]))
    # A player with an identification, for compliance to read.
    player = identified(app, settings, "C100")
    # A player seated at a seat the rounds leave free: a rating to pause,
    # resume, seat out and buy in to; identified, so that a cash buy-in past
    # the report threshold lists a report day, logged as an unknown
    # patron's cash is (for the compliance reads).
    identified(app, settings, "C1001")
    rating = created(seat(client, dealer, table["id"], "C1001", 6))
    cash = {"kind": "cash", "amount": 1_000_001}
    created(client.post(f"/api/v1/ratings/{rating['id']}/buy-ins", json=cash, headers=dealer))
    # A redemption of the identified player's comps, past their balance of
    # nothing: signed by a second pit boss (the comps' reads list it).
    signed = {"name": "pit_boss2", "password": PASSWORD}
    comp = {"amount": 500, "currency": "USD", "reason": "a meal", "cosigner": signed}
    created(
        client.post(f"/api/v1/players/{player['club_number']}/comp-redemptions", json=comp, headers=pit_boss)
    )
    # A pit boss's correction: chips brought the dealer missed (the rating
    # and its slip then show one).
    late = {"kind": "chips", "amount": 5_000, "at": rating["seated_at"]}
    correction = {"reason": "the dealer missed it", "buy_in": late}
    created(client.post(f"/api/v1/ratings/{rating['id']}/corrections", json=correction, headers=pit_boss))
    patron = {"amount": 300_000, "description": "unknown patron, grey coat"}
    created(client.post(f"/api/v1/tables/{table['id']}/cash-transactions", json=patron, headers=pit_boss))
    # An open alert (a repeated deck order), to read and acknowledge.
    alert_id = raise_one(app, "deck:fuzz", table["id"])
    # The deck counted into its shoe's gaming day (as its job would): the
    # devices' figures answer about it.
    with unit_of_work(databases(app)) as db:
        count_deck(db, deck["id"], utc_now())
    return {
        "device_id": deck["device_id"],
        "alert_id": alert_id,
        "club_number": player["club_number"],
        "rating_id": rating["id"],
        "session_id": opened["id"],
        "number": slip["number"],
        "table_id": table["id"],
        "deck_id": deck["id"],
        "round_id": rounds[1]["id"],
        "exception_id": void["id"],
        "export_id": export["id"],
        "verification_id": verification["id"],
    }


def created(response):
    assert response.status_code in (201, 202), response.json
    return response.json


@pytest.fixture
def undeclared(monkeypatch):
    """Keys a view answered with that its response schema does not declare:
    the dump drops them without a word (as ExportSchema once dropped "from"),
    and no schema check can see what is not sent."""
    found: set[tuple[str, str]] = set()
    dump = Schema.dump

    def dump_checked(self, obj, *, many=None):
        for item in obj if (self.many if many is None else many) else [obj]:
            if isinstance(item, Mapping):
                declared = {field.attribute or name for name, field in self.dump_fields.items()}
                found.update((type(self).__name__, str(key)) for key in set(item) - declared)
        return dump(self, obj, many=many)

    monkeypatch.setattr(Schema, "dump", dump_checked)
    return found


def new_token(app, settings, role: str) -> str:
    # Straight from the service: the fuzzer's own logins may have tripped
    # the login rate limit for the test client's address.
    with unit_of_work(databases(app)) as db:
        return login(db, f"{role}2", PASSWORD, settings).token


def refused(operation, identity: str | None) -> bool:
    """The document says who may call an operation (``x-roles``); no list
    is an operation open to anyone."""
    allowed = operation.definition.raw.get("x-roles")
    return allowed is not None and identity not in allowed


def strategies(operation, known: dict[str, int | str], identity: str | None):
    """Valid input, at random ids and at the seeded ones; invalid input too
    for an identity the operation admits. A refused identity is sent valid
    input only: invalid input is refused before the role is looked at (the
    body is checked first) with the same answer every identity gets, which
    the admitted identities' examples cover already."""
    names = {parameter.name for parameter in operation.path_parameters}
    ids = {name: value for name, value in known.items() if name in names}
    found = [operation.as_strategy(generation_mode=GenerationMode.POSITIVE)]
    if ids:
        found.append(operation.as_strategy(generation_mode=GenerationMode.POSITIVE, path_parameters=ids))
    if refused(operation, identity):
        return found
    if any(True for _ in operation.iter_parameters()) or operation.body:
        found.append(operation.as_strategy(generation_mode=GenerationMode.NEGATIVE))
    if ids and (operation.query or operation.body):
        found.append(operation.as_strategy(generation_mode=GenerationMode.NEGATIVE, path_parameters=ids))
    return found


def examples(operation, identity: str | None) -> int:
    """How many examples an identity gets of each strategy."""
    return REFUSED_EXAMPLES if refused(operation, identity) else EXAMPLES


def fuzz(operation, strategy, authorization, counts, identity):
    @hypothesis.settings(
        max_examples=examples(operation, identity),
        derandomize=True,
        database=None,
        deadline=None,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(case=strategy)
    def run(case):
        response = case.call(headers=authorization())
        counts[operation.label, identity, response.status_code] += 1
        case.validate_response(response, checks=CHECKS)

    run()


def test_every_operation_answers_as_documented(app, settings, seeded, undeclared, capsys):
    schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", app)
    operations = [result.ok() for result in schema.get_all_operations()]
    tokens = {role: new_token(app, settings, role) for role in ROLES}
    counts: Counter[tuple[str, str | None, int]] = Counter()
    for operation in operations:
        for identity in IDENTITIES:

            def authorization(identity=identity, operation=operation):
                if identity is None:
                    return {}
                # Signing out ends the token it is sent with: each its own.
                token = new_token(app, settings, identity) if "logout" in operation.path else tokens[identity]
                return {"Authorization": f"Bearer {token}"}

            for strategy in strategies(operation, seeded, identity):
                fuzz(operation, strategy, authorization, counts, identity)
    with capsys.disabled():
        report(operations, counts)
    assert {label for label, _, _ in counts} == {operation.label for operation in operations}
    assert sum(counts.values()) >= MINIMUM_REQUESTS
    assert undeclared == set()


def report(operations, counts) -> None:
    by_operation: dict[str, Counter[int]] = {operation.label: Counter() for operation in operations}
    by_identity: Counter[str | None] = Counter()
    for (label, identity, status), number in counts.items():
        by_operation[label][status] += number
        by_identity[identity] += number
    print(f"\nschemathesis requests, {len(operations)} operations (statuses seen):")
    for label, statuses in by_operation.items():
        shown = ", ".join(f"{status}: {number}" for status, number in sorted(statuses.items()))
        print(f"  {label:55} {statuses.total():4}  {shown}")
    for identity in IDENTITIES:
        print(f"  as {identity or 'no token':10} {by_identity[identity]}")
    print(f"  in all        {sum(counts.values())}")
