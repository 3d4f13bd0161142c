#!/usr/bin/env bash
# Word Taking's `next` with its missed-move hint on a crowded table, as a whole process
# (start, replay of the log's 209 entries, the turn recorded, the hint): GUIDE.md's
# "next with its hint on that table" figure, for each build named.
#
#   bash benches/hint_next.sh                          the release and the debug build
#   bash benches/hint_next.sh path/to/umpire [...]     the builds named, side by side
#
# The table: ann, ben, cal and dee draw the letters of fifteen words one turn each
# (TRAIN, STONE, ... VEIL), the player who draws a word's last letter makes it, then
# thirty more letters go to the centre; ann has just drawn the last of them. Each run
# starts from a copy of that log, so every run answers the same `next`. Needs hyperfine.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$#" -gt 0 ]; then
    bins=("$@")
else
    bins=(target/release/umpire target/debug/umpire)
fi
for b in "${bins[@]}"; do
    [ -x "$b" ] || { echo "no build at $b (cargo build [--release] first)" >&2; exit 1; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

players=(ann ben cal dee)
turn=0
{
    for word in TRAIN STONE PLANE GRID CLOUD HEART MINOR QUIZ FROG WAX JOKE DUST PAINT CHOSE VEIL; do
        for ((i = 0; i < ${#word}; i++)); do
            echo "draw ${word:i:1}"
            if [ "$i" -eq $((${#word} - 1)) ]; then
                echo "make ${players[turn % 4]} $word"
            fi
            echo next
            turn=$((turn + 1))
        done
    done
    centre=AAABCDEEEGHIIILMNNOOOPRRSSTTUY
    for ((i = 0; i < ${#centre}; i++)); do
        echo "draw ${centre:i:1}"
        # The last letter stays drawn: the `next` timed below ends that turn.
        [ "$i" -lt $((${#centre} - 1)) ] && echo next
    done
} > "$tmp/script"

"${bins[0]}" --sessions "$tmp/s" new word-taking ann ben cal dee --name crowd < "$tmp/script" > /dev/null
cp "$tmp/s/crowd.jsonl" "$tmp/crowd.jsonl"
echo next > "$tmp/next"
echo "the table: $(wc -l < "$tmp/crowd.jsonl") log lines; the hint it gives:"
"${bins[0]}" --sessions "$tmp/s" resume crowd < "$tmp/next" | grep '^missed:'

commands=()
for b in "${bins[@]}"; do
    commands+=("sh -c 'exec $b --sessions $tmp/s resume crowd < $tmp/next > /dev/null'")
done
hyperfine -N --warmup 3 --runs 20 --prepare "cp $tmp/crowd.jsonl $tmp/s/crowd.jsonl" "${commands[@]}"
