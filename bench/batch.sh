#!/bin/sh
# bench/batch.sh: sdk-batch over a folder of photos, end to end (read,
# solve, draw the answer onto the photo as PNG).
#   bench/batch.sh [PHOTO_FOLDER]      (default ../shared/images/wicht)
# In ROUNDS rounds (default 3), one after the other:
# 1. Where the time goes: CPU seconds (user + system) of each stage with
#    every photo in one stream, one process a stage.
# 2. Photos per second for the whole batch with 1 and 2 pipelines (-j),
#    wall-clock, how many photos were solved, and CPU seconds.
# Then:
# 3. What sdk-batch itself costs: the CPU of each batch over the CPU of the
#    stages alone, per round and from the least of each over the rounds
#    (the target of issue 20: at most 1.1 with -j 1, 1.2 with -j 2), and,
#    when strace is installed, how many programs each batch started
#    besides the five of the pipeline (at most one a photo).
# 4. Accuracy: the batch's grids against the one-photo pipeline's
#    (sdk-detect PHOTO | sdk-warp | sdk-ocr), and both against the ground
#    truth with ../shared/tools/eval-vision when it is there.
set -u
cd "$(dirname "$0")/.." || exit 2
dir=${1:-../shared/images/wicht}
bin=${SDK_BINDIR:-build/bin}
eval=../shared/tools/eval-vision
if [ ! -d "$dir" ]; then
	echo "bench/batch.sh: no $dir; skipped" >&2
	exit 0
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench-batch.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
find "$dir" -name '*.jpg' | sort >"$tmp/photos"
n=$(wc -l <"$tmp/photos")

rounds=${ROUNDS:-3}

# Each stage alone over the whole folder as one stream: cpu LABEL OUT CMD...
# appends "ROUND LABEL SECONDS" to $tmp/cpu.
cpu() {
	label=$1
	out=$2
	shift 2
	/usr/bin/time -f "%U %S" -o "$tmp/time" "$@" >"$out" 2>/dev/null
	# time(1) adds a line above when the status is not 0.
	awk -v r="$r" -v l="$label" 'END { print r, l, $1 + $2 }' "$tmp/time" \
	    >>"$tmp/cpu"
}
stages() {
	# shellcheck disable=SC2046
	cpu detect "$tmp/d.pnm" "$bin/sdk-detect" -q $(cat "$tmp/photos")
	cpu warp "$tmp/w.pnm" "$bin/sdk-warp" -q "$tmp/d.pnm"
	cpu ocr "$tmp/o.txt" "$bin/sdk-ocr" -q "$tmp/w.pnm"
	cpu solve "$tmp/s.txt" "$bin/sdk-solve" -q "$tmp/o.txt"
	awk '/^#/ { r = r $0 "\n"; if ($0 == "# sdk-status solved") ok = 1; next }
	    NF { if (ok) printf "%s%s\n", r, $0; r = ""; ok = 0 }' \
	    "$tmp/s.txt" >"$tmp/solved.txt"
	rm -rf "$tmp/png"
	mkdir "$tmp/png"
	cpu render "$tmp/r" "$bin/sdk-render" -q --onto -f png \
	    -o "$tmp/png/%n.png" "$tmp/solved.txt"
	cpu render-pnm "$tmp/r" "$bin/sdk-render" -q --onto -f pnm \
	    -o "$tmp/png/%n.pnm" "$tmp/solved.txt"
}
batch() {
	j=$1
	rm -rf "$tmp/j$j"
	start=$(date +%s.%N)
	/usr/bin/time -f "%U %S" -o "$tmp/time" \
	    "$bin/sdk-batch" -q -j "$j" -o "$tmp/j$j" "$dir"
	end=$(date +%s.%N)
	solved=$(grep -c '"status":"solved"' "$tmp/j$j/results.jsonl")
	awk -v r="$r" -v j="$j" -v n="$n" -v t="$start $end" -v ok="$solved" '
	    END { split(t, w, " "); s = $1 + $2
		print r, "j" j, s >> (tmp "/cpu")
		printf "  sdk-batch -j %d: %d photos in %.1f s, %.2f photos/s, " \
		    "%d solved; %.2f s CPU\n", j, n, w[2] - w[1],
		    n / (w[2] - w[1]), ok, s }' tmp="$tmp" "$tmp/time"
}

