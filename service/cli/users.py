"""``breakpoker users``: accounts for the floor; the same use cases as the
API's ``/users`` (``service.accounts.user_admin``). The console is nobody's
account: its changes are recorded with no actor, as ``create`` always was."""

from __future__ import annotations

import sys

import click

from service.accounts.auth import create_user, ensure_admin
from service.accounts.passwords import reset_password, set_password
from service.accounts.roles import Role, set_role
from service.accounts.user_admin import deactivate, find_user, list_users, reactivate
from service.cli.changes import changing_records
from service.store.db import utc_now
from service.store.models import User

#: by value: click would show and match a StrEnum by its member names (DEALER)
ROLE = click.Choice([role.value for role in Role])


@click.group("users")
def users() -> None:
    """Users and their roles."""


@users.command("create")
@click.argument("name")
@click.option("--role", type=ROLE, required=True)
@click.option("--password-stdin", is_flag=True, help="Read the password from standard input.")
def create(name: str, role: str, password_stdin: bool) -> None:
    """Create a user NAME with a role; the password is asked for."""
    password = _read_password(password_stdin)
    with changing_records() as db:
        user = create_user(db, name, role, password)
        click.echo(f"created {user.role} {user.name!r} (id {user.id})")


def _read_password(from_stdin: bool) -> str:
    if from_stdin:
        return sys.stdin.readline().rstrip("\r\n")
    return str(click.prompt("Password", hide_input=True, confirmation_prompt=True))


@users.command("set-password")
@click.argument("name")
@click.option("--password-stdin", is_flag=True, help="Read the new password from standard input.")
def set_password_command(name: str, password_stdin: bool) -> None:
    """Give user NAME a new password (asked for): signs NAME out everywhere
    and lifts its sign-in locks."""
    password = _read_password(password_stdin)
    with changing_records() as db:
        done = set_password(db, name, password)
        click.echo(
            f"new password set for {done.user.role} {done.user.name!r}; "
            f"{done.tokens_revoked} sign-in(s) revoked, {done.locks_lifted} lock(s) lifted"
        )


@users.command("ensure-admin")
def ensure_admin_command() -> None:
    """Create the first admin (name 'admin') unless an admin exists; print its password once."""
    with changing_records() as db:
        password = ensure_admin(db)
    if password is None:
        click.echo("An admin exists. More users: breakpoker users create NAME --role ROLE")
    else:
        click.echo(f"Created the first admin: name 'admin', password {password}")
        click.echo("It is shown only this once. More users: breakpoker users create NAME --role ROLE")


@users.command("set-role")
@click.argument("name")
@click.argument("role", type=ROLE)
def set_role_command(name: str, role: str) -> None:
    """Give user NAME the role ROLE (recorded as role_changed, before and after)."""
    with changing_records() as db:
        user, before = set_role(db, name, role)
        if before == role:
            click.echo(f"{user.name!r} is already {role}; nothing changed")
        else:
            click.echo(f"{user.name!r} is now {role} (was {before})")


@users.command("list")
def list_command() -> None:
    """Every user by name: role, whether active, whether a new password is due."""
    with changing_records() as db:
        found = list_users(db)
        if not found:
            click.echo("no users yet: breakpoker users ensure-admin")
        for user in found:
            click.echo(_line(user))


def _line(user: User) -> str:
    signed_in = user.last_sign_in_at.isoformat(timespec="seconds") if user.last_sign_in_at else "never"
    marks = [] if user.active else ["deactivated"]
    if user.must_change_password:
        marks.append("must change password")
    shown = f"  ({', '.join(marks)})" if marks else ""
    return f"{user.id:4}  {user.name}  {user.role}  last sign-in {signed_in}{shown}"


@users.command("deactivate")
@click.argument("name")
def deactivate_command(name: str) -> None:
    """Deactivate user NAME: every token of theirs refused at once, no sign-in until reactivated."""
    with changing_records() as db:
        user = deactivate(db, find_user(db, name).id, None, utc_now())
        click.echo(f"{user.name!r} is deactivated")


@users.command("reactivate")
@click.argument("name")
def reactivate_command(name: str) -> None:
    """Let deactivated user NAME sign in again with the password they had."""
    with changing_records() as db:
        user = reactivate(db, find_user(db, name).id, None, utc_now())
        click.echo(f"{user.name!r} is active")


@users.command("reset-password")
@click.argument("name")
def reset_password_command(name: str) -> None:
    """Give user NAME a generated password, printed once, to be replaced at
    the next sign-in; signs NAME out everywhere and lifts its locks."""
    with changing_records() as db:
        done = reset_password(db, find_user(db, name).id, None, utc_now())
    click.echo(f"temporary password for {done.user.name!r}: {done.temporary_password}")
    click.echo(f"It is shown only this once; {done.tokens_revoked} sign-in(s) revoked.")
