#!/bin/sh
# Smoke test of the image layout (make image-layout): start the server from the layout folder the
# way the image's entrypoint does (as uid 10001 when run as root, on a fresh data directory, with
# a clean production-like environment), check /api/health, the SPA and API routes, stop it with
# SIGTERM, and check what it left behind. Usage: deploy/image-smoke.sh <layout dir>
set -eu
layout="${1:?usage: $0 <layout dir>}"
layout="$(cd "$layout" && pwd)"
# Below the kernel's ephemeral range (32768 up on Linux), where the tests running beside this one
# (make test runs it beside the Go suite) and every outgoing connection take their ports: a random
# port in that range once met a test's listener and the server could not bind.
ephemeral_low="$(cut -f1 /proc/sys/net/ipv4/ip_local_port_range 2>/dev/null || echo 32768)"
span=$(( ephemeral_low - 2 - 20000 )); [ "$span" -gt 1000 ] || span=10000
port="${SMOKE_PORT:-$(( 20000 + $(od -An -N2 -tu2 /dev/urandom | tr -d ' ') % span ))}"
metrics_port=$((port + 1)) # METRICS_ADDR, the private scrape port
origin="http://127.0.0.1:$port"
work="$(mktemp -d "${TMPDIR:-/tmp}/sponsorbridge-smoke-XXXXXX")"
chmod 0755 "$work" # the server (uid 10001) must reach its data directory, as /pb in the image
data="$work/pb_data"
log="$work/server.log"
key="0123456789abcdef0123456789abcdef"
smtp_secret="smoke-smtp-password-$$"
metrics_token="smoke-metrics-token-$$-0123456789"
pid=""

fail() {
  echo "image smoke test FAILED: $*" >&2
  echo "--- server log ($log) ---" >&2
  tail -n 40 "$log" >&2 || true
  [ -n "$pid" ] && kill -9 "$pid" 2>/dev/null || true
  exit 1
}
cleanup() { [ -n "$pid" ] && kill -9 "$pid" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

# The image's recipe: the files the layout cannot show (no container builder here).
repo="$(cd "$(dirname "$0")/.." && pwd)"
froms="$(grep -E '^FROM ' "$repo/Dockerfile")"
if printf '%s\n' "$froms" | grep -v -q trixie; then fail "a Dockerfile stage is not on Debian trixie: $froms"; fi
image_node="$(printf '%s\n' "$froms" | sed -n 's/^FROM node:\([0-9]*\)-.*/\1/p')"
types_node="$(node -p "require('$repo/web/package.json').devDependencies['@types/node'].replace(/^[^0-9]*/, '').split('.')[0]")"
[ -n "$image_node" ] && [ "$image_node" = "$types_node" ] || fail "@types/node ^$types_node does not match the image's Node $image_node"
engines="$(node -p "require('$repo/web/package.json').engines.node")"
[ "$engines" = "$(node -p "require('$repo/package.json').engines.node")" ] || fail "package.json and web/package.json name different Node versions"
grep -q -F -- "Node \`$engines\`" "$repo/README.md" || fail "the README's Node floor is not the engines field ($engines)"
sed -n '/^\[mounts\]/,/^\[/p' "$repo/fly.toml" | grep -q '^ *snapshot_retention *= *[0-9]' || fail "fly.toml [mounts] keeps no volume snapshots (snapshot_retention)"
echo "ok  the recipe: trixie stages, Node $image_node with @types/node ^$types_node, engines $engines in the README, volume snapshots kept"

for f in sponsorbridge entrypoint.sh pb_public/index.html; do
  [ -e "$layout/pb/$f" ] || fail "the layout lacks pb/$f"
done
# Stripped and versioned (the Makefile's -ldflags): --version names the build, as /api/health will.
version="$("$layout/pb/sponsorbridge" --version)" || fail "sponsorbridge --version failed"
version="${version#sponsorbridge version }"
case "$version" in "" | *" "* | "(untracked)") fail "sponsorbridge --version names no build: '$version'" ;; esac
echo "ok  sponsorbridge --version: $version"
if command -v readelf >/dev/null 2>&1; then
  if readelf -S "$layout/pb/sponsorbridge" | grep -q '\.symtab'; then fail "the binary is not stripped"; fi
  echo "ok  the binary is stripped"
fi
touch "$work/started"

# A clean environment, as in the image: no DEMO_MODE, no opt-ins, secrets as Fly sets them.
env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
  SB_DATA_DIR="$data" APP_URL="$origin" PB_ENCRYPTION_KEY="$key" METRICS_TOKEN="$metrics_token" \
  METRICS_ADDR="127.0.0.1:$metrics_port" \
  SMTP_HOST=127.0.0.1 SMTP_PORT=2525 SMTP_USERNAME=smoke SMTP_PASSWORD="$smtp_secret" GOMEMLIMIT=640MiB \
  "$layout/pb/entrypoint.sh" "$layout/pb/sponsorbridge" serve --http "127.0.0.1:$port" --dir "$data" \
  --publicDir "$layout/pb/pb_public" >"$log" 2>&1 &
pid=$!

t0=$(date +%s%N)
i=0
until [ "$(curl -s -o /dev/null -w '%{http_code}' "$origin/api/health")" = 200 ]; do
  kill -0 "$pid" 2>/dev/null || fail "the server exited during start"
  i=$((i + 1)); [ "$i" -lt 300 ] || fail "no 200 from /api/health within 30 s"
  sleep 0.1
