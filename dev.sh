#!/usr/bin/env bash
# The two commands a newcomer needs:
#   ./dev.sh start   set up (virtualenv, packages, database, demo tournament) and start
#                    the application on SQLite at http://127.0.0.1:8000 (uvicorn, ASGI:
#                    pages and pushed updates) with a task worker for the computer's
#                    moves; both stop together (Ctrl+C). BACKUP_TO=DIR also copies the
#                    database and media there every BACKUP_EVERY (5) minutes.
#   ./dev.sh start --lan   the same, listening on the venue's network too: the players'
#                    phones on its Wi-Fi reach it, the QR codes point to this laptop's
#                    address there (DJANGO_PUBLIC_URL; see docs/organisers/venue.md)
#   ./dev.sh test    run the whole test suite on SQLite, then the tests that use the
#                    database again on PostgreSQL
#                    (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/schnapsen)
# and a third, to read the documentation (docs/, mkdocs.yml):
#   ./dev.sh docs    set up, then serve the documentation site at http://127.0.0.1:8001
#                    (DOCS_PORT); pages reload as docs/ changes (Ctrl+C stops it)
set -euo pipefail
cd "$(dirname "$0")"

find_python() {
  local c
  for c in python3.13 python3.12 "$HOME"/.pyenv/versions/3.13*/bin/python3 "$HOME"/.pyenv/versions/3.12*/bin/python3 python3; do
    if command -v "$c" >/dev/null 2>&1 && "$c" -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null; then
      echo "$c"; return 0
    fi
  done
  echo "Python 3.12 or newer is needed (Django 6)." >&2
  return 1
}

setup() {
  # $1: the extras to install besides the application ("test" for the suite and the docs);
  # ./dev.sh start installs only what the application needs, which is quicker
  local extras="${1:-}" hash
  if [ ! -x .venv/bin/python ]; then
    echo "== Making the virtual environment (.venv)"
    "$(find_python)" -m venv .venv
  fi
  hash=$(sha1sum pyproject.toml | cut -c1-12)
  local stamp=".venv/.installed-$hash${extras:+-$extras}"
  if [ ! -f "$stamp" ] && { [ -n "$extras" ] || [ ! -f ".venv/.installed-$hash-test" ]; }; then
    echo "== Installing the packages pinned in pyproject.toml${extras:+ (with $extras)}; the first time takes a minute or two"
    .venv/bin/python -m pip install --quiet --upgrade pip
    .venv/bin/python -m pip install --quiet -e ".${extras:+[$extras]}"
    rm -f .venv/.installed-*; touch "$stamp"
  fi
  if command -v msgfmt >/dev/null 2>&1; then
    echo "== Compiling the translations"
    .venv/bin/python manage.py compilemessages --ignore=.venv >/dev/null
  fi
}

postgres_url() {
  echo "${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/schnapsen}"
}

case "${1:-}" in
  start)
    shift
    host=127.0.0.1
    port="${PORT:-8000}"
    case "${1:-}" in
      "") ;;
      --lan)
        # the venue: listen on the venue's network too, and give the printed QR codes and
        # links this laptop's address there (DJANGO_PUBLIC_URL, unless set already)
        host=0.0.0.0
        if [ -z "${DJANGO_PUBLIC_URL:-}" ]; then
          lan_ip=$(.venv/bin/python -c 'from core.public_url import lan_address; print(lan_address() or "")' 2>/dev/null || true)
          if [ -n "$lan_ip" ]; then
            export DJANGO_PUBLIC_URL="http://$lan_ip:$port"
          else
            echo "== No network address found (no Wi-Fi yet?): phones cannot reach this laptop until it has one; set DJANGO_PUBLIC_URL then." >&2
          fi
        fi
        ;;
      *) echo "usage: ./dev.sh start [--lan]" >&2; exit 2 ;;
    esac
    setup
    echo "== Migrating the database (db.sqlite3)"
    .venv/bin/python manage.py migrate --noinput >/dev/null
    echo "== Making the demo (the first time only)"
    .venv/bin/python manage.py tournament demo --if-empty --url "${DJANGO_PUBLIC_URL:-http://127.0.0.1:$port}/"
    if [ "$host" = 0.0.0.0 ]; then
      echo "== Listening on the network: the desk at http://127.0.0.1:$port/, the phones at ${DJANGO_PUBLIC_URL:-the network address of this laptop, port $port}/"
    fi
    # The task worker (the computer's moves, the replay analysis): the embedded default
    # queues tasks in the database; it stops when the server stops. Its pushes (the
    # computer's moves) go to the server's relay at this address, signed with the secret
    # key, and the server passes them to its pages (core/push_relay.py).
    DJANGO_PUSH_RELAY="http://127.0.0.1:$port" \
      .venv/bin/python manage.py db_worker --interval 0.2 --no-reload --no-startup-delay &
    worker=$!
    # BACKUP_TO=/media/stick/schnapsen: a copy of the database and the media there every
    # BACKUP_EVERY minutes (default 5) while the server runs, the newest 20 kept
    backup=""
    if [ -n "${BACKUP_TO:-}" ]; then
      .venv/bin/python manage.py backup --to "$BACKUP_TO" --every "${BACKUP_EVERY:-5}" --keep 20 &
      backup=$!
    fi
    .venv/bin/python -m uvicorn schnapsen_site.asgi:application \
      --host "$host" --port "$port" --lifespan off ${RELOAD:+--reload} &
    server=$!
    trap 'kill "$server" "$worker" $backup 2>/dev/null; wait 2>/dev/null || true' EXIT
    trap 'exit 130' INT TERM
    wait "$server"
    ;;
  test)
    setup test
    shift
    .venv/bin/python -m ruff check .
    # pytest-xdist: one worker per core, at most four (each its own test database,
    # cache directory and browser); "./dev.sh test -n 0" runs in one process.
    workers=(-n auto --maxprocesses=4)
    echo "== tests on SQLite"
    env -u DATABASE_URL .venv/bin/python -m pytest "${workers[@]}" "$@"
    url=$(postgres_url)
    if .venv/bin/python -c "import sys, psycopg, dj_database_url as d; c=d.parse(sys.argv[1]); psycopg.connect(host=c['HOST'], port=c['PORT'] or 5432, user=c['USER'], password=c['PASSWORD'] or None, dbname='postgres', connect_timeout=3).close()" "$url" 2>/dev/null; then
      # the tests that touch no database ran on SQLite already: the same code, whatever
      # the database (tests/conftest.py leaves them out here)
      echo "== tests on PostgreSQL ($url): those that use the database"
      DATABASE_URL="$url" SCHNAPSEN_DATABASE_TESTS_ONLY=1 .venv/bin/python -m pytest "${workers[@]}" "$@"
    elif [ "${CI:-}" = "true" ]; then
      echo "PostgreSQL is not reachable at $url, and CI needs it." >&2; exit 1
    else
      echo "== PostgreSQL not reachable at $url: its run was left out (set DATABASE_URL)."
    fi
    ;;
  docs)
    setup test
    NO_MKDOCS_2_WARNING=1 exec .venv/bin/python -m mkdocs serve -a "127.0.0.1:${DOCS_PORT:-8001}"
    ;;
  *)
    echo "usage: ./dev.sh start [--lan] | ./dev.sh test [pytest args] | ./dev.sh docs" >&2; exit 2
    ;;
esac
