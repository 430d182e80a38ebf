"""The database: engine and handles, the unit of work, the ORM models,
the Alembic migrations, paging, the retry of a transaction that lost a
race, and on PostgreSQL the app role's rights (rows, never the schema).

Modules:

- ``db.py``: engines and database handles (``Db``, ``Databases``)
  (``postgresql_connect_args``: each statement planned with its values)
- ``work.py``: the unit of work (a request's or a job's handle, settings
  and clock) and the service's one commit
- ``models.py``: every ORM model, imported from a module a part:
  ``account_models.py``, ``table_models.py``, ``round_models.py``,
  ``review_models.py``, ``report_models.py``, ``audit_models.py``,
  ``compliance_models.py``, ``accounting_models.py``,
  ``expected_models.py``, ``deck_models.py``, ``player_models.py``,
  ``cash_models.py``, ``cash_log_models.py`` (the cash ins, the
  transaction log and the report days),
  ``rating_models.py`` (ratings, their events and buy-ins, the rated
  seats of rounds, and the open seats' claims), ``figures_models.py``
  (each rating's figures, and the floor's rated play per slot and month,
  derived state the workers keep), ``comp_models.py`` (comp redemptions),
  ``protection_models.py`` (the decks' orders and their checks, game
  protection's alerts and their acknowledgements), ``luck_models.py``
  (each round's luck and its sums per table and dealer shift and player
  day, derived state the workers keep for results beyond luck), ``dealer_models.py``
  (the dealers' sessions at the tables and their sign-outs, the dealer at
  each table now, the cards changed by hand per dealer and shift), ``hidden_models.py``
  (the hidden-information test's bets, rounds tested and each subject's
  evidence)
- ``position_counts.py``: a device day's 53 × 53 card × position counts
  packed as 32-bit integers (a deck adds to 53 of them in place)
- ``limbs.py``: an integer of any size as 64-bit columns whose SQL SUM is
  exact
- ``migrate.py``: the migrations applied (``migrations/``, the Alembic
  environment and versions); ``append_only.py``: the triggers they add
  to record tables
- ``paging.py``: pages and keyset pages (``keyset_page``)
- ``retry.py``: a transaction run again after a lost race
- ``roles.py``: the PostgreSQL app role's rights (rows, never the schema)
- ``canonical_json.py``: the events' payload written in the chain's
  canonical JSON text; ``stored_instant.py``: a stored time as the driver
  gives it (both so the chain walk compares text)
- ``driver_rows.py``: the long reads' rows straight from psycopg (the
  chain walk's pages in pipeline mode, an export's files streamed)

May import: the standard library, SQLAlchemy and Alembic, and service.errors.
"""
