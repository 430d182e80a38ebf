"""``breakpoker showdown``: JSON lines in, a judged showdown a line out; a
bad line answered with its error (seat and card named), exit status 1."""

from __future__ import annotations

import json

from click.testing import CliRunner

from service.cli import main
from service.poker_room.deal_input import Game
from service.poker_room.showdown import showdown

BREAKER = {
    "board": ["Qs", "Js", "8s", "5d", "2c"],
    "button": 1,
    "seats": [
        {"seat": 1, "cards": ["Ad", "JK"], "contribution": 100},
        {"seat": 2, "cards": ["Ks", "3s"], "contribution": 100},
        {"seat": 3, "cards": ["Qd", "9c"], "contribution": 50},
    ],
}
STUD = {
    "community": ["JK", "7c"],
    "button": 2,
    "seats": [
        {"seat": 1, "cards": ["7s", "7h", "2d", "3c", "9s"], "contribution": 60},
        {"seat": 2, "cards": ["Ad", "Kd", "Qd", "Td", "4c"], "contribution": 60},
    ],
}


def run(*args, stdin=""):
    return CliRunner().invoke(main, ["showdown", *args], input=stdin)


def test_each_line_is_answered_as_the_service_judges_it(tmp_path):
    source = tmp_path / "deals.jsonl"
    source.write_text(json.dumps(BREAKER) + "\n\n" + json.dumps(BREAKER) + "\n")
    result = run("--game", "breaker", str(source))
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.output.splitlines()]
    assert [line["line"] for line in lines] == [1, 3]
    expected = showdown(BREAKER, Game.BREAKER)
    assert {key: value for key, value in lines[0].items() if key != "line"} == expected
    main_pot, side_pot = lines[0]["pots"]
    assert main_pot["winners"] == [2]
    assert side_pot["winners"] == [1]


def test_wild_joker_stud_from_standard_input():
    result = run("--game", "wild-joker-stud", stdin=json.dumps(STUD) + "\n")
    assert result.exit_code == 0, result.output
    (pot,) = json.loads(result.output)["pots"]
    assert pot["winners"] == [2]
    assert pot["shares"] == [{"seat": 2, "amount": 120}]


def test_text_says_played_or_dead_and_why():
    result = run("--game", "breaker", "--text", stdin=json.dumps(BREAKER))
    assert result.exit_code == 0, result.output
    assert (
        "seat 1: high card Ad Qs Js 8s 5d (dead: with it played, its holder would not win this pot)"
        in result.output
    )
    assert "seat 1: high card JK Ad Qs Js 8s (played: its holder wins this pot)" in result.output
    assert "wins: seat 2 150" in result.output


def test_a_bad_line_names_the_seat_and_card_and_the_command_fails():
    twice = {
        **BREAKER,
        "seats": [*BREAKER["seats"][:2], {"seat": 3, "cards": ["Ad", "9c"], "contribution": 50}],
    }
    result = run("--game", "breaker", stdin=json.dumps(twice) + "\nnot json\n" + json.dumps(BREAKER) + "\n")
    assert result.exit_code == 1
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert out[0]["error"] == {
        "code": "duplicate_card",
        "message": "Ad appears twice: seat 1 and seat 3",
        "field": "seats[2].cards[0]",
    }
    assert out[1]["error"]["code"] == "invalid_json"
    assert out[2]["line"] == 3
    assert "pots" in out[2]
    assert "line 1: Ad appears twice: seat 1 and seat 3" in result.stderr


def test_a_line_nested_too_deeply_is_a_bad_line_not_a_traceback():
    result = run("--game", "breaker", stdin="[" * 100_000 + "]" * 100_000 + "\n")
    assert result.exit_code == 1
    assert json.loads(result.stdout)["error"]["code"] == "invalid_json"


def test_the_game_is_required():
    result = run(stdin=json.dumps(BREAKER))
    assert result.exit_code == 2
    assert "--game" in result.output
