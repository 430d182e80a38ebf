"""The workers' game-protection jobs of rule book section 15 (issue 43)
beside the first, ``check_deck_order`` (in :mod:`workers.jobs`): each
round's luck and hidden-information test, each received deck's order and
card positions (one job; each alone for rows queued before), each dealt
deck's cards changed by hand, each ended device day's chi-square. Each is
idempotent (its work's natural key) and found again by the sweep."""

from __future__ import annotations

from service.analysis.hand_advice import StrategyTableMissing
from service.config.environment import StrategyTables
from service.config.settings import Settings
from service.protection.cards_changed import check_changed_cards
from service.protection.device_days import count_deck
from service.protection.hidden_rounds import judge_rounds as judge_batch
from service.protection.luck_batch import luck_batch
from service.protection.received_decks import check_received_deck as check_deck
from service.protection.shuffler_positions import check_positions
from service.rounds.expected_values import round_config_id
from service.store.work import Work
from service.tables.strategy_build import queue_strategy_build
from workers.jobs import _works


def luck_round(round_id: int) -> int:
    """:func:`luck_rounds` for one round."""
    return luck_rounds([round_id])


#: rounds whose luck is added a transaction: a commit a round was a
#: quarter of the job's time on SQLite, and a batch reads and writes its
#: sums once (:mod:`service.protection.luck_batch`)
LUCK_BATCH = 50


def luck_rounds(round_ids: list[int]) -> int:
    """Add each round's luck to its table's and dealer's shift and its
    rated players' days (or take a round out again that no longer counts),
    once, and check their z against the casino's threshold (game
    protection: results beyond luck), a bounded batch a transaction; how
    many alerts were raised. A round whose luck was added before adds
    nothing and raises nothing."""
    works = _works()
    ids = sorted(set(round_ids))
    raised = 0
    for start in range(0, len(ids), LUCK_BATCH):
        chunk = ids[start : start + LUCK_BATCH]
        raised += works.run(lambda work: _luck_batch(work, chunk))  # noqa: B023 - called at once
    return raised


def _luck_batch(work: Work[Settings], round_ids: list[int]) -> int:
    return luck_batch(work.db, round_ids, work.settings.instance, work.now())


def check_received_deck(feed_id: int) -> int:
    """Check a received deck's order against every deck before it and
    count its card positions into its device's gaming day, each once, in
    one transaction (the deck read once); how many alerts were raised."""
    return _works().run(lambda work: check_deck(work.db, feed_id, work.now()))


def count_deck_positions(feed_id: int) -> bool:
    """Count a received deck's card positions into its device's gaming day
    (the shuffler's chi-square test), once; False when counted before."""
    return _works().run(lambda work: count_deck(work.db, feed_id, work.now()))


def check_card_positions(day_id: int) -> int:
    """The chi-square test of an ended device day's card positions (and the
    30 days ending with it), once; how many alerts it raised."""
    return _works().run(lambda work: check_positions(work.db, day_id, work.now()))


def check_cards_changed(feed_id: int) -> int:
    """Check a dealt deck's cards changed by hand, once: a warning alert
    when the dealer changed any; how many were raised."""
    return _works().run(lambda work: check_changed_cards(work.db, feed_id, work.now()))


def judge_round(round_id: int) -> bool:
    """The hidden-information test of an entered round's seats (game
    protection), once; ``False`` when tested before, or (strategy tables
    left to the CLI) while a block it needs is not built. A missing block
    is handled as :func:`expect_round` handles it: the build queued (tables
    built by the workers) and the job failed, so that RQ tries again."""
    works = _works()
    try:
        return (
            works.run(lambda work: judge_batch(work.db, [round_id], work.settings.instance, work.now())) == 1
        )
    except StrategyTableMissing:
        if works.settings.strategy_tables is StrategyTables.MANUAL:
            return False
        works.run(lambda work: queue_strategy_build(work.db, round_config_id(work.db, round_id)))
        raise


#: rounds tested a transaction (as EXPECT_BATCH: the writer's turn short)
JUDGE_BATCH = 50


def judge_rounds(round_ids: list[int]) -> int:
    """:func:`judge_round` for many rounds, a bounded batch a transaction;
    how many were tested. A batch with a block missing goes round by
    round: the others are tested, and the job fails after them (tables
    built by the workers) so that RQ tries the rest again."""
    works = _works()
    ids = sorted(set(round_ids))
    judged, missing = 0, False
    for start in range(0, len(ids), JUDGE_BATCH):
        chunk = ids[start : start + JUDGE_BATCH]
        try:
            judged += works.run(lambda work: judge_batch(work.db, chunk, work.settings.instance, work.now()))  # noqa: B023 - called at once
        except StrategyTableMissing:
            for round_id in chunk:
                try:
                    judged += judge_round(round_id)
                except StrategyTableMissing:
                    missing = True
    if missing:
        raise StrategyTableMissing("a strategy-table block the hidden-information test needs is not built")
    return judged
