#!/usr/bin/env python3
"""make-pages: photos of magazine and puzzle-book pages, with their truth.

   lab/samples/make-pages.py [-n COUNT] [--start K] [--seed N] [--gen SDK-GEN]
                       -o DIR

Lays out a printed page as magazines and puzzle books do: one to four
puzzles (side by side, two by two, one large with text), each under a
title bar or a coloured band, boxes shaded in a colour or alternate cells
tinted, digits in the serif, sans, condensed and bold faces Debian ships;
columns of text; sometimes a small printed solution grid (all 81 cells
filled) in a corner.  Then photographs it: turned up to 45 degrees, in
perspective, under uneven light, a little blurred and noisy, saved as
JPEG at a phone's or a webcam's size, the page's edge cut by the frame
or not.

DIR/page-NNN.jpg and DIR/page-NNN.dat: the givens of the puzzle a person
would mean (the largest whole puzzle of the page; the first when several
are as large) in Wicht's format, which ../shared/tools/eval-vision
--givens and outcome score; DIR/page-NNN.all holds every puzzle of the
page whole in the frame, one 81-character line each, for sdk-detect
--all (the solution grid is not a puzzle and is not listed).  The puzzles come from sdk-gen --seed;
the same --seed makes the same pictures, and --start K makes only
those from page K + 1 on (a test's one page).  Needs Python 3 with PIL
(python3-pil).
"""
import argparse
import importlib.util
import math
import os
import random

from PIL import Image, ImageDraw, ImageFilter

_spec = importlib.util.spec_from_file_location(
    'make_screens', os.path.join(os.path.dirname(__file__),
                                 'make-screens.py'))
screens = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(screens)

# Printed faces: book and newspaper serifs as well as the sans.
FONTS = screens.FONTS + [
    'truetype/dejavu/DejaVuSerif-Bold.ttf',
    'truetype/liberation/LiberationSerif-Bold.ttf',
    'truetype/liberation/LiberationSans-Bold.ttf',
    'truetype/freefont/FreeSerif.ttf',
    'truetype/freefont/FreeSansBold.ttf',
    'opentype/urw-base35/NimbusRoman-Regular.otf',
    'opentype/urw-base35/NimbusSans-Bold.otf',
]
FONTS = [f for f in FONTS
         if os.path.exists(os.path.join(screens.FONT_DIR, f))]
# Paper and the colours magazines print with: bands, shaded boxes.
PAPERS = [(252, 252, 250), (247, 244, 236), (238, 236, 228),
          (250, 248, 240)]
COLOURS = [(214, 40, 57), (0, 120, 190), (46, 139, 87), (240, 150, 30),
           (120, 70, 160), (230, 90, 140), (40, 40, 40)]
INKS = [(0, 0, 0), (20, 20, 30), (30, 40, 90), (40, 30, 30)]
LAYOUTS = ('one', 'two', 'three', 'four', 'one+solution', 'two+solution')
WORDS = ('the of and to in is was for on that with as by at from his her '
         'puzzle grid digit row column box solve easy medium hard week '
         'answer page next issue reader prize letter win send').split()


def tint(c, f):
    """Colour c mixed with white: f = 0 white, 1 the colour."""
    return tuple(int(255 - (255 - v) * f) for v in c)


