#!/bin/sh
# sdk-batch: solve folders of photos with the sdk programs.
#
# The main process collects the photos, decides which are out of date and
# hands their numbers to xargs -P (or GNU parallel with --sshlogin), which
# starts workers: this same script with --worker.  A worker runs the real
# programs over its share of photos, one stream per stage, so each program
# (and the OCR engine's set-up) starts once per share, and then moves each
# photo's finished outputs into place with rename(2): an interrupted batch
# leaves whole files or none.  The row of a photo is written last; a photo
# whose row is newer than the photo, the programs and the options is done.
#
# test -nt and -ot are in POSIX.1-2024 and in every sh that Debian ships.
# shellcheck disable=SC3013
# Functions called from traps look unreachable to shellcheck:
# shellcheck disable=SC2317
set -u
export LC_ALL=C
prog=sdk-batch
version=0.1.0
nl='
'
tab=$(printf '\t')
stages='detect warp ocr solve render'

usage() {
	echo "usage: sdk-batch [-fqv] [-e ENGINE] [-j JOBS] [-n PHOTOS] [-o OUTDIR]"
	echo "                 [-S SSHLOGIN] [-t SECONDS] [PATH ...]"
}

help() {
	usage
	cat <<'EOF'

Solve every photo in the folders and files named: detect, warp, ocr, solve
and render, in parallel.  For each photo write OUTDIR/NAME.grid (the grid
read), NAME.solution and NAME.png (the answer on the photo), and for the
batch OUTDIR/results.jsonl and results.csv.  Photos already done are skipped.

  -o OUTDIR        where the results go (default sdk-out)
  -j JOBS          pipelines at once (default: the number of cores)
  -n PHOTOS        photos per pipeline (default: chosen from the batch)
  -e, --engine=ENGINE
                   OCR engine for sdk-ocr: mlp (default) or tesseract
  -t, --solve-timeout=SECONDS
                   give up solving a puzzle after SECONDS
  -S, --sshlogin=LOGIN
                   run the pipelines with GNU parallel on LOGIN (":" is
                   this machine); may be given more than once
  -f, --force      redo photos that are up to date
  -q               no messages about photos that failed
  -v               say what was skipped and sum up at the end
  -h, --help       this help
  -V, --version    version
EOF
}

warn() {
	printf '%s: %s\n' "$prog" "$*" >&2
}

now() {
	date +%s.%N
}

# --------------------------------------------------------------- the worker
#
# sdk-batch --worker RUNDIR INDEX...: the photos on lines INDEX of
# RUNDIR/manifest ("PHOTO<tab>NAME") through the pipeline.
# stage_end STATUS: note how a stage ended, and whether a failure found
# the disk full (its messages may not have been written either).
stage_end() {
	codes="$codes $1"
	# Not a status of ours: a crash, a signal, a sanitizer's report.  The
	# batch passes it on, so that it is never taken for a bad photo.
	if [ "$1" -gt 2 ]; then
		echo "$1" >>"$run/crashed"
	fi
	if [ "$1" -ge 2 ] && [ -z "$full" ] &&
	    [ "$(df -Pk "$w" | awk 'NR == 2 { print $4 }')" -lt 64 ]; then
		full=$1
	fi
}

