"""``breakpoker players import FILE.csv``: the player-tracking system's
file enrolls and renames players, all or nothing, and read again changes
nothing."""

from __future__ import annotations

from sqlalchemy import select

from service.cli import main
from service.config.settings import Settings
from service.store.db import database_factory, make_engine
from service.store.models import AuditEvent, Player, PlayerName


def stored(tmp_path):
    """The players' names by club number, and the players' events' kinds and makers."""
    engine = make_engine(Settings(instance=tmp_path).database)
    with database_factory(engine)() as db:
        names = db.execute(
            select(Player.club_number, PlayerName.name)
            .join(PlayerName, PlayerName.player_id == Player.id)
            .order_by(Player.club_number, PlayerName.version)
        ).all()
        events = [
            (event.kind, event.actor_id)
            for event in db.scalars(select(AuditEvent).where(AuditEvent.subject.like("player:%")))
        ]
    engine.dispose()
    return [tuple(row) for row in names], events


def test_a_file_is_imported_and_read_again_changes_nothing(runner, tmp_path, monkeypatch):
    monkeypatch.setattr("service.cli.players.LONG_FILE", 3)  # a long file: a progress bar
    players = tmp_path / "players.csv"
    players.write_text("\ufeffclub_number,name\nA1,Ann Lee\nB2,Bo Chan\n", encoding="utf-8")
    first = runner.invoke(main, ["players", "import", str(players)])
    assert first.exit_code == 0, first.output
    assert first.stdout == "players.csv: 2 enrolled, 0 renamed, 0 unchanged\n"
    players.write_text("club_number,name\nA1,Ann Lee\nB2,Bo Lee\nC3,Cy Leeds\n")
    second = runner.invoke(main, ["players", "import", str(players)])
    assert second.stdout == "players.csv: 1 enrolled, 1 renamed, 1 unchanged\n"
    assert "Players: 3 lines" in second.stderr
    assert "Players" not in first.stderr
    again = runner.invoke(main, ["players", "import", str(players)])
    assert again.stdout == "players.csv: 0 enrolled, 0 renamed, 3 unchanged\n"
    names, events = stored(tmp_path)
    assert names == [("A1", "Ann Lee"), ("B2", "Bo Chan"), ("B2", "Bo Lee"), ("C3", "Cy Leeds")]
    assert [kind for kind, _ in events] == ["player_enrolled"] * 2 + ["player_renamed", "player_enrolled"]
    assert {actor for _, actor in events} == {1}  # the admin, the default of --by


def test_a_bad_line_refuses_the_whole_file(runner, tmp_path):
    players = tmp_path / "players.csv"
    players.write_text("club_number,name\nA1,Ann Lee\nB-2,Bo Chan\nC3,Cy Leeds\n")
    refused = runner.invoke(main, ["players", "import", str(players)])
    assert refused.exit_code == 2
    assert (
        "line 3: club_number must be 1 to 20 capital letters A-Z and digits 0-9, not 'B-2'" in refused.output
    )
    players.write_bytes(b"club_number,name\nA1,Ann \xff\n")
    refused = runner.invoke(main, ["players", "import", str(players)])
    assert refused.exit_code == 2
    assert "is not UTF-8 text" in refused.output
    nobody = runner.invoke(main, ["players", "import", str(players), "--by", "nobody"])
    assert nobody.exit_code == 2
    assert "no active pit boss or admin named 'nobody'" in nobody.output
    assert stored(tmp_path) == ([], [])  # nothing of either file
