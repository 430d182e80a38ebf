"""The accounting tests run as a casino floor does: a table takes rounds
only while a session is open."""

from __future__ import annotations

from dataclasses import replace

import pytest

from service.config.environment import SessionlessRounds


@pytest.fixture
def settings(settings):
    return replace(settings, rounds_without_session=SessionlessRounds.REFUSE)
