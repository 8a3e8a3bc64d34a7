# sdk-batch-rows.awk: the rows of a sdk-batch worker's photos, from the
# streams and messages of the stages (sdk-batch runs it: awk -f; make
# install puts it in LIBEXECDIR/sdk).  A photo's first stage that names
# it in a message is where it failed; the record's sdk-status says how.  The photo's read grid, its
# solution and its row (CSV and JSON) are written to W/K/NAME.grid,
# .solution, .csv and .json, K its line in the chunk, NAME the last part
# of its name; its picture is W/pN/FILE from rendered ("N<tab>FILE").  On
# standard output, the operations that put them in place, tab-separated,
# grouped and in this order: S . NAME.EXT (remove the output of an earlier
# run that this run did not make), O FOLDER FILE (FILE, under W, into the
# folder of outputs FOLDER, "." for the top one), M NAME FILE (a picture
# to be renamed), R FOLDER FILE (into the folder of rows), P INDEX EXIT
# PHOTO MESSAGE (the photo is done).

function js(s) {
	gsub(/\\/, "\\\\", s); gsub(/"/, "\\\"", s)
	gsub(/[\001-\037]/, " ", s)
	return "\"" s "\""
}
function cs(s) {
	if (s ~ /[",]/) { gsub(/"/, "\"\"", s); s = "\"" s "\"" }
	return s
}
function jsornull(s) { return s == "" ? "null" : js(s) }
# The seconds in an output line of times(1): "0m1.230000s".
function sec(s) { return substr(s, 1, index(s, "m") - 1) * 60 + \
    substr(s, index(s, "m") + 1) }
