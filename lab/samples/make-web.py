#!/usr/bin/env python3
"""make-web: screenshots of Sudoku web pages, drawn by a real browser.

   lab/samples/make-web.py [-n COUNT] [--start K] [--seed N]
                           [--entries FRACTION] [--mistakes FRACTION]
                           [--degrade FRACTION] [--gen SDK-GEN] -o DIR

make-screens.py draws an app's screen with PIL, as the reader's own
training pictures are drawn.  This draws pages the way the web does:
each picture is an HTML page, laid out and rasterised by headless
Chromium (Skia: its own anti-aliasing, hinting, synthetic bold where a
font has no bold face), in a desktop window or a phone's at 2 or 3
device pixels a CSS pixel.  What varies, independently:

  - how the grid is built: a table with collapsed borders, a table of
    <input> boxes (each draws its own inset border), a CSS grid whose
    lines are the gaps over a dark background, nine boxes set apart as
    cards with no line between them, alternate boxes shaded;
  - the font (Debian's, by CSS family name), its weight (100-900) and
    size, the colours (light, sepia, dark), the line widths;
  - a selected cell and its row, column and box tinted, the selected
    digit's cells highlighted, candidates (small digits) in some empty
    cells;
  - the page around: a title and text with numbers in it, a sidebar, a
    number pad of 1-9 buttons, an advertisement box, the grid placed
    left, centred or right.

Each picture is DIR/web-NNN.png (or .jpg with --degrade: scaled to 50-90 %
and saved at quality 55-90, as a screenshot sent on) with DIR/web-NNN.dat,
the givens in Wicht's format, which ../shared/tools/eval-vision --givens
and outcome score.  --entries gives that fraction of pages the person's
entries (typed digits in the site's colour for them, 15-60 % of the
empty cells): NAME.dat then holds every digit, NAME.givens the givens;
--mistakes makes one entry of that fraction of those wrong (drawn as the
others: the site does not check).  The same --seed makes the same pages.
Needs Python 3 with PIL and chromium (scripts/install-deps).
"""
import argparse
import importlib.util
import os
import random
import shutil
import subprocess
import sys
import tempfile

from PIL import Image


def make_screens():
    """make-screens.py as a module: its puzzles, solutions and .dat."""
    spec = importlib.util.spec_from_file_location(
        'make_screens', os.path.join(os.path.dirname(__file__),
                                     'make-screens.py'))
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    return m


# CSS families Debian ships, with the weights a page may ask of them.
FAMILIES = ['Lato', 'Open Sans', 'Noto Sans', 'Noto Serif', 'DejaVu Sans',
            'DejaVu Serif', 'Liberation Sans', 'Liberation Serif',
            'Liberation Mono', 'Cantarell', 'Comic Neue', 'Nimbus Sans',
            'Nimbus Roman', 'Linux Libertine O', 'Linux Biolinum O',
            'Roboto', 'Carlito', 'FreeSans', 'FreeSerif', 'C059', 'P052',
            'URW Gothic', 'URW Bookman', 'Nimbus Sans Narrow',
            'Noto Sans Display', 'Roboto Condensed', 'Nimbus Mono PS']
WEIGHTS = [100, 300, 400, 400, 400, 500, 600, 700, 700, 900]

# Windows: desktop (CSS pixels, one device pixel each) or a phone's.
WINDOWS = [(1280, 800, 1), (1366, 768, 1), (1920, 1080, 1),
           (1440, 900, 1), (390, 844, 3), (412, 915, 2.625),
           (360, 740, 3), (414, 896, 2), (768, 1024, 2)]

THEMES = {
    'light': dict(page='#ffffff', paper='#ffffff', ink='#000000',
                  thin='#999999', thick='#000000', shade='#eef2f7',
                  entry='#1d5fd0', cand='#777777', tint='#e3ebf3',
                  sel='#bbdefb', hl='#c3d7ea', text='#222222',
                  gapbg='#000000'),
    'soft': dict(page='#f6f7fb', paper='#ffffff', ink='#344861',
                 thin='#bec6d4', thick='#344861', shade='#f0f4fa',
                 entry='#325aaf', cand='#6e7c8c', tint='#e2ebf3',
                 sel='#bbdefb', hl='#c3d7ea', text='#344861',
                 gapbg='#344861'),
    'sepia': dict(page='#f4ecd8', paper='#fbf6ea', ink='#3b2f1e',
                  thin='#c8b68f', thick='#5b4526', shade='#efe3c6',
                  entry='#8a3b12', cand='#8c7a5a', tint='#efe2c2',
                  sel='#e8cf94', hl='#e6d3a3', text='#3b2f1e',
                  gapbg='#5b4526'),
    'dark': dict(page='#121212', paper='#1e1e1e', ink='#e8e8e8',
                 thin='#444444', thick='#9a9a9a', shade='#262a31',
                 entry='#7fb2ff', cand='#9a9a9a', tint='#2a2f3a',
                 sel='#24466f', hl='#33466a', text='#dddddd',
                 gapbg='#8a8a8a'),
    'midnight': dict(page='#0f1624', paper='#162033', ink='#dfe6f2',
                     thin='#34405a', thick='#7d8db0', shade='#1c2840',
                     entry='#ffd25a', cand='#8796b5', tint='#22304c',
                     sel='#2f4f86', hl='#2c4470', text='#c8d2e6',
                     gapbg='#7d8db0'),
}
BUILDS = ['table', 'inputs', 'gaps', 'cards', 'checker']
WORDS = ('daily sudoku puzzle hard medium easy expert level timer score '
         'best solve notes hint undo erase new game rules each row column '
         'and box must contain the digits one to nine once only').split()


