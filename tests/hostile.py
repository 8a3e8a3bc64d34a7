#!/usr/bin/env python3
"""tests/hostile.py: hostile image files for tests/hostile.bats (and by hand).

    hostile.py KIND [ARG...] > FILE

Each file is made here, small, so that none is committed.  KINDs:

  gif W H [FRAMES]    a GIF of W x H pixels of one colour, its LZW data
                      complete (20000 20000: 270 KB that decode to 400 MB)
  gif-head W H        a GIF whose header says W x H, data for one row
  bmp-head W H        a 24-bit BMP header saying W x H, no pixels
  tiff-head W H       a TIFF directory saying W x H, no pixels
  webp-head W H       a lossless WebP header saying W x H
  jp2-head W H        a JPEG 2000 codestream header (SIZ) saying W x H
  j2k-tiles W H TW TH [K]  a JPEG 2000 codestream of W x H pixels in tiles
                      of TW x TH, each an empty packet (15 bytes a tile),
                      only the first K tiles there (default all)
  png-palette W H     a 1-bit palette PNG, every pixel the same (a few KB)
  jpeg-scans W H      a progressive JPEG with 2,647 scans, all valid
  jpeg-bogus W H N    a progressive JPEG whose one scan repeats N times
                      (libjpeg warns: corrupt data)
  jpeg-head W H       a baseline JPEG header saying W x H, no scan
  pnm-meta BYTES [LEN]  a 1x1 PGM whose header carries BYTES of sdk-*
                      lines, each LEN bytes long (default 61)
  pnm-comments BYTES  the same with comments that are not sdk-* keys
  grid-meta BYTES [LEN] a grid record after BYTES of metadata lines
  jpeg-markers N [APP]  the JPEG on stdin with N APP markers (APPn, n
                      APP, default 2) of one byte each after its SOI
                      (100000: 525 KB; sdk-render took 42 s to copy them)
  bmp-trailer         a plain 24-bit BMP (read from a PPM on stdin) with
                      bytes after its pixels, as ImageMagick's BMP3: writes
"""
import struct
import sys
import zlib

out = sys.stdout.buffer


# ------------------------------------------------------------------ GIF

class Bits:
    """LSB-first bit packer (GIF's order)."""

    def __init__(self):
        self.acc = 0
        self.n = 0
        self.buf = bytearray()

    def put(self, code, width):
        self.acc |= code << self.n
        self.n += width
        while self.n >= 8:
            self.buf.append(self.acc & 0xff)
            self.acc >>= 8
            self.n -= 8

    def done(self):
        if self.n:
            self.buf.append(self.acc & 0xff)
        return bytes(self.buf)


def gif_lzw_uniform(npix):
    """LZW codes (min code size 2) for npix pixels of colour 0.

    A run of one colour makes the strings 0, 00, 000, ...: the k-th code
    after a clear is the string of length k.  The code width follows the
    decoder's rule (one more bit once the next entry needs it); a clear
    code restarts the table before it is full."""
    clear, eoi, first = 4, 5, 6
    bits = Bits()
    left, width = npix, 3
    while left > 0:
        bits.put(clear, width)      # at the width in force
        width, running, k = 3, first, 0
        while left > 0 and running < 4090:
            k += 1
            length = min(k, left)
            bits.put(0 if length == 1 else first + length - 2, width)
            left -= length
            running += 1
            if running > 1 << width and width < 12:
                width += 1
    bits.put(eoi, width)
    return bits.done()


def sub_blocks(data):
    return b"".join(bytes([len(data[i:i + 255])]) + data[i:i + 255]
                    for i in range(0, len(data), 255)) + b"\0"


def gif(w, h, frames=1, rows=None):
    head = b"GIF89a" + struct.pack("<HHBBB", w, h, 0x81, 0, 0)
    head += b"\xff\xff\xff\0\0\0\0\0\0\0\0\0"    # 4 colours
    body = b""
    for _ in range(frames):
        body += b"," + struct.pack("<HHHHB", 0, 0, w, h, 0)
        body += b"\x02" + sub_blocks(gif_lzw_uniform(
            w * (h if rows is None else rows)))
    return head + body + b";"


# ------------------------------------------------------------ BMP, TIFF

def bmp_head(w, h):
    rowbytes = (w * 3 + 3) // 4 * 4
    size = 54 + rowbytes * h
    return (b"BM" + struct.pack("<IHHI", size & 0xffffffff, 0, 0, 54) +
            struct.pack("<IiiHHIIiiII", 40, w, h, 1, 24, 0, 0, 2835, 2835,
                        0, 0))


def tiff_head(w, h):
    entries = [(256, 4, 1, w), (257, 4, 1, h), (258, 3, 1, 8),
               (259, 3, 1, 1), (262, 3, 1, 1), (273, 4, 1, 8),
               (277, 3, 1, 1), (278, 4, 1, h), (279, 4, 1, w * h)]
    ifd = struct.pack("<H", len(entries))
    for tag, typ, count, value in entries:
        ifd += struct.pack("<HHII", tag, typ, count, value)
    ifd += struct.pack("<I", 0)
    return b"II*\0" + struct.pack("<I", 8) + ifd


