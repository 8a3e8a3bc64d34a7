/*
 * logic/chains.c: x-chains, xy-chains and alternating inference chains.
 * The techniques' shared helpers are in logic/private.h.
 */
#include <string.h>

#include "private.h"

/* ------------------------------------------------------------ chains */

/*
 * X-chain on digit d: from cell a, alternate strong links (a unit with
 * two places) and weak links (a shared unit), ending on a strong link at
 * b.  Either a or b holds d, so cells seeing both lose it.  Breadth first,
 * so the shortest chain is found first.
 */
int
find_xchain(const struct logic *p, struct logic_step *s, int maxlen)
{
	struct text t;
	int d, a, i, k, c, n, o[3], qh, qt, len;
	int queue[162], par[162], dist[162], path[162], v[2];

	for (d = 1; d <= 9; d++)
		for (a = 0; a < GRID_CELLS; a++) {
			if (p->cell[a] || !(p->cand[a] & BIT(d)))
				continue;
			/* state: cell * 2 + (1 after a strong link) */
			for (i = 0; i < 162; i++)
				dist[i] = -1;
			qh = qt = 0;
			queue[qt++] = a * 2;
			dist[a * 2] = 0;
			par[a * 2] = -1;
			while (qh < qt) {
				int st = queue[qh++], cc = st / 2;

				if (dist[st] >= maxlen)
					continue;
				if (st % 2 == 0) {
					n = conjugates(p, cc, d, o);
					for (i = 0; i < n; i++) {
						int ns = o[i] * 2 + 1;

						if (dist[ns] >= 0)
							continue;
						dist[ns] = dist[st] + 1;
						par[ns] = st;
						queue[qt++] = ns;
						if (o[i] == a || dist[ns] < 3)
							continue;
						/* a ... o[i]: try it */
						v[0] = a;
						v[1] = o[i];
						step_clear(s, LT_XCHAIN);
						elim_seen_by(p, s, v, 2, d);
						if (s->nelim == 0)
							continue;
						len = 0;
						for (k = ns; k >= 0; k = par[k])
							path[len++] = k / 2;
						text_init(&t, s);
						text_add(&t, "x-chain: %d on ",
						    d);
						for (k = len - 1; k >= 0; k--) {
							text_cell(&t, path[k]);
							if (k > 0)
								text_add(&t,
								    (len - 1 -
								    k) % 2 ?
								    " - " :
								    " = ");
						}
						text_elims(&t, s, d);
						return 1;
					}
				} else {
					for (i = 0; i < 20; i++) {
						int ns;

						c = peer[cc][i];
						ns = c * 2;
						if (p->cell[c] || !(p->cand[c] &
						    BIT(d)) || dist[ns] >= 0)
							continue;
						dist[ns] = dist[st] + 1;
						par[ns] = st;
						queue[qt++] = ns;
					}
				}
			}
		}
	return 0;
}

/*
 * XY-chain: bivalue cells, each seeing the next and sharing the digit that
 * links them.  If the first cell is not x then the last one is, so cells
 * seeing both ends lose x.
 */
