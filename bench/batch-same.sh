#!/bin/sh
# bench/batch-same.sh OLD_BINDIR NEW_BINDIR [ARG ...]: whether two builds
# of sdk-batch write the same batch to the byte, for work that must change
# no result (issue 28).  Runs "sdk-batch -j2 -o out ARG ..." of each build
# in a folder of its own (old/, new/: the same depth), standard input from
# $STDIN (default /dev/null); an ARG that names a file or folder from the
# top of the tree is given by its absolute path.  Then compares the exit
# statuses, the messages (sorted: the pipelines end in any order)
# and every file of the two out/ folders, with what differs from run to
# run masked: the run's id in the thumbnail sheets' names, the CPU seconds
# (the rows' "seconds", their CSV columns 12 to 16 and the report's CPU
# column), the report's date, .sdk-batch/outputs' order, and the run's
# folder in the JPEG comment of an answer drawn for a photo given by a
# link (RUN/l/N).  Prints "same" or the differences; exits 1 if any.
# Default ARG: samples.
set -u
cd "$(dirname "$0")/.." || exit 2
if [ $# -lt 2 ]; then
	echo "usage: bench/batch-same.sh OLD_BINDIR NEW_BINDIR [ARG ...]" >&2
	exit 2
fi
old=$(cd "$1" && pwd) || exit 2
new=$(cd "$2" && pwd) || exit 2
shift 2
[ $# -eq 0 ] && set -- samples
top=$(pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/batch-same.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
n=$#
for a; do
	case $a in
	-* | /*) ;;
	*) [ -e "$a" ] && a=$top/$a ;;
	esac
	set -- "$@" "$a"
done
shift "$n"
for v in old new; do
	if [ "$v" = old ]; then bin=$old; else bin=$new; fi
	mkdir "$tmp/$v"
	(cd "$tmp/$v" && "$bin/sdk-batch" -j2 -o out "$@" \
	    <"${STDIN:-/dev/null}" >stdout 2>stderr; echo "$?" >status)
	sort "$tmp/$v/stderr" >"$tmp/$v/messages"
	python3 - "$tmp/$v/out" <<'PY'
import os, re, sys
top = os.fsencode(sys.argv[1])
sheet = re.compile(rb"thumbs/[A-Za-z0-9]+-([0-9]+)\.jpg")
for d, _, files in os.walk(top):
    for f in files:
        f = os.fsdecode(f)
        p = os.path.join(d, os.fsencode(f))
        b = open(p, "rb").read()
        if f.endswith(".csv"):
            # the grid, the solution, then the five seconds
            b = re.sub(rb"(,(?:[.1-9]{81})?,(?:[1-9]{81})?)(?:,[0-9.]*){5},",
                       rb"\1,S,S,S,S,S,", b)
        if f.endswith((".csv", ".json", ".jsonl", ".html", "outputs")):
            b = sheet.sub(rb"thumbs/RUN-\1.jpg", b)
            b = re.sub(rb'"seconds":\{[^}]*\}', b'"seconds":{}', b)
            b = re.sub(rb'(shared among them">)[0-9.]+<', rb"\1S<", b)
            b = re.sub(rb'(<p class="about">.*; )[0-9-]+ [0-9:]+ [A-Z]+\.', rb"\1DATE.", b)
        if f == "outputs":
            b = b"".join(sorted(b.splitlines(True)))
        if f.endswith(".jpg") and os.path.basename(d) != b"thumbs":
            b = re.sub(rb"/(old|new)/out/\.sdk-batch/run\.[A-Za-z0-9]{6}/", b"/X/out/.sdk-batch/run.XXXXXX/", b)
        open(p, "wb").write(b)
        m = sheet.fullmatch(os.path.relpath(p, top))
        if m:
            os.rename(p, os.path.join(d, b"RUN-" + m.group(1) + b".jpg"))
PY
done
cd "$tmp" || exit 2
diff -r old/out new/out >changes 2>&1
if cmp -s old/status new/status && cmp -s old/messages new/messages &&
    cmp -s old/stdout new/stdout && ! [ -s changes ]; then
	echo "same: $(find old/out -type f | wc -l) files, status $(cat old/status)"
	exit 0
fi
echo "status $(cat old/status) / $(cat new/status)"
diff old/messages new/messages
cat changes
exit 1
