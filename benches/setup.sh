#!/usr/bin/env bash
# The README's set-up figures: from a fresh clone of this checkout's last commit, how
# long `cargo run` takes to reach the prompt, and `cargo test` after it (README.md,
# Set-up; GUIDE.md, Building). Needs hyperfine.
#
#   bash benches/setup.sh [RUNS]      RUNS of each (default 2; each run builds it all)
#
# The clone is made in a temporary directory, its crates fetched first (as on a machine
# that has built Rust before; the download is not timed). hyperfine then times, each
# run from an empty target directory:
#   1. `cargo run` to its first prompt: a script that types `quit` as the prompt opens;
#   2. `cargo test` once `cargo run` has built what it builds, the newcomer's order.
# hyperfine's "User" and "System" are the CPU time of the build and its children, which
# the load of a shared machine moves far less than the wall time: on a busy machine
# compare CPU times, and take the wall times of a quiet one for the README.
set -euo pipefail
runs=${1:-2}
here=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
git clone -q "$here" "$tmp/umpire"
cd "$tmp/umpire"
cargo fetch -q
prompt="echo quit | cargo run -q -- --sessions $tmp/sessions > /dev/null"
tests="cargo test -q > $tmp/tests.log 2>&1"
echo "fresh clone of $(git log -1 --format='%h %s' | cut -c1-72) in $tmp/umpire"
uptime
hyperfine --runs "$runs" --prepare 'cargo clean -q' -n 'cargo run, to the first prompt' "$prompt"
hyperfine --runs "$runs" --prepare "cargo clean -q && $prompt" -n 'cargo test, after it' "$tests"
grep '^test result' "$tmp/tests.log"
uptime
