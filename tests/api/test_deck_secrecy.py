"""The deck order is secret (rule book section 15): with a deck the shoe
read at a table full of records (the fuzz test's seeded data), every role
(the device too) reads every GET of the OpenAPI document, at the seeded
ids, and the POSTs that answer about a deck; no answer shows the deck's
cards in order (three of them as dealt, one after another) or any hand of
it. Once the dealer marks three seats' hands exposed, only those hands
and the dealer's are ever shown (by the exposure itself), never another
seat's or the cards left undealt."""

from __future__ import annotations

import io
import re
import zipfile
from typing import Any

import pytest
from sqlalchemy import select

from service.store.models import User
from tests.api.decks_support import events
from tests.api.test_openapi_fuzz import new_token, seeded  # noqa: F401 (seeded: the fixture)
from tests.support.app import ROLES, databases
from tests.support.decks import deck_body, expose, shuffled
from tests.support.rounds_data import round_body

DECK = shuffled()  # the seeded deck's cards, as the shoe dealt them
SEATS = 6  # the seeded table's
# The default deal order: seat 1 first, seven cards a hand, the dealer's last.
HANDS = {
    **{str(seat): DECK[7 * (seat - 1) : 7 * seat] for seat in range(1, SEATS + 1)},
    "dealer": DECK[42:49],
}
UNDEALT = DECK[49:]
CARD = re.compile(r"(?<![A-Za-z0-9])(?:[2-9TJQKA][cdhs]|JK)(?![A-Za-z0-9])")
RUN = 3  # cards of the deck in its order, one after another


def shown_runs(text: str, cards: list[str]) -> list[list[str]]:
    """Every run of RUN cards of ``cards`` in their order that ``text`` shows."""
    tokens = CARD.findall(text)
    at = {card: index for index, card in enumerate(cards)}
    found = []
    for start in range(len(tokens) - RUN + 1):
        window = tokens[start : start + RUN]
        places = [at.get(card) for card in window]
        if None not in places and places == list(range(places[0], places[0] + RUN)):
            found.append(window)
    return found


def shown_hands(text: str, hands: dict[str, list[str]]) -> list[str]:
    """The hands of ``hands`` whose seven cards ``text`` lists together."""
    found = []
    for group in re.findall(r"\[[^\[\]]*\]", text):
        listed = set(CARD.findall(group))
        found += [name for name, hand in hands.items() if set(hand) <= listed]
    return found


def leaks(text: str, hidden: list[str], hands: dict[str, list[str]]) -> list[object]:
    return [*shown_runs(text, hidden), *shown_hands(text, hands)]


def text_of(response: Any) -> str:
    """The answer as text; a zip file (an export's download) member by member."""
    data = response.get_data()
    if data[:2] != b"PK":
        return data.decode("utf-8", errors="replace")
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return "\n".join(archive.read(name).decode("utf-8", errors="replace") for name in archive.namelist())


def get_paths(client: Any, ids: dict[str, Any]) -> list[str]:
    """Every GET of the OpenAPI document, its path ids the seeded ones."""
    spec = client.get("/api/v1/openapi.json").json
    paths = []
    for path, item in spec["paths"].items():
        if "get" in item:
            paths.append(re.sub(r"\{(\w+)\}", lambda match: str(ids[match.group(1)]), path))
    return paths


@pytest.fixture
def signed(app, settings) -> dict[str, dict[str, str]]:
    """Each role's headers, signed in by the service (the test client's
    sign-ins would trip the login rate limit)."""
    return {role: {"Authorization": f"Bearer {new_token(app, settings, role)}"} for role in ROLES}


@pytest.fixture
def ids(app, seeded):  # noqa: F811 (the imported fixture)
    with databases(app)() as db:
        user_id = db.scalar(select(User.id).where(User.name == "cage2"))
    return {**seeded, "user_id": user_id}


def read_everything(client, signed, ids, hidden, hands) -> dict[str, list[object]]:
    found: dict[str, list[object]] = {}
    answered = 0
    paths = get_paths(client, ids)
    assert len(paths) > 40  # the document's every GET, not a few
    for role, headers in signed.items():
        for path in paths:
            response = client.get(path, headers=headers)
            assert response.status_code in (200, 403), (role, path, response.status_code)
            answered += response.status_code == 200
            shown = leaks(text_of(response), hidden, hands)
            if shown:
                found[f"{role} GET {path}"] = shown
    assert answered >= 150  # read, not refused: the seeded ids are behind them
    return found


def test_no_role_reads_a_card_of_a_deck_before_its_hands_are_exposed(app, signed, ids):
    client = app.test_client()
    table_id, deck_id = ids["table_id"], ids["deck_id"]
    assert read_everything(client, signed, ids, DECK, HANDS) == {}
    # The POSTs that answer about a deck: the shoe's own retry, and a round
    # or preview naming the deck before its hands are exposed (refused: its
    # answer would name the cards the shoe dealt).
    again = client.post(f"/api/v1/tables/{table_id}/decks", json=deck_body(DECK), headers=signed["device"])
    assert again.status_code == 200
    assert leaks(text_of(again), DECK, HANDS) == []
    dealer = signed["dealer"]
    for path in ("rounds", "rounds/preview"):
        body = round_body(f"deck-{path}", dealer=HANDS["dealer"], deck_id=deck_id)
        for seat in body["seats"]:
            seat["cards"] = HANDS[str(seat["seat"])]
        response = client.post(
            f"/api/v1/tables/{table_id}/{path}",
            json=body,
            headers={**dealer, "Idempotency-Key": f"deck-{path}"},
        )
        assert response.status_code == 409, response.json
        assert (response.json["code"], response.json["field"]) == ("deck_not_exposed", "deck_id")
        assert leaks(text_of(response), DECK, HANDS) == []
    for role in set(ROLES) - {"dealer"}:
        refused = expose(client, signed[role], table_id, deck_id, [1, 2, 3])
        assert refused.status_code == 403
        assert CARD.findall(text_of(refused)) == []
    assert events(app, "deck_read") == []
    assert events(app, "deck_exposed") == []


def test_after_exposure_only_the_exposed_hands_are_shown(app, signed, ids):
    client = app.test_client()
    table_id, deck_id = ids["table_id"], ids["deck_id"]
    exposed = expose(client, signed["dealer"], table_id, deck_id, [3, 1, 2])
    assert exposed.status_code == 201, exposed.json
    shown = {hand: HANDS[hand] for hand in ("dealer", "1", "2", "3")}
    assert exposed.json["hands"] == shown
    assert exposed.json["seats"] == [1, 2, 3]
    hidden_hands = {seat: HANDS[seat] for seat in ("4", "5", "6")}
    hidden = DECK[21:42] + UNDEALT  # the seats not in play and the cards left undealt
    assert leaks(text_of(exposed), hidden, hidden_hands) == []
    assert not set(CARD.findall(text_of(exposed))) & set(hidden)
    assert read_everything(client, signed, ids, hidden, {**hidden_hands, **shown}) == {}