# shellcheck disable=SC2154
worker() {
	run=$1
	shift
	# shellcheck source=/dev/null
	. "$run/config" || exit 2
	w=$run/w.$$
	mkdir "$w" || exit 2
	printf '%s\n' "$@" | awk '
	    NR == FNR { line[FNR] = $0; next }
	    { print $0 "\t" line[$0] }' "$run/manifest" - >"$w/chunk" ||
	    exit 2
	set --
	while IFS="$tab" read -r _ photo _; do
		set -- "$@" "$photo"
	done <"$w/chunk"

	codes=
	full=
	t0=$(now)
	"$sdk_detect" -- "$@" >"$w/d.pnm" 2>"$w/detect.err"
	stage_end $?
	t1=$(now)
	"$sdk_warp" "$w/d.pnm" >"$w/w.pnm" 2>"$w/warp.err"
	stage_end $?
	rm -f "$w/d.pnm"
	t2=$(now)
	# shellcheck disable=SC2086
	"$sdk_ocr" $ocr_flags "$w/w.pnm" >"$w/o.txt" 2>"$w/ocr.err"
	stage_end $?
	rm -f "$w/w.pnm"
	t3=$(now)
	# shellcheck disable=SC2086
	"$sdk_solve" $solve_flags "$w/o.txt" >"$w/s.txt" 2>"$w/solve.err"
	stage_end $?
	t4=$(now)
	awk -v w="$w" '
	    /^#/ { rec = rec $0 "\n"
		if (substr($0, 1, 13) == "# sdk-source ")
			src = substr($0, 14)
		if ($0 == "# sdk-status solved")
			ok = 1
		next }
	    NF == 0 { next }
	    { if (ok) { printf "%s%s\n", rec, $0 > (w "/solved.txt")
			print src > (w "/solved.src") }
	      rec = ""; src = ""; ok = 0 }' "$w/s.txt"
	: >>"$w/solved.txt"
	: >>"$w/solved.src"
	"$sdk_render" --onto -f png -o "$w/r%n.png" "$w/solved.txt" \
	    2>"$w/render.err"
	stage_end $?
	t5=$(now)
	n=1
	while IFS= read -r _; do
		[ -f "$w/r$n.png" ] && echo "$n"
		n=$((n + 1))
	done <"$w/solved.src" >"$w/rendered"

	awk -F '\t' -v w="$w" -v times="$t0 $t1 $t2 $t3 $t4 $t5" -v codes="$codes" \
	    -v full="$full" \
	    -v stages="$stages" "$rows_awk" "$w/chunk" \
	    "$w/detect.err" "$w/warp.err" "$w/ocr.err" "$w/solve.err" \
	    "$w/render.err" "$w/o.txt" "$w/s.txt" "$w/solved.src" \
	    "$w/rendered" >"$w/rows" || exit 2

	status=0
	while IFS="$tab" read -r k idx name photo ex pngn json csv msg; do
		dest=$outdir/$name
		case $name in
		*/*)	mkdir -p "${dest%/*}" "$rows/${name%/*}" || exit 2 ;;
		esac
		for ext in grid solution; do
			if [ -f "$w/$k.$ext" ]; then
				mv -f "$w/$k.$ext" "$dest.$ext" || exit 2
			else
				rm -f "$dest.$ext"
			fi
		done
		if [ "$pngn" -gt 0 ]; then
			mv -f "$w/r$pngn.png" "$dest.png" || exit 2
		else
			rm -f "$dest.png"
		fi
		printf '%s\n' "$csv" >"$w/$k.csv" &&
		    mv -f "$w/$k.csv" "$rows/$name.csv" &&
		    printf '%s\n' "$json" >"$w/$k.json" &&
		    mv -f "$w/$k.json" "$rows/$name.json" || exit 2
		if [ -n "$msg" ] && [ "$quiet" = 0 ]; then
			printf '%s: %s: %s\n' "$prog" "$photo" "$msg" >&2
		fi
		echo "$idx $ex" >>"$run/progress"
		[ "$ex" -gt "$status" ] && status=$ex
	done <"$w/rows"
	rm -rf "$w"
	# xargs stops at a status of 255 only; report 0, 1 or 2 as they are.
	exit "$status"
}

# The rows of a worker's photos, from the streams and messages of the
# stages.  A photo's first stage that names it in a message is where it
# failed; the record's sdk-status says how.  Output, one line a photo:
# K INDEX NAME PHOTO EXIT PNG# JSON CSV MESSAGE (tab-separated).
# shellcheck disable=SC2016
rows_awk='
function js(s) {
	gsub(/\\/, "\\\\", s); gsub(/"/, "\\\"", s)
	gsub(/[\001-\037]/, " ", s)
	return "\"" s "\""
}
function cs(s) {
	if (s ~ /[",]/) { gsub(/"/, "\"\"", s); s = "\"" s "\"" }
	return s
}
function jsornull(s) { return s == "" ? "null" : js(s) }
BEGIN {
	nst = split(stages, st, " ")
	split(times, t, " ")
	split(codes, code, " ")
	# A stage that failed without a word (it could not even write its
	# messages): say how it ended.
	for (i = 1; i <= nst; i++)
		gen[st[i]] = code[i] < 2 ? "" : full != "" ? \
		    "no space left on the disk" : "sdk-" st[i] \
		    " ended with status " code[i] (code[i] > 128 ? " (killed)" : "")
	for (i = 1; i <= nst; i++) { sec[st[i]] = t[i + 1] - t[i] }
}
FILENAME == ARGV[1] {
	n++; idx[n] = $1; photo[n] = $2; name[n] = $3; k[$2] = n; next
}
FILENAME ~ /\.err$/ {
	s = FILENAME; sub(/.*\//, "", s); sub(/\.err$/, "", s)
	p = index($0, ": "); if (p == 0) { if (!(s in said)) gen[s] = $0; said[s] = 1; next }
	rest = substr($0, p + 2)
	hit = 0
	for (i = 1; i <= n; i++) {
		q = photo[i] ": "
		if (substr(rest, 1, length(q)) == q) {
			m = substr(rest, length(q) + 1)
			# sdk-solve says where in its input: not ours to show.
			sub(/^record [0-9]+ \(line [0-9]+\): /, "", m)
			if (!((i, s) in msg)) msg[i, s] = m
			hit = 1
			break
		}
	}
	if (!hit && !(s in said)) { gen[s] = rest; said[s] = 1 }
	next
}
FILENAME ~ /\/[os]\.txt$/ {
	f = FILENAME ~ /o\.txt$/ ? "grid" : "solution"
	if ($0 ~ /^#/) {
		rec = rec $0 "\n"
		if (substr($0, 1, 13) == "# sdk-source ") src = substr($0, 14)
		if (substr($0, 1, 13) == "# sdk-status ") sts = substr($0, 14)
		next
	}
	if (NF == 0) next
	if (src in k) {
		i = k[src]
		printf "%s%s\n", rec, $0 > (w "/" i "." f)
		close(w "/" i "." f)
		if (f == "grid") { grid[i] = $0; gsts[i] = sts; seen[i, "ocr"] = 1 }
		else { sol[i] = $0; ssts[i] = sts; seen[i, "solve"] = 1 }
	}
	rec = ""; src = ""; sts = ""
	next
}
FILENAME ~ /solved\.src$/ { rsrc[FNR] = $0; next }
FILENAME ~ /rendered$/ { if ($0 in rsrc && rsrc[$0] in k) png[k[rsrc[$0]]] = $0; next }
END {
	for (i = 1; i <= n; i++) {
		fail = ""; m = ""; ex = 0
		for (j = 1; j <= nst; j++)
			if ((i, st[j]) in msg) { fail = st[j]; m = msg[i, st[j]]; break }
		if (!seen[i, "ocr"]) {
			# The record was lost before the grid stream: unreadable.
			if (fail == "" || fail == "solve" || fail == "render") {
				fail = "detect"
				for (j = 3; j >= 1; j--)
					if (code[j] >= 2 && !((i, "detect") in msg))
						fail = st[j]
			}
			if (m == "") m = gen[fail] != "" ? gen[fail] : "no record"
			outcome = "error"; ex = 2
		} else if (!seen[i, "solve"]) {
			fail = "solve"
			if (m == "") m = gen["solve"] != "" ? gen["solve"] : "no record"
			outcome = "error"; ex = 2
		} else if (ssts[i] != "solved") {
			outcome = ssts[i] == "" ? "unsolved" : ssts[i]
			if (fail == "" || fail == "render")
				fail = gsts[i] != "" ? "detect" : "solve"
			if (m == "") m = outcome
			ex = 1
		} else if (!(i in png)) {
			fail = "render"; outcome = "error"; ex = 2
			if (m == "") m = gen["render"] != "" ? gen["render"] : "no picture"
		} else {
			fail = ""; m = ""; outcome = "solved"
		}
		status = outcome
		sj = ""; sc = ""; tj = ""; tc = ""
		past = 0
		for (j = 1; j <= nst; j++) {
			if (past) v = "-"
			else if (st[j] == fail) { v = outcome; past = 1 }
			else if (st[j] == "solve") v = ssts[i]
			else v = "ok"
			sj = sj (j > 1 ? "," : "") js(st[j]) ":" js(v)
			sc = sc "," cs(v)
			x = sprintf("%.4f", sec[st[j]] / n)
			tj = tj (j > 1 ? "," : "") js(st[j]) ":" x
			tc = tc "," x
		}
		json = "{\"source\":" js(photo[i]) ",\"name\":" js(name[i]) \
		    ",\"status\":" js(status) ",\"exit\":" ex \
		    ",\"stages\":{" sj "},\"grid\":" jsornull(grid[i]) \
		    ",\"solution\":" jsornull(ssts[i] == "solved" ? sol[i] : "") \
		    ",\"seconds\":{" tj "},\"photos_in_stream\":" n \
		    ",\"message\":" jsornull(fail == "" ? "" : fail ": " m) "}"
		csv = cs(photo[i]) "," cs(name[i]) "," cs(status) "," ex sc \
		    "," grid[i] "," (ssts[i] == "solved" ? sol[i] : "") tc \
		    "," cs(fail == "" ? "" : fail ": " m)
		gsub(/\t/, " ", json); gsub(/\t/, " ", csv); gsub(/\t/, " ", m)
		printf "%d\t%d\t%s\t%s\t%d\t%d\t%s\t%s\t%s\n", i, idx[i], \
		    name[i], photo[i], ex, (i in png) ? png[i] : 0, json, csv, \
		    fail == "" ? "" : fail ": " m
	}
}'

if [ "${1:-}" = --worker ]; then
	shift
	worker "$@"
fi

# ---------------------------------------------------------------- options
outdir=sdk-out
jobs=
chunk=
engine=
timeout=
sshlogins=
force=0
quiet=0
verbose=0
while [ $# -gt 0 ]; do
	case $1 in
	--) shift; break ;;
	--help | -h) help; exit 0 ;;
	--version | -V) echo "sdk-batch (sdk) $version"; exit 0 ;;
	--force | -f) force=1 ;;
	-q) quiet=1 ;;
	-v) verbose=1 ;;
	--engine=* | --solve-timeout=* | --sshlogin=* | --jobs=*)
		opt=${1%%=*}
		val=${1#*=}
		shift
		set -- "$opt" "$val" "$@"
		continue ;;
	-[ejnotS] | --engine | --solve-timeout | --sshlogin | --jobs)
		if [ $# -lt 2 ]; then
			warn "option $1 needs an argument"
			usage >&2
			exit 2
		fi
		case $1 in
		-e | --engine) engine=$2 ;;
		-j | --jobs) jobs=$2 ;;
		-n) chunk=$2 ;;
		-o) outdir=$2 ;;
		-t | --solve-timeout) timeout=$2 ;;
		-S | --sshlogin) sshlogins="$sshlogins$2$nl" ;;
		esac
		shift ;;
	-[ejnotS]?*)
		opt=$(printf '%s' "$1" | cut -c1-2)
		val=${1#??}
		shift
		set -- "$opt" "$val" "$@"
		continue ;;
	-[fqv]?*)
		opt=$(printf '%s' "$1" | cut -c1-2)
		rest=-${1#??}
		shift
		set -- "$opt" "$rest" "$@"
		continue ;;
	-?*)
		warn "unknown option $1"
		usage >&2
		exit 2 ;;
	*) break ;;
	esac
	shift
done

for v in "$jobs" "$chunk"; do
	case $v in
	'') ;;
	*[!0-9]* | 0*)
		warn "-j and -n take a whole number above 0, not $v"
		exit 2 ;;
	esac
done
case $engine in
'' | mlp | tesseract) ;;
*) warn "--engine $engine: unknown engine (mlp or tesseract)"; exit 2 ;;
esac
case $timeout in
'' | [0-9]*) ;;
*) warn "--solve-timeout $timeout: not a number of seconds"; exit 2 ;;
esac
if [ -n "$sshlogins" ] && ! command -v parallel >/dev/null 2>&1; then
	warn "--sshlogin needs GNU parallel"
	exit 2
fi

# The programs: beside this script (a build or an installed copy), else
# on PATH.  Absolute paths, for the workers and for the up-to-date test.
case $0 in
*/*) here=$(cd "${0%/*}" && pwd -P) ;;
*) here=$(dirname "$(command -v "$0")") ;;
esac
self=$here/${0##*/}
[ -f "$self" ] || self=$(command -v "$0")
newest=$self
for s in $stages; do
	if [ -x "$here/sdk-$s" ]; then
		p=$here/sdk-$s
	elif p=$(command -v "sdk-$s"); then
		case $p in /*) ;; *) p=$(pwd -P)/$p ;; esac
	else
		warn "sdk-$s: program not found"
		exit 2
	fi
	eval "sdk_$s=\$p"
	[ "$p" -nt "$newest" ] && newest=$p
done

# ---------------------------------------------------------------- photos
status=0
list=$(mktemp "${TMPDIR:-/tmp}/sdk-batch.XXXXXX") || exit 2
run=
pgid=
cleanup() {
	rm -f "$list" "$list.find" "$list.m" "$list.status"
	[ -n "$run" ] && rm -rf "$run"
}
trap cleanup EXIT

# is_image FILE: an image by its suffix, or else by its first bytes.
is_image() {
	case $1 in
	*.[jJ][pP][gG] | *.[jJ][pP][eE][gG] | *.[pP][nN][gG] | \
	    *.[pP][pPgGbBnN][mM] | *.[tT][iI][fF] | *.[tT][iI][fF][fF] | \
	    *.[bB][mM][pP] | *.[gG][iI][fF] | *.[wW][eE][bB][pP])
		return 0 ;;
	esac
	magic=$(od -An -tx1 -N12 -- "$1" 2>/dev/null | tr -d ' \n')
	case $magic in
	ffd8ff* | 89504e47* | 5035[0a]* | 5036[0a]* | 5034[0a]* | \
	    49492a00* | 4d4d002a* | 424d* | 47494638* | 52494646????????57454250)
		return 0 ;;
	esac
	return 1
}

# add PHOTO NAME: one line of the list (names with a tab or a newline in
# them cannot be carried).
add() {
	case $1 in
	*"$tab"* | *"$nl"*)
		warn "$1: a tab or newline in the name; skipped"
		echo 2 >"$list.status"
		return ;;
	esac
	printf '%s\t%s\n' "$1" "$2" >>"$list"
}

# take PATH: a photo, or every image file in a folder and its subfolders
# (not hidden ones, nor an sdk-batch output folder).
take() {
	if [ -d "$1" ]; then
		errs=$(find "$1" -path "$1" -o \( -type d \( -name '.*' -o \
		    -exec test -d '{}/.sdk-batch' \; \) -prune \) -o \
		    -type f ! -name '.*' -print 2>&1 >"$list.find")
		if [ -n "$errs" ]; then
			printf '%s\n' "$errs" | sed "s/^find: /$prog: /" >&2
			status=2
		fi
		sort "$list.find" | while IFS= read -r f; do
			is_image "$f" || continue
			rel=${f#"${1%/}"/}
			add "$f" "${rel%.*}"
		done
		rm -f "$list.find"
	elif [ -e "$1" ]; then
		b=${1##*/}
		add "$1" "${b%.*}"
	else
		warn "$1: No such file or directory"
		status=2
	fi
}

