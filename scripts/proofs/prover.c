/* prover.c -- proves wins (and hold-outs) in R x C tic-tac-toe with 4 in a row and writes
 * certificates that check_proof.py / check_holdout.py verify (formats: README.md).
 *
 * Build:  gcc -O2 -o prover prover.c
 * Usage:  ./prover value   ROWS COLS          does the attacker win?  (prints WINS / DOES-NOT-WIN)
 *         ./prover prove   ROWS COLS OUT      win certificate (TPF1) for the attacker
 *         ./prover holdout ROWS COLS OUT      hold-out certificate (TPH1): the attacker does not win
 * Environment: OPEN=c1,c2,..  opening moves (X, O, X, ...) played before the position proven
 *              ATT=X|O        the attacker (prove/value: default the side to move after OPEN;
 *                             holdout: default X)
 *              DLIM=d         the attacker must complete a line with a stone numbered <= d
 *                             (stones counted from the empty board); default: no limit
 *              EXACT=1        prove: at every stored position choose a fastest win
 *              TTLOG=n        2^n transposition-table entries of 32 bytes (default 22: 128 MiB
 *                             touched as used); CERTLOG=n: 2^n certificate-map slots (22)
 *
 * Technique: depth-first proof-number search (df-pn, Nagai 2002) with the 1+epsilon
 * threshold trick (Pawlewicz & Lew 2007), a transposition table over positions
 * canonicalised under the board's symmetries (4 on a rectangle, 8 on a square), forced-move
 * pruning (a side facing one open three must block it; two lose), move pruning for the
 * attacker (cells on no line still open to either side are never tried), mobility-based
 * initial proof/disproof numbers, and a pairing-strategy test (Hales-Jewett) that disproves
 * "X wins" when O can cover every line X could still complete with disjoint pairs of free
 * cells.  After the root is solved the proof is extracted: for a win, the attacker's move
 * at every attacker-to-move position reached by its moves and EVERY defender reply (except
 * where it wins at once or must block the defender's only threat: the checker derives
 * those); for a hold-out, the holder's move at every holder-to-move position and the pairing
 * at every leaf that ends in one.
 */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

typedef uint64_t u64;
typedef uint32_t u32;
typedef int64_t i64;

#define INF 1000000000LL
#define MAXC 40

static int R, C, N, K = 4, NS;
static u64 FULL;
static u64 LN[128];
static int NL;
static int CLN[MAXC][24], NCL[MAXC];
static int SYMC[8][MAXC];
static u64 SYMT[8][5][256];
static double EPS = 0.25;
static int ADV = 0;  /* extra stones of the defender: the attacker ("X") is to move iff |x| + ADV == |o| */
static int DLIM = 99;
static int EXACT = 0; /* prove mode: at every stored position choose a fastest win */ /* X must complete a line by this ply (plies counted from the empty board) */

static inline int pc(u64 v) { return __builtin_popcountll(v); }
static inline int ctz(u64 v) { return __builtin_ctzll(v); }

static void geometry(void) {
    N = R * C;
    FULL = (1ULL << N) - 1;
    NL = 0;
    int dr[4] = {0, 1, 1, 1}, dc[4] = {1, 0, 1, -1};
    for (int r = 0; r < R; r++)
        for (int c = 0; c < C; c++)
            for (int d = 0; d < 4; d++) {
                int er = r + (K - 1) * dr[d], ec = c + (K - 1) * dc[d];
                if (er < 0 || er >= R || ec < 0 || ec >= C) continue;
                u64 m = 0;
                for (int i = 0; i < K; i++) m |= 1ULL << ((r + i * dr[d]) * C + c + i * dc[d]);
                LN[NL++] = m;
            }
    memset(NCL, 0, sizeof NCL);
    for (int i = 0; i < NL; i++)
        for (int c = 0; c < N; c++)
            if (LN[i] >> c & 1) CLN[c][NCL[c]++] = i;
    NS = (R == C) ? 8 : 4;
    for (int s = 0; s < NS; s++)
        for (int r = 0; r < R; r++)
            for (int c = 0; c < C; c++) {
                int rr = r, cc = c;
                if (s & 4) { int t = rr; rr = cc; cc = t; }         /* transpose (square only) */
                if (s & 1) cc = C - 1 - cc;                         /* left-right mirror */
                if (s & 2) rr = R - 1 - rr;                         /* top-bottom mirror */
                SYMC[s][r * C + c] = rr * C + cc;
            }
    memset(SYMT, 0, sizeof SYMT);
    for (int s = 0; s < NS; s++)
        for (int b = 0; b < 5; b++)
            for (int v = 0; v < 256; v++) {
                u64 m = 0;
                for (int i = 0; i < 8; i++) {
                    int cell = b * 8 + i;
                    if ((v >> i & 1) && cell < N) m |= 1ULL << SYMC[s][cell];
                }
                SYMT[s][b][v] = m;
            }
}

