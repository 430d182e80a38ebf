"""The block ``breakpoker run`` prints names the admins that exist, with a
password only when the run made one."""

from __future__ import annotations

from service.cli.run_summary import Summary


def block(password: str | None = "generated-once", admins: tuple[str, ...] = ("admin",)) -> list[str]:
    summary = Summary("127.0.0.1", 8000, password, admins, "unix:///nowhere", 2)
    return summary.lines()


def test_a_first_admin_made_by_this_run_is_named_with_its_password():
    text = "\n".join(block())
    assert "First admin:    name  admin    password  generated-once" in text
    assert "users set-password admin" in text


def test_admins_made_before_are_named_and_no_password_is_shown():
    text = "\n".join(block(None, ("boss",)))
    assert "  Admin:          boss (made before this run; its password is not shown)" in text
    assert "users set-password boss" in text
    assert "password  " not in text
    assert "admin " not in text.lower().replace("admin:", "")
    two = "\n".join(block(None, ("boss", "chief")))
    assert "  Admins:         boss, chief (made before this run; their passwords are not shown)" in two
    assert "users set-password NAME" in two
