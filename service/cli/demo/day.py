"""The demo's gaming day: the three tables open in the morning, deal in
turn through the day (the app's clock moving on with every step), close in
the evening and have their drop boxes counted at night; then the day's
checks as the API shows them, each held against what the demo did."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from service.accounting.check import CheckStatus
from service.accounting.slip_states import SlipKind
from service.cli.demo.client import Api
from service.cli.demo.floor import DEALERS, PIT_BOSSES
from service.cli.demo.ratings import high_roller, seat_out_everyone
from service.cli.demo.table_day import (
    Table,
    carry_over,
    close_table,
    count_drop,
    open_table,
    play_round,
    slip_if_needed,
)
from service.cli.demo.tray import OPENERS, Tray
from service.cli.tables import money

OPEN_AT = time(8, 0)  # the tables open (the gaming day starts at 06:00)
DEALING = timedelta(hours=12)  # the rounds are spread over the twelve hours after
CLOSE_AT = time(20, 30)
COUNT_AT = time(23, 0)  # the count room, still inside the gaming day


@dataclass(frozen=True)
class Plan:
    day: date
    rounds: int  # a table
    seed: int
    mispay: str | None  # the table where a bet is paid wrong


@dataclass(frozen=True)
class Outcome:
    """A table's day: what the demo did, and the session as the API checked it."""

    table: Table
    # The API's session as its JSON answer reads (figures and check): a
    # client's view of a document, not a value the service builds.
    session: dict[str, Any]

    @property
    def as_designed(self) -> bool:
        """The check found exactly what the demo did (a balance, or the
        mis-paid amount), and the API's figures are the simulated money."""
        check, figures, table = self.session["check"], self.session["figures"], self.table
        expected = table.expected_difference
        status = CheckStatus.DIFFERS if abs(expected) > check["tolerance"] else CheckStatus.BALANCED
        return bool(
            check["difference"] == expected
            and check["status"] == status
            and check["rounds_net"] == table.rounds_net
            and figures["drop"] == table.box.total
            and figures["closer"] == table.tray.value
            and figures["fills"] == table.slipped[SlipKind.FILL]
            and figures["credits"] == table.slipped[SlipKind.CREDIT]
        )


def opening(day: date) -> datetime:
    """When the demo's day begins: its clock starts there, whatever the time."""
    return datetime.combine(day, OPEN_AT, UTC)


def play_day(api: Api, table_ids: dict[str, int], plan: Plan, echo: Callable[[str], None]) -> list[Table]:
    start = opening(plan.day)
    api.clock.at_least(start)
    rng = random.Random(plan.seed)
    tables = [
        Table(name, table_id, dealer, random.Random(rng.getrandbits(64)), name == plan.mispay, Tray(tray))
        for (name, table_id), dealer, tray in zip(table_ids.items(), DEALERS, OPENERS, strict=True)
    ]
    for table in tables:  # every table checked before any is opened
        carry_over(api, table, start)
    for table in tables:
        open_table(api, table)
        api.clock.advance(minutes=2)
        slip_if_needed(api, table)  # a tray that opens heavy or light, before the game starts
    interval = DEALING / plan.rounds
    for number in range(plan.rounds):
        api.clock.at_least(start + timedelta(minutes=10) + interval * number)
        if number == 0:
            first = tables[0]
            high_roller(api, first.floor, first.seats, first.tray, first.box)
            slip_if_needed(api, first)  # his chips came from the tray: a fill
        for table in tables:
            # The bet paid wrong comes in the second half of the day.
            mispay_now = table.mispay and number >= plan.rounds // 2
            play_round(api, table, mispay_now, last=number == plan.rounds - 1)
            api.clock.advance(seconds=20)
            slip_if_needed(api, table)
    api.clock.at_least(datetime.combine(plan.day, CLOSE_AT, UTC))
    for table in tables:
        seat_out_everyone(api, table.floor, table.seats)
        close_table(api, table)
        echo(progress(table))
        api.clock.advance(minutes=2)
    api.clock.at_least(datetime.combine(plan.day, COUNT_AT, UTC))
    for table in tables:
        count_drop(api, table)
        api.clock.advance(minutes=5)
    return tables


def progress(table: Table) -> str:
    fills, credits = table.slips[SlipKind.FILL], table.slips[SlipKind.CREDIT]
    line = (
        f"{table.name}: session {table.session_id} closed after {table.rounds} rounds; "
        f"{len(table.seats.buy_ins)} buy-ins ({money(table.box.total)} cash to the drop box), "
        f"{len(fills)} fill(s) {money(table.slipped[SlipKind.FILL])}, "
        f"{len(credits)} credit(s) {money(table.slipped[SlipKind.CREDIT])}, closer {money(table.tray.value)}"
    )
    if table.mispaid_round is not None:
        line += f"; a bet on round {table.mispaid_round} was paid 25.00 too much"
    return line


def outcomes(api: Api, tables: list[Table], day: date) -> list[Outcome]:
    """The day's checks (GET /checks?day=), the demo's sessions only."""
    found = {int(row["id"]): row for row in api.get(PIT_BOSSES[0], f"/checks?day={day.isoformat()}")}
    return [Outcome(table, found[table.session_id]) for table in tables]


def note_difference(api: Api, outcome: Outcome) -> None:
    """The pit boss who opens the differing check writes what was found."""
    table = outcome.table
    note = (
        f"demo-day: on round {table.mispaid_round} the dealer paid 25.00 more than the settlement "
        "said; the check's difference is that bet"
    )
    api.post(PIT_BOSSES[1], f"/sessions/{table.session_id}/notes", {"note": note})