static inline u64 symb(int s, u64 b) {
    return SYMT[s][0][b & 255] | SYMT[s][1][(b >> 8) & 255] | SYMT[s][2][(b >> 16) & 255] |
           SYMT[s][3][(b >> 24) & 255] | SYMT[s][4][(b >> 32) & 255];
}

/* canonical form: the symmetric image with the smallest (o, x), i.e. the smallest
 * key x + o * 2^N.  Returns the symmetry used. */
static int canon(u64 x, u64 o, u64 *cx, u64 *co) {
    u64 bx = x, bo = o;
    int bs = 0;
    for (int s = 1; s < NS; s++) {
        u64 so = symb(s, o);
        if (so > bo) continue;
        u64 sx = symb(s, x);
        if (so < bo || sx < bx) { bx = sx; bo = so; bs = s; }
    }
    *cx = bx; *co = bo;
    return bs;
}

/* cells where side s (opponent t) would complete a line */
static inline u64 threats(u64 s, u64 t) {
    u64 r = 0;
    for (int i = 0; i < NL; i++) {
        u64 L = LN[i];
        if (!(L & t) && pc(L & s) == K - 1) r |= L & ~s;
    }
    return r;
}

/* ---------------- pairing strategy test ---------------- */
static u64 PF[128];
static int PNL, pbudget, PBUDGET = 300;
static long pair_calls, pair_hits;
static u64 PST[64]; /* the pairs chosen (two-bit masks), PDEPTH of them after a success */
static int PDEPTH;

static int pair_rec(u64 used, u64 covered, int depth) {
    if (--pbudget < 0) return 0;
    int bi = -1, bc = 99;
    for (int i = 0; i < PNL; i++) {
        if (covered >> i & 1) continue;
        int c = pc(PF[i] & ~used);
        if (c < bc) { bc = c; bi = i; }
    }
    if (bi < 0) { PDEPTH = depth; return 1; }
    if (bc < 2) return 0;
    u64 f = PF[bi] & ~used;
    for (u64 a = f; a; a &= a - 1) {
        u64 ab = a & -a;
        for (u64 b = a & (a - 1); b; b &= b - 1) {
            u64 bb = b & -b, pr = ab | bb;
            u64 cov = covered;
            for (int j = 0; j < PNL; j++)
                if (!(cov >> j & 1) && (PF[j] & pr) == pr) cov |= 1ULL << j;
            PST[depth] = pr;
            if (pair_rec(used | pr, cov, depth + 1)) return 1;
            if (pbudget < 0) return 0;
        }
    }
    return 0;
}

/* can O (answering X) keep X from ever completing a line? (sufficient test) */
static int o_pairing(u64 x, u64 o) {
    u64 e = FULL & ~(x | o);
    PNL = 0;
    for (int i = 0; i < NL; i++) {
        if (LN[i] & o) continue;
        u64 f = LN[i] & e;
        if (pc(f) < 2) return 0;
        if (PNL >= 64) return 0;
        PF[PNL++] = f;
    }
    if (PNL == 0) { PDEPTH = 0; return 1; }
    pair_calls++;
    pbudget = PBUDGET;
    int r = pair_rec(0, 0, 0);
    pair_hits += r;
    return r;
}

/* ---------------- transposition table ---------------- */
typedef struct {
    u64 x, o;
    u32 pn, dn;
    u32 work;
    int8_t best; /* proving move (canonical frame) of a proven X node */
    int8_t pad[3];
} TTE;

static TTE *tt;
static u64 ttmask; /* buckets - 1; 4 entries per bucket */
static long tt_stores, tt_used;

