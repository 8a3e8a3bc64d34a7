#!/bin/sh
# bench/solve.sh: sdk-solve on the shared puzzle sets (../shared/puzzles,
# or SDK_PUZZLES).  Two measures:
#   1. sdk-solve --bench: wall-clock table per set (noisy on a shared
#      machine; repeat with REPEAT=n);
#   2. instructions per puzzle, counted by callgrind inside the engine only
#      (fast_solve and what it calls), on a fixed sample of each set:
#      the same count on every run, whatever else the machine does.
# STRATEGIES=fast,dlx,ac3 adds strategies to the table (with a timeout).
# fast runs its AVX2 build where the processor has it; SDK_SOLVE_PORTABLE=1
# measures the portable one.
set -eu
cd "$(dirname "$0")/.."
bin=${SDK_BINDIR:-build/bin}
puzzles=${SDK_PUZZLES:-../shared/puzzles}
repeat=${REPEAT:-3}
strategies=${STRATEGIES:-fast}
sample=${SAMPLE:-2000}

if [ ! -d "$puzzles" ]; then
	echo "bench/solve.sh: no puzzle sets in $puzzles: skipped" >&2
	exit 0
fi
make --no-print-directory "$bin/sdk-solve" >/dev/null

sets="top1465.txt hardest_1905_11plus.txt 17_clue.txt"
echo "# commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)," \
    "$(uname -m), $(nproc) cores, ${CC:-cc} -O2," \
    "SDK_SOLVE_PORTABLE=${SDK_SOLVE_PORTABLE:-unset}"
for s in $sets; do
	"$bin/sdk-solve" --bench -n "$repeat" -s "$strategies" -t 10 \
	    "$puzzles/$s"
	echo
done

if ! command -v valgrind >/dev/null 2>&1; then
	echo "bench/solve.sh: no valgrind: instruction counts skipped" >&2
	exit 0
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sdk-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
echo "# instructions per puzzle (callgrind, inside fast_solve;" \
    "stop at 2 solutions)"
printf '%-26s %8s %14s %12s\n' set puzzles instructions per_puzzle
for s in $sets; do
	head -n "$sample" "$puzzles/$s" >"$tmp/in.txt"
	n=$(wc -l <"$tmp/in.txt")
	valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.out" \
	    --toggle-collect=fast_solve "$bin/sdk-solve" -q "$tmp/in.txt" \
	    >/dev/null 2>"$tmp/err" || true
	ir=$(sed -n 's/^summary: *//p;s/^totals: *//p' "$tmp/cg.out" |
	    head -n 1)
	printf '%-26s %8d %14d %12d\n' "$s" "$n" "$ir" $((ir / n))
done