if [ $# -eq 0 ]; then
	while IFS= read -r p; do
		[ -n "$p" ] && take "$p"
	done
else
	for p in "$@"; do
		take "$p"
	done
fi
# Status of the folder walk is lost in take's subshells: ask again.
[ -s "$list.status" ] && status=2

# One line a photo, each photo once, each name once: on a clash the name
# keeps the photo's suffix ("a" and "a.png"), then gets ~2, ~3...
awk -F '\t' '
    seen[$1]++ { next }
    { n = $2
      if (n in used) { b = $1; sub(/.*\//, "", b); d = $2; sub(/[^\/]*$/, "", d); n = d b }
      m = n; for (c = 2; m in used; c++) m = n "~" c
      used[m] = 1; print $1 "\t" m }' "$list" >"$list.m" && mv "$list.m" "$list"
total=$(awk 'END { print NR }' "$list")
if [ "$total" -eq 0 ]; then
	exit "$status"
fi

# ---------------------------------------------------------------- out of date
meta=$outdir/.sdk-batch
rows=$meta/rows
if ! mkdir -p "$rows" 2>/dev/null || ! [ -w "$rows" ]; then
	warn "$outdir: cannot create or write the folder"
	exit 2
fi
case $outdir in /*) ;; *) outdir=$(cd "$outdir" && pwd -P) || exit 2 ;; esac
meta=$outdir/.sdk-batch
rows=$meta/rows
# Runs killed outright leave their folder: remove those of dead processes.
for d in "$meta"/run.*; do
	[ -f "$d/pid" ] || continue
	kill -0 "$(cat "$d/pid")" 2>/dev/null || rm -rf "$d"
done
run=$(mktemp -d "$meta/run.XXXXXX") || exit 2
echo $$ >"$run/pid"
cp "$list" "$run/manifest" || exit 2

# q WORD: WORD quoted for the shell.
q() {
	printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"
}
ocr_flags=${engine:+-e $engine}
solve_flags=${timeout:+-t $timeout}
printf 'engine=%s timeout=%s\n' "$engine" "$timeout" >"$run/options"
if ! cmp -s "$run/options" "$meta/options"; then
	mv -f "$run/options" "$meta/options" || exit 2
fi
{
	printf 'outdir=%s\nrows=%s\nquiet=%s\n' "$(q "$outdir")" "$(q "$rows")" \
	    "$quiet"
	printf 'ocr_flags=%s\nsolve_flags=%s\n' "$(q "$ocr_flags")" \
	    "$(q "$solve_flags")"
	for s in $stages; do
		eval "p=\$sdk_$s"
		printf 'sdk_%s=%s\n' "$s" "$(q "$p")"
	done
} >"$run/config"
: >"$run/progress"

i=0
todo=0
while IFS="$tab" read -r photo name; do
	i=$((i + 1))
	row=$rows/$name.json
	if [ "$force" = 0 ] && [ -f "$row" ] && [ "$row" -nt "$photo" ] &&
	    [ "$row" -nt "$newest" ] && ! [ "$row" -ot "$meta/options" ] &&
	    ! grep -q '"exit":2' "$row"; then
		[ "$verbose" = 1 ] && warn "$photo: up to date"
		continue
	fi
	echo "$i"
	todo=$((todo + 1))
done <"$list" >"$run/todo"

# ---------------------------------------------------------------- the run
cores=$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
# With -S, GNU parallel's own default: one pipeline a core of each machine.
[ -z "$jobs" ] && [ -z "$sshlogins" ] && jobs=$cores
# Each share pays the programs' start-up once; four shares a pipeline
# keep the pipelines busy to the end and the progress moving.
if [ -z "$chunk" ]; then
	slots=${jobs:-$cores}
	chunk=$(((todo + 4 * slots - 1) / (4 * slots)))
	[ "$chunk" -gt 64 ] && chunk=64
	[ "$chunk" -lt 1 ] && chunk=1
fi

on_signal() {
	trap '' INT TERM HUP
	if [ -n "$pgid" ]; then
		# dash knows neither "--" nor -s here: -TERM -PGID it is.
		kill -TERM "-$pgid" 2>/dev/null || kill -TERM "$pgid" 2>/dev/null
	fi
	wait
	done_now=$(awk 'END { print NR }' "$run/progress")
	warn "interrupted: $done_now of $todo photos done; run again to finish"
	cleanup
	trap - EXIT "$1"
	kill -"$1" $$
	exit 2
}
trap 'on_signal INT' INT
trap 'on_signal TERM' TERM
trap 'on_signal HUP' HUP

# The workers get a session of their own, so that an interrupt ends them
# all (the pipelines' programs too) and nothing else.
setsid=
command -v setsid >/dev/null 2>&1 && setsid=setsid
started=$(now)
if [ "$todo" -gt 0 ]; then
	if [ -n "$sshlogins" ]; then
		set --
		while IFS= read -r l; do
			[ -n "$l" ] && set -- "$@" -S "$l"
		done <<EOF
$sshlogins
EOF
		$setsid parallel -q --will-cite --wd "$(pwd -P)" \
		    ${jobs:+-j "$jobs"} -n "$chunk" "$@" \
		    sh "$self" --worker "$run" :::: "$run/todo" &
	else
		$setsid xargs -n "$chunk" -P "$jobs" \
		    sh "$self" --worker "$run" <"$run/todo" &
	fi
	pgid=$!
	if [ -t 2 ]; then
		while kill -0 "$pgid" 2>/dev/null; do
			awk -v total="$todo" -v t0="$started" -v t1="$(now)" '
			    $2 != 0 { bad++ }
			    END { dt = t1 - t0; r = dt > 0 ? NR / dt : 0
				left = NR > 0 ? sprintf("%ds", (total - NR) / r + 0.5) : "?"
				printf "\r%s: %d/%d photos, %.1f/s, %d failed, " \
				    "%s left\033[K", "sdk-batch", NR, total, r,
				    bad, left }' "$run/progress" >&2
			sleep 1
		done
	fi
	wait "$pgid"
	[ -t 2 ] && printf '\r\033[K' >&2
fi
elapsed=$(awk -v a="$started" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }')

# ---------------------------------------------------------------- results
# Photos a worker did not finish (it died): an error each.
awk '{ print $1 }' "$run/progress" | sort -n >"$run/done"
sort -n "$run/todo" | comm -23 - "$run/done" | while read -r i; do
	photo=$(sed -n "${i}p" "$list" | cut -f1)
	warn "$photo: no result (the pipeline ended early)"
	echo x >>"$run/lost"
done
[ -s "$run/lost" ] && status=2

awk -F '\t' -v rows="$rows" -v out="$run" '
    BEGIN { print "source,name,status,exit,detect,warp,ocr,solve,render," \
	"grid,solution,seconds_detect,seconds_warp,seconds_ocr," \
	"seconds_solve,seconds_render,message" > (out "/results.csv") }
    { f = rows "/" $2 ".json"
      while ((getline l < f) > 0) print l > (out "/results.jsonl")
      close(f)
      f = rows "/" $2 ".csv"
      while ((getline l < f) > 0) print l > (out "/results.csv")
      close(f) }
    END { printf "" > (out "/results.jsonl") }' "$list" 2>/dev/null || {
	warn "$outdir: cannot write the results"
	exit 2
}
if ! mv -f "$run/results.jsonl" "$outdir/results.jsonl" ||
    ! mv -f "$run/results.csv" "$outdir/results.csv"; then
	warn "$outdir: cannot write the results"
	exit 2
fi

# Worst status over the batch, and failures from earlier runs named again.
worst=$(awk -v todo="$run/todo" -v quiet="$quiet" '
    BEGIN { while ((getline l < todo) > 0) fresh[l] = 1 }
    { ex = $0; sub(/.*"exit":/, "", ex); sub(/,.*/, "", ex)
      if (ex + 0 > w) w = ex + 0
      if (ex != 0 && !(NR in fresh) && !quiet) {
	src = $0; sub(/^\{"source":"/, "", src); sub(/","name":.*/, "", src)
	m = $0; sub(/.*"message":"/, "", m); sub(/"}$/, "", m)
	printf "sdk-batch: %s: %s (earlier run)\n", src, m > "/dev/stderr" }
      n[ex]++ }
    END { print w + 0; printf "%d %d %d\n", n[0], n[1], n[2] > (todo ".sum") }' \
    "$outdir/results.jsonl")
[ "$worst" -gt "$status" ] && status=$worst
if [ "$verbose" = 1 ]; then
	read -r ok failed errors <"$run/todo.sum"
	warn "$total photos ($todo run in ${elapsed}s," \
	    "$((total - todo)) up to date): $ok solved, $failed failed," \
	    "$errors unreadable; results in $outdir"
fi
if [ -s "$run/crashed" ]; then
	status=$(sort -n "$run/crashed" | tail -n 1)
	warn "a program of the pipeline ended with status $status"
fi
exit "$status"
