"""The Alembic migrations: one set for SQLite and PostgreSQL, run as the
owner role (``breakpoker db upgrade``).

Modules:

- ``env.py``: the Alembic environment
- ``versions/``: one migration a schema change, numbered
"""
