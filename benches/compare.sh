#!/usr/bin/env bash
# Side-by-side timings of the word judge against the tools people would otherwise use.
#
#   bash benches/compare.sh            (needs hyperfine, look, grep, GNU time; Debian:
#                                       apt-get install hyperfine bsdextrautils time)
#
# - batch: 100,000 words drawn (seeded) from the plain list, `umpire check --stdin
#   --quiet` against `grep -cxFf LIST` over the same plain list;
# - single: one `umpire check WORD` process against one `look WORD LIST`;
# - peak RSS of each, from GNU time.
set -euo pipefail
cd "$(dirname "$0")/.."
work=${WORK:-target/compare}
mkdir -p "$work"
cargo build --release --quiet --bin umpire
bin=target/release/umpire

# The plain list: every lowercase ASCII spelling in the dictionary data, sorted for look.
awk -F'\t' '!/^#/ && $1 ~ /^[a-z]+$/ && $2 != "-" {print $1}' dictionaries/en.tsv \
  | LC_ALL=C sort -u > "$work/plain.txt"
# 100,000 queries drawn from the list with a fixed seed, so every run times the same words.
openssl_seed() { yes umpire-compare-seed; }
LC_ALL=C shuf -n 100000 -r --random-source=<(openssl_seed) "$work/plain.txt" > "$work/queries.txt"
word=$(sed -n 4242p "$work/queries.txt")
echo "plain list: $(wc -l < "$work/plain.txt") words; queries: $(wc -l < "$work/queries.txt"); single word: $word"

# Both read the queries through a shell redirect; hyperfine subtracts the shell's start.
hyperfine -i --warmup 3 --runs 30 --export-json "$work/batch.json" \
  -n "umpire check --stdin --quiet" "$bin check --stdin --quiet < $work/queries.txt" \
  -n "grep -cxFf plain.txt" "grep -cxFf $work/plain.txt < $work/queries.txt" >/dev/null
hyperfine -i -N --warmup 100 --runs 2000 --export-json "$work/single.json" \
  -n "umpire check $word" "$bin check $word" \
  -n "look $word plain.txt" "look $word $work/plain.txt" >/dev/null

rss() { /usr/bin/time -f "%M" "$@" 2>&1 >/dev/null | tail -1; }
echo
echo "| command | peak RSS (KB) |"
echo "| --- | --- |"
echo "| umpire check --stdin --quiet (100k words) | $(rss sh -c "$bin check --stdin --quiet < $work/queries.txt") |"
echo "| grep -cxFf plain.txt (100k words) | $(rss sh -c "grep -cxFf $work/plain.txt < $work/queries.txt") |"
echo "| umpire check $word | $(rss "$bin" check "$word") |"
echo "| look $word | $(rss look "$word" "$work/plain.txt") |"
echo
echo "| command | mean | sd | min |"
echo "| --- | --- | --- | --- |"
for f in batch single; do
  python3 - "$work/$f.json" <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["results"]:
    print(f"| {r['command']} | {r['mean']*1e3:.3f} ms | {r['stddev']*1e3:.3f} ms | {r['min']*1e3:.3f} ms |")
PY
done
