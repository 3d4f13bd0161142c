#!/usr/bin/env bash
# Peak memory of a room of 8 tables, each with a 50 MB log (issue 58: "under 8 times
# one table's peak"), beside one table alone, both served from the prompt with their
# pages fetched:
#
#   one table   `umpire resume t1`, then `serve`, the table's page fetched
#   the room    `umpire room club` over the same log copied to 8 tables, then `serve`,
#               the room's page, the night and every table's page fetched
#
#   bash benches/room_memory.sh       needs python3 and curl; makes its logs with
#                                     benches/memory_peaks.sh (LOGS=dir)
#   BIN=path   another umpire to measure
#   MB=50      each log's size
#
# The peak is VmHWM from /proc once every page has been answered. Figures in MB.
set -euo pipefail
cd "$(dirname "$0")/.."
MB=${MB:-50}
if [[ -n "${BIN:-}" ]]; then
  bin=$(realpath "$BIN")
else
  cargo build --release --quiet --bin umpire
  bin=$PWD/target/release/umpire
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
LOGS="$work/logs" MB=$MB BIN="$bin" bash benches/memory_peaks.sh > /dev/null 2>&1
mkdir -p "$work/one" "$work/room"
cp "$work/logs/evening/evening.jsonl" "$work/one/t1.jsonl"
printf '{"umpire-room":1}\n' > "$work/room/club.room"
for t in 1 2 3 4 5 6 7 8; do
  cp "$work/logs/evening/evening.jsonl" "$work/room/club-t$t.jsonl"
  printf '{"table":"t%s","session":"club-t%s"}\n' "$t" "$t" >> "$work/room/club.room"
done
ls -l "$work/one/t1.jsonl" | awk '{printf "each log: %.1f MB\n", $5 / 1048576}'

# served DIR URLS... < commands: runs the prompt with the commands typed (it keeps
# reading), waits for the page's address, fetches each URL path, prints VmHWM in MB.
served() {
  local dir=$1
  shift
  local fifo=$work/in.$RANDOM
  mkfifo "$fifo"
  "$bin" --sessions "$dir" "${args[@]}" < "$fifo" > "$work/out" 2>&1 &
  local pid=$!
  exec 3> "$fifo"
  printf 'serve 127.0.0.1:0\n' >&3
  until grep -q "http://" "$work/out" 2>/dev/null; do
    kill -0 $pid 2>/dev/null || { cat "$work/out" >&2; exit 1; }
    sleep 0.1
  done
  local url
  url=$(grep -o 'http://[0-9.:]*/' "$work/out" | head -1)
  for path in "$@"; do
    curl -sf "$url$path" > /dev/null || { echo "no answer at $url$path" >&2; exit 1; }
  done
  sleep 1
  awk '$1 == "VmHWM:" {printf "%d\n", $2 / 1024}' "/proc/$pid/status"
  printf 'quit\n' >&3
  exec 3>&-
  wait $pid 2>/dev/null || true
  rm -f "$fifo"
}

args=(resume t1)
one=$(served "$work/one" "")
args=(room club)
room=$(served "$work/room" "" night t/t1/ t/t2/ t/t3/ t/t4/ t/t5/ t/t6/ t/t7/ t/t8/)
printf 'one table, served:      %6d MB\n' "$one"
printf 'a room of 8, served:    %6d MB (8 times one table: %d MB)\n' "$room" $((8 * one))
