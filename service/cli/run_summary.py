"""What ``breakpoker run`` prints once the API answers: the addresses, the
first admin's password and the next commands, in a block of its own after
the start-up logs, where nobody can miss it."""

from __future__ import annotations

import json
import os
import socket
import sys
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import click
from redis.exceptions import RedisError
from rq import Worker

from service.config.redis_server import connect

RULE = "=" * 78
ANY_ADDRESS = {"0.0.0.0", "::", ""}


@dataclass(frozen=True)
class Summary:
    host: str
    port: int
    admin_password: str | None  # None: an admin existed already
    admins: tuple[str, ...]  # the active admins' names
    redis_url: str
    workers: int  # RQ workers started: the block waits for them to sign on

    @property
    def base(self) -> str:
        host = socket.gethostname() if self.host in ANY_ADDRESS else self.host
        return f"http://{host}:{self.port}"

    def is_ready(self) -> bool:
        """The API answers /readyz with ready (migrated, database up) and
        every worker has signed on to Redis: their start-up lines are out."""
        return self._api_ready() and self._workers_up()

    def _api_ready(self) -> bool:
        probe = "127.0.0.1" if self.host in ANY_ADDRESS else self.host
        try:
            with urllib.request.urlopen(f"http://{probe}:{self.port}/readyz", timeout=1) as answer:
                return bool(json.loads(answer.read())["status"] == "ready")
        except (OSError, ValueError, KeyError):
            return False

    def _workers_up(self) -> bool:
        try:
            return Worker.count(connection=connect(self.redis_url, timeout=1)) >= self.workers
        except (RedisError, OSError):
            return False

    def lines(self, ready: bool = True) -> list[str]:
        command = breakpoker_command()
        head = "BREAK POKER IS RUNNING" if ready else "BREAK POKER IS STARTING (the API does not answer yet)"
        lines = [
            RULE,
            f"  {head}",
            f"  Dealer tablet:  {self.base}/dealer",
            f"  Pit boss:       {self.base}/pit        Compliance: {self.base}/compliance",
            f"  API and docs:   {self.base}/api/v1/docs",
            "",
        ]
        lines += self._admin_lines(command)
        lines += [
            "",
            "  Next, in another terminal in this folder (README.md, First steps):",
            f"    1. {command} users create dealer1 --role dealer",
            f"    2. {command} users create pitboss1 --role pit_boss",
            f"    3. {command} tables create BP-1",
            f"    4. Open BP-1 at {self.base}/pit as pitboss1: Tables, the tray",
            "       counted, dealer1 signs too, Open the table.",
            f"    5. Sign in at {self.base}/dealer as dealer1, pick BP-1, deal.",
            "  Ctrl-C stops everything.",
            RULE,
        ]
        return lines

    def _admin_lines(self, command: str) -> list[str]:
        """The first admin's password when this run made it; else the
        admins there are (made by an earlier run or by ``users create``),
        whose passwords this run never knew."""
        if self.admin_password is not None:
            return [
                f"  First admin:    name  admin    password  {self.admin_password}",
                "                  (shown only this once; write it down)",
                f"  New password:   {command} users set-password admin",
            ]
        names = ", ".join(self.admins) or "none active"
        if len(self.admins) > 1:
            named = f"  Admins:         {names} (made before this run; their passwords are not shown)"
        else:
            named = f"  Admin:          {names} (made before this run; its password is not shown)"
        whom = self.admins[0] if len(self.admins) == 1 else "NAME"
        return [named, f"  New password:   {command} users set-password {whom}"]

    def print(self, ready: bool = True) -> None:
        click.echo("")
        for line in self.lines(ready):
            click.secho(line, bold=line.startswith(("  BREAK", "  First admin")))
        sys.stdout.flush()


def breakpoker_command() -> str:
    """The ``breakpoker`` script beside this Python (``.venv/bin/breakpoker``
    after ``make run``), as the user can type it from here."""
    script = Path(sys.executable).with_name("breakpoker")
    if not script.exists():
        return "breakpoker"
    try:
        relative = script.relative_to(Path.cwd())
    except ValueError:
        return str(script)
    return str(relative) if os.sep in str(relative) else f".{os.sep}{relative}"
