/* The information-set search of a closed game (engine/ai/closed.py) in C.
 *
 * The same algorithm, move order, memo and node count as the pure-Python
 * ClosedSearch, which stays the reference: tests/engine/ai/test_closed_core.py checks
 * that both give the same values and the same number of nodes on many positions.
 * Built at install time (pip install -e .) as an optional extension; without a
 * compiler the Python path is used.
 *
 * values(me, P, lead, hands, weights, rules, limit) -> (list of (kind, card, vector)
 * or None past the limit, nodes).  P is the search's 15-tuple, lead is -1 (me on
 * lead) or the card the opponent led (out of his hands), rules is (trump, auto,
 * successful_two_or_three, failed_at_least_two, closed_points_at_end, king_only,
 * marriage_first, node_overhead).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define PLAY 0
#define MARRIAGE 1
#define DECLARE 4
#define MAXW 64

typedef struct {
    int h[2], pts[2], mar[2], won[2], pos, tc, cl, cop, cot, first, leader;
} Pos;

typedef struct {
    int trump, autod, two_three, failed_two, at_end, king_only, mar_first, overhead;
    int me, o, sign;
    long long nodes, limit;
    int over;
    int ninit;
    int init[MAXW];
    double w[MAXW];
    /* memo: open addressing */
    size_t cap, used;
    struct Entry *tab;
} Ctx;

typedef struct Entry {
    int key[16];
    uint64_t ws;
    int used;
    int n;
    double *vec;
} Entry;

static const int POINTS[5] = {11, 10, 4, 3, 2};
#define CP(c) POINTS[(c) % 5]
#define SUIT(s) (0x1Fu << (5 * (s)))
static const int KINGS = (1 << 2) | (1 << 7) | (1 << 12) | (1 << 17);

static int stronger(int c) { /* cards of c's suit that beat c */
    int base = c - c % 5, m = 0;
    for (int r = 0; r < c % 5; r++) m |= 1 << (base + r);
    return m;
}

static int points_table(int loser_pts, int loser_trick) {
    if (!loser_trick) return 3;
    return loser_pts <= 32 ? 2 : 1;
}

static int closer_value(Ctx *x, const Pos *P) {
    int cl = P->cl, o = 1 - cl, opp_pts, opp_trick;
    if (x->at_end) {
        opp_pts = P->pts[o] + (P->won[o] ? P->mar[o] : 0);
        opp_trick = P->won[o];
    } else {
        opp_pts = P->cop;
        opp_trick = P->cot;
    }
    if (x->two_three) return opp_trick ? 2 : 3;
    return points_table(opp_pts, opp_trick);
}

static int failed_value(Ctx *x, const Pos *P) {
    if (x->failed_two) {
        int v = closer_value(x, P);
        return v > 2 ? v : 2;
    }
    return P->cot ? 2 : 3;
}

static int declare_value(Ctx *x, const Pos *P, int p) { /* signed for player 0 */
    int v;
    if (P->cl < 0) {
        int o = 1 - p;
        v = points_table(P->pts[o] + (P->won[o] ? P->mar[o] : 0), P->won[o]);
    } else if (P->cl == p) {
        v = closer_value(x, P);
    } else {
        v = failed_value(x, P);
    }
    return p == 0 ? v : -v;
}

static int last_trick_value(Ctx *x, const Pos *P, int w) {
    if (P->pts[w] + (P->won[w] ? P->mar[w] : 0) >= 66) return declare_value(x, P, w);
    /* closed games only here */
    int v = failed_value(x, P);
    return P->cl == 1 ? v : -v;
}

/* trick: leader P->leader leads `lead`, the other plays `card`; *end set if the game
 * ended (value in *val, signed for player 0). No draws: the talon is closed. */
