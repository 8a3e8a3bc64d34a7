# sdk-batch-report.awk: the results of a batch (awk -f sdk-batch-lib.awk
# -f sdk-batch-report.awk LIST TODO PROGRESS SKIPPED OUTPUTS REFS).  LIST
# is the photos (sdk-batch-names.awk), TODO the numbers of those run now,
# PROGRESS "INDEX EXIT" for each done, SKIPPED "PATH<tab>WHY" for each
# file skipped, OUTPUTS the outputs list of the folder, REFS the
# thumbnail sheets that rows refer to.  From ENVIRON: rows (the folder of
# rows), out (where to write), outabs, outdir (as named), quiet, stopped
# (the run was interrupted or the disk is full: photos not done are left
# out, not errors), note (a line for the top of the report), when, about.
#
# Writes in out: results.jsonl and results.csv (the rows of the photos in
# the order of LIST), index.html (the report: a summary, the files
# skipped, a row a photo, failures first), said (the messages for stderr:
# photos with no result, failures of earlier runs), sum ("WORST LOST
# SOLVED FAILED ERRORS NOTDONE"), outputs (OUTPUTS without the sheets no
# row refers to any more) and stale.sh (which removes those sheets).

BEGIN {
	FS = "\t"
	rows = ENVIRON["rows"]; out = ENVIRON["out"]
	quiet = ENVIRON["quiet"] + 0; stopped = ENVIRON["stopped"] + 0
	csv = out "/results.csv"; jsonl = out "/results.jsonl"
	print "source,name,status,exit,detect,warp,ocr,solve,render," \
	    "grid,solution,seconds_detect,seconds_warp,seconds_ocr," \
	    "seconds_solve,seconds_render,message,entries,mistakes,progress," \
	    "photos_in_stream,unsure" \
	    > csv
	printf "" > jsonl; printf "" > (out "/said")
	printf "" > (out "/stale.sh"); printf "" > (out "/outputs")
	printf "" > (out "/h0"); printf "" > (out "/h1"); printf "" > (out "/h2")
}
function say(s) {
	print "sdk-batch: " shown(s) > (out "/said")
}
FILENAME == ARGV[1] { n++; src[n] = dec($1); name[n] = dec($2); next }
FILENAME == ARGV[2] { todo[$1] = 1; ntodo++; next }
FILENAME == ARGV[3] { split($0, pr, " "); done[pr[1]] = 1; next }
FILENAME == ARGV[4] { skipped[++nskip] = ht(dec($1)) ": " ht($2); next }
FILENAME == ARGV[5] { outl[++nout] = dec($0); next }
{ ref[$0] = 1 }

# The row of photo i into the results; its HTML row into the file
# OUT/hEXIT, for the page to take them the failures first.
function row(i,   f, l, ex, st, m, h) {
	f = rows "/" name[i] ".json"
	while ((getline l < f) > 0) {
		print l > jsonl
		ex = l; sub(/.*"exit":/, "", ex); sub(/,.*/, "", ex); ex += 0
		st = l; sub(/^[^}]*"status":"/, "", st); sub(/".*/, "", st)
		if (ex > worst) worst = ex
		nex[ex]++
		if (ex == 1) bystatus[st]++
		if (ex != 0 && !(i in todo) && !quiet) {
			m = l; sub(/.*"message":"/, "", m); sub(/"}$/, "", m)
			say(src[i] ": " m " (earlier run)")
		}
	}
	close(f)
	f = rows "/" name[i] ".csv"
	while ((getline l < f) > 0)
		print l > csv
	close(f)
	f = rows "/" name[i] ".html"
	h = out "/h" ex
	if ((getline l < f) <= 0)
		l = "<tr class=\"" (ex == 0 ? "ok" : ex == 1 ? "fail" : "err") \
		    "\"><td colspan=\"8\">" ht(src[i]) "</td></tr>"
	do
		print l > h
	while ((getline l < f) > 0)
	close(f)
}

END {
	for (i = 1; i <= n; i++) {
		if (i in todo && !(i in done)) {
			if (stopped) {
				notdone++
				continue
			}
			say(src[i] ": no result (the pipeline ended early)")
			lost = 1
			continue
		}
		row(i)
	}
	report()
	# The thumbnail sheets that no row refers to any more go.
	stale = ""
	for (j = 1; j <= nout; j++) {
		o = outl[j]
		if (o ~ /^thumbs\/[A-Za-z0-9]+-[0-9]+\.jpg$/ && !(o in ref) && \
		    !stopped && ENVIRON["gc"])
			stale = stale " \\\n    " shq(ENVIRON["outabs"] "/" o)
		else
			print enc(o) > (out "/outputs")
	}
	if (stale != "")
		print "rm -f --" stale > (out "/stale.sh")
	printf "%d %d %d %d %d %d\n", worst, lost, nex[0], nex[1], nex[2], \
	    notdone > (out "/sum")
}