static inline u64 hsh(u64 x, u64 o) {
    u64 h = x * 0x9E3779B97F4A7C15ULL ^ (o + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
    h ^= h >> 31;
    h *= 0xD6E8FEB86659FD93ULL;
    h ^= h >> 32;
    return h;
}

/* the depth limit is part of every table key (a position may be won by ply 11 and not by 9) */
#define SALT(o) ((o) ^ ((u64)DLIM << 56))

static TTE *tt_find(u64 x, u64 o) {
    o = SALT(o);
    TTE *b = tt + (hsh(x, o) & ttmask) * 4;
    for (int i = 0; i < 4; i++)
        if (b[i].work && b[i].x == x && b[i].o == o) return &b[i];
    return NULL;
}

static void tt_store(u64 x, u64 o, u32 pn, u32 dn, u64 work, int best) {
    o = SALT(o);
    TTE *b = tt + (hsh(x, o) & ttmask) * 4, *v = NULL;
    for (int i = 0; i < 4; i++)
        if (b[i].work && b[i].x == x && b[i].o == o) { v = &b[i]; break; }
    if (!v) {
        v = &b[0];
        for (int i = 1; i < 4; i++) {
            /* keep solved entries over unsolved ones of similar work */
            u64 wi = b[i].work, wv = v->work;
            if (b[i].pn && b[i].dn) wi >>= 2; else if (b[i].work) wi += 64;
            if (v->pn && v->dn) wv >>= 2; else if (v->work) wv += 64;
            if (!b[i].work) { v = &b[i]; break; }
            if (wi < wv) v = &b[i];
        }
        if (!v->work) tt_used++;
    }
    tt_stores++;
    v->x = x; v->o = o; v->pn = pn; v->dn = dn;
    if (work > 0xFFFFFFF0ULL) work = 0xFFFFFFF0ULL;
    if (work < 1) work = 1;
    v->work = (u32)work;
    v->best = (int8_t)best;
}

/* ---------------- node evaluation ---------------- */
/* static value of a position (canonical), side to move from stone counts.
 * returns pn/dn; pn==0 proven (X wins), dn==0 disproven. */
static int useful_cells_x(u64 x, u64 o, u64 *out);

static void evaluate(u64 x, u64 o, u32 *pn, u32 *dn) {
    u64 e = FULL & ~(x | o);
    int xtm = pc(x) + ADV == pc(o);
    int ply = pc(x) + pc(o);
    if (xtm) {
        if (threats(x, o) & e) {
            if (ply + 1 <= DLIM) { *pn = 0; *dn = INF; } else { *pn = INF; *dn = 0; }
            return;
        }
        if (!e || ply + 3 > DLIM) { *pn = INF; *dn = 0; return; }
        u64 ot = threats(o, x) & e;
        if (pc(ot) >= 2) { *pn = INF; *dn = 0; return; }
        if (pc(x) >= 3 && o_pairing(x, o)) { *pn = INF; *dn = 0; return; }
        if (ot) { *pn = 1; *dn = 1; return; }
        u64 u;
        int n = useful_cells_x(x, o, &u);
        if (n == 0) { *pn = INF; *dn = 0; return; }
        *pn = 1; *dn = n;
    } else {
        if (threats(o, x) & e) { *pn = INF; *dn = 0; return; }
        if (!e || ply + 2 > DLIM) { *pn = INF; *dn = 0; return; }
        u64 xt = threats(x, o) & e;
        if (pc(xt) >= 2) { *pn = 0; *dn = INF; return; }
        if (xt) { *pn = 1; *dn = 1; return; }
        *pn = pc(e); *dn = 1;
    }
}

/* cells on some line still open to X or to O */
static int useful_cells_x(u64 x, u64 o, u64 *out) {
    u64 e = FULL & ~(x | o), u = 0;
    for (int i = 0; i < NL; i++) {
        u64 L = LN[i];
        if (!(L & o) || !(L & x)) u |= L;
    }
    u &= e;
    *out = u;
    return pc(u);
}

/* move ordering score of a cell for the side to move */
static int cell_score(u64 me, u64 op, int c) {
    int s = 0;
    for (int j = 0; j < NCL[c]; j++) {
        u64 L = LN[CLN[c][j]];
        if (!(L & op)) { int k = pc(L & me); s += 1 + k * k * 4; }
        if (!(L & me)) { int k = pc(L & op); s += 1 + k * k * 3; }
    }
    return s;
}

/* ---------------- df-pn ---------------- */
typedef struct {
    u64 x, o;
    u32 pn, dn;
    int mv, score;
} Child;

static u64 nodes, expansions;
static time_t t_start;
static u64 next_report = 1000000;

static int gen(u64 x, u64 o, Child *ch) {
    int xtm = pc(x) + ADV == pc(o);
    u64 e = FULL & ~(x | o), moves;
    if (xtm) {
        u64 ot = threats(o, x) & e;
        if (ot) moves = ot;
        else useful_cells_x(x, o, &moves);
    } else {
        u64 xt = threats(x, o) & e;
        moves = xt ? xt : e;
    }
    int n = 0;
    for (u64 m = moves; m; m &= m - 1) {
        int c = ctz(m);
        u64 nx = x, no = o;
        if (xtm) nx |= 1ULL << c; else no |= 1ULL << c;
        u64 cx, co;
        canon(nx, no, &cx, &co);
        int dup = 0;
        for (int i = 0; i < n; i++)
            if (ch[i].x == cx && ch[i].o == co) { dup = 1; break; }
        if (dup) continue;
        Child *h = &ch[n++];
        h->x = cx; h->o = co; h->mv = c;
        h->score = xtm ? cell_score(x, o, c) : cell_score(o, x, c);
        TTE *t = tt_find(cx, co);
        if (t) { h->pn = t->pn; h->dn = t->dn; }
        else evaluate(cx, co, &h->pn, &h->dn);
    }
    /* sort by score, descending (insertion sort) */
    for (int i = 1; i < n; i++) {
        Child t = ch[i];
        int j = i - 1;
        while (j >= 0 && ch[j].score < t.score) { ch[j + 1] = ch[j]; j--; }
        ch[j + 1] = t;
    }
    return n;
}

static void mid(u64 x, u64 o, i64 thpn, i64 thdn, u32 *rpn, u32 *rdn) {
    Child ch[MAXC];
    int xtm = pc(x) + ADV == pc(o);
    u64 w0 = nodes++;
    expansions++;
    if (nodes >= next_report) {
        next_report += 1000000;
        fprintf(stderr, "  %llu Mnodes, %lds, tt used %ld, pairing %ld/%ld\n",
                (unsigned long long)(nodes / 1000000), (long)(time(NULL) - t_start), tt_used,
                pair_hits, pair_calls);
    }
    int n = gen(x, o, ch);
    i64 pn, dn;
    int b;
    for (;;) {
        i64 v1 = INF + 1, v2 = INF + 1, sum = 0;
        b = -1;
        for (int i = 0; i < n; i++) {
            i64 a = xtm ? ch[i].pn : ch[i].dn, s = xtm ? ch[i].dn : ch[i].pn;
            sum += s;
            if (a < v1) { v2 = v1; v1 = a; b = i; }
            else if (a < v2) v2 = a;
        }
        if (sum > INF) sum = INF;
        if (n == 0) { v1 = INF; sum = 0; }
        if (xtm) { pn = v1; dn = sum; } else { dn = v1; pn = sum; }
        if (pn == 0 || dn == 0 || pn >= thpn || dn >= thdn) break;
        i64 cth1, cth2, lim2 = v2 >= INF ? INF : (i64)(v2 * (1.0 + EPS)) + 1;
        if (lim2 > INF) lim2 = INF;
        if (xtm) {
            cth1 = thpn < lim2 ? thpn : lim2;
            cth2 = thdn - dn + ch[b].dn;
            if (cth2 > INF) cth2 = INF;
            mid(ch[b].x, ch[b].o, cth1, cth2, &ch[b].pn, &ch[b].dn);
        } else {
            cth2 = thdn < lim2 ? thdn : lim2;
            cth1 = thpn - pn + ch[b].pn;
            if (cth1 > INF) cth1 = INF;
            mid(ch[b].x, ch[b].o, cth1, cth2, &ch[b].pn, &ch[b].dn);
        }
    }
    int best = -1; /* the proving move of a proven X node, the disproving move of a disproven O node */
    if (pn == 0 && xtm) {
        for (int i = 0; i < n; i++)
            if (ch[i].pn == 0) { best = ch[i].mv; break; }
    }
    if (dn == 0 && !xtm) {
        for (int i = 0; i < n; i++)
            if (ch[i].dn == 0) { best = ch[i].mv; break; }
    }
    tt_store(x, o, (u32)pn, (u32)dn, nodes - w0, best);
    *rpn = (u32)pn;
    *rdn = (u32)dn;
}

/* solve a canonical position: 1 proven, 0 disproven */
static int solve(u64 x, u64 o) {
    u32 pn, dn;
    TTE *t = tt_find(x, o);
    if (t && (t->pn == 0 || t->dn == 0)) return t->pn == 0;
    evaluate(x, o, &pn, &dn);
    if (pn == 0 || dn == 0) return pn == 0;
    mid(x, o, INF, INF, &pn, &dn);
    if (pn != 0 && dn != 0) { fprintf(stderr, "search did not finish\n"); exit(2); }
    return pn == 0;
}

/* ---------------- certificates ---------------- */
/* Internally the side being proven to win (or held) is "x" (the attacker) and the other
 * side "o" (the defender, or the holder of a hold-out certificate), whatever their real
 * colours are. */
typedef struct {
    u64 x, o;
    int mv;   /* stored move (canonical frame), -1 for a pairing entry */
    int used;
    int poff, np; /* pairing: pairs POOL[poff .. poff+np-1] */
} CE;

typedef struct { CE *t; u64 mask; long n; } Map;
static Map cert, visited;
static u64 *POOL;
static long npool, poolcap;
static long nresolve;

static void map_init(Map *m, int lg) {
    m->mask = (1ULL << lg) - 1;
    m->t = calloc(m->mask + 1, sizeof(CE));
    m->n = 0;
    if (!m->t) { fprintf(stderr, "no memory\n"); exit(1); }
}

/* the slot of (x, o): used==0 if absent */
static CE *map_slot(Map *m, u64 x, u64 o) {
    u64 i = hsh(x, o) & m->mask;
    while (m->t[i].used && !(m->t[i].x == x && m->t[i].o == o)) i = (i + 1) & m->mask;
    return &m->t[i];
}

static CE *map_put(Map *m, u64 x, u64 o) {
    CE *s = map_slot(m, x, o);
    if (!s->used) {
        s->used = 1; s->x = x; s->o = o; s->mv = -1; s->np = 0;
        if ((u64)++m->n * 2 > m->mask) { fprintf(stderr, "map full\n"); exit(4); }
    }
    return s;
}

static inline int line_done(u64 s, int c) {
    for (int j = 0; j < NCL[c]; j++) {
        u64 L = LN[CLN[c][j]];
        if ((s & L) == L) return 1;
    }
    return 0;
}

static void bug(const char *what, u64 x, u64 o) {
    fprintf(stderr, "BUG: %s at ", what);
    for (int c = 0; c < N; c++) fputc(x >> c & 1 ? 'X' : o >> c & 1 ? 'O' : '.', stderr);
    fputc('\n', stderr);
    exit(3);
}

/* X move m makes two threats while O has none: proven with no stored descendant */
static int double_threat(u64 x, u64 o, int m) {
    u64 nx = x | 1ULL << m, e = FULL & ~(nx | o);
    return pc(threats(nx, o) & e) >= 2 && !(threats(o, nx) & e);
}

/* a move of the side to move in canonical (cx, co) that keeps the TT verdict
 * (proven for X to move, disproven for O to move); re-searches when the table lost it */
static int verdict_move(u64 cx, u64 co, int xtm) {
    TTE *t = tt_find(cx, co);
    if (t && (xtm ? t->pn == 0 : t->dn == 0) && t->best >= 0) return t->best;
    Child ch[MAXC];
    int n = gen(cx, co, ch);
    for (int i = 0; i < n; i++)
        if (xtm ? ch[i].pn == 0 : ch[i].dn == 0) return ch[i].mv;
    nresolve++;
    if (t) t->work = 0; /* drop the entry and search again */
    u32 pn, dn;
    mid(cx, co, INF, INF, &pn, &dn);
    t = tt_find(cx, co);
    if (!t || (xtm ? t->pn != 0 : t->dn != 0) || t->best < 0) bug("verdict lost", cx, co);
    return t->best;
}

/* ---- win certificate: X's move at every X-to-move position of the proof ---- */
static void win_x(u64 x, u64 o);

static void win_o(u64 x, u64 o) { /* O to move: every reply */
    u64 e = FULL & ~(x | o);
    if (!e) bug("draw in proof", x, o);
    for (u64 m = e; m; m &= m - 1) {
        int c = ctz(m);
        u64 no = o | 1ULL << c;
        if (line_done(no, c)) bug("O wins in proof", x, no);
        if ((no | x) == FULL) bug("draw in proof", x, no);
        win_x(x, no);
    }
}

static void win_x(u64 x, u64 o) {
    u64 e = FULL & ~(x | o);
    if (threats(x, o) & e) return; /* implicit: X wins at once */
    u64 ot = threats(o, x) & e;
    if (pc(ot) >= 2) bug("O double threat in proof", x, o);
    if (ot) { /* implicit: X blocks O's only threat */
        int m = ctz(ot);
        u64 nx = x | 1ULL << m;
        if (line_done(nx, m)) return;
        win_o(nx, o);
        return;
    }
    u64 cx, co;
    canon(x, o, &cx, &co);
    CE *slot = map_slot(&cert, cx, co);
    if (slot->used) return;
    int mv = -1;
    for (u64 m = FULL & ~(cx | co); m && mv < 0; m &= m - 1)
        if (double_threat(cx, co, ctz(m))) mv = ctz(m);
    if (mv < 0 && EXACT) { /* the fastest win from here: the least ply limit that is proven */
        int save = DLIM, ply = pc(cx) + pc(co);
        for (DLIM = ply + 3; DLIM <= save; DLIM += 2)
            if (solve(cx, co)) break;
        if (DLIM > save) bug("exact: no win within the limit", cx, co);
        mv = verdict_move(cx, co, 1);
        DLIM = save;
    }
    if (mv < 0) mv = verdict_move(cx, co, 1);
    slot = map_put(&cert, cx, co);
    slot->mv = mv;
    u64 nx = cx | 1ULL << mv;
    if (line_done(nx, mv)) return;
    win_o(nx, co);
}

/* ---- hold-out certificate: O's move at every O-to-move position, pairings at leaves ---- */
static void hold_o(u64 x, u64 o);

static void hold_x(u64 x, u64 o) { /* X to move: every move */
    int ply = pc(x) + pc(o);
    if (ply + 1 > DLIM) return;
    u64 e = FULL & ~(x | o);
    if (threats(x, o) & e) bug("X wins in hold-out", x, o);
    if (ply + 3 > DLIM) return;
    u64 cx, co;
    canon(x, o, &cx, &co);
    CE *v = map_slot(&visited, cx, co);
    if (v->used) return;
    map_put(&visited, cx, co);
    PBUDGET = 5000;
    int paired = o_pairing(cx, co);
    PBUDGET = 300;
    if (paired) {
        CE *s = map_put(&cert, cx, co);
        s->mv = -1;
        s->poff = npool; s->np = PDEPTH;
        if (npool + PDEPTH > poolcap) {
            poolcap = 2 * poolcap + 64;
            POOL = realloc(POOL, poolcap * sizeof(u64));
        }
        for (int i = 0; i < PDEPTH; i++) POOL[npool++] = PST[i];
        return;
    }
    u64 ce = FULL & ~(cx | co);
    for (u64 m = ce; m; m &= m - 1) {
        int c = ctz(m);
        u64 nx = cx | 1ULL << c;
        if (line_done(nx, c)) bug("X wins in hold-out", nx, co);
        hold_o(nx, co);
    }
}

static void hold_o(u64 x, u64 o) { /* O to move: one reply */
    int ply = pc(x) + pc(o);
    if (ply + 2 > DLIM) return;
    u64 e = FULL & ~(x | o);
    if (threats(o, x) & e) return; /* O wins at once */
    if (!e) return;                /* draw */
    u64 xt = threats(x, o) & e;
    if (pc(xt) >= 2) bug("X double threat in hold-out", x, o);
    if (xt) { hold_x(x, o | xt); return; } /* implicit: O blocks X's only threat */
    if (ply + 4 > DLIM) return;
    u64 cx, co;
    canon(x, o, &cx, &co);
    CE *slot = map_slot(&cert, cx, co);
    if (slot->used) return;
    int mv = verdict_move(cx, co, 0);
    slot = map_put(&cert, cx, co);
    slot->mv = mv;
    u64 no = co | 1ULL << mv;
    if (line_done(no, mv)) return;
    hold_x(cx, no);
}

/* ---- longest branch of a win certificate (cross-check of the checker's count) ---- */
static Map lmemo;
static int longest_x(u64 x, u64 o);
static int longest_o(u64 x, u64 o) { /* O to move: plies until X's win */
    u64 e = FULL & ~(x | o);
    int best = 0;
    for (u64 m = e; m; m &= m - 1) {
        int v = 1 + longest_x(x, o | 1ULL << ctz(m));
        if (v > best) best = v;
    }
    return best;
}
static int longest_x(u64 x, u64 o) {
    u64 e = FULL & ~(x | o);
    if (threats(x, o) & e) return 1;
    u64 ot = threats(o, x) & e;
    if (ot) return 1 + longest_o(x | 1ULL << ctz(ot), o);
    u64 cx, co;
    canon(x, o, &cx, &co);
    CE *m = map_slot(&lmemo, cx, co);
    if (m->used) return m->mv;
    CE *s = map_slot(&cert, cx, co);
    if (!s->used) bug("missing certificate entry", cx, co);
    int mv = s->mv;
    u64 nx = cx | 1ULL << mv;
    int v = line_done(nx, mv) ? 1 : 1 + longest_o(nx, co);
    m = map_put(&lmemo, cx, co);
    m->mv = v;
    return v;
}

/* ---- writing ---- */
static int cmp_ce(const void *a, const void *b) {
    const CE *p = a, *q = b;
    if (p->o != q->o) return p->o < q->o ? -1 : 1;
    if (p->x != q->x) return p->x < q->x ? -1 : 1;
    return 0;
}

static int W;
static void put_key(FILE *f, u64 x, u64 o) { /* x + o * 2^N, little-endian, W bytes */
    unsigned char kb[16] = {0};
    for (int b = 0; b < N; b++)
        if (x >> b & 1) kb[b >> 3] |= 1 << (b & 7);
    for (int b = 0; b < N; b++)
        if (o >> b & 1) kb[(b + N) >> 3] |= 1 << ((b + N) & 7);
    fwrite(kb, 1, W, f);
}
static void put_u32(FILE *f, u32 v) {
    for (int i = 0; i < 4; i++) fputc(v >> (8 * i) & 255, f);
}

/* entries of the map, sorted by key; pairings (mv < 0) selected by want_pairs */
static CE *sorted(Map *m, int want_pairs, long *n) {
    CE *v = malloc(sizeof(CE) * (m->n + 1));
    long k = 0;
    for (u64 i = 0; i <= m->mask; i++)
        if (m->t[i].used && (m->t[i].mv < 0) == want_pairs) v[k++] = m->t[i];
    qsort(v, k, sizeof(CE), cmp_ce);
    *n = k;
    return v;
}

static int OPEN[64], NOPEN, ATT; /* ATT: 1 = X, 2 = O */

static void header(FILE *f, const char *magic) {
    fwrite(magic, 1, 4, f);
    fputc(R, f); fputc(C, f); fputc(K, f); fputc(W, f);
}
static void opening(FILE *f) {
    fputc(NOPEN, f);
    for (int i = 0; i < NOPEN; i++) fputc(OPEN[i], f);
}

static void write_win(const char *path) {
    long n;
    CE *v = sorted(&cert, 0, &n);
    FILE *f = fopen(path, "wb");
    if (!f) { perror(path); exit(1); }
    header(f, "TPF1");
    put_u32(f, n);
    fputc(ATT, f);
    opening(f);
    for (long i = 0; i < n; i++) put_key(f, v[i].x, v[i].o);
    for (long i = 0; i < n; i++) fputc(v[i].mv, f);
    fclose(f);
    free(v);
}

static void write_hold(const char *path) {
    long n, np;
    CE *v = sorted(&cert, 0, &n), *p = sorted(&cert, 1, &np);
    FILE *f = fopen(path, "wb");
    if (!f) { perror(path); exit(1); }
    header(f, "TPH1");
    put_u32(f, n);
    put_u32(f, np);
    fputc(ATT, f);
    fputc(DLIM >= 99 ? 255 : DLIM, f);
    opening(f);
    for (long i = 0; i < n; i++) put_key(f, v[i].x, v[i].o);
    for (long i = 0; i < n; i++) fputc(v[i].mv, f);
    for (long i = 0; i < np; i++) put_key(f, p[i].x, p[i].o);
    for (long i = 0; i < np; i++) {
        fputc(p[i].np, f);
        for (int j = 0; j < p[i].np; j++) {
            u64 pr = POOL[p[i].poff + j];
            fputc(ctz(pr), f);
            fputc(63 - __builtin_clzll(pr), f);
        }
    }
    fclose(f);
    free(v);
    free(p);
}

static void init_tt(int lg) {
    u64 buckets = 1ULL << (lg - 2);
    tt = calloc(buckets * 4, sizeof(TTE));
    if (!tt) { fprintf(stderr, "no memory for tt\n"); exit(1); }
    ttmask = buckets - 1;
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr,
                "usage: %s value|prove|holdout ROWS COLS [OUT]\n"
                "  environment: OPEN=c1,c2,..  moves played first (X, O, X, ...)\n"
                "               ATT=X|O        the side proven to win (prove, value: default the side to\n"
                "                              move after OPEN) or held to no win (holdout: default X)\n"
                "               DLIM=d         the attacker must complete a line by ply d (from the empty board)\n"
                "               TTLOG=n        2^n transposition-table entries of 32 bytes (default 22)\n",
                argv[0]);
        return 1;
    }
    const char *mode = argv[1];
    R = atoi(argv[2]);
    C = atoi(argv[3]);
    if (getenv("KLINE")) K = atoi(getenv("KLINE"));
    if (R * C > MAXC || R * C > 36) { fprintf(stderr, "board too big\n"); return 1; }
    geometry();
    W = (2 * N + 7) / 8;
    if (getenv("DLIM")) DLIM = atoi(getenv("DLIM"));
    if (getenv("EXACT")) EXACT = atoi(getenv("EXACT"));
    if (getenv("DFPN_EPS")) EPS = atof(getenv("DFPN_EPS"));
    init_tt(getenv("TTLOG") ? atoi(getenv("TTLOG")) : 22);
    u64 xs = 0, os = 0;
    NOPEN = 0;
    if (getenv("OPEN") && *getenv("OPEN")) {
        char *s = strdup(getenv("OPEN")), *tok;
        for (tok = strtok(s, ","); tok; tok = strtok(NULL, ",")) {
            int c = atoi(tok);
            u64 b = 1ULL << c;
            if (c < 0 || c >= N || ((xs | os) & b)) { fprintf(stderr, "bad opening\n"); return 1; }
            if (NOPEN % 2 == 0) xs |= b; else os |= b;
            OPEN[NOPEN++] = c;
        }
    }
    int xmove = NOPEN % 2 == 0; /* X to move after the opening */
    ATT = !strcmp(mode, "holdout") ? 1 : (xmove ? 1 : 2);
    if (getenv("ATT")) ATT = getenv("ATT")[0] == 'O' ? 2 : 1;
    u64 a = ATT == 1 ? xs : os, d = ATT == 1 ? os : xs;
    int atm = (ATT == 1) == xmove; /* attacker to move */
    ADV = atm ? pc(d) - pc(a) : pc(d) + 1 - pc(a);
    t_start = time(NULL);
    double t0 = now();
    u64 ca, cd;
    canon(a, d, &ca, &cd);
    int r = solve(ca, cd);
    double ts = now() - t0;
    if (!strcmp(mode, "value")) {
        printf("%s %s nodes=%llu time=%.2fs\n", ATT == 1 ? "X" : "O", r ? "WINS" : "DOES-NOT-WIN",
               (unsigned long long)nodes, ts);
        return 0;
    }
    if (argc < 5) { fprintf(stderr, "no output file\n"); return 1; }
    map_init(&cert, getenv("CERTLOG") ? atoi(getenv("CERTLOG")) : 22);
    if (!strcmp(mode, "prove")) {
        if (!r) { fprintf(stderr, "not a win for the attacker\n"); return 1; }
        if (atm) win_x(a, d); else win_o(a, d);
        map_init(&lmemo, 22);
        int L = atm ? longest_x(a, d) : longest_o(a, d);
        write_win(argv[4]);
        fprintf(stderr, "%s wins: search %llu nodes %.2fs; certificate %ld positions (%ld re-searched), "
                "longest branch %d plies after the opening; total %.2fs\n",
                ATT == 1 ? "X" : "O", (unsigned long long)nodes, ts, cert.n, nresolve, L, now() - t0);
        return 0;
    }
    if (!strcmp(mode, "holdout")) {
        if (r) { fprintf(stderr, "the attacker wins: no hold-out\n"); return 1; }
        map_init(&visited, 22);
        if (atm) hold_x(a, d); else hold_o(a, d);
        write_hold(argv[4]);
        long np = 0;
        for (u64 i = 0; i <= cert.mask; i++) np += cert.t[i].used && cert.t[i].mv < 0;
        fprintf(stderr, "%s held: search %llu nodes %.2fs; certificate %ld moves + %ld pairings "
                "(%ld re-searched); total %.2fs\n", ATT == 1 ? "X" : "O", (unsigned long long)nodes, ts,
                cert.n - np, np, nresolve, now() - t0);
        return 0;
    }
    fprintf(stderr, "unknown mode %s\n", mode);
    return 1;
}
