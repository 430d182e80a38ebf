"""Hypothesis strategies for rated play's figures: rounds of one seat
whose stored-style values are consistent, drawn from counts of dealer
hands as the rules make them (so every variance is a true one)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from hypothesis import strategies as st

from service.players.rated.inputs import DEALER_HANDS, Edges, HandValues, PerBet, RatedRound
from service.players.rated.spread import CardSpread

N = DEALER_HANDS
DEALS = 154_143_080 * N  # C(53,7) × C(46,7): the par sheets' denominator


@dataclass(frozen=True)
class DealerCounts:
    """The dealer hands against one setting played, by what they do: not
    qualifying (a push), with a Lucky Break, without; and the Main Bet's
    result against each. A forfeit loses to all."""

    not_qualifying: int
    lucky: tuple[int, int, int]  # won, pushed, lost
    plain: tuple[int, int, int]
    lucky_setting: bool
    forfeit: bool
    pays: int  # the Dealer Break Bonus's pays on the dealer's Lucky Break

    @property
    def dealer_lucky(self) -> int:
        return sum(self.lucky)

    def main(self) -> tuple[int, int]:
        """Σ X and Σ X² over the dealer hands."""
        if self.forfeit:
            return -N, N
        won, lost = self.lucky[0] + self.plain[0], self.lucky[2] + self.plain[2]
        return won - lost, won + lost

    def dealer(self) -> tuple[int, int]:
        lucky = self.dealer_lucky
        return lucky * self.pays - (N - lucky), lucky * self.pays**2 + (N - lucky)

    def product(self) -> int:
        """Σ X_main × X_dbb, hand by hand."""
        if self.forfeit:
            return -self.pays * self.dealer_lucky + (N - self.dealer_lucky)
        return self.pays * (self.lucky[0] - self.lucky[2]) - (self.plain[0] - self.plain[2])


@st.composite
def dealer_counts(draw: st.DrawFn) -> DealerCounts:
    cuts = sorted(draw(st.lists(st.integers(0, N), min_size=6, max_size=6)))
    sizes = [b - a for a, b in zip([0, *cuts], [*cuts, N], strict=True)]
    not_qualifying, lucky, plain = sizes[0], sizes[1:4], sizes[4:7]
    lucky_setting = draw(st.booleans())
    if lucky_setting:  # every qualifying dealer hand without one loses to it
        plain = [sum(plain), 0, 0]
    else:  # every dealer's Lucky Break beats it
        lucky = [0, 0, sum(lucky)]
    has_lucky_break = lucky_setting or draw(st.booleans())
    return DealerCounts(
        not_qualifying,
        (lucky[0], lucky[1], lucky[2]),
        (plain[0], plain[1], plain[2]),
        lucky_setting,
        forfeit=not lucky_setting and draw(st.booleans()) and draw(st.booleans()),
        pays=4 if has_lucky_break else 1,
    )


def values_of(counts: DealerCounts, house_way: int, break_bonus_pays: int) -> HandValues:
    main, main_square = counts.main()
    dealer, dealer_square = counts.dealer()
    return HandValues(
        main_played=main,
        main_house_way=house_way,
        main_played_square=main_square,
        dealer_break_bonus=dealer,
        dealer_break_bonus_square=dealer_square,
        break_bonus=break_bonus_pays * N,
        main_dealer_break_bonus=counts.product(),
    )


@st.composite
def card_spreads(draw: st.DrawFn) -> CardSpread:
    """The spread of a few weighted hands' values: a true covariance."""
    hands = draw(
        st.lists(
            st.tuples(
                st.integers(1, 50),
                st.integers(-N, N),
                st.integers(-N, 4 * N),
                st.sampled_from([-1, 1, 5, 40, 1000]).map(lambda pays: pays * N),
            ),
            min_size=1,
            max_size=5,
        )
    )
    count = sum(weight for weight, *_ in hands)
    sums = tuple(sum(weight * values[i] for weight, *values in hands) for i in range(3))
    pairs = ((0, 0), (1, 1), (2, 2), (0, 1), (0, 2), (1, 2))
    products = tuple(sum(weight * values[i] * values[j] for weight, *values in hands) for i, j in pairs)
    return CardSpread.of(count, sums, products)  # type: ignore[arg-type]


edges = st.builds(
    Edges,
    main=st.integers(0, DEALS // 10).map(lambda n: Fraction(n, DEALS)),
    dealer_break_bonus=st.integers(-DEALS // 20, DEALS // 5).map(lambda n: Fraction(n, DEALS)),
    break_bonus=st.integers(-DEALS // 20, DEALS // 5).map(lambda n: Fraction(n, DEALS)),
)


@st.composite
def rated_rounds(
    draw: st.DrawFn, spread: CardSpread | None = None, config: Edges | None = None
) -> RatedRound:
    """A seat's rated round with any stakes, the nets of one of its
    possible outcomes, and consistent stored-style values."""
    counts = draw(dealer_counts())
    stakes = PerBet(
        draw(st.integers(1, 100_000)),
        draw(st.one_of(st.just(0), st.integers(1, 10_000))),
        draw(st.one_of(st.just(0), st.integers(1, 10_000))),
    )
    bonus_pays = draw(st.sampled_from([-1, 1, 5, 40, 1000]))
    main_net = -stakes.main if counts.forfeit else draw(st.sampled_from([-1, 0, 1])) * stakes.main
    dealer_net = draw(st.sampled_from([-1, counts.pays])) * stakes.dealer_break_bonus
    nets = PerBet(main_net, dealer_net, bonus_pays * stakes.break_bonus)
    return RatedRound(
        stakes=stakes,
        nets=nets,
        values=values_of(counts, draw(st.integers(-N, N)), bonus_pays),
        edges=config or draw(edges),
        spread=spread or draw(card_spreads()),
    )
