#!/bin/sh
# sdk-batch: solve folders of photos with the sdk programs.
#
# The main process gathers the photos, decides which are out of date and
# hands their shares to xargs -P (or GNU parallel with --sshlogin, which
# sends them to other machines), which starts workers (sdk-batch-rows
# work).  A worker runs the real programs over its share of photos, one
# stream per stage, so each program (and the OCR engine's set-up) starts
# once per share, and then moves each photo's finished outputs into place
# with rename(2): an interrupted batch leaves whole files or none.  The row
# of a photo is written last; a photo whose row is newer than the photo,
# the programs and the options is done.
#
# This script keeps the order of the steps, the workers' session, the
# watchdog and the signals.  Every step that reads or writes a name, a
# list, a record or a row is sdk-batch-rows, in C: the names never pass
# through the shell but as operands, and nothing it writes is run as a
# script (the shell reads its files as data, printf's %b undoing the line
# files' escapes).  A photo whose name the programs cannot carry on a
# metadata line goes through them by a link, RUN/l/N.
#
# test -nt and -ot are in POSIX.1-2024 and in every sh that Debian ships.
# shellcheck disable=SC3013
# Functions called from traps look unreachable to shellcheck:
# shellcheck disable=SC2317,SC2329
set -u
export LC_ALL=C
prog=sdk-batch
version=0.1.0
stages='detect warp ocr solve render'
# sdk-batch-rows, the worker too: where the build or make install put it
# (the Makefile fills in the folder), else in ../libexec/sdk (an install
# moved whole).
libexec='@SDK_LIBEXEC@'
for d in "$libexec" "${0%/*}/../libexec/sdk"; do
	if [ -x "$d/sdk-batch-rows" ]; then
		libexec=$d
		break
	fi
done

warn() {
	printf '%s: %s\n' "$prog" "$*" >&2
}

# shown NAME: NAME as a message shows it, control characters as ?.
shown() {
	case $1 in
	*[[:cntrl:]]*) printf '%s' "$1" | tr '\001-\037\177' '[?*]' ;;
	*) printf '%s' "$1" ;;
	esac
}

now() {
	date +%s.%N
}

# full_disk DIR: is the file system of DIR full (under 64 KB free)?
full_disk() {
	set -- "$(df -Pk "$1" 2>/dev/null | awk 'NR == 2 { print $4 }')"
	[ -n "$1" ] && [ "$1" -lt 64 ]
}

# ---------------------------------------------------------------- options
status=0
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sdk-batch.XXXXXX") || exit 2
run=
pgid=
cleanup() {
	rm -rf -- "$tmp" ${run:+"$run"}
}
trap cleanup EXIT
for s in INT TERM HUP; do
	# shellcheck disable=SC2064
	trap "cleanup; trap - EXIT $s; kill -$s \$\$; exit 2" "$s"
done
# Where this script is: the programs are looked for beside it (a build or
# an installed copy), else on PATH.
case $0 in
*/*) here=$(cd "${0%/*}" && pwd -P) ;;
*) here=$(dirname "$(command -v "$0")") ;;
esac
self=$here/${0##*/}
[ -f "$self" ] || self=$(command -v "$0")
# The options are read by sdk-batch-rows options, which says --help,
# --version and a usage error itself (then OUT is empty), and finds the
# programs; the settings, the programs and the operands come back as
# data, "KEY<tab>VALUE" a line, escaped as the line files write names,
# which printf's %b undoes.
"$libexec/sdk-batch-rows" options "$tmp/options" "$here" "$self" \
    "$libexec" "$@" || exit
[ -s "$tmp/options" ] || exit 0
outdir='' jobs='' chunk='' engine='' picture='' timeout='' sshlogins=''
rbindir='' force='' quiet='' verbose='' null='' sdk_detect='' sdk_warp=''
sdk_ocr='' sdk_solve='' sdk_render='' newest='' pamcat='' pnmtojpeg=''
thumbs=''
set --
while IFS='	' read -r k v; do
	case $v in
	*\\*)
		v=$(printf '%bx' "$v")
		v=${v%x} ;;
	esac
	case $k in
	operand) set -- "$@" "$v" ;;
	outdir | jobs | chunk | engine | picture | timeout | sshlogins | \
	    rbindir | force | quiet | verbose | null | sdk_detect | sdk_warp | \
	    sdk_ocr | sdk_solve | sdk_render | newest | pamcat | pnmtojpeg | \
	    thumbs)
		eval "$k=\$v" ;;
	esac
done <"$tmp/options"

