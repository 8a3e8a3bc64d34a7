#!/bin/sh
# sdk-batch-worker.sh: a worker of sdk-batch (sdk-batch runs it through
# xargs -P or GNU parallel: sh sdk-batch-worker.sh RUNDIR CHUNK; make
# install puts it in LIBEXECDIR/sdk).  It puts the photos of share CHUNK
# through the pipeline: RUNDIR/config has the programs and the options
# (conf, below), RUNDIR/c.CHUNK.args the names the programs are given, a
# line each, RUNDIR/c.CHUNK the photos' lines for the rows (sdk-batch-rows
# plan).  It moves each photo's outputs into place, its
# row last, and says on fd 9 which photos failed.
#
# Apart from the five programs of the pipeline a worker starts four:
# sdk-batch-rows three times (pick: the solved records for sdk-render;
# rows: the rows and the list of moves, W/ops; place: the moves, outputs
# first, rows last: rename(2) each) and a mkdir for its work folders.
# The records are read by sdk-batch-rows, with libcommon's reader; what
# it writes is data, never a script.  The thumbnails of the report take
# three more: sdk-render once, for the photos' thumbnails and the answers
# drawn onto them, pamcat and pnmtojpeg for the sheet that holds them
# all.  Everything else is done by the shell's builtins: the stages' times
# come from times(1), the seconds of CPU (user + system) each stage's
# program used.
#
# The variables come from the run's config file:
# shellcheck disable=SC2154
set -u
export LC_ALL=C
prog=sdk-batch

# full_disk DIR: is the file system of DIR full (under 64 KB free)?
full_disk() {
	set -- "$(df -Pk "$1" 2>/dev/null | awk 'NR == 2 { print $4 }')"
	[ -n "$1" ] && [ "$1" -lt 64 ]
}

# clock LABEL: add LABEL and the CPU seconds of the finished children so
# far to $ticks.
clock() {
	times >"$w/times"
	{ read -r _ _; read -r cu cs; } <"$w/times"
	ticks="$ticks $1 $cu $cs"
}

# stage NAME OUT PROGRAM ARG...: a stage of the pipeline over the share,
# its output to OUT and its messages to W/NAME.err; then its CPU time and
# how it ended.
stage() {
	st=$1
	out=$2
	shift 2
	"$@" >"$out" 2>"$w/$st.err"
	s=$?
	clock "$st"
	stage_end "$st" "$s"
}

# stage_end STAGE STATUS: note how a stage ended, and whether a failure
# found the disk full (its messages may not have been written either).
stage_end() {
	codes="$codes $2"
	# Not a status of ours: a crash, a signal, a sanitizer's report.  The
	# batch passes it on, so that it is never taken for a bad photo.
	if [ "$2" -gt 2 ]; then
		echo "$2" >>"$crashed"
	fi
	if [ "$2" -ge 2 ] && [ -z "$full" ]; then
		# A program that fails with 2 says why: no message at all
		# is one that could not be written, on a disk that was full
		# (the other worker may have made room since).
		if full_disk "$w" || { [ "$2" -eq 2 ] && ! [ -s "$w/$1.err" ]; }
		then
			full=$2
		else
			while IFS= read -r l; do
				case $l in
				*"No space left on device"*) full=$2 ;;
				esac
			done <"$w/$1.err"
		fi
	fi
}

# bad: a move or a write of the worker failed: when the disk is full, say
# so to the main process and stop quietly (it says it once); else say
# why (the share's photos will have no result).
bad() {
	if [ -n "$full" ] || full_disk "$w"; then
		: >"$run/full"
	else
		for f in "$w/ops.err" "$w/rows.err"; do
			if [ -s "$f" ] && IFS= read -r l <"$f"; then
				say "${l#"$prog: "}"
				break
			fi
		done
	fi
	exit 2
}

# say MESSAGE: a message for the batch's standard error: on a terminal
# into the run's messages, which the batch shows above its progress line,
# else on fd 9 at once.
say() {
	if [ "$live" = 1 ]; then
		printf '%s: %s\n' "$prog" "$1" >>"$run/messages"
	else
		printf '%s: %s\n' "$prog" "$1" >&9
	fi
}

# p INDEX EXIT MESSAGE: a photo is done (place, after the moves).  On a
# terminal its message goes on its line of progress ("INDEX EXIT
# MESSAGE", one write), so that the batch shows each failure as it counts
# it, never one without the other.
p() {
	m=
	[ "$quiet" = 0 ] && m=$3
	if [ "$live" = 1 ]; then
		echo "$1 $2${m:+ $prog: $m}" >>"$run/progress"
	else
		[ -z "$m" ] || printf '%s: %s\n' "$prog" "$m" >&9
		echo "$1 $2" >>"$run/progress"
	fi
	[ "$2" -gt "$status" ] && status=$2
}

