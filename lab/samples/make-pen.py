#!/usr/bin/env python3
"""make-pen: newspaper photos filled in with a pen, with their truth.

   lab/samples/make-pen.py [-n COUNT] [--seed N] [--set DIR] [--bin DIR]
                     [--fill LO,HI] [--mistakes P] -o DIR

Takes the printed newspaper photos of Wicht's set (DIR/NAME.jpg, NAME.dat
the printed givens, DIR/outlines.csv the grid's four corners; default
../shared/images/wicht), solves each puzzle with sdk-solve (from --bin,
else PATH) and writes into a random share (--fill, default 30-90 %) of
its empty cells the solution's digit as a person does with a pen: one
handwriting face a photo, drawn from Debian's handwriting fonts that
sdk-ocr's models were NOT trained on (lab/ocr/fonts.c lists those), each
digit of its own size (0.45-0.8 of a cell), slant, rotation and place in
the cell, the stroke thickened to a ballpoint's or a felt pen's width,
in black, blue, dark blue, sometimes red or green ink, a little bleed.
The ink is drawn in the grid's perspective (the homography of the
outline's corners) and multiplied onto the photo's pixels, so it darkens
the paper and keeps the print under it; then the photo is saved again as
JPEG.  With --mistakes P a written digit is, with probability P, another
digit than the solution's: a real mistake, recorded.

DIR/pen-NNN.jpg gets, as ../shared/tools/eval-vision and outcome read
them (the layout of ../shared/images/wicht-mixed):
  pen-NNN.dat       2 header lines, 9 rows: every digit as written,
                    printed and by hand, 0 = empty
  pen-NNN.givens    the source's .dat: the printed digits only
  pen-NNN.mistakes  (with --mistakes) one line, e.g. "r3c4:7>2": r3c4 is
                    written 7, its right digit is 2; empty when none
and once: outlines.csv (the corners, for eval-vision --quad) and
manifest.tsv (a photo a line: name, source photo, face, ink, cells
written, mistakes).  The photos are taken from the set in an order of
the seed's, again from the start when COUNT exceeds it; the same --seed
makes the same pictures.  Needs Python 3 with PIL (python3-pil) and
NumPy, and the fonts of scripts/install-deps.
"""
import argparse
import csv
import importlib.util
import math
import os
import random
import re
import subprocess
import sys

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

_spec = importlib.util.spec_from_file_location(
    'make_pages', os.path.join(os.path.dirname(__file__), 'make-pages.py'))
pages = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(pages)

PROG = 'make-pen'
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
FONT_DIR = '/usr/share/fonts'
# Handwriting faces whose digits look like a person's, none of them among
# the faces the models learnt (lab/ocr/fonts.c: hand_font_paths and
# font_paths), so that what is measured is handwriting never seen.
# Left out: ecolier-court (its cursive loops fill in under a pen),
# femkeklaver (hollow outlines), havana (no 9), lobster and
# leckerli-one (display lettering), joscelyn (swashes across the cell).
FONTS = [
    'truetype/kristi/Kristi.ttf',
    'opentype/dancingscript/DancingScript-Regular.otf',
    'opentype/dancingscript/DancingScript-Bold.otf',
    'opentype/kaushanscript/KaushanScript-Regular.otf',
    'opentype/tlwg/Purisa.otf',
    'opentype/tlwg/Purisa-Bold.otf',
    'opentype/tlwg/Purisa-Oblique.otf',
    'truetype/seto/setofont.ttf',
    'truetype/kiloji/kiloji.ttf',
    'truetype/kiloji/kiloji_b.ttf',
    'truetype/tomsontalks/TomsonTalks.ttf',
]
# Inks, with their weights: a ballpoint's blue most, black, dark blue,
# and now and then red or green.
INKS = [('blue', (40, 70, 190), 30), ('ballpoint', (70, 90, 210), 10),
        ('dark-blue', (25, 35, 100), 20), ('black', (30, 30, 35), 25),
        ('red', (190, 35, 40), 8), ('green', (25, 115, 60), 7)]


def die(msg, status=1):
    print('%s: %s' % (PROG, msg), file=sys.stderr)
    sys.exit(status)


def read_grid(path):
    """The 81 cells of a Wicht .dat ('.' empty) and its text."""
    with open(path) as f:
        text = f.read()
    lines = text.splitlines()
    cells = []
    for line in lines[2:11]:
        cells += line.split()
    if len(lines) < 11 or len(cells) != 81 or any(
            c not in '0123456789' for c in cells):
        die('%s: not a grid of 2 header lines and 9 rows of 9 digits' % path)
    return ''.join('.' if c == '0' else c for c in cells), text


