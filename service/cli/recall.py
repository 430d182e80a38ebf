"""``breakpoker recall``: a stored round as entered and settled, and proof
that it re-settles to exactly what was stored."""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from typing import Any

import click
from sqlalchemy import func, select

from service.config.settings import Settings
from service.rounds.resettle import Verdict, stored_rounds
from service.rounds.resettle import verify as verify_round
from service.rounds.sealed import Mismatch
from service.rounds.showing import RoundShownJson, round_json
from service.store.db import Db, database_factory, make_engine
from service.store.models import GameTable, RoundRecord

LISTED = 1_000  # mismatching rounds named in a --verify-all JSON summary


@click.command("recall")
@click.argument("round_id", type=click.IntRange(min=1), required=False)
@click.option(
    "--verify",
    is_flag=True,
    help="Re-settle the round and compare it with what was stored and with its sealed event.",
)
@click.option("--verify-all", is_flag=True, help="Re-settle every stored round (of --table) and compare.")
@click.option(
    "--table", "table_id", type=click.IntRange(min=1), help="With --verify-all: one table's rounds."
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def recall(round_id: int | None, verify: bool, verify_all: bool, table_id: int | None, as_json: bool) -> None:
    """Show stored round ROUND_ID (the id the API gives it): cards, settings
    as entered and as settled, bets, outcomes, nets, who and when. With
    --verify, re-settle it from its stored cards, settings and configuration
    version, and compare its money, digest and placement with its sealed
    round_settled event; exit status 1 when anything differs."""
    if verify_all == (round_id is not None):
        raise click.UsageError("name a ROUND_ID, or give --verify-all")
    if table_id is not None and not verify_all:
        raise click.UsageError("--table goes with --verify-all")
    engine = make_engine(Settings.from_environment().database)
    try:
        with database_factory(engine)() as db:
            if round_id is not None:
                equal = _one(db, round_id, verify, as_json)
            else:
                equal = _all(db, table_id, as_json)
    finally:
        engine.dispose()
    if not equal:
        raise SystemExit(1)


def _one(db: Db, round_id: int, verify: bool, as_json: bool) -> bool:
    record = db.get(RoundRecord, round_id)
    if record is None:
        raise click.ClickException(f"no stored round with id {round_id}")
    shown, unreadable = _shown(record)
    if shown is None and not verify:
        raise click.ClickException(unreadable)
    verdict = verify_round(db, record) if verify else Verdict([], [])
    mismatches = verdict.mismatches
    if as_json:
        document: dict[str, Any] = {"round": shown}
        if shown is None:
            document["error"] = unreadable
        if verify:
            document["verify"] = {
                "equal": not mismatches,
                "mismatches": [m.to_json() for m in mismatches],
                "unchecked": verdict.unchecked,
            }
        click.echo(json.dumps(document, indent=1, ensure_ascii=False))
    elif shown is None:
        click.secho(unreadable, fg="red", bold=True, err=True)
        _verdict(record, record.config.version, verdict)
    else:
        table = db.get(GameTable, record.table_id)
        _show(shown, table.name if table is not None else "?")
        if verify:
            _verdict(record, shown["config_version"], verdict)
    return not mismatches and shown is not None


def _shown(record: RoundRecord) -> tuple[RoundShownJson | None, str]:
    """The round as the API shows it; None, and why, when its stored
    reference was rewritten as text that is not JSON (a verification
    names it: it no longer matches its sealed event)."""
    try:
        return round_json(record), ""
    except ValueError:
        return None, f"round {record.id}: its stored round_ref is not JSON: {record.round_ref!r}"


def _show(game: RoundShownJson, table: str) -> None:
    click.echo(
        f"round {game['id']}: round_id {json.dumps(game['round_id'], ensure_ascii=False)} at table "
        f"{table} (id {game['table_id']}), revision {game['revision']}, {game['status']}"
    )
    offset = game["utc_offset_minutes"]
    click.echo(
        f"  config version {game['config_version']}; entered by {game['entered_by']} at "
        f"{game['entered_at']} (UTC{offset // 60:+03d}:{abs(offset) % 60:02d}); "
        f"gaming day {game['gaming_day']}, shift {game['shift']}"
    )
    dealer = game["dealer"]
    qualifies = "qualifies" if dealer["qualifies"] else "does not qualify"
    lucky = ", Lucky Break" if dealer["lucky_break"] else ""
    cards = " ".join(dealer["cards"])
    click.echo(f"  dealer  {cards}  set {_hand(dealer)} (rule {dealer['rule']}), {qualifies}{lucky}")
    for seat in game["seats"]:
        entered = seat["setting_entered"]
        entered_text = entered if isinstance(entered, str) else _hand(entered)
        fouled = ", FOULED" if seat["fouled"] else ""
        click.echo(
            f"  seat {seat['seat']}  {' '.join(seat['cards'])}  entered {entered_text}, settled "
            f"{_hand(seat)} (house way rule {seat['house_way']['rule']}){fouled}"
        )
        stakes = seat["bets"]
        results = (
            ("main", stakes["main"], seat["main"]),
            ("dealer_break_bonus", stakes["dealer_break_bonus"], seat["dealer_break_bonus"]),
            ("break_bonus", stakes["break_bonus"], seat["break_bonus"]),
        )
        bets = [f"{bet} {stake} {result['outcome']} {result['net']:+d}" for bet, stake, result in results]
        click.echo(f"          {' | '.join(bets)}")
    click.echo(f"  house net {game['house_net']:+d}")


def _hand(setting: Mapping[str, Any]) -> str:
    return f"{' '.join(setting['low'])} / {' '.join(setting['high'])}"


def _verdict(record: RoundRecord, version: int, verdict: Verdict) -> None:
    mismatches = verdict.mismatches
    for note in verdict.unchecked:
        click.secho(f"NOT CHECKED: {note}", fg="yellow")
    if not mismatches:
        click.echo(f"verified: re-settled under config version {version}, equal to what was stored")
        return
    click.secho(
        f"MISMATCH: round {record.id} does not re-settle to what was stored "
        f"({len(mismatches)} field(s) differ):",
        fg="red",
        bold=True,
    )
    for m in mismatches:
        click.secho(f"  {m.field}: stored {_value(m.stored)}, {m.against} {_value(m.resettled)}", fg="red")


def _value(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _all(db: Db, table_id: int | None, as_json: bool) -> bool:
    """Re-settle every stored round, a page at a time; a progress bar on
    standard error, each mismatching round on standard output."""
    count = select(func.count()).select_from(RoundRecord)
    if table_id is not None:
        count = count.where(RoundRecord.table_id == table_id)
    total = db.scalar(count) or 0
    checked = 0
    failed: list[dict[str, Any]] = []
    failures = 0
    unchecked = 0
    with click.progressbar(length=total, label="re-settling", file=sys.stderr) as progress:
        for record in stored_rounds(db, table_id):
            verdict = verify_round(db, record)
            mismatches = verdict.mismatches
            checked += 1
            unchecked += bool(verdict.unchecked)
            progress.update(1)
            if not mismatches:
                continue
            failures += 1
            if not as_json:
                click.secho(_mismatch_line(record, mismatches), fg="red")
            elif len(failed) < LISTED:
                failed.append(
                    {
                        "id": record.id,
                        "table_id": record.table_id,
                        "mismatches": [m.to_json() for m in mismatches],
                    }
                )
    if as_json:
        summary = {
            "checked": checked,
            "mismatched": failures,
            "placement_unchecked": unchecked,
            "table_id": table_id,
            "rounds": failed,
        }
        click.echo(json.dumps(summary, indent=1, ensure_ascii=False))
    else:
        _print_totals(checked, failures, unchecked, table_id)
    return failures == 0


def _mismatch_line(record: RoundRecord, mismatches: list[Mismatch]) -> str:
    """A mismatching round, with its first three differences."""
    named = "; ".join(
        f"{m.field} stored {_value(m.stored)} {m.against} {_value(m.resettled)}" for m in mismatches[:3]
    )
    more = f" (and {len(mismatches) - 3} more)" if len(mismatches) > 3 else ""
    return f"MISMATCH round {record.id} (table {record.table_id}): {named}{more}"


def _print_totals(checked: int, failures: int, unchecked: int, table_id: int | None) -> None:
    scope = f" of table {table_id}" if table_id is not None else ""
    if unchecked:
        click.secho(
            f"NOT CHECKED: the placement of {unchecked} round(s){scope} (their round_settled event "
            "carries none: stored before placements were sealed)",
            fg="yellow",
        )
    if failures:
        click.secho(
            f"MISMATCH: {failures} of {checked} stored round(s){scope} do not re-settle to what was stored",
            fg="red",
            bold=True,
        )
    else:
        click.echo(f"verified: all {checked} stored round(s){scope} re-settle to what was stored")
