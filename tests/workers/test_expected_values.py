"""The expected values of the hands dealt: the job stores, per seat of a
round, exactly what the hand calculator says under the round's own
configuration; once; a foul as the foul policy settles it; a corrected
round's new record gets its own values; a missing strategy-table block
queues the par sheet job and fails for a retry when the workers build the
tables, and leaves the round without values when the CLI does."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta
from fractions import Fraction

import pytest
from sqlalchemy import func, select, update

import workers.jobs
from service.analysis.hand_advice import StrategyTableMissing, advise
from service.analysis.main_bet import DEALER_HANDS
from service.config.environment import StrategyTables
from service.config.redis_server import connect
from service.engine.cards import parse_cards
from service.engine.setting import Setting
from service.jobs.queues import JobKind, status_of
from service.ops.undone import undone
from service.rounds.expected_values import expect_round, unvalued_count
from service.rounds.seat_values import sd
from service.store.db import unit_of_work, utc_now
from service.store.models import OutboxEntry, RoundExpectedValue, RoundRecord, SeatExpectedValue
from service.tables.tables import config_of
from tests.support.app import edit, sessions, sign_in
from tests.support.background import run_burst
from tests.support.rounds_data import SEATS, correct, enter, round_body
from tests.support.strategy import block_number, strategy_blocks
from workers.outbox import dispatch
from workers.sweep import reconcile

pytestmark = pytest.mark.store

KINGS_LOW = {"low": ["Kh", "Ks"], "high": ["8h", "8s", "Ac"]}  # seat 2 fouls: K-K above 8-8-A


def fouled_body(round_id):
    body = round_body(round_id)
    body["seats"][1]["setting"] = KINGS_LOW
    return body


@pytest.fixture
def instance(app):
    instance = app.extensions["breakpoker"]["settings"].instance
    strategy_blocks(instance, SEATS.values())
    return instance


def run(app, round_id, instance):
    with unit_of_work(sessions(app)) as session:
        return expect_round(session, round_id, instance)


def rows(app, model):
    with sessions(app)() as session:
        return [
            {column.name: getattr(row, column.name) for column in model.__table__.columns}
            for row in session.scalars(select(model).order_by(*model.__table__.primary_key.columns))
        ]


def numerator(value: Fraction) -> int:
    assert (value * DEALER_HANDS).denominator == 1
    return int(value * DEALER_HANDS)


def check_against_advise(app, round_id, instance):
    """Every seat's stored values are the calculator's, under the round's
    own configuration; the round's sums are the seats' stake-weighted."""
    with sessions(app)() as session:
        record = session.get(RoundRecord, round_id)
        config = config_of(record.config)
        stored = {
            row.seat: row
            for row in session.scalars(
                select(SeatExpectedValue).where(SeatExpectedValue.round_id == round_id)
            )
        }
        assert sorted(stored) == [seat.seat for seat in record.seats]
        total = session.get(RoundExpectedValue, round_id)
        main_value = 0
        main_sd = 0.0
        for seat in record.seats:
            advice = advise(parse_cards(seat.cards), config, instance)
            entered = seat.setting_entered
            setting = (
                advice.house_way.setting
                if entered == "house_way"
                else Setting(parse_cards(entered["low"]), parse_cards(entered["high"]))
            )
            row = stored[seat.seat]
            assert row.main_played == numerator(advice.main_value_played(setting, config.foul_policy))
            assert row.main_best == numerator(advice.best.expected_value)
            assert row.main_house_way == numerator(advice.house_way.expected_value)
            assert row.dealer_break_bonus == numerator(advice.dealer_break_bonus)
            assert row.break_bonus == numerator(advice.break_bonus)
            assert (row.qualifier, row.foul_policy) == (
                config.dealer_qualifier.text,
                config.foul_policy.value,
            )
            assert row.config_id == record.config_id
            main_value += seat.main_stake * row.main_played
            main_sd += seat.main_stake * sd(row.main_played, row.main_played_square)
        assert total.main_player_value == main_value
        assert total.main_sd_sum == pytest.approx(main_sd)
        assert total.seats == len(record.seats)
        return stored


def test_the_job_stores_the_calculators_values_once(app, client, table, instance):
    entered = enter(client, sign_in(client, "dealer"), table, "r1")
    assert rows(app, SeatExpectedValue) == []  # not on the request path
    with sessions(app)() as session:
        queued = session.scalars(select(OutboxEntry.job).where(OutboxEntry.ref == entered["id"])).all()
    assert JobKind.EXPECTED_VALUES in queued  # the outbox row went with the round
    with sessions(app)() as session:
        assert unvalued_count(session) == 1
    assert run(app, entered["id"], instance) is True
    with sessions(app)() as session:
        assert unvalued_count(session) == 0
    stored = check_against_advise(app, entered["id"], instance)
    # The second moment of a house-way setting is its won + lost.
    with sessions(app)() as session:
        record = session.get(RoundRecord, entered["id"])
        advice = advise(parse_cards(record.seats[0].cards), config_of(record.config), instance)
    assert stored[1].main_played_square == advice.house_way.won + advice.house_way.lost
    before = (rows(app, SeatExpectedValue), rows(app, RoundExpectedValue))
    assert run(app, entered["id"], instance) is False  # run twice: nothing new
    assert (rows(app, SeatExpectedValue), rows(app, RoundExpectedValue)) == before


@pytest.mark.parametrize("policy", ["house_way", "forfeit"])
def test_a_foul_is_valued_as_its_policy_settles_it(app, client, table, instance, policy):
    admin = sign_in(client, "admin")
    changed = edit(
        client,
        f"/api/v1/tables/{table['id']}/config",
        json={"config": {"foul_policy": policy}},
        headers=admin,
    )
    assert changed.status_code == 200, changed.json
    entered = client.post(
        f"/api/v1/tables/{table['id']}/rounds",
        json=fouled_body("f1"),
        headers={**sign_in(client, "dealer"), "Idempotency-Key": "f1"},
    )
    assert entered.status_code == 201, entered.json
    assert run(app, entered.json["id"], instance) is True
    stored = check_against_advise(app, entered.json["id"], instance)
    foul = stored[2]
    assert foul.foul_policy == policy
    if policy == "forfeit":
        # The stake is lost for sure: EV -1, E[X²] 1, no spread.
        assert (foul.main_played, foul.main_played_square) == (-DEALER_HANDS, DEALER_HANDS)
        assert sd(foul.main_played, foul.main_played_square) == 0
    else:
        assert (foul.main_played, foul.main_played_square) != (-DEALER_HANDS, DEALER_HANDS)
        assert foul.main_played == foul.main_house_way  # reset by the house way


def test_a_corrected_round_gets_values_of_its_own(app, client, table, instance):
    entered = enter(client, sign_in(client, "dealer"), table, "r1")
    assert run(app, entered["id"], instance)
    body = round_body("r1")
    body["seats"][0]["bets"]["main"] = 3000
    after = correct(client, sign_in(client, "pit_boss"), sign_in(client, "pit_boss2"), entered["id"], body)
    with sessions(app)() as session:
        queued = session.scalars(
            select(OutboxEntry.ref).where(OutboxEntry.job == JobKind.EXPECTED_VALUES)
        ).all()
    assert sorted(queued) == [entered["id"], after["id"]]  # the approval queued the new record's
    assert run(app, after["id"], instance)
    check_against_advise(app, after["id"], instance)
    with sessions(app)() as session:
        old, new = (session.get(RoundExpectedValue, key) for key in (entered["id"], after["id"]))
        assert new.main_handle - old.main_handle == 2000


def test_without_the_block_the_cli_left_unbuilt_the_round_waits(app, client, table, monkeypatch):
    entered = enter(client, sign_in(client, "dealer"), table, "r1")
    settings = app.extensions["breakpoker"]["settings"]
    with unit_of_work(sessions(app)) as session, pytest.raises(StrategyTableMissing):
        expect_round(session, entered["id"], settings.instance)
    monkeypatch.setattr(workers.jobs, "_sessions", lambda: sessions(app))
    monkeypatch.setattr(workers.jobs.Settings, "from_environment", lambda: settings)
    assert settings.strategy_tables is StrategyTables.MANUAL
    assert workers.jobs.expect_round(entered["id"]) is False
    assert rows(app, SeatExpectedValue) == rows(app, RoundExpectedValue) == []
    status = client.get("/api/v1/ops/jobs", headers=sign_in(client, "admin")).json
    assert status["undone"]["unvalued_rounds"] == 1  # the operator sees it waits
    with sessions(app)() as session:
        # The sweep leaves it alone until the table is built.
        assert undone(session, settings.instance).rounds_without_values == []
        assert undone(session, settings.instance, tables_built_by_workers=True).rounds_without_values == [
            entered["id"]
        ]


def test_without_the_block_the_workers_build_the_table_and_retry(app, client, table, monkeypatch):
    entered = enter(client, sign_in(client, "dealer"), table, "r1")
    settings = replace(app.extensions["breakpoker"]["settings"], strategy_tables=StrategyTables.BUILD)
    monkeypatch.setattr(workers.jobs, "_sessions", lambda: sessions(app))
    monkeypatch.setattr(workers.jobs.Settings, "from_environment", lambda: settings)

    def par_sheet_rows():
        with sessions(app)() as session:
            waiting = select(OutboxEntry.ref).where(
                OutboxEntry.job == JobKind.PAR_SHEET, OutboxEntry.dispatched_at.is_(None)
            )
            return session.scalars(waiting).all()

    with unit_of_work(sessions(app)) as session:
        # The table's own par sheet job went out when it was made, moments
        # ago: it may be building the table still, so it is not asked again.
        session.execute(update(OutboxEntry).values(dispatched_at=utc_now()))
        config_id = session.get(RoundRecord, entered["id"]).config_id
    with pytest.raises(StrategyTableMissing):
        workers.jobs.expect_round(entered["id"])
    assert par_sheet_rows() == []
    with unit_of_work(sessions(app)) as session:
        # An hour on, that build is over and the block still missing.
        long_ago = utc_now() - timedelta(hours=1)
        session.execute(update(OutboxEntry).values(dispatched_at=long_ago, created_at=long_ago))
    with pytest.raises(StrategyTableMissing):  # RQ retries it on its schedule
        workers.jobs.expect_round(entered["id"])
    assert par_sheet_rows() == [config_id]  # its job builds the table
    waiting = len(par_sheet_rows())
    with pytest.raises(StrategyTableMissing):  # a retry: the par sheet job is queued already
        workers.jobs.expect_round(entered["id"])
    assert len(par_sheet_rows()) == waiting
    assert rows(app, SeatExpectedValue) == []
    with sessions(app)() as session:
        assert session.scalar(select(func.count()).select_from(RoundExpectedValue)) == 0


def test_a_real_worker_values_the_rounds_it_is_sent(app_with_par_sheet, redis_settings):
    """Through the outbox and RQ, by the name FUNCTIONS gives the job."""
    strategy_blocks(redis_settings.instance, SEATS.values())
    client = app_with_par_sheet.test_client()
    admin = sign_in(client, "admin")
    table = client.post("/api/v1/tables", json={"name": "BP-1"}, headers=admin).json
    entered = [enter(client, sign_in(client, "dealer"), table, name)["id"] for name in ("r1", "r2")]
    run_burst(redis_settings)
    for round_id in entered:
        check_against_advise(app_with_par_sheet, round_id, redis_settings.instance)


def test_the_sweep_sends_again_a_job_redis_lost(app_with_par_sheet, redis_settings):
    """The outbox row went out, Redis came back empty: when the workers build
    the tables the sweep sends the job again; when the CLI does, only once
    the qualifier's table is complete (here it is not)."""
    client = app_with_par_sheet.test_client()
    table = client.post("/api/v1/tables", json={"name": "BP-1"}, headers=sign_in(client, "admin")).json
    round_id = enter(client, sign_in(client, "dealer"), table, "r1")["id"]
    connection = connect(redis_settings.redis)
    while dispatch(sessions(app_with_par_sheet), connection):
        pass
    connection.flushall()
    manual = reconcile(sessions(app_with_par_sheet), connection, redis_settings.instance, timedelta(0))
    assert status_of(connection, JobKind.EXPECTED_VALUES, round_id) is None
    assert manual >= 1  # the round's seal and totals went again
    reconcile(
        sessions(app_with_par_sheet),
        connection,
        redis_settings.instance,
        timedelta(0),
        strategy_tables=StrategyTables.BUILD,
    )
    assert status_of(connection, JobKind.EXPECTED_VALUES, round_id) == "queued"


