# sdk-batch-list.awk: the names sdk-batch reads on standard input, as a
# shell script of "take NAME" lines (awk -f sdk-batch-list.awk).  The
# names come a line each, cut by fold(1) at 4097 bytes; with ENVIRON["null"] set they ended in NUL, and tr(1) has
# swapped NUL and newline.  The first name that cannot be one stops it all,
# status 2: a NUL byte without -0, an empty name with -0, a name over 4096
# bytes.  Empty lines without -0 are passed over.

BEGIN { null = ENVIRON["null"] + 0 }

# A shell word: single quotes, a quote as '\''.
function shq(s,   r, i) {
	r = ""
	while ((i = index(s, "'")) > 0) {
		r = r substr(s, 1, i - 1) "'\\''"
		s = substr(s, i + 1)
	}
	return "'" r s "'"
}

function fail(m) {
	printf "sdk-batch: -: %s\n", m > "/dev/stderr"
	exit 2
}

{
	what = (null ? "name " : "line ") NR
	if (!null && $0 ~ /\0/)
		fail(what ": a NUL byte in a name (with -0, names end in NUL)")
	if (length($0) > 4096)
		fail(what ": a name longer than 4096 bytes")
	if (null)
		gsub(/\0/, "\n")
	if ($0 == "") {
		if (null)
			fail(what ": an empty name")
		next
	}
	print "take " shq($0)
}