def draw_grid(d, rng, x0, y0, side, grid, style):
    """A printed grid at (x0, y0), side pixels, with grid's digits."""
    c = side / 9
    if style['shade'] == 'boxes':
        for b in (0, 2, 4, 6, 8) if rng.random() < 0.5 else (1, 3, 5, 7):
            bx, by = x0 + b % 3 * 3 * c, y0 + b // 3 * 3 * c
            d.rectangle((bx, by, bx + 3 * c, by + 3 * c),
                        fill=style['tint'])
    elif style['shade'] == 'cells':
        for i in range(81):
            if (i // 9 + i % 9) % 2 == 0:
                r, k = divmod(i, 9)
                d.rectangle((x0 + k * c, y0 + r * c, x0 + (k + 1) * c,
                             y0 + (r + 1) * c), fill=style['tint'])
    thin, thick = style['thin'], style['thick']
    for i in range(10):
        w = thick if i % 3 == 0 else thin
        col = style['line'] if i % 3 == 0 else style['thinline']
        d.line((x0 + i * c, y0, x0 + i * c, y0 + side), fill=col, width=w)
        d.line((x0, y0 + i * c, x0 + side, y0 + i * c), fill=col, width=w)
    fnt = screens.font(style['font'], max(6, int(c * style['size'])))
    for i, ch in enumerate(grid):
        if ch in '123456789':
            r, k = divmod(i, 9)
            screens.centred(d, (x0 + k * c, y0 + r * c, x0 + (k + 1) * c,
                                y0 + (r + 1) * c), ch, fnt, style['ink'])


def text_block(d, rng, box, fnt, ink):
    """Lines of words filling box (x0, y0, x1, y1)."""
    x0, y0, x1, y1 = box
    lh = fnt.size * 1.3
    y = y0
    while y + lh < y1:
        line, x = [], 0
        while True:
            w = rng.choice(WORDS)
            ww = d.textlength(w + ' ', font=fnt)
            if x + ww > x1 - x0:
                break
            line.append(w)
            x += ww
        d.text((x0, y), ' '.join(line), font=fnt, fill=ink)
        y += lh


def style_for(rng):
    colour = rng.choice(COLOURS)
    return dict(font=rng.choice(FONTS), size=rng.uniform(0.5, 0.72),
                ink=rng.choice(INKS), line=rng.choice(INKS),
                thinline=rng.choice([(0, 0, 0), (90, 90, 90), colour]),
                shade=rng.choice([None, None, 'boxes', 'cells']),
                tint=tint(colour, rng.uniform(0.12, 0.3)), colour=colour,
                band=rng.choice(['bar', 'title', 'none']))


def place(rng, layout, W, H, m):
    """The puzzles' squares (x, y, side) of a layout; the first is the
    one a person would mean (the largest)."""
    if layout.startswith('one'):
        s = int(min(W - 2 * m, H * 0.55))
        sq = [((W - s) // 2, int(H * 0.12), s)]
    elif layout.startswith('two'):
        s = int((W - 3 * m) / 2)
        y = int(H * rng.uniform(0.1, 0.3))
        sq = [(m, y, s), (2 * m + s, y, s)]
    elif layout == 'three':
        s = int((W - 3 * m) / 2)
        sq = [(m, int(H * 0.1), s), (2 * m + s, int(H * 0.1), s),
              (m, int(H * 0.1) + s + 2 * m, s)]
    else:
        s = int(min((W - 3 * m) / 2, (H * 0.85 - 3 * m) / 2))
        sq = [(m, int(H * 0.08), s), (2 * m + s, int(H * 0.08), s),
              (m, int(H * 0.08) + s + 2 * m, s),
              (2 * m + s, int(H * 0.08) + s + 2 * m, s)]
    return sq


def make_page(rng, grids, solutions):
    """The printed page (PIL image) and the puzzles drawn on it."""
    W, H = 1400, 1980
    paper = rng.choice(PAPERS)
    img = Image.new('RGB', (W, H), paper)
    d = ImageDraw.Draw(img)
    layout = rng.choice(LAYOUTS)
    m = int(W * rng.uniform(0.035, 0.06))
    style = style_for(rng)
    thin = max(1, int(round(W / 700 * rng.choice([1, 1.5, 2]))))
    style.update(thin=thin, thick=thin + max(1, int(round(
        W / 700 * rng.choice([1.5, 2.5, 4])))))
    titlefont = screens.font(style['font'], int(W * 0.025))
    textfont = screens.font(rng.choice(FONTS), int(W * 0.013))
    drawn = []
    squares = place(rng, layout, W, H, m)
    for k, (x, y, s) in enumerate(squares):
        band = int(W * 0.03)
        if style['band'] == 'bar':
            d.rectangle((x, y - band - m // 4, x + s, y - m // 4),
                        fill=style['colour'])
            d.text((x + band // 3, y - band - m // 4), 'SUDOKU %d' % (k + 1),
                   font=titlefont, fill=(255, 255, 255))
        elif style['band'] == 'title':
            d.text((x, y - band - m // 4), 'Sudoku %d  %s' % (
                k + 1, '*' * rng.randint(1, 4)), font=titlefont,
                fill=style['colour'])
            d.line((x, y - m // 6, x + s, y - m // 6), fill=style['colour'],
                   width=style['thick'])
        draw_grid(d, rng, x, y, s, grids[k], style)
        drawn.append(((x, y, s), grids[k]))
    bottom = max(y + s for x, y, s in squares)
    if 'solution' in layout:
        s = int(W * 0.22)
        x, y = W - m - s, H - m - s
        d.text((x, y - int(W * 0.03)), 'Solution', font=titlefont,
               fill=style['ink'])
        small = dict(style, shade=None, size=0.6)
        draw_grid(d, rng, x, y, s, solutions[0], small)
        text_block(d, rng, (m, bottom + 2 * m, x - m, H - m), textfont,
                   style['ink'])
    else:
        text_block(d, rng, (m, bottom + 2 * m, W - m, H - m), textfont,
                   style['ink'])
    desc = '%s %s %s shade=%s band=%s lines=%d/%d' % (
        layout, os.path.basename(style['font']),
        '#%02x%02x%02x' % style['colour'], style['shade'], style['band'],
        style['thin'], style['thick'])
    return img, drawn, desc


def photograph(rng, page, squares):
    """The page as a camera sees it: turned, in perspective, lit unevenly,
    blurred, noisy, at a camera's size; the puzzle of the first square
    (x, y, side) whole in the frame.  Returns the photo, the angle, the
    fill and which squares are whole in the frame."""
    W, H = page.size
    angle = rng.choice([0, 0, rng.uniform(-12, 12), rng.uniform(-45, 45)])
    out_w, out_h = rng.choice([(1600, 1200), (2048, 1536), (3000, 4000),
                               (1280, 960), (4032, 3024)])
    fill = rng.uniform(0.75, 1.15)
    pull = rng.uniform(0, 0.12)
    while True:
        dst = frame_corners(rng, W, H, out_w, out_h, angle, fill, pull)
        fwd = perspective_coeffs([(0, 0), (W, 0), (W, H), (0, H)], dst)
        x, y, s = squares[0]
        m = 0.03 * min(out_w, out_h)
        if all(m <= u <= out_w - m and m <= v <= out_h - m
               for u, v in (apply(fwd, p) for p in (
                   (x, y), (x + s, y), (x + s, y + s), (x, y + s)))):
            break
        fill *= 0.9
    whole = [all(0 <= u <= out_w and 0 <= v <= out_h
                 for u, v in (apply(fwd, p) for p in (
                     (x, y), (x + s, y), (x + s, y + s), (x, y + s))))
             for x, y, s in squares]
    coeffs = perspective_coeffs(dst, [(0, 0), (W, 0), (W, H), (0, H)])
    table = rng.choice([(60, 60, 60), (120, 100, 80), (30, 30, 35),
                        (200, 200, 200)])
    photo = page.transform((out_w, out_h), Image.PERSPECTIVE, coeffs,
                           Image.BICUBIC, fillcolor=table)
    # Light: a gradient across the frame, darker on one side.
    lo = rng.uniform(0.55, 0.95)
    side = int(math.hypot(out_w, out_h)) + 2
    grad = Image.linear_gradient('L').resize((side, side)).rotate(
        rng.uniform(0, 360)).crop(((side - out_w) // 2, (side - out_h) // 2,
                                   (side - out_w) // 2 + out_w,
                                   (side - out_h) // 2 + out_h))
    grad = grad.point(lambda v: int(255 * (lo + (1 - lo) * v / 255)))
    photo = Image.composite(photo, Image.new('RGB', photo.size, (0, 0, 0)),
                            grad)
    photo = photo.filter(ImageFilter.GaussianBlur(rng.uniform(0.3, 1.6)))
    # Sensor noise: a tile of the seed's own (PIL's effect_noise is not
    # seeded), spread around mid-grey, repeated over the frame.
    spread = rng.uniform(0.3, 1.0)
    tile = Image.frombytes('L', (256, 256), bytes(
        int(128 + (v - 128) * spread) for v in rng.randbytes(65536)))
    noise = Image.new('L', (out_w, out_h))
    for y in range(0, out_h, 256):
        for x in range(0, out_w, 256):
            noise.paste(tile, (x, y))
    photo = Image.blend(photo, Image.merge('RGB', (noise,) * 3), 0.06)
    return photo, angle, fill, whole


def frame_corners(rng, W, H, out_w, out_h, angle, fill, pull):
    """Where the page's corners land: the page filling some of the frame,
    turned about its middle, each corner pulled a little (perspective)."""
    scale = fill * min(out_w / W, out_h / H)
    if abs(angle) > 20:
        scale *= 0.75
    cx = out_w / 2 + rng.uniform(-0.05, 0.05) * out_w
    cy = out_h / 2 + rng.uniform(-0.05, 0.05) * out_h
    a = math.radians(angle)
    dst = []
    for (u, v) in ((0, 0), (W, 0), (W, H), (0, H)):
        x, y = (u - W / 2) * scale, (v - H / 2) * scale
        x *= 1 + rng.uniform(-pull, pull)
        y *= 1 + rng.uniform(-pull, pull)
        dst.append((cx + x * math.cos(a) - y * math.sin(a),
                    cy + x * math.sin(a) + y * math.cos(a)))
    return dst


def apply(c, p):
    """The perspective of coefficients c applied to point p."""
    x, y = p
    w = c[6] * x + c[7] * y + 1
    return ((c[0] * x + c[1] * y + c[2]) / w, (c[3] * x + c[4] * y + c[5]) / w)


def perspective_coeffs(dst, src):
    """PIL's PERSPECTIVE coefficients mapping output dst to input src."""
    rows, rhs = [], []
    for (x, y), (u, v) in zip(dst, src):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        rhs.append(u)
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        rhs.append(v)
    return solve8(rows, rhs)


def solve8(a, b):
    """Gaussian elimination with partial pivoting, 8 unknowns."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] for i in range(n)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('-n', '--count', type=int, default=40)
    ap.add_argument('--start', type=int, default=0)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--gen', default='sdk-gen', help='sdk-gen to run')
    ap.add_argument('-o', '--output', required=True, help='folder')
    a = ap.parse_args()
    os.makedirs(a.output, exist_ok=True)
    pool = screens.puzzles(a.gen, a.seed, (a.start + a.count) * 4)
    for n in range(a.start, a.start + a.count):
        rng = random.Random(a.seed * 100019 + n)
        grids = pool[n * 4:n * 4 + 4]
        solved = [g.replace('.', str(rng.randint(1, 9))) for g in grids]
        page, drawn, desc = make_page(rng, grids, solved)
        photo, angle, fill, whole = photograph(
            rng, page, [sq for sq, g in drawn])
        desc += ' angle=%.0f fill=%.2f' % (angle, fill)
        base = os.path.join(a.output, 'page-%03d' % (n + 1))
        q = rng.randint(70, 92)
        photo.save(base + '.tmp.jpg', quality=q)
        os.rename(base + '.tmp.jpg', base + '.jpg')
        screens.write_dat(base + '.dat', drawn[0][1], desc + ' jpeg=%d' % q,
                          photo.width, photo.height, 'make-pages', 'JPG')
        with open(base + '.all.tmp', 'w') as f:
            f.writelines(g + '\n' for (sq, g), w in zip(drawn, whole)
                         if w)
        os.rename(base + '.all.tmp', base + '.all')
        print('%s.jpg %s' % (base, desc))


if __name__ == '__main__':
    main()
