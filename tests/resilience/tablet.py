"""A dealer tablet as the resilience tests need one: it sends a round with
its idempotency key and, as the page does, sends the same round again after
no answer or a 5xx, until the service settles it."""

from __future__ import annotations

import http.client
import random
import time
from collections import Counter
from typing import Any

from service.rounds.samples import random_round
from tests.resilience.stack import Stack


class Tablet:
    def __init__(self, stack: Stack, headers: dict[str, str], table_id: int, seed: int = 1) -> None:
        self.stack = stack
        self.headers = headers
        self.table_id = table_id
        self.rng = random.Random(seed)
        self.seen: Counter[str] = Counter()  # what the attempts got: 201, 200, 503, no answer…
        self.settled: dict[str, dict[str, Any]] = {}  # round_id -> the round the API answered with

    def new_round(self, round_id: str) -> dict[str, Any]:
        return random_round(self.rng, round_id)

    def submit(self, body: dict[str, Any], patience: float = 60) -> dict[str, Any]:
        """Send until settled (201, or 200 for a replay); the stored round."""
        key = str(body["round_id"])
        headers = {**self.headers, "Idempotency-Key": key}
        deadline = time.monotonic() + patience
        while True:
            try:
                status, answer = self.stack.request(
                    "POST", f"/api/v1/tables/{self.table_id}/rounds", body, headers, timeout=10
                )
            except (OSError, http.client.HTTPException) as error:
                # A worker killed while it wrote the answer cuts the body short
                # (IncompleteRead): no answer, like a dropped connection.
                self.seen[f"no answer ({type(error).__name__})"] += 1
            else:
                self.seen[str(status)] += 1
                if status in (200, 201):
                    self.settled[key] = answer
                    return dict(answer)
                if status < 500:
                    raise AssertionError(f"round {key} refused: {status} {answer}")
                if status == 503:
                    assert answer["code"] == "database_unavailable", answer
            if time.monotonic() > deadline:
                raise AssertionError(f"round {key} was not settled in {patience} s: {dict(self.seen)}")
            time.sleep(0.2)
