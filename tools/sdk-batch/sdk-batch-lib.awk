# sdk-batch-lib.awk: the functions the awk programs of sdk-batch share
# (awk -f sdk-batch-lib.awk -f PROGRAM): names carried in the batch's own
# line files, and names written out as shell words, JSON, CSV, HTML and
# URLs.  A file name is any string of bytes but NUL and '/' in each part;
# LC_ALL=C, so that awk counts and compares bytes.

# rep(s, a, b): s with every a replaced by b (no regular expressions, so
# that no awk's rules for "\\" and "&" in gsub come into it).
function rep(s, a, b,   r, i) {
	r = ""
	while ((i = index(s, a)) > 0) {
		r = r substr(s, 1, i - 1) b
		s = substr(s, i + length(a))
	}
	return r s
}

# The batch's line files hold a name a field: backslash, tab, newline and
# carriage return are written \\, \t, \n and \r.
function enc(s) {
	if (s ~ /[\\\t\n\r]/) {
		s = rep(s, "\\", "\\\\"); s = rep(s, "\t", "\\t")
		s = rep(s, "\n", "\\n"); s = rep(s, "\r", "\\r")
	}
	return s
}
function dec(s,   r, i, c) {
	if (index(s, "\\") == 0)
		return s
	r = ""
	while ((i = index(s, "\\")) > 0) {
		c = substr(s, i + 1, 1)
		r = r substr(s, 1, i - 1) (c == "n" ? "\n" : c == "t" ? "\t" : \
		    c == "r" ? "\r" : c)
		s = substr(s, i + 2)
	}
	return r s
}

# A shell word: single quotes, a quote as '\''.
function shq(s) {
	return "'" rep(s, "'", "'\\''") "'"
}

# A name on a line of stderr, as ls -q shows it: control characters as ?.
function shown(s) {
	if (s ~ /[\001-\037\177]/)
		gsub(/[\001-\037\177]/, "?", s)
	return s
}

# The byte values, for the functions below.
BEGIN {
	for (i = 1; i < 256; i++)
		ORD[sprintf("%c", i)] = i
	HEX = "0123456789ABCDEF"
}

# u8len(s, i, n): the length of the well-formed UTF-8 sequence that starts
# at byte i of s (n bytes long), or 0 (Unicode 15, table 3-7).
function u8len(s, i, n,   b, k, lo, hi, j, c) {
	b = ORD[substr(s, i, 1)]
	if (b >= 194 && b <= 223) { k = 2; lo = 128; hi = 191 }
	else if (b == 224) { k = 3; lo = 160; hi = 191 }
	else if (b >= 225 && b <= 239 && b != 237) { k = 3; lo = 128; hi = 191 }
	else if (b == 237) { k = 3; lo = 128; hi = 159 }
	else if (b == 240) { k = 4; lo = 144; hi = 191 }
	else if (b >= 241 && b <= 243) { k = 4; lo = 128; hi = 191 }
	else if (b == 244) { k = 4; lo = 128; hi = 143 }
	else return 0
	if (i + k - 1 > n)
		return 0
	c = ORD[substr(s, i + 1, 1)]
	if (c < lo || c > hi)
		return 0
	for (j = 2; j < k; j++) {
		c = ORD[substr(s, i + j, 1)]
		if (c < 128 || c > 191)
			return 0
	}
	return k
}

# esc(s, html): s in UTF-8 whatever it holds, for JSON (html 0) or HTML
# (1).  A byte that is not part of well-formed UTF-8 becomes \udcXX (XX
# the byte in hex, as Python's "surrogateescape" reads and writes file
# names) or U+FFFD; a control character its JSON escape or its Control
# Picture (U+2400...); quotes and backslashes are escaped for JSON (HTML's
# five characters are escaped by ht() before).
function esc(s, html,   r, i, n, c, b, k) {
	r = ""
	n = length(s)
	for (i = 1; i <= n; i++) {
		c = substr(s, i, 1)
		b = ORD[c]
		if (!html && (c == "\"" || c == "\\"))
			r = r "\\" c
		else if (b < 32 || b == 127)
			r = r (html ? sprintf("%c%c%c", 226, 144, \
			    b == 127 ? 161 : 128 + b) : b == 10 ? "\\n" : \
			    b == 13 ? "\\r" : b == 9 ? "\\t" : sprintf("\\u%04x", b))
		else if (b < 128)
			r = r c
		else if ((k = u8len(s, i, n)) > 0) {
			r = r substr(s, i, k)
			i += k - 1
		} else
			r = r (html ? sprintf("%c%c%c", 239, 191, 189) : \
			    sprintf("\\udc%02x", b))
	}
	return r
}

# A JSON string of s (esc()).
function js(s) {
	if (s !~ /["\\]/ && s !~ /[^\040-\176]/)
		return "\"" s "\""
	return "\"" esc(s, 0) "\""
}
function jsornull(s) {
	return s == "" ? "null" : js(s)
}

# A CSV field as RFC 4180 quotes it: in double quotes, its own doubled,
# when it holds a comma, a quote, a carriage return or a newline.
function cs(s) {
	if (s ~ /[",\r\n]/)
		s = "\"" rep(s, "\"", "\"\"") "\""
	return s
}

# HTML text (and attribute values): the five characters escaped, the
# rest as esc() has it.
function ht(s) {
	s = rep(s, "&", "&amp;"); s = rep(s, "<", "&lt;")
	s = rep(s, ">", "&gt;"); s = rep(s, "\"", "&quot;")
	s = rep(s, "'", "&#39;")
	return s ~ /[^\040-\176]/ ? esc(s, 1) : s
}

# A path in a URL: every byte but letters, digits and -._~/ as %XX, so
# that any name, UTF-8 or not, links to its file.
function url(s,   r, i, n, c, b) {
	if (s !~ /[^-A-Za-z0-9._~\/]/)
		return s
	r = ""
	n = length(s)
	for (i = 1; i <= n; i++) {
		c = substr(s, i, 1)
		if (c ~ /[-A-Za-z0-9._~\/]/)
			r = r c
		else {
			b = ORD[c]
			r = r "%" substr(HEX, int(b / 16) + 1, 1) \
			    substr(HEX, b % 16 + 1, 1)
		}
	}
	return r
}

# The path a from the folder b, both absolute and without "." or ".."
# parts: "../x/y".
function relpath(a, b,   p, q, n, m, i, j, r) {
	n = split(a, p, "/")
	m = split(b, q, "/")
	for (i = 2; i <= n && i <= m && p[i] == q[i]; i++)
		;
	r = ""
	for (j = i; j <= m; j++)
		if (q[j] != "")
			r = r "../"
	for (j = i; j <= n; j++)
		r = r p[j] (j < n ? "/" : "")
	return r
}

# An absolute path without "//", "." or ".." parts: f taken from the
# folder d (itself absolute).
function abspath(f, d,   p, n, i, k, o, r) {
	if (substr(f, 1, 1) != "/")
		f = d "/" f
	n = split(f, p, "/")
	k = 0
	for (i = 1; i <= n; i++) {
		if (p[i] == "" || p[i] == ".")
			continue
		if (p[i] == "..") {
			if (k > 0)
				k--
			continue
		}
		o[++k] = p[i]
	}
	r = ""
	for (i = 1; i <= k; i++)
		r = r "/" o[i]
	return r == "" ? "/" : r
}
