"""The edition of the rule book (``shared/docs/rules.md``) this engine
settles by: one number for the game's rules as code, apart from each
table's configuration (whose versions are per table, in the database).

Raise it with any change that settles a round differently (a house-way
rule, a ranking, a pay); the version endpoint and the
``breakpoker_build_info`` gauge show it, so an auditor can tell which
rules a running build applies.
"""

from __future__ import annotations

RULES_VERSION = 1