def text(rng, n):
    """n words of a page's text, a number among them now and then."""
    out = []
    for _ in range(n):
        out.append(str(rng.randint(1, 2026)) if rng.random() < 0.12
                   else rng.choice(WORDS))
    return ' '.join(out).capitalize() + '.'


def cell_html(i, grid, entries, pencil, th, look, hd, tint, sel):
    """The inside and the style of cell i."""
    style = []
    bg = None
    if i in tint:
        bg = th['tint']
    if i == sel:
        bg = th['sel']
    digit = entries.get(i) or (grid[i] if grid[i] != '.' else None)
    if hd is not None and digit == hd:
        bg = th['hl']
    if bg:
        style.append('background:%s' % bg)
    if digit is None:
        if i in pencil:
            small = ''.join('<span>%s</span>' % (d if d in pencil[i] else
                                                 '&nbsp;')
                            for d in '123456789')
            return '<div class="cands">%s</div>' % small, style
        return '', style
    colour = th['entry'] if i in entries else th['ink']
    weight = look['eweight'] if i in entries else look['weight']
    return ('<span style="color:%s;font-weight:%d">%s</span>' %
            (colour, weight, digit)), style


def grid_html(rng, grid, entries, th, look):
    """The grid's HTML and CSS, and the candidates drawn ({cell: str})."""
    c = look['cell']
    thin, thick = look['thin'], look['thick']
    sel = rng.randrange(81)
    hd = None
    if rng.random() < 0.5:
        hd = rng.choice([d for d in grid if d != '.'])
    tint = set()
    if rng.random() < 0.6:
        sr, sc = divmod(sel, 9)
        tint = {i for i in range(81) if i // 9 == sr or i % 9 == sc or
                (i // 27 == sr // 3 and i % 9 // 3 == sc // 3)}
    pencil = {}
    if rng.random() < 0.4:
        empty = [i for i in range(81) if grid[i] == '.' and
                 i not in entries]
        for i in rng.sample(empty, min(len(empty), rng.randint(3, 25))):
            pencil[i] = ''.join(sorted(rng.sample('123456789',
                                                  rng.randint(1, 5))))
    build = look['build']
    cells = []
    for i in range(81):
        inner, style = cell_html(i, grid, entries, pencil, th, look, hd,
                                 tint, sel)
        r, k = divmod(i, 9)
        if build in ('table', 'inputs', 'checker'):
            b = ['border:%dpx solid %s' % (thin, th['thin'])]
            if r % 3 == 0:
                b.append('border-top:%dpx solid %s' % (thick, th['thick']))
            if r == 8:
                b.append('border-bottom:%dpx solid %s' %
                         (thick, th['thick']))
            if k % 3 == 0:
                b.append('border-left:%dpx solid %s' % (thick, th['thick']))
            if k == 8:
                b.append('border-right:%dpx solid %s' %
                         (thick, th['thick']))
            if build == 'checker' and (r // 3 + k // 3) % 2 == 1 and \
                    not any(s.startswith('background') for s in style):
                style.append('background:%s' % th['shade'])
            if build == 'inputs' and grid[i] == '.':
                # An empty cell is a text box the person types into.
                val = entries.get(i, '')
                colour = th['entry']
                inner = ('<input value="%s" style="color:%s;'
                         'font-weight:%d">' % (val, colour,
                                               look['eweight']))
            cells.append((r, '<td style="%s">%s</td>' %
                          (';'.join(b + style), inner)))
        else:
            cells.append((r, '<div class="c" style="%s">%s</div>' %
                          (';'.join(style), inner)))
    if build in ('table', 'inputs', 'checker'):
        rows = ''.join('<tr>%s</tr>' % ''.join(h for r, h in cells
                                              if r == row)
                       for row in range(9))
        html = '<table class="sdk">%s</table>' % rows
    elif build == 'gaps':
        html = '<div class="g9">%s</div>' % ''.join(h for _, h in cells)
    else:
        # cards: nine boxes, each its own 3x3 grid, spaced apart.
        boxes = []
        for bx in range(9):
            inside = [cells[(bx // 3 * 3 + j // 3) * 9 + bx % 3 * 3 +
                            j % 3][1] for j in range(9)]
            boxes.append('<div class="box">%s</div>' % ''.join(inside))
        html = '<div class="cards">%s</div>' % ''.join(boxes)
    fs = int(c * look['size'])
    css = '''
.sdk{border-collapse:collapse;background:%(paper)s}
.sdk td{width:%(c)dpx;height:%(c)dpx;padding:0;text-align:center;
 vertical-align:middle;font-size:%(fs)dpx}
.sdk input{width:%(iw)dpx;height:%(iw)dpx;border:1px solid %(thin)s;
 text-align:center;font:inherit;font-size:%(fs)dpx;background:transparent;
 padding:0;margin:0}
.g9{display:grid;grid-template-columns:repeat(9,%(c)dpx);
 grid-auto-rows:%(c)dpx;gap:%(gthin)dpx;background:%(gapbg)s;
 padding:%(gthick)dpx;width:max-content;border-radius:%(rad)dpx}
.g9 .c:nth-child(9n+4),.g9 .c:nth-child(9n+7){margin-left:%(gextra)dpx}
.g9 .c:nth-child(n+28):nth-child(-n+36),
.g9 .c:nth-child(n+55):nth-child(-n+63){margin-top:%(gextra)dpx}
.g9 .c{background:%(paper)s}
.cards{display:grid;grid-template-columns:repeat(3,max-content);
 gap:%(cgap)dpx;width:max-content}
.box{display:grid;grid-template-columns:repeat(3,%(c)dpx);
 grid-auto-rows:%(c)dpx;gap:%(gthin)dpx;background:%(thin)s;
 border:%(gthin)dpx solid %(thin)s;border-radius:%(rad)dpx;
 overflow:hidden}
.box .c{background:%(paper)s}
.c{display:flex;align-items:center;justify-content:center;
 font-size:%(fs)dpx}
.cands{display:grid;grid-template-columns:repeat(3,1fr);width:100%%;
 height:100%%;font-size:%(cs)dpx;color:%(cand)s;font-weight:400;
 align-items:center;justify-items:center;line-height:1}
''' % dict(th, c=c, fs=fs, iw=c - 8, gthin=max(1, thin),
           gthick=max(2, thick), gextra=max(1, thick - thin),
           rad=look['radius'], cgap=look['cardgap'], cs=max(6, int(c * 0.26)))
    return html, css, pencil


def page_html(rng, grid, entries, th, look, window):
    """The whole page: the grid among what sites put around it."""
    vw = window[0]
    html, css, pencil = grid_html(rng, grid, entries, th, look)
    align = rng.choice(['left', 'center', 'right'])
    parts = ['<h1>%s</h1>' % text(rng, rng.randint(2, 5)).rstrip('.')]
    if rng.random() < 0.7:
        parts.append('<p>%s</p>' % text(rng, rng.randint(8, 40)))
    grid_block = '<div class="gw" style="text-align:%s">' \
        '<div style="display:inline-block">%s</div></div>' % (align, html)
    parts.append(grid_block)
    if rng.random() < 0.5:
        # A number pad: nine buttons, a row of digits like a grid's.
        b = min(look['cell'] * 1.2, (vw - 40) / 9.5)
        parts.append('<div class="pad">%s</div>' % ''.join(
            '<button style="width:%dpx;height:%dpx;font-size:%dpx">%d'
            '</button>' % (b, b, b * 0.55, d) for d in range(1, 10)))
    if rng.random() < 0.6:
        parts.append('<p>%s</p>' % text(rng, rng.randint(10, 60)))
    side_bar = ''
    if vw >= 1000 and rng.random() < 0.6:
        side_bar = '<aside>%s<div class="ad">%s</div></aside>' % (
            ''.join('<p>%s</p>' % text(rng, rng.randint(4, 14))
                    for _ in range(rng.randint(1, 4))),
            text(rng, 4))
    page_css = '''
body{margin:0;padding:%(pad)dpx;background:%(page)s;color:%(text)s;
 font-family:"%(family)s";font-weight:%(weight)d;display:flex;gap:30px}
main{flex:1;min-width:0}
h1{font-size:%(h1)dpx;margin:4px 0 10px}
p{font-size:15px;line-height:1.4;max-width:60em;font-weight:400}
.gw{margin:10px 0}
.pad{display:flex;gap:4px;margin:10px 0;flex-wrap:wrap}
.pad button{border:1px solid %(thin)s;background:%(paper)s;
 color:%(ink)s;border-radius:6px;font-family:inherit}
aside{width:260px;font-size:13px}
.ad{height:250px;background:#d7a63c;color:#fff;font-size:24px;
 padding:10px;margin-top:10px}
''' % dict(th, pad=rng.randint(4, 30), family=look['family'],
           weight=look['weight'], h1=rng.randint(18, 34))
    body = '<main>%s</main>%s' % (''.join(parts), side_bar)
    # A draw that once chose nothing, kept so that each seed's pages stay
    # those measured in bench/README.md.
    rng.random()
    doc = '<!doctype html><html><head><meta charset="utf-8">' \
        '<meta name="viewport" content="width=device-width">' \
        '<style>%s%s</style></head><body>%s</body></html>' % (
            page_css, css, body)
    return doc, pencil


def look_for(rng, window):
    """A site's look: its font, sizes, lines and way of building the
    grid; cells no wider than the window allows."""
    vw, vh = window[0], window[1]
    build = rng.choice(BUILDS)
    # Room for a title and a paragraph above the grid, in the window.
    most = min((vw - 70) // 9 if vw < 1000 else 64, (vh - 270) // 10)
    cell = rng.randint(min(26, most), max(min(26, most), most))
    thin = rng.choice([1, 1, 1, 2])
    return dict(build=build, cell=cell, thin=thin,
                thick=rng.choice([2, 3, 3, 4]),
                family=rng.choice(FAMILIES), weight=rng.choice(WEIGHTS),
                eweight=rng.choice(WEIGHTS), size=rng.uniform(0.45, 0.78),
                radius=rng.choice([0, 0, 4, 8]),
                cardgap=rng.choice([3, 6, 10]))


def shoot(html, path, window, userdir):
    """html's first screenful, window (w, h, device scale), as PNG."""
    src = path + '.html'
    with open(src, 'w') as f:
        f.write(html)
    w, h, scale = window
    cmd = ['chromium', '--headless', '--no-sandbox', '--disable-gpu',
           '--hide-scrollbars', '--user-data-dir=' + userdir,
           '--force-device-scale-factor=%g' % scale,
           '--window-size=%d,%d' % (w, h), '--screenshot=' + path,
           'file://' + os.path.abspath(src)]
    subprocess.run(cmd, check=True, timeout=120, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    os.unlink(src)


def main():
    ms = make_screens()
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ms.common_args(ap, 0.3)
    ap.add_argument('-o', '--output', required=True, help='folder')
    a = ap.parse_args()
    if shutil.which('chromium') is None:
        sys.exit('make-web: no chromium (scripts/install-deps installs it)')
    os.makedirs(a.output, exist_ok=True)
    pool = ms.puzzles(a.gen, a.seed, a.start + a.count)
    userdir = tempfile.mkdtemp(prefix='make-web.')
    try:
        for n in range(a.start, a.start + a.count):
            grid = pool[n]
            rng = random.Random(a.seed * 100003 + n + 900007)
            window = rng.choice(WINDOWS)
            th_name = rng.choice(sorted(THEMES))
            th = THEMES[th_name]
            look = look_for(rng, window)
            entries = {}
            if rng.random() < a.entries:
                entries = ms.typed_entries(rng, a.gen, grid, a.mistakes)
            doc, pencil = page_html(rng, grid, entries, th, look, window)
            base = os.path.join(a.output, 'web-%03d' % (n + 1))
            shoot(doc, base + '.tmp.png', window, userdir)
            desc = '%s %s %s %d/%d cell=%d thin=%d thick=%d %s %gx' % (
                look['build'], th_name, look['family'].replace(' ', '_'),
                look['weight'], look['eweight'], look['cell'],
                look['thin'], look['thick'], '%dx%d' % window[:2],
                window[2])
            if look['build'] == 'cards':
                desc += ' gap=%d radius=%d' % (look['cardgap'],
                                               look['radius'])
            img = Image.open(base + '.tmp.png').convert('RGB')
            if rng.random() < a.degrade:
                img, q, how = ms.sent_on(rng, img, 0.5, 55)
                desc += how
                img.save(base + '.tmp.jpg', quality=q)
                os.unlink(base + '.tmp.png')
                os.rename(base + '.tmp.jpg', base + '.jpg')
                ext = 'jpg'
            else:
                os.rename(base + '.tmp.png', base + '.png')
                ext = 'png'
            ms.write_truth(base, grid, entries, desc, img.width,
                           img.height, 'make-web',
                           'JPEG' if ext == 'jpg' else 'PNG')
            ms.write_pencil(base + '.pencil', pencil)
            print('%s.%s %s' % (base, ext, desc))
    finally:
        shutil.rmtree(userdir, ignore_errors=True)


if __name__ == '__main__':
    main()
