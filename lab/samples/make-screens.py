#!/usr/bin/env python3
"""make-screens: app-like screenshots of a Sudoku, with their truth.

   lab/samples/make-screens.py [-n COUNT] [--start K] [--seed N] [--theme T]
                         [--size WxH]
                         [--only CLASS,...] [--degrade FRACTION]
                         [--entries FRACTION] [--mistakes FRACTION]
                         [--photo FRACTION] [--gen SDK-GEN] -o DIR

Draws what a phone's Sudoku app shows: flat colours in a light or dark
theme, thin or thick lines, the selected digit's instances highlighted
(tinted cell, digit in another colour), the selected cell's row, column
and box tinted, candidates (small pencil-mark digits) in empty cells, a
cursor, and around the grid a status bar, a title, buttons and a number
pad of 1-9 under it.  Fonts are the ones Debian ships (scripts/install-
deps).  Each picture is DIR/screen-NNN.png with DIR/screen-NNN.dat, its
givens in Wicht's format (two header lines, nine rows of nine digits, 0
empty), which ../shared/tools/eval-vision --givens and outcome score,
and DIR/screen-NNN.pencil, the candidates drawn as sdk(5)'s sdk-pencil
has them ("r1c2:137 r4c6:5", one line, empty when none): the truth for
sdk-ocr's reading of pencil marks, kept apart so that the .dat stays as
its readers know it.

--degrade treats that fraction of the pictures as a screenshot sent on:
scaled to 40-90 % and saved as JPEG of quality 50-90 (NAME.jpg).
--entries gives that fraction of the pictures the person's entries,
typed into 15-60 % of the empty cells in the app's blue (the selected
digit's, in half of them, in its highlight's ink as the givens'): NAME.dat
then holds every digit and NAME.givens the app's givens, as wicht-mixed.
--mistakes makes one of the entries wrong in that fraction of those.
--photo makes that fraction photographs of the screen rather than
screenshots: the screen in its black bezel, its light unevenly bright
with a glare, a faint moire of its pixels, then taken by a camera as
make-pages.py takes a page (turned, in perspective, blurred, noisy, at a
camera's size; NAME.jpg).

The puzzles come from sdk-gen --seed (unique solutions, so outcome can
judge the whole pipeline); the same --seed makes the same pictures, and
--start K makes only those from number K + 1 on.
--only keeps a picture to some classes of trouble, for the tests: dark,
light, highlight, candidates, chrome (the UI around the grid), plain
(none of the extras).  Needs Python 3 with PIL (python3-pil).
"""
import argparse
import importlib.util
import math
import os
import random
import subprocess
import sys

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = '/usr/share/fonts'
# Digits as apps draw them: sans mostly, some condensed, light, bold, serif.
FONTS = [
    'truetype/roboto/unhinted/RobotoTTF/Roboto-Regular.ttf',
    'truetype/roboto/unhinted/RobotoTTF/Roboto-Medium.ttf',
    'truetype/roboto/unhinted/RobotoTTF/Roboto-Light.ttf',
    'truetype/roboto/unhinted/RobotoTTF/Roboto-Bold.ttf',
    'truetype/roboto/unhinted/RobotoCondensed-Regular.ttf',
    'truetype/open-sans/OpenSans-Regular.ttf',
    'truetype/open-sans/OpenSans-Light.ttf',
    'truetype/open-sans/OpenSans-Semibold.ttf',
    'truetype/lato/Lato-Regular.ttf',
    'truetype/lato/Lato-Light.ttf',
    'truetype/lato/Lato-Bold.ttf',
    'truetype/dejavu/DejaVuSans.ttf',
    'truetype/dejavu/DejaVuSansCondensed-Bold.ttf',
    'truetype/dejavu/DejaVuSerif.ttf',
    'truetype/liberation/LiberationSans-Regular.ttf',
    'truetype/liberation/LiberationSerif-Regular.ttf',
    'truetype/noto/NotoSans-Regular.ttf',
    'truetype/noto/NotoSans-Bold.ttf',
    'truetype/crosextra/Carlito-Regular.ttf',
    'truetype/freefont/FreeSans.ttf',
    'opentype/cantarell/Cantarell-Regular.otf',
    'opentype/cantarell/Cantarell-Light.otf',
    'opentype/urw-base35/NimbusSans-Regular.otf',
    'opentype/linux-libertine/LinBiolinum_R.otf',
]
# Phone screens, portrait.
SIZES = [(720, 1280), (750, 1334), (828, 1792), (1080, 1920),
         (1080, 2340), (1170, 2532), (1284, 2778), (1290, 2796)]

