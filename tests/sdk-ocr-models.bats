#!/usr/bin/env bats
# sdk-ocr's model files (doc/models.md): the shipped ones are those built
# in, SDK_OCR_PRINTED_MODEL and SDK_OCR_HAND_MODEL read others, and a
# wrong or damaged file is refused by name, with status 2, before any
# output.

load helper

MODELS="$TOP/models"

# craft SRC DST HOW: a copy of the model file SRC changed as HOW says.
#   flip      one weight's byte flipped, the header left alone (damaged)
#   truncate  the last 100 bytes gone
#   extend    a byte more
#   version   format version 2
#   magic     the magic spoilt
#   shape     the first group's hidden units one fewer, its CRC made
#             right again (a well-formed file of another shape)
#   zero      every weight 0, its CRC made right again
craft() {
	python3 - "$@" <<'PY'
import struct, sys, zlib
src, dst, how = sys.argv[1:4]
b = bytearray(open(src, 'rb').read())
n = struct.unpack_from('<I', b, 8)[0]
if how == 'flip':
    b[-1000] ^= 0x40
elif how == 'truncate':
    del b[-100:]
elif how == 'extend':
    b += b'\0'
elif how == 'version':
    struct.pack_into('<I', b, 4, 2)
elif how == 'magic':
    b[0:4] = b'SDKX'
elif how == 'shape':
    hid = struct.unpack_from('<I', b, 24 + 8)[0]
    struct.pack_into('<I', b, 24 + 8, hid - 1)
elif how == 'zero':
    about = struct.unpack_from('<I', b, 12)[0]
    start = 24 + 16 * n + (about + 3) // 4 * 4
    b[start:] = bytes(len(b) - start)
if how in ('shape', 'zero'):
    struct.pack_into('<I', b, 20, zlib.crc32(bytes(b[24:])))
open(dst, 'wb').write(b)
PY
}

setup() {
	command -v python3 >/dev/null || skip "no python3"
	sdk-detect "$SAMPLES/started1.jpg" | sdk-warp >"$BATS_TEST_TMPDIR/s.pnm"
}

@test "the shipped model files are the ones built in, CRC-32 as zlib's" {
	local f
	for f in "$MODELS/printed.sdkm" "$MODELS/hand.sdkm"; do
		python3 -c 'import struct, sys, zlib
b = open(sys.argv[1], "rb").read()
assert b[:4] == b"SDKM" and struct.unpack_from("<I", b, 4)[0] == 1
assert struct.unpack_from("<I", b, 16)[0] == len(b) - 24
assert struct.unpack_from("<I", b, 20)[0] == zlib.crc32(b[24:])' "$f"
	done
	sdk-ocr "$BATS_TEST_TMPDIR/s.pnm" >"$BATS_TEST_TMPDIR/built-in"
	# started1.jpg has entries and pencil marks: both files are read.
	grep -q '^# sdk-entries ' "$BATS_TEST_TMPDIR/built-in"
	grep -q '^# sdk-pencil ' "$BATS_TEST_TMPDIR/built-in"
	SDK_OCR_PRINTED_MODEL="$MODELS/printed.sdkm" \
	    SDK_OCR_HAND_MODEL="$MODELS/hand.sdkm" \
	    sdk-ocr "$BATS_TEST_TMPDIR/s.pnm" >"$BATS_TEST_TMPDIR/files"
	cmp "$BATS_TEST_TMPDIR/built-in" "$BATS_TEST_TMPDIR/files"
}

