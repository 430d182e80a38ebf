"""A card spread kept beside the strategy table, as its job keeps one,
for the tests and the benches that never build a whole table: means
exactly minus the default rules' edges (as the service checks), small
variances (the dealer's cards dominate a seat's luck)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

from service.analysis.card_spread import spread_file
from service.analysis.par_sheet import ParSheet
from service.analysis.strategy_table import table_folder
from service.engine.table_config import TableConfig
from tests.par_sheets import default_sheet
from tests.support import section14 as rule

HANDS = 154_143_080  # C(53,7)


def store_spread(instance: Path, sheet: ParSheet | None = None) -> rule.Spread:
    """A spread whose means are exactly minus the default rules' edges (as
    the service checks) and whose variances are small (a hundredth of a
    unit staked squared on the Main Bet): the dealer's cards dominate.
    The edges are the test run's default sheet's unless a sheet is given
    (a bench, outside a test run)."""
    sheet = sheet or default_sheet()
    edges = (sheet.main.house_edge, sheet.dealer_break_bonus.house_edge, sheet.break_bonus.house_edge)
    unit = HANDS * rule.N * rule.N
    sums = tuple(int(-e * HANDS * rule.N) for e in edges)
    assert all(Fraction(s, HANDS * rule.N) == -e for s, e in zip(sums, edges, strict=True))
    extra = {(0, 0): unit // 100, (1, 1): unit // 50, (2, 2): unit // 10, (0, 1): 0, (0, 2): 0, (1, 2): 0}
    products = {pair: sums[pair[0]] * sums[pair[1]] // HANDS + more for pair, more in extra.items()}
    order = ((0, 0), (1, 1), (2, 2), (0, 1), (0, 2), (1, 2))
    config = TableConfig()
    path = spread_file(table_folder(config.dealer_qualifier, instance), config.break_bonus_pays)
    path.parent.mkdir(parents=True, exist_ok=True)
    document = {"hands": HANDS, "sums": list(sums), "products": [products[pair] for pair in order]}
    path.write_text(json.dumps(document))
    return rule.Spread(HANDS, sums, products)  # type: ignore[arg-type]