# On a terminal the workers leave their messages in the run's folder and
# this process shows them above a progress line, which it ends with a
# summary (tick, then sdk-batch-rows finish); elsewhere the workers write
# their messages themselves, at once, and there is no progress and no
# summary (but with -v): quiet on success, as a filter is.
live=0
[ -t 2 ] && live=1

# ---------------------------------------------------------------- photos
cwd=$(pwd -P) || exit 2
case $outdir in /*) outabs=$outdir ;; *) outabs=$cwd/$outdir ;; esac
if [ -d "$outdir" ]; then
	outabs=$(cd -- "$outdir" && pwd -P) || exit 2
fi
# No operand: the names come from standard input, unless that is a
# terminal: someone who typed "sdk-batch" alone is told what it wants
# rather than left before a mute prompt ("-" still reads names typed in).
if [ $# -eq 0 ]; then
	if [ -t 0 ]; then
		warn "no photos named, and standard input is a terminal:" \
		    "name photos or folders (- reads names typed in)"
		"$libexec/sdk-batch-rows" options --usage >&2
		exit 2
	fi
	set -- -
fi
# What the folders and files named hold, NUL-separated and led by a
# letter each (sdk-batch-rows gather: names.c says which); "-" the names
# on standard input.  Whether any was named, and 2 if one could not be
# taken (said there).
items=$tmp/items
named=$("$libexec/sdk-batch-rows" gather "$null" "$items" "$@") || exit 2
status=${named#* }
named=${named% *}

# The photos and their names (sdk-batch-rows names); the files skipped are
# named as they are found.
meta=$outabs/.sdk-batch
rows=$meta/rows
if [ "$quiet" = 1 ]; then set -- -q; else set --; fi
counts=$("$libexec/sdk-batch-rows" names "$@" -C "$cwd" -O "$outabs" \
    "$items" "$tmp/list" "$tmp/skipped") || exit 2
total=${counts% *}
nskipped=${counts#* }
if [ "$total" -eq 0 ]; then
	# No names at all (an empty list): nothing to do.  Names but no
	# photo among them: say so.
	if [ "$named" = 1 ] && [ "$status" -eq 0 ]; then
		if [ "$nskipped" -gt 0 ]; then
			warn "no photos found ($nskipped files skipped)"
		else
			warn "no photos found"
		fi
		status=1
	fi
	exit "$status"
fi

# ---------------------------------------------------------------- out of date
# cannot_write WHAT: a write into the output folder failed: say why, once
# (a full disk as such), and stop.
cannot_write() {
	d=$outabs
	while [ ! -d "$d" ]; do
		d=${d%/*}
		[ -n "$d" ] || d=/
	done
	if full_disk "$d"; then
		warn "$(shown "$outdir"): no space left on the device"
	else
		warn "$(shown "$outdir"): $1"
	fi
	exit 2
}
if ! { [ -d "$rows" ] || mkdir -p -- "$rows" 2>/dev/null; } ||
    ! [ -w "$rows" ]; then
	cannot_write "cannot create or write the folder"
fi
outabs=$(cd -- "$outabs" && pwd -P) || exit 2
meta=$outabs/.sdk-batch
rows=$meta/rows
# Runs killed outright leave their folder: remove those of dead processes.
for d in "$meta"/run.*; do
	[ -f "$d/pid" ] || continue
	read -r p <"$d/pid" || p=
	kill -0 "$p" 2>/dev/null || rm -rf "$d"
done
run=$(mktemp -d "$meta/run.XXXXXX" 2>/dev/null) ||
    cannot_write "cannot write the folder"
runid=${run##*/run.}
{ echo $$ >"$run/pid"; } 2>/dev/null || cannot_write "cannot write the folder"

# collect: the shares back from their machines, unpacked and their ops
# carried out (sdk-batch-rows collect).
collect() {
	"$libexec/sdk-batch-rows" collect "$quiet" "$live" "$run" "$meta" \
	    "$libexec"
}

ocr_flags=${engine:+-e $engine}
solve_flags=${timeout:+-t $timeout}
options="engine=$engine timeout=$timeout${picture:+ picture=$picture}"
old=
[ -f "$meta/options" ] && { read -r old <"$meta/options" || :; }
if [ "$old" != "$options" ]; then
	{ printf '%s\n' "$options" >"$run/options" &&
	    mv -f "$run/options" "$meta/options"; } 2>/dev/null ||
	    cannot_write "cannot write the folder"