def webp_head(w, h):
    # VP8L: signature 0x2f, then 14 bits width-1, 14 bits height-1.
    bits = (w - 1) | (h - 1) << 14
    vp8l = b"\x2f" + struct.pack("<I", bits) + b"\0" * 16
    chunk = b"VP8L" + struct.pack("<I", len(vp8l)) + vp8l
    return b"RIFF" + struct.pack("<I", 4 + len(chunk)) + b"WEBP" + chunk


def jp2_head(w, h):
    siz = struct.pack(">HIIIIIIIIH", 0, w, h, 0, 0, w, h, 0, 0, 1)
    siz += b"\x07\x01\x01"
    return (b"\xff\x4f\xff\x51" + struct.pack(">H", 2 + len(siz)) + siz +
            b"\xff\xd9")


def j2k_tiles(w, h, tw, th, k=None):
    siz = struct.pack(">HIIIIIIIIH", 0, w, h, 0, 0, tw, th, 0, 0, 1)
    siz += b"\x07\x01\x01"
    # One layer, no wavelet levels, 64x64 code-blocks, 5-3 reversible;
    # no quantization.
    cod = b"\xff\x52" + struct.pack(">HBBHBBBBBB", 12, 0, 0, 1, 0, 0, 4, 4,
                                     0, 1)
    qcd = b"\xff\x5c" + struct.pack(">HBB", 4, 0x40, 9 << 3)
    n = -(-w // tw) * -(-h // th)
    tiles = b"".join(b"\xff\x90" + struct.pack(">HHIBB", 10, t, 15, 0, 1) +
                     b"\xff\x93\x00" for t in range(n if k is None else k))
    return (b"\xff\x4f\xff\x51" + struct.pack(">H", 2 + len(siz)) + siz +
            cod + qcd + tiles + b"\xff\xd9")


# ------------------------------------------------------------------ PNG

def png_chunk(kind, data):
    return (struct.pack(">I", len(data)) + kind + data +
            struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff))


def png_palette(w, h):
    row = b"\0" + b"\0" * ((w + 7) // 8)
    comp = zlib.compressobj(9)
    idat = b"".join(comp.compress(row) for _ in range(h)) + comp.flush()
    return (b"\x89PNG\r\n\x1a\n" +
            png_chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 1, 3, 0, 0, 0))
            + png_chunk(b"PLTE", b"\xff\xff\xff\0\0\0") +
            png_chunk(b"IDAT", idat) + png_chunk(b"IEND", b""))


# ----------------------------------------------------------------- JPEG

class JBits:
    """MSB-first bit packer with 0xFF byte stuffing (JPEG's order)."""

    def __init__(self):
        self.acc = 0
        self.n = 0
        self.buf = bytearray()

    def put(self, code, width):
        self.acc = self.acc << width | code
        self.n += width
        while self.n >= 8:
            self.n -= 8
            b = self.acc >> self.n & 0xff
            self.buf.append(b)
            if b == 0xff:
                self.buf.append(0)
        self.acc &= (1 << self.n) - 1

    def done(self):
        if self.n:
            self.put((1 << (8 - self.n)) - 1, 8 - self.n)
        return bytes(self.buf)


def marker(code, data):
    return b"\xff" + bytes([code]) + struct.pack(">H", len(data) + 2) + data


def jpeg_tables():
    dqt = marker(0xdb, b"\0" + b"\1" * 64)
    # DC table 0: one symbol, category 0, code "0".
    dc = b"\x00" + bytes([1] + [0] * 15) + b"\x00"
    # AC table 0: the 15 end-of-band runs EOB0..EOB14, four bits each.
    ac = b"\x10" + bytes([0, 0, 0, 15] + [0] * 12) + bytes(
        n << 4 for n in range(15))
    return dqt + marker(0xc4, dc + ac)


def sof(kind, w, h, comps):
    data = struct.pack(">BHHB", 8, h, w, comps)
    for c in range(comps):
        data += bytes([c + 1, 0x11, 0])
    return marker(kind, data)


def eob_runs(bits, blocks):
    """Code 'blocks' empty blocks as end-of-band runs (AC scans)."""
    while blocks > 0:
        n = min(14, blocks.bit_length() - 1)
        run = min(blocks, (1 << (n + 1)) - 1)
        bits.put(n, 4)
        if n:
            bits.put(run - (1 << n), n)
        blocks -= run


def sos(comps, ss, se, ah, al):
    data = bytes([len(comps)])
    for c in comps:
        data += bytes([c + 1, 0x00])
    return marker(0xda, data + bytes([ss, se, ah << 4 | al]))


def dc_scan(comps, blocks):
    bits = JBits()
    for _ in range(blocks * comps):
        bits.put(0, 1)
    return sos(range(comps), 0, 0, 0, 0) + bits.done()


def ac_scan(c, k, ah, al, blocks):
    bits = JBits()
    eob_runs(bits, blocks)
    return sos([c], k, k, ah, al) + bits.done()