# Themes: page, grid paper, box shading (None: none), thin and thick line
# colours, given digits, candidates, the row/column tint, the selected
# cell, the highlighted digit's cell and its ink, UI text, buttons.
THEMES = {
    'light': dict(page=(255, 255, 255), paper=(255, 255, 255), shade=None,
                  thin=(190, 198, 214), thick=(52, 72, 97),
                  given=(52, 72, 97), cand=(110, 110, 110),
                  tint=(226, 235, 243), sel=(187, 222, 251),
                  hl=(195, 215, 234), hlink=(50, 90, 200),
                  ui=(90, 100, 120), button=(234, 238, 244)),
    'classic': dict(page=(250, 250, 250), paper=(255, 255, 255),
                    shade=None, thin=(150, 150, 150), thick=(0, 0, 0),
                    given=(0, 0, 0), cand=(120, 120, 120),
                    tint=(235, 235, 235), sel=(255, 236, 150),
                    hl=(255, 220, 120), hlink=(0, 0, 0),
                    ui=(60, 60, 60), button=(230, 230, 230)),
    'boxes': dict(page=(245, 247, 250), paper=(255, 255, 255),
                  shade=(232, 240, 254), thin=(200, 205, 215),
                  thick=(120, 130, 150), given=(30, 30, 40),
                  cand=(100, 110, 130), tint=(214, 226, 250),
                  sel=(120, 160, 240), hl=(160, 190, 245),
                  hlink=(20, 60, 180), ui=(70, 80, 100),
                  button=(225, 232, 245)),
    'warm': dict(page=(250, 244, 230), paper=(253, 248, 236), shade=None,
                 thin=(205, 190, 160), thick=(120, 90, 50),
                 given=(70, 50, 30), cand=(140, 120, 90),
                 tint=(240, 228, 200), sel=(240, 200, 120),
                 hl=(235, 205, 150), hlink=(170, 70, 20),
                 ui=(110, 90, 60), button=(238, 228, 205)),
    'dark': dict(page=(18, 18, 18), paper=(30, 30, 30), shade=None,
                 thin=(70, 70, 70), thick=(150, 150, 150),
                 given=(230, 230, 230), cand=(150, 150, 150),
                 tint=(45, 50, 60), sel=(40, 70, 120),
                 hl=(60, 80, 130), hlink=(140, 190, 255),
                 ui=(200, 200, 200), button=(45, 45, 45)),
    'dark-blue': dict(page=(16, 22, 36), paper=(22, 30, 48),
                      shade=(30, 40, 62), thin=(50, 62, 90),
                      thick=(120, 140, 180), given=(220, 228, 240),
                      cand=(130, 145, 175), tint=(36, 50, 80),
                      sel=(60, 100, 170), hl=(50, 80, 140),
                      hlink=(255, 210, 90), ui=(180, 190, 210),
                      button=(34, 44, 68)),
    'oled': dict(page=(0, 0, 0), paper=(0, 0, 0), shade=None,
                 thin=(60, 60, 60), thick=(200, 200, 200),
                 given=(255, 255, 255), cand=(140, 140, 140),
                 tint=(28, 28, 36), sel=(0, 90, 160), hl=(0, 60, 110),
                 hlink=(90, 200, 255), ui=(220, 220, 220),
                 button=(30, 30, 30)),
}
DARK = ('dark', 'dark-blue', 'oled')
# The person's entries (--entries): typed in the givens' font, in the
# app's own colour for them, a blue that reads on the theme.
ENTRY_INK = {'light': (40, 110, 230), 'classic': (30, 80, 200),
             'boxes': (30, 120, 210), 'warm': (40, 90, 170),
             'dark': (110, 170, 255), 'dark-blue': (120, 200, 255),
             'oled': (100, 180, 255)}
