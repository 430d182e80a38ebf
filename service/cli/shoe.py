"""``breakpoker shoe simulate``: stands in for a card-reading shuffler or
shoe at a table, posting a fresh deck for each round to the running API
as the device user (``service.tables.shoe``)."""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

import click

from service.config.instance import instance_path
from service.tables.shoe import DEFAULT_URL, Shoe, ShoeError, sign_in


@click.group("shoe")
def shoe() -> None:
    """A card-reading shuffler or shoe, simulated."""


def state_file(device_id: str) -> Path:
    """Where the device's last sequence number is kept between runs."""
    safe = "".join(char if char.isalnum() or char in "-_" else "_" for char in device_id)
    return instance_path() / f"shoe-{safe}.json"


def _last_sequence(path: Path) -> int:
    try:
        return int(json.loads(path.read_text())["sequence"])
    except (OSError, ValueError, KeyError, TypeError):
        return 0


def _show(feed: dict[str, object]) -> None:
    # The shoe's own deck as it sent it: the API shows no card of it.
    cards = feed["cards"]
    assert isinstance(cards, list)
    click.echo(f"deck {feed['id']} ({feed['device_id']} #{feed['sequence']}) at table {feed['table_id']}")
    click.echo(f"  cards: {' '.join(cards)}")


@shoe.command("simulate")
@click.option("--table", "table_id", type=click.IntRange(1), required=True, help="The table's id.")
@click.option("--rounds", type=click.IntRange(1), help="Post this many decks, then stop.")
@click.option("--every", type=click.FloatRange(0), help="Seconds between decks (else Enter sends the next).")
@click.option("--seed", type=int, help="Shuffle from random.Random(SEED): the same decks every run.")
@click.option("--url", default=DEFAULT_URL, show_default=True, help="The API (make run serves it here).")
@click.option("--device", "device_id", default="shoe-sim", show_default=True, help="The device's own id.")
@click.option("--user", default="device", show_default=True, help="The user with the device role.")
@click.option("--password-stdin", is_flag=True, help="Read the user's password from standard input.")
def simulate(
    table_id: int,
    rounds: int | None,
    every: float | None,
    seed: int | None,
    url: str,
    device_id: str,
    user: str,
    password_stdin: bool,
) -> None:
    """Post a freshly shuffled deck for each round, with the device's id and
    increasing sequence numbers (going on after the last one it sent)."""
    password = (
        sys.stdin.readline().rstrip("\r\n") if password_stdin else click.prompt("Password", hide_input=True)
    )
    path = state_file(device_id)
    try:
        token = sign_in(url, user, password)
    except ShoeError as error:
        raise click.ClickException(f"signing in as {user!r}: {error}") from None
    except OSError as error:
        raise click.ClickException(f"no API at {url}: {error}") from None
    rng = None if seed is None else random.Random(seed)
    device = Shoe(url, token, table_id, device_id, _last_sequence(path) + 1, rng)
    sent = 0
    while rounds is None or sent < rounds:
        if sent and not _wait(every, rounds):
            break
        try:
            feed = device.deal()
        except ShoeError as error:
            raise click.ClickException(f"the deck was refused: {error}") from None
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({"sequence": feed["sequence"]}))
        _show(feed)
        sent += 1


def _wait(every: float | None, rounds: int | None) -> bool:
    """Until the next deck is due; False: stop (end of input)."""
    if every is not None:
        time.sleep(every)
        return True
    if rounds is not None:
        return True  # N decks at once
    click.echo("Enter: the next deck (Ctrl-D stops)", err=True)
    return bool(sys.stdin.readline())
