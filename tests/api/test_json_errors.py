"""Every error the API answers is an RFC 9457 problem in its error shape,
those its routing gives too: an unknown path, an id in a path that is not a
record number (a round's round_id instead of its record number), a method
the path does not take."""

from __future__ import annotations

import pytest

from service.api.http.blueprint import MAX_ID

MEMBERS = {"type", "title", "status", "detail", "code", "field", "message"}


def shape(response) -> dict:
    assert response.mimetype == "application/problem+json", response.get_data(as_text=True)[:200]
    error = response.json
    assert set(error) == MEMBERS
    assert error["status"] == response.status_code
    assert error["type"] == f"/api/v1/problems/{error['code']}"
    assert error["detail"] == error["message"]
    assert error["title"]
    return error


def test_a_round_id_where_the_record_number_goes_is_named(client, as_role, table):
    for method in ("get", "post"):
        path = "/api/v1/rounds/api-r1" if method == "get" else "/api/v1/rounds/api-r1/void"
        response = getattr(client, method)(path, headers=as_role["pit_boss"], json={"reason": "x"})
        assert response.status_code == 404
        error = shape(response)
        assert (error["code"], error["field"]) == ("invalid_id", "round_id")
        assert error["message"].startswith(f"round_id must be a record number (1 to {MAX_ID}), not 'api-r1'")
        assert "GET /api/v1/tables/{table_id}/rounds" in error["message"]


@pytest.mark.parametrize("number", ["abc", "0", "007", "2147483648"])
def test_any_id_that_is_not_a_record_number_is_named(client, as_role, number):
    error = shape(client.get(f"/api/v1/tables/{number}/rounds", headers=as_role["pit_boss"]))
    assert (error["status"], error["code"], error["field"]) == (404, "invalid_id", "table_id")
    assert error["message"].startswith(f"table_id must be a record number (1 to {MAX_ID}), not '{number}'")


def test_an_unknown_path_says_where_the_endpoints_are(client):
    for path in ("/api/v1/nothing", "/api/v1/tables/1/nothing", "/nothing"):
        error = shape(client.get(path))
        assert (error["status"], error["code"], error["field"]) == (404, "not_found", None)
        listed = "the API's endpoints are listed at /api/v1/docs"
        assert error["message"] == f"no endpoint has the path {path}; {listed}"


def test_a_method_the_path_does_not_take_is_named_with_the_allowed(client):
    response = client.delete("/api/v1/tables")
    error = shape(response)
    assert (error["status"], error["code"], error["field"]) == (405, "method_not_allowed", "method")
    assert error["message"] == "DELETE is not allowed on /api/v1/tables; it takes GET, HEAD, OPTIONS, POST"
    assert response.headers["Allow"] == "GET, HEAD, OPTIONS, POST"


def test_the_document_names_the_answers_no_operation_lists(client):
    spec = client.get("/api/v1/openapi.json").json
    described = spec["info"]["description"]
    for named in ("400 bad_request", "414 uri_too_long", "431 request_header_fields_too_large"):
        assert named in described
    for named in ("404 not_found", "invalid_id", "405 method_not_allowed", "Allow"):
        assert named in described
    one_round = spec["paths"]["/api/v1/rounds/{round_id}"]["get"]
    assert "invalid_id" in one_round["responses"]["404"]["description"]


def test_each_code_has_one_type_and_one_title(client, as_role):
    # invalid_field at 422 from two different operations: one type, one title.
    first = shape(client.get("/api/v1/tables/1/rounds?per_page=0", headers=as_role["pit_boss"]))
    second = shape(client.get("/api/v1/compliance/exports?page=0", headers=as_role["compliance"]))
    assert first["code"] == second["code"] == "invalid_field"
    assert (
        (first["type"], first["title"])
        == (second["type"], second["title"])
        == (
            "/api/v1/problems/invalid_field",
            "Invalid field",
        )
    )
    assert first["detail"] != second["detail"]
    missing = shape(client.get("/api/v1/tables"))
    assert (missing["status"], missing["code"], missing["title"]) == (401, "missing_token", "Missing token")


def test_a_problem_type_is_a_page_naming_the_operations_that_document_it(client):
    response = client.get("/api/v1/problems/round_exists")
    assert response.status_code == 200
    assert response.mimetype == "text/html"
    page = response.get_data(as_text=True)
    assert "<h1>Round exists</h1>" in page
    assert "POST /api/v1/tables/{table_id}/rounds" in page
    assert "<td>409</td>" in page
    assert "script" not in response.headers["Content-Security-Policy"].replace("'none'", "")
    unknown = shape(client.get("/api/v1/problems/Not-A-Code"))
    assert (unknown["status"], unknown["field"]) == (404, "code")


def test_every_error_answer_is_documented_as_a_problem(client):
    spec = client.get("/api/v1/openapi.json").json
    schema = spec["components"]["schemas"]["Error"]
    assert set(schema["required"]) == MEMBERS
    errors = 0
    for path, operations in spec["paths"].items():
        for method, operation in operations.items():
            if method == "parameters":
                continue
            for status, response in operation["responses"].items():
                if status == "default" or int(status) >= 400:
                    if "$ref" in response:
                        name = response["$ref"].rsplit("/", 1)[1]
                        response = spec["components"]["responses"][name]
                    assert set(response["content"]) == {"application/problem+json"}, (path, method, status)
                    errors += 1
    assert errors > 100
