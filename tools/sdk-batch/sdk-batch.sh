#!/bin/sh
# sdk-batch: solve folders of photos with the sdk programs.
#
# The main process collects the photos, decides which are out of date and
# hands their shares to xargs -P (or GNU parallel with --sshlogin, which
# sends them to other machines: see "-S" below), which starts workers
# (sdk-batch-rows work, work.c).  A worker runs the real
# programs over its share of photos, one stream per stage, so each program
# (and the OCR engine's set-up) starts once per share, and then moves each
# photo's finished outputs into place with rename(2): an interrupted batch
# leaves whole files or none.  The row of a photo is written last; a photo
# whose row is newer than the photo, the programs and the options is done.
#
# Names are never split by the shell: find hands them over NUL-separated,
# and sdk-batch-rows, the C program that reads and writes the batch's
# lists, records and rows, carries them in its line files with \\, \t, \n
# and \r for those bytes.  Nothing it writes is run as a script: the
# shell reads its files as data (printf's %b undoes the escapes).  A
# photo whose name the programs cannot carry on a metadata line goes
# through them by a link, RUN/l/N.
#
# test -nt and -ot are in POSIX.1-2024 and in every sh that Debian ships.
# shellcheck disable=SC3013
# Functions called from traps look unreachable to shellcheck:
# shellcheck disable=SC2317,SC2329
set -u
export LC_ALL=C
prog=sdk-batch
version=0.1.0
nl='
'
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
# The options are read by sdk-batch-rows options, which says --help,
# --version and a usage error itself (then OUT is empty); the settings
# and the operands come back as data, "KEY<tab>VALUE" a line, escaped as
# the line files write names, which printf's %b undoes.
"$libexec/sdk-batch-rows" options "$tmp/options" "$@" || exit
[ -s "$tmp/options" ] || exit 0
outdir='' jobs='' chunk='' engine='' picture='' timeout='' sshlogins=''
rbindir='' force='' quiet='' verbose='' null=''
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
	    rbindir | force | quiet | verbose | null)
		eval "$k=\$v" ;;
	esac
done <"$tmp/options"

# The programs: beside this script (a build or an installed copy), else
# on PATH.  Absolute paths, for the workers and for the up-to-date test.
case $0 in
*/*) here=$(cd "${0%/*}" && pwd -P) ;;
*) here=$(dirname "$(command -v "$0")") ;;
esac
self=$here/${0##*/}
[ -f "$self" ] || self=$(command -v "$0")
newest=$self
for p in "$libexec"/sdk-batch-*; do
	[ "$p" -nt "$newest" ] && newest=$p
done
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
# The solve timeout is checked before any work, by sdk-solve itself on
# an empty input: what it refuses here it would refuse on every photo,
# after detect, warp and ocr had read them all.
if [ -n "$timeout" ]; then
	# shellcheck disable=SC2154
	m=$("$sdk_solve" -t "$timeout" </dev/null 2>&1 >/dev/null) || {
		m=${m%%"$nl"*}
		warn "--solve-timeout $(shown "$timeout"): refused by" \
		    "sdk-solve (${m#sdk-solve: })"
		exit 2
	}
fi
# The thumbnails of the report are made with netpbm; without it the
# report has none.
thumbs=1
for t in pamcat pnmtojpeg; do
	if p=$(command -v "$t") && [ -x "$p" ]; then
		eval "$t=\$p"
	else
		eval "$t="
		thumbs=0
	fi
done

# On a terminal the workers leave their messages in the run's folder and
# this process shows them above a progress line, which it ends with a
# summary (tick, summary); elsewhere the workers write their messages
# themselves, at once, and there is no progress and no summary (but with
# -v): quiet on success, as a filter is.
live=0
[ -t 2 ] && live=1

