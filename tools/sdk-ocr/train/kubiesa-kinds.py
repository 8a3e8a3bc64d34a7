#!/usr/bin/env python3
"""kubiesa-kinds.py: which digits of the kubiesa training puzzles are printed.

The kubiesa labels give each cell's digit but not whether it was printed or
written by hand, and ocr-train-hand needs that to teach the kind network.
Printed digits share one font size and handwriting does not, so each photo's
digits are split in two by the size of their box (2-means on height and
width), the cluster whose heights spread least is taken for print, the four
photos of a puzzle vote cell by cell, and a puzzle is kept only when the
digits so called printed have exactly one solution (sdk-solve), as a
newspaper puzzle's givens do.  Output: "PUZZLE KINDS81" (P, H, '.').

    build/ocr-feat build/squares/kubiesa+train.pnm > feat.txt
    tools/sdk-ocr/train/kubiesa-kinds.py feat.txt build/bin/sdk-solve \\
        > tools/sdk-ocr/train/kubiesa-kinds.txt
"""
import collections
import statistics as st
import subprocess
import sys


def kmeans2(xs):
    """Two clusters of feature vectors (standardised); labels 0/1."""
    n, d = len(xs), len(xs[0])
    mu = [st.mean(x[j] for x in xs) for j in range(d)]
    sd = [st.pstdev([x[j] for x in xs]) or 1 for j in range(d)]
    z = [[(x[j] - mu[j]) / sd[j] for j in range(d)] for x in xs]
    best = None
    for j0 in range(d):
        lab = [0] * n
        for i in sorted(range(n), key=lambda i: z[i][j0])[n // 2:]:
            lab[i] = 1
        for _ in range(20):
            cnt = [lab.count(0), lab.count(1)]
            if 0 in cnt:
                break
            c = [[sum(z[i][j] for i in range(n) if lab[i] == k) / cnt[k]
                  for j in range(d)] for k in range(2)]
            new = [min(range(2), key=lambda k: sum(
                (z[i][j] - c[k][j]) ** 2 for j in range(d))) for i in range(n)]
            if new == lab:
                break
            lab = new
        if 0 in (lab.count(0), lab.count(1)):
            continue
        sse = sum(sum((z[i][j] - c[lab[i]][j]) ** 2 for j in range(d))
                  for i in range(n))
        if best is None or sse < best[0]:
            best = (sse, lab)
    return best[1] if best else [0] * n


def main():
    feat, solver = sys.argv[1], sys.argv[2]
    photos = collections.defaultdict(list)
    with open(feat) as fh:
        next(fh)
        for line in fh:
            f = line.split()
            if f[4] == '1' and 1 <= int(f[2]) <= 9:
                photos[f[0]].append((int(f[1]), f[2], float(f[7]),
                                     float(f[8])))
    votes = collections.defaultdict(lambda: collections.defaultdict(
        collections.Counter))
    digit = collections.defaultdict(dict)
    for name, cells in photos.items():
        lab = kmeans2([[h, w] for _, _, h, w in cells])
        hs = [[c[2] for c, l in zip(cells, lab) if l == k] for k in (0, 1)]
        spread = [st.pstdev(h) if len(h) > 1 else 9 for h in hs]
        printed = 0 if spread[0] < spread[1] else 1
        for (i, d, _, _), l in zip(cells, lab):
            votes[name[:5]][i]['P' if l == printed else 'H'] += 1
            digit[name[:5]][i] = d
    for puzzle in sorted(votes):
        kinds = ''.join(votes[puzzle][i].most_common(1)[0][0]
                        if votes[puzzle][i] else '.' for i in range(81))
        givens = ''.join(digit[puzzle][i] if kinds[i] == 'P' else '.'
                         for i in range(81))
        out = subprocess.run([solver], input=givens + '\n',
                             capture_output=True, text=True).stdout
        if '# sdk-status solved' in out:
            print(puzzle, kinds)


if __name__ == '__main__':
    main()