static void trick(Ctx *x, const Pos *P, int lead, int card, Pos *Q, int *end, int *val) {
    int p = P->leader, o = 1 - p, w;
    if (card / 5 == lead / 5) w = card < lead ? o : p;
    else w = card / 5 == x->trump ? o : p;
    *Q = *P;
    Q->h[p] ^= 1 << lead;
    Q->h[o] ^= 1 << card;
    Q->pts[w] += CP(lead) + CP(card);
    Q->won[w] = 1;
    Q->first = 1;
    Q->leader = w;
    *end = 0;
    if (x->autod && Q->pts[w] + Q->mar[w] >= 66) {
        *end = 1;
        *val = declare_value(x, Q, w);
        return;
    }
    if (!Q->h[0] && !Q->h[1]) {
        *end = 1;
        *val = last_trick_value(x, Q, w);
    }
}

static void announce(Ctx *x, const Pos *P, int k, Pos *Q, int *end, int *val) {
    int p = P->leader;
    *Q = *P;
    Q->mar[p] += (k / 5 == x->trump) ? 40 : 20;
    *end = 0;
    if (x->autod && Q->won[p] && Q->pts[p] + Q->mar[p] >= 66) {
        *end = 1;
        *val = declare_value(x, Q, p);
    }
}

/* lead moves in the search's order: declarations, marriages, plays. */
static int lead_moves(Ctx *x, const Pos *P, int *kinds, int *cardv) {
    int p = P->leader, h = P->h[p], n = 0, has = P->won[p];
    int kq = (has || x->mar_first) ? (h & (h >> 1) & KINGS) : 0;
    if (!x->autod && has) {
        int sc = P->pts[p] + P->mar[p];
        if (sc >= 66) {
            kinds[n] = DECLARE; cardv[n++] = -1;
        } else {
            for (int k = 0; k < 20; k++)
                if (kq >> k & 1) {
                    if (sc + (k / 5 == x->trump ? 40 : 20) >= 66) {
                        kinds[n] = DECLARE; cardv[n++] = k;
                        break;
                    }
                }
        }
    }
    for (int k = 0; k < 20; k++)
        if (kq >> k & 1) {
            kinds[n] = MARRIAGE; cardv[n++] = k;
            if (!x->king_only) { kinds[n] = MARRIAGE; cardv[n++] = k + 1; }
        }
    for (int c = 0; c < 20; c++)
        if (h >> c & 1) { kinds[n] = PLAY; cardv[n++] = c; }
    return n;
}

static int follow_mask(Ctx *x, int h, int lead) {
    int same = h & SUIT(lead / 5);
    if (same) {
        int hi = same & stronger(lead);
        return hi ? hi : same;
    }
    int t = h & SUIT(x->trump);
    return t ? t : h;
}

/* ---------------------------------------------------------------- memo */
static uint64_t mix(uint64_t h, uint64_t v) {
    h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    return h;
}

static void make_key(const Pos *P, int type, int hand0, int key[16]) {
    key[0] = P->h[0]; key[1] = P->h[1]; key[2] = P->pts[0]; key[3] = P->pts[1];
    key[4] = P->mar[0]; key[5] = P->mar[1]; key[6] = P->won[0]; key[7] = P->won[1];
    key[8] = P->pos; key[9] = P->tc; key[10] = P->cl; key[11] = P->cop; key[12] = P->cot;
    key[13] = P->first; key[14] = P->leader * 64 + (type + 32); key[15] = hand0;
}

static size_t slot_of(Ctx *x, const int key[16], uint64_t ws) {
    uint64_t h = ws;
    for (int i = 0; i < 16; i++) h = mix(h, (uint64_t)(uint32_t)key[i]);
    size_t i = (size_t)h & (x->cap - 1);
    while (x->tab[i].used) {
        if (x->tab[i].ws == ws && memcmp(x->tab[i].key, key, sizeof(int) * 16) == 0) return i;
        i = (i + 1) & (x->cap - 1);
    }
    return i;
}

static int grow(Ctx *x) {
    size_t old = x->cap;
    Entry *ot = x->tab;
    x->cap = old * 2;
    x->tab = calloc(x->cap, sizeof(Entry));
    if (!x->tab) return -1;
    x->used = 0;
    for (size_t i = 0; i < old; i++)
        if (ot[i].used) {
            size_t j = slot_of(x, ot[i].key, ot[i].ws);
            x->tab[j] = ot[i];
            x->used++;
        }
    free(ot);
    return 0;
}

