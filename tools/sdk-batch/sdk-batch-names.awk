# sdk-batch-names.awk: which files of a batch are photos, and the name of
# each photo's outputs (awk -f sdk-batch-lib.awk -f sdk-batch-names.awk
# ITEMS).  ITEMS is what sdk-batch gathered, each item ended by a NUL byte
# and led by a letter:
#   D OPERAND, R ROOT, P PHYSICAL   a folder named as operand, the path
#                                   find walked it by and its physical path
#   B.FOLDER   a folder holding .sdk-batch: the results of a batch
#   E.PATH     a regular file in the folder
#   LYPATH     a link, Y what find's %Y says of what it leads to: f a
#              regular file (taken), d a folder, N nothing, L a loop, p
#              a FIFO, s a socket, c or b a device
#   OYPATH     anything else, Y find's %y: p a FIFO, s a socket, c or b a
#              device
#   F PATH     a file named as operand (always taken)
# From ENVIRON: cwd and outabs (the physical current and output folders),
# rows (the folder of rows), quiet, and where to write: lst, skp, chk.
# Writes lst, a line a photo, "SOURCE<tab>NAME<tab>ABSOLUTE" (names as
# enc() writes them); skp, "PATH<tab>WHY" a file skipped; chk, a shell
# script of one "u INDEX ROW PHOTO SHOWN" a photo for the up-to-date test;
# names the files skipped on stderr (but with quiet); prints "PHOTOS
# SKIPPED".

BEGIN {
	RS = "\0"
	cwd = ENVIRON["cwd"]; outabs = abspath(ENVIRON["outabs"], cwd)
	rows = ENVIRON["rows"]; quiet = ENVIRON["quiet"] + 0
	lst = ENVIRON["lst"]; skp = ENVIRON["skp"]; chk = ENVIRON["chk"]
	printf "" > lst; printf "" > skp; printf "" > chk
	# The outputs an earlier run of this batch wrote: never photos.
	outputs(outabs)
}

# outputs(DIR): the outputs listed in DIR/.sdk-batch/outputs, by their
# absolute paths.
function outputs(d,   f, l, rs) {
	if (d in listed)
		return
	listed[d] = 1
	f = d "/.sdk-batch/outputs"
	rs = RS
	RS = "\n"
	while ((getline l < f) > 0)
		ours[abspath(d "/" dec(l), "/")] = 1
	close(f)
	RS = rs
}

function skip(p, why) {
	nskip++
	print enc(p) "\t" why > skp
	if (!quiet)
		printf "sdk-batch: %s: %s; skipped\n", shown(p), why > "/dev/stderr"
}

# add(PATH, REL, ABS, TAKE): a candidate: the file PATH, REL its path below
# the folder named (or its base name), ABS its absolute path; TAKE when it
# is taken whatever its bytes.
function add(p, rel, a, take) {
	if (p in seen)
		return
	seen[p] = 1
	nc++
	cp[nc] = p; crel[nc] = rel; cabs[nc] = a; ctake[nc] = take
}

{ t = substr($0, 1, 1); v = substr($0, 2) }
# What find found has a second letter.
t ~ /[BELO]/ { y = substr(v, 1, 1); v = substr(v, 2) }
# What is neither a photo nor a folder is named for what it is, and never
# opened: a FIFO or /dev/zero would be read for ever.
t == "L" || t == "O" {
	if (t == "L" && y == "f")
		t = "E"
	else if (t == "L")
		why = y == "d" ? "a link to a folder, not followed" : \
		    y == "N" ? "a broken link" : y == "L" ? "a link that loops" : \
		    y == "p" ? "a link to a FIFO" : y == "s" ? "a link to a socket" : \
		    y ~ /[cb]/ ? "a link to a device" : "a link that cannot be followed"
	else
		why = y == "p" ? "a FIFO" : y == "s" ? "a socket" : \
		    y ~ /[cb]/ ? "a device" : "not a regular file"
}
t == "D" { given = v; next }
t == "R" { root = v; nb = 0; next }
t == "P" { phys = v; if (phys != "") outputs(phys); next }
# The results of another batch, below the folder named, are left out.
t == "B" { if (v != root && v != "") bf[++nb] = v; next }
t == "F" {
	a = abspath(v, cwd)
	if (a in ours) { skip(v, "an output of this batch"); next }
	rel = v; sub(/.*\//, "", rel)
	add(v, rel, a, 1)
	next
}
{
	for (i = 1; i <= nb; i++)
		if (substr(v, 1, length(bf[i]) + 1) == bf[i] "/")
			next
	rest = substr(v, length(root) + 1)
	p = given rest
	rel = rest
	sub(/^\/+/, "", rel)
	a = abspath(phys != "" ? phys "/" rel : p, cwd)
	if (a in ours)
		next
	if (t == "L" || t == "O") skip(p, why)
	else add(p, rel, a, 0)
}

# An image by its suffix, or else by its first bytes.  Records end at a
# newline or a NUL, so that neither a text nor a binary file is read whole.
function image(f,   l, s, r, n) {
	if (tolower(f) ~ \
	    /\.(jpe?g|png|p[pgbn]m|tiff?|bmp|gif|webp|hei[cf]|avif)$/)
		return 1
	s = ""
	for (n = 0; n < 4 && length(s) < 12; n++) {
		if ((r = (getline l < f)) <= 0)
			break
		s = s (n ? "#" : "") l
	}
	close(f)
	if (n == 0)
		return 0
	return substr(s, 1, 3) == "\377\330\377" || \
	    substr(s, 1, 5) == "\211PNG\r" || s ~ /^P[456]([ \t\r#]|$)/ || \
	    substr(s, 1, 4) == "II*#" || substr(s, 1, 4) == "MM#*" || \
	    substr(s, 1, 2) == "BM" || substr(s, 1, 4) == "GIF8" || \
	    substr(s, 1, 4) == "RIFF" && substr(s, 9, 4) == "WEBP" || \
	    substr(s, 5, 4) == "ftyp" && \
	    substr(s, 9, 4) ~ /^(hei[cxms]|hev[cx]|mif1|msf1|avi[fs])$/
}

# taken(M): may M name a photo's outputs: not yet used, and none of its
# outputs is one of the photos.
function taken(m) {
	return m in used || (abspath(outabs "/" m ".png", "/") in inabs) || \
	    (abspath(outabs "/" m ".jpg", "/") in inabs) || \
	    (abspath(outabs "/" m ".grid", "/") in inabs) || \
	    (abspath(outabs "/" m ".solution", "/") in inabs)
}

END {
	RS = "[\n\0]"
	for (i = 1; i <= nc; i++) {
		if (!ctake[i] && !image(cp[i])) {
			skip(cp[i], "not a photo")
			continue
		}
		n++
		src[n] = cp[i]; prel[n] = crel[i]; abs[n] = cabs[i]
		inabs[cabs[i]] = 1
	}
	# One name a photo: its path below the folder named without the
	# suffix; on a clash with another photo's or with a photo itself the
	# suffix is kept ("a" and "a.png"), then ~2, ~3... is added.
	for (i = 1; i <= n; i++) {
		m = prel[i]
		sub(/\.[^.\/]*$/, "", m)
		if (m == "" || taken(m))
			m = prel[i]
		b = m
		for (c = 2; taken(m); c++)
			m = b "~" c
		used[m] = 1
		print enc(src[i]) "\t" enc(m) "\t" enc(abs[i]) > lst
		print "u " i " " shq(rows "/" m ".json") " " shq(src[i]) " " \
		    shq(shown(src[i])) > chk
	}
	print n + 0, nskip + 0
}
