#!/usr/bin/env python3
"""tests/heif.py: HEIF files edited or made for tests/heif.bats and
tests/hostile.bats (heif-enc cannot write a rotation).

    heif.py rotate ANGLE < IN.heic > OUT.heic
    heif.py head W H > OUT.heic
    heif.py grid W H ROWS COLS [ISPE] < IN.heic > OUT.heic
    heif.py overlay W H N [ISPE] < IN.heic > OUT.heic
    heif.py iden [ISPE] < IN.heic > OUT.heic

rotate    the file with an irot property (ANGLE 90, 180 or 270, counter-
          clockwise, as HEIF says) added to its primary item, marked
          essential: the picture as a phone that was held on its side
          shows it.  The meta box grows; the item locations (iloc) that
          point past it are moved by as much.
head      ftyp and meta boxes only, the primary item W x H (ispe), no
          coded data: a header that asks for W x H pixels.
grid      a grid item (ROWS x COLS tiles, W x H in all) as the primary
          item, each tile the input's primary image (its properties and
          its coded data, shared); its own ispe says ISPE x ISPE (default
          512): the size a reader of the primary item's ispe alone sees.
overlay   the same for an overlay (iovl) of N copies of the input's
          image on a W x H canvas.
iden      an identity item (iden) of the input's image as the primary
          item, its ispe ISPE x ISPE (default 512).
"""
import struct
import sys


def box(kind, body):
    return struct.pack(">I4s", 8 + len(body), kind) + body


def children(d, start, end):
    """(type, start, end) of each box in d[start:end] (32-bit sizes)."""
    out = []
    i = start
    while i + 8 <= end:
        size, kind = struct.unpack(">I4s", d[i:i + 8])
        if size == 0:
            size = end - i
        out.append((kind, i, i + size))
        i += size
    return out


def find(d, start, end, kind):
    for k, s, e in children(d, start, end):
        if k == kind:
            return s, e
    raise SystemExit("heif.py: no %s box" % kind.decode())


def uint(d, i, n):
    return int.from_bytes(d[i:i + n], "big") if n else 0


def move_iloc(d, s, e, after, delta):
    """Add delta to iloc's file offsets at or past after (in place)."""
    v = d[s + 8]
    i = s + 12
    osz, lsz = d[i] >> 4, d[i] & 15
    bsz, isz = d[i + 1] >> 4, (d[i + 1] & 15) if v in (1, 2) else 0
    i += 2
    n = uint(d, i, 2 if v < 2 else 4)
    i += 2 if v < 2 else 4
    for _ in range(n):
        i += 2 if v < 2 else 4
        method = 0
        if v in (1, 2):
            method = uint(d, i, 2) & 15
            i += 2
        i += 2                                  # data_reference_index
        base = uint(d, i, bsz)
        if method == 0 and bsz and base >= after:
            d[i:i + bsz] = (base + delta).to_bytes(bsz, "big")
        i += bsz
        count = uint(d, i, 2)
        i += 2
        for _ in range(count):
            i += isz
            off = uint(d, i, osz)
            if method == 0 and osz and base == 0 and off >= after:
                d[i:i + osz] = (off + delta).to_bytes(osz, "big")
            i += osz + lsz