static double *memo_get(Ctx *x, const Pos *P, int type, int hand0, uint64_t ws) {
    int key[16];
    make_key(P, type, hand0, key);
    size_t i = slot_of(x, key, ws);
    return x->tab[i].used ? x->tab[i].vec : NULL;
}

static void memo_put(Ctx *x, const Pos *P, int type, int hand0, uint64_t ws, double *vec, int n) {
    int key[16];
    if (2 * (x->used + 1) > x->cap && grow(x) < 0) return;
    make_key(P, type, hand0, key);
    size_t i = slot_of(x, key, ws);
    if (x->tab[i].used) return;
    memcpy(x->tab[i].key, key, sizeof key);
    x->tab[i].ws = ws;
    x->tab[i].used = 1;
    x->tab[i].n = n;
    x->tab[i].vec = malloc(sizeof(double) * n);
    if (x->tab[i].vec) memcpy(x->tab[i].vec, vec, sizeof(double) * n);
    x->used++;
}

static int count(Ctx *x, int n) {
    if (x->over) return 1;
    x->nodes += n + x->overhead;
    if (x->limit >= 0 && x->nodes > x->limit) x->over = 1;
    return x->over;
}

/* ---------------------------------------------------------------- the search */
/* ws: world indices (ascending) as a list; hands: the opponent's hand per world. */
static void after_trick(Ctx *x, const Pos *Q, const int *ws, const int *hands, int n, double *out);
static void my_follow(Ctx *x, const Pos *P, int lead, const int *ws, const int *hands, int n, double *out);

static uint64_t mask_of(const int *ws, int n) {
    uint64_t m = 0;
    for (int j = 0; j < n; j++) m |= 1ULL << ws[j];
    return m;
}

static void best(Ctx *x, double **vecs, int nm, const int *ws, int n, double *out) {
    if (nm == 1) { memcpy(out, vecs[0], sizeof(double) * n); return; }
    if (n == 1) {
        int bk = 0;
        for (int k = 1; k < nm; k++) if (vecs[k][0] > vecs[bk][0]) bk = k;
        out[0] = vecs[bk][0];
        return;
    }
    double totals[32];
    for (int k = 0; k < nm; k++) {
        double t = 0.0;
        for (int j = 0; j < n; j++) t += x->w[ws[j]] * vecs[k][j];
        totals[k] = t;
    }
    for (int j = 0; j < n; j++) {
        double wj = x->w[ws[j]];
        int bk = 0;
        double bt = 0.0;
        for (int k = 0; k < nm; k++) {
            double t = totals[k] - wj * vecs[k][j];
            if (k == 0 || t > bt + 1e-12) { bk = k; bt = t; }
        }
        out[j] = vecs[bk][j];
    }
}

/* the player led `lead`; the opponent answers per world. */
static void opp_follows(Ctx *x, const Pos *P, int lead, const int *ws, const int *hands, int n, double *out) {
    if (count(x, n)) return;
    for (int j = 0; j < n; j++) out[j] = 1e9;
    /* the cards in order of first appearance over the worlds (as the Python groups) */
    int order[20], no = 0, seen = 0;
    for (int j = 0; j < n; j++) {
        int fm = follow_mask(x, hands[j], lead);
        for (int c = 0; c < 20; c++)
            if ((fm >> c & 1) && !(seen >> c & 1)) { seen |= 1 << c; order[no++] = c; }
    }
    for (int oi = 0; oi < no && !x->over; oi++) {
        int c = order[oi];
        int js[MAXW], sub_ws[MAXW], sub_h[MAXW], m = 0;
        for (int j = 0; j < n; j++)
            if (follow_mask(x, hands[j], lead) >> c & 1) {
                js[m] = j; sub_ws[m] = ws[j]; sub_h[m] = hands[j] & ~(1 << c); m++;
            }
        Pos Pw = *P, Q;
        Pw.h[x->o] = hands[js[0]];
        int end, val;
        trick(x, &Pw, lead, c, &Q, &end, &val);
        double vec[MAXW];
        if (end) {
            for (int i = 0; i < m; i++) vec[i] = x->sign * val;
        } else {
            Q.h[x->o] = 0;
            after_trick(x, &Q, sub_ws, sub_h, m, vec);
        }
        for (int i = 0; i < m; i++)
            if (vec[i] < out[js[i]]) out[js[i]] = vec[i];
    }
}