def read_outlines(d):
    """[(name, 4 corners)] of DIR/outlines.csv whose photo and .dat exist."""
    path = os.path.join(d, 'outlines.csv')
    try:
        with open(path, newline='') as f:
            rows = list(csv.DictReader(f))
    except OSError as e:
        die('%s: %s' % (path, e.strerror))
    out = []
    for r in rows:
        name = os.path.splitext(os.path.basename(r['filepath']))[0]
        if os.path.exists(os.path.join(d, name + '.dat')):
            out.append((name, [(float(r['p%d_x' % i]), float(r['p%d_y' % i]))
                               for i in range(1, 5)]))
    if not out:
        die('%s: no photo with a .dat' % path)
    return sorted(out, key=lambda t: natural(t[0]))


def natural(s):
    return [int(t) if t.isdigit() else t for t in re.split(r'(\d+)', s)]


def solve(solver, grid):
    """grid's one solution by sdk-solve, or None."""
    try:
        p = subprocess.run([solver], input=grid + '\n', capture_output=True,
                           text=True)
    except OSError as e:
        die('%s: %s' % (solver, e.strerror))
    sol = [l for l in p.stdout.splitlines() if re.fullmatch(r'[1-9]{81}', l)]
    if '# sdk-status solved' not in p.stdout or not sol:
        return None
    return sol[0]


_glyphs = {}


def glyph(face, digit):
    """A digit's ink (L mask, cropped) at 160 px, and its stroke's width
    in the mask's pixels (twice the area over the outline's length)."""
    key = (face, digit)
    if key not in _glyphs:
        fnt = ImageFont.truetype(os.path.join(FONT_DIR, face), 160)
        l, t, r, b = fnt.getbbox(digit)
        im = Image.new('L', (r - l + 40, b - t + 40), 0)
        ImageDraw.Draw(im).text((20 - l, 20 - t), digit, font=fnt, fill=255)
        im = im.crop(im.getbbox())
        a = np.asarray(im) > 127
        edge = (np.count_nonzero(a[:, 1:] != a[:, :-1]) +
                np.count_nonzero(a[1:, :] != a[:-1, :]))
        _glyphs[key] = (im, 2.0 * a.sum() / max(edge, 1))
    return _glyphs[key]


def hand(rng):
    """A person's hand: face, size, slant, where in the cell, pen width."""
    return dict(face=rng.choice(FONTS), size=rng.uniform(0.5, 0.74),
                slant=rng.uniform(-0.2, 0.35), width=rng.uniform(0.85, 1.15),
                dx=rng.uniform(-0.06, 0.06), dy=rng.uniform(-0.06, 0.06),
                pen=rng.choice([rng.uniform(0.035, 0.07),
                                rng.uniform(0.06, 0.13)]))


def write_digit(rng, canvas, S, r, k, digit, h):
    """digit drawn with hand h into the canvas (L, cell side S, grid
    origin at (S, S)) in cell (r, k), taken at the canvas's max."""
    g, stroke = glyph(h['face'], digit)
    gw, gh = g.size
    size = min(0.8, max(0.45, h['size'] + rng.uniform(-0.06, 0.06)))
    sy = size * S / gh
    sx = sy * h['width'] * rng.uniform(0.92, 1.08)
    slant = h['slant'] + rng.uniform(-0.08, 0.08)
    th = math.radians(rng.uniform(-8, 8))
    # glyph (x, y) about its middle -> cell: rotate . shear . scale.
    c, s = math.cos(th), math.sin(th)
    m = np.array([[c, -s], [s, c]]) @ np.array([[1, -slant], [0, 1]]) @ \
        np.diag([sx, sy])
    inv = np.linalg.inv(m)
    # Where the middle goes: the cell's middle, moved as the hand moves,
    # kept so that the ink stays about within the cell.
    half = 0.5 - size / 2
    ox = min(half, max(-half, h['dx'] + rng.uniform(-0.07, 0.07)))
    oy = min(half, max(-half, h['dy'] + rng.uniform(-0.07, 0.07)))
    P = 2 * S
    cx, cy = S + (k + 0.5 + ox) * S, S + (r + 0.5 + oy) * S
    x0, y0 = int(cx) - S, int(cy) - S
    # Patch (X, Y) -> glyph: inv . ((X, Y) + (x0, y0) - centre) + middle.
    tx, ty = x0 - cx, y0 - cy
    a, b, d, e = inv[0, 0], inv[0, 1], inv[1, 0], inv[1, 1]
    patch = g.transform((P, P), Image.AFFINE,
                        (a, b, a * tx + b * ty + gw / 2,
                         d, e, d * tx + e * ty + gh / 2), Image.BICUBIC)
    # The pen's stroke: the face's stroke as drawn here, thickened.
    # A felt pen's width is kept below a sixth of the digit's height, or
    # the loops of a small-eyed face fill in.
    have = stroke * math.sqrt(abs(sx * sy))
    want = min(h['pen'] * S * rng.uniform(0.9, 1.1), size * S / 6)
    box = (x0, y0, x0 + P, y0 + P)
    canvas.paste(Image.fromarray(np.maximum(
        np.asarray(canvas.crop(box)),
        dilate(np.asarray(patch), int(round((want - have) / 2))))), box)


