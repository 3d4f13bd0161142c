#!/usr/bin/env bash
# The scoreboard following a long evening: `umpire serve` (release build) on a generated
# Take Two log of about 50 MB while a prompt records into it, and how long an entry
# takes to reach the page in a real browser.
#
#   bash benches/serve_follow.sh      needs python3 and chromium (apt-get install chromium)
#
#   MB=50        size of the generated log
#   ENTRIES=300  entries the prompt records while the page is served, RATE a second
#   RATE=10
#   LATENCY=200  entries timed in Chromium (tests/browser/room.rs, run against this log)
#   BIN=path     another umpire to measure (an older build, for comparison); the
#                latency is then not measured
#   SHAPE=rounds a match of that many rounds (the state grows with the log: tens of
#                thousands of rounds), or SHAPE=evening: a 30-round evening whose log
#                is mostly word checks and notes (the state stays an evening's)
#
# The log is written the way umpire writes it (a real `new` makes its header and the
# lines are copies of real entries with their seq): six players, rounds of five
# leftovers and one out, each closed, a word check every fifth round, a note every
# tenth (SHAPE=rounds); or 30 such rounds and then word checks and notes, with a round
# every thousand entries (SHAPE=evening). Figures: the time to read it, resident memory (VmRSS) once read and its peak
# (VmHWM), resident memory and CPU time (utime + stime from /proc) while the prompt
# records, per entry.
set -euo pipefail
cd "$(dirname "$0")/.."
work=${WORK:-target/serve-follow}
MB=${MB:-50}
ENTRIES=${ENTRIES:-300}
RATE=${RATE:-10}
LATENCY=${LATENCY:-200}
SHAPE=${SHAPE:-rounds}
rm -rf "$work"
mkdir -p "$work/sessions"
if [[ -n "${BIN:-}" ]]; then
  bin=$(realpath "$BIN")
else
  cargo build --release --quiet --bin umpire
  bin=$PWD/target/release/umpire
fi
umpire() { "$bin" --sessions "$work/sessions" "$@"; }

# A real session's lines: its header and one entry of each kind.
printf 'out p1\nleft p2 QZ\nleft p3 EA\nleft p4 IO\nleft p5 T\nleft p6 E\nend\ncheck qi dont\nnote tea\n' \
  | umpire new take-two p1 p2 p3 p4 p5 p6 --name big > /dev/null
python3 - "$work/sessions/big.jsonl" "$MB" "$SHAPE" <<'PY'
import json, sys
path, mb, shape = sys.argv[1], int(sys.argv[2]), sys.argv[3]
lines = open(path).read().splitlines()
header, entries = lines[0], [json.loads(l) for l in lines[1:]]
kind = {e["event"]["type"]: e for e in entries}
left, out, ended = kind["left"], kind["out"], kind["round-ended"]
ruled, noted = kind["ruled"], kind["noted"]
players = ["p1", "p2", "p3", "p4", "p5", "p6"]
leftovers = ["EA", "IO", "T", "E", "AN"]
with open(path, "w") as f:
    f.write(header + "\n")
    seq, r, size = 0, 0, 0
    def put(event):
        global seq, size
        seq += 1
        line = json.dumps({"seq": seq, "at": left["at"], "event": event}, separators=(",", ":"))
        f.write(line + "\n")
        size += len(line) + 1
    def round_of_entries():
        global r
        r += 1
        for k, p in enumerate(players):
            if k == r % 6:
                put(dict(out["event"], player=p))
            else:
                put(dict(left["event"], player=p, tiles=leftovers[(r + k) % 5]))
        put(dict(ended["event"], round=r))
    n = 0
    while size < mb << 20:
        n += 1
        if shape == "rounds" or r < 30 or n % 1000 == 0:
            round_of_entries()
            if r % 5 == 0:
                put(dict(ruled["event"], ruling=dict(ruled["event"]["ruling"], round=r + 1)))
            if r % 10 == 0:
                put(dict(noted["event"], text=f"round {r} done"))
        elif n % 3:
            put(dict(ruled["event"], ruling=dict(ruled["event"]["ruling"], round=r + 1)))
        else:
            put(dict(noted["event"], text=f"after round {r}, the {n}th remark of the evening"))
    print(f"generated {path}: {seq} entries, {r} rounds, {size / 2**20:.1f} MB", file=sys.stderr)
