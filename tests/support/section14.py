"""Section 14's figures computed from the rule book's definitions alone,
for the acceptance test of a rated day: from the rows a round leaves
(stakes, nets, the hand values the worker stored over C(46,7) dealer
hands), the par sheet's exact edges and a card spread's sums. Written
apart from ``service.players.rated`` on purpose: two computations of
one figure, so an error in either shows."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

N = 53_524_680  # C(46,7): the dealer hands a seat's values are summed over


@dataclass(frozen=True)
class Row:
    """One rated seat of one counting round, as stored."""

    stakes: tuple[int, int, int]  # Main Bet, Dealer Break Bonus, Break Bonus
    nets: tuple[int, int, int]
    played: int  # Σ the Main Bet's results of the setting played, over the dealer hands
    house_way: int  # the same, of the house way's setting
    played_square: int
    dealer_bonus: int
    dealer_bonus_square: int
    break_bonus: int
    product: int  # Σ Main Bet result × Dealer Break Bonus result


@dataclass(frozen=True)
class Spread:
    """The player's cards' covariance of the three values given the seven
    cards, from sums over every player hand (values × C(46,7))."""

    hands: int
    sums: tuple[int, int, int]
    products: dict[tuple[int, int], int]

    def covariance(self, i: int, j: int) -> Fraction:
        key = (min(i, j), max(i, j))
        mean_i, mean_j = (Fraction(self.sums[k], self.hands * N) for k in (i, j))
        return Fraction(self.products[key], self.hands * N * N) - mean_i * mean_j


@dataclass(frozen=True)
class Exact:
    """A sum of rated rounds' figures, exact, in minor units."""

    rounds: int = 0
    handle: tuple[int, int, int] = (0, 0, 0)
    actual: int = 0
    theoretical: Fraction = Fraction(0)
    decisions: Fraction = Fraction(0)
    player_cards: Fraction = Fraction(0)
    dealer_cards: Fraction = Fraction(0)
    dealer_variance: Fraction = Fraction(0)
    player_variance: Fraction = Fraction(0)

    def __add__(self, other: Exact) -> Exact:
        return Exact(
            self.rounds + other.rounds,
            tuple(a + b for a, b in zip(self.handle, other.handle, strict=True)),  # type: ignore[arg-type]
            self.actual + other.actual,
            self.theoretical + other.theoretical,
            self.decisions + other.decisions,
            self.player_cards + other.player_cards,
            self.dealer_cards + other.dealer_cards,
            self.dealer_variance + other.dealer_variance,
            self.player_variance + other.player_variance,
        )


def of_row(row: Row, edges: Sequence[Fraction], spread: Spread) -> Exact:
    """Rule book section 14, per bet, summed over the round's three bets."""
    # EV per unit staked given the seven cards: the Main Bet at the setting
    # played and at the house way's, each side bet's own.
    played = (Fraction(row.played, N), Fraction(row.dealer_bonus, N), Fraction(row.break_bonus, N))
    house_way = (Fraction(row.house_way, N), played[1], played[2])
    theoretical = sum((s * e for s, e in zip(row.stakes, edges, strict=True)), Fraction(0))
    decisions = row.stakes[0] * (house_way[0] - played[0])
    player_cards = (
        sum((-s * ev for s, ev in zip(row.stakes, house_way, strict=True)), Fraction(0)) - theoretical
    )
    dealer_cards = sum(
        (-net + s * ev for s, net, ev in zip(row.stakes, row.nets, played, strict=True)), Fraction(0)
    )
    return Exact(
        rounds=1,
        handle=row.stakes,
        actual=-sum(row.nets),
        theoretical=theoretical,
        decisions=decisions,
        player_cards=player_cards,
        dealer_cards=dealer_cards,
        dealer_variance=dealer_variance(row),
        player_variance=sum(
            (row.stakes[i] * row.stakes[j] * spread.covariance(i, j) for i in range(3) for j in range(3)),
            Fraction(0),
        ),
    )


