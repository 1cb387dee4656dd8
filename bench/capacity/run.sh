#!/usr/bin/env bash
# The write rates at which one PostgreSQL saturates (docs/capacity.md): applies the app's migrations to a
# scratch database, seeds it (seed.sql), runs each hot-statement script with pgbench at a few client counts,
# and prints one Markdown table: transactions/s, what they stand for per second, latency, and the database
# server's own CPU per transaction (its processes' CPU time before and after, from /proc). Drops the database.
#   CAPACITY_SECONDS (20) per run, CAPACITY_CLIENTS ("4 16 32"), CAPACITY_ONLY (a regex of workload names),
#   PGHOST/PGPORT/PGUSER (127.0.0.1/5432/postgres).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
export PGHOST=${PGHOST:-127.0.0.1} PGPORT=${PGPORT:-5432} PGUSER=${PGUSER:-postgres}
seconds=${CAPACITY_SECONDS:-20}
read -r -a client_counts <<<"${CAPACITY_CLIENTS:-4 16 32}"
db=capacity_$(date +%s)
logs=$(mktemp -d)
psql_db() { psql -X -q -v ON_ERROR_STOP=1 -d "$db" "$@"; }

createdb "$db"
trap 'dropdb --if-exists "$db"; rm -rf "$logs"' EXIT
for migration in "$root"/server/db/migrations/*.sql; do psql_db -f "$migration" >/dev/null; done
psql_db -f "$here/seed.sql" >/dev/null

# The server's processes: the postmaster and its children. A backend that exited is in the postmaster's
# cutime/cstime once reaped, so before/after sums count the run's backends too.
postmaster=$(head -1 "$(psql -X -Atc 'show data_directory')/postmaster.pid" 2>/dev/null || true)
ticks_per_s=$(getconf CLK_TCK)
server_ticks() {
  [ -n "$postmaster" ] || { echo 0; return; }
  local total=0 pid
  for pid in "$postmaster" $(pgrep -P "$postmaster"); do
    [ -r "/proc/$pid/stat" ] || continue
    total=$((total + $(sed 's/^.*) //' "/proc/$pid/stat" | awk '{print $12 + $13 + $14 + $15}')))
  done
  echo "$total"
}
busy_idle() { awk '/^cpu /{print $2 + $3 + $4 + $7 + $8, $5 + $6}' /proc/stat; }

echo "PostgreSQL: $(psql -X -Atc 'show server_version'); synchronous_commit=$(psql -X -Atc 'show synchronous_commit'),"\
  "shared_buffers=$(psql -X -Atc 'show shared_buffers'), fsync=$(psql -X -Atc 'show fsync'); $(nproc) cores;"\
  "load average before: $(cut -d' ' -f1-3 /proc/loadavg); $(date -u '+%Y-%m-%d %H:%M UTC'); ${seconds} s a run, -M prepared"
echo
echo '| workload | clients | tx/s | per second | avg ms | p50 ms | p99 ms | failed | server CPU ms/tx | machine busy |'
echo '|---|---|---|---|---|---|---|---|---|---|'

# name | script | pgbench -D variables | what one transaction stands for | client counts (default: all)
run() {
  local name=$1 script=$2 vars=$3 unit=$4 per=$5 counts=${6:-${client_counts[*]}}
  [[ -z ${CAPACITY_ONLY:-} || $name =~ $CAPACITY_ONLY ]] || return 0
  local clients
  for clients in $counts; do
    local out="$logs/$name-$clients" defines=() var
    for var in $vars; do defines+=(-D "$var"); done
    psql_db -c 'CHECKPOINT'
    local before after cpu0 cpu1
    before=$(server_ticks); cpu0=$(busy_idle)
    pgbench -n -M prepared -c "$clients" -j "$((clients < 2 ? 1 : 2))" -T "$seconds" -f "$here/$script" \
      "${defines[@]}" -l --log-prefix="$out" "$db" >"$out.txt" 2>&1 || { cat "$out.txt" >&2; exit 1; }
    sleep 1
    after=$(server_ticks); cpu1=$(busy_idle)
    local tx tps avg failed
    tx=$(awk '/number of transactions actually processed/ {print $NF}' "$out.txt")
    tps=$(awk -F'= ' '/^tps/ {split($2, a, " "); printf "%.0f", a[1]}' "$out.txt")
    avg=$(awk -F'= ' '/latency average/ {split($2, a, " "); print a[1]}' "$out.txt")
    failed=$(awk -F': ' '/number of failed transactions/ {split($2, a, " "); print a[1]}' "$out.txt")
    read -r p50 p99 < <(cat "$out".[0-9]* | awk '$3 ~ /^[0-9]+$/ {print $3}' | sort -n |
      awk '{v[NR] = $1} END {printf "%.1f %.1f\n", v[int(NR * 0.5) + 1] / 1000, v[int(NR * 0.99) + 1] / 1000}')
    rm -f "$out".[0-9]*
    local server_ms busy
    server_ms=$(awk -v t="$((after - before))" -v hz="$ticks_per_s" -v n="$tx" 'BEGIN {printf "%.2f", t / hz * 1000 / n}')
    busy=$(awk -v a="$cpu0" -v b="$cpu1" 'BEGIN {split(a, x, " "); split(b, y, " "); db = y[1] - x[1]; di = y[2] - x[2];
      printf "%.0f %%", 100 * db / (db + di)}')
    echo "| $name | $clients | $tps | $(awk -v t="$tps" -v p="$per" 'BEGIN {printf "%.0f", t * p}') $unit | $avg | $p50 | $p99 | ${failed:-0} | $server_ms | $busy |"
  done
}

run 'catalogue page (uncached read)' read.sql 'pages=2' reads 1
run order order.sql 'users=10000 cards=14 clients=10000' orders 1
run 'order, one card' order.sql 'users=10000 cards=1 clients=10000' orders 1
run 'order, one buyer' order.sql 'users=1 cards=14 clients=1' orders 1 "16"
run 'tap (plain)' tap.sql 'serials=100000 clients=100000' taps 1
run 'tap (secure, counted)' tap-sun.sql 'serials=100000 clients=100000' taps 1
run 'card views, batch of 200' view.sql 'users=10000 batch=200' views 200
run 'card views, batch of 1' view.sql 'users=10000 batch=1' views 1 "16"
# The orders above queued mail no worker sent; a backlog would make every take skip it (not what is measured).
psql_db -c 'TRUNCATE mail_queue'
run 'mail queued and sent' mail.sql '' mails 1
run 'verify, many clients' verify.sql 'serials=100000 clients=100000' checks 1 "16"
run 'verify, one client' verify.sql 'serials=100000 clients=1' checks 1