PY
cp "$work/sessions/big.jsonl" "$work/big-copy.jsonl"

ticks=$(getconf CLK_TCK)
cpu() { awk -v t="$ticks" '{printf "%.2f", ($14 + $15) / t}' "/proc/$1/stat"; }
kb() { awk -v k="$2" '$1 == k":" {print $2}' "/proc/$1/status"; }

# serve: the time until it answers (the log read), memory once read.
start=$(date +%s.%N)
"$bin" --sessions "$work/sessions" serve big --listen 127.0.0.1:0 > "$work/serve.out" &
serve=$!
trap 'kill $serve 2>/dev/null || true' EXIT
until grep -q "http://" "$work/serve.out" 2>/dev/null; do sleep 0.05; done
read_s=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN {printf "%.2f", b - a}')
sleep 1
echo "serve: log read in ${read_s}s; once read: RSS $(( $(kb $serve VmRSS) / 1024 )) MB, peak $(( $(kb $serve VmHWM) / 1024 )) MB, CPU $(cpu $serve) s"

# The prompt records ENTRIES entries at RATE a second while serve follows.
cpu0=$(cpu $serve)
python3 - "$ENTRIES" "$RATE" <<'PY' | umpire resume big > "$work/prompt.out" &
import sys, time
n, rate = int(sys.argv[1]), float(sys.argv[2])
players = ["p1", "p2", "p3", "p4", "p5", "p6"]
# Whole rounds, as at a table: one player out, the others' leftovers, the round closed.
for k in range(n):
    step, r = k % 7, k // 7
    if step == 6:
        line = "end"
    elif step == r % 6:
        line = f"out {players[step]}"
    else:
        line = f"left {players[step]} E"
    print(line, flush=True)
    time.sleep(1 / rate)
PY
feeder=$!
rss_max=0
while kill -0 $feeder 2>/dev/null; do
  rss=$(kb $serve VmRSS)
  (( rss > rss_max )) && rss_max=$rss
  sleep 0.25
done
wait $feeder || true
sleep 0.5
cpu1=$(cpu $serve)
recorded=$(grep -c '^recorded' "$work/prompt.out" || true)
used=$(awk -v a="$cpu0" -v b="$cpu1" 'BEGIN {printf "%.2f", b - a}')
each=$(awk -v u="$used" -v n="$recorded" 'BEGIN {printf "%.2f", n ? u * 1000 / n : 0}')
echo "while $recorded entries were recorded at $RATE a second: RSS at most $(( rss_max / 1024 )) MB, now $(( $(kb $serve VmRSS) / 1024 )) MB, peak $(( $(kb $serve VmHWM) / 1024 )) MB; CPU $used s ($each ms an entry)"
kill $serve
trap - EXIT
[[ -n "${BIN:-}" ]] && exit 0

# Entry to page in Chromium, against a fresh copy of the generated log.
cargo test --quiet --test integration --no-run 2>/dev/null
UMPIRE_FOLLOW_LOG="$PWD/$work/big-copy.jsonl" UMPIRE_FOLLOW_ENTRIES=$LATENCY UMPIRE_FOLLOW_BIN="$bin" \
  cargo test --quiet --test integration browser::room::an_entry_reaches_the_page -- --include-ignored --nocapture \
  > "$work/latency.out" 2>&1 || true
grep "entry to page\|skipped" "$work/latency.out" || tail -20 "$work/latency.out"
