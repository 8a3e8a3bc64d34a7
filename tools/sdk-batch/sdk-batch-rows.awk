# sdk-batch-rows.awk: the rows of a sdk-batch worker's photos, from the
# streams and messages of the stages (awk -f sdk-batch-lib.awk -f
# sdk-batch-rows.awk CHUNK W/detect.err ... W/render.err W/o.txt W/s.txt
# W/solved.src W/rendered W/thumbs W/empty).  CHUNK has a line a photo,
# "INDEX<tab>ARG<tab>SOURCE<tab>NAME<tab>ABSOLUTE" (sdk-batch-plan.awk),
# ARG the name the programs were given.  A photo's first stage that names
# it in a message is where it failed; the record's sdk-status says how.
# From ENVIRON: w (the work folder), outdir and rows (the folders of the
# outputs and of the rows), stages, codes (the stages' exit statuses),
# ticks ("LABEL USER SYSTEM" after each step, the CPU times of the
# finished children as times(1) prints them), full (the disk filled up)
# and sheet (the thumbnails' file in outdir, "" for none).
#
# The photo's read grid, its solution and its row (CSV, JSON and the
# report's HTML) go to W/K/NAME.grid, .solution, .csv, .json and .html, K
# its line in CHUNK; its picture is W/DIR/FILE from rendered
# ("N<tab>DIR/FILE"), NAME.jpg or NAME.png as FILE ends;
# W/empty names the ARGs of the photos that are empty files;
# its thumbnails are in W/thumbs (a line a PPM file, in the order of the
# sheet: "t N FILE", the photo of record N, or "a K FILE", the answer of
# the Kth solved record, from 1, FILE in W).  Standard
# output is a shell script the worker runs: it removes the outputs of an
# earlier run that this run did not make, moves the outputs into place,
# the rows last, and calls "p INDEX EXIT MESSAGE" for each photo done.

BEGIN {
	w = ENVIRON["w"]; outdir = ENVIRON["outdir"]; rows = ENVIRON["rows"]
	full = ENVIRON["full"]; sheet = ENVIRON["sheet"]
	nst = split(ENVIRON["stages"], st, " ")
	split(ENVIRON["codes"], code, " ")
	# A stage that failed without a word (it could not even write its
	# messages): say how it ended.
	for (i = 1; i <= nst; i++)
		gen[st[i]] = code[i] < 2 ? "" : full != "" ? \
		    "no space left on the device" : "sdk-" st[i] \
		    " ended with status " code[i] (code[i] > 128 ? " (killed)" : "")
	# CPU seconds of each stage: from the tick before it to its own.
	nt = split(ENVIRON["ticks"], t, " ")
	for (i = 4; i + 2 <= nt; i += 3)
		cpu[t[i]] = sec(t[i + 1]) + sec(t[i + 2]) - \
		    sec(t[i - 2]) - sec(t[i - 1])
}
# The seconds in an output line of times(1): "0m1.230000s".
function sec(s) {
	return substr(s, 1, index(s, "m") - 1) * 60 + substr(s, index(s, "m") + 1)
}

