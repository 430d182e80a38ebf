"""The players at a demo table: they sit down and buy in with cash (the
notes to the drop box, the chips from the tray), bet what their chips
allow, are paid or lose by the settlement, buy in again when broke and
leave with their chips. Most are members of the player club, rated: each
such step is queued as a ``FloorStep`` for the API (seat-in by club
number, the buy-ins, the seat-out with their chips). Every choice comes
from the table's seeded random generator, so a seed plays the same day
again."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from enum import StrEnum

from service.cli.demo.tray import NOTES, DropBox, Tray, notes
from service.engine.cards import DECK, codes
from service.rounds.samples import RoundInJson, SeatInJson, StakesInJson

SEATS = 6
BUY_INS = (10_000, 20_000, 30_000, 50_000)  # 100.00 to 500.00
BROUGHT = (50_000, 100_000, 200_000)  # chips from the cage or another table: 500.00 to 2,000.00
MAIN_BETS = (500, 1000, 2500, 5000, 10_000, 25_000)  # the table's main bet is 5.00 at least
STAKE_SHARE = 8  # a player's main bet is at most an eighth of their chips (or the minimum)
SIDE_BETS = (0, 0, 100, 500)  # a side bet is placed half the time
ARRIVE = 0.3  # the chance an empty seat fills before a round
LEAVE = 0.06  # the chance a player leaves after a round
BUY_AGAIN = 0.6  # the chance a broke player buys in again
# The chance a player sits down with chips bought at the cage or won at
# another table: no cash to the box, no chips from the tray, and what they
# lose here fills the tray (the check still holds: only their bets move it).
BRINGS_CHIPS = 0.4
MEMBER = 0.75  # the chance a player who sits down is a club member, rated
MEMBERS = 8  # the club members who play at a table (never at two tables at once)


class Step(StrEnum):
    """What the floor tells the API about a member's rating."""

    SEAT_IN = "seat-in"
    CASH = "cash"  # a buy-in with notes
    CHIPS = "chips"  # chips brought from elsewhere
    SEAT_OUT = "seat-out"


@dataclass(frozen=True)
class FloorStep:
    step: Step
    seat: int
    club: str
    amount: int = 0  # the buy-in's, or the chips taken away


@dataclass
class Player:
    chips: int  # minor units, in front of the player
    club: str | None = None  # a member's club number; None: not rated


@dataclass
class BuyIn:
    seat: int
    cash: Counter[int]  # note denomination to amount

    @property
    def total(self) -> int:
        return sum(self.cash.values())


@dataclass
class Seats:
    """Who sits where, and the money they brought in."""

    rng: random.Random
    members: tuple[str, ...] = ()  # the club numbers who play here
    players: dict[int, Player] = field(default_factory=dict)
    buy_ins: list[BuyIn] = field(default_factory=list)
    brought: int = 0  # chips players sat down with (not bought here)
    steps: list[FloorStep] = field(default_factory=list)  # for the API, in order

    def _note(self, step: Step, seat: int, amount: int = 0) -> None:
        club = self.players[seat].club
        if club is not None:
            self.steps.append(FloorStep(step, seat, club, amount))

    def _member(self) -> str | None:
        seated = {player.club for player in self.players.values()}
        free = [club for club in self.members if club not in seated]
        return self.rng.choice(free) if free and self.rng.random() < MEMBER else None

    def arrive(self, tray: Tray, box: DropBox) -> None:
        """Empty seats fill at random (an empty table always gets a player)."""
        for seat in range(1, SEATS + 1):
            if seat not in self.players and self.rng.random() < ARRIVE:
                self.sit_down(seat, tray, box)
        if not self.players:
            self.sit_down(self.rng.randint(1, SEATS), tray, box)

    def sit_down(self, seat: int, tray: Tray, box: DropBox) -> None:
        self.seat_in(seat, self._member())
        if self.rng.random() < BRINGS_CHIPS:
            amount = self.rng.choice(BROUGHT)
            self.players[seat].chips = amount
            self.brought += amount
            self._note(Step.CHIPS, seat, amount)
        else:
            self.buy_in(seat, tray, box)

    def seat_in(self, seat: int, club: str | None) -> None:
        self.players[seat] = Player(0, club)
        self._note(Step.SEAT_IN, seat)

    def buy_in(self, seat: int, tray: Tray, box: DropBox, amount: int | None = None) -> None:
        """Cash on the felt: the dealer drops it in the box and gives chips from the tray."""
        amount = self.rng.choice(BUY_INS) if amount is None else amount
        cash = notes(amount, self.rng.choice(NOTES[:3]))
        box.put(cash)
        tray.value -= amount
        self.players[seat].chips += amount
        self.buy_ins.append(BuyIn(seat, cash))
        self._note(Step.CASH, seat, amount)

    def leave(self, seat: int) -> int:
        """The player goes with their chips (to the cage, not the tray): how many."""
        taken = self.players[seat].chips
        self._note(Step.SEAT_OUT, seat, taken)
        del self.players[seat]
        return taken

    def round_body(self, round_id: str) -> RoundInJson:
        """A real random deal, every seated player betting what their chips allow."""
        seated = sorted(self.players)
        cards = self.rng.sample(DECK, 7 * (len(seated) + 1))
        seats: list[SeatInJson] = []
        for index, seat in enumerate(seated, start=1):
            seats.append(
                {
                    "seat": seat,
                    "cards": codes(cards[7 * index : 7 * index + 7]),
                    "setting": "house_way",
                    "bets": self._bets(self.players[seat].chips),
                }
            )
        return {"round_id": round_id, "dealer": codes(cards[:7]), "seats": seats}

    def _bets(self, chips: int) -> StakesInJson:
        """A main bet the player can cover, and side bets if chips are left."""
        main = self.rng.choice([MAIN_BETS[0]] + [bet for bet in MAIN_BETS[1:] if bet * STAKE_SHARE <= chips])
        left = chips - main
        dealer_break_bonus = self.rng.choice(SIDE_BETS)
        dealer_break_bonus = dealer_break_bonus if dealer_break_bonus <= left else 0
        left -= dealer_break_bonus
        break_bonus = self.rng.choice(SIDE_BETS)
        break_bonus = break_bonus if break_bonus <= left else 0
        return {"main": main, "dealer_break_bonus": dealer_break_bonus, "break_bonus": break_bonus}

    def settle(self, nets: dict[int, int]) -> None:
        """Each seat paid or taken by its net (the API's settlement)."""
        for seat, net in nets.items():
            self.players[seat].chips += net

    def come_and_go(self, tray: Tray, box: DropBox) -> int:
        """After a round: broke players buy in again or leave, others may
        leave with their chips (to the cage, not the tray). The chips that
        left the table."""
        left = 0
        for seat in sorted(self.players):
            player = self.players[seat]
            if player.chips < MAIN_BETS[0]:
                if self.rng.random() < BUY_AGAIN:
                    self.buy_in(seat, tray, box)
                    continue
            elif self.rng.random() >= LEAVE:
                continue
            left += self.leave(seat)
        return left
