"""Faults while rounds stream in, each a test that fails if anything is lost
or duplicated: Redis killed, workers killed mid-job, the API killed
mid-request, the database unreachable, and two tablets racing one round."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy.engine import make_url

from service.accounts.auth import create_user
from service.store.migrate import upgrade
from service.store.work import unit_of_work
from tests.postgres import scratch_database
from tests.resilience.checks import check_background, check_rounds
from tests.resilience.conftest import DEALER_PASSWORD
from tests.resilience.proxy import Proxy
from tests.resilience.stack import Stack
from tests.resilience.tablet import Tablet

pytestmark = pytest.mark.resilience

ROUNDS = 30


def test_redis_killed_and_restarted_during_a_stream_of_rounds(stack: Stack, tablet: Tablet) -> None:
    killed: list[int] = []

    def kill_redis() -> None:
        server = stack.redis(other_than=killed)
        server.kill()
        killed.append(server.pid)

    for number in range(ROUNDS):
        if number == 8:
            kill_redis()
        if number == 20:
            # Again with work queued since, and once more the moment `run`
            # has started the new one, before it answers.
            kill_redis()
            kill_redis()
        tablet.submit(tablet.new_round(f"redis-{number}"))
    assert stack.redis(other_than=killed).pid not in killed  # `run` started it again
    assert set(tablet.seen) == {"201"}  # the API never needed Redis to settle
    check_rounds(stack, tablet.settled)
    counts = check_background(stack)
    assert counts["rounds"] == ROUNDS


def test_workers_killed_mid_job(stack: Stack, tablet: Tablet) -> None:
    for number in range(ROUNDS):
        tablet.submit(tablet.new_round(f"worker-{number}"))
        if number % 10 == 9:
            # Every worker and its work-horse, while the last rounds' jobs run.
            for process in stack.rq_workers():
                for horse in process.children(recursive=True):
                    horse.kill()
                process.kill()
    check_rounds(stack, tablet.settled)
    counts = check_background(stack)
    assert counts["rounds"] == ROUNDS


@pytest.mark.store
def test_the_api_killed_mid_request(stack: Stack, tablet: Tablet) -> None:
    for number in range(ROUNDS):
        body = tablet.new_round(f"api-{number}")
        if number % 3 == 1:
            # Kill every API worker a moment after the round is sent: the
            # request dies part way (or just before or after its commit).
            delay = 0.001 + 0.003 * (number % 4)
            threading.Timer(delay, _kill_all, args=(stack,)).start()
        tablet.submit(body)
    assert any(seen.startswith("no answer") for seen in tablet.seen), tablet.seen
    check_rounds(stack, tablet.settled)
    counts = check_background(stack)
    assert counts["rounds"] == ROUNDS


def _kill_all(stack: Stack) -> None:
    for worker in stack.api_workers():
        worker.kill()


@pytest.fixture
def behind_a_proxy(tmp_path: Any) -> Iterator[tuple[Stack, Proxy, Tablet]]:
    """The stack on PostgreSQL reached through a proxy the test can cut."""
    with scratch_database() as url:
        upgrade(url)
        real = make_url(url)
        proxy = Proxy(real.host or "127.0.0.1", real.port or 5432)
        proxy.start()
        through = real.set(host="127.0.0.1", port=proxy.port).render_as_string(hide_password=False)
        stack = Stack(tmp_path / "instance", through)
        with unit_of_work(stack.databases) as db:
            create_user(db, "dealer", "dealer", DEALER_PASSWORD)
        password = stack.start()
        try:
            admin_headers = stack.token("admin", password)
            status, table = stack.request("POST", "/api/v1/tables", {"name": "BP-DB"}, admin_headers)
            assert status == 201, table
            yield stack, proxy, Tablet(stack, stack.token("dealer", DEALER_PASSWORD), table["id"])
        finally:
            stack.stop()
            proxy.stop()


def test_the_database_unreachable(behind_a_proxy: tuple[Stack, Proxy, Tablet]) -> None:
    stack, proxy, tablet = behind_a_proxy
    for number in range(5):
        tablet.submit(tablet.new_round(f"before-{number}"))
    before = stack.counts()
    proxy.cut()
    refused = tablet.new_round("during-0")
    status, answer = stack.request(
        "POST",
        f"/api/v1/tables/{tablet.table_id}/rounds",
        refused,
        {**tablet.headers, "Idempotency-Key": "during-0"},
    )
    assert status == 503, answer
    assert answer["code"] == "database_unavailable"
    assert "send it again with the same Idempotency-Key" in answer["message"]
    assert stack.get("/readyz")[0] == 503
    assert stack.get("/healthz")[0] == 200  # alive: the process is fine, its database is not
    # The tablet keeps trying; the database comes back while it does.
    waiting = [tablet.new_round(f"during-{number}") for number in range(1, 4)]
    threading.Timer(3.0, proxy.restore).start()
    for body in waiting:
        tablet.submit(body, patience=60)
    assert tablet.seen["503"] >= 2
    # The round refused with a 503 was not stored; sent again, it settles once.
    assert "during-0" not in tablet.settled
    tablet.submit(refused)
    for number in range(5):
        tablet.submit(tablet.new_round(f"after-{number}"))
    assert stack.get("/readyz")[0] == 200  # recovered by itself, nothing restarted
    check_rounds(stack, tablet.settled)
    counts = check_background(stack)
    assert counts["rounds"] == before["rounds"] + 4 + 5


@pytest.mark.store
def test_two_tablets_submit_the_same_round_at_once(stack: Stack, tablet: Tablet) -> None:
    for number in range(6):
        body = tablet.new_round(f"race-{number}")
        same_key = number % 2 == 0  # a retry racing the original, or two tablets with their own keys
        keys = ["k-" + body["round_id"]] * 2 if same_key else [f"a-{number}", f"b-{number}"]
        answers: list[tuple[int, Any]] = []
        start = threading.Barrier(2)

        def send(
            key: str, body: dict[str, Any] = body, start: threading.Barrier = start, answers: list = answers
        ) -> None:
            start.wait()
            answers.append(
                stack.request(
                    "POST",
                    f"/api/v1/tables/{tablet.table_id}/rounds",
                    body,
                    {**tablet.headers, "Idempotency-Key": key},
                )
            )

        threads = [threading.Thread(target=send, args=(key,)) for key in keys]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        statuses = sorted(status for status, _ in answers)
        if same_key:
            assert statuses == [200, 201], answers  # one settles, the other is its replay
            assert answers[0][1]["id"] == answers[1][1]["id"]
        else:
            assert statuses == [201, 409], answers
            assert next(a for s, a in answers if s == 409)["code"] == "round_exists"
        tablet.settled[body["round_id"]] = next(a for s, a in answers if s == 201)
    check_rounds(stack, tablet.settled)
    check_background(stack)
