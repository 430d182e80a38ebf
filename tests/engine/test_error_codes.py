"""The one vocabulary of error codes: each a snake_case code the problem
pages take, defined once, with its title."""

from __future__ import annotations

from service.api.http.problems import CODE, problem
from service.engine.error_codes import ErrorCode, title_of

#: the titles that are not a code's own words, as the API has always given them
TITLED = {
    ErrorCode.INVALID_JSON: "Request body is not valid JSON",
    ErrorCode.INVALID_ID: "Not a record number",
    ErrorCode.NOT_FOUND: "No such endpoint",
    ErrorCode.INTERNAL_ERROR: "Internal server error",
    ErrorCode.DATABASE_UNAVAILABLE: "Database unavailable",
    ErrorCode.DATABASE_NOT_MIGRATED: "Database not migrated",
    ErrorCode.REQUEST_ENTITY_TOO_LARGE: "Request body too large",
    ErrorCode.URI_TOO_LONG: "Request line too long",
    ErrorCode.REQUEST_HEADER_FIELDS_TOO_LARGE: "Request headers too large",
    ErrorCode.RATE_LIMITED: "Too many requests",
    ErrorCode.CONFLICT: "Conflicting change",
}


def test_each_code_is_its_name_in_snake_case_and_a_problem_page_s():
    for code in ErrorCode:
        assert code.value == code.name.lower()
        assert CODE.match(code.value), code


def test_a_problem_s_title_is_its_code_s_summary():
    for code in ErrorCode:
        assert problem(422, code, "x")["title"] == code.summary
    assert {code: code.summary for code in TITLED} == TITLED


def test_the_other_titles_are_the_code_s_words():
    for code in set(ErrorCode) - set(TITLED):
        assert code.summary == code.value.replace("_", " ").capitalize()
    assert title_of("unsupported_media_type") == "Unsupported media type"


def test_a_code_is_its_value_in_an_answer():
    body = problem(409, ErrorCode.ROUND_EXISTS, "x")
    assert (body["code"], body["type"], type(body["code"])) == (
        ErrorCode.ROUND_EXISTS.value,
        "/api/v1/problems/round_exists",
        ErrorCode,
    )