int
find_xychain(const struct logic *p, struct logic_step *s, int maxlen)
{
	struct text t;
	/* state: cell * 10 + digit that is true in this cell */
	int x, a, i, k, c, qh, qt, len, dist[810], par[810], queue[810];
	int path[810], v[2];

	for (a = 0; a < GRID_CELLS; a++) {
		if (p->cell[a] || popcount(p->cand[a]) != 2)
			continue;
		for (x = 1; x <= 9; x++) {
			int y;

			if (!(p->cand[a] & BIT(x)))
				continue;
			/* assume a is not x: a is y */
			y = first_digit(p->cand[a] & ~BIT(x));
			for (i = 0; i < 810; i++)
				dist[i] = -1;
			qh = qt = 0;
			queue[qt++] = a * 10 + y;
			dist[a * 10 + y] = 0;
			par[a * 10 + y] = -1;
			while (qh < qt) {
				int st = queue[qh++], cc = st / 10,
				    on = st % 10;

				if (dist[st] >= maxlen)
					continue;
				for (i = 0; i < 20; i++) {
					int ns, other;

					c = peer[cc][i];
					if (p->cell[c] ||
					    popcount(p->cand[c]) != 2 ||
					    !(p->cand[c] & BIT(on)))
						continue;
					other = first_digit(p->cand[c] &
					    ~BIT(on));
					ns = c * 10 + other;
					if (dist[ns] >= 0)
						continue;
					dist[ns] = dist[st] + 1;
					par[ns] = st;
					queue[qt++] = ns;
					if (other != x || c == a ||
					    dist[ns] < 2)
						continue;
					v[0] = a;
					v[1] = c;
					step_clear(s, LT_XYCHAIN);
					elim_seen_by(p, s, v, 2, x);
					if (s->nelim == 0)
						continue;
					len = 0;
					for (k = ns; k >= 0; k = par[k])
						path[len++] = k / 10;
					text_init(&t, s);
					text_add(&t, "xy-chain: %d on ", x);
					for (k = len - 1; k >= 0; k--) {
						text_cellcand(&t, p, path[k]);
						if (k > 0)
							text_add(&t, " - ");
					}
					text_elims(&t, s, x);
					return 1;
				}
			}
		}
	}
	return 0;
}

/*
 * Alternating inference chain: nodes are candidates (a digit in a cell).
 * A strong link joins two candidates of which one must be true (the two
 * of a cell with two, or a digit's two places in a unit), a weak link two
 * that cannot both be (two digits of a cell, one digit in two cells that
 * see each other).  A chain from node a to node b that starts and ends
 * with a strong link, alternating, proves a or b true; what sees both goes.
 * Breadth first from every node, so the shortest chain is found first.
 */
#define AIC_NODES	729

static void
text_node(struct text *t, int n)
{
	text_add(t, "%d", n % 9 + 1);
	text_cell(t, n / 9);
}

/* Candidates removed by "a or b": returns how many. */
static int
aic_elims(const struct logic *p, struct logic_step *s, int a, int b)
{
	int ca = a / 9, da = a % 9 + 1, cb = b / 9, db = b % 9 + 1, d, v[2];

	step_clear(s, LT_AIC);
	if (a == b)
		return 0;
	if (ca == cb) {
		for (d = 1; d <= 9; d++)
			if (d != da && d != db)
				elim(p, s, ca, d);
	} else if (da == db) {
		v[0] = ca;
		v[1] = cb;
		elim_seen_by(p, s, v, 2, da);
	} else if (sees(ca, cb)) {
		elim(p, s, ca, db);
		elim(p, s, cb, da);
	}
	return s->nelim;
}

/*
 * The search's tables, some 20 KB on find_aic()'s stack: one search per
 * call, so that threads may rate at once.
 */
struct aic {
	short	 strong[AIC_NODES][6];	/* the strong links of a node */
	short	 nstrong[AIC_NODES];
	/* state: node * 2 + (1 after a strong link: the node is true) */
	short	 dist[2 * AIC_NODES], par[2 * AIC_NODES];
	short	 queue[2 * AIC_NODES];
	short	 path[2 * AIC_NODES];	/* aic_text()'s */
	int	 qh, qt;
};

/* The strong links of every candidate: its cell's other, its units'. */
static void
aic_links(struct aic *aic, const struct logic *p)
{
	int c, d, e, i, k, n, u;
	unsigned w;

	for (n = 0; n < AIC_NODES; n++)
		aic->nstrong[n] = 0;
	for (c = 0; c < GRID_CELLS; c++) {
		if (p->cell[c] != 0)
			continue;
		for (d = 1; d <= 9; d++) {
			if (!(p->cand[c] & BIT(d)))
				continue;
			n = c * 9 + d - 1;
			if (popcount(p->cand[c]) == 2)
				aic->strong[n][aic->nstrong[n]++] = (short)(c *
				    9 + first_digit(p->cand[c] & ~BIT(d)) - 1);
			for (i = 0; i < 3; i++) {
				u = cell_unit[c][i];
				w = unit_where(p, u, d);
				if (popcount(w) != 2)
					continue;
				k = unit_cell[u][first_digit(w)];
				if (k == c)
					k = unit_cell[u][first_digit(w &
					    (w - 1))];
				for (e = 0; e < aic->nstrong[n]; e++)
					if (aic->strong[n][e] == k * 9 + d - 1)
						break;
				if (e == aic->nstrong[n])
					aic->strong[n][aic->nstrong[n]++] =
					    (short)(k * 9 + d - 1);
			}
		}
	}
}

