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
# The awk program of the rows (sdk-batch-rows.awk): where the build or
# make install put it (the Makefile fills in the folder), else beside this
# script (the source folder) or in ../libexec/sdk (an install moved whole).
libexec='@SDK_LIBEXEC@'
for d in "$libexec" "${0%/*}" "${0%/*}/../libexec/sdk"; do
	if [ -f "$d/sdk-batch-rows.awk" ]; then
		libexec=$d
		break
	fi
done

usage() {
	echo "usage: sdk-batch [-fqv] [-e ENGINE] [-j JOBS] [-n PHOTOS] [-o OUTDIR]"
	echo "                 [-S SSHLOGIN] [-t SECONDS] [PATH ...]"
}

help() {
	usage && cat <<'EOF'

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

# -h and -V: what they print is checked as the C programs' is (cli.h), so
# that a full disk or a closed output is an error (2), not a success.
say() {
	"$@" 2>/dev/null || { warn "write error"; exit 2; }
	exit 0
}

# --------------------------------------------------------------- the worker
#
# sdk-batch --worker RUNDIR CHUNK: the photos of RUNDIR/c.CHUNK (lines of
# "INDEX<tab>PHOTO<tab>NAME") through the pipeline.
#
# Apart from the five programs of the pipeline a worker starts three or
# four: an awk that picks the solved records for sdk-render, a mkdir for
# its work folders, the awk that writes the rows, and a mv for each folder
# the photos' outputs and rows go to (outputs first, rows last); an rm
# only when an output of an earlier run must go, a mkdir -p only for a
# new subfolder.  Everything else is done by the shell's builtins: the
# stages' times come from times(1), the seconds of CPU (user + system)
# each stage's program used.

# clock: add the CPU seconds of the finished stages so far to $ticks.
clock() {
	times >"$w/times"
	{ read -r _ _; read -r cu cs; } <"$w/times"
	ticks="$ticks $cu $cs"
}

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

# flush FILE...: carry out the operation $op on $dest for the files
# gathered: remove them (S), move them into the folder $dest of the
# outputs (O) or of the rows (R), "." for the top one, or move one picture
# to the name $dest (M).
flush() {
	[ $# -gt 0 ] || return 0
	case $op in
	S) rm -f -- "$@" ;;
	O | R)
		if [ "$op" = O ]; then
			d=$outdir/$dest
		else
			d=$rows/$dest
		fi
		{ [ -d "$d" ] || mkdir -p -- "$d"; } && mv -f -- "$@" "$d" ;;
	M)
		d=$outdir/$dest
		{ [ -d "${d%/*}" ] || mkdir -p -- "${d%/*}"; } &&
		    mv -f -- "$1" "$d.png" ;;
	esac
}