def rotate(data, angle):
    d = bytearray(data)
    ms, me = find(d, 0, len(d), b"meta")
    ps, pe = find(d, ms + 12, me, b"pitm")
    item = uint(d, ps + 12, 2 if d[ps + 8] == 0 else 4)
    rs, re_ = find(d, ms + 12, me, b"iprp")
    cs, ce = find(d, rs + 8, re_, b"ipco")
    index = len(children(d, cs + 8, ce)) + 1
    ipco = d[cs + 8:ce] + box(b"irot", bytes([angle // 90 & 3]))
    # ipma, with the new property for the primary item.
    as_, ae = find(d, rs + 8, re_, b"ipma")
    v, wide = d[as_ + 8], d[as_ + 11] & 1
    i = as_ + 12
    n = uint(d, i, 4)
    body = bytearray(d[as_ + 8:as_ + 16])
    i += 4
    for _ in range(n):
        idlen = 2 if v < 1 else 4
        iid = uint(d, i, idlen)
        count = d[i + idlen]
        assoc = d[i + idlen + 1:i + idlen + 1 + count * (2 if wide else 1)]
        i += idlen + 1 + len(assoc)
        if iid == item:
            count += 1
            assoc += (struct.pack(">H", 0x8000 | index) if wide else
                      bytes([0x80 | index]))
        body += iid.to_bytes(idlen, "big") + bytes([count]) + assoc
    iprp = b""
    for k, s, e in children(d, rs + 8, re_):
        iprp += (box(b"ipco", ipco) if k == b"ipco" else
                 box(b"ipma", bytes(body)) if k == b"ipma" else d[s:e])
    delta = 8 + len(iprp) - (re_ - rs)
    ls, le = find(d, ms + 12, me, b"iloc")
    move_iloc(d, ls, le, me, delta)
    meta = d[ms + 8:rs] + box(b"iprp", iprp) + d[re_:me]
    return bytes(d[:ms]) + box(b"meta", meta) + bytes(d[me:])


def full(kind, body, v=0, flags=0):
    return box(kind, struct.pack(">I", v << 24 | flags) + body)


def head(w, h):
    ftyp = box(b"ftyp", b"heic" + bytes(4) + b"mif1heic")
    ispe = full(b"ispe", struct.pack(">II", w, h))
    ipma = full(b"ipma", struct.pack(">IHBB", 1, 1, 1, 0x81))
    meta = full(b"meta", full(b"hdlr", bytes(4) + b"pict" + bytes(13)) +
                full(b"pitm", struct.pack(">H", 1)) +
                box(b"iprp", box(b"ipco", ispe) + ipma))
    return ftyp + meta


def primary(d):
    """The input's primary item: its property boxes (essential flag,
    bytes) and its coded data."""
    ms, me = find(d, 0, len(d), b"meta")
    ps, _ = find(d, ms + 12, me, b"pitm")
    item = uint(d, ps + 12, 2 if d[ps + 8] == 0 else 4)
    rs, re_ = find(d, ms + 12, me, b"iprp")
    cs, ce = find(d, rs + 8, re_, b"ipco")
    props = [d[s:e] for _, s, e in children(d, cs + 8, ce)]
    as_, ae = find(d, rs + 8, re_, b"ipma")
    v, wide = d[as_ + 8], d[as_ + 11] & 1
    i = as_ + 16
    mine = []
    for _ in range(uint(d, as_ + 12, 4)):
        idlen = 2 if v < 1 else 4
        iid = uint(d, i, idlen)
        count = d[i + idlen]
        i += idlen + 1
        for _ in range(count):
            a = uint(d, i, 2 if wide else 1)
            i += 2 if wide else 1
            bit = 0x8000 if wide else 0x80
            if iid == item:
                mine.append((bool(a & bit), props[(a & (bit - 1)) - 1]))
    # iloc: the item's one extent, in the file.
    ls, le = find(d, ms + 12, me, b"iloc")
    v = d[ls + 8]
    i = ls + 12
    osz, lsz = d[i] >> 4, d[i] & 15
    bsz, isz = d[i + 1] >> 4, (d[i + 1] & 15) if v in (1, 2) else 0
    i += 2
    n = uint(d, i, 2 if v < 2 else 4)
    i += 2 if v < 2 else 4
    for _ in range(n):
        iid = uint(d, i, 2 if v < 2 else 4)
        i += 2 if v < 2 else 4
        if v in (1, 2):
            i += 2
        i += 2
        base = uint(d, i, bsz)
        i += bsz
        count = uint(d, i, 2)
        i += 2
        data = b""
        for _ in range(count):
            i += isz
            off = uint(d, i, osz)
            ln = uint(d, i + osz, lsz)
            i += osz + lsz
            data += d[base + off:base + off + ln]
        if iid == item:
            return mine, data
    raise SystemExit("heif.py: no data for the primary item")


def derived(data, kind, payload, ntiles, ispe):
    """A file whose primary item 1 is of kind (grid, iovl), its data
    payload, made of items 2 .. ntiles + 1, each the input's image."""
    props, coded = primary(data)
    # Properties: the input's image's, then the derived item's ispe.
    ipco = b"".join(p for _, p in props) + full(b"ispe",
                                                 struct.pack(">II", ispe, ispe))
    tile = bytes([len(props)]) + bytes(
        (0x80 if ess else 0) | (k + 1) for k, (ess, _) in enumerate(props))
    ipma = struct.pack(">I", 1 + ntiles) + struct.pack(">H", 1) + bytes(
        [1, len(props) + 1]) + b"".join(
        struct.pack(">H", 2 + k) + tile for k in range(ntiles))
    infe = [full(b"infe", struct.pack(">HH4s", 1, 0, kind) + b"\0", v=2)] + [
        full(b"infe", struct.pack(">HH4s", 2 + k, 0, b"hvc1") + b"\0", v=2,
             flags=1) for k in range(ntiles)]
    iinf = full(b"iinf", struct.pack(">H", len(infe)) + b"".join(infe))
    iref = full(b"iref", box(b"dimg", struct.pack(">HH", 1, ntiles) +
                             b"".join(struct.pack(">H", 2 + k)
                                      for k in range(ntiles))))

    def meta(at):
        # iloc v0, 4-byte offsets and lengths: the payload at at, every
        # tile's coded data (one copy) after it.
        iloc = full(b"iloc", bytes([0x44, 0]) + struct.pack(
            ">H", 1 + ntiles) + struct.pack(">HHHII", 1, 0, 1, at,
                                             len(payload)) + b"".join(
            struct.pack(">HHHII", 2 + k, 0, 1, at + len(payload),
                        len(coded)) for k in range(ntiles)))
        return full(b"meta", full(b"hdlr", bytes(4) + b"pict" + bytes(13)) +
                    full(b"pitm", struct.pack(">H", 1)) + iinf + iref + iloc +
                    box(b"iprp", box(b"ipco", ipco) +
                        full(b"ipma", ipma)))

    ftyp = box(b"ftyp", b"heic" + bytes(4) + b"mif1heic")
    m = meta(0)
    at = len(ftyp) + len(m) + 8
    return ftyp + meta(at) + box(b"mdat", payload + coded)


def grid(data, w, h, rows, cols, ispe):
    payload = struct.pack(">BBBBII", 0, 1, rows - 1, cols - 1, w, h)
    return derived(data, b"grid", payload, rows * cols, ispe)


def overlay(data, w, h, n, ispe):
    payload = struct.pack(">BB4HII", 0, 1, 0, 0, 0, 0xffff, w, h) + bytes(
        8 * n)
    return derived(data, b"iovl", payload, n, ispe)


def main(argv):
    if len(argv) == 3 and argv[1] == "rotate":
        out = rotate(sys.stdin.buffer.read(), int(argv[2]))
    elif len(argv) == 4 and argv[1] == "head":
        out = head(int(argv[2]), int(argv[3]))
    elif len(argv) in (6, 7) and argv[1] == "grid":
        out = grid(sys.stdin.buffer.read(), *map(int, argv[2:6]),
                   int(argv[6]) if len(argv) == 7 else 512)
    elif len(argv) in (2, 3) and argv[1] == "iden":
        out = derived(sys.stdin.buffer.read(), b"iden", b"", 1,
                      int(argv[2]) if len(argv) == 3 else 512)
    elif len(argv) in (5, 6) and argv[1] == "overlay":
        out = overlay(sys.stdin.buffer.read(), *map(int, argv[2:5]),
                      int(argv[5]) if len(argv) == 6 else 512)
    else:
        sys.stderr.write(__doc__)
        return 2
    sys.stdout.buffer.write(out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