def jpeg_scans(w, h):
    """Every valid AC scan: each band of each component, first at Al 13,
    then refined bit by bit down to 0 (3 x 63 x 14 + 1 = 2,647 scans)."""
    blocks = ((w + 7) // 8) * ((h + 7) // 8)
    body = dc_scan(3, blocks)
    for c in range(3):
        for k in range(1, 64):
            body += ac_scan(c, k, 0, 13, blocks)
            for al in range(12, -1, -1):
                body += ac_scan(c, k, al + 1, al, blocks)
    return (b"\xff\xd8" + jpeg_tables() + sof(0xc2, w, h, 3) + body +
            b"\xff\xd9")


def jpeg_bogus(w, h, n):
    blocks = ((w + 7) // 8) * ((h + 7) // 8)
    scan = ac_scan(0, 1, 0, 1, blocks)
    return (b"\xff\xd8" + jpeg_tables() + sof(0xc2, w, h, 1) +
            dc_scan(1, blocks) + scan * n + b"\xff\xd9")


def jpeg_head(w, h):
    return b"\xff\xd8" + jpeg_tables() + sof(0xc0, w, h, 3)


# ------------------------------------------------------------- metadata

def meta_lines(nbytes, length, key=b"sdk-flood "):
    line = b"# " + key + b"x" * max(1, length - len(key) - 3) + b"\n"
    return line * (nbytes // len(line) + 1)


def pnm_meta(nbytes, length=61, key=b"sdk-flood "):
    return (b"P5\n" + meta_lines(nbytes, length, key) +
            b"1 1\n255\n\x80")


def grid_meta(nbytes, length=61):
    return meta_lines(nbytes, length) + b"." * 81 + b"\n"


def bmp_trailer():
    """PPM (P6, maxval 255) on stdin to a bottom-up 24-bit BMP, followed
    by 3,144 bytes the way ImageMagick's BMP3: leaves a profile there."""
    data = sys.stdin.buffer.read()
    fields, pos = [], 2
    while len(fields) < 3:
        while data[pos:pos + 1].isspace():
            pos += 1
        if data[pos:pos + 1] == b"#":
            pos = data.index(b"\n", pos)
            continue
        end = pos
        while data[end:end + 1].isdigit():
            end += 1
        fields.append(int(data[pos:end]))
        pos = end
    w, h, _ = fields
    pix = data[pos + 1:]
    rowbytes = (w * 3 + 3) // 4 * 4
    rows = bytearray()
    for y in range(h - 1, -1, -1):
        row = bytearray(pix[y * w * 3:(y + 1) * w * 3])
        row[0::3], row[2::3] = row[2::3], row[0::3]    # RGB to BGR
        rows += row + b"\0" * (rowbytes - w * 3)
    trailer = bytes(range(256)) * 12 + bytes(72)
    head = bmp_head(w, h)
    head = head[:2] + struct.pack("<I", 54 + len(rows)) + head[6:34] + \
        struct.pack("<I", len(rows)) + head[38:]
    return head + bytes(rows) + trailer


def jpeg_markers(n, app):
    d = sys.stdin.buffer.read()
    return d[:2] + bytes([0xff, 0xe0 + app, 0, 3, 0x2a]) * n + d[2:]


def main(argv):
    kinds = {
        "gif": lambda a: gif(int(a[0]), int(a[1]),
                             int(a[2]) if len(a) > 2 else 1),
        "gif-head": lambda a: gif(int(a[0]), int(a[1]), 1, rows=1),
        "bmp-head": lambda a: bmp_head(int(a[0]), int(a[1])),
        "tiff-head": lambda a: tiff_head(int(a[0]), int(a[1])),
        "webp-head": lambda a: webp_head(int(a[0]), int(a[1])),
        "jp2-head": lambda a: jp2_head(int(a[0]), int(a[1])),
        "j2k-tiles": lambda a: j2k_tiles(*map(int, a)),
        "png-palette": lambda a: png_palette(int(a[0]), int(a[1])),
        "jpeg-scans": lambda a: jpeg_scans(int(a[0]), int(a[1])),
        "jpeg-bogus": lambda a: jpeg_bogus(int(a[0]), int(a[1]),
                                           int(a[2])),
        "jpeg-head": lambda a: jpeg_head(int(a[0]), int(a[1])),
        "pnm-meta": lambda a: pnm_meta(int(a[0]), *map(int, a[1:2])),
        "pnm-comments": lambda a: pnm_meta(int(a[0]), 61, b"a comment "),
        "grid-meta": lambda a: grid_meta(int(a[0]), *map(int, a[1:2])),
        "bmp-trailer": lambda a: bmp_trailer(),
        "jpeg-markers": lambda a: jpeg_markers(int(a[0]), int(a[1]) if
                                               len(a) > 1 else 2),
    }
    if len(argv) < 2 or argv[1] not in kinds:
        sys.stderr.write(__doc__)
        return 2
    out.write(kinds[argv[1]](argv[2:]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
