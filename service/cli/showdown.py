"""``breakpoker showdown``: poker-room showdowns (Breaker Hold'em, Wild
Joker Stud) from JSON lines, one deal a line, an answer a line."""

from __future__ import annotations

import json
from typing import IO, Any

import click

from service.engine.errors import RulesError
from service.errors import ErrorCode
from service.poker_room.deal_input import Game
from service.poker_room.showdown import PotJson, ShowdownJson, showdown


@click.command("showdown")
@click.option(
    "--game",
    type=click.Choice([game.value for game in Game]),
    required=True,
    help="breaker: Breaker Hold'em (options dual, locked); wild-joker-stud: Wild Joker Stud.",
)
@click.argument("source", type=click.File("r"), default="-")
@click.option("--text", "as_text", is_flag=True, help="Print each pot for people instead of JSON lines.")
def showdown_command(game: str, source: IO[str], as_text: bool) -> None:
    """Judge each deal of SOURCE (JSON lines; standard input by default).

    A line: {"board": [5 cards] (Breaker) or "community": [2 cards] (Stud),
    "button": seat, "seats": [{"seat": 1, "cards": [...], "contribution":
    100, "folded": false}, ...], "options": {"dual": false, "locked":
    false}}. Each answer gives per pot the contenders, each hand as judged
    (the Breaker played or dead, and why), the winners and their shares. A
    bad line is answered {"line": n, "error": {"code", "message",
    "field"}} and the command exits 1 after the last line."""
    chosen = Game(game)
    failed = 0
    for number, line in enumerate(source, start=1):
        if not line.strip():
            continue
        try:
            answer = showdown(_loaded(line), chosen)
        except RulesError as error:
            failed += 1
            problem = {"code": error.code, "message": error.message, "field": error.field}
            click.echo(json.dumps({"line": number, "error": problem}))
            click.echo(f"line {number}: {error.message}", err=True)
            continue
        click.echo(_text(number, answer) if as_text else json.dumps({"line": number, **answer}))
    if failed:
        raise SystemExit(1)


def _loaded(line: str) -> Any:
    # Any: a line's JSON as loaded, checked by the rules' reader.
    try:
        return json.loads(line)
    except RecursionError:
        raise RulesError(ErrorCode.INVALID_JSON, "not JSON the rules read: nested too deeply") from None
    except ValueError as error:
        raise RulesError(ErrorCode.INVALID_JSON, f"not JSON: {error}") from None


def _text(number: int, answer: ShowdownJson) -> str:
    lines = [f"deal {number} ({answer['game']}, button seat {answer['button']})"]
    lines += [f"  seat {folded['seat']}: {folded['why']}" for folded in answer["folded"]]
    for pot in answer["pots"]:
        lines += _pot_text(pot)
    return "\n".join(lines)


def _pot_text(pot: PotJson) -> list[str]:
    broken = ", straights and flushes broken" if pot["straights_and_flushes_broken"] else ""
    lines = [f"  {pot['pot']} pot {pot['amount']}: seats {', '.join(map(str, pot['contenders']))}{broken}"]
    for hand in pot["hands"]:
        why = f" ({hand['why']})" if hand["why"] else ""
        lines.append(f"    seat {hand['seat']}: {hand['category']} {' '.join(hand['cards'])}{why}")
    shares = ", ".join(f"seat {share['seat']} {share['amount']}" for share in pot["shares"])
    lines.append(f"    wins: {shares}")
    return lines
