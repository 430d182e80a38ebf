"""Calling an endpoint of the role matrix as a role, with a stored record
behind each id it names."""

from __future__ import annotations

from tests.api.role_matrix.role_endpoints import STATE_FIRST
from tests.support.app import edit


def url_of(request, path):
    """The endpoint's URL, with a stored record behind each id it names."""
    ids = {"table": request.getfixturevalue("table")["id"]}
    if path in STATE_FIRST:
        found = request.getfixturevalue(STATE_FIRST[path])
        if "{player}" in path:
            ids["player"] = found["club_number"]
        for name in ("slip", "rating"):
            if f"{{{name}}}" in path:
                ids[name] = found["id"]
    for name in (
        "round",
        "exception",
        "export",
        "verification",
        "session",
        "slip",
        "user",
        "player",
        "rating",
        "deck",
        "alert",
        "device",
    ):
        if f"{{{name}}}" in path and name not in ids:
            ids[name] = request.getfixturevalue(f"stored_{name}")["id"]
    return "/api/v1" + path.format(**ids)


#: edits sent with the ETag of their GET (If-Match), as a client that read first
READ_FIRST = {"/tables/{table}/config", "/tables/{table}/schedule", "/casino-settings", "/players/{player}"}


def call(client, request, method, path, body, role, headers):
    url = url_of(request, path)  # the records first: a body may name their times
    payload = body(role) if callable(body) else body
    headers = {**headers, "Idempotency-Key": f"key-{role}"}
    if method in ("PUT", "PATCH") and path in READ_FIRST:
        return edit(client, url, json=payload, headers=headers, method=method)
    return client.open(url, method=method, json=payload, headers=headers)
