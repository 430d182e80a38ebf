"""A rated day at two tables played through the HTTP API on a clock the
test moves, and the test's own log of it: for every rating, which
rounds' seats it must rate (its seat, while open and not paused; a
voided round out, a corrected one as corrected), its pauses, buy-ins and
walk. The acceptance test (tests/players/test_rated_day_api.py) holds
the service's figures against this log."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from tests.support.app import sign_in
from tests.support.players import seat, step
from tests.support.rounds_data import DEALER, SEATS, correct, void_approved

H1, H2, H3 = SEATS[1], SEATS[2], SEATS[3]
OTHER_WAY = {"low": ["8c", "6h"], "high": ["Ah", "Kd", "Td"]}  # H1 not set the house way: a decision
FOULED = {"low": ["Ah", "Kd"], "high": ["Td", "8c", "6h"]}  # H1's low outranks its high: reset


@dataclass
class Clock:
    now: datetime

    def __call__(self) -> datetime:
        return self.now

    def tick(self, **delta: float) -> None:
        self.now += timedelta(**delta)


@dataclass
class RatingLog:
    name: str
    id: int
    club: str
    table_id: int
    seat: int
    seated_at: datetime
    pauses: list[tuple[datetime, datetime]] = field(default_factory=list)
    paused_at: datetime | None = None
    cash: int = 0
    chips: int = 0
    taken: int | None = None
    seated_out: datetime | None = None
    counting: list[tuple[int, int]] = field(default_factory=list)  # (round record, seat)
    dropped: list[tuple[int, int]] = field(default_factory=list)  # rated, voided or corrected since


@dataclass
class Day:
    app: Any
    client: Any
    clock: Clock
    users: dict[str, dict[str, str]]
    tables: dict[str, int] = field(default_factory=dict)
    ratings: dict[str, RatingLog] = field(default_factory=dict)
    # name: table, record, body, entered at
    rounds: dict[str, tuple[str, int, dict[str, Any], datetime]] = field(default_factory=dict)
    voided: set[str] = field(default_factory=set)  # rounds' names

    def open_ratings(self, table: str, seat_number: int) -> list[RatingLog]:
        return [
            log
            for log in self.ratings.values()
            if log.table_id == self.tables[table] and log.seat == seat_number and log.seated_out is None
        ]

    def deal(
        self,
        table: str,
        name: str,
        seats: dict[int, tuple[list[str], tuple[int, int, int], Any]],
        dealer: str = "dealer",
    ) -> int:
        """A round at ``table`` entered by ``dealer``: per seat its cards,
        stakes and setting. The seats with an open rating not paused are
        logged as that rating's."""
        body = {
            "round_id": name,
            "dealer": list(DEALER),
            "seats": [
                {
                    "seat": number,
                    "cards": list(cards),
                    "setting": setting,
                    "bets": dict(zip(("main", "dealer_break_bonus", "break_bonus"), stakes, strict=True)),
                }
                for number, (cards, stakes, setting) in seats.items()
            ],
        }
        response = self.client.post(
            f"/api/v1/tables/{self.tables[table]}/rounds",
            json=body,
            headers={**self.users[dealer], "Idempotency-Key": f"{table}-{name}"},
        )
        assert response.status_code == 201, response.json
        record = int(response.json["id"])
        self.rounds[name] = (table, record, body, self.clock.now)
        for number in seats:
            for log in self.open_ratings(table, number):
                assert log.paused_at is None
                log.counting.append((record, number))
        return record

    def seat_in(self, name: str, club: str, table: str, seat_number: int, **missed: Any) -> RatingLog:
        who = self.users["pit_boss" if missed else "dealer"]
        body = {
            key: value.isoformat() if isinstance(value, datetime) else value for key, value in missed.items()
        }
        response = seat(self.client, who, self.tables[table], club, seat_number, **body)
        assert response.status_code == 201, response.json
        seated_at = missed.get("seated_at", self.clock.now)
        log = RatingLog(name, int(response.json["id"]), club, self.tables[table], seat_number, seated_at)
        if missed:  # the seat's rounds since, rated by none, are this rating's
            for at_table, record, body, entered in self.rounds.values():
                numbers = {each["seat"] for each in body["seats"]}
                if at_table == table and seat_number in numbers and entered >= seated_at:
                    log.counting.append((record, seat_number))
        self.ratings[name] = log
        return log

    def act(self, name: str, what: str, body: Any = None) -> None:
        log = self.ratings[name]
        response = step(self.client, self.users["dealer"], log.id, what, body)
        assert response.status_code in (200, 201), response.json
        now = self.clock.now
        if what == "pauses":
            log.paused_at = now
        elif what == "resumes":
            assert log.paused_at is not None
            log.pauses.append((log.paused_at, now))
            log.paused_at = None
        elif what == "buy-ins":
            if body["kind"] == "cash":
                log.cash += body["amount"]
            else:
                log.chips += body["amount"]
        elif what == "seat-out":
            log.taken, log.seated_out = body["chips_taken"], now

    def refused_at_paused_seat(self, table: str, name: str, seat_number: int) -> None:
        body = {
            "round_id": name,
            "dealer": list(DEALER),
            "seats": [
                {"seat": seat_number, "cards": list(H1), "setting": "house_way", "bets": {"main": 500}}
            ],
        }
        response = self.client.post(
            f"/api/v1/tables/{self.tables[table]}/rounds",
            json=body,
            headers={**self.users["dealer"], "Idempotency-Key": f"{table}-{name}"},
        )
        assert response.status_code == 409, response.json
        assert "paused" in response.json["message"]

    def void(self, name: str) -> None:
        record = self.rounds[name][1]
        void_approved(self.client, self.users["pit_boss"], self.users["pit_boss2"], record)
        self.voided.add(name)
        self._drop(record, None)

    def correct(self, name: str, change: Any) -> None:
        table, record, body, _ = self.rounds[name]
        changed = change(body)
        after = correct(self.client, self.users["pit_boss"], self.users["pit_boss2"], record, changed)
        self.rounds[name] = (table, int(after["id"]), changed, self.clock.now)
        self._drop(record, int(after["id"]))

    def _drop(self, record: int, replaced_by: int | None) -> None:
        for log in self.ratings.values():
            for entry in [each for each in log.counting if each[0] == record]:
                log.counting.remove(entry)
                log.dropped.append(entry)
                if replaced_by is not None:  # the correction's seat keeps the rating
                    log.counting.append((replaced_by, entry[1]))


