"""Results beyond luck, a batch of rounds in one transaction (the worker's
job, :mod:`service.protection.luck_batch`) against the rounds one at a
time in id order (``luck_round`` then ``check_windows``): the same luck
rows, the same sums to the unit, the same alerts raised on the same
rounds, naming the same rounds, whatever the batches' sizes."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import select

from service.protection.luck import LUCK_UNIT, VARIANCE_UNIT
from service.protection.luck_alerts import check_windows
from service.protection.luck_batch import luck_batch
from service.protection.luck_sums import WHOLE_DAY, LuckSubject, luck_round
from service.store.db import Db, utc_now
from service.store.models import Alert, LuckRound, LuckRoundPlayer, LuckSum
from service.store.work import unit_of_work
from tests.players.conftest import ALICE, BOB
from tests.protection.test_luck_service import deal, seated, shift_of
from tests.support.app import databases, sign_in
from tests.support.card_spread import store_spread
from tests.support.luck import run_job
from tests.support.players import add_player
from tests.support.rated_figures import ready_for_values, value
from tests.support.rounds_data import void_approved

pytestmark = pytest.mark.store

_ALERT_COLUMNS = (
    "natural_key",
    "severity",
    "figure",
    "threshold",
    "summary",
    "rounds",
    "table_id",
    "player_id",
    "dealer_id",
)


_LUCK_ROUND = [column.name for column in LuckRound.__table__.c if column.name not in ("id", "changed_at")]


def _state(db: Db) -> dict[str, Any]:
    """Every row the job writes, comparable across the two runs."""

    def rows(model: Any, order: Any) -> list[tuple[object, ...]]:
        columns = [column for column in model.__table__.c if column.name not in ("id", "changed_at")]
        return [tuple(row) for row in db.execute(select(*columns).order_by(*order))]

    return {
        "sums": rows(LuckSum, (LuckSum.kind, LuckSum.subject_id, LuckSum.gaming_day, LuckSum.shift)),
        "rounds": rows(LuckRound, (LuckRound.round_id,)),
        "players": rows(LuckRoundPlayer, (LuckRoundPlayer.round_id, LuckRoundPlayer.player_id)),
        "alerts": [
            tuple(getattr(alert, name) for name in _ALERT_COLUMNS)
            for alert in db.scalars(
                select(Alert).where(Alert.kind == "results_beyond_luck").order_by(Alert.id)
            )
        ],
    }


def _both(app: Any, instance: Any, round_ids: list[int], sizes: int) -> tuple[Any, Any]:
    """(raised, rows) one round at a time, then in batches of ``sizes``,
    each in a transaction rolled back after (the same ``now``)."""
    now = utc_now()
    with databases(app)() as db:
        raised = 0
        for round_id in sorted(round_ids):
            changed = luck_round(db, round_id, instance, now)
            raised += 0 if changed is None else check_windows(db, changed, now)
        one_at_a_time = (raised, _state(db))
        db.rollback()
    with databases(app)() as db:
        raised = sum(
            luck_batch(db, round_ids[at : at + sizes], instance, now)
            for at in range(0, len(round_ids), sizes)
        )
        batched = (raised, _state(db))
        db.rollback()
    return one_at_a_time, batched


@pytest.fixture
def floor(app, settings, client, as_role, table):
    """Alice winning every round (her day and 30 days cross −4 at the 19th)
    and Bob one each at the first table, a table whose house loses every
    round at a second (its table and dealer cross at the 19th), a round
    already added, one without values, and Alice's sums of two days
    before (one in her 30 days, one not)."""
    ready_for_values(settings)
    store_spread(settings.instance)
    alice, _ = add_player(app, ALICE, "Alice Archer"), add_player(app, BOB, "Bob Baker")
    dealer = as_role["dealer"]
    other = client.post("/api/v1/tables", json={"name": "BP-2"}, headers=as_role["admin"]).json
    seated(client, dealer, table, ALICE, 2)
    seated(client, dealer, table, BOB, 3)
    second_dealer = sign_in(client, "dealer2")
    rounds = []
    for number in range(1, 23):
        rounds.append(deal(client, dealer, table, f"p{number}", (2, 3)))
        rounds.append(deal(client, second_dealer, other, f"t{number}", (2,)))
    value(app, settings, *rounds)
    assert run_job(app, settings, rounds[0]) == (True, 0)  # added before: nothing again
    rounds.append(deal(client, dealer, table, "waits", (1, 2, 3)))  # no values: it waits
    day, _, _ = shift_of(app, rounds[0])
    with unit_of_work(databases(app)) as db:
        for back, usd in ((3, -40), (40, 5_000)):
            db.add(
                LuckSum(
                    kind=LuckSubject.PLAYER.value,
                    subject_id=alice,
                    currency="USD",
                    gaming_day=day - timedelta(days=back),
                    shift=WHOLE_DAY,
                    rounds=5,
                    seats=5,
                    luck=usd * 100 * LUCK_UNIT,
                    variance=(10 * 100) ** 2 * VARIANCE_UNIT,
                    actual=0,
                    theoretical=0,
                    decisions=0,
                    player_cards=0,
                    changed_at=utc_now(),
                )
            )
    return rounds


@pytest.mark.parametrize("sizes", [50, 7, 1])
def test_a_batch_adds_and_alerts_exactly_as_its_rounds_one_at_a_time(app, settings, floor, sizes):
    one_at_a_time, batched = _both(app, settings.instance, floor, sizes)
    assert batched == one_at_a_time
    raised, state = batched
    assert len(state["rounds"]) == len(floor) - 1  # all but the one waiting for its values
    assert raised == len(state["alerts"]) == 4
    named = {alert[0].split(":")[1] + ":" + alert[0].split(":")[3]: alert[5] for alert in state["alerts"]}
    alice_rounds, table_rounds = floor[0:44:2], floor[1:44:2]
    # each window named as it stood when it crossed, not with the batch's later rounds
    assert named["player:day"] == alice_rounds[:19]
    assert named["table:shift"] == named["dealer:shift"] == table_rounds[:19]
    # her 30 days hold a losing day 3 days before (not the winning one 40
    # days before): they crossed before her day did
    assert named["player:30days"] == alice_rounds[: len(named["player:30days"])]
    assert len(named["player:30days"]) < 19


def test_a_batch_with_a_round_to_take_out_goes_round_by_round_alike(app, settings, client, as_role, floor):
    void_approved(client, as_role["pit_boss"], sign_in(client, "pit_boss2"), floor[0])
    one_at_a_time, batched = _both(app, settings.instance, floor, 50)
    assert batched == one_at_a_time
    first = batched[1]["rounds"][0]
    assert first[0] == floor[0]
    assert first[_LUCK_ROUND.index("removed_at")] is not None  # the row kept, its luck taken out
