"""The bets and seats a table sends the pages: the engine's ``BetType``,
the one list of bets, and the seats of the table's current configuration;
the OpenAPI document says what each field is."""

from __future__ import annotations

from service.engine.table_config import BetType
from tests.support.app import edit
from tests.support.rounds_data import round_body

BETS = [
    {"key": "main", "name": "Main", "short": "Main", "required": True},
    {"key": "dealer_break_bonus", "name": "Dealer Break Bonus", "short": "DBB", "required": False},
    {"key": "break_bonus", "name": "Break Bonus", "short": "BB", "required": False},
]


def test_a_table_lists_the_bets_of_bet_type_and_its_seat_numbers(client, as_role, table):
    assert [bet["key"] for bet in table["bets"]] == [bet.value for bet in BetType]
    assert table["bets"] == BETS
    assert table["seat_numbers"] == [1, 2, 3, 4, 5, 6]
    one = client.get(f"/api/v1/tables/{table['id']}", headers=as_role["dealer"]).json
    (listed,) = client.get("/api/v1/tables", headers=as_role["dealer"]).json
    assert one["bets"] == listed["bets"] == BETS
    assert one["seat_numbers"] == listed["seat_numbers"] == [1, 2, 3, 4, 5, 6]


def test_the_seat_numbers_follow_the_current_configuration(client, as_role, table):
    url = f"/api/v1/tables/{table['id']}"
    changed = edit(client, f"{url}/config", json={"config": {"seats": 3}}, headers=as_role["admin"])
    assert changed.status_code == 200, changed.json
    assert changed.json["seat_numbers"] == [1, 2, 3]
    assert client.get(url, headers=as_role["dealer"]).json["seat_numbers"] == [1, 2, 3]


def test_the_openapi_document_describes_the_bets_and_seats(client):
    schemas = client.get("/api/v1/openapi.json").json["components"]["schemas"]
    table = schemas["Table"]["properties"]
    assert {"bets", "seat_numbers"} <= set(schemas["Table"]["required"])
    assert table["bets"]["type"] == "array"
    assert table["bets"]["items"]["$ref"].endswith("/Bet")
    assert table["seat_numbers"]["items"]["type"] == "integer"
    for field in ("bets", "seat_numbers"):
        assert table[field]["description"], field
    bet = schemas["Bet"]
    assert set(bet["properties"]) == set(bet["required"]) == {"key", "name", "short", "required"}
    for name, field in bet["properties"].items():
        assert field["description"], name
    assert bet["properties"]["key"]["enum"] == [bet.value for bet in BetType]
    assert bet["properties"]["required"]["type"] == "boolean"


def test_a_seats_stakes_are_read_by_the_bets_of_bet_type(client, as_role, table):
    bets = client.get("/api/v1/openapi.json").json["components"]["schemas"]["Bets"]
    assert list(bets["properties"]) == [bet.value for bet in BetType]
    assert bets["required"] == [bet.value for bet in BetType if bet.required]
    assert bets["additionalProperties"] is False
    body = round_body("bets-1")
    body["seats"][0]["bets"] = {"side": 100}
    headers = {**as_role["dealer"], "Idempotency-Key": "b1"}
    refused = client.post(f"/api/v1/tables/{table['id']}/rounds", json=body, headers=headers)
    assert refused.status_code == 422, refused.json
    assert refused.json["field"].startswith("seats[0].bets"), refused.json