def test_a_batch_stores_what_one_job_a_round_stores(app, client, table, instance, monkeypatch):
    dealer = sign_in(client, "dealer")
    ids = [enter(client, dealer, table, f"b{n}")["id"] for n in range(3)]
    monkeypatch.setattr(workers.jobs, "_sessions", lambda: sessions(app))
    monkeypatch.setattr(
        workers.jobs.Settings, "from_environment", lambda: app.extensions["breakpoker"]["settings"]
    )
    assert workers.jobs.expect_round(ids[0]) is True
    assert workers.jobs.expect_rounds(ids + ids) == 2  # the first stored before
    for round_id in ids:
        check_against_advise(app, round_id, instance)
    assert workers.jobs.expect_rounds(ids) == 0


def test_a_batch_without_the_block_waits_or_queues_the_build(app, client, table, monkeypatch):
    dealer = sign_in(client, "dealer")
    ids = [enter(client, dealer, table, f"w{n}")["id"] for n in range(2)]
    settings = app.extensions["breakpoker"]["settings"]
    monkeypatch.setattr(workers.jobs, "_sessions", lambda: sessions(app))
    monkeypatch.setattr(workers.jobs.Settings, "from_environment", lambda: settings)
    assert workers.jobs.expect_rounds(ids) == 0  # left to the CLI: the rounds wait
    building = replace(settings, strategy_tables=StrategyTables.BUILD)
    monkeypatch.setattr(workers.jobs.Settings, "from_environment", lambda: building)
    with unit_of_work(sessions(app)) as session:
        long_ago = utc_now() - timedelta(hours=1)  # the table's own build is long over
        session.execute(update(OutboxEntry).values(dispatched_at=long_ago, created_at=long_ago))
        config_id = session.get(RoundRecord, ids[0]).config_id
    with pytest.raises(StrategyTableMissing):  # RQ retries the batch on its schedule
        workers.jobs.expect_rounds(ids)
    with sessions(app)() as session:
        waiting = select(OutboxEntry.ref).where(
            OutboxEntry.job == JobKind.PAR_SHEET, OutboxEntry.dispatched_at.is_(None)
        )
        assert session.scalars(waiting).all() == [config_id]
    assert rows(app, RoundExpectedValue) == []


