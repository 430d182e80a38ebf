"""One demo table's day through the API: opened with its tray counted,
rounds dealt and settled (the tray moved by each round's house net, the
API's answer), fills and credits requested, issued and received, closed
with the closer counted, and its drop box counted by two counters."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from service.accounting.slip_states import SlipKind
from service.cli.demo.client import Api, ApiRefused
from service.cli.demo.floor import CAGE, COUNTERS, PIT_BOSSES
from service.cli.demo.players import Seats
from service.cli.demo.ratings import Floor, members_of
from service.cli.demo.tray import DropBox, Tray, chips
from service.engine.table_config import BetType

MISPAID = 2500  # what the dealer pays too much on the mis-paid bet: 25.00


@dataclass
class Table:
    """A table as the demo plays it, and what it did there."""

    name: str
    table_id: int
    dealer: str
    rng: random.Random
    mispay: bool  # whether a bet is paid wrong here today
    tray: Tray  # its value as it opens, unless it carries a closer over
    box: DropBox = field(default_factory=DropBox)
    seats: Seats = field(init=False)
    floor: Floor = field(init=False)  # its members' ratings
    session_id: int = 0
    session_number: int = 0
    rounds: int = 0
    rounds_net: int = 0  # the house's net of the rounds, as the API settled them
    slips: dict[SlipKind, list[int]] = field(default_factory=lambda: {kind: [] for kind in SlipKind})
    slipped: dict[SlipKind, int] = field(default_factory=lambda: dict.fromkeys(SlipKind, 0))
    mispaid_round: str | None = None
    mispaid_rating: int | None = None  # the player paid too much, if rated
    carried: dict[str, int] | None = None  # the last closer's lines, when the table was played before

    def __post_init__(self) -> None:
        self.seats = Seats(self.rng, members_of(self.name))
        self.floor = Floor(self.table_id, self.dealer)

    @property
    def expected_difference(self) -> int:
        """What the check should find: the mis-paid amount, or nothing."""
        return -MISPAID if self.mispaid_round is not None else 0


def carry_over(api: Api, table: Table, opening: datetime) -> None:
    """Take over the table's last closer as its tray (a tray carries over to
    the next opening). Refused while a session is open, or when the last one
    closed after ``opening``: the day's times would overlap it, and a check
    counts the rounds by their time."""
    # The API's JSON answer, newest first (a client's view of a document).
    earlier: list[dict[str, Any]] = api.get(PIT_BOSSES[0], f"/tables/{table.table_id}/sessions")
    if not earlier:
        return
    last = earlier[0]
    if last["closer"] is None:
        raise ApiRefused(f"{table.name} is open (session {last['id']}): close it before a demo day")
    if datetime.fromisoformat(last["closed_at"]) >= opening:
        raise ApiRefused(
            f"{table.name} was played until {last['closed_at']}, after this day's opening: play a later --day"
        )
    table.carried = dict(last["closer"]["lines"])
    table.tray.value = int(last["closer"]["total"])


def open_table(api: Api, table: Table) -> None:
    """The tray counted and signed by the pit boss and the dealer."""
    lines = table.carried if table.carried is not None else chips(table.tray.value)
    body = {"lines": lines, "cosigner": api.signature(table.dealer)}
    opened = api.post(PIT_BOSSES[0], f"/tables/{table.table_id}/sessions", body)
    table.session_id, table.session_number = int(opened["id"]), int(opened["number"])


def play_round(api: Api, table: Table, mispay_now: bool, last: bool = False) -> None:
    """Players come and buy in, a round is dealt, entered and settled, and
    the dealer takes and pays by the settlement: once, from ``mispay_now``
    on, the first round a seat wins (or the ``last`` round), 25.00 too much."""
    table.seats.arrive(table.tray, table.box)
    table.floor.report(api, table.seats)
    table.rounds += 1
    round_id = f"{table.name}-s{table.session_number}-{table.rounds}"
    body = table.seats.round_body(round_id)
    settled = api.post(
        table.dealer, f"/tables/{table.table_id}/rounds", body, **{"Idempotency-Key": round_id}
    )
    nets = {int(seat["seat"]): seat_net(seat) for seat in settled["seats"]}
    table.rounds_net += int(settled["house_net"])
    table.tray.value += int(settled["house_net"])
    table.seats.settle(nets)
    winners = [seat for seat, net in nets.items() if net > 0] or ([min(nets)] if last else [])
    # A member first: their rating's chips check finds the bet paid wrong too.
    winners.sort(key=lambda seat: table.seats.players[seat].club is None)
    if mispay_now and winners and table.mispaid_round is None:
        table.seats.players[winners[0]].chips += MISPAID
        table.tray.value -= MISPAID
        table.mispaid_round = round_id
        table.mispaid_rating = table.floor.open.get(winners[0])
    table.seats.come_and_go(table.tray, table.box)
    table.floor.report(api, table.seats)


def seat_net(seat: dict[str, Any]) -> int:
    """The player's net over the seat's three bets (+ is paid)."""
    return sum(int(seat[bet]["net"]) for bet in BetType)


def slip_if_needed(api: Api, table: Table) -> None:
    """A fill when the tray runs low, a credit when it is high: requested
    by a pit boss, issued at the cage, received by the dealer and the other
    pit boss (each signature another person's), each a few minutes apart."""
    needed = table.tray.slip_needed()
    if needed is None:
        return
    kind, amount = needed
    body = {"kind": kind, "lines": chips(amount)}
    number = int(api.post(PIT_BOSSES[0], f"/tables/{table.table_id}/slips", body)["number"])
    api.clock.advance(minutes=4)
    api.post(CAGE, f"/slips/{number}/issue")
    api.clock.advance(minutes=6)
    api.post(table.dealer, f"/slips/{number}/receive", {"cosigner": api.signature(PIT_BOSSES[1])})
    table.tray.value += amount if kind == SlipKind.FILL else -amount
    table.slips[kind].append(number)
    table.slipped[kind] += amount


def close_table(api: Api, table: Table) -> None:
    body = {"lines": table.tray.lines(), "cosigner": api.signature(table.dealer)}
    api.post(PIT_BOSSES[0], f"/tables/{table.table_id}/sessions/close", body)


def count_drop(api: Api, table: Table) -> None:
    """The count team counts the box by note denomination and signs."""
    body = {"lines": table.box.lines(), "cosigners": [api.signature(name) for name in COUNTERS[1:]]}
    api.post(COUNTERS[0], f"/sessions/{table.session_id}/drop-counts", body)