# thumbs_sheet: the report's thumbnails, at most 160x120: of each photo,
# and of each answer drawn onto its photo, W/t/N.ppm for the Nth record
# of W/thumbs.txt (sdk-render decodes each photo once, made small: a JPEG
# 2 to 8 times smaller while it is decoded, and keeps it for the answer
# that follows); then every thumbnail stacked into one JPEG file,
# W/sheet.jpg, and a line for each in W/thumbs, in the sheet's order:
# "t N t/FILE" (the photo of record N) or "a K t/FILE" (the Kth solved
# record's answer), as W/thumbs.want names them.
thumbs_sheet() {
	"$sdk_render" --onto --thumbnail=160x120 -q -f pnm \
	    -o "$w/t/%4n.ppm" "$w/thumbs.txt" 2>/dev/null
	s=$?
	[ "$s" -gt 2 ] && echo "$s" >>"$crashed"
	set --
	n=0
	list=
	while read -r kind num; do
		n=$((n + 1))
		case $n in
		?) f=000$n ;;
		??) f=00$n ;;
		???) f=0$n ;;
		*) f=$n ;;
		esac
		[ -f "$w/t/$f.ppm" ] || continue
		set -- "$@" "$w/t/$f.ppm"
		list="$list$kind $num t/$f.ppm
"
	done <"$w/thumbs.want"
	[ $# -gt 0 ] || return 0
	# A JPEG file is at most 65535 pixels high: 500 thumbnails of 120.
	[ $# -le 500 ] || return 0
	printf '%s' "$list" >"$w/thumbs" &&
	    "$pamcat" -tb -jleft -white "$@" 2>/dev/null |
	    "$pnmtojpeg" -quality 80 >"$w/sheet.jpg" 2>/dev/null && sheet=1
}

# render_both: the answers onto the photos, the solved records of
# W/solved.txt as PNG (W/pN/), those of W/solvedj.txt as JPEG (W/jN/);
# the worse status of the two.
render_both() {
	rs=0
	if [ -s "$w/solved.txt" ] || ! [ -s "$w/solvedj.txt" ]; then
		"$sdk_render" --onto -f png -o "$w/p%n/%s.png" "$w/solved.txt"
		rs=$?
	fi
	if [ -s "$w/solvedj.txt" ]; then
		"$sdk_render" --onto -f jpeg -o "$w/j%n/%s.jpg" \
		    "$w/solvedj.txt"
		s=$?
		[ "$s" -gt "$rs" ] && rs=$s
	fi
	return "$rs"
}

# pipeline: the photos "$@" of share $c through the stages, in the work
# folder $w; then their rows and W/ops, the moves that put their outputs
# in place (sdk-batch-rows rows).
pipeline() {
	# The photos that are empty files: said so in their rows, in plain
	# words (sdk-detect makes no record of them).
	for a; do
		[ -s "$a" ] || printf '%s\n' "$a"
	done >"$w/empty"
	codes=
	full=
	ticks=
	sheet=
	clock start
	stage detect "$w/d.pnm" "$sdk_detect" -- "$@"
	stage warp "$w/w.pnm" "$sdk_warp" "$w/d.pnm"
	: >"$w/d.pnm"
	# shellcheck disable=SC2086
	stage ocr "$w/o.txt" "$sdk_ocr" $ocr_flags "$w/w.pnm"
	: >"$w/w.pnm"
	# shellcheck disable=SC2086
	stage solve "$w/s.txt" "$sdk_solve" $solve_flags "$w/o.txt"
	"$rows_prog" pick ${picture:+-p "$picture"} "$w"
	clock pick
	stage render /dev/null render_both
	: >"$w/thumbs"
	if [ "$thumbs" = 1 ]; then
		thumbs_sheet
		clock thumbs
	fi
	# The picture of the Kth solved record, whatever sdk-render named it,
	# in the folder W/solved.dir names (pN for PNG, jN for JPEG).
	k=1
	while IFS= read -r d; do
		for f in "$w/$d"/*.png "$w/$d"/*.jpg; do
			[ -f "$f" ] && printf '%s\t%s\n' "$k" "$d/${f##*/}"
		done
		k=$((k + 1))
	done <"$w/solved.dir" >"$w/rendered"

	"$rows_prog" rows -c "$codes" -t "$ticks" -o "$outdir" -r "$rows" \
	    ${full:+-F} ${sheet:+-s "thumbs/$runid-$c.jpg"} "$run/c.$c" "$w" \
	    2>"$w/rows.err" || bad
	# A stage that found the disk full: no rows, nothing moved.
	[ -n "$full" ] && bad
}

