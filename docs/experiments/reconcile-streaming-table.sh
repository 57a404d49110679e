#!/usr/bin/env bash
# Prints the markdown table of docs/experiments/reconcile-streaming.md from the CLI's own output:
# the streamed and the batched rateless exchange over seeds 1..SEEDS, on the simulator.
# Usage: docs/experiments/reconcile-streaming-table.sh [SIZE] [DIFFS] [SEEDS] [STREAM FLAGS...]
# Flags after SEEDS go to the streamed runs only (e.g. --probe 0). BLOOMCHORD names the launcher to
# run (default: the worktree's ./bloomchord).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
launcher="${BLOOMCHORD:-$root/bloomchord}"
size="${1:-200000}"
diffs="${2:-0,1,10,100,1000,10000,100000}"
seeds="${3:-6}"
shift $(( $# < 3 ? $# : 3 ))
extra=("$@")
out="$(mktemp)"
trap 'rm -f "$out"' EXIT
for seed in $(seq 1 "$seeds"); do
  for mode in stream batched; do
    flags=()
    if [ "$mode" = stream ]; then flags=("${extra[@]}"); fi
    "$launcher" reconcile --method riblt --size "$size" --diff "$diffs" --runtime sim --seed "$seed" \
      --rateless "$mode" "${flags[@]}" --json 2>/dev/null \
      | jq -c --arg mode "$mode" 'if type == "array" then .[] else . end | {mode: $mode, seed: .seed,
          diff: .reconcile.diff, bytes: .reconcile.bytes, rounds: .reconcile.rounds, exact: .reconcile.exact}' >>"$out"
  done
done
jq -rs --arg size "$size" --arg seeds "$seeds" --arg flags "${extra[*]:+, streamed with ${extra[*]}}" '
  def mean: add / length;
  "Sets of \($size) elements (8 bytes), \($seeds) seeds each, simulator\($flags).\n",
  "| d | batched bytes (mean) | batched rounds | streamed bytes (mean) | streamed rounds (max) | streamed runs over 2 rounds | streamed / batched (mean, max over seeds) | exact |",
  "|---:|---:|---:|---:|---:|---:|---:|---|",
  (group_by(.diff)[] as $g
   | ($g | map(select(.mode == "batched"))) as $b
   | ($g | map(select(.mode == "stream"))) as $s
   | ([range(0; $s | length)] | map(. as $i | $s[$i].bytes / ($b | map(select(.seed == $s[$i].seed))[0].bytes)))
       as $ratio
   | "| \($g[0].diff) | \($b | map(.bytes) | mean | floor) | \($b | map(.rounds) | min)-\($b | map(.rounds) | max) | \($s | map(.bytes) | mean | floor) | \($s | map(.rounds) | max) | \($s | map(select(.rounds > 2)) | length) | \($ratio | mean * 1000 | round / 1000), \($ratio | max * 1000 | round / 1000) | \($g | all(.exact)) |")
' "$out"