# ---------------------------------------------------------------- photos
cwd=$(pwd -P) || exit 2
case $outdir in /*) outabs=$outdir ;; *) outabs=$cwd/$outdir ;; esac
if [ -d "$outdir" ]; then
	outabs=$(cd -- "$outdir" && pwd -P) || exit 2
fi
# What the folders and files named hold, NUL-separated and led by a
# letter each (see names.c).
items=$tmp/items
: >"$items" || exit 2
named=0

# take PATH: a photo, or every file in a folder and its subfolders (not
# hidden ones, nor the outputs of a batch: names.c).
take() {
	named=1
	if [ -d "$1" ]; then
		walk "$1"
	elif [ -f "$1" ]; then
		printf 'F%s\0' "$1" >>"$items"
	elif [ -e "$1" ] || [ -L "$1" ]; then
		warn "$(shown "$1"): $(kind "$1")"
		status=2
	else
		warn "$(shown "$1"): No such file or directory"
		status=2
	fi
}

# kind PATH: what PATH is, when it is neither a regular file nor a folder
# (nor a link to one): never opened, so that a FIFO, a socket or a device
# such as /dev/zero is named for what it is and never read.
kind() {
	k=
	if [ -L "$1" ]; then
		if ! [ -e "$1" ]; then
			# Nothing at the end of it, or links without end.
			set -- "$1"
			case $1 in -*) set -- "./$1" ;; esac
			case $(find "$1" -maxdepth 0 -printf '%Y' 2>/dev/null) in
			L) echo 'a link that loops' ;;
			*) echo 'a broken link' ;;
			esac
			return
		fi
		k='a link to '
	fi
	if [ -p "$1" ]; then
		echo "${k}a FIFO"
	elif [ -S "$1" ]; then
		echo "${k}a socket"
	elif [ -c "$1" ] || [ -b "$1" ]; then
		echo "${k}a device"
	else
		echo "${k}not a regular file"
	fi
}

walk() {
	d=$1
	while :; do
		case $d in
		*?/) d=${d%/} ;;
		*) break ;;
		esac
	done
	root=$d
	case $root in -*) root=./$root ;; esac
	phys=$(cd -- "$root" 2>/dev/null && pwd -P) || phys=
	printf 'D%s\0R%s\0P%s\0' "$d" "$root" "$phys" >>"$items"
	# Two letters lead each name found, sorted by the name alone: a
	# folder's .sdk-batch (B) comes before what is below the folder,
	# and a link to a photo takes its place among the photos.
	find -H "$root" -mindepth 1 \
	    \( -name .sdk-batch -type d -printf 'B.%h\0' -prune \) -o \
	    \( -name '.*' -prune \) -o -type d -o \
	    \( -type f -printf 'E.%p\0' \) -o \( -type l -printf 'L%Y%p\0' \) -o \
	    -printf 'O%y%p\0' \
	    2>"$tmp/find.err" | sort -z -k 1.3 >>"$items"
	if [ -s "$tmp/find.err" ]; then
		sed "s/^find: /$prog: /" "$tmp/find.err" >&2
		status=2
	fi
}

# list: the names on standard input, one a line or (-0) each ended by a
# NUL; refused whole at the first name that cannot be one (a NUL byte
# without -0, an empty name with -0, over 4096 bytes: sdk-batch-rows
# list), each taken then.  They come a line each, as the line files write
# names: a backslash, newline, tab or carriage return as \\, \n, \t or \r,
# which printf's %b undoes (it meets no other escape: every backslash of
# the name is doubled).
list() {
	if [ "$null" = 1 ]; then set -- -0; else set --; fi
	"$libexec/sdk-batch-rows" list "$@" >"$tmp/names" || exit 2
	while IFS= read -r l; do
		case $l in
		*\\*)
			l=$(printf '%bx' "$l")
			l=${l%x} ;;
		esac
		take "$l"
	done <"$tmp/names"
}

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
for p in "$@"; do
	if [ "$p" = - ]; then
		list
	else
		take "$p"
	fi
done

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

# ---------------------------------------------------------------- -S
# With -S the machines see only what they are sent.  Each share N goes as
# one file, RUN/N.in.tar: its photos (in/K.EXT), sdk-batch-rows, the
# worker (this machine's: the machines of -S are of its kind), a
# config for there, and the share's c.N and c.N.args naming the photos as
# in/K.EXT (sdk-batch-rows plan).  GNU parallel sends it
# (--transferfile) into a work folder of its own on the machine
# (--workdir ...), runs the worker there (sdk-batch-rows remote),
# brings back RUN/N.out.tar, the share's work folder with its ops
# (--return), and removes both there (--cleanup); a share whose machine
# fails is tried on another (--retries).  This process unpacks each share
# that comes back and carries out its ops here (collect): outputs moved
# into place, rows last, as a worker does on this machine.  On ":", this
# machine, GNU parallel sends nothing and the share runs in RUN.

# bundles: RUN/N.in.tar of each share N, from RUN/s.N (which goes).
bundles() {
	while read -r c; do
		b=$run/s.$c
		mv -- "$run/c.$c" "$run/c.$c.args" "$b/" || return 1
		ln -s -- "$libexec/sdk-batch-rows" "$b/sdk-batch-rows" || return 1
		"$libexec/sdk-batch-rows" conf quiet="$quiet" runid="$runid" \
		    outdir="$outabs" rows="$rows" ocr_flags="$ocr_flags" \
		    solve_flags="$solve_flags" stages="$stages" \
		    picture="$picture" live=0 want_thumbs=1 bindir="$rbindir" \
		    here="$here" >"$b/config" || return 1
		tar -chf "$run/$c.in.tar" -C "$b" . || return 1
		rm -rf -- "$b"
	done <"$run/chunks"
}

# p INDEX EXIT MESSAGE: a photo of a share that came back is done (after
# its moves), as the worker's p.
p() {
	m=
	[ "$quiet" = 0 ] && m=$3
	if [ "$live" = 1 ]; then
		echo "$1 $2${m:+ $prog: $m}" >>"$run/progress"
	else
		[ -z "$m" ] || printf '%s: %s\n' "$prog" "$m" >&8
		echo "$1 $2" >>"$run/progress"
	fi
}

# collect: the shares back from their machines, RUN/N.out.tar (GNU
# parallel brings each back whole, under a temporary name first), each
# unpacked and its ops carried out (sdk-batch-rows place).  A move that
# fails there stops that share: its photos get no row, and a run again
# does them.  Unpacked with the time of now (-m), not the archive's,
# which is whole seconds: a row from the same second as the run's
# options file would seem older than it, and its photo out of date.
collect() {
	for t in "$run"/*.out.tar; do
		[ -f "$t" ] || continue
		c=${t##*/}
		c=${c%.out.tar}
		if (cd "$run" && tar -xmf "$c.out.tar") 2>/dev/null; then
			[ -f "$run/w.$c/crashed" ] &&
			    cat "$run/w.$c/crashed" >>"$run/crashed"
			(
				cd "$run" || exit 2
				if ! "$libexec/sdk-batch-rows" place "w.$c" \
				    >"w.$c/done"; then
					full_disk "$meta" && : >"$run/full"
					exit 2
				fi
				while IFS='	' read -r i e m; do
					p "$i" "$e" "$m"
				done <"w.$c/done"
			) 8>&2 2>/dev/null
		fi
		rm -rf -- "$t" "$run/$c.in.tar" "$run/w.$c"
	done
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
[ "$remote" = 1 ] && { bundles || cannot_write "cannot write the folder"; }

