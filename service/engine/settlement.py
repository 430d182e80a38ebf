"""Settlement of a round (rule book sections 6-11): the Main Bet, the Dealer
Break Bonus and the Break Bonus of every seat, in integer minor units.

A bet's net is +stake x odds for a win, 0 for a push, -stake for a loss, and
0 with outcome ``none`` when it was not placed.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from service.engine.break_bonus import BreakBonusCategory, pattern_category
from service.engine.hands import HandValue
from service.engine.house_way import HouseWay, house_way
from service.engine.round import Round, SeatEntry, validate_round
from service.engine.setting import Setting
from service.engine.table_config import FoulPolicy, TableConfig

DEALER_BREAK_BONUS_PAYS = 1  # the dealer has a Lucky Break
DEALER_BREAK_BONUS_BOTH_PAYS = 4  # the dealer and the player both have one


class Outcome(StrEnum):
    WIN = "win"
    LOSE = "lose"
    PUSH = "push"
    NONE = "none"  # the bet was not placed


class MainReason(StrEnum):
    """How a Main Bet was decided (section 7), for the dealer and the par sheet."""

    NOT_PLACED = "not_placed"
    FOUL_FORFEITED = "foul_forfeited"
    DEALER_DOES_NOT_QUALIFY = "dealer_does_not_qualify"
    DEALER_LUCKY_BREAK = "dealer_lucky_break"
    PLAYER_LUCKY_BREAK = "player_lucky_break"
    BOTH_HANDS_WON = "both_hands_won"
    BOTH_HANDS_LOST = "both_hands_lost"  # including copies
    ONE_EACH = "one_each"


@dataclass(frozen=True, slots=True)
class BetResult:
    outcome: Outcome
    net: int


@dataclass(frozen=True, slots=True)
class MainResult:
    outcome: Outcome
    net: int
    reason: MainReason


@dataclass(frozen=True, slots=True)
class BreakBonusResult:
    outcome: Outcome
    net: int
    category: BreakBonusCategory | None  # what the cards make, even when not bet


@dataclass(frozen=True, slots=True)
class DealerResult:
    house_way: HouseWay
    qualifies: bool

    @property
    def lucky_break(self) -> bool:
        # The house way always finds a Lucky Break when the cards have one.
        return self.house_way.lucky_break


@dataclass(frozen=True, slots=True)
class SeatResult:
    seat: int
    setting: Setting  # what the seat was settled with
    fouled: bool  # the entered setting was a foul
    house_way: HouseWay  # the house way of the player's seven cards
    main: MainResult
    dealer_break_bonus: BetResult
    break_bonus: BreakBonusResult

    @property
    def lucky_break(self) -> bool:
        """The setting settled with is a Lucky Break (what the Main Bet uses)."""
        return self.setting.is_lucky_break

    @property
    def net(self) -> int:
        """The player's total result, all bets."""
        return self.main.net + self.dealer_break_bonus.net + self.break_bonus.net


@dataclass(frozen=True, slots=True)
class RoundSettlement:
    round_id: str | int
    config_version: int
    dealer: DealerResult
    seats: tuple[SeatResult, ...]

    @property
    def house_net(self) -> int:
        """What the house won on the round (negative when it paid out)."""
        return -sum(seat.net for seat in self.seats)


def settle_round(round_: Round, config: TableConfig) -> RoundSettlement:
    """Validate and settle a round under one configuration version."""
    validate_round(round_, config)
    dealer_way = house_way(round_.dealer)
    dealer = DealerResult(dealer_way, config.dealer_qualifier.qualifies(dealer_way.high_value))
    seats = tuple(_settle_seat(entry, dealer, config) for entry in round_.seats)
    return RoundSettlement(round_.round_id, config.version, dealer, seats)


def _settle_seat(entry: SeatEntry, dealer: DealerResult, config: TableConfig) -> SeatResult:
    player_way = house_way(entry.cards)
    entered = entry.setting
    fouled = entered is not None and not entered.is_legal
    if entered is None or (fouled and config.foul_policy is FoulPolicy.HOUSE_WAY):
        setting = player_way.setting
    else:
        setting = entered
    forfeited = fouled and config.foul_policy is FoulPolicy.FORFEIT
    main = settle_main(
        entry.bets.main, setting.low_value, setting.high_value, setting.is_lucky_break, dealer, forfeited
    )
    player_has_lucky_break = player_way.lucky_break  # on the seven cards (section 9)
    return SeatResult(
        seat=entry.seat,
        setting=setting,
        fouled=fouled,
        house_way=player_way,
        main=main,
        dealer_break_bonus=settle_dealer_break_bonus(
            entry.bets.dealer_break_bonus, dealer.lucky_break, player_has_lucky_break
        ),
        break_bonus=settle_break_bonus(entry.bets.break_bonus, pattern_category(player_way.pattern), config),
    )


def settle_main(
    stake: int,
    low: HandValue,
    high: HandValue,
    lucky_break: bool,
    dealer: DealerResult,
    forfeited: bool = False,
) -> MainResult:
    """The Main Bet, even money (section 7); a forfeited foul loses whatever
    the dealer holds (section 8)."""
    if stake == 0:
        return MainResult(Outcome.NONE, 0, MainReason.NOT_PLACED)
    if forfeited:
        return MainResult(Outcome.LOSE, -stake, MainReason.FOUL_FORFEITED)
    if not dealer.qualifies:
        return MainResult(Outcome.PUSH, 0, MainReason.DEALER_DOES_NOT_QUALIFY)
    dealer_lucky_break = dealer.lucky_break
    if dealer_lucky_break and not lucky_break:
        return MainResult(Outcome.LOSE, -stake, MainReason.DEALER_LUCKY_BREAK)
    if lucky_break and not dealer_lucky_break:
        return MainResult(Outcome.WIN, stake, MainReason.PLAYER_LUCKY_BREAK)
    dealer_low, dealer_high = dealer.house_way.low_value, dealer.house_way.high_value
    if low > dealer_low and high > dealer_high:
        return MainResult(Outcome.WIN, stake, MainReason.BOTH_HANDS_WON)
    if dealer_low >= low and dealer_high >= high:
        return MainResult(Outcome.LOSE, -stake, MainReason.BOTH_HANDS_LOST)
    return MainResult(Outcome.PUSH, 0, MainReason.ONE_EACH)


def settle_dealer_break_bonus(stake: int, dealer_lucky_break: bool, player_lucky_break: bool) -> BetResult:
    """1 to 1 when the dealer's cards have a Lucky Break, 4 to 1 when the
    player's do too (section 9); dealer qualification does not matter."""
    if stake == 0:
        return BetResult(Outcome.NONE, 0)
    if not dealer_lucky_break:
        return BetResult(Outcome.LOSE, -stake)
    odds = DEALER_BREAK_BONUS_BOTH_PAYS if player_lucky_break else DEALER_BREAK_BONUS_PAYS
    return BetResult(Outcome.WIN, stake * odds)


def settle_break_bonus(
    stake: int, category: BreakBonusCategory | None, config: TableConfig
) -> BreakBonusResult:
    """Pays on the player's seven cards by the table's pay table (section 10)."""
    if stake == 0:
        return BreakBonusResult(Outcome.NONE, 0, category)
    if category is None:
        return BreakBonusResult(Outcome.LOSE, -stake, None)
    return BreakBonusResult(Outcome.WIN, stake * config.pays(category), category)