FILENAME == ARGV[1] {
	n++
	split($0, fl, "\t")
	idx[n] = fl[1]; arg[n] = dec(fl[2]); photo[n] = dec(fl[3])
	name[n] = dec(fl[4]); abs[n] = dec(fl[5]); k[arg[n]] = n
	dir[n] = base[n] = name[n]
	if (sub(/\/[^\/]*$/, "", dir[n]))
		sub(/.*\//, "", base[n])
	else
		dir[n] = "."
	next
}
FILENAME ~ /\.err$/ {
	s = FILENAME; sub(/.*\//, "", s); sub(/\.err$/, "", s)
	p = index($0, ": ")
	if (p == 0) {
		if (!(s in said))
			gen[s] = $0
		said[s] = 1
		next
	}
	rest = substr($0, p + 2)
	for (i = 1; i <= n; i++) {
		q = arg[i] ": "
		if (substr(rest, 1, length(q)) == q) {
			m = substr(rest, length(q) + 1)
			# sdk-solve says where in its input: not ours to show.
			sub(/^record [0-9]+ \(line [0-9]+\): /, "", m)
			if (!((i, s) in msg))
				msg[i, s] = m
			next
		}
	}
	if (!(s in said))
		gen[s] = rest
	said[s] = 1
	next
}
FILENAME ~ /\/[os]\.txt$/ {
	f = FILENAME ~ /o\.txt$/ ? "grid" : "solution"
	if ($0 ~ /^#/) {
		rec = rec $0 "\n"
		l = substr($0, 3); p = index(l, " ")
		key = p ? substr(l, 1, p - 1) : l; val = p ? substr(l, p + 1) : ""
		if (key == "sdk-source") src = val
		else if (key == "sdk-status") sts = val
		else if (key == "sdk-entries") ent = val
		else if (key == "sdk-mistakes") mis = val
		else if (key == "sdk-progress") prg = val
		else if (key == "sdk-unsure") uns = val
		next
	}
	if (NF == 0)
		next
	if (f == "grid")
		osrc[++nrec] = src
	if (src in k) {
		i = k[src]
		# A photo given by a link of ours: its own name, as a
		# metadata line can hold it.
		if (arg[i] != photo[i])
			rec = rep(rec, "# sdk-source " arg[i] "\n", \
			    "# sdk-source " shown(photo[i]) "\n")
		out = w "/" i "/" base[i] "." f
		printf "%s%s\n", rec, $0 > out
		close(out)
		made[i, f] = 1
		if (ent != "") entries[i] = ent
		if (uns != "") unsure[i] = uns
		if (f == "grid") { grid[i] = $0; gsts[i] = sts; seen[i, "ocr"] = 1 }
		else { sol[i] = $0; ssts[i] = sts; seen[i, "solve"] = 1
			mistakes[i] = mis; progress[i] = prg }
	}
	rec = ""; src = ""; sts = ""; ent = ""; mis = ""; prg = ""; uns = ""
	next
}
FILENAME ~ /solved\.src$/ { rsrc[FNR] = $0; next }
FILENAME ~ /rendered$/ {
	split($0, fl, "\t")
	if (fl[1] in rsrc && rsrc[fl[1]] in k) {
		i = k[rsrc[fl[1]]]; png[i] = fl[2]
		made[i, "png"] = 1
	}
	next
}
FILENAME ~ /thumbs$/ { thumb[++nthumb] = $0; next }
FILENAME ~ /empty$/ { if ($0 in k) empty[k[$0]] = 1; next }

# ppm(FILE): the width and height of a PPM or PGM file, "W H", or "".
function ppm(file,   l, i, nf, tok, v, nv) {
	nv = 0
	while (nv < 3 && (getline l < file) > 0) {
		sub(/#.*/, "", l)
		nf = split(l, tok, /[ \t\r]+/)
		for (i = 1; i <= nf && nv < 3; i++)
			if (tok[i] != "")
				v[nv++] = tok[i]
	}
	close(file)
	return nv == 3 && v[0] ~ /^P[56]$/ ? v[1] " " v[2] : ""
}

# The thumbnails of the sheet, stacked top to bottom: the photo of record
# N or the answer of the Kth solved record.  None, and no sheet, when the
# photos' count is not that of the records (a stage lost some).
function thumbs(   j, d, y, nt, g, t) {
	y = 0
	nt = 0
	for (j = 1; j <= nthumb; j++)
		if (substr(thumb[j], 1, 2) == "t ")
			nt++
	if (nt != nrec)
		sheet = ""
	for (j = 1; j <= nthumb && sheet != ""; j++) {
		split(thumb[j], t, " ")
		if ((d = ppm(w "/" t[3])) == "") {
			split("", pthumb); split("", athumb)
			sheet = ""
			return
		}
		split(d, g, " ")
		if (t[1] == "t") {
			if (osrc[t[2]] in k)
				pthumb[k[osrc[t[2]]]] = img(g[1], g[2], y)
		} else if (t[2] in rsrc && rsrc[t[2]] in k)
			athumb[k[rsrc[t[2]]]] = img(g[1], g[2], y)
		y += g[2]
	}
}
function img(wd, hg, y) {
	return "<img class=\"t\" src=\"" url(sheet) "\" width=\"" wd \
	    "\" height=\"" hg "\" style=\"object-position:0 -" y "px\" alt=\"\">"
}

# The outcome of photo i: fail (the stage), m (why), outcome, ex.
function outcome_of(i,   j) {
	fail = ""; m = ""; ex = 0
	for (j = 1; j <= nst; j++)
		if ((i, st[j]) in msg) { fail = st[j]; m = msg[i, st[j]]; break }
	if (!seen[i, "ocr"]) {
		# The record was lost before the grid stream: unreadable.
		# An empty file says so, unless a stage said more.
		if (m == "" && i in empty) {
			fail = "detect"; m = "empty file"
		}
		if (fail == "" || fail == "solve" || fail == "render") {
			fail = "detect"
			for (j = 3; j >= 1; j--)
				if (code[j] >= 2 && !((i, "detect") in msg))
					fail = st[j]
		}
		if (m == "") m = gen[fail] != "" ? gen[fail] : "no record"
		outcome = "error"; ex = 2
	} else if (!seen[i, "solve"]) {
		fail = "solve"
		if (m == "") m = gen["solve"] != "" ? gen["solve"] : "no record"
		outcome = "error"; ex = 2
	} else if (ssts[i] != "solved") {
		outcome = ssts[i] == "" ? "unsolved" : ssts[i]
		if (fail == "" || fail == "render")
			fail = gsts[i] != "" ? "detect" : "solve"
		if (m == "") m = outcome
		ex = 1
	} else if (!(i in png)) {
		fail = "render"; outcome = "error"; ex = 2
		if (m == "") m = gen["render"] != "" ? gen["render"] : "no picture"
	} else {
		fail = ""; m = ""; outcome = "solved"
	}
	m = fail == "" ? "" : fail ": " m
	gsub(/[\t\r\n]/, " ", m)
}

# The outcome at each stage: ok, the failure, or "-" past it.
function stage_values(i,   j, past) {
	past = 0
	for (j = 1; j <= nst; j++) {
		if (past) v[j] = "-"
		else if (st[j] == fail) { v[j] = outcome; past = 1 }
		else if (st[j] == "solve") v[j] = ssts[i]
		else v[j] = "ok"
		if (v[j] != "-")
			reached[st[j]]++
	}
}

# The rows of photo i: CSV, JSON, HTML.
function write_row(i,   j, sj, sc, tj, tc, x, ne, mj, mc, pg, json, csv, \
    f, cpuall) {
	sj = ""; sc = ""; tj = ""; tc = ""; cpuall = 0
	for (j = 1; j <= nst; j++) {
		x = ""
		if (V[i, j] != "-") {
			x = cpu[st[j]] / reached[st[j]]
			x = sprintf("%.4f", x > 0 ? x : 0)
			cpuall += x
		}
		sj = sj (j > 1 ? "," : "") js(st[j]) ":" js(V[i, j])
		sc = sc "," cs(V[i, j])
		tj = tj (j > 1 ? "," : "") js(st[j]) ":" (x == "" ? "null" : x)
		tc = tc "," x
	}
	# A started puzzle: how many digits were written by hand, those
	# that are wrong ("none": all right) and how far it is done.
	ne = entries[i]; ne = gsub(/[1-9]/, "", ne)
	mj = ne && mistakes[i] != "" ? \
	    js(mistakes[i] == "none" ? "" : mistakes[i]) : "null"
	mc = ne && mistakes[i] != "none" ? mistakes[i] : ""
	pg = ne ? progress[i] : ""
	# The cells read in doubt: neither right nor wrong, to be checked.
	un = i in unsure ? unsure[i] : ""
	json = "{\"source\":" js(photo[i]) ",\"name\":" js(name[i]) \
	    ",\"status\":" js(OUT[i]) ",\"exit\":" EX[i] \
	    ",\"stages\":{" sj "},\"grid\":" jsornull(grid[i]) \
	    ",\"solution\":" jsornull(ssts[i] == "solved" ? sol[i] : "") \
	    ",\"entries\":" (ne ? ne : "null") ",\"mistakes\":" mj \
	    ",\"progress\":" jsornull(pg) \
	    ",\"unsure\":" jsornull(un) \
	    ",\"seconds\":{" tj "},\"photos_in_stream\":" n \
	    ",\"message\":" jsornull(MSG[i]) "}"
	csv = cs(photo[i]) "," cs(name[i]) "," cs(OUT[i]) "," EX[i] sc \
	    "," grid[i] "," (ssts[i] == "solved" ? sol[i] : "") tc \
	    "," cs(MSG[i]) "," (ne ? ne : "") "," cs(mc) "," cs(pg) "," n \
	    "," cs(un)
	f = w "/" i "/" base[i]
	printf "%s\n", csv > (f ".csv"); close(f ".csv")
	printf "%s\n", json > (f ".json"); close(f ".json")
	printf "%s\n", html(i, ne, mc, pg, un, cpuall) > (f ".html")
	close(f ".html")
}

# The photo's row of the report (index.html, sdk-batch-report.awk).
function html(i, ne, mc, pg, un, cpuall,   r, g, l, c, ph, an) {
	ph = url(relpath(abs[i], outdir))
	an = url(name[i]) "." pext(i)
	r = "<tr class=\"" (EX[i] == 0 ? "ok" : EX[i] == 1 ? "fail" : \
	    "err") "\">\n<td class=\"t\">" (i in pthumb ? "<a href=\"" ph \
	    "\">" pthumb[i] "</a>" : "&mdash;") "</td>\n<td class=\"t\">" \
	    (i in athumb && OUT[i] == "solved" ? "<a href=\"" an "\">" \
	    athumb[i] "</a>" : "&mdash;") "</td>\n"
	r = r "<td class=\"n\"><a href=\"" ph "\">" ht(photo[i]) "</a>"
	if ((i, "grid") in made)
		r = r "<br><a class=\"o\" href=\"" url(name[i]) ".grid\">grid</a>"
	if ((i, "solution") in made)
		r = r " <a class=\"o\" href=\"" url(name[i]) \
		    ".solution\">solution</a>"
	if (OUT[i] == "solved")
		r = r " <a class=\"o\" href=\"" an "\">picture</a>"
	r = r "</td>\n<td><span class=\"s s-" OUT[i] "\">" ht(OUT[i]) \
	    "</span></td>\n<td class=\"m\">" ht(MSG[i]) "</td>\n<td>"
	if (grid[i] != "" && gsts[i] != "no-grid") {
		g = "<pre class=\"g\">"
		for (l = 0; l < 9; l++) {
			for (c = 0; c < 9; c++)
				g = g (c && c % 3 == 0 ? " " : "") \
				    substr(grid[i], l * 9 + c + 1, 1)
			g = g (l < 8 ? "\n" : "")
		}
		r = r g "</pre>"
	}
	r = r "</td>\n<td class=\"m\">" (ne ? ne " entries" \
	    (mc != "" ? ", mistakes " ht(mc) : "") \
	    (pg != "" ? ", done " ht(pg) : "") : "") \
	    (un != "" ? (ne ? ", " : "") "to check " ht(un) : "") \
	    "</td>\n<td class=\"r\" title=\"the CPU seconds of a stream of " n \
	    " photo" (n == 1 ? "" : "s") ", shared among them\">" \
	    sprintf("%.2f", cpuall) "</td>\n</tr>"
	return r
}

# pext(I): the suffix of photo I's picture, jpg or png.
function pext(i) {
	return png[i] ~ /\.jpg$/ ? "jpg" : "png"
}

# mvs(FILES, DEST): the command that moves the files into a folder.
function mvs(files, dest) {
	if (files != "")
		print "[ -d " shq(dest) " ] || mkdir -p -- " shq(dest) \
		    " || bad\nmv -f --" files " " shq(dest) " || bad"
}

END {
	thumbs()
	for (i = 1; i <= n; i++) {
		outcome_of(i)
		stage_values(i)
		for (j = 1; j <= nst; j++)
			V[i, j] = v[j]
		OUT[i] = outcome; EX[i] = ex; MSG[i] = m
	}
	for (i = 1; i <= n; i++)
		write_row(i)
	# The outputs of an earlier run that this run did not make.
	print "set --"
	for (i = 1; i <= n; i++)
		for (e = 1; e <= 4; e++) {
			f = e == 1 ? "grid" : e == 2 ? "solution" : \
			    e == 3 ? "png" : "jpg"
			if (e < 3 ? !((i, f) in made) : \
			    !((i, "png") in made && pext(i) == f)) {
				x = shq(outdir "/" name[i] "." f)
				print "[ -e " x " ] && set -- \"$@\" " x
			}
		}
	print "[ $# -eq 0 ] || rm -f -- \"$@\" || bad"
	# The outputs and rows of each folder, folders in their first order.
	for (i = 1; i <= n; i++)
		if (!(dir[i] in nd)) { nd[dir[i]] = 1; dirs[++ndirs] = dir[i] }
	for (d = 1; d <= ndirs; d++) {
		files = ""
		for (i = 1; i <= n; i++) {
			if (dir[i] != dirs[d])
				continue
			for (e = 1; e <= 2; e++) {
				f = e == 1 ? "grid" : "solution"
				if ((i, f) in made)
					files = files " " shq(w "/" i "/" base[i] "." f)
			}
			p = png[i]; sub(/.*\//, "", p)
			if ((i, "png") in made && p == base[i] "." pext(i))
				files = files " " shq(w "/" png[i])
		}
		mvs(files, outdir (dirs[d] == "." ? "" : "/" dirs[d]))
	}
	for (i = 1; i <= n; i++) {
		p = png[i]; sub(/.*\//, "", p)
		if ((i, "png") in made && p != base[i] "." pext(i))
			print "mv -f -- " shq(w "/" png[i]) " " \
			    shq(outdir "/" name[i] "." pext(i)) " || bad"
	}
	if (sheet != "")
		print "[ -d " shq(outdir "/thumbs") " ] || mkdir -p -- " \
		    shq(outdir "/thumbs") " || bad\nmv -f -- " \
		    shq(w "/sheet.jpg") " " shq(outdir "/" sheet) " || bad"
	for (d = 1; d <= ndirs; d++) {
		files = ""
		for (i = 1; i <= n; i++)
			if (dir[i] == dirs[d])
				for (e = 1; e <= 3; e++)
					files = files " " shq(w "/" i "/" base[i] \
					    (e == 1 ? ".csv" : e == 2 ? ".json" : ".html"))
		mvs(files, rows (dirs[d] == "." ? "" : "/" dirs[d]))
	}
	for (i = 1; i <= n; i++)
		print "p " idx[i] " " EX[i] " " \
		    shq(MSG[i] == "" ? "" : shown(photo[i] ": " MSG[i]))
}
