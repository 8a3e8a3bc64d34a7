#!/bin/sh
# bench/tdoku.sh: sdk-solve's fast strategy against tdoku, the fastest
# public solver, on this machine and in one run: rounds of alternating
# runs pinned to one processor, so that both see the same machine.
#
#   TDOKU_SRC=/path/to/tdoku bench/tdoku.sh      # ROUNDS=3, CPU=0
#
# tdoku is not part of this project: TDOKU_SRC names a checkout of
# https://github.com/t-dillon/tdoku (its src/ folder is used).  Its solver
# is built four ways, all -O3 -march=native: g++ and clang++ (where
# present), each also with profile-guided optimisation trained on the
# benchmark sets themselves, the most favourable builds for tdoku.  Each
# run times 3 passes after a warm-up, stopping at 2 solutions, like
# `sdk-solve --bench -n 3`; bench/tdoku-ref.c is the driver for tdoku.
# Prints the processor (its model and the /proc/cpuinfo flags the builds
# of fast and tdoku's -march=native depend on) and the build of fast that
# runs (SDK_SOLVE_ISA=portable|avx2|avx512 forces one), each run's mean µs
# per puzzle and its process's CPU time (perf stat, where perf counts), then
# per set the ratios of fast to the best tdoku build of the same round.
set -eu
cd "$(dirname "$0")/.."
bin=${SDK_BINDIR:-build/bin}
puzzles=${SDK_PUZZLES:-../shared/puzzles}
rounds=${ROUNDS:-3}
cpu=${CPU:-0}
src=${TDOKU_SRC:-}

if [ -z "$src" ] || [ ! -f "$src/src/solver_dpll_triad_simd.cc" ]; then
	echo "bench/tdoku.sh: set TDOKU_SRC to a tdoku checkout: skipped" >&2
	exit 0
fi
if [ ! -d "$puzzles" ]; then
	echo "bench/tdoku.sh: no puzzle sets in $puzzles: skipped" >&2
	exit 0
fi
make --no-print-directory "$bin/sdk-solve" >/dev/null
# The build of fast that runs, as sdk-solve --bench names it; sdk-solve
# refuses an SDK_SOLVE_ISA the processor cannot run, and so do we.
fastbuild=$("$bin/sdk-solve" --bench -n 1 samples/puzzles.txt |
    sed -n "1s/.*, fast's \([a-z0-9]*\) build\$/\1/p")