BEGIN {
	nst = split(stages, st, " ")
	split(codes, code, " ")
	# A stage that failed without a word (it could not even write its
	# messages): say how it ended.
	for (i = 1; i <= nst; i++)
		gen[st[i]] = code[i] < 2 ? "" : full != "" ? \
		    "no space left on the disk" : "sdk-" st[i] \
		    " ended with status " code[i] (code[i] > 128 ? " (killed)" : "")
	# CPU seconds of the stages: the user and system times of the
	# finished children before the first stage and after each step; the
	# pick of the solved records, between sdk-solve and sdk-render, is
	# left out.
	nt = split(ticks, t, " ")
	for (i = 1; 2 * i <= nt; i++)
		c[i] = sec(t[2 * i - 1]) + sec(t[2 * i])
	for (i = 1; i <= nst; i++)
		cpu[st[i]] = c[i + 1 + (i == nst)] - c[i + (i == nst)]
}
FILENAME == ARGV[1] {
	n++; idx[n] = $1; photo[n] = $2; name[n] = $3; k[$2] = n
	dir[n] = base[n] = $3
	if (sub(/\/[^\/]*$/, "", dir[n])) sub(/.*\//, "", base[n])
	else dir[n] = "."
	next
}
FILENAME ~ /\.err$/ {
	s = FILENAME; sub(/.*\//, "", s); sub(/\.err$/, "", s)
	p = index($0, ": "); if (p == 0) { if (!(s in said)) gen[s] = $0; said[s] = 1; next }
	rest = substr($0, p + 2)
	hit = 0
	for (i = 1; i <= n; i++) {
		q = photo[i] ": "
		if (substr(rest, 1, length(q)) == q) {
			m = substr(rest, length(q) + 1)
			# sdk-solve says where in its input: not ours to show.
			sub(/^record [0-9]+ \(line [0-9]+\): /, "", m)
			if (!((i, s) in msg)) msg[i, s] = m
			hit = 1
			break
		}
	}
	if (!hit && !(s in said)) { gen[s] = rest; said[s] = 1 }
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
		next
	}
	if (NF == 0) next
	if (src in k) {
		i = k[src]
		out = w "/" i "/" base[i] "." f
		printf "%s%s\n", rec, $0 > out
		close(out)
		made[i, f] = 1
		if (ent != "") entries[i] = ent
		if (f == "grid") { grid[i] = $0; gsts[i] = sts; seen[i, "ocr"] = 1 }
		else { sol[i] = $0; ssts[i] = sts; seen[i, "solve"] = 1
			mistakes[i] = mis; progress[i] = prg }
	}
	rec = ""; src = ""; sts = ""; ent = ""; mis = ""; prg = ""
	next
}
FILENAME ~ /solved\.src$/ { rsrc[FNR] = $0; next }
FILENAME ~ /rendered$/ {
	if ($1 in rsrc && rsrc[$1] in k) {
		i = k[rsrc[$1]]; png[i] = "p" $1 "/" $2; made[i, "png"] = 1
	}
	next
}
END {
	for (i = 1; i <= n; i++) {
		fail = ""; m = ""; ex = 0
		for (j = 1; j <= nst; j++)
			if ((i, st[j]) in msg) { fail = st[j]; m = msg[i, st[j]]; break }
		if (!seen[i, "ocr"]) {
			# The record was lost before the grid stream: unreadable.
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
		status = outcome
		sj = ""; sc = ""; tj = ""; tc = ""
		past = 0
		for (j = 1; j <= nst; j++) {
			if (past) v = "-"
			else if (st[j] == fail) { v = outcome; past = 1 }
			else if (st[j] == "solve") v = ssts[i]
			else v = "ok"
			sj = sj (j > 1 ? "," : "") js(st[j]) ":" js(v)
			sc = sc "," cs(v)
			x = sprintf("%.4f", cpu[st[j]] / n)
			tj = tj (j > 1 ? "," : "") js(st[j]) ":" x
			tc = tc "," x
		}
		# A started puzzle: how many digits were written by hand, those
		# that are wrong ("none": all right) and how far it is done.
		ne = entries[i]; ne = gsub(/[1-9]/, "", ne)
		mj = ne && mistakes[i] != "" ? \
		    js(mistakes[i] == "none" ? "" : mistakes[i]) : "null"
		mc = ne && mistakes[i] != "none" ? mistakes[i] : ""
		pg = ne ? progress[i] : ""
		m = fail == "" ? "" : fail ": " m
		gsub(/\t/, " ", m)
		json = "{\"source\":" js(photo[i]) ",\"name\":" js(name[i]) \
		    ",\"status\":" js(status) ",\"exit\":" ex \
		    ",\"stages\":{" sj "},\"grid\":" jsornull(grid[i]) \
		    ",\"solution\":" jsornull(ssts[i] == "solved" ? sol[i] : "") \
		    ",\"entries\":" (ne ? ne : "null") ",\"mistakes\":" mj \
		    ",\"progress\":" jsornull(pg) \
		    ",\"seconds\":{" tj "},\"photos_in_stream\":" n \
		    ",\"message\":" jsornull(m) "}"
		csv = cs(photo[i]) "," cs(name[i]) "," cs(status) "," ex sc \
		    "," grid[i] "," (ssts[i] == "solved" ? sol[i] : "") tc \
		    "," cs(m) "," (ne ? ne : "") "," cs(mc) "," cs(pg)
		f = w "/" i "/" base[i]
		printf "%s\n", csv > (f ".csv"); close(f ".csv")
		printf "%s\n", json > (f ".json"); close(f ".json")
		exits[i] = ex; said_m[i] = m
	}
	for (i = 1; i <= n; i++)
		for (e = 1; e <= 3; e++) {
			f = e == 1 ? "grid" : e == 2 ? "solution" : "png"
			if (!((i, f) in made)) print "S\t.\t" name[i] "." f
		}
	# The outputs and rows of each folder, folders in their first order.
	for (i = 1; i <= n; i++)
		if (!(dir[i] in nd)) { nd[dir[i]] = 1; dirs[++ndirs] = dir[i] }
	for (d = 1; d <= ndirs; d++)
		for (i = 1; i <= n; i++) {
			if (dir[i] != dirs[d]) continue
			for (e = 1; e <= 2; e++) {
				f = e == 1 ? "grid" : "solution"
				if ((i, f) in made)
					print "O\t" dir[i] "\t" i "/" base[i] "." f
			}
			p = png[i]; sub(/.*\//, "", p)
			if ((i, "png") in made && p == base[i] ".png")
				print "O\t" dir[i] "\t" png[i]
		}
	for (i = 1; i <= n; i++) {
		p = png[i]; sub(/.*\//, "", p)
		if ((i, "png") in made && p != base[i] ".png")
			print "M\t" name[i] "\t" png[i]
	}
	for (d = 1; d <= ndirs; d++)
		for (i = 1; i <= n; i++)
			if (dir[i] == dirs[d])
				printf "R\t%s\t%d/%s.csv\nR\t%s\t%d/%s.json\n",
				    dir[i], i, base[i], dir[i], i, base[i]
	for (i = 1; i <= n; i++)
		print "P\t" idx[i] "\t" exits[i] "\t" photo[i] "\t" said_m[i]
}
