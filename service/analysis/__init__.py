"""Game math: the exact par sheet of a table configuration (and a
simulation that cross-checks it through the settlement code).

Suits never matter in Break Poker, so the analysis works on rank patterns:
67,600 seven-card patterns, each with the number of card sets that make it.
"""