done
echo "healthy after $(( ($(date +%s%N) - t0) / 1000000 )) ms (fresh data directory)"

check() { # name, expected status, url, expected text, [curl args...]
  name="$1" want="$2" url="$3" text="$4"; shift 4
  body="$work/body"
  got="$(curl -s -o "$body" -w '%{http_code}' "$@" "$origin$url")"
  [ "$got" = "$want" ] || fail "$name: HTTP $got, want $want: $(head -c 300 "$body")"
  grep -q -- "$text" "$body" || fail "$name: the answer lacks '$text': $(head -c 300 "$body")"
  echo "ok  $name"
}
check "health" 200 /api/health '"message":"API is healthy."'
check "health names the build" 200 /api/health "\"version\":\"$version\""
check "SPA index" 200 / '<div id="root">'
check "SPA route served by the fallback" 200 /subscription '<div id="root">'
check "API: app-config, payments off without keys or opt-in" 200 /api/app-config '"payments":{"mode":"off"}'
check "API: listings need a session" 401 /api/sponsorships '"status":401'
# SMTP points at a closed port: the mail server "did not take it" (503 with its own words), never the
# "E-mail is not set up" answer of a server without mail.
check "API: sign-in codes try the configured SMTP server (not the mail-off answer)" 503 /api/auth/email-code/request \
  'our mail server did not take it' -X POST -H "Origin: $origin" -H 'Content-Type: application/json' \
  --data '{"email":"smoke@example.com","displayName":"Smoke"}'
check "API: metrics with the scraper token" 200 /api/metrics 'sponsorbridge_db_size_bytes{db="data"}' \
  -H "Authorization: Bearer $metrics_token"
check "API: metrics refused without it" 401 /api/metrics 'metrics bearer token'
got="$(curl -s "http://127.0.0.1:$metrics_port/metrics")" || fail "nothing on METRICS_ADDR"
echo "$got" | grep -q "^sponsorbridge_build_info{goversion=\"[^\"]*\",version=\"$version\"} 1$" ||
  fail "METRICS_ADDR: no build info for $version: $(echo "$got" | grep build_info)"
echo "$got" | grep -q '^sponsorbridge_backup_enabled 0$' || fail "METRICS_ADDR: backups off is not 0"
echo "ok  metrics on METRICS_ADDR without a token: the build and backups off"

# no_new_privs (the entrypoint's setpriv): no setuid binary can raise the server's rights.
nnp="$(sed -n 's/^NoNewPrivs:[[:space:]]*//p' "/proc/$pid/status")"
[ "$nnp" = 1 ] || fail "the server runs without no_new_privs (NoNewPrivs: '$nnp')"
echo "ok  the server runs with no_new_privs"
if [ "$(id -u)" = 0 ]; then
  owner="$(ps -o uid= -p "$pid" | tr -d ' ')"
  [ "$owner" = 10001 ] || fail "the server runs as uid $owner, not 10001"
  echo "ok  the server runs as uid 10001"
fi

t0=$(date +%s%N)
kill -TERM "$pid"
i=0
while kill -0 "$pid" 2>/dev/null; do
  i=$((i + 1)); [ "$i" -lt 300 ] || fail "still running 30 s after SIGTERM"
  sleep 0.1
done
wait "$pid" 2>/dev/null || true
pid=""
echo "stopped $(( ($(date +%s%N) - t0) / 1000000 )) ms after SIGTERM"

# Nothing outside the data directory was written: the app's files can be read-only.
changed="$(find "$layout" -newer "$work/started" ! -type d | head -5)"
[ -z "$changed" ] || fail "the server wrote into the layout: $changed"
echo "ok  nothing written outside the data directory"
if [ "$(id -u)" = 0 ]; then
  foreign="$(find "$data" ! -user 10001 | head -5)"
  [ -z "$foreign" ] || fail "files in the data directory not owned by 10001: $foreign"
  echo "ok  the data directory belongs to uid 10001"
fi
# Settings (the SMTP password among them) are encrypted at rest with PB_ENCRYPTION_KEY.
[ -s "$data/data.db" ] || fail "no data.db"
if grep -a -q -- "$smtp_secret" "$data"/data.db*; then fail "the SMTP password is stored in clear text"; fi
if command -v sqlite3 >/dev/null 2>&1; then
  first="$(sqlite3 "$data/data.db" "SELECT substr(value, 1, 1) FROM _params WHERE id = 'settings'")"
  [ -n "$first" ] && [ "$first" != "{" ] || fail "the stored settings are not encrypted ('$first')"
fi
echo "ok  settings encrypted at rest"
# Warnings and errors reach stdout (fly logs), not only the log database.
grep -q "PAYMENTS OFF" "$log" || fail "the payments-off error did not reach stdout"
echo "ok  errors on stdout"
# One log format: every line the server printed is logfmt from the one slog handler.
other="$(grep -v '^time=[^ ]* level=[A-Z]* msg=' "$log" | head -3)"
[ -z "$other" ] || fail "lines outside the log format: $other"
echo "ok  one log format ($(wc -l < "$log") lines)"
echo "image layout: $(du -sh "$layout" | cut -f1) ($(du -sh "$layout/pb/sponsorbridge" | cut -f1) binary, $(du -sh "$layout/pb/pb_public" | cut -f1) web app)"
echo "image smoke test passed"
