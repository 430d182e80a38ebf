"""The database: engine and sessions, the unit of work, the ORM models,
the Alembic migrations, paging, the retry of a transaction that lost a
race, and on PostgreSQL the app role's rights (rows, never the schema).

May import: the standard library, SQLAlchemy and Alembic, and service.errors.
"""
