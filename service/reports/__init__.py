"""Figures for the pit: report periods (shift, gaming day, month-to-date,
year-to-date), hold against theoretical hold and its variance, per-dealer
lines, and the investigation notes written on a variance.

May import: rounds, accounting and below.
"""