@test "the variables are read: a model of zero weights reads otherwise" {
	local m
	for m in printed hand; do
		craft "$MODELS/$m.sdkm" "$BATS_TEST_TMPDIR/$m.sdkm" zero
	done
	sdk-ocr "$BATS_TEST_TMPDIR/s.pnm" >"$BATS_TEST_TMPDIR/built-in"
	SDK_OCR_PRINTED_MODEL="$BATS_TEST_TMPDIR/printed.sdkm" \
	    sdk-ocr "$BATS_TEST_TMPDIR/s.pnm" >"$BATS_TEST_TMPDIR/p" || true
	run cmp -s "$BATS_TEST_TMPDIR/built-in" "$BATS_TEST_TMPDIR/p"
	assert_failure
	SDK_OCR_HAND_MODEL="$BATS_TEST_TMPDIR/hand.sdkm" \
	    sdk-ocr "$BATS_TEST_TMPDIR/s.pnm" >"$BATS_TEST_TMPDIR/h" || true
	run cmp -s "$BATS_TEST_TMPDIR/built-in" "$BATS_TEST_TMPDIR/h"
	assert_failure
	# An empty variable is no file named: the built-in model.
	SDK_OCR_HAND_MODEL= sdk-ocr "$BATS_TEST_TMPDIR/s.pnm" \
	    >"$BATS_TEST_TMPDIR/e"
	cmp "$BATS_TEST_TMPDIR/built-in" "$BATS_TEST_TMPDIR/e"
}

# refused VAR FILE REGEX: sdk-ocr -o OUT with VAR=FILE fails with status 2
# and one message naming FILE, and writes no OUT.
refused() {
	local out="$BATS_TEST_TMPDIR/out"
	rm -f "$out"
	run_sep env "$1=$2" sdk-ocr -o "$out" "$BATS_TEST_TMPDIR/s.pnm"
	fails 2 "^sdk-ocr: $2: $3"
	[ ! -e "$out" ]
}

@test "a damaged, truncated or foreign model file is refused by name" {
	local d="$BATS_TEST_TMPDIR" v=SDK_OCR_HAND_MODEL
	craft "$MODELS/hand.sdkm" "$d/flip.sdkm" flip
	refused $v "$d/flip.sdkm" 'CRC-32 [0-9a-f]{8} where the header says ddb79a92: damaged$'
	craft "$MODELS/hand.sdkm" "$d/short.sdkm" truncate
	refused $v "$d/short.sdkm" '793508 bytes where the header says 793608: truncated or damaged$'
	craft "$MODELS/printed.sdkm" "$d/long.sdkm" extend
	refused SDK_OCR_PRINTED_MODEL "$d/long.sdkm" '315097 bytes where the header says 315096: truncated or damaged$'
	craft "$MODELS/hand.sdkm" "$d/v2.sdkm" version
	refused $v "$d/v2.sdkm" 'model format version 2, not 1$'
	craft "$MODELS/hand.sdkm" "$d/magic.sdkm" magic
	refused $v "$d/magic.sdkm" 'not a model file \(no SDKM magic\)$'
	refused $v "$SAMPLES/image1.jpg" 'not a model file \(no SDKM magic\)$'
	: >"$d/empty.sdkm"
	refused $v "$d/empty.sdkm" '0 bytes: too short for a model file$'
	refused $v "$d/none.sdkm" 'model file \(SDK_OCR_HAND_MODEL\): No such file or directory$'
	refused $v "$d" 'model file \(SDK_OCR_HAND_MODEL\): Is a directory$'
}

@test "a model file of other shapes is refused, whole as it is" {
	local d="$BATS_TEST_TMPDIR"
	# Each file where the other belongs: 1 group for 3, and 3 for 1.
	refused SDK_OCR_HAND_MODEL "$MODELS/printed.sdkm" 'groups of networks: 1, not the 3 this program reads$'
	refused SDK_OCR_PRINTED_MODEL "$MODELS/hand.sdkm" 'groups of networks: 3, not the 1 this program reads$'
	craft "$MODELS/printed.sdkm" "$d/p95.sdkm" shape
	refused SDK_OCR_PRINTED_MODEL "$d/p95.sdkm" 'group 1: networks 400-95-9, not the 400-96-9 this program reads$'
	craft "$MODELS/hand.sdkm" "$d/h31.sdkm" shape
	refused SDK_OCR_HAND_MODEL "$d/h31.sdkm" 'group 1: networks 409-31-4, not the 409-32-4 this program reads$'
	# --version shows the printed model's line: read from the file too.
	run_sep env SDK_OCR_PRINTED_MODEL="$d/p95.sdkm" sdk-ocr --version
	fails 2 'group 1: networks 400-95-9'
}
