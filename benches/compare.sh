#!/usr/bin/env bash
# Side-by-side timings of umpire against the tools people would otherwise use, and its
# own start-up and replay figures, in one run:
#
#   bash benches/compare.sh        needs hyperfine, look, grep, GNU time, python3
#                                  (Debian: apt-get install hyperfine bsdextrautils time)
#
# - one `umpire check WORD` process vs one `look WORD LIST`     (target: no slower)
# - two batches of 100,000 words, `umpire check --stdin --quiet` vs `grep -cxFf LIST`,
#   on two cores and on one (taskset), with the CPU time each takes:
#     real input:  drawn (fixed seed) from the lowercase SCOWL <= 80 list, the words
#                  people play, nearly all allowed        (target: 12x grep's rate)
#     every level: drawn from every plain spelling up to level 95, half refused
#                                                          (target: 10x grep's rate)
# - the prompt's start-up to its first prompt in script mode      (target: under 20 ms)
# - opening a 10,000-event session (replay) as a whole process    (target: under 50 ms)
# - Word Taking's `word-moves`, whole process: a real table (5 centre letters, 10 words)
#   and the crowded one of the criterion bench (40 letters, 20 words), word graph built
# - peak RSS of each                                               (target: under 30 MB)
#
# Also times a statically linked build (glibc, crt-static), which skips the dynamic
# loader: the way to ship umpire where one check must beat look.
set -euo pipefail
cd "$(dirname "$0")/.."
work=${WORK:-target/compare}
mkdir -p "$work"
cargo build --release --quiet --bin umpire
bin=target/release/umpire
static=""
if RUSTFLAGS="-C target-feature=+crt-static" cargo build --release --quiet --bin umpire \
     --target x86_64-unknown-linux-gnu --target-dir target/static 2>/dev/null; then
  static=target/static/x86_64-unknown-linux-gnu/release/umpire
fi

# The plain list: every lowercase ASCII spelling in the dictionary data, sorted for look;
# the words people play: those of them at SCOWL level 80 or below.
awk -F'\t' '!/^#/ && $1 ~ /^[a-z]+$/ && $2 != "-" {print $1}' dictionaries/en.tsv \
  | LC_ALL=C sort -u > "$work/plain.txt"
awk -F'\t' '!/^#/ && $1 ~ /^[a-z]+$/ && $2 != "-" && $2 <= 80 {print $1}' dictionaries/en.tsv \
  | LC_ALL=C sort -u > "$work/plain80.txt"
# 100,000 queries drawn with a fixed seed, so every run times the same words.
LC_ALL=C shuf -n 100000 -r --random-source=<(yes umpire-compare-seed) "$work/plain.txt" > "$work/queries.txt"
LC_ALL=C shuf -n 100000 -r --random-source=<(yes umpire-compare-seed) "$work/plain80.txt" > "$work/real.txt"
word=$(sed -n 4242p "$work/queries.txt")

# Sessions: a fresh one for start-up, a 10,000-event one for replay.
sessions="$work/sessions"
rm -rf "$sessions"; mkdir -p "$sessions"
"$bin" --sessions "$sessions" new take-two ann ben cat dan --name small < /dev/null > /dev/null
"$bin" --sessions "$sessions" new take-two ann ben cat dan --name long < /dev/null > /dev/null
python3 - "$sessions/long.jsonl" <<'PY'
import sys
with open(sys.argv[1], "a") as f:
    seq, rnd = 0, 0
    while seq < 10000:
        rnd += 1
        for ev in ['{"type":"out","player":"ann"}', '{"type":"left","player":"ben","tiles":"QZ"}',
                   '{"type":"left","player":"cat","tiles":"AB?"}', '{"type":"penalty","player":"dan","why":"DONT"}',
                   '{"type":"left","player":"dan","tiles":"E"}', '{"type":"round-ended","round":%d}' % rnd]:
            seq += 1
            f.write('{"seq":%d,"at":"2026-11-22T20:00:00Z","event":%s}\n' % (seq, ev))
PY

echo "plain list: $(wc -l < "$work/plain.txt") words ($(wc -l < "$work/plain80.txt") at level 80 or below); 100,000 queries each; single word: $word"
echo "not allowed: every level $("$bin" check --stdin --quiet < "$work/queries.txt" || true), real input $("$bin" check --stdin --quiet < "$work/real.txt" || true)"
echo "10,000-event session: $(wc -l < "$sessions/long.jsonl") lines"

hf() { hyperfine -i --export-json "$@" > /dev/null 2>&1; }
hf "$work/single.json" -N --warmup 100 --runs 2000 \
  -n "umpire check $word" "$bin check $word" \
  -n "look $word" "look $word $work/plain.txt" \
  -n "umpire define dog" "$bin define dog" \
  ${static:+-n "umpire check $word (static)" "$static check $word"}
hf "$work/batch.json" --warmup 3 --runs 30 \
  -n "umpire check --stdin --quiet (every level)" "$bin check --stdin --quiet < $work/queries.txt" \
  -n "umpire, one core (every level)" "taskset -c 0 $bin check --stdin --quiet < $work/queries.txt" \
  -n "grep -cxFf plain.txt (every level)" "grep -cxFf $work/plain.txt < $work/queries.txt" \
  -n "umpire check --stdin --quiet (real input)" "$bin check --stdin --quiet < $work/real.txt" \
  -n "umpire, one core (real input)" "taskset -c 0 $bin check --stdin --quiet < $work/real.txt" \
  -n "grep -cxFf plain.txt (real input)" "grep -cxFf $work/plain.txt < $work/real.txt"