CLASSES = ('dark', 'light', 'highlight', 'candidates', 'chrome', 'plain')


def puzzles(gen, seed, n):
    """n puzzles (81 characters, '.' empty) from sdk-gen, seeds seed..."""
    out = subprocess.run([gen, '-n', str(n), '--seed', str(seed)],
                         check=True, capture_output=True, text=True).stdout
    p = [l.strip().replace('0', '.') for l in out.splitlines()
         if len(l.strip()) == 81 and not l.startswith('#')]
    if len(p) < n:
        sys.exit('make-screens: %s: %d puzzles, not %d' % (gen, len(p), n))
    return p


def solution(gen, grid):
    """grid's solution, by the sdk-solve beside gen."""
    solve = os.path.join(os.path.dirname(gen), 'sdk-solve')
    out = subprocess.run([solve], input=grid + '\n', check=True,
                         capture_output=True, text=True).stdout
    return [l for l in out.splitlines() if len(l) == 81 and
            not l.startswith('#')][0]


def font(name, size):
    return ImageFont.truetype(os.path.join(FONT_DIR, name), size)


def centred(draw, box, text, fnt, fill):
    """text's ink centred in box (x0, y0, x1, y1), as apps centre digits."""
    l, t, r, b = draw.textbbox((0, 0), text, font=fnt)
    x = (box[0] + box[2] - (r - l)) / 2 - l
    y = (box[1] + box[3] - (b - t)) / 2 - t
    draw.text((x, y), text, font=fnt, fill=fill)