def dilate(a, n):
    """a grown by n pixels all round: steps of a cross and of a square
    in turn, so that the pen's tip is about round."""
    for i in range(n):
        b = a.copy()
        np.maximum(b[1:], a[:-1], out=b[1:])
        np.maximum(b[:-1], a[1:], out=b[:-1])
        np.maximum(b[:, 1:], a[:, :-1], out=b[:, 1:])
        np.maximum(b[:, :-1], a[:, 1:], out=b[:, :-1])
        if i % 2:
            c = b.copy()
            np.maximum(c[1:, 1:], a[:-1, :-1], out=c[1:, 1:])
            np.maximum(c[:-1, :-1], a[1:, 1:], out=c[:-1, :-1])
            np.maximum(c[1:, :-1], a[:-1, 1:], out=c[1:, :-1])
            np.maximum(c[:-1, 1:], a[1:, :-1], out=c[:-1, 1:])
            b = c
        a = b
    return a


def ink(rng):
    names, weights = [i[:2] for i in INKS], [i[2] for i in INKS]
    return rng.choices(names, weights)[0]


def make_one(rng, photo, corners, grid, solution, fill, mistakes):
    """The photo with pen entries; the cells as written, the mistakes,
    and a description."""
    empty = [i for i in range(81) if grid[i] == '.']
    share = rng.uniform(*fill)
    cells = sorted(rng.sample(empty, max(1, round(share * len(empty)))))
    written = list(grid)
    wrong = []
    for i in cells:
        d = solution[i]
        if mistakes and rng.random() < mistakes:
            d = rng.choice([x for x in '123456789' if x != solution[i]])
            wrong.append('r%dc%d:%s>%s' % (i // 9 + 1, i % 9 + 1, d,
                                           solution[i]))
        written[i] = d
    side = sum(math.dist(corners[i], corners[(i + 1) % 4])
               for i in range(4)) / 4
    S = max(48, min(256, int(round(2 * side / 9))))
    h = hand(rng)
    # Most write with one pen; some change pen part way.
    pens = [ink(rng)]
    if rng.random() < 0.12:
        pens.append(ink(rng))
    canvases = [Image.new('L', (11 * S, 11 * S), 0) for _ in pens]
    which = {}
    for i in cells:
        p = 0 if len(pens) == 1 or rng.random() < 0.6 else 1
        which[i] = p
        write_digit(rng, canvases[p], S, i // 9, i % 9, written[i], h)
    W, H = photo.size
    coeffs = pages.perspective_coeffs(
        corners, [(S, S), (10 * S, S), (10 * S, 10 * S), (S, 10 * S)])
    # Bleed: the ink spreads into the paper a little; the camera's blur.
    bleed = rng.uniform(0.3, 1.0)
    strength = rng.uniform(0.8, 1.0)
    arr = np.asarray(photo.convert('RGB')).astype(np.float32)
    for (name, colour), cv in zip(pens, canvases):
        cv = cv.filter(ImageFilter.GaussianBlur(0.5 * S / (side / 9)))
        m = cv.transform((W, H), Image.PERSPECTIVE, coeffs, Image.BILINEAR)
        m = m.filter(ImageFilter.GaussianBlur(bleed))
        a = np.asarray(m).astype(np.float32) / 255 * strength
        tint = 1 - np.array(colour, np.float32) / 255
        arr *= 1 - a[:, :, None] * tint
    out = Image.fromarray(np.clip(arr + 0.5, 0, 255).astype(np.uint8))
    desc = '%s %s size=%.2f slant=%.2f pen=%.3f fill=%.2f' % (
        os.path.basename(h['face']), '+'.join(p[0] for p in pens),
        h['size'], h['slant'], h['pen'], share)
    return out, ''.join(written), wrong, len(cells), desc


def atomic(path, text):
    with open(path + '.tmp', 'w') as f:
        f.write(text)
    os.rename(path + '.tmp', path)


def dat_text(header, cells):
    return header + ''.join(
        ' '.join('0' if ch == '.' else ch for ch in cells[r * 9:r * 9 + 9])
        + '\n' for r in range(9))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('-n', '--count', type=int, default=40)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--set', default=os.path.join(
        ROOT, '..', 'shared', 'images', 'wicht'),
        help='printed photos with .dat and outlines.csv')
    ap.add_argument('--bin', help='folder of sdk-solve, else PATH')
    ap.add_argument('--fill', default='0.3,0.9',
                    help='share of the empty cells written: LO,HI')
    ap.add_argument('--mistakes', type=float, default=None,
                    help='probability that a written digit is wrong')
    ap.add_argument('-o', '--output', required=True, help='folder')
    a = ap.parse_args()
    try:
        fill = tuple(float(x) for x in a.fill.split(','))
        if len(fill) != 2 or not 0 <= fill[0] <= fill[1] <= 1:
            raise ValueError
    except ValueError:
        ap.error('--fill: two shares LO,HI with 0 <= LO <= HI <= 1')
    if a.mistakes is not None and not 0 <= a.mistakes <= 1:
        ap.error('--mistakes: a probability from 0 to 1')
    if a.count < 1:
        ap.error('-n: at least 1')
    missing = [f for f in FONTS if not os.path.exists(
        os.path.join(FONT_DIR, f))]
    if missing:
        die('%s: no such font (scripts/install-deps installs it)' %
            os.path.join(FONT_DIR, missing[0]))
    solver = os.path.join(a.bin, 'sdk-solve') if a.bin else 'sdk-solve'
    photos = read_outlines(a.set)
    random.Random(a.seed).shuffle(photos)
    os.makedirs(a.output, exist_ok=True)
    outlines, manifest = [], []
    n = made = 0
    solutions = {}
    while made < a.count:
        if n >= a.count + len(photos):
            die('%s: too few photos whose puzzle sdk-solve solves' % a.set)
        name, corners = photos[n % len(photos)]
        rng = random.Random(a.seed * 100019 + n)
        n += 1
        dat = os.path.join(a.set, name + '.dat')
        grid, givens_text = read_grid(dat)
        if grid not in solutions:
            solutions[grid] = solve(solver, grid)
        if solutions[grid] is None:
            print('%s: %s: sdk-solve finds no single solution; left out' %
                  (PROG, dat), file=sys.stderr)
            continue
        try:
            photo = Image.open(os.path.join(a.set, name + '.jpg'))
            photo.load()
        except OSError as e:
            die('%s.jpg: %s' % (os.path.join(a.set, name), e))
        out, cells, wrong, count, desc = make_one(
            rng, photo, corners, grid, solutions[grid], fill, a.mistakes)
        made += 1
        base = os.path.join(a.output, 'pen-%03d' % made)
        q = rng.randint(80, 95)
        out.save(base + '.tmp.jpg', quality=q)
        os.rename(base + '.tmp.jpg', base + '.jpg')
        atomic(base + '.dat', dat_text('make-pen %s %s\n%dx%d:24 JPG\n' % (
            name, desc, out.width, out.height), cells))
        atomic(base + '.givens', givens_text)
        if a.mistakes is not None:
            atomic(base + '.mistakes', ' '.join(wrong) + '\n')
        outlines.append('pen-%03d.jpg,%s\n' % (made, ','.join(
            '%g' % v for p in corners for v in p)))
        manifest.append('pen-%03d\t%s\t%s\t%d\t%s\n' % (
            made, name, desc, count, ' '.join(wrong) or '-'))
        print('%s.jpg %s %s jpeg=%d%s' % (base, name, desc, q,
                                          ' mistakes ' + ' '.join(wrong)
                                          if wrong else ''))
    atomic(os.path.join(a.output, 'outlines.csv'),
           'filepath,p1_x,p1_y,p2_x,p2_y,p3_x,p3_y,p4_x,p4_y\n' +
           ''.join(outlines))
    atomic(os.path.join(a.output, 'manifest.tsv'),
           'name\tsource\thand\twritten\tmistakes\n' + ''.join(manifest))


if __name__ == '__main__':
    main()