hf "$work/start.json" --warmup 20 --runs 300 \
  -n "prompt start, script mode" "$bin --sessions $sessions resume small < /dev/null" \
  -n "open a 10,000-event session" "$bin --sessions $sessions resume long < /dev/null" \
  -n "export a 10,000-event session" "$bin --sessions $sessions export long --format json"

# The words of benches/word_moves.rs.
words20="CAT FIN LAME AMPLE HOUSE TABLE STONE RIVER GARDEN PLANET MARKET SILVER BOTTLE WINTER CANDLE FOREST PAINTER TEACHER MOUNTAIN ELEPHANT"
words10=$(echo $words20 | cut -d' ' -f1-10)
centre40=AAAAEEEEEEIIIIOOOOUUBCDDGHLLMNNNPRRRSSTT
hf "$work/word.json" --warmup 3 --runs 30 \
  -n "word-moves, 5 letters and 10 words" "$bin word-moves --centre AERST $words10" \
  -n "word-moves, 40 letters and 20 words" "$bin word-moves --centre $centre40 $words20"

rss() { /usr/bin/time -f "%M" sh -c "$1" 2>&1 >/dev/null | tail -1; }
echo
echo "| command | mean | min | CPU (user + sys) | peak RSS |"
echo "| --- | ---: | ---: | ---: | ---: |"
python3 - "$work"/single.json "$work"/batch.json "$work"/start.json "$work"/word.json <<'PY' > "$work/times.txt"
import json, sys
for f in sys.argv[1:]:
    for r in json.load(open(f))["results"]:
        cpu = (r['user'] + r['system']) * 1e3
        print(f"{r['command']}\t{r['mean']*1e3:.2f} ms\t{r['min']*1e3:.2f} ms\t{cpu:.2f} ms")
PY
declare -A cmd=(
  ["umpire check $word"]="$bin check $word"
  ["look $word"]="look $word $work/plain.txt"
  ["umpire define dog"]="$bin define dog"
  ["umpire check $word (static)"]="${static:-true} check $word"
  ["umpire check --stdin --quiet (every level)"]="$bin check --stdin --quiet < $work/queries.txt"
  ["umpire, one core (every level)"]="taskset -c 0 $bin check --stdin --quiet < $work/queries.txt"
  ["grep -cxFf plain.txt (every level)"]="grep -cxFf $work/plain.txt < $work/queries.txt"
  ["umpire check --stdin --quiet (real input)"]="$bin check --stdin --quiet < $work/real.txt"
  ["umpire, one core (real input)"]="taskset -c 0 $bin check --stdin --quiet < $work/real.txt"
  ["grep -cxFf plain.txt (real input)"]="grep -cxFf $work/plain.txt < $work/real.txt"
  ["prompt start, script mode"]="$bin --sessions $sessions resume small < /dev/null"
  ["open a 10,000-event session"]="$bin --sessions $sessions resume long < /dev/null"
  ["export a 10,000-event session"]="$bin --sessions $sessions export long --format json"
  ["word-moves, 5 letters and 10 words"]="$bin word-moves --centre AERST $words10"
  ["word-moves, 40 letters and 20 words"]="$bin word-moves --centre $centre40 $words20"
)
while IFS=$'\t' read -r name mean min cpu; do
  echo "| $name | $mean | $min | $cpu | $(rss "${cmd[$name]}") KB |"
done < "$work/times.txt"
python3 - "$work"/batch.json <<'PY'
import json, sys
r = {x["command"]: x["mean"] for x in json.load(open(sys.argv[1]))["results"]}
for w in ("every level", "real input"):
    g = r[f"grep -cxFf plain.txt ({w})"]
    print(f"{w}: {g / r[f'umpire check --stdin --quiet ({w})']:.1f}x grep's rate on two cores, "
          f"{g / r[f'umpire, one core ({w})']:.1f}x on one")
PY
# CPU time per batch, measured run by run (getrusage of each child) with the commands
# taking turns, so that a busy machine weighs on all alike: median and minimum of 30.
# The in-process floor to compare with is `cargo bench -p umpire-benches --bench lookup -- batch`.
echo
python3 - "$bin" "$work" <<'PY'
import resource, statistics, subprocess, sys
bin, work = sys.argv[1], sys.argv[2]
for w, f in (("every level", "queries.txt"), ("real input", "real.txt")):
    cmds = {"umpire, two cores": [bin, "check", "--stdin", "--quiet"],
            "umpire, one core": ["taskset", "-c", "0", bin, "check", "--stdin", "--quiet"],
            "grep -cxFf": ["grep", "-cxFf", f"{work}/plain.txt"]}
    cpu = {k: [] for k in cmds}
    for i in range(30):
        for k, c in cmds.items():
            if k.startswith("grep") and i >= 5:
                continue
            with open(f"{work}/{f}", "rb") as stdin:
                a = resource.getrusage(resource.RUSAGE_CHILDREN)
                subprocess.run(c, stdin=stdin, stdout=subprocess.DEVNULL)
                b = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu[k].append((b.ru_utime - a.ru_utime + b.ru_stime - a.ru_stime) * 1e3)
    print(f"CPU, {w}: " + "; ".join(
        f"{k} {statistics.median(v):.1f} ms (min {min(v):.1f})" for k, v in cpu.items()))
PY