function report(   f, s, t, k, c, j, l) {
	f = out "/index.html"
	t = "sdk-batch: " ht(ENVIRON["outdir"])
	printf "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n" \
	    "<meta charset=\"utf-8\">\n<title>%s</title>\n" \
	    "<meta name=\"viewport\" content=\"width=device-width\">\n" \
	    "<style>\n%s</style>\n</head>\n<body>\n<h1>%s</h1>\n", \
	    t, style(), t > f
	c = nex[0] + nex[1] + nex[2]
	s = "<p class=\"sum\"><b>" c " photo" (c == 1 ? "" : "s") "</b>: " \
	    "<b>" (nex[0] + 0) " solved</b>, " (nex[1] + 0) \
	    " failed on their merits"
	k = ""
	for (j in bystatus)
		k = k (k == "" ? "" : ", ") ht(j) " " bystatus[j]
	s = s (k == "" ? "" : " (" k ")") ", " (nex[2] + 0) \
	    " could not be read" (nskip ? "; " nskip " file" \
	    (nskip == 1 ? "" : "s") " skipped" : "") ".  " \
	    (ntodo - notdone + 0) " done in this run, " \
	    (c - ntodo + notdone + 0) " up to date.</p>\n"
	if (ENVIRON["note"] != "")
		s = s "<p class=\"note\">" ht(ENVIRON["note"]) "</p>\n"
	s = s "<p class=\"about\">" ht(ENVIRON["about"]) "; " ht(ENVIRON["when"]) \
	    ".  The rows: <a href=\"results.csv\">results.csv</a>, " \
	    "<a href=\"results.jsonl\">results.jsonl</a>.</p>\n"
	if (nskip) {
		s = s "<details><summary>" nskip " file" (nskip == 1 ? "" : "s") \
		    " skipped</summary>\n<ul>\n"
		for (j = 1; j <= nskip; j++)
			s = s "<li>" skipped[j] "</li>\n"
		s = s "</ul>\n</details>\n"
	}
	printf "%s", s > f
	printf "<div class=\"f\">Show:\n" \
	    "<input type=\"radio\" name=\"f\" id=\"f-all\" checked>" \
	    "<label for=\"f-all\">all (%d)</label>\n" \
	    "<input type=\"radio\" name=\"f\" id=\"f-failed\">" \
	    "<label for=\"f-failed\">failed (%d)</label>\n" \
	    "<input type=\"radio\" name=\"f\" id=\"f-solved\">" \
	    "<label for=\"f-solved\">solved (%d)</label>\n" \
	    "<table>\n<thead><tr><th>photo</th><th>answer</th><th>name</th>" \
	    "<th>status</th><th>failed at, why</th><th>grid read</th>" \
	    "<th>written by hand</th><th title=\"The programs run over " \
	    "streams of photos: each stage's CPU time over a stream is " \
	    "shared equally among its photos (sdk-batch -n 1 measures each " \
	    "photo on its own)\">CPU s, mean of its stream</th></tr></thead>\n" \
	    "<tbody>\n", c, nex[1] + nex[2], nex[0] + 0 > f
	for (j = 2; j >= 0; j--) {
		close(out "/h" j)
		while ((getline l < (out "/h" j)) > 0)
			print l > f
		close(out "/h" j)
	}
	printf "</tbody>\n</table>\n</div>\n" > f
	printf "<p class=\"note\" id=\"loaded\"></p>\n<script>\n%s</script>\n" \
	    "</body>\n</html>\n", script() > f
	close(f)
}

function style() {
	return "body{font:14px/1.4 system-ui,sans-serif;margin:1em 2em;" \
	    "color:#222;background:#fff}\n" \
	    "h1{font-size:1.3em;margin:.2em 0}\n" \
	    "p{margin:.3em 0}.about,.note{color:#555}\n" \
	    "table{border-collapse:collapse;margin-top:.5em}\n" \
	    "th,td{border-bottom:1px solid #ddd;padding:4px 8px;" \
	    "vertical-align:top;text-align:left}\n" \
	    "th{position:sticky;top:0;background:#f4f4f4;white-space:nowrap}\n" \
	    "td.t{padding:2px 4px;min-width:90px;text-align:center}\n" \
	    "img.t{object-fit:none;display:block;margin:auto;background:#eee}\n" \
	    "td.n{min-width:12em;max-width:22em;overflow-wrap:anywhere}\n" \
	    "td.m{max-width:24em}\n" \
	    "td.r{text-align:right;font-variant-numeric:tabular-nums}\n" \
	    "pre.g{margin:0;font:12px/1.15 ui-monospace,monospace}\n" \
	    ".s{padding:1px 6px;border-radius:3px;font-weight:600;" \
	    "white-space:nowrap;background:#d7f5dd;color:#105a20}\n" \
	    ".fail .s{background:#fdecc8;color:#7a4b00}\n" \
	    ".err .s{background:#fbd5d5;color:#8a1111}\n" \
	    "a.o{font-size:.85em;color:#555}\n" \
	    ".f label{margin:0 1em 0 .2em;cursor:pointer}\n" \
	    "#f-failed:checked~table tr.ok,#f-solved:checked~table tr.fail," \
	    "#f-solved:checked~table tr.err{display:none}\n"
}

# Once the page is loaded: how many of its thumbnails could be shown
# (a folder copied without thumbs/ shows them missing).
function script() {
	return "addEventListener('load', function () {\n" \
	    "  var a = document.images, n = 0, e = document.getElementById('loaded');\n" \
	    "  for (var i = 0; i < a.length; i++)\n" \
	    "    if (a[i].complete && a[i].naturalWidth > 0) n++;\n" \
	    "  e.dataset.images = a.length;\n" \
	    "  e.dataset.loaded = n;\n" \
	    "  e.textContent = n == a.length ? a.length + ' thumbnails shown.' :\n" \
	    "    (a.length - n) + ' of ' + a.length + ' thumbnails missing' +\n" \
	    "    ' (is thumbs/ beside this page?).';\n" \
	    "});\n"
}
