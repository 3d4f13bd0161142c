#!/usr/bin/env bash
# How many verdicts a change of the word judge changed, over the whole dictionary: every
# key of dictionaries/en.tsv (now and at REF) judged by two builds under each rule set at
# the default level, and every plural-shaped take (OLD to OLD+S, +ES, Y to IES, MAN to
# MEN, both words allowed under word-taking) ruled by both builds' `take-word`.
#
#   BEFORE=path/to/old/umpire [AFTER=target/release/umpire] [REF=main] bash benches/verdict_diff.sh
#
# BEFORE is a build of the code before the change (e.g. `git worktree add /tmp/before
# main && cargo build --release --manifest-path /tmp/before/Cargo.toml`). Prints, per
# rule set, the verdicts that changed (allowed to refused, refused to allowed, and the
# reason alone), the changes by (old code -> new code), and a sample of each kind, seeded
# so that a run reads the same words; then the same for the takes. Needs python3.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${BEFORE:?set BEFORE to the umpire binary built before the change}"
AFTER=${AFTER:-target/release/umpire}
REF=${REF:-main}
work=${WORK:-target/verdict-diff}
mkdir -p "$work"
git show "$REF:dictionaries/en.tsv" > "$work/en-before.tsv"

python3 - "$BEFORE" "$AFTER" "$work" <<'PY'
import collections, json, random, subprocess, sys, unicodedata

before, after, work = sys.argv[1:4]

def fold(s):
    s = unicodedata.normalize("NFKD", s)
    s = "".join(c for c in s if not unicodedata.combining(c)).lower()
    return "".join(c for c in s if c not in "'-. \u2019")

keys = set()
for path in (f"{work}/en-before.tsv", "dictionaries/en.tsv"):
    for line in open(path, encoding="utf-8"):
        if line.startswith("#"):
            continue
        k = fold(line.split("\t", 1)[0])
        if k.isascii() and k.isalpha():
            keys.add(k)
keys = sorted(keys)
with open(f"{work}/keys.txt", "w") as f:
    f.write("\n".join(keys) + "\n")

def verdicts(binary, rules):
    with open(f"{work}/keys.txt") as stdin:
        out = subprocess.run([binary, "check", "--json", "--rules", rules, "--stdin"],
                             stdin=stdin, capture_output=True, text=True).stdout
    return {v["word"]: v for v in json.loads(out)}

print(f"{len(keys):,} keys (every key of en.tsv before and after), default level 80")
allowed_wt = None
for rules in ("take-two", "word-taking", "names-places", "names-history", "names-authors"):
    a, b = verdicts(before, rules), verdicts(after, rules)
    if rules == "word-taking":
        allowed_wt = {w.lower() for w, v in b.items() if v["allowed"] and a[w]["allowed"]}
    flips = collections.Counter()
    moves = collections.Counter()
    samples = collections.defaultdict(list)
    for w in a:
        x, y = a[w], b[w]
        if x["allowed"] != y["allowed"]:
            kind = "allowed -> refused" if x["allowed"] else "refused -> allowed"
        elif x["reason"] != y["reason"]:
            kind = "reason only"
        else:
            continue
        flips[kind] += 1
        move = f"{x['code']} -> {y['code']}"
        moves[(kind, move)] += 1
        samples[(kind, move)].append(f"{w}: {x['reason']} => {y['reason']}")
    total = sum(flips.values())
    print(f"\n== {rules}: {total:,} verdicts changed: " +
          ", ".join(f"{k} {n:,}" for k, n in sorted(flips.items())))
    rng = random.Random(f"umpire-verdict-diff-{rules}")
    for (kind, move), n in sorted(moves.items(), key=lambda kv: -kv[1]):
        pick = rng.sample(samples[(kind, move)], min(3, n))
        print(f"  {kind:20} {move:30} {n:7,}   e.g. " + " | ".join(pick))

# Takes: every regular plural spelling of a key whose both words word-taking allows.
pairs = []
for old in sorted(allowed_wt):
    news = []
    if not old.endswith("s"):
        news.append(old + "s")
    if old.endswith(("s", "x", "z", "ch", "sh")):
        news.append(old + "es")
    if len(old) > 1 and old.endswith("y") and old[-2] not in "aeiou":
        news.append(old[:-1] + "ies")
    if old.endswith("man"):
        news.append(old[:-3] + "men")
    pairs += [(old, n) for n in news if n in allowed_wt]

def rule(binary, old, new):
    out = subprocess.run([binary, "take-word", old, new, "--json"],
                         capture_output=True, text=True).stdout
    return json.loads(out)

changed = collections.Counter()
samples = collections.defaultdict(list)
for old, new in pairs:
    x, y = rule(before, old, new), rule(after, old, new)
    if x["valid"] != y["valid"]:
        kind = "valid -> refused" if x["valid"] else "refused -> valid"
        changed[kind] += 1
        samples[kind].append(f"{old.upper()} to {new.upper()}: {y['reason']}")
print(f"\n== takes: {len(pairs):,} plural-shaped takes of words word-taking allows; "
      f"{sum(changed.values()):,} rulings changed: " +
      ", ".join(f"{k} {n:,}" for k, n in sorted(changed.items())))
for kind, n in sorted(changed.items()):
    rng = random.Random(f"umpire-verdict-diff-takes-{kind}")
    for s in rng.sample(samples[kind], min(12, n)):
        print(f"  {kind:18} {s}")
PY
