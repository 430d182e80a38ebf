"""One database session per request, rolled back unless a view commits."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from flask import Flask, current_app, g
from sqlalchemy.orm import Session, sessionmaker

from service.config.environment import SessionlessRounds
from service.config.settings import Settings


def db() -> Session:
    if "db" not in g:
        sessions: sessionmaker[Session] = current_app.extensions["breakpoker"]["sessions"]
        g.db = sessions()
    session: Session = g.db
    return session


def settings() -> Settings:
    found: Settings = current_app.extensions["breakpoker"]["settings"]
    return found


def sessionless() -> bool:
    """Whether tables with no open session take rounds (the settings say)."""
    return settings().rounds_without_session == SessionlessRounds.ALLOW


def now() -> datetime:
    """The time by the app's clock (tests move it instead of sleeping)."""
    clock: Callable[[], datetime] = current_app.extensions["breakpoker"]["clock"]
    return clock()


def register_session(app: Flask) -> None:
    @app.teardown_appcontext
    def close(_error: BaseException | None) -> None:
        session = g.pop("db", None)
        if session is not None:
            session.rollback()  # a no-op after a commit
            session.close()