/* options of the player on lead: vectors per move into vecs (caller frees). */
static int lead_options(Ctx *x, const Pos *P, const int *ws, const int *hands, int n,
                        int *kinds, int *cardv, double **vecs) {
    if (count(x, n)) return 0;
    Pos Pw = *P;
    Pw.h[x->o] = hands[0];
    int nm = lead_moves(x, &Pw, kinds, cardv);
    for (int k = 0; k < nm; k++) {
        vecs[k] = malloc(sizeof(double) * n);
        if (x->over) { for (int j = 0; j < n; j++) vecs[k][j] = 0; continue; }
        if (kinds[k] == DECLARE) {
            int v = declare_value(x, &Pw, x->me);
            for (int j = 0; j < n; j++) vecs[k][j] = x->sign * v;
        } else if (kinds[k] == PLAY) {
            opp_follows(x, P, cardv[k], ws, hands, n, vecs[k]);
        } else {
            int c = cardv[k], end, val;
            Pos Q;
            announce(x, &Pw, c - c % 5 + 2, &Q, &end, &val);
            if (end) {
                for (int j = 0; j < n; j++) vecs[k][j] = x->sign * val;
            } else {
                Q.h[x->o] = 0;
                opp_follows(x, &Q, c, ws, hands, n, vecs[k]);
            }
        }
    }
    return nm;
}

static void my_lead(Ctx *x, const Pos *P, const int *ws, const int *hands, int n, double *out) {
    uint64_t wm = mask_of(ws, n);
    double *got = memo_get(x, P, -1, hands[0], wm);
    if (got) { memcpy(out, got, sizeof(double) * n); return; }
    int kinds[32], cardv[32];
    double *vecs[32];
    int nm = lead_options(x, P, ws, hands, n, kinds, cardv, vecs);
    if (!x->over && nm) {
        best(x, vecs, nm, ws, n, out);
        memo_put(x, P, -1, hands[0], wm, out, n);
    }
    for (int k = 0; k < nm; k++) free(vecs[k]);
}

static int follow_options(Ctx *x, const Pos *P, int lead, const int *ws, const int *hands, int n,
                          int *cardv, double **vecs) {
    if (count(x, n)) return 0;
    Pos P0 = *P;
    P0.h[x->o] = hands[0] | (1 << lead);
    int fm = follow_mask(x, P0.h[x->me], lead), nm = 0;
    for (int c = 0; c < 20; c++) {
        if (!(fm >> c & 1)) continue;
        cardv[nm] = c;
        vecs[nm] = malloc(sizeof(double) * n);
        if (x->over) { for (int j = 0; j < n; j++) vecs[nm][j] = 0; nm++; continue; }
        Pos Q;
        int end, val;
        trick(x, &P0, lead, c, &Q, &end, &val);
        if (end) {
            for (int j = 0; j < n; j++) vecs[nm][j] = x->sign * val;
        } else {
            Q.h[x->o] = 0;
            after_trick(x, &Q, ws, hands, n, vecs[nm]);
        }
        nm++;
    }
    return nm;
}

static void my_follow(Ctx *x, const Pos *P, int lead, const int *ws, const int *hands, int n, double *out) {
    uint64_t wm = mask_of(ws, n);
    double *got = memo_get(x, P, lead, hands[0], wm);
    if (got) { memcpy(out, got, sizeof(double) * n); return; }
    int cardv[32];
    double *vecs[32];
    int nm = follow_options(x, P, lead, ws, hands, n, cardv, vecs);
    if (!x->over && nm) {
        best(x, vecs, nm, ws, n, out);
        memo_put(x, P, lead, hands[0], wm, out, n);
    }
    for (int k = 0; k < nm; k++) free(vecs[k]);
}

