#!/bin/sh
# bench/phone.sh: the figures of issue 15 (phone photos of 12-16 MP): CPU
# seconds (user + system) and peak memory of each stage run alone, one
# process a photo, on the kubiesa/val photos and on the Wicht photos.
#   bench/phone.sh [KUBIESA_FOLDER [WICHT_FOLDER]]
#     (default ../shared/images/kubiesa/val/images, ../shared/images/wicht)
#   SAMPLE=N   every Nth photo of each folder (default 8; 1: all of them)
# For each folder: the median over the photos of each stage's CPU and peak
# memory (and the largest peak), of detect + warp + ocr, and of the whole
# pipe (the five stages, the answer drawn onto the photo as a JPEG).  Then
# sdk-batch -j 1 over the same kubiesa/val photos, in photos per CPU
# second, and sdk-render --onto to PNG against JPEG on the first of them;
# last, sdk-batch -j 2 over all the Wicht photos, in photos per second.
# The commit and the machine's load come first: the machine is shared.
set -u
cd "$(dirname "$0")/.." || exit 2
kub=${1:-../shared/images/kubiesa/val/images}
wicht=${2:-../shared/images/wicht}
bin=${SDK_BINDIR:-build/bin}
sample=${SAMPLE:-8}
case $sample in
'' | *[!0-9]* | 0*) echo "bench/phone.sh: SAMPLE=$sample: want N >= 1" >&2
	exit 2 ;;
esac
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench-phone.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

dirty=$(git diff --quiet HEAD 2>/dev/null || echo ' (with uncommitted changes)')
cpu=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)
echo "commit $(git rev-parse --short HEAD 2>/dev/null)$dirty; $(nproc) cores, $cpu"
echo "load: $(uptime | sed 's/.*load/load/')"
echo "every ${sample}th photo (SAMPLE=$sample); CPU is user + system," \
    "memory the peak resident set (/usr/bin/time)"

# timed LABEL OUT CMD...: run CMD alone, stdout to OUT; append "LABEL
# SECONDS KB" to $tmp/t.  Its status does not matter: a photo whose grid
# is not found still costs what it costs.
timed() {
	label=$1
	out=$2
	shift 2
	/usr/bin/time -f '%U %S %M' -o "$tmp/time" "$@" >"$out" 2>/dev/null
	# time(1) adds a line above when the status is not 0.
	awk -v l="$label" 'END { print l, $1 + $2, $3 }' "$tmp/time" \
	    >>"$tmp/t"
}

# one PHOTO: the five stages on PHOTO, each a process of its own.
one() {
	timed detect "$tmp/d.pnm" "$bin/sdk-detect" "$1"
	[ -n "$size" ] || size=$(head -c 4096 "$tmp/d.pnm" |
	    sed -n 's/^# sdk-size \([0-9]*\) \([0-9]*\)$/\1x\2/p')
	timed warp "$tmp/w.pnm" "$bin/sdk-warp" "$tmp/d.pnm"
	timed ocr "$tmp/o.txt" "$bin/sdk-ocr" "$tmp/w.pnm"
	timed solve "$tmp/s.txt" "$bin/sdk-solve" "$tmp/o.txt"
	timed render /dev/null "$bin/sdk-render" --onto -o "$tmp/a.jpg" \
	    "$tmp/s.txt"
	grep -q '^# sdk-status solved$' "$tmp/s.txt" && solved=$((solved + 1))
}

# The medians of $tmp/t, five lines a photo.
medians() {
	awk '{ i = int((NR - 1) / 5); c[$1, i] = $2; m[$1, i] = $3 / 1024
	      pipe[i] += $2; if ($1 ~ /^(detect|warp|ocr)$/) dwo[i] += $2
	      n = i + 1 }
	function med(a, k,   v, i, j, t, h) {
		for (i = 0; i < n; i++) v[i] = k == "" ? a[i] : a[k, i]
		for (i = 1; i < n; i++)
			for (j = i; j > 0 && v[j - 1] > v[j]; j--) {
				t = v[j]; v[j] = v[j - 1]; v[j - 1] = t }
		h = int(n / 2)
		return n % 2 ? v[h] : (v[h - 1] + v[h]) / 2 }
	function max(k,   i, x) {
		for (i = 0; i < n; i++) if (m[k, i] > x) x = m[k, i]
		return x }
	END {
		printf "  %-8s %8s %12s %12s\n", "stage", "CPU s",
		    "peak MB", "largest MB"
		split("detect warp ocr solve render", s, " ")
		for (k = 1; k <= 5; k++)
			printf "  %-8s %8.3f %12.1f %12.1f\n", s[k],
			    med(c, s[k]), med(m, s[k]), max(s[k])
		printf "  detect + warp + ocr: %.3f s CPU a photo (median)\n",
		    med(dwo, "")
		printf "  the whole pipe to a JPEG answer: %.3f s CPU a " \
		    "photo (median)\n", med(pipe, "") }' "$tmp/t"
}

