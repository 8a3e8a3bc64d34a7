#!/usr/bin/env bats
# sdk-render's font file (doc/font.md): the shipped one is the one built
# in and keeps DejaVu's licence, SDK_RENDER_FONT reads another, and a
# wrong or damaged file is refused by name, with status 2, before any
# output; make render-font writes the shipped file again byte for byte.

load helper

FONT="$TOP/data/dejavu-sans.sdkf"
SOLVED="$FIXTURES/render/solved.txt"

# craft DST HOW: a copy of the shipped font file changed as HOW says.
#   flip      a coordinate's byte flipped, the header left alone (damaged)
#   truncate  the last 100 bytes gone
#   extend    a byte more
#   version   format version 2
#   magic     the magic spoilt
#   faces     one face said in the header (the payload as it is)
#   em        face 1's units to the em 0
#   op        face 1's first op of '1' made an 'X'
#   overrun   face 2's '~' given 40 ops more, past the face's ops
#   points    face 1's '1' starting at its face's last coordinate
#   sizes     face 1's ops said 4 more than the file holds
#   zero      every coordinate 0: no digit has any ink
# All but the first five have their CRC made right again: well-formed
# files whose numbers are wrong.
craft() {
	python3 - "$FONT" "$@" <<'PY'
import struct, sys, zlib
src, dst, how = sys.argv[1:4]
b = bytearray(open(src, 'rb').read())
text = struct.unpack_from('<I', b, 12)[0]
tab = 24 + (text + 3) // 4 * 4
faces = [list(struct.unpack_from('<IiiIIII', b, tab + 28 * i))
         for i in range(2)]
# where each face's glyphs, ops and coordinates start
at, off = [], tab + 56
for em, asc, desc, first, last, nops, npts in faces:
    g = off
    o = g + 32 * (last - first + 1)
    p = o + (nops + 3) // 4 * 4
    at.append((g, o, p))
    off = p + (2 * npts + 3) // 4 * 4
def glyph(face, ch):
    return at[face][0] + 32 * (ord(ch) - faces[face][3])
if how == 'flip':
    b[at[0][2] + 100] ^= 0x40
elif how == 'truncate':
    del b[-100:]
elif how == 'extend':
    b += b'\0'
elif how == 'version':
    struct.pack_into('<I', b, 4, 2)
elif how == 'magic':
    b[0:4] = b'SDKX'
elif how == 'faces':
    struct.pack_into('<I', b, 8, 1)
elif how == 'em':
    struct.pack_into('<I', b, tab, 0)
elif how == 'op':
    op = struct.unpack_from('<I', b, glyph(0, '1'))[0]
    b[at[0][1] + op] = ord('X')
elif how == 'overrun':
    g = glyph(1, '~')
    struct.pack_into('<I', b, g + 4, struct.unpack_from('<I', b, g + 4)[0] + 40)
elif how == 'points':
    struct.pack_into('<I', b, glyph(0, '1') + 8, faces[0][6] - 1)
elif how == 'sizes':
    struct.pack_into('<I', b, tab + 20, faces[0][5] + 4)
elif how == 'zero':
    for f in range(2):
        n = faces[f][6]
        b[at[f][2]:at[f][2] + 2 * n] = bytes(2 * n)
if how not in ('flip', 'truncate', 'extend', 'version', 'magic'):
    struct.pack_into('<I', b, 20, zlib.crc32(bytes(b[24:])))
open(dst, 'wb').write(b)
PY
}

setup() {
	command -v python3 >/dev/null || skip "no python3"
	T="$BATS_TEST_TMPDIR"
}

@test "the shipped font file is the one built in, CRC-32 as zlib's" {
	python3 -c 'import struct, sys, zlib
b = open(sys.argv[1], "rb").read()
assert b[:4] == b"SDKF" and struct.unpack_from("<I", b, 4)[0] == 1
assert struct.unpack_from("<I", b, 16)[0] == len(b) - 24
assert struct.unpack_from("<I", b, 20)[0] == zlib.crc32(b[24:])' "$FONT"
	sdk-render "$SOLVED" >"$T/built-in.ppm"
	SDK_RENDER_FONT="$FONT" sdk-render "$SOLVED" >"$T/file.ppm"
	cmp "$T/built-in.ppm" "$T/file.ppm"
	# An empty variable is no file named: the built-in font.
	SDK_RENDER_FONT= sdk-render "$SOLVED" >"$T/empty.ppm"
	cmp "$T/built-in.ppm" "$T/empty.ppm"
}

@test "the font file and the program keep DejaVu's licence notice" {
	local n
	for n in 'Copyright (c) 2003 by Bitstream, Inc. All Rights Reserved.' \
	    'Bitstream Vera is a trademark of Bitstream, Inc.' \
	    'be included in all copies of one or more of the Font Software typefaces.'; do
		grep -a -q -F "$n" "$FONT" || fail "not in the file: $n"
		grep -a -q -F "$n" "$SDK_BINDIR/sdk-render" ||
		    fail "not in sdk-render: $n"
	done
	# The text is data/dejavu-sans-notice.txt, whole.
	python3 -c 'import struct, sys
b = open(sys.argv[1], "rb").read()
n = struct.unpack_from("<I", b, 12)[0]
assert b[24:24 + n].endswith(open(sys.argv[2], "rb").read())' \
	    "$FONT" "$TOP/data/dejavu-sans-notice.txt"
}