static void opp_lead(Ctx *x, const Pos *P, const int *ws, const int *hands, int n, double *out) {
    uint64_t wm = mask_of(ws, n);
    double *got = memo_get(x, P, -2, hands[0], wm);
    if (got) { memcpy(out, got, sizeof(double) * n); return; }
    if (count(x, n)) return;
    for (int j = 0; j < n; j++) out[j] = 1e9;
    /* moves per world, grouped by move (order does not matter for the minimum) */
    int kinds_w[MAXW][32], cards_w[MAXW][32], nmw[MAXW];
    for (int j = 0; j < n; j++) {
        Pos Pw = *P;
        Pw.h[x->o] = hands[j];
        nmw[j] = lead_moves(x, &Pw, kinds_w[j], cards_w[j]);
    }
    /* distinct moves: kind*32 + card+1 */
    int seen[256];
    memset(seen, 0, sizeof seen);
    for (int j0 = 0; j0 < n && !x->over; j0++) {
        for (int k0 = 0; k0 < nmw[j0] && !x->over; k0++) {
            int kind = kinds_w[j0][k0], card = cards_w[j0][k0];
            int code = kind * 32 + card + 1;
            if (seen[code]) continue;
            seen[code] = 1;
            int js[MAXW], sub_ws[MAXW], sub_h[MAXW], m = 0;
            for (int j = j0; j < n; j++)
                for (int k = 0; k < nmw[j]; k++)
                    if (kinds_w[j][k] == kind && cards_w[j][k] == card) {
                        js[m] = j; sub_ws[m] = ws[j];
                        sub_h[m] = (kind == DECLARE) ? hands[j] : (hands[j] & ~(1 << card));
                        m++;
                        break;
                    }
            Pos Pw = *P;
            Pw.h[x->o] = hands[js[0]];
            double vec[MAXW];
            if (kind == DECLARE) {
                int v = declare_value(x, &Pw, x->o);
                for (int i = 0; i < m; i++) vec[i] = x->sign * v;
            } else {
                Pos Q = *P;
                int end = 0, val = 0;
                if (kind == MARRIAGE) {
                    Pos Qw;
                    announce(x, &Pw, card - card % 5 + 2, &Qw, &end, &val);
                    Q = Qw;
                    Q.h[x->o] = 0;
                }
                if (end) {
                    for (int i = 0; i < m; i++) vec[i] = x->sign * val;
                } else {
                    my_follow(x, &Q, card, sub_ws, sub_h, m, vec);
                }
            }
            for (int i = 0; i < m; i++)
                if (vec[i] < out[js[i]]) out[js[i]] = vec[i];
        }
    }
    if (!x->over) memo_put(x, P, -2, hands[0], wm, out, n);
}

static void after_trick(Ctx *x, const Pos *Q, const int *ws, const int *hands, int n, double *out) {
    if (Q->leader == x->me) my_lead(x, Q, ws, hands, n, out);
    else opp_lead(x, Q, ws, hands, n, out);
}

/* ---------------------------------------------------------------- Python */
static int read_pos(PyObject *t, Pos *P) {
    long v[15];
    if (!PyTuple_Check(t) || PyTuple_GET_SIZE(t) != 15) {
        PyErr_SetString(PyExc_TypeError, "P must be a tuple of 15 ints");
        return -1;
    }
    for (int i = 0; i < 15; i++) {
        v[i] = PyLong_AsLong(PyTuple_GET_ITEM(t, i));
        if (v[i] == -1 && PyErr_Occurred()) return -1;
    }
    P->h[0] = v[0]; P->h[1] = v[1]; P->pts[0] = v[2]; P->pts[1] = v[3];
    P->mar[0] = v[4]; P->mar[1] = v[5]; P->won[0] = v[6]; P->won[1] = v[7];
    P->pos = v[8]; P->tc = v[9]; P->cl = v[10]; P->cop = v[11]; P->cot = v[12];
    P->first = v[13]; P->leader = v[14];
    return 0;
}

