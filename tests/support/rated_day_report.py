"""The floor's rated-play report of the rated day (tests/support/rated_day_play.py)
held against rule book section 14 computed from the stored rows
(tests/support/section14.py): the rated seats the test's log says each
rating holds, their stakes, nets and stored hand values, and the handle
of all play from the rounds that count themselves (the log's rounds, less
those voided; a correction's record in place of the one it corrects), not
from the shift aggregates the report reads. Each rated seat and each
round belongs to the slot of its round: table, gaming day, shift and
dealer (who entered it)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from typing import Any

import pytest
from sqlalchemy import select

from service.store.models import RoundRecord, SeatExpectedValue, SeatRecord, User
from tests.support import section14 as rule
from tests.support.app import databases
from tests.support.rated_day_play import Day


@dataclass(frozen=True, order=True)
class Slot:
    table_id: int
    gaming_day: date
    shift: int
    dealer_id: int


@dataclass(frozen=True)
class Played:
    """The day's play per slot: the rated seats' exact figures, and the
    handle of every seat of the rounds that count."""

    rated: dict[Slot, rule.Exact]
    handle: dict[Slot, int]
    dealers: dict[int, str]  # id: name
    tables: dict[int, str]

    @property
    def slots(self) -> set[Slot]:
        return set(self.rated) | set(self.handle)


def stored_rows(app, seats: Iterable[tuple[int, int]]) -> list[rule.Row]:
    """The stored stakes, nets and hand values of these (round record, seat)."""
    rows = []
    with databases(app)() as db:
        for record_id, seat_number in seats:
            seat_row, values = db.execute(
                select(SeatRecord, SeatExpectedValue)
                .join(SeatExpectedValue, SeatExpectedValue.seat_id == SeatRecord.id)
                .where(SeatRecord.round_id == record_id, SeatRecord.seat == seat_number)
            ).one()
            rows.append(
                rule.Row(
                    stakes=(
                        seat_row.main_stake,
                        seat_row.dealer_break_bonus_stake,
                        seat_row.break_bonus_stake,
                    ),
                    nets=(seat_row.main_net, seat_row.dealer_break_bonus_net, seat_row.break_bonus_net),
                    played=values.main_played,
                    house_way=values.main_house_way,
                    played_square=values.main_played_square,
                    dealer_bonus=values.dealer_break_bonus,
                    dealer_bonus_square=values.dealer_break_bonus_square,
                    break_bonus=values.break_bonus,
                    product=values.main_dealer_break_bonus,
                )
            )
    return rows


def played(app, day: Day, edges: tuple[Fraction, ...], spread: rule.Spread) -> Played:
    counting = [record for name, (_, record, _, _) in day.rounds.items() if name not in day.voided]
    slot_of: dict[int, Slot] = {}
    handle: dict[Slot, int] = {}
    with databases(app)() as db:
        for record in db.scalars(select(RoundRecord).where(RoundRecord.id.in_(counting))):
            slot = Slot(record.table_id, record.gaming_day, record.shift, record.entered_by)
            slot_of[record.id] = slot
            stakes = sum(
                s.main_stake + s.dealer_break_bonus_stake + s.break_bonus_stake for s in record.seats
            )
            handle[slot] = handle.get(slot, 0) + stakes
        dealers = {slot.dealer_id for slot in handle}
        users = db.execute(select(User.id, User.name).where(User.id.in_(dealers)))
        names = {int(user_id): str(name) for user_id, name in users}
    assert len(slot_of) == len(counting)
    rated: dict[Slot, rule.Exact] = {}
    for log in day.ratings.values():
        for seat, row in zip(log.counting, stored_rows(app, log.counting), strict=True):
            slot = slot_of[seat[0]]
            rated[slot] = rated.get(slot, rule.Exact()) + rule.of_row(row, edges, spread)
    return Played(rated, handle, names, {table_id: name for name, table_id in day.tables.items()})


def _line(played: Played, slots: Iterable[Slot]) -> tuple[rule.Exact, int]:
    chosen = list(slots)
    exact = sum((played.rated.get(slot, rule.Exact()) for slot in chosen), rule.Exact())
    return exact, sum(played.handle.get(slot, 0) for slot in chosen)


def check_line(shown: dict[str, Any], exact: rule.Exact, all_handle: int, rate: int) -> None:
    wanted = rule.expected_line(exact, all_handle, rate)
    assert {name: shown[name] for name in wanted} == wanted
    assert sum(shown["parts"].values()) == shown["actual_win"]  # the exact sum, rounded
    assert shown["dealer_cards_sd"] == pytest.approx(rule.truncated_sd(exact.dealer_variance), rel=1e-15)
    assert shown["player_cards_sd"] == pytest.approx(rule.truncated_sd(exact.player_variance), rel=1e-15)
    assert shown["sd_missing"] is None


def check_report(
    client, headers, played: Played, query: str, keep: Callable[[Slot], bool], rate: int
) -> dict[str, Any]:
    """``GET /reports/rated-play?query`` against the slots ``keep`` picks:
    a line per table (in id order) and per dealer (by name) with play in
    them, and the floor's."""
    response = client.get(f"/api/v1/reports/rated-play?{query}", headers=headers)
    assert response.status_code == 200, response.json
    report = response.json
    assert (report["comp_rate"], report["pending_rounds"]) == (str(rate), 0)
    slots = sorted(slot for slot in played.slots if keep(slot))
    tables = sorted({slot.table_id for slot in slots})
    assert [(line["table_id"], line["name"]) for line in report["tables"]] == [
        (each, played.tables[each]) for each in tables
    ]
    for line in report["tables"]:
        check_line(line, *_line(played, (s for s in slots if s.table_id == line["table_id"])), rate)
    dealers = sorted({slot.dealer_id for slot in slots}, key=lambda each: (played.dealers[each], each))
    assert [(line["dealer_id"], line["name"]) for line in report["dealers"]] == [
        (each, played.dealers[each]) for each in dealers
    ]
    for line in report["dealers"]:
        check_line(line, *_line(played, (s for s in slots if s.dealer_id == line["dealer_id"])), rate)
    check_line(report["floor"], *_line(played, slots), rate)
    return report