# shellcheck disable=SC2154
worker() {
	run=$1
	# shellcheck source=/dev/null
	. "$run/config" || exit 2
	chunk=$run/c.$2
	w=$run/w.$2
	# A folder a photo for its outputs under their final names, and one
	# for its picture from sdk-render: one mkdir.
	set -- "$w"
	n=0
	while IFS= read -r _; do
		n=$((n + 1))
		set -- "$@" "$w/$n" "$w/p$n"
	done <"$chunk"
	mkdir -- "$@" || exit 2
	set --
	while IFS="$tab" read -r _ photo _; do
		set -- "$@" "$photo"
	done <"$chunk"

	codes=
	full=
	ticks=
	clock
	"$sdk_detect" -- "$@" >"$w/d.pnm" 2>"$w/detect.err"
	s=$?
	clock
	stage_end "$s"
	"$sdk_warp" "$w/d.pnm" >"$w/w.pnm" 2>"$w/warp.err"
	s=$?
	clock
	stage_end "$s"
	: >"$w/d.pnm"
	# shellcheck disable=SC2086
	"$sdk_ocr" $ocr_flags "$w/w.pnm" >"$w/o.txt" 2>"$w/ocr.err"
	s=$?
	clock
	stage_end "$s"
	: >"$w/w.pnm"
	# shellcheck disable=SC2086
	"$sdk_solve" $solve_flags "$w/o.txt" >"$w/s.txt" 2>"$w/solve.err"
	s=$?
	clock
	stage_end "$s"
	awk '
	    /^#/ { rec = rec $0 "\n"
		if (substr($0, 1, 13) == "# sdk-source ")
			src = substr($0, 14)
		if ($0 == "# sdk-status solved")
			ok = 1
		next }
	    NF == 0 { next }
	    { if (ok) { printf "%s%s\n", rec, $0 > (w "/solved.txt")
			print src > (w "/solved.src") }
	      rec = ""; src = ""; ok = 0 }
	    END { printf "" > (w "/solved.txt"); printf "" > (w "/solved.src") }
	    ' w="$w" "$w/s.txt"
	clock
	"$sdk_render" --onto -f png -o "$w/p%n/%s.png" "$w/solved.txt" \
	    2>"$w/render.err"
	s=$?
	clock
	stage_end "$s"
	# The picture of the Kth solved record, whatever sdk-render named it.
	k=1
	while IFS= read -r _; do
		for f in "$w/p$k"/*.png; do
			[ -f "$f" ] && printf '%s\t%s\n' "$k" "${f##*/}"
		done
		k=$((k + 1))
	done <"$w/solved.src" >"$w/rendered"

	awk -F '\t' -v w="$w" -v ticks="$ticks" -v codes="$codes" \
	    -v full="$full" -v stages="$stages" \
	    -f "$libexec/sdk-batch-rows.awk" "$chunk" \
	    "$w/detect.err" "$w/warp.err" "$w/ocr.err" "$w/solve.err" \
	    "$w/render.err" "$w/o.txt" "$w/s.txt" "$w/solved.src" \
	    "$w/rendered" >"$w/ops" || exit 2

	# The operations of the rows code, grouped: S PATH (an output of an
	# earlier run that this run did not make), O FOLDER FILE, M NAME FILE,
	# R FOLDER FILE, P INDEX EXIT PHOTO MESSAGE (a photo done).
	status=0
	op=
	dest=
	set --
	while IFS="$tab" read -r o g a b m; do
		if [ "$o" != "$op" ] || [ "$g" != "$dest" ]; then
			flush "$@" || exit 2
			set --
			op=$o
			dest=$g
		fi
		case $o in
		S)	[ -e "$outdir/$a" ] && set -- "$@" "$outdir/$a" ;;
		O | M | R) set -- "$@" "$w/$a" ;;
		P)
			if [ -n "$m" ] && [ "$quiet" = 0 ]; then
				printf '%s: %s: %s\n' "$prog" "$b" "$m" >&2
			fi
			echo "$g $a" >>"$run/progress"
			[ "$a" -gt "$status" ] && status=$a ;;
		esac
	done <"$w/ops"
	flush "$@" || exit 2
	# xargs stops at a status of 255 only; report 0, 1 or 2 as they are.
	exit "$status"
}

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
	--help | -h) say help ;;
	--version | -V) say echo "sdk-batch (sdk) $version" ;;
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
	rm -rf -- "${list%.m}" "${list%.m}.find" "${list%.m}.m" \
	    "${list%.m}.status" ${run:+"$run"}
}
trap cleanup EXIT

# The image files of a folder listing (sorted), read on standard input:
# an image by its suffix, or else by its first bytes (awk reads the first
# line of the file: no process a file).  Appends "PHOTO<tab>NAME" to $out,
# NAME the path below $top without its suffix; refuses a name with a tab.
# shellcheck disable=SC2016
pick_awk='
function image(f,   l, r) {
	if (tolower(f) ~ /\.(jpe?g|png|p[pgbn]m|tiff?|bmp|gif|webp)$/)
		return 1
	l = ""; r = (getline l < f); close(f)
	if (r <= 0) return 0
	return substr(l, 1, 3) == "\377\330\377" || \
	    substr(l, 1, 4) == "\211PNG" || \
	    l ~ /^P[456]$/ || l ~ /^P[456][\001-\017\240-\257]/ || \
	    substr(l, 1, 4) == "II*\000" || substr(l, 1, 4) == "MM\000*" || \
	    substr(l, 1, 2) == "BM" || substr(l, 1, 4) == "GIF8" || \
	    substr(l, 1, 4) == "RIFF" && substr(l, 9, 4) == "WEBP"
}
BEGIN { top = ENVIRON["top"]; out = ENVIRON["out"] }
!image($0) { next }
index($0, "\t") {
	printf "sdk-batch: %s: a tab or newline in the name; skipped\n", \
	    $0 > "/dev/stderr"
	bad = 1
	next
}
{ rel = $0
  if (substr(rel, 1, length(top)) == top) rel = substr(rel, length(top) + 1)
  name = rel; sub(/\.[^.]*$/, "", name)
  print $0 "\t" name >> out }
