# tests/helper.bash: loaded by every bats suite.
#   load helper
# Runs the programs in $SDK_BINDIR (the build, or an installed copy).

bats_require_minimum_version 1.5.0
bats_load_library bats-support
bats_load_library bats-assert

export LC_ALL=C
: "${SDK_BINDIR:?SDK_BINDIR must name the folder of the programs}"
PATH="$SDK_BINDIR:$PATH"
TOP="$(cd "$BATS_TEST_DIRNAME/.." && pwd)"
SAMPLES="$TOP/samples"
FIXTURES="$TOP/tests/fixtures"
# The development material beside the project, when present (never needed).
SHARED="$(cd "$TOP/.." && pwd)/shared"
# A memory bug must never pass as an ordinary failure status.
export ASAN_OPTIONS="exitcode=86:abort_on_error=0:detect_leaks=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export UBSAN_OPTIONS="exitcode=87:print_stacktrace=1:halt_on_error=1"
export LSAN_OPTIONS="suppressions=$TOP/tests/lsan.supp:print_suppressions=0"
export OMP_THREAD_LIMIT=1

# The solver library beside the programs (build/lib, or PREFIX/lib and
# PREFIX/lib/TRIPLET of an installed copy), for what builds against it;
# an installed copy unpacked under a root (dpkg -x) names that root in
# SDK_SYSROOT, since its pkg-config file names /usr.
for d in "$SDK_BINDIR/../lib" "$SDK_BINDIR"/../lib/*-*-*; do
	[ -d "$d/pkgconfig" ] || continue
	d=$(cd "$d" && pwd)
	export PKG_CONFIG_PATH="$d/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
	export LD_LIBRARY_PATH="$d${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
done
if [ -n "${SDK_SYSROOT:-}" ]; then
	export PKG_CONFIG_SYSROOT_DIR="$SDK_SYSROOT"
fi

# The programs under test, one name a line.
programs() {
	local p
	for p in "$SDK_BINDIR"/sdk-*; do
		[ -x "$p" ] && basename "$p"
	done
}

# Skip unless ../shared has the named path.
need_shared() {
	[ -e "$SHARED/$1" ] || skip "no $SHARED/$1"
}

# A Python 3 with PIL in $PIL_PYTHON (Debian's python3-pil is for
# /usr/bin/python3, which another python3 on the PATH may hide), or skip.
need_pil() {
	local p
	for p in python3 /usr/bin/python3; do
		if "$p" -c 'import PIL' 2>/dev/null; then
			PIL_PYTHON=$p
			return
		fi
	done
	skip "no python3-pil"
}

# need_numpy: need_pil, and numpy for that Python too (the makers of pen
# pages and of degraded photos use it), or skip.
need_numpy() {
	need_pil
	"$PIL_PYTHON" -c 'import numpy' 2>/dev/null || skip "no python3-numpy"
}

# make_lab MAKER N SEED OPTION...: lab/samples/MAKER (make-pen.py,
# make-degraded.py) makes N photos of SEED with OPTIONs into
# $BATS_TEST_TMPDIR/SEED, and succeeds.
make_lab() {
	local maker=$1 n=$2 seed=$3
	shift 3
	need_numpy
	run_sep "$PIL_PYTHON" "$TOP/lab/samples/$maker" -n "$n" --seed "$seed" \
	    -o "$BATS_TEST_TMPDIR/$seed" "$@"
	assert_success
}

# made_degraded SET SEED N OPTION...: lab/samples/make-degraded.py's photo
# N of SEED from the photos of SET, made with OPTIONs, in
# $BATS_TEST_TMPDIR/d; $f is its file, $src the name of its source.
made_degraded() {
	local set=$1 seed=$2 n=$3
	shift 3
	need_numpy
	"$PIL_PYTHON" "$TOP/lab/samples/make-degraded.py" --set "$set" \
	    --seed "$seed" --start $((n - 1)) -n 1 "$@" \
	    -o "$BATS_TEST_TMPDIR/d" >/dev/null
	f=$BATS_TEST_TMPDIR/d/deg-$(printf %03d "$n").jpg
	src=$(awk '{ print $2 }' "$BATS_TEST_TMPDIR/d/MANIFEST")
}

# made_curled SEED N SOURCE SIDE [OPTION...]: made_degraded's photo N of
# SEED from Wicht's SOURCE.jpg, made with OPTIONs, checked to be that
# photo with its SIDE curled.
made_curled() {
	local seed=$1 n=$2 source=$3 side=$4
	shift 4
	need_shared "images/wicht/$source.jpg"
	made_degraded "$SHARED/images/wicht" "$seed" "$n" "$@"
	[ "$src" = "$source" ] || fail "not $source but $src"
	grep -q "curl=$side" "$BATS_TEST_TMPDIR/d/MANIFEST" ||
	    fail "not curled: $(cat "$BATS_TEST_TMPDIR/d/MANIFEST")"
}

# made_page SEED N: page N of lab/samples/make-pages.py's SEED, made in
# $BATS_TEST_TMPDIR/p; $f is its path without the suffix (.jpg, .dat,
# .all).
made_page() {
	need_pil
	"$PIL_PYTHON" "$TOP/lab/samples/make-pages.py" --gen "$SDK_BINDIR/sdk-gen" \
	    --seed "$1" --start "$(($2 - 1))" -n 1 -o "$BATS_TEST_TMPDIR/p" \
	    >/dev/null
	f=$BATS_TEST_TMPDIR/p/page-$(printf %03d "$2")
}

# page_read_as_made: made_page's $f read as made: without -a the puzzle a
# person means (its .dat), with -a every puzzle of the page (its .all) in
# reading order.
page_read_as_made() {
	run_sep bash -c "sdk-detect '$f.jpg' | sdk-warp | sdk-ocr"
	assert_success
	assert_line "$(sed -n '3,$p' "$f.dat" | tr -d ' \n' | tr 0 .)"
	run_sep bash -c "sdk-detect -a '$f.jpg' | sdk-warp | sdk-ocr | grep -E '^[1-9.]{81}\$'"
	assert_success
	assert_output "$(cat "$f.all")"
}

# made_screen SEED N OPTION...: lab/samples/make-screens.py's picture N of
# SEED, made with OPTIONs, in $BATS_TEST_TMPDIR/s; $f is its name without
# the extension (NAME.dat its truth).
made_screen() {
	local seed=$1 n=$2
	shift 2
	need_pil
	"$PIL_PYTHON" "$TOP/lab/samples/make-screens.py" --gen "$SDK_BINDIR/sdk-gen" \
	    --seed "$seed" --start $((n - 1)) -n 1 "$@" \
	    -o "$BATS_TEST_TMPDIR/s" >/dev/null
	f=$BATS_TEST_TMPDIR/s/screen-$(printf %03d "$n")
}

# made_web SEED N OPTION...: lab/samples/make-web.py's page N of SEED,
# drawn by headless Chromium with OPTIONs, in $BATS_TEST_TMPDIR/w; $f is
# its file, with NAME.dat its truth beside it.  With WEB_FROM_FIRST set,
# pages 1 to N are drawn in one go, as a whole set is: Chromium draws a
# page's pixels a little otherwise after other pages (web seed 80 page 3,
# the same truth, 2 % of its bytes apart).
made_web() {
	local seed=$1 n=$2 base start=$(($2 - 1)) count=1
	shift 2
	need_pil
	command -v chromium >/dev/null ||
	    skip "no chromium (scripts/install-deps installs it)"
	if [ -n "${WEB_FROM_FIRST:-}" ]; then
		start=0
		count=$n
	fi
	"$PIL_PYTHON" "$TOP/lab/samples/make-web.py" --gen "$SDK_BINDIR/sdk-gen" \
	    --seed "$seed" --start "$start" -n "$count" "$@" \
	    -o "$BATS_TEST_TMPDIR/w" >/dev/null
	base=$BATS_TEST_TMPDIR/w/web-$(printf %03d "$n")
	f=$(ls "$base".png "$base".jpg 2>/dev/null | head -1)
}

# web_read SEED N OPTION...: make-web.py's page N of SEED through the pipe
# to sdk-solve: solved with the truth's solution, and no digit read as an
# entry where the truth has none (make-web.py's .givens, where it made
# entries, else its .dat, holds the page's givens).
web_read() {
	local want given sol i
	made_web "$@"
	want=$(sed -n '3,$p' "${f%.*}.dat" | tr -d ' \n' | tr 0 .)
	given=$want
	[ ! -f "${f%.*}.givens" ] ||
	    given=$(sed -n '3,$p' "${f%.*}.givens" | tr -d ' \n' | tr 0 .)
	sol=$(echo "$given" | sdk-solve | grep -E '^[1-9]{81}$')
	run_sep bash -c "sdk-detect '$f' | sdk-warp | sdk-ocr | sdk-solve"
	assert_success
	assert_line '# sdk-status solved'
	assert_line "$sol"
	got=$(printf '%s\n' "$output" | sed -n 's/^# sdk-entries //p')
	for ((i = 0; i < ${#got}; i++)); do
		[ "${got:i:1}" = . ] || [ "${want:i:1}" != . ] ||
		    fail "an entry ${got:i:1} read in r$((i / 9 + 1))c$((i % 9 + 1)), where nothing is"
	done
}

# reads_as_made PICTURE DAT: sdk-detect | sdk-warp | sdk-ocr reads the
# picture's 81 cells as DAT (make-screens.py's truth) has them.
reads_as_made() {
	run_sep bash -c "sdk-detect '$1' | sdk-warp | sdk-ocr"
	assert_success
	assert_line "$(sed -n '3,$p' "$2" | tr -d ' \n' | tr 0 .)"
}

# kinds_as_made PICTURE BASE [KEPT]: as reads_as_made, for a picture with
# the person's entries (make-screens.py --entries): every digit of
# BASE.dat read, in the record's grid where BASE.givens has it and in its
# sdk-entries elsewhere; but the entries of value KEPT (an app's selected
# digit, drawn in one ink whoever wrote it) may be in the grid.
kinds_as_made() {
	local dat giv grid ent
	dat=$(sed -n '3,$p' "$2.dat" | tr -d ' \n' | tr 0 .)
	giv=$(sed -n '3,$p' "$2.givens" | tr -d ' \n' | tr 0 .)
	run_sep bash -c "sdk-detect '$1' | sdk-warp | sdk-ocr"
	assert_success
	grid=$(grep -E '^[1-9.]{81}$' <<<"$output")
	ent=$(sed -n 's/^# sdk-entries //p' <<<"$output")
	[ -n "$ent" ] || ent=$(printf '%81s' '' | tr ' ' .)
	paste <(fold -w1 <<<"$dat") <(fold -w1 <<<"$giv") \
	    <(fold -w1 <<<"$grid") <(fold -w1 <<<"$ent") |
	    awk -v kept="${3-}" '
	    { i = NR - 1; c = sprintf("r%dc%d", int(i / 9) + 1, i % 9 + 1) }
	    $2 != "." && $3 != $2 { print c ": given " $2 " read " $3; bad = 1 }
	    $2 == "." && $1 != "." && !($4 == $1 && $3 == ".") &&
	    !($1 == kept && $3 == $1 && $4 == ".") {
		print c ": entry " $1 " read " $3 "/" $4; bad = 1 }
	    $1 == "." && ($3 != "." || $4 != ".") {
		print c ": nothing there, read " $3 "/" $4; bad = 1 }
	    END { exit bad }' || fail "read so: $grid $ent"
}

# Run a command with stdout and stderr kept apart ($output, $stderr).
run_sep() {
	run --separate-stderr "$@"
}

# fails STATUS REGEX: the last run_sep exited with STATUS, printed one line
# matching REGEX on stderr, and wrote nothing on stdout.
fails() {
	if [ "$status" -ne "$1" ]; then
		echo "status $status, want $1; stderr: $stderr" >&2
		return 1
	fi
	if ! printf '%s\n' "$stderr" | grep -Eq -- "$2"; then
		echo "stderr does not match /$2/: $stderr" >&2
		return 1
	fi
	if [ -n "$output" ]; then
		echo "stdout not empty: $(printf '%s' "$output" | head -c 200)" >&2
		return 1
	fi
}

# man_examples PAGE DIR: the EXAMPLES of man/PAGE (sdk-hold.1, sdk.7),
# each literal block into DIR/exampleN.sh, mdoc's escapes undone.  In a
# block of "$ " lines the commands are kept (with the lines that continue
# one ending in | or \) and the output they show goes to DIR/exampleN.out
# (a block that shows none has an empty one); a block that begins
# "/* NAME.c:" is a C file, written to DIR/NAME.c; any other block is a
# script as it stands.  Prints how many blocks.
man_examples() {
	awk '/^\.Sh EXAMPLES/ { on = 1; next } /^\.Sh/ { on = 0 }
	    on && /^\.Bd -literal/ {
		lit = 1; n++; prompt = cont = 0; first = 1; c = ""; next
	    }
	    on && lit && /^\.Ed/ {
		lit = 0; close(f); if (c != "") close(c)
		if (prompt) { printf "" >> o; close(o) }
		next
	    }
	    on && lit {
		gsub(/\\e/, "\\"); gsub(/\\&/, "")
		if (first && match($0, /^\/\* [A-Za-z0-9_-]+\.c:/))
			c = dir "/" substr($0, 4, RLENGTH - 4)
		first = 0
		if (c != "") { print > c; next }
		f = dir "/example" n ".sh"
		o = dir "/example" n ".out"
		if ($0 ~ /^\$ /) {
			prompt = 1
			print substr($0, 3) > f
		} else if (prompt && cont)
			print > f
		else if (prompt)
			print > o
		else
			print > f
		cont = prompt && ($0 ~ /^\$ / || cont) && $0 ~ /(\||\\)$/
	    }
	    END { print n + 0 }' dir="$2" "$TOP/man/$1"
}

# under KB CMD...: CMD with its address space limited to KB kilobytes
# (ulimit -v).  The sanitizers reserve terabytes of address space and
# cannot run so: callers skip (no_limits) under them.
under() {
	local kb=$1
	shift
	(ulimit -v "$kb" && exec "$@")
}

# Skip a test that needs ulimit -v in a sanitizer build.
no_limits() {
	[ -z "${SDK_SANITIZE:-}" ] || skip "ulimit -v: not with the sanitizers"
}

# loader_floor PROG: the least address space (KB, to 256) in which the
# dynamic loader gets PROG running (--version runs; 127 is the loader's).
loader_floor() {
	local lo=1024 hi=524288 mid
	while [ $((hi - lo)) -gt 256 ]; do
		mid=$(((lo + hi) / 2))
		if under "$mid" "$1" --version >/dev/null 2>&1 || [ $? -ne 127 ]
		then
			hi=$mid
		else
			lo=$mid
		fi
	done
	echo "$hi"
}
