#!/bin/sh
# Run once by the postgres image, on its first start (an empty volume), as
# the superuser: the two roles the service uses (ops/README.md, "Database
# roles"). breakpoker_owner owns the database and so, after `migrate`,
# every table; breakpoker_app, which the API and the workers connect as,
# owns nothing and gets its rights from `breakpoker db grant-app-role`
# (the migrate role runs it): rows, never ALTER, DISABLE TRIGGER or TRUNCATE.
set -eu
psql --no-psqlrc -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
    -v database="$POSTGRES_DB" \
    -v owner_password="$BREAKPOKER_OWNER_PASSWORD" \
    -v app_password="$BREAKPOKER_APP_PASSWORD" <<'SQL'
CREATE ROLE breakpoker_owner LOGIN PASSWORD :'owner_password';
CREATE ROLE breakpoker_app LOGIN PASSWORD :'app_password';
ALTER DATABASE :"database" OWNER TO breakpoker_owner;
REVOKE ALL ON DATABASE :"database" FROM PUBLIC;
GRANT CONNECT ON DATABASE :"database" TO breakpoker_app;
SQL
