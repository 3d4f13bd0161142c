#!/usr/bin/env bash
# The word judge's two speed targets, as whole processes, with hyperfine, on the same
# inputs as benches/compare.sh:
#
# - a batch of the 100,000 words people play (drawn with a fixed seed from the lowercase
#   SCOWL <= 80 spellings), `umpire check --stdin --quiet` against `grep -cxFf` on the
#   same words and list, both in one hyperfine run (target: 18 times grep's rate);
# - one `umpire check WORD` process against one `look WORD LIST` (target: no slower).
#
#   bash benches/judge_speed.sh                     the release build (built if need be)
#   BEFORE=path/to/old/umpire bash benches/judge_speed.sh
#                                                   the same, with an older build timed
#                                                   in the same runs, for before/after
#
# Needs hyperfine, look (bsdextrautils), grep, python3.
set -euo pipefail
cd "$(dirname "$0")/.."
work=${WORK:-target/judge-speed}
mkdir -p "$work"
cargo build --release --quiet --bin umpire
bin=target/release/umpire
awk -F'\t' '!/^#/ && $1 ~ /^[a-z]+$/ && $2 != "-" {print $1}' dictionaries/en.tsv \
  | LC_ALL=C sort -u > "$work/plain.txt"
awk -F'\t' '!/^#/ && $1 ~ /^[a-z]+$/ && $2 != "-" && $2 <= 80 {print $1}' dictionaries/en.tsv \
  | LC_ALL=C sort -u > "$work/plain80.txt"
LC_ALL=C shuf -n 100000 -r --random-source=<(yes umpire-compare-seed) "$work/plain80.txt" > "$work/real.txt"
LC_ALL=C shuf -n 100000 -r --random-source=<(yes umpire-compare-seed) "$work/plain.txt" > "$work/queries.txt"
word=$(sed -n 4242p "$work/queries.txt")
echo "100,000 words people play; one word: $word"

batch=(-n "umpire check --stdin --quiet" "$bin check --stdin --quiet < $work/real.txt")
single=(-n "umpire check $word" "$bin check $word")
if [ -n "${BEFORE:-}" ]; then
  batch+=(-n "before: umpire check --stdin --quiet" "$BEFORE check --stdin --quiet < $work/real.txt")
  single+=(-n "before: umpire check $word" "$BEFORE check $word")
fi
hyperfine -i --warmup 3 --runs 30 --export-json "$work/batch.json" "${batch[@]}" \
  -n "grep -cxFf plain.txt" "grep -cxFf $work/plain.txt $work/real.txt" > /dev/null
hyperfine -i -N --warmup 100 --runs 2000 --export-json "$work/single.json" "${single[@]}" \
  -n "look $word" "look $word $work/plain.txt" > /dev/null

python3 - "$work" <<'PY'
import json, sys
work = sys.argv[1]
for f, base in (("batch.json", "grep -cxFf plain.txt"), ("single.json", None)):
    rs = json.load(open(f"{work}/{f}"))["results"]
    means = {r["command"]: r["mean"] for r in rs}
    if base is None:
        base = next(c for c in means if c.startswith("look "))
    for r in rs:
        c, m = r["command"], r["mean"]
        ratio = means[base] / m if f == "batch.json" else m / means[base]
        what = f"{ratio:.2f}x grep's rate" if f == "batch.json" else f"{ratio:.2f}x look's time"
        print(f"{c:45} mean {m*1e3:8.2f} ms  min {r['min']*1e3:8.2f} ms  "
              + ("" if c == base else what))
PY
