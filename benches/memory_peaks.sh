#!/usr/bin/env bash
# Peak memory of every command that reads a whole log, on two generated Take Two logs
# of about 50 MB (issue 43, "No command needs ten times the log"):
#
#   evening  4 players, an evening's 30 rounds (with a word check every fifth round,
#            a note every tenth, an undo and its redo now and then), then mostly word
#            checks and notes, with a round every thousand entries: the state stays an
#            evening's while the log grows
#   growing  6 players, 78,192 rounds of five leftovers, one out and the close: the
#            state (every round's scores) grows with the log
#
#   bash benches/memory_peaks.sh          needs python3, curl and /usr/bin/time (apt-get
#                                         install time)
#   BIN=path   another umpire to measure (an older build, for comparison)
#   MB=50      size of the evening's log; ROUNDS=78192 rounds in the growing one
#   KEEP=dir   write each command's output to dir/LOG.COMMAND (to compare two builds
#              byte for byte: `diff -r`)
#   LOGS=dir   only make the two logs, in dir/evening/ and dir/growing/ (to profile a
#              command on them), and stop
#
# Each one-shot command runs under `/usr/bin/time -v` and its peak is "Maximum resident
# set size"; the prompt's verbs (`score`, `history`) are typed into `umpire resume`;
# `serve` is read from /proc (VmHWM) once the page has been fetched. Figures in MB.
#
# Measured (issue 43), each output the same byte for byte (KEEP, diff -r): before the log
# was read a line at a time and exports written as they are made; then after that; then
# now, the session's entries kept as their lines hold them (session/ledger.rs), closed
# rounds described when read (contract::Closed), the score table drawn a column at a
# time off a terminal (render/columns.rs) and an export passed on a piece at a time:
#
#                 evening (204,879 entries)   growing (547,344 entries)
#   open, score        136 -> 126 -> 58            492 -> 491 -> 133
#   history            491 -> 125 -> 58           1103 -> 309 -> 117
#   export json        862 -> 127 -> 58            625 -> 382 -> 127
#   export md          303 -> 127 -> 58            384 -> 416 -> 126
#   export csv         235 -> 125 -> 58            384 -> 309 ->  94
#   export svg         235 -> 126 -> 58            438 -> 366 -> 137
#   sessions           186 -> 126 -> 58            311 -> 309 ->  95
#   stats              221 -> 126 -> 58            384 -> 382 -> 126
#   serve              301 -> 127 -> 59            398 -> 322 -> 112
#
# What is left is the ledger (about the log's own size, and 24 bytes an entry beside
# it), the growing log's 78,192 rounds (twice over while a fold builds them again for
# the rulings, notes or history) and, for the SVG, the chart's own 57 MB of text, which
# the drawing library holds whole.
set -euo pipefail
cd "$(dirname "$0")/.."
MB=${MB:-50}
ROUNDS=${ROUNDS:-78192}
if [[ -n "${BIN:-}" ]]; then
  bin=$(realpath "$BIN")
else
  cargo build --release --quiet --bin umpire
  bin=$PWD/target/release/umpire
fi
[[ -x /usr/bin/time ]] || { echo "needs /usr/bin/time: apt-get install time" >&2; exit 2; }
# A fixed place, so that what the commands print (the folder `stats` read) is the same
# on every run.
work=${WORK:-/tmp/umpire-memory-peaks}
rm -rf "$work"
mkdir -p "$work"
trap 'rm -rf "$work"' EXIT
keep=${KEEP:-}
[[ -n "$keep" ]] && mkdir -p "$keep"

# Two real sessions' lines (a real `new` writes each header; the entries of each kind
# are copies of real ones with their seq), then the generated logs.
seed() {
  local dir=$1 name=$2
  shift 2
  mkdir -p "$dir"
  "$bin" --sessions "$dir" new take-two "$@" --name "$name" > /dev/null
}
printf 'out p1\nleft p2 QZ\nleft p3 EA\nleft p4 IO\nend\ncheck qi dont\nnote tea\nundo\nredo\n' \
  | seed "$work/evening" evening p1 p2 p3 p4
printf 'out p1\nleft p2 QZ\nleft p3 EA\nleft p4 IO\nleft p5 T\nleft p6 E\nend\n' \
  | seed "$work/growing" growing p1 p2 p3 p4 p5 p6
python3 - "$work" "$MB" "$ROUNDS" <<'PY'
import json, sys
work, mb, rounds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])

