#!/usr/bin/env python3
"""make-degraded: printed pages photographed badly, with their truth.

   lab/samples/make-degraded.py [-n COUNT] [--start K] [--seed N]
                          [--only KIND,...] [--set DIR] -o DIR

Takes the photos of a set in Wicht's layout (DIR/NAME.jpg or .png with
NAME.dat, and NAME.givens where there is one; default
../shared/images/wicht) and photographs them again as people do with a
book on the table at night: each photo gets one or more of

  curl    the page bends up towards a side, as a book's page does near
          the spine: its print squeezed towards the bend, its lines
          bowed, the lifted part in shade;
  dim     little light: darker, a warm cast, less contrast, the sensor's
          noise, vignetting, a little shake, a low JPEG quality;
  bleed   the other side of thin paper shows through: another photo of
          the set, mirrored, blurred and faint, multiplied onto this one;
  thin    thin or light print: the ink lightened towards the paper and
          the strokes worn down at their edges.

--only gives each photo every kind it names (default: 1 to 3 of the four
at random).  The truth files are copied unchanged, so
../shared/tools/eval-vision and outcome score the results as they do the
source; DIR/MANIFEST says what was done to each photo.  The same --seed
makes the same pictures, and --start K makes only those from deg-(K+1)
on (a test's one photo).  Needs Python 3 with numpy and PIL
(python3-numpy, python3-pil).
"""
import argparse
import math
import os
import random
import re
import shutil
import sys

import numpy as np
from PIL import Image, ImageFilter

PROG = 'make-degraded'
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
KINDS = ('curl', 'dim', 'bleed', 'thin')


def die(msg):
    sys.stderr.write('%s: %s\n' % (PROG, msg))
    sys.exit(1)


def natural(s):
    return [int(t) if t.isdigit() else t for t in re.split(r'(\d+)', s)]


def photos_of(d):
    """[(name, path)] of DIR's photos that have a .dat."""
    try:
        files = os.listdir(d)
    except OSError as e:
        die('%s: %s' % (d, e.strerror))
    out = []
    for f in files:
        name, ext = os.path.splitext(f)
        if ext.lower() in ('.jpg', '.jpeg', '.png') and \
                os.path.exists(os.path.join(d, name + '.dat')):
            out.append((name, os.path.join(d, f)))
    if not out:
        die('%s: no photo with a .dat' % d)
    return sorted(out, key=lambda t: natural(t[0]))


def sample(a, xs, ys):
    """a (h x w x 3 float) at the points (xs, ys), bilinear, edges held."""
    h, w = a.shape[:2]
    xs = np.clip(xs, 0, w - 1.001)
    ys = np.clip(ys, 0, h - 1.001)
    x0 = np.floor(xs).astype(int)
    y0 = np.floor(ys).astype(int)
    fx = (xs - x0)[..., None]
    fy = (ys - y0)[..., None]
    top = a[y0, x0] * (1 - fx) + a[y0, x0 + 1] * fx
    bot = a[y0 + 1, x0] * (1 - fx) + a[y0 + 1, x0 + 1] * fx
    return top * (1 - fy) + bot * fy


def curl(a, rng, what):
    """The page lifts towards one side: squeezed, bowed, shaded."""
    h, w = a.shape[:2]
    side = rng.choice(('left', 'right', 'top', 'bottom'))
    # Work as if the bend ran along the left side: transpose and flip.
    t = a
    if side in ('top', 'bottom'):
        t = t.transpose(1, 0, 2)
    if side in ('right', 'bottom'):
        t = t[:, ::-1]
    th, tw = t.shape[:2]
    band = rng.uniform(0.2, 0.45) * tw     # the lifted part's width
    squeeze = rng.uniform(0.15, 0.45)      # how much it is foreshortened
    bow = rng.uniform(0.02, 0.06) * th * rng.choice((-1, 1))
    shade = rng.uniform(0.1, 0.35)
    ys, xs = np.mgrid[0:th, 0:tw].astype(np.float64)
    u = np.clip((band - xs) / band, 0, 1)  # 0 at the bend, 1 at the edge
    # A point u into the band shows the page from further out: the lifted
    # page is seen at a slant.
    src_x = band - (band - xs) * (1 + squeeze * u)
    src_x = np.where(u > 0, src_x, xs)
    # The lines across the bend bow: most at the edge, none at the bend.
    src_y = ys - bow * u * u * np.sin(math.pi * ys / th)
    out = sample(t, src_x, src_y)
    out *= (1 - shade * u ** 1.5)[..., None]
    if side in ('right', 'bottom'):
        out = out[:, ::-1]
    if side in ('top', 'bottom'):
        out = out.transpose(1, 0, 2)
    what.append('curl=%s/%.2f/%.2f/%+.0f' % (side, band / tw, squeeze, bow))
    return np.ascontiguousarray(out)