@test "the variable is read: a font without coordinates draws no digits" {
	local blue
	craft "$T/zero.sdkf" zero
	# The digits the solver filled in are blue: none without outlines.
	sdk-render "$SOLVED" >"$T/built-in.ppm"
	SDK_RENDER_FONT="$T/zero.sdkf" sdk-render "$SOLVED" >"$T/zero.ppm"
	run python3 "$FIXTURES/render/pnmcheck.py" colours "$T/built-in.ppm"
	read -r _ _ blue _ <<<"$output"
	[ "$blue" -gt 3000 ] || fail "blue $blue"
	run python3 "$FIXTURES/render/pnmcheck.py" colours "$T/zero.ppm"
	read -r _ _ blue _ <<<"$output"
	[ "$blue" -eq 0 ] || fail "blue $blue without outlines"
}

# refused FILE REGEX: sdk-render -o OUT with SDK_RENDER_FONT=FILE fails
# with status 2 and one message naming FILE, and writes no OUT; the same
# with the picture on standard output, which stays empty.
refused() {
	local out="$T/out.png"
	rm -f "$out"
	run_sep env SDK_RENDER_FONT="$1" sdk-render -o "$out" "$SOLVED"
	fails 2 "^sdk-render: $1: $2"
	[ "$(printf '%s\n' "$stderr" | wc -l)" -eq 1 ]
	[ ! -e "$out" ]
	run_sep env SDK_RENDER_FONT="$1" sdk-render "$SOLVED"
	fails 2 "^sdk-render: $1: $2"
}

@test "a damaged, truncated or foreign font file is refused by name" {
	local crc
	crc=$(python3 -c 'import struct, sys
print("%08x" % struct.unpack_from("<I", open(sys.argv[1], "rb").read(), 20))' "$FONT")
	craft "$T/flip.sdkf" flip
	refused "$T/flip.sdkf" "font: CRC-32 [0-9a-f]{8} where the header says $crc: damaged$"
	craft "$T/short.sdkf" truncate
	refused "$T/short.sdkf" 'font: [0-9]+ bytes where the header says [0-9]+: truncated or damaged$'
	craft "$T/long.sdkf" extend
	refused "$T/long.sdkf" 'font: [0-9]+ bytes where the header says [0-9]+: truncated or damaged$'
	craft "$T/v2.sdkf" version
	refused "$T/v2.sdkf" 'font: font format version 2, not 1$'
	craft "$T/magic.sdkf" magic
	refused "$T/magic.sdkf" 'font: not a font file \(no SDKF magic\)$'
	refused "$TOP/models/printed.sdkm" 'font: not a font file \(no SDKF magic\)$'
	: >"$T/empty.sdkf"
	refused "$T/empty.sdkf" 'font: 0 bytes: too short for a font file$'
	refused "$T/none.sdkf" 'font \(SDK_RENDER_FONT\): No such file or directory$'
	refused "$T" 'font \(SDK_RENDER_FONT\): Is a directory$'
}

@test "a well-formed font file whose numbers are wrong is refused" {
	craft "$T/faces.sdkf" faces
	refused "$T/faces.sdkf" 'font: faces: 1, not the 2 this program draws with$'
	craft "$T/em.sdkf" em
	refused "$T/em.sdkf" 'font: face 1: 0 units to the em, not 16 to 16384$'
	craft "$T/sizes.sdkf" sizes
	refused "$T/sizes.sdkf" 'font: its sizes do not add up to its length$'
	craft "$T/op.sdkf" op
	refused "$T/op.sdkf" 'font: face 1, U\+0031: op 0x58 is none of M, L, Q, C$'
	craft "$T/overrun.sdkf" overrun
	refused "$T/overrun.sdkf" 'font: face 2, U\+007E: ops [0-9]+ to [0-9]+ of 1610$'
	craft "$T/points.sdkf" points
	refused "$T/points.sdkf" 'font: face 1, U\+0031: coordinates 4707 to [0-9]+ of 4708$'
}

@test "text output reads no font" {
	sdk-render -f text "$SOLVED" >"$T/text"
	SDK_RENDER_FONT="$T/none.sdkf" sdk-render -f text "$SOLVED" >"$T/text2"
	cmp "$T/text" "$T/text2"
}

@test "make render-font writes the shipped file again, byte for byte" {
	local gen="$SDK_BINDIR/../lab/fontgen"
	local dir=/usr/share/fonts/truetype/dejavu
	[ -x "$gen" ] || skip "fontgen is not built (make lab)"
	[ -f "$dir/DejaVuSans.ttf" ] || skip "no fonts-dejavu-core"
	# A new DejaVu release may change the outlines: then make
	# render-font, look at the pictures and commit the file.
	"$gen" "$TOP/data/dejavu-sans-notice.txt" "$dir/DejaVuSans.ttf" \
	    "$dir/DejaVuSans-Bold.ttf" >"$T/font.sdkf"
	cmp "$FONT" "$T/font.sdkf"
	run "$gen" "$TOP/data/dejavu-sans-notice.txt"
	[ "$status" -eq 2 ]
	[[ "$output" == "usage: fontgen "* ]]
}
