#!/usr/bin/env bash
# The league of a club's years (issue 59: 1,000 sessions, 30 players, in at most a
# second): 1,000 finished sessions of four games (Hearts and Farkle on the score pad,
# Take Two, TAKE rummy's shape of scores on a pad titled Rummy) at tables of 3 to 6
# of 30 players, each made by umpire itself (`new`, its rounds, `finish`), then
# `umpire league` timed over them.
#
#   bash benches/league.sh        needs hyperfine; SESSIONS=1000, PLAYERS=30, RUNS=10
#   BIN=path                      another umpire to time
set -euo pipefail
cd "$(dirname "$0")/.."
SESSIONS=${SESSIONS:-1000}
PLAYERS=${PLAYERS:-30}
RUNS=${RUNS:-10}
if [[ -n "${BIN:-}" ]]; then
  bin=$(realpath "$BIN")
else
  cargo build --release --quiet --bin umpire
  bin=$PWD/target/release/umpire
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$work" "$SESSIONS" "$PLAYERS" <<'PY' > "$work/make.sh"
import random, sys
work, sessions, players = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rnd = random.Random(59)
names = [f"p{n:02d}" for n in range(players)]
games = [("Hearts", "--lowest-wins"), ("Farkle", ""), ("Rummy", "")]
for s in range(sessions):
    seats = rnd.sample(names, rnd.randint(3, 6))
    if s % 4 == 3:
        lines = []
        for r in range(3):
            out = rnd.randrange(len(seats))
            # Leftovers the tile set holds together: a letter each, none twice.
            left = rnd.sample("EAIONRTLSU", len(seats))
            for k, p in enumerate(seats):
                lines.append(f"out {p}" if k == out else f"left {p} {left[k]}")
            lines.append("end")
        new = f"new take-two {' '.join(seats)} --name s{s:04d}"
    else:
        title, flag = games[s % 3]
        lines = [f"points {' '.join(str(rnd.randint(0, 26)) for _ in seats)}" for _ in range(3)]
        lines = [x for l in lines for x in (l, "end")]
        new = f"new scorepad {' '.join(seats)} --title {title} {flag} --name s{s:04d}"
    lines.append("finish")
    body = "\\n".join(lines)
    print(f"printf '{body}\\n' | \"$bin\" --sessions {work}/sessions {new} > /dev/null")
PY
bin="$bin" bash "$work/make.sh"
echo "$(ls "$work/sessions" | grep -c jsonl) sessions made"
hyperfine --runs "$RUNS" --warmup 1 -n "umpire league ($SESSIONS sessions, $PLAYERS players)" \
  "$bin --sessions $work/sessions league > /dev/null"
"$bin" --sessions "$work/sessions" league | head -8
