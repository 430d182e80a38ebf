"""A stand-in for a card-reading shuffler or shoe: a freshly shuffled deck
for each round, posted to the API as the device would post it
(``POST /tables/{id}/decks``). ``breakpoker shoe simulate`` and the
browser tests use it; it needs only the standard library and a running API.

A seeded shoe deals the same decks every run (``random.Random(seed)``);
without a seed the shuffle comes from ``secrets``, as a real one's would
come from the physical shuffle."""

from __future__ import annotations

import json
import random
import secrets
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from typing import Any

from service.engine.cards import DECK, codes
from service.errors import ErrorCode

DEFAULT_URL = "http://127.0.0.1:8000"  # where ``make run`` serves the API
TIMEOUT = 10.0


class ShoeError(Exception):
    """The API refused a request: its status and its error body."""

    def __init__(self, status: int, body: dict[str, Any]) -> None:
        super().__init__(f"{status} {body.get('code')}: {body.get('message')}")
        self.status = status
        self.code = str(body.get("code", ""))
        self.body = body


def shuffled_deck(rng: random.Random | None = None) -> list[str]:
    """The 53 codes in a fresh random order (``secrets`` without ``rng``).

    >>> shuffled_deck(random.Random(1)) == shuffled_deck(random.Random(1))
    True
    >>> sorted(shuffled_deck()) == sorted(codes(DECK))
    True
    """
    cards = codes(DECK)
    if rng is None:
        secrets.SystemRandom().shuffle(cards)
    else:
        rng.shuffle(cards)
    return cards


def _call(url: str, method: str, path: str, body: Any, token: str | None = None) -> tuple[int, Any]:
    headers = {"Content-Type": "application/json"}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(
        f"{url.rstrip('/')}/api/v1{path}", data=json.dumps(body).encode(), headers=headers, method=method
    )
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        raise ShoeError(error.code, json.loads(error.read() or b"{}")) from None


def sign_in(url: str, name: str, password: str) -> str:
    """A bearer token for the device's user."""
    _status, answer = _call(url, "POST", "/auth/login", {"name": name, "password": password})
    return str(answer["token"])


def post_deck(
    url: str, token: str, table_id: int, device_id: str, sequence: int, cards: list[str]
) -> dict[str, Any]:
    """Post one deck as the device; the stored deck's JSON (no card of it)."""
    body = {"device_id": device_id, "sequence": sequence, "cards": cards}
    _status, answer = _call(url, "POST", f"/tables/{table_id}/decks", body, token)
    return dict(answer)


@dataclass
class Shoe:
    """A device at a table: its id, the API, its token and its next
    sequence number; each ``deal`` posts a fresh deck under the next one."""

    url: str
    token: str
    table_id: int
    device_id: str = "shoe-sim"
    sequence: int = 1
    rng: random.Random | None = None
    #: how often a deck is sent again under a later number when the API
    #: says its number is used (another run of the same device)
    retries: int = field(default=1000)

    def deal(self) -> dict[str, Any]:
        cards = shuffled_deck(self.rng)
        for _attempt in range(self.retries):
            try:
                feed = post_deck(self.url, self.token, self.table_id, self.device_id, self.sequence, cards)
            except ShoeError as error:
                if error.code not in (ErrorCode.SEQUENCE_USED, ErrorCode.ROUND_SETTLED):
                    raise
                self.sequence += 1  # an earlier run sent this number: go on after it
                continue
            self.sequence += 1
            # The API answers no card (rule book section 15): the stand-in
            # shows the operator the deck it holds, as a shoe's own display.
            return {**feed, "cards": cards}
        raise ShoeError(409, {"code": "sequence_used", "message": "no free sequence number found"})


def post_one_deck(
    url: str,
    table_id: int,
    name: str,
    password: str,
    *,
    device_id: str = "shoe-sim",
    sequence: int = 1,
    cards: list[str] | None = None,
    seed: int | None = None,
) -> dict[str, Any]:
    """Sign in as the device user and post one deck (``cards``, or a fresh
    shuffle): what a browser test calls before the dealer takes the deck.
    The answer, with the ``cards`` the shoe sent (the API answers none)."""
    shoe = Shoe(
        url,
        sign_in(url, name, password),
        table_id,
        device_id,
        sequence,
        None if seed is None else random.Random(seed),
    )
    if cards is None:
        return shoe.deal()
    return {**post_deck(url, shoe.token, table_id, device_id, sequence, cards), "cards": cards}
