"""Rated play at a demo table (rule book section 14): the club members
enrolled before the day, each member's rating told to the API as the
floor plays it (seat-in by club number, the buy-ins in cash or chips,
the seat-out with the chips taken away), and the high roller at the
first table: a cash buy-in above the log threshold (into the multiple
transaction log), then one that would pass the report threshold,
refused (``identification_required``) until the pit boss records the
player's identification, then taken (the day listed for a report)."""

from __future__ import annotations

from dataclasses import dataclass, field

from service.cli.demo.client import Api, ApiRefused
from service.cli.demo.floor import ADMIN, PIT_BOSSES
from service.cli.demo.players import MEMBERS, Seats, Step
from service.cli.demo.tray import DropBox, Tray

HIGH_ROLLER = "D1VIP"  # at the first table
LOGGED = 400_000  # 4,000.00: at least the log threshold (3,000.00 by default)
PAST_REPORT = 700_000  # 7,000.00 more: 11,000.00 in a day, past the report threshold (10,000.00)
PASSPORT = {
    "document_type": "passport",
    "number": "P7654321",
    "expiry": "2099-01-31",
    "date_of_birth": "1970-06-15",
}


def members_of(table_name: str) -> tuple[str, ...]:
    """The club numbers of a table's members: DEMO-2's are D2P01 to D2P08."""
    return tuple(f"D{table_name.rsplit('-', 1)[-1]}P{number:02d}" for number in range(1, MEMBERS + 1))


@dataclass
class Floor:
    """A table's ratings as the API holds them: the open one of each seat,
    and every one made today, in order."""

    table_id: int
    dealer: str
    open: dict[int, int] = field(default_factory=dict)
    made: list[int] = field(default_factory=list)
    # The high roller's buy-in refused until identified (None: identified
    # on an earlier demo day, so taken at once).
    refused_buy_in: bool | None = False

    def report(self, api: Api, seats: Seats) -> None:
        """Tell the API every step the floor took since the last report."""
        for step in seats.steps:
            if step.step == Step.SEAT_IN:
                body = {"club_number": step.club, "seat": step.seat}
                rating = int(api.post(self.dealer, f"/tables/{self.table_id}/ratings", body)["id"])
                self.open[step.seat] = rating
                self.made.append(rating)
            elif step.step == Step.SEAT_OUT:
                rating = self.open.pop(step.seat)
                api.post(self.dealer, f"/ratings/{rating}/seat-out", {"chips_taken": step.amount})
            else:
                body = {"kind": step.step.value, "amount": step.amount}
                api.post(self.dealer, f"/ratings/{self.open[step.seat]}/buy-ins", body)
        seats.steps.clear()


def enrol(api: Api, table_names: tuple[str, ...]) -> None:
    """The members of every table and the high roller, enrolled by the
    demo's admin unless an earlier demo did."""
    wanted = [HIGH_ROLLER, *(club for name in table_names for club in members_of(name))]
    found = {str(player["club_number"]) for player in api.get(ADMIN, "/players?search=D&limit=1000")}
    for club in wanted:
        if club not in found:
            api.post(ADMIN, "/players", {"club_number": club, "name": f"Demo Member {club}"})


def high_roller(api: Api, floor: Floor, seats: Seats, tray: Tray, box: DropBox) -> None:
    """The high roller sits at the first free seat with 4,000.00 in cash,
    then wants 7,000.00 more: refused until identified, then taken (taken
    at once when an earlier demo day recorded his identification)."""
    seat = min(number for number in range(1, 7) if number not in seats.players)
    seats.seat_in(seat, HIGH_ROLLER)
    seats.buy_in(seat, tray, box, LOGGED)
    floor.report(api, seats)
    seats.buy_in(seat, tray, box, PAST_REPORT)
    step = seats.steps.pop()  # sent here: it may be refused
    path, body = f"/ratings/{floor.open[seat]}/buy-ins", {"kind": "cash", "amount": step.amount}
    status, answer = api.attempt(floor.dealer, "POST", path, body)
    if status == 201:
        floor.refused_buy_in = None
        return
    if status != 409 or answer.get("code") != "identification_required":
        raise ApiRefused(f"POST {path}: {status} {answer}, not identification_required")
    floor.refused_buy_in = True
    api.post(PIT_BOSSES[0], f"/players/{HIGH_ROLLER}/identification", PASSPORT)
    api.post(floor.dealer, path, body)


def seat_out_everyone(api: Api, floor: Floor, seats: Seats) -> int:
    """At closing the players still seated leave with their chips: how many chips."""
    taken = sum(seats.leave(seat) for seat in sorted(seats.players))
    floor.report(api, seats)
    return taken