# folder NAME DIR: the stages on every SAMPLEth photo of DIR.
folder() {
	if [ ! -d "$2" ]; then
		echo "$1: no $2; skipped"
		return 1
	fi
	find "$2" -maxdepth 1 -name '*.jpg' | sort |
	    awk -v s="$sample" '(NR - 1) % s == 0' >"$tmp/$1.list"
	n=$(wc -l <"$tmp/$1.list")
	: >"$tmp/t"
	solved=0
	size=
	while IFS= read -r p; do
		one "$p"
	done <"$tmp/$1.list"
	echo "$1: $n photos (the first ${size:-?}), $solved solved, each" \
	    "stage alone, medians over the photos:"
	medians
}

# sdk-batch -j 1 over the kubiesa photos of the sample: photos per CPU
# second (the batch's own CPU and its children's).
batch() {
	# the names have no spaces (kubiesa's are letters, digits and _)
	# shellcheck disable=SC2046
	set -- $(cat "$tmp/kubiesa.list")
	start=$(date +%s.%N)
	/usr/bin/time -f '%U %S %M' -o "$tmp/time" "$bin/sdk-batch" -q -j 1 \
	    -o "$tmp/out" "$@" 2>/dev/null
	end=$(date +%s.%N)
	ok=$(grep -c '"status":"solved"' "$tmp/out/results.jsonl")
	awk -v n="$n" -v ok="$ok" -v t="$start $end" 'END { split(t, w, " ")
	    s = $1 + $2
	    printf "sdk-batch -j 1 on the %d kubiesa photos: %.2f s CPU, " \
		"%.2f photos per CPU second, %.1f s wall clock, %d " \
		"solved\n", n, s, n / s, w[2] - w[1], ok }' "$tmp/time"
}

# sdk-render --onto to PNG and to JPEG on one photo: size and CPU (the
# least of three runs).
png_jpeg() {
	p=$(head -n 1 "$tmp/kubiesa.list")
	"$bin/sdk-detect" "$p" 2>/dev/null | "$bin/sdk-warp" 2>/dev/null |
	    "$bin/sdk-ocr" 2>/dev/null | "$bin/sdk-solve" >"$tmp/s.txt" \
	    2>/dev/null
	echo "sdk-render --onto on ${p##*/} (least CPU of 3 runs):"
	for f in png jpg; do
		: >"$tmp/t"
		# shellcheck disable=SC2034
		for r in 1 2 3; do
			timed "$f" /dev/null "$bin/sdk-render" --onto \
			    -o "$tmp/x.$f" "$tmp/s.txt"
		done
		awk -v f="$f" -v b="$(wc -c <"$tmp/x.$f")" '
		    NR == 1 || $2 < c { c = $2 } $3 > m { m = $3 }
		    END { printf "  -o x.%s: %9d bytes, %.3f s CPU, " \
			"peak %.1f MB\n", f, b, c, m / 1024 }' "$tmp/t"
	done
}

# sdk-batch -j 2 over every Wicht photo (all of them, whatever SAMPLE):
# photos per second of wall clock, the figure issue 15 must not lower
# (measure it at an idle moment: the load is printed beside it).
batch_wicht() {
	set -- "$wicht"/*.jpg
	[ -f "$1" ] || return 0
	start=$(date +%s.%N)
	/usr/bin/time -f '%U %S %M' -o "$tmp/time" "$bin/sdk-batch" -q -j 2 \
	    -o "$tmp/wout" "$@" 2>/dev/null
	end=$(date +%s.%N)
	awk -v n="$#" -v t="$start $end" -v l="$(uptime |
	    sed 's/.*average: //')" 'END { split(t, w, " ")
	    printf "sdk-batch -j 2 on the %d Wicht photos: %.1f photos a " \
		"second (%.1f s wall clock, %.2f s CPU; load %s)\n", n,
		n / (w[2] - w[1]), w[2] - w[1], $1 + $2, l }' "$tmp/time"
}

if folder kubiesa "$kub"; then
	batch
	png_jpeg
fi
folder wicht "$wicht" && batch_wicht
exit 0