def generate(path, players, fill):
    lines = open(path).read().splitlines()
    # One fixed time, so that two runs make the same logs (and the same exports).
    at = "2026-11-27T19:00:00Z"
    header = json.loads(lines[0])
    header["created"] = at
    header = json.dumps(header, separators=(",", ":"), ensure_ascii=False)
    entries = [json.loads(l) for l in lines[1:]]
    kind = {e["event"]["type"]: e for e in entries}
    state = {"seq": 0, "size": 0, "round": 0}
    leftovers = ["EA", "IO", "T", "E", "AN"]
    with open(path, "w") as f:
        f.write(header + "\n")
        def put(event):
            state["seq"] += 1
            line = json.dumps({"seq": state["seq"], "at": at, "event": event}, separators=(",", ":"))
            f.write(line + "\n")
            state["size"] += len(line) + 1
            return state["seq"]
        def play_round():
            state["round"] += 1
            r = state["round"]
            for k, p in enumerate(players):
                if k == r % len(players):
                    put(dict(kind["out"]["event"], player=p))
                else:
                    put(dict(kind["left"]["event"], player=p, tiles=leftovers[(r + k) % 5]))
            put(dict(kind["round-ended"]["event"], round=r))
        fill(put, play_round, state, kind)
    print(f"generated {path}: {state['seq']} entries, {state['round']} rounds, "
          f"{state['size'] / 2**20:.1f} MB", file=sys.stderr)

def evening(put, play_round, state, kind):
    ruled, noted = kind["ruled"]["event"], kind["noted"]["event"]
    n = 0
    while state["size"] < mb << 20:
        n += 1
        r = state["round"]
        if r < 30 or n % 1000 == 0:
            play_round()
            r = state["round"]
            if r % 5 == 0:
                put(dict(ruled, ruling=dict(ruled["ruling"], round=r + 1)))
            if r % 10 == 0:
                put(dict(noted, text=f"round {r} done"))
        elif n % 3:
            put(dict(ruled, ruling=dict(ruled["ruling"], round=r + 1)))
        elif n % 301 == 0:
            # A note typed, undone and typed again.
            seq = put(dict(noted, text=f"after round {r}, a remark taken back"))
            put({"type": "undone", "seq": seq})
            put({"type": "redone", "seq": seq})
        else:
            put(dict(noted, text=f"after round {r}, the {n}th remark of the evening"))

def growing(put, play_round, state, kind):
    while state["round"] < rounds:
        play_round()

generate(f"{work}/evening/evening.jsonl", ["p1", "p2", "p3", "p4"], evening)
generate(f"{work}/growing/growing.jsonl", ["p1", "p2", "p3", "p4", "p5", "p6"], growing)
PY

if [[ -n "${LOGS:-}" ]]; then
  rm -rf "$LOGS" && mkdir -p "$LOGS" && cp -r "$work/evening" "$work/growing" "$LOGS/"
  exit 0
fi

# peak LOG LABEL COMMAND...: runs COMMAND (stdin from $input) and prints its peak RSS.
peak() {
  local log=$1 label=$2
  shift 2
  local out=/dev/null
  [[ -n "$keep" ]] && out="$keep/$log.${label// /-}"
  /usr/bin/time -v -o "$work/time" "$@" < "${input:-/dev/null}" > "$out" 2> "$work/err" || true
  local kb
  kb=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$work/time")
  printf '%-8s %-12s %6d MB\n' "$log" "$label" $(( kb / 1024 ))
}

for log in evening growing; do
  dir=$work/$log
  u=("$bin" --sessions "$dir")
  printf 'score\n' > "$work/score.in"
  printf 'history\n' > "$work/history.in"
  input=$work/score.in peak "$log" "open, score" "${u[@]}" resume "$log"
  input=$work/history.in peak "$log" history "${u[@]}" resume "$log"
  for f in json md csv svg; do
    peak "$log" "export $f" "${u[@]}" export "$log" --format "$f"
  done
  peak "$log" sessions "${u[@]}" sessions
  peak "$log" stats "${u[@]}" stats

  # serve: its peak once the page has been served.
  "${u[@]}" serve "$log" --listen 127.0.0.1:0 > "$work/serve.out" 2>&1 &
  serve=$!
  until grep -q "http://" "$work/serve.out" 2>/dev/null; do
    kill -0 $serve 2>/dev/null || { cat "$work/serve.out" >&2; exit 1; }
    sleep 0.05
  done
  url=$(grep -o 'http://[^ ]*' "$work/serve.out" | head -1)
  page=/dev/null
  [[ -n "$keep" ]] && page="$keep/$log.page"
  curl -s "$url" > "$page"
  sleep 0.5
  kb=$(awk '$1 == "VmHWM:" {print $2}' "/proc/$serve/status")
  kill $serve
  wait $serve 2>/dev/null || true
  printf '%-8s %-12s %6d MB\n' "$log" serve $(( kb / 1024 ))
done