# results STOPPED NOTE: results.jsonl, results.csv and index.html of every
# photo with a row (sdk-batch-rows report), written in the run's folder and
# moved into place together; the thumbnail sheets no row refers to any
# more removed.  STOPPED: the run did not finish, the photos it did not do
# are left out.
results() {
	: >"$run/refs" 2>/dev/null || return 1
	gc=0
	if [ "$todo" -gt 0 ]; then
		grep -rhoa 'thumbs/[A-Za-z0-9]*-[0-9]*\.jpg' "$rows" \
		    >"$run/refs" 2>/dev/null
		[ $? -le 1 ] && gc=1
	fi
	about="sdk-batch $version, ${engine:-mlp} engine"
	[ -n "$timeout" ] && about="$about, solve timeout ${timeout}s"
	note=$2
	if [ "$1" = 1 ]; then set -- -x; else set --; fi
	[ "$quiet" = 1 ] && set -- "$@" -q
	[ "$gc" = 1 ] && set -- "$@" -g
	"$libexec/sdk-batch-rows" report "$@" -o "$outdir" -O "$outabs" \
	    -r "$rows" -W "$(date '+%Y-%m-%d %H:%M:%S %Z')" -A "$about" \
	    -N "$note" "$run" "$tmp/list" "$run/todo" "$run/progress" \
	    "$tmp/skipped" "$meta/outputs" "$run/refs" 2>/dev/null &&
	    mv -f -- "$run/results.jsonl" "$run/results.csv" \
	    "$run/index.html" "$outabs" 2>/dev/null &&
	    mv -f -- "$run/outputs" "$meta/outputs" 2>/dev/null || return 1
	"$libexec/sdk-batch-rows" place "$run" >/dev/null 2>&1
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
elapsed=
[ "$verbose" = 1 ] &&
    elapsed=$(awk -v a="$started" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }')

# ---------------------------------------------------------------- results
# plural N WORD: "1 photo", "2 photos".
plural() {
	if [ "$1" -eq 1 ]; then
		printf '%s %s' "$1" "$2"
	else
		printf '%s %ss' "$1" "$2"
	fi
}

# summary: "sdk-batch: 17 photos: 15 solved, 2 failed (1 unreadable);
# results in out/ (out/index.html)", the counts those of the report (every
# photo with a row, this run's and those up to date); with -v the run's
# own figures after the photos, else those up to date if any.
summary() {
	d=$outdir
	while :; do
		case $d in
		*?/) d=${d%/} ;;
		*) break ;;
		esac
	done
	d=$(shown "$d")
	case $d in */) ;; *) d=$d/ ;; esac
	bad=$((failed + errors))
	what=$(plural "$((ok + bad))" photo)
	if [ "$verbose" = 1 ]; then
		what="$what ($todo run in ${elapsed}s,"
		what="$what $((total - todo)) up to date,"
		what="$what $(plural "$nskipped" file) skipped)"
	elif [ "$todo" -lt "$total" ]; then
		what="$what ($((total - todo)) up to date)"
	fi
	what="$what: $ok solved, $bad failed"
	[ "$errors" -gt 0 ] && what="$what ($errors unreadable)"
	warn "$what; results in $d (${d}index.html)"
}

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
read -r worst lost ok failed errors _ <"$run/sum"
while IFS= read -r l; do
	printf '%s\n' "$l" >&2
done <"$run/said"
[ "$lost" = 1 ] && status=2
[ "$worst" -gt "$status" ] && status=$worst
if [ -s "$run/crashed" ]; then
	status=0
	while read -r s; do
		[ "$s" -gt "$status" ] && status=$s
	done <"$run/crashed"
	warn "a program of the pipeline ended with status $status"
fi
# The last line, on a terminal or with -v: what the folder holds now and
# where to look.
if [ "$live" = 1 ] || [ "$verbose" = 1 ]; then
	summary
fi
exit "$status"
