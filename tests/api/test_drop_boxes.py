"""The count room's list: the boxes of closed sessions, still to count or
counted, with the count that stands and none of the session's figures."""

from __future__ import annotations

from tests.support import accounting as money
from tests.support.app import sign_in


def boxes(client, query=""):
    response = client.get(f"/api/v1/drop-boxes{query}", headers=sign_in(client, "count"))
    assert response.status_code == 200, response.json
    return response.json


def test_a_closed_box_is_listed_to_count_then_counted(client, table):
    money.ok(money.open_table(client, table["id"]), 201)
    assert boxes(client) == []  # an open session's box is still at the table
    session_id = money.ok(money.close_table(client, table["id"]))["id"]
    (waiting,) = boxes(client, "?counted=false")
    assert waiting["session_id"] == session_id
    assert waiting["table"] == table["name"]
    assert waiting["current"] is None
    assert "figures" not in waiting  # a blind count: no tray, no win
    assert "opener" not in waiting
    assert boxes(client, "?counted=true") == []

    first = money.ok(money.count_drop(client, session_id), 201)
    again = money.ok(money.count_drop(client, session_id, {"10000": 500000}, reason="a note stuck"), 201)
    assert boxes(client, "?counted=false") == []
    (counted,) = boxes(client, "?counted=true")
    assert counted["current"]["id"] == again["id"] != first["id"]
    assert counted["current"]["total"] == 500000


def test_a_bad_filter_names_the_field(client):
    response = client.get("/api/v1/drop-boxes?counted=maybe", headers=sign_in(client, "count"))
    assert response.status_code == 422
    assert response.json["field"] == "counted"