fi
# The workers' settings: data, a line each (sdk-batch-rows conf).
# shellcheck disable=SC2154
"$libexec/sdk-batch-rows" conf outdir="$outabs" rows="$rows" \
    quiet="$quiet" runid="$runid" libexec="$libexec" ocr_flags="$ocr_flags" \
    solve_flags="$solve_flags" thumbs="$thumbs" stages="$stages" \
    picture="$picture" live="$live" sdk_detect="$sdk_detect" \
    sdk_warp="$sdk_warp" sdk_ocr="$sdk_ocr" sdk_solve="$sdk_solve" \
    sdk_render="$sdk_render" pamcat="$pamcat" pnmtojpeg="$pnmtojpeg" \
    2>/dev/null >"$run/config" || cannot_write "cannot write the folder"
: 2>/dev/null >"$run/progress" || cannot_write "cannot write the folder"
: 2>/dev/null >"$run/messages" || cannot_write "cannot write the folder"

# The photos to do: those whose row is not newer than the photo, the
# programs and the options, or is that of a photo that could not be read
# (sdk-batch-rows todo).
set --
[ "$force" = 1 ] && set -- -f
[ "$verbose" = 1 ] && set -- "$@" -v
todo=$("$libexec/sdk-batch-rows" todo "$@" -r "$rows" -m "$newest" \
    -P "$meta/options" "$tmp/list" "$run/todo") ||
    cannot_write "cannot write the folder"


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
# The shares (sdk-batch-rows plan), the links to photos whose names the
# programs cannot carry, and the list of outputs, written before any.
outputs=$meta/outputs
[ -f "$outputs" ] || outputs=/dev/null
remote=0
[ -n "$sshlogins" ] && remote=1
"$libexec/sdk-batch-rows" plan ${sshlogins:+-R} -n "$chunk" -i "$runid" \
    "$run" "$tmp/list" "$run/todo" "$outputs" 2>/dev/null ||
    cannot_write "cannot write the folder"
mv -f -- "$run/outputs" "$meta/outputs" 2>/dev/null ||
    cannot_write "cannot write the folder"
# With -S, each share as one file for its machine (sdk-batch-rows bundles).
if [ "$remote" = 1 ]; then
	"$libexec/sdk-batch-rows" bundles "$run" "$libexec" quiet="$quiet" \
	    runid="$runid" outdir="$outabs" rows="$rows" ocr_flags="$ocr_flags" \
	    solve_flags="$solve_flags" stages="$stages" picture="$picture" \
	    live=0 want_thumbs=1 bindir="$rbindir" here="$here" ||
	    cannot_write "cannot write the folder"
fi

# results STOPPED NOTE: the report of every photo with a row, moved into
# place (sdk-batch-rows results); STOPPED: the run did not finish.
about="sdk-batch $version, ${engine:-mlp} engine"
[ -n "$timeout" ] && about="$about, solve timeout ${timeout}s"
results() {
	"$libexec/sdk-batch-rows" results "$1" "$2" "$quiet" "$todo" \
	    "$about" "$outdir" "$outabs" "$meta" "$run" "$tmp" "$libexec"
}

# stop_workers: end the pipelines (their session), wait for them, and
# tell the watchdog.
stop_workers() {
	if [ -n "$pgid" ]; then
		# dash knows neither "--" nor -s here: -TERM -PGID it is.
		kill -TERM "-$pgid" 2>/dev/null || kill -TERM "$pgid" 2>/dev/null
		wait "$pgid" 2>/dev/null
		pgid=
	fi
	watchdog_done
}
wd=0
watchdog_done() {
	if [ "$wd" = 1 ]; then
		echo 'done' >&7
		exec 7>&-
		wd=0
	fi
}

# tick FINAL: on a terminal, the failures done since the last tick above
# the progress line, drawn again (sdk-batch-rows tick); FINAL: none, the
# cursor left at the start of a clean line.
plen=0
nsaid=0
nmsgs=0
tick() {
	set -- "$("$libexec/sdk-batch-rows" tick "$1" "$todo" "$started" \
	    "$plen" "$nsaid" "$nmsgs" "$run")"
	read -r plen nsaid nmsgs <<EOT
$1
EOT
}

count_done() {
	done_now=0
	while read -r _; do
		done_now=$((done_now + 1))
	done <"$run/progress"
}

on_signal() {
	trap '' INT TERM HUP
	stop_workers
	[ "$remote" = 1 ] && collect
	[ "$live" = 1 ] && tick 1
	count_done
	results 1 "Interrupted: $done_now of $todo photos done; run again to finish."
	warn "interrupted: $done_now of $todo photos done; run again to finish"
	cleanup
	trap - EXIT "$1"
	kill -"$1" $$
	exit 2
}
for s in INT TERM HUP; do
	# shellcheck disable=SC2064
	trap "on_signal $s" "$s"
