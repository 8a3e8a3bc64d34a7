#!/bin/sh
# scripts/measure.sh [DIR]: the sizes doc/HACKING.md keeps in bounds, for
# the source tree in DIR (default: this one): the longest C files, the
# functions over 100 lines and every program's main(), lab/'s, the tests'
# and bench/'s included (KNF: from the "{" to the "}" at the start of a
# line).  There is no generated
# C to leave out: what lab/ makes is data (doc/HACKING.md).
set -eu
cd "${1:-$(dirname "$0")/..}"
list=$(mktemp "${TMPDIR:-/tmp}/measure.XXXXXX")
funcs=$(mktemp "${TMPDIR:-/tmp}/measure.XXXXXX")
trap 'rm -f "$list" "$funcs"' EXIT
find libcommon libsolve tools lab tests bench -name '*.[ch]' | LC_ALL=C sort \
    >"$list"
echo "C files: $(wc -l <"$list"), lines: $(xargs cat <"$list" | wc -l)"
echo "-- longest C files"
xargs wc -l <"$list" | sort -rn | sed -n 2,7p
grep '\.c$' "$list" | while IFS= read -r f; do
	awk -v F="$f" '
	    /^[A-Za-z_][A-Za-z_0-9]*\(/ { name = $0; sub(/\(.*/, "", name) }
	    /^\{/ { s = NR }
	    /^\}/ && s { print NR - s + 1, F ":" name; s = 0 }' "$f"
done | sort -rn >"$funcs"
echo "-- functions over 100 lines: $(awk '$1 > 100' "$funcs" | wc -l)"
awk '$1 > 100' "$funcs"
echo "-- the longest main() of the $(grep -c ':main$' "$funcs") programs (at most ~60)"
awk '$2 ~ /:main$/' "$funcs" | sed 8q