def dim(a, rng, what):
    """Little light: a warm cast, flat, the camera's gain raising the
    sensor's noise with the picture, a little shake."""
    h, w = a.shape[:2]
    gain = rng.uniform(0.15, 0.4)          # the light there is
    expose = rng.uniform(0.6, 0.9)         # the level the camera sets
    cast = np.array([1.0, rng.uniform(0.8, 0.92), rng.uniform(0.55, 0.8)])
    flat = rng.uniform(0.6, 0.9)           # contrast kept
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float64)
    r2 = ((xs - w / 2) / (w / 2)) ** 2 + ((ys - h / 2) / (h / 2)) ** 2
    vign = 1 - rng.uniform(0.15, 0.4) * r2 / 2
    mean = a.mean()
    out = (mean + (a - mean) * flat) * gain * cast * vign[..., None]
    blur = rng.uniform(0.3, 1.2)
    img = Image.fromarray(np.clip(out, 0, 255).astype(np.uint8))
    out = np.asarray(img.filter(ImageFilter.GaussianBlur(blur)),
                     dtype=np.float64)
    # Shot noise grows with the light caught; the read noise does not.
    # Then the camera's gain brings the picture up, and the noise with it.
    nrng = np.random.default_rng(rng.getrandbits(32))
    out = out + nrng.normal(0, 1, out.shape) * (
        np.sqrt(np.maximum(out, 0.5)) * 0.8 + 1.0)
    out *= expose / gain
    what.append('dim=%.2f/%.2f/%.2f/blur%.1f' % (gain, expose, flat, blur))
    return out


def bleed(a, rng, other, what):
    """The other side shows through: mirrored, blurred, faint."""
    h, w = a.shape[:2]
    b = Image.open(other).convert('L').resize((w, h), Image.BILINEAR)
    b = b.transpose(Image.FLIP_LEFT_RIGHT)
    b = b.filter(ImageFilter.GaussianBlur(rng.uniform(0.8, 2.5)))
    g = np.asarray(b, dtype=np.float64)
    paper = np.percentile(g, 90)
    ink = np.clip((paper - g) / max(paper, 1), 0, 1)
    dx, dy = rng.randint(-w // 8, w // 8), rng.randint(-h // 8, h // 8)
    ink = np.roll(np.roll(ink, dy, axis=0), dx, axis=1)
    alpha = rng.uniform(0.15, 0.4)
    what.append('bleed=%s/%.2f' % (os.path.basename(other), alpha))
    return a * (1 - alpha * ink)[..., None]


def thin(a, rng, what):
    """Light, worn print: ink lightened towards the paper, edges eaten."""
    img = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))
    # The paper beside each pixel: the lightest near it, smoothed.
    paper = img.filter(ImageFilter.MaxFilter(9)).filter(
        ImageFilter.GaussianBlur(4))
    p = np.asarray(paper, dtype=np.float64)
    keep = rng.uniform(0.45, 0.75)         # share of the ink's contrast
    out = p - (p - a) * keep
    wear = rng.uniform(0.3, 0.7)           # strokes worn at the edges
    img = Image.fromarray(np.clip(out, 0, 255).astype(np.uint8))
    worn = np.asarray(img.filter(ImageFilter.MaxFilter(3)),
                      dtype=np.float64)
    what.append('thin=%.2f/%.2f' % (keep, wear))
    return out * (1 - wear) + worn * wear


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('-n', '--count', type=int, default=60)
    ap.add_argument('--start', type=int, default=0)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--only', default='',
                    help='kinds, comma-separated: ' + ','.join(KINDS))
    ap.add_argument('--set', default=os.path.join(
        ROOT, '..', 'shared', 'images', 'wicht'),
        help='photos with their .dat')
    ap.add_argument('-o', '--output', required=True, help='folder')
    a = ap.parse_args()
    kinds = [k for k in a.only.split(',') if k] or list(KINDS)
    bad = [k for k in kinds if k not in KINDS]
    if bad:
        ap.error('--only: no kind %s (%s)' % (bad[0], ','.join(KINDS)))
    if a.count < 1:
        ap.error('-n: at least 1')
    if a.start < 0:
        ap.error('--start: 0 or more')
    photos = photos_of(a.set)
    rng0 = random.Random(a.seed)
    order = photos[:]
    rng0.shuffle(order)
    os.makedirs(a.output, exist_ok=True)
    manifest = []
    for n in range(a.start, a.start + a.count):
        name, path = order[n % len(order)]
        rng = random.Random(a.seed * 100019 + n)
        if a.only:
            chosen = kinds
        else:
            chosen = sorted(rng.sample(kinds, rng.randint(1, 3)),
                            key=KINDS.index)
        try:
            im = Image.open(path).convert('RGB')
        except OSError as e:
            die('%s: %s' % (path, e))
        px = np.asarray(im, dtype=np.float64)
        what = []
        # In the order light meets them: the page's own print and paper,
        # its shape, then the camera.
        if 'thin' in chosen:
            px = thin(px, rng, what)
        if 'bleed' in chosen:
            other = rng.choice([p for nm, p in photos if nm != name])
            px = bleed(px, rng, other, what)
        if 'curl' in chosen:
            px = curl(px, rng, what)
        if 'dim' in chosen:
            px = dim(px, rng, what)
        out = 'deg-%03d' % (n + 1)
        q = rng.randint(60, 80) if 'dim' in chosen else rng.randint(80, 92)
        tmp = os.path.join(a.output, out + '.jpg.tmp')
        Image.fromarray(np.clip(px + 0.5, 0, 255).astype(np.uint8)).save(
            tmp, 'JPEG', quality=q)
        os.replace(tmp, os.path.join(a.output, out + '.jpg'))
        for ext in ('.dat', '.givens'):
            src = os.path.join(a.set, name + ext)
            if os.path.exists(src):
                shutil.copyfile(src, os.path.join(a.output, out + ext))
        manifest.append('%s.jpg %s q%d %s' % (out, name, q, ' '.join(what)))
    with open(os.path.join(a.output, 'MANIFEST'), 'w') as f:
        f.write('\n'.join(manifest) + '\n')


if __name__ == '__main__':
    main()
