"""Cached par sheets and ``breakpoker analyze``."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner

from service.analysis import cache as sheet_cache
from service.analysis import par_sheet as par_sheet_module
from service.analysis.cache import (
    cache_file,
    cache_folder,
    cached_par_sheet,
    copy_par_sheets,
    par_sheet,
    store_par_sheet,
)
from service.analysis.optimal_sheet import sheet_file
from service.analysis.par_sheet import ParSheet
from service.analysis.strategy_table import table_folder
from service.cli import main
from service.engine.qualifier import parse_qualifier
from service.engine.table_config import TableConfig
from tests.par_sheets import default_sheet, shared_pair_counts


def test_json_round_trip_is_exact():
    sheet = default_sheet()
    again = ParSheet.from_json(json.loads(json.dumps(sheet.to_json())))
    assert again.main == sheet.main
    assert again.break_bonus == sheet.break_bonus
    assert again.dealer_break_bonus == sheet.dealer_break_bonus
    assert (again.lucky_break, again.dealer_qualifies, again.rules) == (
        sheet.lucky_break,
        sheet.dealer_qualifies,
        sheet.rules,
    )
    assert again.config == sheet.config


def test_cache_serves_every_version_with_the_same_rules(tmp_path, monkeypatch):
    computed = []

    def compute(config, progress=None):
        computed.append(config.version)
        return replace(default_sheet(), config=config)

    monkeypatch.setattr(sheet_cache, "compute_par_sheet", compute)
    first, cached = par_sheet(TableConfig(), tmp_path)
    assert (cached, computed) == (False, [1])
    assert cache_file(TableConfig(), tmp_path).exists()
    second_version = TableConfig().next_version({"seats": 6})
    again, cached = par_sheet(second_version, tmp_path)
    assert cached
    assert computed == [1]
    assert again.config.version == 2
    assert again.main == first.main
    # Other rules are another sheet.
    par_sheet(TableConfig.from_json({"dealer_qualifier": "A-3-2"}), tmp_path)
    assert computed == [1, 1]


def test_a_damaged_cache_file_is_computed_again(tmp_path, monkeypatch):
    store_par_sheet(default_sheet(), tmp_path)
    path = cache_file(TableConfig(), tmp_path)
    path.write_text(path.read_text()[:500])
    assert cached_par_sheet(TableConfig(), tmp_path) is None
    monkeypatch.setattr(sheet_cache, "compute_par_sheet", lambda config, progress=None: default_sheet())
    _, cached = par_sheet(TableConfig(), tmp_path)
    assert not cached
    assert cached_par_sheet(TableConfig(), tmp_path) is not None
    assert [p.name for p in path.parent.iterdir() if p.name.startswith(".")] == []


def test_an_instance_starts_with_another_s_cached_sheets(tmp_path):
    source, instance = tmp_path / "source", tmp_path / "instance"
    copy_par_sheets(source, instance)  # none cached there: none copied
    assert not cache_folder(instance).exists()
    store_par_sheet(default_sheet(), source)
    copy_par_sheets(source, instance)
    copied = cached_par_sheet(TableConfig(), instance)
    assert copied is not None
    assert copied.main == default_sheet().main


FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def instance(tmp_path, monkeypatch):
    """A par sheet and both optimal-strategy sheets already cached (the
    strategy table is a minute to build: tests/analysis/test_strategy_*)."""
    monkeypatch.setenv("BREAKPOKER_INSTANCE", str(tmp_path))
    store_par_sheet(default_sheet(), tmp_path)
    for qualifier in ("K-3-2", "A-3-2"):
        folder = table_folder(parse_qualifier(qualifier), tmp_path)
        folder.mkdir(parents=True)
        shutil.copyfile(FIXTURES / f"optimal_{qualifier}.json", sheet_file(folder))
    return tmp_path


def test_analyze_json_has_the_documented_keys(instance):
    result = CliRunner().invoke(main, ["analyze", "--json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["cached"] is True
    assert document["main"]["house_edge"] == pytest.approx(0.0157291199468, rel=1e-10)
    for bet in ("main", "dealer_break_bonus", "break_bonus"):
        assert 0 < document[bet]["house_edge"] < 0.1
    for key in ("win", "loss", "push"):
        assert 0 < document["main"][key] < 1
    assert document["main"]["win"] + document["main"]["loss"] + document["main"]["push"] == pytest.approx(1)
    assert document["lucky_break_probability"] == pytest.approx(0.3210094414, abs=1e-10)
    assert document["dealer_qualifies_probability"] == pytest.approx(0.9968112743, abs=1e-10)
    assert document["exact"]["main.house_edge"] == "98911935761/6288459627450"
    optimal = document["optimal_strategy"]
    assert optimal["cached"] is True
    assert optimal["main"]["house_edge"] == pytest.approx(0.01172720918841754, rel=1e-12)
    assert optimal["exact"]["main.house_edge"] == "26292081239/2241972562830"
    assert optimal["house_way_main_house_edge"] == document["main"]["house_edge"]
    assert optimal["gain"] == pytest.approx(document["main"]["house_edge"] - optimal["main"]["house_edge"])
    assert 0 < optimal["differs_probability"] < 0.1
    assert [line["name"] for line in optimal["main"]["outcomes"]] == [
        line["name"] for line in document["main"]["outcomes"]
    ]


def test_analyze_without_the_strategy(instance):
    result = CliRunner().invoke(main, ["analyze", "--json", "--no-strategy"])
    assert result.exit_code == 0, result.output
    assert "optimal_strategy" not in json.loads(result.stdout)


def test_analyze_text_sheet(instance):
    result = CliRunner().invoke(main, ["analyze"])
    assert result.exit_code == 0, result.output
    for text in ("Main Bet", "Dealer Break Bonus", "Break Bonus", "house edge 1.57291199 %", "rule 7"):
        assert text in result.stdout
    side_by_side = next(
        line for line in result.stdout.splitlines() if line.strip().startswith("house edge  ")
    )
    assert side_by_side.split()[-4:] == ["1.57291199", "%", "1.17272092", "%"]
    assert "optimal setting differs from the house way's in 5.5050 % of hands" in result.stdout


def test_analyze_writes_html(instance, tmp_path):
    report = tmp_path / "par.html"
    result = CliRunner().invoke(main, ["analyze", "--html", str(report)])
    assert result.exit_code == 0, result.output
    page = report.read_text()
    assert page.count("<svg") == 3
    assert page.count("<table") >= 4
    assert "house edge 1.572912 %" in page
    assert "by the optimal strategy" in page
    assert "Five Aces" in page

    class Balance(HTMLParser):
        depth = 0

        def handle_starttag(self, tag, attrs):
            self.depth += tag in ("table", "svg", "tr")

        def handle_endtag(self, tag):
            self.depth -= tag in ("table", "svg", "tr")

    checker = Balance()
    checker.feed(page)
    assert checker.depth == 0


def test_analyze_with_a_config_file_computes_it(instance, tmp_path, monkeypatch):
    config = tmp_path / "config.json"
    config.write_text('{"dealer_qualifier": "A-3-2"}')
    # The pair loop's counts of these rules, counted once a run (the pair
    # tests check them, a worker's test computes their sheet in its job):
    # the rest of analyze's computation runs here as it does.
    counted = []

    def pair_counts(qualifier, progress=None):
        counted.append(qualifier.text)
        return shared_pair_counts(qualifier)[0]

    monkeypatch.setattr(par_sheet_module, "pair_counts", pair_counts)
    result = CliRunner().invoke(main, ["analyze", "--config", str(config), "--json"])
    assert result.exit_code == 0, result.output
    assert counted == ["A-3-2"]
    document = json.loads(result.stdout)
    assert document["cached"] is False
    assert document["config"]["dealer_qualifier"] == "A-3-2"
    assert document["main"]["house_edge"] == pytest.approx(0.02473454109304975, rel=1e-12)
    assert document["optimal_strategy"]["main"]["house_edge"] == pytest.approx(
        0.020832695660906127, rel=1e-12
    )
    assert "every player hand against every dealer hand" in result.stderr


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"dealer_qualifer": "A-3-2"}', "config.dealer_qualifer is not a table configuration field"),
        ('{"dealer_qualifier": "A-A-2"}', "config.dealer_qualifier"),
        ('{"break_bonus_pays": {"five_aces": 10}}', "must name all five categories"),
        ("[1, 2]", "config must be an object"),
        ("{not json", "cannot read"),
    ],
)
def test_analyze_refuses_a_bad_config_naming_the_field(instance, tmp_path, text, message):
    config = tmp_path / "config.json"
    config.write_text(text)
    result = CliRunner().invoke(main, ["analyze", "--config", str(config)])
    assert result.exit_code == 2
    assert message in result.stderr


def test_analyze_simulate_reports_intervals(instance):
    result = CliRunner().invoke(main, ["analyze", "--simulate", "3000", "--seed", "4", "--json"])
    assert result.exit_code == 0, result.output
    simulation = json.loads(result.stdout)["simulation"]
    assert simulation["rounds"] == 3000
    assert simulation["seed"] == 4
    figures = {figure["name"]: figure for figure in simulation["figures"]}
    low, high = figures["main.house_edge"]["interval"]
    assert low <= figures["main.house_edge"]["simulated"] <= high
    assert isinstance(figures["main.house_edge"]["inside"], bool)


def test_analyze_a_table_uses_its_current_configuration(instance, monkeypatch):
    from service.accounts.auth import create_user
    from service.config.settings import Settings
    from service.store.db import database_factory, make_engine
    from service.store.migrate import upgrade
    from service.store.work import unit_of_work
    from service.tables.tables import change_config, create_table

    monkeypatch.delenv("DATABASE_URL", raising=False)
    settings = Settings(instance=instance)
    upgrade(settings.database)
    engine = make_engine(settings.database)
    with unit_of_work(database_factory(engine)) as db:
        admin = create_user(db, "admin", "admin", "long enough!")
        table = create_table(db, admin, "BP-9")
        change_config(db, table, admin, {"dealer_qualifier": "A-3-2"})
    engine.dispose()
    asked = []

    def compute(config, progress=None):
        asked.append(config)
        return replace(default_sheet(), config=config)

    monkeypatch.setattr(sheet_cache, "compute_par_sheet", compute)
    result = CliRunner().invoke(main, ["analyze", "--table", "1", "--json"])
    assert result.exit_code == 0, result.output
    assert [(c.version, c.dealer_qualifier.text) for c in asked] == [(2, "A-3-2")]
    assert json.loads(result.stdout)["config"]["version"] == 2

    missing = CliRunner().invoke(main, ["analyze", "--table", "7"])
    assert missing.exit_code == 2
    assert "no table with id 7" in missing.stderr
    both = CliRunner().invoke(main, ["analyze", "--table", "1", "--config", __file__])
    assert both.exit_code == 2
