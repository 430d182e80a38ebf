"""The ``breakpoker`` command line: house-way and settle."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest
from click.testing import CliRunner

from service.cli import main
from service.rounds.samples import random_round
from tests.examples import EXAMPLE_ROUND, EXAMPLE_SETTLEMENT

EXAMPLE_LINE = EXAMPLE_ROUND


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_house_way_prints_the_setting_the_rule_and_why():
    result = run("house-way", "Ah", "Kd", "9s", "9c", "6h", "4d", "2c")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].split()[:4] == ["Low", "Ah", "Kd", "A-K"]
    assert lines[1].split()[:5] == ["High", "9s", "9c", "6h", "9-9-6"]
    assert "Rule      6 (No Pair & Pair)" in result.output
    assert "no setting of rules 1-5 exists" in result.output
    assert "Lucky Break: no" in result.output
    assert "Dealer qualifies (K-3-2): yes" in result.output


def test_house_way_json():
    result = run("house-way", "--json", "jk", "Kd", "Qs", "7c", "7h", "4d", "2c")
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["low"] == ["7h", "7c"]
    assert report["high"] == ["JK", "Kd", "Qs"]
    assert report["discards"] == ["4d", "2c"]
    assert report["high_hand"] == {"plays_as": "Q-K-A", "category": "straight", "joker_as": "A"}
    assert (report["rule"], report["rule_name"]) == (2, "Pair & Straight")
    assert report["lucky_break"] is True
    assert report["qualifies"] is True


def test_house_way_with_another_qualifier():
    result = run("house-way", "--json", "--qualifier", "A-3-2", "Kh", "Qd", "9s", "7c", "5h", "4d", "2c")
    assert json.loads(result.output)["qualifies"] is False


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        (["Ah", "Kd", "9s", "9c", "6h", "4d", "2x"], "'2x' is not a card"),
        (["Ah", "Kd", "9s", "9c", "6h", "4d"], "seven cards; 6 given"),
        (["Ah", "Kd", "9s", "9c", "6h", "4d", "AH"], "Ah appears twice"),
    ],
)
def test_house_way_refuses_bad_hands_clearly(cards, message):
    result = run("house-way", *cards)
    assert result.exit_code == 2
    assert message in result.output


def settle(stdin: bytes, *args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "service.cli", "settle", *args], input=stdin, capture_output=True, check=False
    )


def lines_of(done: subprocess.CompletedProcess[bytes]) -> list[dict]:
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_settle_writes_the_documented_output():
    done = settle(json.dumps(EXAMPLE_LINE).encode() + b"\n")
    assert done.returncode == 0, done.stderr
    assert lines_of(done) == [EXAMPLE_SETTLEMENT]


def test_settle_never_stops_at_a_bad_line():
    duplicate = json.loads(json.dumps(EXAMPLE_LINE))
    duplicate["round_id"] = "r2"
    duplicate["seats"][0]["cards"][0] = "As"
    good = dict(EXAMPLE_LINE, round_id="r3")
    stdin = b"\n".join(
        [
            json.dumps(EXAMPLE_LINE).encode(),
            b"{not json",
            b"",  # blank lines are not rounds
            json.dumps(duplicate).encode(),
            b"\xff\xfe garbage",
            b"[" * 100_000,
            json.dumps(good).encode(),
        ]
    )
    done = settle(stdin)
    assert done.returncode == 1
    out = lines_of(done)
    assert [line["round_id"] for line in out] == ["r1", None, "r2", None, None, "r3"]
    assert out[1]["error"]["code"] == "invalid_json"
    assert out[1]["error"]["message"].startswith("line 2 is not valid JSON")
    assert out[1]["error"]["field"] is None
    assert out[2]["error"] == {
        "code": "duplicate_card",
        "message": "As appears twice: dealer and seat 1",
        "field": "seats[0].cards",  # as the API names it
    }
    assert out[3]["error"]["code"] == "invalid_json"
    assert out[4]["error"]["code"] == "invalid_json"
    assert "seats" in out[5]
    assert done.stderr == b""


def test_settle_of_nothing_succeeds():
    done = settle(b"")
    assert (done.returncode, done.stdout) == (0, b"")


def test_settle_in_parallel_keeps_input_order_and_results():
    rng = random.Random(11)
    rounds = [random_round(rng, f"p{n}", seats=rng.randint(1, 6)) for n in range(2500)]
    rounds[1700]["seats"][0]["bets"]["main"] = 1  # one bad round in the third chunk
    lines = [json.dumps(r).encode() for r in rounds]
    lines[2100] = b"{broken"
    stdin = b"\n".join(lines)
    one, two = settle(stdin, "--jobs", "1"), settle(stdin, "--jobs", "2")
    assert one.returncode == two.returncode == 1
    assert one.stdout == two.stdout
    out = lines_of(two)
    assert [line["round_id"] for line in out] == [None if n == 2100 else f"p{n}" for n in range(2500)]
    assert [n for n, line in enumerate(out) if "error" in line] == [1700, 2100]
    assert out[2100]["error"]["message"].startswith("line 2101 is not valid JSON")