done

# The workers get a session of their own, so that an interrupt ends them
# all (the pipelines' programs too) and nothing else.
setsid=
command -v setsid >/dev/null 2>&1 && setsid=setsid
# xargs by its path: not looked up along PATH for each worker.
xargs=$(command -v xargs)
case $xargs in /*) ;; *) xargs='xargs' ;; esac
started=
{ [ -t 2 ] || [ "$verbose" = 1 ]; } && started=$(now)
if [ "$todo" -gt 0 ]; then
	# A watchdog, should this process be killed outright (SIGKILL): it
	# reads the workers' session from a pipe that only this process
	# holds open (the workers do not have it), and ends the session when
	# the pipe ends without a word.
	mkfifo "$run/fifo" 2>/dev/null || cannot_write "cannot write the folder"
	exec 7<>"$run/fifo"
	wd=1
	(
		trap '' INT TERM HUP
		read -r pg && read -r end
		[ "${end:-}" = 'done' ] || kill -TERM "-$pg"
	) <"$run/fifo" >/dev/null 2>&1 7>&- &
	if [ -n "$sshlogins" ]; then
		# Files are sent only to other machines: GNU parallel warns
		# of --transferfile with ":" alone.
		set --
		while IFS= read -r l; do
			case $l in
			'') continue ;;
			: | */:) ;;
			*)
				if [ $# -eq 0 ] || [ "$1" != --wd ]; then
					set -- --wd ... --transferfile '{}.in.tar' \
					    --return '{}.out.tar' --cleanup "$@"
				fi ;;
			esac
			set -- "$@" -S "$l"
		done <<EOS
$sshlogins
EOS
		# The share's command there: in the work folder GNU parallel
		# made and sent N.in.tar to, or (":", nothing sent) in RUN.
		# shellcheck disable=SC2016
		rcmd='c=$1
[ -f "$c.in.tar" ] || cd "$2" || exit 2
rm -rf "$c.x" && mkdir "$c.x" && tar -xf "$c.in.tar" -C "$c.x" &&
    cd "$c.x" || exit 2
./sdk-batch-rows remote "$c"
s=$?
cd .. && rm -rf "$c.x"
exit $s'
		(
			cd "$run" &&
			    exec $setsid parallel -q --will-cite --retries 3 \
			    ${jobs:+-j "$jobs"} "$@" \
			    sh -c "$rcmd" sh '{}' "$run" :::: "$run/chunks"
		) 7>&- >/dev/null 2>"$run/parallel.err" &
	else
		$setsid "$xargs" -n 1 -P "$jobs" \
		    "$libexec/sdk-batch-rows" work "$run" <"$run/chunks" 7>&- &
	fi
	pgid=$!
	echo "$pgid" >&7
	if [ "$live" = 1 ] || [ "$remote" = 1 ]; then
		while kill -0 "$pgid" 2>/dev/null; do
			[ "$remote" = 1 ] && collect
			[ "$live" = 1 ] && tick 0
			sleep 0.5 2>/dev/null || sleep 1
		done
	fi
	wait "$pgid" 2>/dev/null
	pgid=
	watchdog_done
	[ "$remote" = 1 ] && collect
	[ "$live" = 1 ] && tick 1
	# What GNU parallel and ssh said (a machine that could not be
	# reached, a share tried again), once each.
	if [ -s "$run/parallel.err" ]; then
		awk '!seen[$0]++ { print (/^sdk-batch: / ? "" : "sdk-batch: ") $0 }' \
		    "$run/parallel.err" >&2
	fi
fi

# ---------------------------------------------------------------- results
count_done
full=0
if [ -e "$run/full" ] ||
    { [ "$done_now" -lt "$todo" ] && full_disk "$meta"; }; then
	full=1
fi
note=
[ "$full" = 1 ] && note="The disk is full: $done_now of $todo photos done; \
make room and run again to finish."
if ! results "$full" "$note"; then
	[ "$full" = 1 ] || cannot_write "cannot write the results"
fi
if [ "$full" = 1 ]; then
	warn "$(shown "$outdir"): no space left on the device"
	exit 2
fi
# The report's messages, the batch's status, and the last line, on a
# terminal or with -v: what the folder holds now and where to look.
"$libexec/sdk-batch-rows" finish "$status" "$live" "$verbose" "$todo" \
    "$total" "$nskipped" "$started" "$outdir" "$run"
exit
