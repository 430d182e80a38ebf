"""``breakpoker shoe simulate`` and the shoe's client against the app
served over real HTTP: fresh decks posted as the device, numbered on
from the last one the device sent."""

from __future__ import annotations

import json
import random
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from click.testing import CliRunner

from service.cli import main
from service.engine.cards import DECK, codes
from service.tables.shoe import Shoe, ShoeError, post_one_deck, shuffled_deck, sign_in
from tests.support.app import PASSWORD
from tests.support.app import sign_in as sign_in_client


@pytest.fixture
def served(app) -> Iterator[str]:
    from werkzeug.serving import make_server

    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=10)


@pytest.fixture
def table_id(client) -> int:
    response = client.post("/api/v1/tables", json={"name": "BP-1"}, headers=sign_in_client(client, "admin"))
    return int(response.json["id"])


def next_deck(client) -> dict[str, Any]:
    response = client.get("/api/v1/tables/1/decks/next", headers=sign_in_client(client, "dealer"))
    assert response.status_code == 200, response.json
    return dict(response.json)


def test_one_deck_posted_over_http_is_the_one_the_tablet_takes(served, client, table_id):
    feed = post_one_deck(served, table_id, "device", PASSWORD, device_id="shoe-ui", sequence=3, seed=7)
    assert feed["cards"] == shuffled_deck(random.Random(7))
    assert (feed["device_id"], feed["sequence"], feed["table_id"]) == ("shoe-ui", 3, table_id)
    assert next_deck(client) == {key: value for key, value in feed.items() if key != "cards"}
    chosen = codes(DECK)
    again = post_one_deck(served, table_id, "device", PASSWORD, device_id="shoe-ui", sequence=4, cards=chosen)
    assert again["cards"] == chosen
    with pytest.raises(ShoeError) as refused:
        post_one_deck(
            served, table_id, "device", PASSWORD, device_id="shoe-ui", sequence=5, cards=chosen[:52]
        )
    assert (refused.value.status, refused.value.code) == (422, "wrong_count")


def test_a_shoe_numbers_on_after_the_numbers_already_used(served, table_id):
    token = sign_in(served, "device", PASSWORD)
    first = Shoe(served, token, table_id, "shoe-a", 1, random.Random(1))
    assert [first.deal()["sequence"] for _ in range(3)] == [1, 2, 3]
    # Another run of the same device that starts at 1 again goes on at 4.
    second = Shoe(served, token, table_id, "shoe-a", 1, random.Random(2))
    assert second.deal()["sequence"] == 4
    with pytest.raises(ShoeError) as refused:
        Shoe(served, sign_in(served, "dealer", PASSWORD), table_id, "shoe-b").deal()
    assert (refused.value.status, refused.value.code) == (403, "forbidden")


def test_the_command_posts_n_seeded_decks_and_keeps_its_number(
    served, client, table_id, tmp_path, monkeypatch
):
    monkeypatch.setenv("BREAKPOKER_INSTANCE", str(tmp_path))
    args = ["shoe", "simulate", "--table", str(table_id), "--seed", "5", "--url", served]
    args += ["--device", "shoe-7", "--password-stdin"]
    result = CliRunner().invoke(main, [*args, "--rounds", "2"], input=f"{PASSWORD}\n")
    assert result.exit_code == 0, result.output
    assert "(shoe-7 #1) at table" in result.output
    assert "(shoe-7 #2) at table" in result.output
    assert "cards: " in result.output
    assert "dealer:" not in result.output
    rng = random.Random(5)
    decks = [shuffled_deck(rng) for _ in range(2)]
    assert f"cards: {' '.join(decks[1])}" in result.output  # the shoe's own display
    assert next_deck(client)["sequence"] == 2
    assert json.loads((tmp_path / "shoe-shoe-7.json").read_text()) == {"sequence": 2}
    # The next run goes on after the last number sent.
    again = CliRunner().invoke(main, [*args, "--rounds", "1"], input=f"{PASSWORD}\n")
    assert again.exit_code == 0, again.output
    assert "(shoe-7 #3)" in again.output


def test_the_command_waits_for_enter_between_decks(served, table_id, tmp_path, monkeypatch):
    monkeypatch.setenv("BREAKPOKER_INSTANCE", str(tmp_path))
    args = ["shoe", "simulate", "--table", str(table_id), "--url", served, "--password-stdin"]
    result = CliRunner().invoke(main, args, input=f"{PASSWORD}\n\n\n")  # two Enters, then the end
    assert result.exit_code == 0, result.output
    assert [line.split()[2] for line in result.output.splitlines() if line.startswith("deck ")] == [
        "(shoe-sim",
        "(shoe-sim",
        "(shoe-sim",
    ]


def test_the_command_says_what_went_wrong(served, table_id, tmp_path, monkeypatch):
    monkeypatch.setenv("BREAKPOKER_INSTANCE", str(tmp_path))
    base = ["shoe", "simulate", "--rounds", "1", "--password-stdin"]
    wrong = CliRunner().invoke(main, [*base, "--url", served, "--table", str(table_id)], input="nope\n")
    assert wrong.exit_code == 1
    assert "bad_credentials" in wrong.output
    unknown = CliRunner().invoke(main, [*base, "--url", served, "--table", "99"], input=f"{PASSWORD}\n")
    assert unknown.exit_code == 1
    assert "table_not_found" in unknown.output
    gone = CliRunner().invoke(main, [*base, "--url", "http://127.0.0.1:9", "--table", "1"], input="x\n")
    assert gone.exit_code == 1
    assert "no API at" in gone.output
