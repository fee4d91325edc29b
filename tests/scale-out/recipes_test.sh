#!/usr/bin/env bash
# The scale-out recipes of scripts/scale-out/ run on this machine, and each merged report equals
# the single run's, byte for byte (timings aside) — issue 21.
#   recipes_test.sh ARBITER SOURCE_DIR parallel|slurm
# Exit 77 (CTest: skipped) with a message when the engine is not installed.
set -euo pipefail
arbiter=$1 src=$2 engine=$3
case $engine in
parallel) command -v parallel > /dev/null || { echo "SKIP: GNU parallel is not installed (scripts/setup installs it)"; exit 77; } ;;
slurm)
  for tool in sbatch slurmctld slurmd munged; do
    command -v $tool > /dev/null || { echo "SKIP: $tool is not installed (scripts/setup installs slurm-wlm and munge)"; exit 77; }
  done
  [ "$(id -u)" -eq 0 ] || { echo "SKIP: the one-machine Slurm cluster runs its daemons as root"; exit 77; }
  ;;
esac
work=$(mktemp -d)
cleanup() {
  [ "$engine" = slurm ] && "$src"/scripts/scale-out/local-slurm stop "$work/cluster" || true
  rm -rf "$work" || true
}
trap cleanup EXIT
# Mixed input: real exports (Latin-1, annotations and variations, Lichess), generated defects, a
# comment quoting a tag pair, '%' lines.
tp=$src/tests/data/third-party/pgn
{
  cat "$tp"/dortmund1928-latin1.pgn "$tp"/semicomm-variations.pgn
  for i in $(seq 1 40); do
    printf '[Event "gen %d"]\n[White "w"]\n[Black "b"]\n[Result "*"]\n\n' "$i"
    if [ $((i % 7)) -eq 0 ]; then printf '1. e4 {quoted\n[Event "not a game"]\nstill the comment} e5 *\n\n'
    elif [ $((i % 3)) -eq 0 ]; then printf '1. e4 e5 2. Ke3 *\n\n'
    else printf '%% escape\n1. d4 d5 *\n\n'; fi
  done
  cat "$tp"/lichess-db-2025-05-sample.pgn
} > "$work/in.pgn"
untimed() { sed -E 's/"seconds":[^,}]*/"seconds":T/; s/ in [0-9.]+ s \([0-9]+ games\/s\)/ in T/' "$@"; }
"$arbiter" check --no-progress --format json --all-games "$work/in.pgn" > "$work/single.json" || [ $? -le 1 ]
"$arbiter" check --no-progress "$work/in.pgn" > "$work/single.txt" 2>&1 || [ $? -le 1 ]
export ARBITER=$arbiter CHECK_OPTIONS=--all-games
n=7
case $engine in
parallel)
  MERGE_FORMAT=json "$src"/scripts/scale-out/parallel-shards "$work/in.pgn" $n "$work/out" -- -j2 || [ $? -le 1 ]
  # The same shards, over "hosts": -S 2/: is two slots on this machine through parallel's remote path.
  MERGE_FORMAT=json "$src"/scripts/scale-out/parallel-shards "$work/in.pgn" $n "$work/remote" -- -S 2/: || [ $? -le 1 ]
  cmp <(untimed "$work/remote/report") <(untimed "$work/single.json")
  ;;
slurm)
  eval "$("$src"/scripts/scale-out/local-slurm start "$work/cluster")"
  WAIT=1 MERGE_FORMAT=json "$src"/scripts/scale-out/slurm-array "$work/in.pgn" $n "$work/out" || [ $? -le 1 ]
  ;;
esac
cmp <(untimed "$work/out/report") <(untimed "$work/single.json")
"$arbiter" merge "$work"/out/shard-*.json > "$work/merged.txt" 2>&1 || [ $? -le 1 ]
cmp <(untimed "$work/merged.txt") <(untimed "$work/single.txt")
# The same shard reports into the CI formats: SARIF from the files, JUnit from all of them
# concatenated on standard input (as an engine that collects its tasks' outputs in one stream).
"$arbiter" check --no-progress --format sarif "$work/in.pgn" > "$work/single.sarif" 2> /dev/null || [ $? -le 1 ]
"$arbiter" merge --format sarif "$work"/out/shard-*.json > "$work/merged.sarif" || [ $? -le 1 ]
cmp "$work/merged.sarif" "$work/single.sarif"
"$arbiter" check --no-progress --format junit "$work/in.pgn" > "$work/single.xml" 2> /dev/null || [ $? -le 1 ]
cat "$work"/out/shard-*.json | "$arbiter" merge --format junit - > "$work/merged.xml" || [ $? -le 1 ]
cmp "$work/merged.xml" "$work/single.xml"
echo "ok: $engine, N=$n: the merged text, json, sarif and junit reports equal the single run's ($(grep -c '"type":"game"' "$work/single.json") game records)"
