#!/bin/sh
# bench/gen.sh: sdk-gen's rate per level, and the levels sdk-solve --rate
# gives the shared puzzle sets (../shared, or SDK_SHARED).
#   1. for each level, COUNT puzzles from a fixed seed: user CPU seconds
#      (one core), puzzles per second, attempts per puzzle, mean givens;
#   2. --rate over the shared sets: count per status and level.
# SCALE=0.1 runs a tenth of the counts.
set -eu
cd "$(dirname "$0")/.."
bin=${SDK_BINDIR:-build/bin}
shared=${SDK_SHARED:-../shared}
scale=${SCALE:-1}
make --no-print-directory "$bin/sdk-gen" "$bin/sdk-solve" >/dev/null
if ! command -v jq >/dev/null 2>&1; then
	echo "bench/gen.sh: needs jq" >&2
	exit 0
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sdk-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

echo "# commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)," \
    "$(uname -m), $(nproc) cores"
echo "# sdk-gen --seed 1000, one core"
printf '%-8s %6s %8s %10s %9s %7s\n' level count user-s puzzles/s \
    attempts givens
for spec in easy:2000 medium:1000 hard:1000 expert:500 extreme:1000 \
    any:2000; do
	level=${spec%:*}
	n=$(awk -v n="${spec#*:}" -v s="$scale" \
	    'BEGIN { n = int(n * s); print n < 1 ? 1 : n }')
	# times(1) of the shell: the child's user time, whatever the load.
	t0=$(awk '{ print $14 + $16 }' /proc/$$/stat 2>/dev/null || echo 0)
	"$bin/sdk-gen" -j -n "$n" -d "$level" --seed 1000 >"$tmp/g.json"
	t1=$(awk '{ print $14 + $16 }' /proc/$$/stat 2>/dev/null || echo 0)
	hz=$(getconf CLK_TCK)
	jq -s -r --arg l "$level" --argjson n "$n" \
	    --argjson s "$(awk -v a="$t0" -v b="$t1" -v h="$hz" \
	    'BEGIN { printf "%.2f", (b - a) / h }')" \
	    '[$l, $n, $s, (if $s > 0 then ($n / $s | floor) else "-" end),
	    ((map(.attempts) | add) / length * 100 | round / 100),
	    ((map(.givens) | add) / length * 10 | round / 10)] | @tsv' \
	    "$tmp/g.json" |
	    awk -F '\t' '{ printf "%-8s %6s %8s %10s %9s %7s\n", \
		$1, $2, $3, $4, $5, $6 }'
done

rate() {
	"$bin/sdk-solve" --rate -j -q | jq -r '[.status, (.level // "-")] |
	    @tsv' | sort | uniq -c | sort -k3 | awk '{ printf "  %6d %s %s\n",
	    $1, $2, $3 }'
}
echo
echo "# sdk-solve --rate: records per status and level"
if [ -d "$shared/puzzles" ]; then
	echo "hardest_1905_11plus.txt (all):"
	rate <"$shared/puzzles/hardest_1905_11plus.txt"
	echo "top1465.txt (all):"
	rate <"$shared/puzzles/top1465.txt"
	echo "17_clue.txt (every 10th):"
	awk 'NR % 10 == 1' "$shared/puzzles/17_clue.txt" | rate
fi
if [ -d "$shared/images/wicht" ]; then
	for f in "$shared"/images/wicht/*.dat; do
		tail -n 9 "$f" | tr -d ' \n'
		echo
	done >"$tmp/wicht"
	echo "wicht photos (102 .dat files):"
	rate <"$tmp/wicht"
	echo "wicht puzzles (distinct):"
	sort -u "$tmp/wicht" | rate
fi