[ -n "$fastbuild" ] || exit 2
pin=
command -v taskset >/dev/null 2>&1 && pin="taskset -c $cpu"
sets="top1465.txt hardest_1905_11plus.txt 17_clue.txt"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sdk-tdoku.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# build NAME CXX PROFILE: tdoku-ref linked with tdoku built by CXX; with
# PROFILE=pgo, trained on the benchmark sets first.
build() {
	name=$1 cxx=$2 cc=$3 mode=$4 d=$tmp/$1
	flags="-O3 -march=native"
	gen='' use=''
	if [ "$mode" = pgo ]; then
		case $cxx in
		clang*)	gen="-fprofile-instr-generate"
			use="-fprofile-instr-use=$d/all.profdata" ;;
		*)	gen="-fprofile-generate -fprofile-dir=$d/prof"
			use="-fprofile-use -fprofile-dir=$d/prof" ;;
		esac
	fi
	mkdir -p "$d"
	for pass in gen use; do
		[ "$pass" = gen ] && [ -z "$gen" ] && continue
		if [ "$pass" = gen ]; then extra=$gen; else extra=$use; fi
		# shellcheck disable=SC2086
		{
			$cxx $flags $extra -std=c++17 -c \
			    "$src/src/solver_dpll_triad_simd.cc" -o "$d/solver.o"
			$cxx $flags $extra -std=c++17 -c "$src/src/util.cc" \
			    -o "$d/util.o"
			$cc -O2 -c bench/tdoku-ref.c -o "$d/ref.o"
			$cxx $extra "$d/ref.o" "$d/solver.o" "$d/util.o" \
			    -o "$d/tdoku-$pass"
		}
		[ "$pass" = use ] && break
		for s in top1465.txt hardest_1905_11plus.txt; do
			LLVM_PROFILE_FILE="$d/$s.profraw" \
			    "$d/tdoku-gen" "$puzzles/$s" 1 >/dev/null
		done
		case $cxx in
		clang*)	llvm-profdata merge -o "$d/all.profdata" \
			    "$d"/*.profraw ;;
		esac
	done
	mv "$d/tdoku-use" "$tmp/tdoku-$name"
	echo "$name"
}

builds=$(build g++ g++ gcc plain)
builds="$builds $(build g++-pgo g++ gcc pgo)"
if command -v clang++ >/dev/null 2>&1 &&
    command -v llvm-profdata >/dev/null 2>&1; then
	builds="$builds $(build clang++ clang++ clang plain)"
	builds="$builds $(build clang++-pgo clang++ clang pgo)"
fi

echo "# commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)," \
    "$(uname -m), mean µs per puzzle, 3 passes after a warm-up," \
    "stop at 2 solutions, pinned: ${pin:-no}"
if [ -r /proc/cpuinfo ]; then
	awk -F': *' '/^model name/ && !m { m = $2 }
	    /^flags/ && !f { f = " " $2 " " }
	    END {
		n = split("sse4_2 avx avx2 bmi1 bmi2 popcnt avx512f avx512vl " \
		    "avx512bw avx512dq avx512cd avx512vbmi avx512_vpopcntdq " \
		    "avx512_bitalg", want, " ")
		for (i = 1; i <= n; i++)
			if (index(f, " " want[i] " "))
				has = has " " want[i]
		printf "# processor: %s; flags:%s\n", m, has
	}' /proc/cpuinfo
fi
echo "# fast: its $fastbuild build (SDK_SOLVE_ISA=${SDK_SOLVE_ISA:-}," \
    "SDK_SOLVE_PORTABLE=${SDK_SOLVE_PORTABLE:-}); tdoku: -march=native"
printf '%-6s %-24s %-18s %9s %9s %9s %9s\n' round set solver mean_us unique \
    guesses cpu_ms
# timed CMD...: CMD's output into $tmp/out, its CPU time (ms, the whole
# process: reading, warm-up and passes) into $cpu where perf can count
# it: unlike the mean, time spent waiting for the processor while other
# jobs run is not in it, so it holds better on a loaded machine.
timed() {
	if [ -n "$perf" ] &&
	    perf stat -x, -e task-clock -o "$tmp/stat" "$@" >"$tmp/out"; then
		cpu=$(awk -F, '/task-clock/ { printf "%.0f", $1 }' "$tmp/stat")
	else
		"$@" >"$tmp/out"
		cpu=-
	fi
}
perf=
command -v perf >/dev/null 2>&1 &&
    perf stat -x, -e task-clock -o /dev/null true 2>/dev/null && perf=perf
for r in $(seq "$rounds"); do
	for s in $sets; do
		# shellcheck disable=SC2086
		timed $pin "$bin/sdk-solve" --bench -n 3 "$puzzles/$s"
		awk -v r="$r" -v s="$s" -v c="$cpu" '$1 == "fast" {
			printf "%-6s %-24s %-18s %9s %9s %9s %9s\n", r, s,
			    "fast", $7, $2, $10, c }' "$tmp/out"
		for b in $builds; do
			# shellcheck disable=SC2086
			timed $pin "$tmp/tdoku-$b" "$puzzles/$s" 3
			awk -v r="$r" -v s="$s" -v b="tdoku-$b" -v c="$cpu" '{
				printf "%-6s %-24s %-18s %9s %9s %9s %9s\n", r, s,
				    b, $9, $5, $7, c }' "$tmp/out"
		done
	done
done | tee "$tmp/runs"
echo
echo "# fast / best tdoku build of the same round (below 1: fast is faster):"
echo "# by the mean µs, then by the processes' CPU time"
awk '$1 != "round" && $1 !~ /^#/ {
	k = $1 " " $2
	if ($3 == "fast") { fast[k] = $4; fastc[k] = $7 }
	else {
		if (!(k in best) || $4 < best[k]) best[k] = $4
		if ($7 != "-" && (!(k in bestc) || $7 < bestc[k])) bestc[k] = $7
	}
	if (!($2 in seen)) { seen[$2] = 1; order[++nsets] = $2 }
	if ($1 > nrounds) nrounds = $1
}
END {
	for (i = 1; i <= nsets; i++) {
		line = ""
		for (r = 1; r <= nrounds; r++) {
			k = r " " order[i]
			if ((k in fast) && best[k] > 0)
				line = line sprintf(" %.3f", fast[k] / best[k])
		}
		linec = ""
		for (r = 1; r <= nrounds; r++) {
			k = r " " order[i]
			if ((k in fastc) && fastc[k] != "-" && bestc[k] > 0)
				linec = linec sprintf(" %.3f", fastc[k] / bestc[k])
		}
		printf "%-24s mean:%s  cpu:%s\n", order[i], line, linec
	}
}' "$tmp/runs"