# workdirs N: the work folder of a share of N photos, W/t for the
# thumbnails, and W/K, W/pK and W/jK for photo K (its grid and rows, its
# answer in PNG or JPEG).
workdirs() {
	n=$1
	set -- "$w" "$w/t"
	k=1
	while [ "$k" -le "$n" ]; do
		set -- "$@" "$w/$k" "$w/p$k" "$w/j$k"
		k=$((k + 1))
	done
	mkdir -- "$@" || exit 2
}

# conf FILE: the run's settings, "KEY<tab>VALUE" a line, the value
# escaped as the line files write names, which printf's %b undoes (see
# sdk-batch.sh's list); only the settings named here are taken.
conf() {
	[ -r "$1" ] || return 1
	while IFS='	' read -r k v; do
		case $v in
		*\\*)
			v=$(printf '%bx' "$v")
			v=${v%x} ;;
		esac
		case $k in
		outdir | rows | quiet | runid | libexec | ocr_flags | \
		    solve_flags | thumbs | stages | picture | live | sdk_detect | \
		    sdk_warp | sdk_ocr | sdk_solve | sdk_render | pamcat | \
		    pnmtojpeg | want_thumbs | bindir | here)
			eval "$k=\$v" ;;
		esac
	done <"$1"
}

# place: the moves of W/ops (sdk-batch-rows place), then each photo done:
# "INDEX<tab>EXIT<tab>MESSAGE" lines, the message without control
# characters.
place() {
	"$rows_prog" place "$w" >"$w/done" 2>"$w/ops.err" || bad
	while IFS='	' read -r i e m; do
		p "$i" "$e" "$m"
	done <"$w/done"
}

worker() {
	run=$1
	# The messages about photos go to fd 9, the batch's stderr; the
	# shell's own words ("Terminated" when the batch is stopped) go
	# nowhere.
	if ! true >&9 2>/dev/null; then
		exec 9>&2
	fi
	exec 2>/dev/null
	conf "$run/config" || exit 2
	[ -e "$run/full" ] && exit 2
	c=$2
	w=$run/w.$c
	crashed=$run/crashed
	rows_prog=$libexec/sdk-batch-rows
	set --
	while IFS= read -r a; do
		set -- "$@" "$a"
	done <"$run/c.$c.args"
	workdirs $#
	pipeline "$@"
	status=0
	place
	# xargs stops at a status of 255 only; report 0, 1 or 2 as they are.
	exit "$status"
}

# remote SHARE: a share on a machine of -S, which sees only what it was
# sent: run in the folder where SHARE.in.tar was unpacked (the photos as
# in/K.EXT, this script, sdk-batch-rows, config and the share's c.N and
# c.N.args, written for this folder).  It leaves the share's work folder
# w.N, its ops included, in ../SHARE.out.tar for GNU parallel to bring
# back; sdk-batch carries out the ops there (sdk-batch-rows place).  Status 0 when the results are made,
# whatever the photos' fates; else 2 with a word on stderr, and GNU
# parallel tries the share on another machine.
remote() {
	c=$1
	run=.
	exec 9>&2
	conf ./config || exit 2
	rows_prog=./sdk-batch-rows
	# The programs: in --remote-bindir if given, else where they are on
	# the machine that runs sdk-batch, if they are there too, else on
	# PATH.
	d=$bindir
	[ -z "$d" ] && [ -x "$here/sdk-detect" ] && d=$here
	for s in $stages; do
		if [ -n "$d" ]; then
			p=$d/sdk-$s
			[ -x "$p" ] || p=
		else
			p=$(command -v "sdk-$s") || p=
		fi
		if [ -z "$p" ]; then
			printf '%s: %s: sdk-%s: program not found%s\n' "$prog" \
			    "$(uname -n)" "$s" "${bindir:+ in $bindir}" >&2
			exit 2
		fi
		eval "sdk_$s=\$p"
	done
	thumbs=0
	if pamcat=$(command -v pamcat) && pnmtojpeg=$(command -v pnmtojpeg)
	then
		thumbs=$want_thumbs
	fi
	w=w.$c
	crashed=$w/crashed
	exec 2>/dev/null
	set --
	while IFS= read -r a; do
		set -- "$@" "$a"
	done <"./c.$c.args"
	workdirs $#
	pipeline "$@"
	tar -cf "../$c.out.tar.tmp" "$w" && mv -f "../$c.out.tar.tmp" "../$c.out.tar"
}

case ${1-} in
--remote) remote "$2" ;;
*) worker "$@" ;;
esac
