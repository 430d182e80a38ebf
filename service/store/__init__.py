"""The database: engine and sessions, the unit of work, the ORM models,
the Alembic migrations, paging, and the retry of a transaction that lost a
race.

May import: the standard library, SQLAlchemy and Alembic, and service.errors.
"""
