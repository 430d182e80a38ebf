"""The metric names a PromQL expression reads, and the series a /metrics
text exposes: enough to check that every alert and dashboard panel reads
series that exist (promtool checks the syntax, not the names)."""

from __future__ import annotations

import re

from prometheus_client.parser import text_string_to_metric_families

# Series Prometheus makes itself for each target, not the app.
PROMETHEUS_OWN = frozenset({"up"})
_KEYWORDS = frozenset(
    {"by", "without", "on", "ignoring", "group_left", "group_right", "and", "or", "unless", "bool"}
    | {"offset", "inf", "nan"}
)
_IDENTIFIER = re.compile(r"(?<![A-Za-z0-9_:.])[A-Za-z_:][A-Za-z0-9_:]*")
_RATED = re.compile(r"\b(?:rate|irate|increase)\(\s*([A-Za-z_:][A-Za-z0-9_:]*)")


def metric_names(expression: str) -> set[str]:
    """
    >>> sorted(metric_names('sum by (le, endpoint) (rate(a_bucket{x=~"y|z"}[5m])) / on (job) b > 0.5'))
    ['a_bucket', 'b']
    >>> sorted(metric_names('time() - max(c) > 3 * 3600 or absent(up{job="x"})'))
    ['c', 'up']
    >>> sorted(metric_names("max(rate(d_total[$__rate_interval])) * 60 unless on (t) e == 1e3"))
    ['d_total', 'e']
    """
    text = re.sub(r'"(?:[^"\\]|\\.)*"', '""', expression)  # strings
    text = re.sub(r"\{[^}]*\}", " ", text)  # label matchers
    text = re.sub(r"\[[^\]]*\]", " ", text)  # ranges and subqueries
    text = re.sub(r"\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)", " ", text)
    text = re.sub(r"\$\{?\w+\}?", " ", text)  # Grafana's variables
    names = set()
    for found in _IDENTIFIER.finditer(text):
        if text[found.end() :].lstrip().startswith("("):
            continue  # a function
        if found.group().lower() not in _KEYWORDS:
            names.add(found.group())
    return names


def exposed_series(exposition: str) -> set[str]:
    """The name of every sample in a /metrics text."""
    return {sample.name for family in text_string_to_metric_families(exposition) for sample in family.samples}


def rated_names(expression: str) -> set[str]:
    """The series an expression takes a rate or an increase of.

    >>> sorted(rated_names("max(rate(a_total[5m])) / increase(b_bucket{x='y'}[1h]) + c"))
    ['a_total', 'b_bucket']
    """
    return set(_RATED.findall(expression))


def series_types(exposition: str) -> dict[str, str]:
    """Each sample name of a /metrics text and its family's type."""
    return {
        sample.name: family.type
        for family in text_string_to_metric_families(exposition)
        for sample in family.samples
    }