END { exit bad ? 3 : 0 }'

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
		sort "$list.find" | top=${1%/}/ out=$list awk "$pick_awk"
		[ $? -eq 3 ] && echo 2 >"$list.status"
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
total=$(awk -F '\t' -v out="$list.m" '
    seen[$1]++ { next }
    { n = $2
      if (n in used) { b = $1; sub(/.*\//, "", b); d = $2; sub(/[^\/]*$/, "", d); n = d b }
      m = n; for (c = 2; m in used; c++) m = n "~" c
      used[m] = 1; print $1 "\t" m > out; t++ }
    END { print t + 0; printf "" > out }' "$list") || exit 2
list=$list.m
if [ "$total" -eq 0 ]; then
	exit "$status"
fi

# ---------------------------------------------------------------- out of date
meta=$outdir/.sdk-batch
rows=$meta/rows
if ! { [ -d "$rows" ] || mkdir -p "$rows" 2>/dev/null; } || ! [ -w "$rows" ]; then
	warn "$outdir: cannot create or write the folder"
	exit 2
fi
case $outdir in /*) ;; *) outdir=$(cd "$outdir" && pwd -P) || exit 2 ;; esac
meta=$outdir/.sdk-batch
rows=$meta/rows
# Runs killed outright leave their folder: remove those of dead processes.
for d in "$meta"/run.*; do
	[ -f "$d/pid" ] || continue
	read -r p <"$d/pid" || p=
	kill -0 "$p" 2>/dev/null || rm -rf "$d"
done
run=$(mktemp -d "$meta/run.XXXXXX") || exit 2
echo $$ >"$run/pid"

# q WORD: WORD quoted for the shell.
q() {
	qs=$1
	qr=
	while :; do
		case $qs in
		*"'"*)
			qr=$qr${qs%%"'"*}"'\\''"
			qs=${qs#*"'"} ;;
		*) break ;;
		esac
	done
	printf "'%s'" "$qr$qs"
}
ocr_flags=${engine:+-e $engine}
solve_flags=${timeout:+-t $timeout}
options="engine=$engine timeout=$timeout"
old=
[ -f "$meta/options" ] && { read -r old <"$meta/options" || :; }
if [ "$old" != "$options" ]; then
	printf '%s\n' "$options" >"$run/options" &&
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
	    [ "$row" -nt "$newest" ] && ! [ "$row" -ot "$meta/options" ]; then
		l=
		read -r l <"$row"
		case $l in
		*'"exit":2'*) ;;
		*)
			[ "$verbose" = 1 ] && warn "$photo: up to date"
			continue ;;
		esac
	fi
	printf '%s\t%s\t%s\n' "$i" "$photo" "$name"
	todo=$((todo + 1))
done <"$list" >"$run/todo"

# ---------------------------------------------------------------- the run
cores=
if [ -z "$jobs" ]; then
	cores=$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null ||
	    echo 1)
fi
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
# The shares: RUNDIR/c.N, the lines of todo for the Nth worker; their
# numbers in RUNDIR/chunks.
c=0
k=0
while IFS= read -r l; do
	if [ "$k" -eq 0 ]; then
		c=$((c + 1))
		exec 3>"$run/c.$c" || exit 2
		echo "$c"
	fi
	printf '%s\n' "$l" >&3
	k=$(((k + 1) % chunk))
done <"$run/todo" >"$run/chunks"
exec 3>&-

on_signal() {
	trap '' INT TERM HUP
	if [ -n "$pgid" ]; then
		# dash knows neither "--" nor -s here: -TERM -PGID it is.
		kill -TERM "-$pgid" 2>/dev/null || kill -TERM "$pgid" 2>/dev/null
	fi
	wait
	done_now=0
	while read -r _; do
		done_now=$((done_now + 1))
	done <"$run/progress"
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
# xargs, and the shell it starts for each worker, by their paths: not
# looked up along PATH for each worker.
shell=$(command -v sh)
case $shell in /*) ;; *) shell='sh' ;; esac
xargs=$(command -v xargs)
case $xargs in /*) ;; *) xargs='xargs' ;; esac
started=
{ [ -t 2 ] || [ "$verbose" = 1 ]; } && started=$(now)
if [ "$todo" -gt 0 ]; then
	if [ -n "$sshlogins" ]; then
		set --
		while IFS= read -r l; do
			[ -n "$l" ] && set -- "$@" -S "$l"
		done <<EOF
$sshlogins
EOF
		$setsid parallel -q --will-cite --wd "$(pwd -P)" \
		    ${jobs:+-j "$jobs"} "$@" \
		    sh "$self" --worker "$run" :::: "$run/chunks" &
	else
		$setsid "$xargs" -n 1 -P "$jobs" \
		    "$shell" "$self" --worker "$run" <"$run/chunks" &
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
elapsed=
[ "$verbose" = 1 ] &&
    elapsed=$(awk -v a="$started" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }')

# ---------------------------------------------------------------- results
# The rows in the order of the photos, the photos a worker did not finish
# (it died; an error each), failures of earlier runs named again, and the
# worst status and the counts in RUNDIR/sum.
if ! awk -F '\t' -v rows="$rows" -v out="$run" -v quiet="$quiet" '
    function say(s) { print "sdk-batch: " s > (out "/said") }
    BEGIN { print "source,name,status,exit,detect,warp,ocr,solve,render," \
	"grid,solution,seconds_detect,seconds_warp,seconds_ocr," \
	"seconds_solve,seconds_render,message,entries,mistakes,progress" \
	> (out "/results.csv")
	printf "" > (out "/results.jsonl"); printf "" > (out "/said") }
    FILENAME == ARGV[1] { done[$1 + 0] = 1; next }
    FILENAME == ARGV[2] { fresh[$1] = 1
	if (!($1 in done)) {
	    say($2 ": no result (the pipeline ended early)"); lost = 1 }
	next }
    { f = rows "/" $2 ".json"
      while ((getline l < f) > 0) {
	print l > (out "/results.jsonl")
	ex = l; sub(/.*"exit":/, "", ex); sub(/,.*/, "", ex); ex += 0
	if (ex > w) w = ex
	n[ex]++
	if (ex != 0 && !(FNR in fresh) && !quiet) {
	    m = l; sub(/.*"message":"/, "", m); sub(/"}$/, "", m)
	    say($1 ": " m " (earlier run)") }
      }
      close(f)
      f = rows "/" $2 ".csv"
      while ((getline l < f) > 0) print l > (out "/results.csv")
      close(f) }
    END { printf "%d %d %d %d %d\n", w, lost, n[0], n[1], n[2] > (out "/sum") }
    ' "$run/progress" "$run/todo" "$list" 2>/dev/null; then
	warn "$outdir: cannot write the results"
	exit 2
fi
read -r worst lost ok failed errors <"$run/sum"
while IFS= read -r l; do
	printf '%s\n' "$l" >&2
done <"$run/said"
[ "$lost" = 1 ] && status=2
if ! mv -f -- "$run/results.jsonl" "$run/results.csv" "$outdir"; then
	warn "$outdir: cannot write the results"
	exit 2
fi
[ "$worst" -gt "$status" ] && status=$worst
if [ "$verbose" = 1 ]; then
	warn "$total photos ($todo run in ${elapsed}s," \
	    "$((total - todo)) up to date): $ok solved, $failed failed," \
	    "$errors unreadable; results in $outdir"
fi
if [ -s "$run/crashed" ]; then
	status=0
	while read -r s; do
		[ "$s" -gt "$status" ] && status=$s
	done <"$run/crashed"
	warn "a program of the pipeline ended with status $status"
fi
exit "$status"