def test_a_batch_with_a_block_not_built_stores_the_rounds_it_can(app, client, table, instance, monkeypatch):
    """A batch is one transaction; a round whose block is missing from a
    table partly built sends it round by round, so the others are stored."""
    unbuilt = ["5h", "5d", "5s", "5c", "6h", "6d", "6c"]
    assert block_number(unbuilt) not in {block_number(cards) for cards in SEATS.values()}
    dealer = sign_in(client, "dealer")
    body = round_body("x")
    body["seats"][0]["cards"] = unbuilt
    odd = client.post(
        f"/api/v1/tables/{table['id']}/rounds", json=body, headers={**dealer, "Idempotency-Key": "odd"}
    ).json["id"]
    ids = [enter(client, dealer, table, "a")["id"], odd, enter(client, dealer, table, "b")["id"]]
    monkeypatch.setattr(workers.jobs, "_sessions", lambda: sessions(app))
    monkeypatch.setattr(
        workers.jobs.Settings, "from_environment", lambda: app.extensions["breakpoker"]["settings"]
    )
    assert workers.jobs.expect_rounds(ids) == 2  # tables left to the CLI: the odd round waits
    with sessions(app)() as session:
        valued = set(session.scalars(select(RoundExpectedValue.round_id)))
    assert valued == {ids[0], ids[2]}
    for round_id in (ids[0], ids[2]):
        check_against_advise(app, round_id, instance)
