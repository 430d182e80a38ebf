"""Figures for the pit: report periods (shift, gaming day, month-to-date,
year-to-date), hold against theoretical hold and its variance, per-dealer
lines, the investigation notes written on a variance, and the expected
win from the hands dealt with its band and what the players' settings cost.

May import: rounds, accounting and below.
"""