def _bets(main: int, dealer_break_bonus: int = 0, break_bonus: int = 0) -> tuple[int, int, int]:
    return main, dealer_break_bonus, break_bonus


def play_the_day(app: Any, client: Any, start: datetime) -> Day:
    """Ann (R1) on two seats of table A, Bo (R2) whom the dealer missed at
    A's seat 3, Cy (R3) and Di (R4) at table B, unrated seats beside them;
    pauses, buy-ins in cash and chips, seat-outs with chips, a void and a
    correction. Cy is still seated at the end (a live slip). Started
    twenty minutes before a shift change (14:00 UTC by default), the day
    crosses it, and a second dealer deals B from b3 and A's a6: ratings
    cross shifts and dealers, as the floor's report splits them."""
    clock = Clock(start)
    app.extensions["breakpoker"]["clock"] = clock
    users = {name: sign_in(client, name) for name in ("dealer", "dealer2", "pit_boss", "pit_boss2", "admin")}
    day = Day(app, client, clock, users)
    for name in ("A", "B"):
        table = client.post("/api/v1/tables", json={"name": name}, headers=users["admin"])
        assert table.status_code == 201, table.json
        day.tables[name] = int(table.json["id"])
    hw = "house_way"
    day.deal(
        "A", "a1", {1: (H1, _bets(1000, 500, 100), hw), 2: (H2, _bets(1000), hw), 3: (H3, _bets(500), hw)}
    )
    clock.tick(minutes=3)
    day.seat_in("ann1", "R1", "A", 1)
    day.seat_in("ann2", "R1", "A", 2)  # two seats at one table
    day.seat_in("cy", "R3", "B", 4)
    day.seat_in("di", "R4", "B", 5)
    for name, kind, amount in (
        ("ann1", "cash", 20_000),
        ("ann2", "chips", 5_000),
        ("ann1", "chips", 2_500),
        ("cy", "cash", 10_000),
        ("cy", "chips", 3_000),
        ("di", "cash", 5_000),
    ):
        day.act(name, "buy-ins", {"kind": kind, "amount": amount})
    clock.tick(minutes=2, seconds=30.25)
    day.deal(
        "A",
        "a2",
        {1: (H2, _bets(2500, 500, 100), hw), 2: (H1, _bets(1000), hw), 3: (H3, _bets(500, 100, 100), hw)},
    )
    day.deal(
        "B",
        "b1",
        {1: (H1, _bets(1000), hw), 4: (H2, _bets(1500, 500), hw), 5: (H3, _bets(500, 100, 100), hw)},
    )
    clock.tick(minutes=4)
    day.deal(
        "A",
        "a3",
        {
            1: (H1, _bets(5000, 1000, 500), OTHER_WAY),
            2: (H3, _bets(1000, 500), hw),
            3: (H2, _bets(1000, 0, 100), hw),
        },
    )
    day.deal("B", "b2", {4: (H3, _bets(2500, 500, 100), hw), 5: (H1, _bets(1000, 100), OTHER_WAY)})
    clock.tick(minutes=1)
    day.act("ann1", "pauses")
    day.act("cy", "pauses")
    clock.tick(minutes=7, seconds=12.5)
    day.refused_at_paused_seat("A", "x1", 1)
    day.refused_at_paused_seat("B", "x2", 4)
    day.deal("A", "a4", {2: (H1, _bets(1000, 500, 100), FOULED), 3: (H2, _bets(500), hw)})
    # The second dealer relieves the first at B, and deals A's last round.
    day.deal("B", "b3", {1: (H2, _bets(1000), hw), 5: (H3, _bets(500, 500, 500), hw)}, "dealer2")
    clock.tick(minutes=3)
    day.act("ann1", "resumes")
    day.act("cy", "resumes")
    clock.tick(minutes=2)
    day.deal(
        "A",
        "a5",
        {
            1: (H3, _bets(1500, 500), hw),
            2: (H2, _bets(1000, 1000, 100), hw),
            3: (H1, _bets(2000, 0, 500), OTHER_WAY),
        },
    )
    day.deal("B", "b4", {4: (H1, _bets(1000, 100, 100), OTHER_WAY), 5: (H2, _bets(5000), hw)}, "dealer2")
    clock.tick(minutes=5)
    # The dealer missed Bo at seat 3: the pit boss starts his rating from before a1.
    day.seat_in(
        "bo", "R2", "A", 3, seated_at=start - timedelta(minutes=1), reason="dealer missed the seat-in"
    )
    day.act("bo", "buy-ins", {"kind": "chips", "amount": 10_000})
    clock.tick(minutes=1)
    day.deal("A", "a6", {1: (H2, _bets(1000), hw), 3: (H3, _bets(1000, 500, 100), hw)}, "dealer2")
    clock.tick(minutes=2, seconds=0.75)
    for name, taken in (("ann1", 21_000), ("ann2", 4_000), ("bo", 9_000), ("di", 4_500)):
        day.act(name, "seat-out", {"chips_taken": taken})
        clock.tick(seconds=10)
    clock.tick(minutes=2)
    day.void("a3")
    day.correct("a5", _main_of_seat(2, 3000))
    clock.tick(minutes=10)
    return day


def _main_of_seat(number: int, main: int) -> Any:
    def change(body: dict[str, Any]) -> dict[str, Any]:
        seats = [
            {**each, "bets": {**each["bets"], "main": main}} if each["seat"] == number else each
            for each in body["seats"]
        ]
        return {**body, "seats": seats}

    return change