static void free_ctx(Ctx *x) {
    if (!x->tab) return;
    for (size_t i = 0; i < x->cap; i++)
        if (x->tab[i].used) free(x->tab[i].vec);
    free(x->tab);
    x->tab = NULL;
}

static PyObject *values(PyObject *self, PyObject *args) {
    int me, lead;
    long long limit;
    PyObject *pt, *hands_o, *weights_o, *rules_o;
    if (!PyArg_ParseTuple(args, "iOiOOOL", &me, &pt, &lead, &hands_o, &weights_o, &rules_o, &limit))
        return NULL;
    Ctx x;
    memset(&x, 0, sizeof x);
    Pos P;
    if (read_pos(pt, &P) < 0) return NULL;
    long r[8];
    if (!PyTuple_Check(rules_o) || PyTuple_GET_SIZE(rules_o) != 8) {
        PyErr_SetString(PyExc_TypeError, "rules must be a tuple of 8 ints");
        return NULL;
    }
    for (int i = 0; i < 8; i++) r[i] = PyLong_AsLong(PyTuple_GET_ITEM(rules_o, i));
    if (PyErr_Occurred()) return NULL;
    x.trump = r[0]; x.autod = r[1]; x.two_three = r[2]; x.failed_two = r[3];
    x.at_end = r[4]; x.king_only = r[5]; x.mar_first = r[6]; x.overhead = r[7];
    x.me = me; x.o = 1 - me; x.sign = me == 0 ? 1 : -1;
    x.limit = limit;
    Py_ssize_t n = PySequence_Size(hands_o);
    if (n < 1 || n > MAXW || PySequence_Size(weights_o) != n) {
        PyErr_SetString(PyExc_ValueError, "1 to 64 hands, one weight each");
        return NULL;
    }
    int ws[MAXW], hands[MAXW];
    for (Py_ssize_t j = 0; j < n; j++) {
        PyObject *h = PySequence_GetItem(hands_o, j), *w = PySequence_GetItem(weights_o, j);
        x.init[j] = (int)PyLong_AsLong(h);
        x.w[j] = PyFloat_AsDouble(w);
        Py_XDECREF(h);
        Py_XDECREF(w);
        ws[j] = (int)j;
        hands[j] = x.init[j];
    }
    if (PyErr_Occurred()) return NULL;
    x.ninit = (int)n;
    x.cap = 1 << 12;
    x.tab = calloc(x.cap, sizeof(Entry));
    if (!x.tab) return PyErr_NoMemory();
    Pos Pp = P;
    Pp.h[x.o] = 0;
    int kinds[32], cardv[32], nm;
    double *vecs[32];
    if (lead < 0) {
        nm = lead_options(&x, &Pp, ws, hands, (int)n, kinds, cardv, vecs);
    } else {
        nm = follow_options(&x, &Pp, lead, ws, hands, (int)n, cardv, vecs);
        for (int k = 0; k < nm; k++) kinds[k] = PLAY;
    }
    PyObject *result;
    if (x.over) {
        result = Py_BuildValue("(OL)", Py_None, x.nodes);
    } else {
        PyObject *lst = PyList_New(nm);
        for (int k = 0; k < nm; k++) {
            PyObject *vec = PyList_New(n);
            for (Py_ssize_t j = 0; j < n; j++) PyList_SET_ITEM(vec, j, PyFloat_FromDouble(vecs[k][j]));
            PyList_SET_ITEM(lst, k, Py_BuildValue("(iiN)", kinds[k], cardv[k], vec));
        }
        result = Py_BuildValue("(NL)", lst, x.nodes);
    }
    for (int k = 0; k < nm; k++) free(vecs[k]);
    free_ctx(&x);
    return result;
}

static PyMethodDef methods[] = {
    {"values", values, METH_VARARGS, "Information-set search of a closed game (see closed.py)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_closed", NULL, -1, methods};

PyMODINIT_FUNC PyInit__closed(void) { return PyModule_Create(&module); }
