#!/usr/bin/env bash
# Start a throwaway PostgreSQL cluster on loopback for the storage tests and print its URL.
#
#   eval "$(tests/store/start_postgres.sh /tmp/fracas-pg 55432)"   # exports FRACAS_TEST_POSTGRES_URL
#   tests/store/start_postgres.sh --stop /tmp/fracas-pg
#
# Uses Debian's postgresql package (`apt-get install postgresql`; .ci/run installs it). The
# server refuses to run as root, so as root the cluster belongs to the `postgres` user. It
# listens on 127.0.0.1 only, with its socket inside the cluster's own directory, so it never
# meets a system cluster or another helper's.
set -euo pipefail

bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [[ -z "$bindir" ]]; then
    echo "PostgreSQL is not installed: apt-get install postgresql" >&2
    exit 1
fi

as_owner() {
    if [[ $(id -u) -eq 0 ]]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

if [[ "${1:-}" == "--stop" ]]; then
    as_owner "$bindir/pg_ctl" -D "$2/data" -m immediate stop >/dev/null 2>&1 || true
    exit 0
fi

dir=${1:?usage: start_postgres.sh DIR PORT}
port=${2:?usage: start_postgres.sh DIR PORT}
mkdir -p "$dir"
if [[ $(id -u) -eq 0 ]]; then
    chown postgres "$dir"
fi
if [[ ! -f "$dir/data/PG_VERSION" ]]; then
    as_owner "$bindir/initdb" -D "$dir/data" -U fracas --auth=trust -E UTF8 --no-locale >"$dir/initdb.log"
fi
if ! as_owner "$bindir/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; then
    as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
        -o "-h 127.0.0.1 -p $port -k $dir -c fsync=on -c max_connections=200" start >/dev/null
fi
if ! "$bindir/psql" -h 127.0.0.1 -p "$port" -U fracas -d postgres -tAc \
    "SELECT 1 FROM pg_database WHERE datname = 'fracas_test'" | grep -q 1; then
    "$bindir/createdb" -h 127.0.0.1 -p "$port" -U fracas fracas_test
fi
echo "export FRACAS_TEST_POSTGRES_URL=postgresql+psycopg://fracas@127.0.0.1:$port/fracas_test"
