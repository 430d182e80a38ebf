"""The rows ``bench-alerts`` reads, written in bulk (the rounds package
and the checks' jobs would write the same rows one at a time; what is
timed is reading them):

- a floor's year of rounds (1M by default) spread over its tables, each
  round a ``rounds`` row (no seats: the alerts never read them);
- the decks of the repeated-deck alerts, two a alert, each dealt one round
  (``deck_feeds`` and ``round_decks``);
- the alerts, a year's worth of findings of every kind: most name a few
  rounds, some (a player's or a dealer's results beyond luck) a
  few hundred, the repeated decks their two decks; and a pit boss's
  acknowledgement of most of them, so the open ones are scattered
  through the list as they are on a floor."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, cast

from sqlalchemy import Table, func, insert, select

from service.accounts.auth import create_user
from service.accounts.roles import Role
from service.players.players import enrol_player
from service.protection.values import AlertKind, Severity
from service.store.db import Databases
from service.store.models import Alert, AlertAcknowledgement, DeckFeed, Player, RoundDeck, RoundRecord
from service.store.work import unit_of_work
from service.tables.tables import create_table, current_config

PASSWORD = "bench-alerts password"
BATCH = 10_000  # rows an executemany
FIRST = datetime(2026, 1, 1, 12, tzinfo=UTC)
CARDS = [f"{rank}{suit}" for rank in "AKQJT98765432" for suit in "shdc"] + ["JK"]
_ROUNDS, _FEEDS, _DECKS, _ALERTS, _ACKNOWLEDGED = (
    cast(Table, model.__table__) for model in (RoundRecord, DeckFeed, RoundDeck, Alert, AlertAcknowledgement)
)


@dataclass(frozen=True)
class Shape:
    rounds: int
    tables: int
    alerts: int
    heavy_alerts: int  # those naming heavy_rounds rounds each
    heavy_rounds: int
    deck_alerts: int  # repeated decks: two decks each, each dealt one round
    acknowledged_share: float


@dataclass(frozen=True)
class Filled:
    rounds: int
    alerts: int
    open_alerts: int
    heavy_alert: int  # an alert naming heavy_rounds rounds
    heavy_rounds: int
    deck_alert: int  # a repeated deck's alert: its two decks' rounds
    deck_rounds: int


def fill(databases: Databases, shape: Shape, seed: int) -> Filled:
    randomly = random.Random(seed)
    with unit_of_work(databases) as db:
        admin = create_user(db, "admin", Role.ADMIN, PASSWORD)
        boss = create_user(db, "pit_boss", Role.PIT_BOSS, PASSWORD).id
        dealers = [create_user(db, f"dealer{n}", Role.DEALER, PASSWORD).id for n in range(8)]
        tables = [create_table(db, admin, f"BP-{n + 1}") for n in range(shape.tables)]
        configs = {table.id: current_config(db, table).id for table in tables}
        table_ids = list(configs)  # the order _round deals to them in
        for n in range(50):
            enrol_player(db, admin, f"P{n}", f"Player {n}")
        players = list(db.scalars(select(Player.id)))
        admin_id = admin.id
    first_round = _rounds(databases, shape, list(configs.items()), dealers)

    def table_of(round_id: int) -> int:  # as _round placed it
        return table_ids[(round_id - first_round) % len(table_ids)]

    decks = _decks(databases, shape, first_round, table_of, admin_id, randomly)
    alerts = _alerts(databases, shape, first_round, table_of, decks, players, dealers, randomly)
    acknowledged = _acknowledge(databases, alerts, shape.acknowledged_share, boss, randomly)
    heavy = next(alert_id for alert_id, rounds, _ in alerts if len(rounds) == shape.heavy_rounds)
    deck = next(alert_id for alert_id, _, feeds in alerts if feeds)
    return Filled(shape.rounds, len(alerts), len(alerts) - acknowledged, heavy, shape.heavy_rounds, deck, 2)


def _rounds(databases: Databases, shape: Shape, tables: list[tuple[int, int]], dealers: list[int]) -> int:
    """The rounds, 30 seconds apart over the floor, table by table in
    turn; the first one's id (the ids follow on: one writer)."""
    with databases() as db:
        before = int(db.scalar(select(func.coalesce(func.max(RoundRecord.id), 0))) or 0)
    for start in range(0, shape.rounds, BATCH):
        rows = [_round(n, tables, dealers) for n in range(start, min(start + BATCH, shape.rounds))]
        with unit_of_work(databases) as db:
            db.execute(insert(_ROUNDS), rows)
    return before + 1


def _round(n: int, tables: list[tuple[int, int]], dealers: list[int]) -> dict[str, Any]:
    table_id, config_id = tables[n % len(tables)]
    at = FIRST + timedelta(seconds=30 * n)
    return {
        "table_id": table_id,
        "config_id": config_id,
        "round_ref": f'"b{n}"',
        "dealer_cards": ["Qs", "Qh", "As", "9d", "7c", "4h", "2s"],
        "entered": {},
        "settlement": {},
        "house_net": 1_000,
        "entered_by": dealers[n % len(dealers)],
        "entered_at": at,
        "utc_offset_minutes": 0,
        "gaming_day": at.date(),
        "shift": 1 + at.hour // 8,
        "idempotency_key": f"b{n}",
        "request_digest": "0" * 64,
        "revision": 0,
    }