/* Reach state ns from st, unless it was reached before. */
static int
aic_visit(struct aic *aic, int st, int ns)
{
	if (aic->dist[ns] >= 0)
		return 0;
	aic->dist[ns] = (short)(aic->dist[st] + 1);
	aic->par[ns] = (short)st;
	aic->queue[aic->qt++] = (short)ns;
	return 1;
}

/* The step's text: the chain to state ns, strong "=" and weak "-". */
static void
aic_text(struct aic *aic, struct logic_step *s, int ns)
{
	short *path = aic->path;
	struct text t;
	int k, len = 0;

	for (k = ns; k >= 0; k = aic->par[k])
		path[len++] = (short)(k / 2);
	text_init(&t, s);
	text_add(&t, "aic: ");
	for (k = len - 1; k >= 0; k--) {
		text_node(&t, path[k]);
		if (k > 0)
			text_add(&t, (len - 1 - k) % 2 ? " - " : " = ");
	}
	text_elims(&t, s, 0);
}

/* The weak links from node nd: other digits here, the digit in peers. */
static void
aic_weak(struct aic *aic, const struct logic *p, int st)
{
	int nd = st / 2, cc = nd / 9, dd = nd % 9 + 1, e, k, ns;

	for (e = 1; e <= 9 + 20; e++) {
		if (e <= 9) {
			if (e == dd || !(p->cand[cc] & BIT(e)))
				continue;
			ns = (cc * 9 + e - 1) * 2;
		} else {
			k = peer[cc][e - 10];
			if (p->cell[k] || !(p->cand[k] & BIT(dd)))
				continue;
			ns = (k * 9 + dd - 1) * 2;
		}
		if (aic->nstrong[ns / 2] != 0)
			(void)aic_visit(aic, st, ns);
	}
}

/* Breadth first from node a: 1 with the step of the shortest chain. */
static int
aic_from(struct aic *aic, const struct logic *p, struct logic_step *s,
    int a, int maxlen)
{
	int i, e, st, nd, ns;

	for (i = 0; i < 2 * AIC_NODES; i++)
		aic->dist[i] = -1;
	aic->qh = aic->qt = 0;
	aic->queue[aic->qt++] = (short)(a * 2);
	aic->dist[a * 2] = 0;
	aic->par[a * 2] = -1;
	while (aic->qh < aic->qt) {
		st = aic->queue[aic->qh++];
		nd = st / 2;
		if (aic->dist[st] >= maxlen)
			continue;
		if (st % 2 != 0) {
			aic_weak(aic, p, st);
			continue;
		}
		for (e = 0; e < aic->nstrong[nd]; e++) {
			ns = aic->strong[nd][e] * 2 + 1;
			if (!aic_visit(aic, st, ns))
				continue;
			if (aic->dist[ns] < 3 || aic_elims(p, s, a, ns / 2) == 0)
				continue;
			aic_text(aic, s, ns);
			return 1;
		}
	}
	return 0;
}

int
find_aic(const struct logic *p, struct logic_step *s, int maxlen)
{
	struct aic aic;
	int a;

	aic_links(&aic, p);
	for (a = 0; a < AIC_NODES; a++)
		if (aic.nstrong[a] != 0 && aic_from(&aic, p, s, a, maxlen))
			return 1;
	return 0;
}
