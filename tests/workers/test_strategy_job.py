"""The par sheet job also builds its qualifier's strategy table, unless
that is left to the CLI (``BREAKPOKER_STRATEGY_TABLES=manual``).

The table is a minute to build, so the instance starts with every block
but the last stored (tiny stand-ins) and the optimal sheet cached: a real
worker then has one real block to build, which is what is checked."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from service.analysis.optimal_sheet import sheet_file
from service.analysis.strategy_table import BLOCK, BLOCKS, block_file, load_block, store_block, table_folder
from service.engine.qualifier import DEFAULT_QUALIFIER
from tests.analysis.test_strategy_table import _fake_block
from tests.support.app import sign_in
from tests.support.background import databases_of, run_burst
from workers.outbox import dispatch

FIXTURE = Path(__file__).resolve().parent.parent / "analysis" / "fixtures" / "optimal_K-3-2.json"
LAST = BLOCKS - 1


@pytest.fixture
def almost_built(redis_settings) -> Path:
    folder = table_folder(DEFAULT_QUALIFIER, redis_settings.instance)
    for number in range(LAST):
        store_block(_fake_block(number, DEFAULT_QUALIFIER), folder)
    shutil.copyfile(FIXTURE, sheet_file(folder))
    return folder


def new_table_job(bg_app, redis_settings) -> None:
    from service.config.redis_server import connect

    client = bg_app.test_client()
    client.post("/api/v1/tables", json={"name": "BP-S"}, headers=sign_in(client, "admin"))
    connection = connect(redis_settings.redis)
    while dispatch(databases_of(bg_app), connection):
        pass


def test_the_job_builds_the_blocks_missing(bg_app, redis_settings, almost_built):
    new_table_job(bg_app, redis_settings)
    run_burst(redis_settings, BREAKPOKER_STRATEGY_TABLES="build")
    built = load_block(block_file(almost_built, LAST))
    assert built is not None
    assert built.first == LAST * BLOCK
    assert len(built) == 67_600 - LAST * BLOCK
    assert (built.won + built.lost <= 53_524_680).all()
    assert (built.best >= 0).all()


def test_left_to_the_cli_the_job_builds_none(bg_app, redis_settings, almost_built):
    new_table_job(bg_app, redis_settings)
    run_burst(redis_settings, BREAKPOKER_STRATEGY_TABLES="manual")
    assert not block_file(almost_built, LAST).exists()
