#!/usr/bin/env python3
"""make-started2.py: make samples/started2.jpg, a started puzzle with mistakes.

No photo we have shows a person's mistake, so this one is composed from two
real photos of the same page: the Wicht "mixed" photo (every empty cell
filled in with synthetic handwriting) and the plain photo of that page.
Sixteen handwritten cells are kept, four get the handwriting of another
cell (a wrong digit), the rest are erased with the plain photo's pixels.

    jpegtopnm ../shared/images/wicht-mixed/image10.jpg > mixed.ppm
    jpegtopnm ../shared/images/wicht/image10.jpg > plain.ppm
    lab/samples/make-started2.py mixed.ppm plain.ppm | pnmtojpeg --quality=92 > samples/started2.jpg

samples/started2.txt is its truth (givens, and the entries as written).
"""
import os
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', '..', 'tests', 'fixtures', 'render'))
from pnmcheck import pnm_images, homography, apply  # noqa: E402
def load(p):
    (w, h, ch, px), = pnm_images(open(p, 'rb').read())
    return w, h, bytearray(px)
mw, mh, mpx = load(sys.argv[1])
pw, ph, ppx = load(sys.argv[2])
sq = [(0, 0), (9, 0), (9, 9), (0, 9)]
def quad(s):
    v = [float(x) for x in s.split()]
    return [(v[2*i], v[2*i+1]) for i in range(4)]
mq = quad('90.3 58.2 555.3 64.7 567.6 458.5 93.2 467.6')
pq = quad('95 60 556 67 567 458 97 466')
m2g = homography(mq, sq); g2p = homography(sq, pq); g2m = homography(sq, mq)
pz = '.42.....5...632.8..8..4.2...........715.6834.9.835.761.91..6.......2.19...61...5.'
sol = '342891675157632984689745213463917528715268349928354761591476832874523196236189457'
right = [0, 3, 9, 10, 11, 18, 27, 28, 29, 30, 31, 32, 64, 65, 72, 73]
# wrong cell -> the cell whose handwriting is copied into it
wrong = {4: 7, 20: 3, 33: 5, 62: 6}
out = bytearray(mpx)
for y in range(mh):
    for x in range(mw):
        gx, gy = apply(m2g, x + 0.5, y + 0.5)
        c, r = int(gx // 1), int(gy // 1)
        if not (0 <= c < 9 and 0 <= r < 9):
            continue
        i = 9 * r + c
        if pz[i] != '.' or i in right:
            continue
        fx, fy = gx - c, gy - r
        if not (0.12 < fx < 0.88 and 0.12 < fy < 0.88):
            continue   # keep the grid lines of the mixed photo
        if i in wrong:
            j = wrong[i]
            sx, sy = apply(g2m, j % 9 + fx, j // 9 + fy)
            src = mpx
            sw = mw
        else:
            sx, sy = apply(g2p, gx, gy)
            src = ppx
            sw = pw
        k = 3 * (int(sy) * sw + int(sx))
        out[3 * (y * mw + x):3 * (y * mw + x) + 3] = src[k:k + 3]
sys.stdout.buffer.write(b'P6\n%d %d\n255\n' % (mw, mh) + bytes(out))
