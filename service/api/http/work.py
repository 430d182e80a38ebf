"""A request's unit of work (:class:`service.store.work.Work`): its database
handle, the settings and the clock, opened at the first use and closed
(rolled back unless a view committed) when the request ends."""

from __future__ import annotations

from datetime import datetime

from flask import Flask, current_app, g

from service.config.environment import SessionlessRounds
from service.config.settings import Settings
from service.store.db import Db
from service.store.work import Work


def work() -> Work[Settings]:
    if "work" not in g:
        bound = current_app.extensions["breakpoker"]
        g.work = Work(bound["databases"](), bound["settings"], bound["clock"])
    opened: Work[Settings] = g.work
    return opened


def db() -> Db:
    return work().db


def settings() -> Settings:
    return work().settings


def sessionless() -> bool:
    """Whether tables with no open session take rounds (the settings say)."""
    return settings().rounds_without_session == SessionlessRounds.ALLOW


def now() -> datetime:
    """The time by the app's clock (tests move it instead of sleeping)."""
    return work().now()


def register_work(app: Flask) -> None:
    @app.teardown_appcontext
    def close(_error: BaseException | None) -> None:
        opened: Work[Settings] | None = g.pop("work", None)
        if opened is not None:
            opened.close()
