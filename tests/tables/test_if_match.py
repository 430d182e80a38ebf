"""A table's configuration and schedule are edited with If-Match: the GET
gives the version's ETag, a PUT sends it back; an edit made meanwhile by
someone else is a 412 naming who and which version, never overwritten, and
a PUT without the header is a 428."""

from __future__ import annotations

import pytest

from tests.support.app import sign_in

pytestmark = pytest.mark.store

EDITS = [
    ("config", {"config": {"seats": 5}}, {"config": {"seats": 4}}),
    ("schedule", {"shift_starts": ["08:00", "20:00"]}, {"timezone": "Europe/Malta"}),
]


@pytest.mark.parametrize(("resource", "first", "second"), EDITS, ids=[edit[0] for edit in EDITS])
def test_a_stale_edit_is_412_and_names_who_changed_it(client, as_role, table, resource, first, second):
    url = f"/api/v1/tables/{table['id']}/{resource}"
    read = client.get(url, headers=as_role["dealer"])
    assert read.status_code == 200
    assert read.json["version"] == 1
    tag = read.headers["ETag"]
    assert tag == f'"{resource}-1"'
    other = sign_in(client, "admin2")
    saved = client.put(url, json=first, headers={**other, "If-Match": tag})
    assert saved.status_code == 200, saved.json
    assert saved.headers["ETag"] == f'"{resource}-2"'

    stale = client.put(url, json=second, headers={**as_role["admin"], "If-Match": tag})
    assert stale.status_code == 412
    assert stale.json["code"] == "stale_version"
    assert stale.json["field"] == "If-Match"
    assert "changed meanwhile by admin2 to version 2" in stale.json["message"]
    assert client.get(url, headers=as_role["admin"]).headers["ETag"] == f'"{resource}-2"'  # nothing saved

    for header in ({}, {"If-Match": "*"}, {"If-Match": " "}):
        missing = client.put(url, json=second, headers={**as_role["admin"], **header})
        assert missing.status_code == 428, header
        assert (missing.json["code"], missing.json["field"]) == ("if_match_required", "If-Match")
    weak = client.put(url, json=second, headers={**as_role["admin"], "If-Match": f'W/"{resource}-2"'})
    assert weak.status_code == 412  # If-Match compares strongly

    # The current tag, in a list with others, saves.
    listed = {"If-Match": f'"{resource}-1", "{resource}-2"'}
    again = client.put(url, json=second, headers={**as_role["admin"], **listed})
    assert again.status_code == 200, again.json
    now = client.get(url, headers=as_role["admin"])
    assert now.headers["ETag"] == again.headers["ETag"] == f'"{resource}-3"'
    assert now.json["version"] == 3


def test_the_current_config_and_every_version_newest_first(client, as_role, table):
    url = f"/api/v1/tables/{table['id']}"
    for seats, tag in ((5, '"config-1"'), (4, '"config-2"')):
        changed = client.put(
            f"{url}/config", json={"config": {"seats": seats}}, headers={**as_role["admin"], "If-Match": tag}
        )
        assert changed.status_code == 200, changed.json
    current = client.get(f"{url}/config", headers=as_role["dealer"]).json
    assert (current["version"], current["created_by"], current["config"]["seats"]) == (3, "admin", 4)
    listed = client.get(f"{url}/configs", headers=as_role["compliance"]).json
    assert [(each["version"], each["config"]["seats"]) for each in listed] == [(3, 4), (2, 5), (1, 6)]
    assert listed[0] == current
    assert listed[1]["digest"] != listed[2]["digest"]
    assert client.get(f"{url}/configs", headers=as_role["dealer"]).status_code == 403


def test_a_schedule_put_that_changes_nothing_keeps_its_version(client, as_role, table):
    url = f"/api/v1/tables/{table['id']}/schedule"
    schedule = client.get(url, headers=as_role["admin"])
    assert schedule.json == {
        "timezone": "UTC",
        "shift_starts": ["06:00", "14:00", "22:00"],
        "version": 1,
        "changed_at": schedule.json["changed_at"],
        "changed_by": "admin",  # who created the table
    }
    same = {"timezone": "UTC"}
    kept = client.put(url, json=same, headers={**as_role["admin"], "If-Match": schedule.headers["ETag"]})
    assert kept.status_code == 200
    assert kept.headers["ETag"] == schedule.headers["ETag"]


def test_the_headers_are_in_the_openapi_document(client):
    paths = client.get("/api/v1/openapi.json").json["paths"]
    for resource in ("config", "schedule"):
        item = paths[f"/api/v1/tables/{{table_id}}/{resource}"]
        assert "ETag" in item["get"]["responses"]["200"]["headers"]
        put = item["put"]
        (if_match,) = [p for p in put["parameters"] if p["name"] == "If-Match"]
        assert (if_match["in"], if_match["required"]) == ("header", True)
        assert "stale_version" in put["responses"]["412"]["description"]
        assert "if_match_required" in put["responses"]["428"]["description"]
        assert "ETag" in put["responses"]["200"]["headers"]
