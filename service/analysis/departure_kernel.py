"""The compiled loop of ``breakpoker bench-protection``: rounds dealt at a
table from a shuffled deck, every seat setting its hand by its strategy,
and each seat's hidden-information evidence (:mod:`departures`) kept
round by round, exactly as the service keeps it.

Every array is read from the strategy table, so a round costs a few
binary searches and, for a cheater, one look at each of its settings.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from service.analysis.strategy_kernel import CACHED

Dealer = tuple[int, int, bool, bool]  # the house way's low and high keys, Lucky Break, qualifies
Arr = np.ndarray

HOUSE_WAY, OPTIMAL, RANDOM, MIXED, CHEAT, CHEAT_ONE_IN_FIVE = 0, 1, 2, 3, 4, 5
HAND = 7


@njit(nogil=True, cache=CACHED)
def _net(low: int, high: int, lucky: bool, d_low: int, d_high: int, d_lucky: bool, d_qual: bool) -> int:
    """The Main Bet's net for a unit (rule book sections 6 and 7)."""
    if not d_qual:
        return 0
    if d_lucky and not lucky:
        return -1
    if lucky and not d_lucky:
        return 1
    if low > d_low and high > d_high:
        return 1
    if d_low >= low and d_high >= high:
        return -1
    return 0


@njit(nogil=True, cache=CACHED)
def _pattern(cards: np.ndarray, codes: np.ndarray, code_pattern: np.ndarray) -> int:
    code = 0
    for card in cards:
        code += 5**card
    return int(code_pattern[np.searchsorted(codes, code)])


@njit(nogil=True, cache=CACHED)
def _top(first: int, last: int, s_low: Arr, s_high: Arr, s_lucky: Arr, dealer: Dealer) -> int:
    """The best net of any setting against the dealer's actual hand."""
    top = -2
    for s in range(first, last):
        top = max(top, _net(s_low[s], s_high[s], s_lucky[s], *dealer))
    return top


@njit(nogil=True, cache=CACHED)
def _cheat(
    first: int, last: int, house: int, s_low: Arr, s_high: Arr, s_lucky: Arr, s_value: Arr, dealer: Dealer
) -> int:
    """The best result against the dealer's actual hand; the house way's
    setting on a tie, else the highest expected value among the best."""
    top = _top(first, last, s_low, s_high, s_lucky, dealer)
    if _net(s_low[house], s_high[house], s_lucky[house], *dealer) == top:
        return house
    chosen = -1
    for s in range(first, last):
        best = _net(s_low[s], s_high[s], s_lucky[s], *dealer) == top
        if best and (chosen < 0 or s_value[s] > s_value[chosen]):
            chosen = s
    return chosen


@njit(nogil=True, cache=CACHED)
def _choose(
    strategy: int,
    first: int,
    last: int,
    house: int,
    best: int,
    s_low: Arr,
    s_high: Arr,
    s_lucky: Arr,
    s_value: Arr,
    dealer: Dealer,
) -> int:
    if strategy == OPTIMAL:
        return best
    if strategy == RANDOM:
        return first + np.random.randint(last - first)
    if strategy == MIXED:
        u = np.random.random()
        if u < 0.5:
            return house
        if u < 0.8:
            return best
        return first + np.random.randint(last - first)
    if strategy == CHEAT or (strategy == CHEAT_ONE_IN_FIVE and np.random.random() < 0.2):
        return _cheat(first, last, house, s_low, s_high, s_lucky, s_value, dealer)
    return house


@njit(nogil=True, cache=CACHED)
def _mixture(logs: np.ndarray) -> float:
    """log of the average of the stakes' products."""
    top = logs.max()
    return float(top + np.log(np.exp(logs - top).sum() / logs.size))


@njit(nogil=True, cache=CACHED)
def play_days(
    seed: int,
    days: int,
    rounds: int,
    strategies: np.ndarray,  # [seat] a strategy code
    deck: np.ndarray,  # [card] its rank column
    codes: np.ndarray,  # sorted pattern codes (sum of 5**column)
    code_pattern: np.ndarray,  # the hand table's pattern of each code
    row_of: np.ndarray,  # [pattern] its row in the settings listing
    dealer_keys: np.ndarray,  # [pattern, 2] the house way's low and high keys
    dealer_flags: np.ndarray,  # [pattern, 2] Lucky Break, qualifies
    offsets: np.ndarray,  # [row + 1] each row's settings
    house: np.ndarray,  # [row] the house way's setting (absolute)
    best: np.ndarray,  # [row] the optimal setting (absolute)
    s_low: np.ndarray,
    s_high: np.ndarray,
    s_lucky: np.ndarray,
    s_value: np.ndarray,  # won - lost
    s_better: np.ndarray,  # dealer hands where the setting does better than the house way
    beaten: np.ndarray,  # [row] dealer hands where some setting does better than the house way
    dealer_hands: int,
    stakes: np.ndarray,
    log_threshold: float,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per day and seat: the round at which the evidence first reached the
    threshold (0: never), the day's highest log evidence, the departures."""
    np.random.seed(seed)
    seats = strategies.size
    flagged = np.zeros((days, seats), dtype=np.int64)
    highest = np.zeros((days, seats))
    departures = np.zeros((days, seats), dtype=np.int64)
    cards = deck.copy()
    loss = np.log(1.0 - stakes)
    for day in range(days):
        logs = np.zeros((seats, stakes.size))
        for played in range(1, rounds + 1):
            np.random.shuffle(cards)
            dealt = _pattern(cards[:HAND], codes, code_pattern)
            d_lucky, d_qual = dealer_flags[dealt, 0] != 0, dealer_flags[dealt, 1] != 0
            dealer = (dealer_keys[dealt, 0], dealer_keys[dealt, 1], d_lucky, d_qual)
            for seat in range(seats):
                start = HAND * (seat + 1)
                row = row_of[_pattern(cards[start : start + HAND], codes, code_pattern)]
                h = house[row]
                s = _choose(
                    strategies[seat],
                    offsets[row],
                    offsets[row + 1],
                    h,
                    best[row],
                    s_low,
                    s_high,
                    s_lucky,
                    s_value,
                    dealer,
                )
                theirs = _net(s_low[h], s_high[h], s_lucky[h], *dealer)
                if s == h:  # a stay: did no setting do better?
                    hands = dealer_hands - beaten[row]
                    hit = _top(offsets[row], offsets[row + 1], s_low, s_high, s_lucky, dealer) == theirs
                else:  # a departure: did it do better?
                    departures[day, seat] += 1
                    hands = s_better[s]
                    hit = _net(s_low[s], s_high[s], s_lucky[s], *dealer) > theirs
                if hands == 0 or hands == dealer_hands:
                    continue
                if hit:
                    logs[seat] += np.log(1.0 - stakes + stakes * dealer_hands / hands)
                else:
                    logs[seat] += loss
                value = _mixture(logs[seat])
                highest[day, seat] = max(highest[day, seat], value)
                if value >= log_threshold and flagged[day, seat] == 0:
                    flagged[day, seat] = played
    return flagged, highest, departures