def status_bar(d, w, h0, th, fnt):
    d.rectangle((0, 0, w, h0), fill=th['page'])
    centred(d, (0, 0, w // 4, h0), '9:41', fnt, th['ui'])
    x = w - w // 5
    d.rectangle((x, h0 // 3, x + w // 14, 2 * h0 // 3), outline=th['ui'],
                width=max(1, w // 400))
    d.rectangle((x + 3, h0 // 3 + 3, x + w // 20, 2 * h0 // 3 - 3),
                fill=th['ui'])
    for i in range(4):
        bx = w - w // 3 + i * w // 60
        d.rectangle((bx, 2 * h0 // 3 - (i + 1) * h0 // 12, bx + w // 90,
                     2 * h0 // 3), fill=th['ui'])


def draw_chrome(d, rng, w, h, th, gy0, gy1, uifont, padfont):
    """Title, counters, the button row and the 1-9 pad around the grid."""
    status_bar(d, w, h // 25, th, uifont)
    y = h // 25 + h // 60
    centred(d, (0, y, w, y + h // 25), rng.choice(
        ['Sudoku', 'Classic Sudoku', 'Daily Challenge', 'Sudoku Master']),
        uifont, th['ui'])
    y = gy0 - h // 28
    for i, txt in enumerate([rng.choice(['Easy', 'Medium', 'Hard',
                                         'Expert']),
                             'Mistakes: %d/3' % rng.randrange(3),
                             '%02d:%02d' % (rng.randrange(30),
                                            rng.randrange(60))]):
        centred(d, (i * w // 3, y, (i + 1) * w // 3, y + h // 40), txt,
                uifont, th['ui'])
    # Buttons: round icons with labels.
    y = gy1 + h // 40
    r = w // 18
    for i, txt in enumerate(['Undo', 'Erase', 'Notes', 'Hint']):
        cx = (2 * i + 1) * w // 8
        d.ellipse((cx - r, y, cx + r, y + 2 * r), fill=th['button'])
        d.line((cx - r // 2, y + r, cx + r // 2, y + r), fill=th['ui'],
               width=max(2, r // 6))
        centred(d, (cx - 2 * r, y + 2 * r, cx + 2 * r, y + 3 * r), txt,
                uifont, th['ui'])
    y += 3 * r + h // 50
    # The number pad: a row of nine, or three rows of three like a
    # calculator (a small grid of digits of its own under the big one).
    if rng.random() < 0.6 or h - y < w * 0.45:
        bw = w / 9.6
        for k in range(9):
            x0 = w * 0.2 / 9.6 * 1.5 + k * bw
            if rng.random() < 0.5:
                d.rounded_rectangle((x0 + 3, y, x0 + bw - 3, y + bw * 1.3),
                                    radius=int(bw / 5), fill=th['button'])
            centred(d, (x0, y, x0 + bw, y + bw * 1.3), str(k + 1), padfont,
                    th['hlink'] if th['hlink'] != th['given'] else
                    th['given'])
    else:
        side = min(w * 0.6, h - y - h // 30)
        x0 = (w - side) / 2
        c = side / 3
        for k in range(9):
            bx, by = x0 + k % 3 * c, y + k // 3 * c
            d.rounded_rectangle((bx + 4, by + 4, bx + c - 4, by + c - 4),
                                radius=int(c / 6), fill=th['button'])
            centred(d, (bx, by, bx + c, by + c), str(k + 1), padfont,
                    th['given'])
    # The phone's own navigation bar.
    d.rounded_rectangle((w * 0.35, h - h // 60 - 8, w * 0.65, h - h // 60),
                        radius=4, fill=th['ui'])


def make_one(rng, grid, theme=None, size=None, only=(), entries=None,
             entry_hl=True):
    """One screenshot of grid; entries, {cell: digit}, typed in by the
    person (none: the main random stream as it always was), the selected
    digit's among them in the highlight's ink (entry_hl) or their own."""
    entries = entries or {}
    if theme is None:
        if 'dark' in only:
            theme = rng.choice(DARK)
        elif 'light' in only:
            theme = rng.choice([t for t in THEMES if t not in DARK])
        else:
            theme = rng.choice(list(THEMES))
    th = dict(THEMES[theme])
    plain = 'plain' in only
    w, h = size or rng.choice(SIZES)
    fname = rng.choice(FONTS)
    chrome = not plain and ('chrome' in only or not only or
                            rng.random() < 0.85)
    highlight = not plain and ('highlight' in only or
                               (not only and rng.random() < 0.75))
    cands = not plain and ('candidates' in only or
                           (not only and rng.random() < 0.6))
    tinted = not plain and (not only and rng.random() < 0.7 or
                            'highlight' in only)
    pencil = {}     # cell: the candidates drawn there, as a string
    img = Image.new('RGB', (w, h), th['page'])
    d = ImageDraw.Draw(img)
    # The grid: most of the width, in the upper middle of the screen.
    margin = int(w * rng.uniform(0.01, 0.06))
    side = w - 2 * margin
    gx0 = margin
    gy0 = int(h * rng.uniform(0.16, 0.24)) if chrome else (h - side) // 2
    c = side / 9
    thin = max(1, int(round(c * rng.choice([0.01, 0.015, 0.025, 0.04]))))
    thick = max(thin + 1, int(round(c * rng.choice([0.03, 0.05, 0.08]))))
    d.rectangle((gx0, gy0, gx0 + side, gy0 + side), fill=th['paper'])
    if th['shade'] is not None:
        for b in (1, 3, 5, 7):
            bx, by = gx0 + b % 3 * 3 * c, gy0 + b // 3 * 3 * c
            d.rectangle((bx, by, bx + 3 * c, by + 3 * c), fill=th['shade'])
    # Selection: a cell, its row, column and box tinted; the digit it
    # holds (or one chosen) highlighted wherever it stands.
    sel = rng.randrange(81)
    if highlight and grid[sel] == '.':
        sel = rng.choice([i for i in range(81) if grid[i] != '.'])
    hd = grid[sel] if highlight else None
    fill = {}
    if tinted:
        sr, sc = divmod(sel, 9)
        for i in range(81):
            r, k = divmod(i, 9)
            if r == sr or k == sc or (r // 3 == sr // 3 and
                                      k // 3 == sc // 3):
                fill[i] = th['tint']
    if hd is not None:
        for i in range(81):
            if grid[i] == hd or entries.get(i) == hd:
                fill[i] = th['hl']
    if tinted or highlight:
        fill[sel] = th['sel']
    for i, col in fill.items():
        r, k = divmod(i, 9)
        d.rectangle((gx0 + k * c, gy0 + r * c, gx0 + (k + 1) * c,
                     gy0 + (r + 1) * c), fill=col)
    # Lines: thin ones, then the box lines and the frame over them.
    for i in range(10):
        if i % 3:
            x = gx0 + i * c
            d.line((x, gy0, x, gy0 + side), fill=th['thin'], width=thin)
            y = gy0 + i * c
            d.line((gx0, y, gx0 + side, y), fill=th['thin'], width=thin)
    for i in range(0, 10, 3):
        x = gx0 + i * c
        d.line((x, gy0, x, gy0 + side), fill=th['thick'], width=thick)
        y = gy0 + i * c
        d.line((gx0, y, gx0 + side, y), fill=th['thick'], width=thick)
    # Givens.
    big = font(fname, int(c * rng.uniform(0.5, 0.7)))
    for i in range(81):
        if grid[i] == '.':
            continue
        r, k = divmod(i, 9)
        ink = th['hlink'] if grid[i] == hd else th['given']
        centred(d, (gx0 + k * c, gy0 + r * c, gx0 + (k + 1) * c,
                    gy0 + (r + 1) * c), grid[i], big, ink)
    for i, v in entries.items():
        r, k = divmod(i, 9)
        ink = th['hlink'] if v == hd and entry_hl else ENTRY_INK[theme]
        centred(d, (gx0 + k * c, gy0 + r * c, gx0 + (k + 1) * c,
                    gy0 + (r + 1) * c), v, big, ink)
    # Candidates: small digits on a 3 x 3 within the empty cells.
    if cands:
        small = font(fname, max(6, int(c * rng.uniform(0.2, 0.28))))
        # Grey most often; some apps draw them in the givens' ink.
        cink = th['given'] if rng.random() < 0.4 else th['cand']
        empty = [i for i in range(81) if grid[i] == '.' and i != sel and
                 i not in entries]
        for i in rng.sample(empty, int(len(empty) * rng.uniform(0.2, 0.7))):
            r, k = divmod(i, 9)
            vs = sorted(rng.sample(range(1, 10), rng.randint(1, 5)))
            pencil[i] = ''.join(str(v) for v in vs)
            for v in vs:
                sx = gx0 + k * c + (v - 1) % 3 * c / 3
                sy = gy0 + r * c + (v - 1) // 3 * c / 3
                ink = th['hlink'] if str(v) == hd else cink
                centred(d, (sx, sy, sx + c / 3, sy + c / 3), str(v), small,
                        ink)
    # A cursor: the selected cell framed, and a caret if it is empty.
    if not plain and rng.random() < 0.5:
        r, k = divmod(sel, 9)
        x0, y0 = gx0 + k * c, gy0 + r * c
        d.rectangle((x0 + 1, y0 + 1, x0 + c - 1, y0 + c - 1),
                    outline=th['hlink'], width=max(2, int(c * 0.05)))
        if grid[sel] == '.' and sel not in entries:
            d.line((x0 + c / 2, y0 + c * 0.25, x0 + c / 2, y0 + c * 0.75),
                   fill=th['hlink'], width=max(1, int(c * 0.03)))
    if chrome:
        uifont = font(rng.choice(FONTS), max(10, h // 50))
        padfont = font(fname, max(12, int(c * 0.6)))
        draw_chrome(d, rng, w, h, th, gy0, gy0 + side, uifont, padfont)
    # Where the grid lies, for photograph_screen to keep it in the frame.
    make_one.grid_box = (gx0, gy0, side)
    desc = '%s %s %s%s%s%s' % (theme, os.path.basename(fname),
                               'chrome ' if chrome else '',
                               'highlight=%s ' % hd if hd else '',
                               'candidates ' if cands else '',
                               'lines=%d/%d' % (thin, thick))
    if entries:
        desc += ' entries=%d%s' % (len(entries), '' if entry_hl else
                                   ' entry-ink-kept')
    return img, desc, pencil


def make_pages():
    """make-pages.py as a module, loaded once (it loads this file in turn):
    its camera takes the screen's photos."""
    if make_pages.module is None:
        spec = importlib.util.spec_from_file_location(
            'make_pages', os.path.join(os.path.dirname(__file__),
                                       'make-pages.py'))
        make_pages.module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(make_pages.module)
    return make_pages.module


make_pages.module = None


def photograph_screen(rng, img):
    """img, a screen, as a phone's camera takes it off the screen: in its
    bezel, lit with a glare, a faint moire, then photographed as a page
    (make-pages.py).  Returns the photo and what was done."""
    w, h = img.size
    gx0, gy0, side = make_one.grid_box
    # A moire: the camera's pixels beating against the screen's, a few
    # percent of brightness in slanted bands.
    period = rng.uniform(6, 30)
    a = rng.uniform(0, 180)
    depth = rng.uniform(0.02, 0.08)
    # A glare: a soft bright disc where a lamp shows in the glass.
    gx, gy = rng.uniform(0, w), rng.uniform(0, h)
    r = rng.uniform(0.15, 0.5) * min(w, h)
    glare = Image.radial_gradient('L').resize((int(2 * r), int(2 * r)))
    strength = rng.uniform(0, 0.35)
    lit = Image.new('L', (w, h), 0)
    lit.paste(glare.point(lambda v: int(255 * strength * (1 - v / 255))),
              (int(gx - r), int(gy - r)))
    screen = Image.composite(Image.new('RGB', (w, h), (255, 255, 255)),
                             img, lit)
    screen = Image.composite(screen, Image.new('RGB', (w, h), (0, 0, 0)),
                             moire_mask(w, h, period, a, depth))
    bz = int(0.04 * w)
    body = Image.new('RGB', (w + 2 * bz, h + 2 * bz), (12, 12, 14))
    body.paste(screen, (bz, bz))
    photo, angle, fill, whole = make_pages().photograph(
        rng, body, [(gx0 + bz, gy0 + bz, side)])
    return photo, 'photo angle=%.0f glare=%.2f moire=%.0f/%.2f' % (
        angle, strength, period, depth)


def moire_mask(w, h, period, a, depth):
    """Slanted bands of brightness 1 - depth .. 1, period pixels apart."""
    n = int(math.hypot(w, h)) + 2
    row = Image.new('L', (n, 1))
    row.putdata([int(255 * (1 - depth * (0.5 + 0.5 * math.sin(
        2 * math.pi * x / period)))) for x in range(n)])
    bands = row.resize((n, n), Image.NEAREST).rotate(a)
    return bands.crop(((n - w) // 2, (n - h) // 2, (n - w) // 2 + w,
                       (n - h) // 2 + h))


def write_pencil(path, pencil):
    """The candidates drawn, in sdk-pencil's form, row-major."""
    with open(path + '.tmp', 'w') as f:
        f.write(' '.join('r%dc%d:%s' % (i // 9 + 1, i % 9 + 1, pencil[i])
                         for i in sorted(pencil)) + '\n')
    os.rename(path + '.tmp', path)


def write_dat(path, grid, desc, w, h, maker='make-screens', kind='PNG'):
    with open(path + '.tmp', 'w') as f:
        f.write('%s %s\n%dx%d:24 %s\n' % (maker, desc, w, h, kind))
        for r in range(9):
            f.write(' '.join('0' if ch == '.' else ch
                             for ch in grid[r * 9:r * 9 + 9]) + ' \n')
    os.rename(path + '.tmp', path)


def typed_entries(rng, gen, grid, mistakes):
    """The person's entries, {cell: digit}: the solution's digit in 15-60 %
    of grid's empty cells, one of them wrong (a digit the app does not
    flag) in that fraction of pictures, mistakes."""
    sol = solution(gen, grid)
    empty = [i for i in range(81) if grid[i] == '.']
    k = int(len(empty) * rng.uniform(0.15, 0.6))
    entries = {i: sol[i] for i in rng.sample(empty, k)}
    if entries and rng.random() < mistakes:
        i = rng.choice(sorted(entries))
        entries[i] = rng.choice([d for d in '123456789' if d != sol[i]])
    return entries


def sent_on(rng, img, least, qleast):
    """img as a messenger shares it: scaled to least-90 %, its JPEG quality
    qleast-90.  Returns the image, the quality and what was done."""
    f = rng.uniform(least, 0.9)
    img = img.resize((int(img.width * f), int(img.height * f)),
                     Image.BILINEAR)
    q = rng.randint(qleast, 90)
    return img, q, ' scaled=%.2f jpeg=%d' % (f, q)


def write_truth(base, grid, entries, desc, w, h, maker='make-screens',
                kind='PNG'):
    """base.dat, and with entries base.givens: as wicht-mixed, .dat every
    digit, .givens the app's own."""
    if entries:
        full = ''.join(entries.get(i, grid[i]) for i in range(81))
        write_dat(base + '.dat', full, desc, w, h, maker, kind)
        write_dat(base + '.givens', grid, desc, w, h, maker, kind)
    else:
        write_dat(base + '.dat', grid, desc, w, h, maker, kind)


def common_args(ap, degrade):
    """The options this file and make-web.py share: how many pictures,
    from which, of which seed, by which sdk-gen; the share sent on as JPEG
    (degrade by default), with entries, with a mistake among them."""
    ap.add_argument('-n', '--count', type=int, default=60)
    ap.add_argument('--start', type=int, default=0)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--gen', default='sdk-gen', help='sdk-gen to run')
    ap.add_argument('--degrade', type=float, default=degrade,
                    help='this fraction scaled down and saved as JPEG')
    ap.add_argument('--entries', type=float, default=0,
                    help='this fraction with entries typed in')
    ap.add_argument('--mistakes', type=float, default=0,
                    help='of those, this fraction with a wrong one')


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    common_args(ap, 0)
    ap.add_argument('--theme', choices=sorted(THEMES))
    ap.add_argument('--size', help='WxH, else a phone size at random')
    ap.add_argument('--only', default='',
                    help='classes, comma-separated: ' + ', '.join(CLASSES))
    ap.add_argument('--prefix', default='screen')
    ap.add_argument('--photo', type=float, default=0,
                    help='this fraction photographed off the screen')
    ap.add_argument('-o', '--output', required=True, help='folder')
    a = ap.parse_args()
    only = tuple(x for x in a.only.split(',') if x)
    for x in only:
        if x not in CLASSES:
            ap.error('unknown class: %s' % x)
    size = tuple(int(v) for v in a.size.split('x')) if a.size else None
    os.makedirs(a.output, exist_ok=True)
    pool = puzzles(a.gen, a.seed, a.start + a.count)
    for n in range(a.start, a.start + a.count):
        grid = pool[n]
        rng = random.Random(a.seed * 100003 + n)
        # Entries from a stream of their own: without them, the pictures
        # of a seed are the same as they always were.
        erng = random.Random(a.seed * 100003 + n + 500009)
        entries = {}
        entry_hl = True
        if erng.random() < a.entries:
            # Some apps draw every instance of the selected digit in
            # one ink; others keep the entries' own.
            entry_hl = erng.random() < 0.5
            entries = typed_entries(erng, a.gen, grid, a.mistakes)
        img, desc, pencil = make_one(rng, grid, a.theme, size, only,
                                     entries, entry_hl)
        base = os.path.join(a.output, '%s-%03d' % (a.prefix, n + 1))
        ext = 'png'
        # Photographs from a stream of their own, as the entries.
        prng = random.Random(a.seed * 100003 + n + 700001)
        if prng.random() < a.photo:
            img, how = photograph_screen(prng, img)
            desc += ' ' + how
            q = prng.randint(80, 94)
            ext = 'jpg'
            img.save(base + '.tmp.jpg', quality=q)
        elif rng.random() < a.degrade:
            img, q, how = sent_on(rng, img, 0.4, 50)
            desc += how
            ext = 'jpg'
            img.save(base + '.tmp.jpg', quality=q)
        else:
            img.save(base + '.tmp.png', optimize=False)
        os.rename(base + '.tmp.' + ext, base + '.' + ext)
        write_truth(base, grid, entries, desc, img.width, img.height)
        write_pencil(base + '.pencil', pencil)
        print('%s.%s %s' % (base, ext, desc))


if __name__ == '__main__':
    main()