def _decks(
    databases: Databases,
    shape: Shape,
    first_round: int,
    table_of: Callable[[int], int],
    posted_by: int,
    randomly: random.Random,
) -> list[tuple[int, int]]:
    """Two decks a repeated-deck alert, each dealt one round chosen at
    random; each deck's (feed id, round id)."""
    chosen = randomly.sample(range(first_round, first_round + shape.rounds), 2 * shape.deck_alerts)
    feeds = [
        {
            "table_id": table_of(round_id),
            "device_id": f"shoe-{table_of(round_id)}",
            "sequence": number,
            "cards": CARDS,
            "deal_order": {"seats": [1, 2, 3, 4, 5, 6]},
            "hands": {},
            "posted_by": posted_by,
            "received_at": FIRST + timedelta(minutes=number),
        }
        for number, round_id in enumerate(chosen)
    ]
    with unit_of_work(databases) as db:
        before = int(db.scalar(select(func.coalesce(func.max(DeckFeed.id), 0))) or 0)
        db.execute(insert(_FEEDS), feeds)
        ids = list(range(before + 1, before + 1 + len(feeds)))
        dealt = [
            {"round_id": round_id, "feed_id": feed_id, "changed": [], "recorded_at": FIRST}
            for feed_id, round_id in zip(ids, chosen, strict=True)
        ]
        db.execute(insert(_DECKS), dealt)
    return list(zip(ids, chosen, strict=True))


def _alerts(
    databases: Databases,
    shape: Shape,
    first_round: int,
    table_of: Callable[[int], int],
    decks: list[tuple[int, int]],
    players: list[int],
    dealers: list[int],
    randomly: random.Random,
) -> list[tuple[int, list[int], list[int]]]:
    """The alerts, raised through the year in id order; each one's id,
    rounds named and decks."""
    heavy = set(randomly.sample(range(shape.alerts), shape.heavy_alerts))
    deck_at = set(randomly.sample(sorted(set(range(shape.alerts)) - heavy), shape.deck_alerts))
    pairs = iter(zip(decks[0::2], decks[1::2], strict=True))
    step = timedelta(days=365) / max(shape.alerts, 1)
    rows, made = [], []
    for n in range(shape.alerts):
        last = first_round + min(shape.rounds - 1, round(n * shape.rounds / shape.alerts))
        if n in deck_at:
            (one, first_dealt), (two, second_dealt) = next(pairs)
            kind, feeds, rounds = AlertKind.REPEATED_DECK, [one, two], [first_dealt, second_dealt]
        else:
            count = shape.heavy_rounds if n in heavy else randomly.randint(1, 12)
            kind = randomly.choice([AlertKind.RESULTS_BEYOND_LUCK, AlertKind.HIDDEN_INFORMATION])
            feeds, rounds = [], list(range(max(first_round, last - count + 1), last + 1))
        rows.append(
            {
                "natural_key": f"{kind}:bench-{n}",
                "kind": kind,
                "severity": Severity.CRITICAL if kind is AlertKind.REPEATED_DECK else Severity.WARNING,
                "table_id": table_of(rounds[-1]),
                "seat": randomly.randint(1, 6),
                "player_id": randomly.choice(players),
                "dealer_id": randomly.choice(dealers),
                "device_id": None,
                "figure": f"-{randomly.randint(4_000, 9_000) / 1000}",
                "threshold": "-4",
                "summary": f"bench finding {n}",
                "decks": feeds,
                "rounds": rounds,
                "raised_at": FIRST + step * n,
            }
        )
        made.append((n, rounds, feeds))
    with unit_of_work(databases) as db:
        before = int(db.scalar(select(func.coalesce(func.max(Alert.id), 0))) or 0)
        for start in range(0, len(rows), BATCH):
            db.execute(insert(_ALERTS), rows[start : start + BATCH])
    return [(before + 1 + n, rounds, feeds) for n, rounds, feeds in made]


def _acknowledge(
    databases: Databases,
    alerts: list[tuple[int, list[int], list[int]]],
    share: float,
    boss: int,
    randomly: random.Random,
) -> int:
    """A pit boss's acknowledgement of ``share`` of the alerts, at random;
    how many."""
    rows = [
        {
            "alert_id": alert_id,
            "note": "video pulled, nothing seen",
            "acknowledged_by": boss,
            "acknowledged_at": FIRST + timedelta(days=366),
        }
        for alert_id, _, _ in alerts
        if randomly.random() < share
    ]
    with unit_of_work(databases) as db:
        for start in range(0, len(rows), BATCH):
            db.execute(insert(_ACKNOWLEDGED), rows[start : start + BATCH])
    return len(rows)