# Rounds of the stages alone, sdk-batch -j 1 and -j 2, one after the other,
# so that each ratio compares runs made close together on this shared
# machine; the least CPU of each over the rounds is the least disturbed.
r=1
while [ "$r" -le "$rounds" ]; do
	echo "round $r, $(uptime)"
	stages
	batch 1
	batch 2
	r=$((r + 1))
done
echo "CPU per stage, every photo in one stream (least over $rounds rounds):"
awk -v n="$n" '
    { k = $2; if (!(k in min) || $3 < min[k]) min[k] = $3
      if (k != "j1" && k != "j2" && k != "render-pnm") st[$1] += $3
      else if (k != "render-pnm") b[$1, k] = $3; nr = $1 }
    END {
	split("detect warp ocr solve render render-pnm", l, " ")
	for (i = 1; i <= 6; i++) {
	    printf "  %-10s %6.2f s CPU, %6.1f ms per photo\n", l[i],
		min[l[i]], min[l[i]] * 1000 / n
	    if (i < 6) alone += min[l[i]] }
	for (r = 1; r <= nr; r++)
	    printf "round %d: the stages alone %.2f s CPU; -j 1 %.2fx, " \
		"-j 2 %.2fx\n", r, st[r], b[r, "j1"] / st[r],
		b[r, "j2"] / st[r]
	for (j = 1; j <= 2; j++)
	    printf "sdk-batch -j %d: %.2f s CPU, the stages alone %.2f s " \
		"(least of each): %.2fx, %.1f ms a photo more\n", j,
		min["j" j], alone, min["j" j] / alone,
		(min["j" j] - alone) * 1000 / n }' "$tmp/cpu"

# The programs a batch starts (execve(2) that succeeded), from a trace of
# a run that redoes every photo; those of the pipeline are five a share.
if command -v strace >/dev/null 2>&1; then
	for j in 1 2; do
		mkdir "$tmp/trace$j"
		strace -f -ff -qq -e trace=execve -e signal=none \
		    -o "$tmp/trace$j/t" "$bin/sdk-batch" -q -f -j "$j" \
		    -o "$tmp/j$j" "$dir"
		cat "$tmp/trace$j"/t.* | awk -v j="$j" -v n="$n" '
		    /execve\(/ && / = 0$/ { all++
			p = $0; sub(/^[^"]*"/, "", p); sub(/".*/, "", p)
			if (p ~ /\/sdk-(detect|warp|ocr|solve|render)$/) pipe++
			else { sub(/.*\//, "", p); other[p]++ } }
		    /execve\(/ && /ENOENT/ { tried++ }
		    END { printf "sdk-batch -j %d: %d programs started, %d " \
			"of them by the pipeline (%d shares), %d others: " \
			"%.2f a photo (", j, all, pipe, pipe / 5, all - pipe,
			(all - pipe) / n
			for (p in other) printf " %s %d", p, other[p]
			printf " ); %d looked for along PATH in vain\n", tried }'
	done
else
	echo "no strace: programs started not counted"
fi

# The batch reads what the one-photo pipeline reads.
same=0
while IFS= read -r p; do
	b=${p##*/}
	"$bin/sdk-detect" "$p" 2>/dev/null | "$bin/sdk-warp" 2>/dev/null |
	    "$bin/sdk-ocr" 2>/dev/null | grep -v '^#' >"$tmp/one"
	grep -v '^#' "$tmp/j2/${b%.*}.grid" 2>/dev/null | cmp -s - "$tmp/one" &&
	    same=$((same + 1))
done <"$tmp/photos"
echo "grids equal to the one-photo pipeline's: $same of $n"
if [ -x "$eval" ]; then
	echo "against the ground truth, batch (-j 2):"
	"$eval" --cmd "grep -v '^#' '$tmp/j2/'\"\$(basename \"\$1\" .jpg)\".grid" \
	    "$dir" | tail -n 3
	echo "against the ground truth, one photo at a time:"
	"$eval" --cmd "'$bin/sdk-detect' \"\$1\" | '$bin/sdk-warp' | '$bin/sdk-ocr'" \
	    "$dir" | tail -n 3
fi