def dealer_variance(row: Row) -> Fraction:
    """The variance over the dealer's hand given the seat's cards of the
    round's result: the Main Bet and the Dealer Break Bonus share that hand
    (their covariance counts); the Break Bonus is known from the cards."""
    m, d = row.stakes[0], row.stakes[1]
    ev_m, ev_d = Fraction(row.played, N), Fraction(row.dealer_bonus, N)
    var_m = Fraction(row.played_square, N) - ev_m**2
    var_d = Fraction(row.dealer_bonus_square, N) - ev_d**2
    cov = Fraction(row.product, N) - ev_m * ev_d
    return m * m * var_m + d * d * var_d + 2 * m * d * cov


def total(rows: Iterable[Row], edges: Sequence[Fraction], spread: Spread) -> Exact:
    return sum((of_row(row, edges, spread) for row in rows), Exact())


def half_even(value: Fraction) -> int:
    return round(value)  # Fraction.__round__ rounds halves to even


def shared(actual: int, theoretical: int, parts: Sequence[Fraction]) -> list[int]:
    """The largest remainder: each part its floor, the integers still
    missing to those with the largest remainders; between halves, first
    the part whose floor is odd, then in the parts' order."""
    floors = [math.floor(part) for part in parts]
    missing = actual - theoretical - sum(floors)
    order = sorted(
        range(len(parts)),
        key=lambda i: (
            -(parts[i] - floors[i]),
            0 if parts[i] - floors[i] == Fraction(1, 2) and floors[i] % 2 else 1,
            i,
        ),
    )
    for i in order[:missing]:
        floors[i] += 1
    return floors


def truncated_sd(variance: Fraction) -> float:
    """The square root truncated to 12 decimals."""
    return math.isqrt(math.floor(variance * 10**24)) / 10**12


def expected_figures(exact: Exact, comps: int, spread_known: bool = True) -> dict[str, object]:
    """What the slip's (or the player's) ``figures`` must say."""
    theoretical = half_even(exact.theoretical)
    decisions, player, dealer = shared(
        exact.actual, theoretical, (exact.decisions, exact.player_cards, exact.dealer_cards)
    )
    handle = dict(zip(("main", "dealer_break_bonus", "break_bonus"), exact.handle, strict=True))
    return {
        "rated_rounds": exact.rounds,
        "pending_rounds": 0,
        "handle": {**handle, "total": sum(exact.handle)},
        "average_bet": None if exact.rounds == 0 else half_even(Fraction(sum(exact.handle), exact.rounds)),
        "theoretical_win": theoretical,
        "actual_win": exact.actual,
        "decisions": decisions,
        "player_cards": player,
        "dealer_cards": dealer,
        "comps": comps,
    }


def comps_of(theoretical: Fraction, rate_percent: int) -> int:
    """The rate of the exact theoretical win, rounded down; nothing for a negative one."""
    return max(math.floor(theoretical * rate_percent / 100), 0)


def pace(rounds: int, seconds: int) -> int | None:
    return None if seconds == 0 else half_even(Fraction(rounds * 3600, seconds))


def expected_line(exact: Exact, all_handle: int, rate_percent: int) -> dict[str, object]:
    """What a line of the floor's rated-play report must say of its rated
    rounds (summed exactly, rounded once) beside the handle of all play at
    its tables and dealers: the share rated, and comps at the rate of the
    line's own exact theoretical win."""
    figures = expected_figures(exact, comps_of(exact.theoretical, rate_percent))
    handle = dict(figures.pop("handle"))  # type: ignore[call-overload]
    rated = handle.pop("total")
    theoretical = figures["theoretical_win"]
    return {
        **{name: figures[name] for name in ("rated_rounds", "pending_rounds", "average_bet", "comps")},
        "handle": handle,
        "rated_handle": rated,
        "all_handle": all_handle,
        "rated_share": None if all_handle == 0 else float(Fraction(rated, all_handle)),
        "theoretical_win": theoretical,
        "actual_win": exact.actual,
        "parts": {
            "theoretical": theoretical,
            **{name: figures[name] for name in ("decisions", "player_cards", "dealer_cards")},
        },
    }
