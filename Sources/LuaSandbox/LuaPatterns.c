/*
** Lua patterns for the sandbox: string.find/match/gmatch/gsub with a step budget and an
** optional case-insensitive mode. Derived from the pattern-matching part of Lua 5.4.4's
** lstrlib.c, whose structure and names it keeps (match, singlematch, classEnd, matchbalance,
** max_expand, min_expand, start_capture, end_capture, match_capture, push_onecapture,
** str_find_aux, gmatch_aux, add_s, add_value, ...); the changes are the step budget charged
** as the matcher works, the run's deadline, the case-insensitive mode, character classes of
** the C locale whatever the process's locale, and the skip to a possible first character.
**
** Copyright (C) 1994-2022 Lua.org, PUC-Rio.
**
** Permission is hereby granted, free of charge, to any person obtaining a copy of this
** software and associated documentation files (the "Software"), to deal in the Software
** without restriction, including without limitation the rights to use, copy, modify, merge,
** publish, distribute, sublicense, and/or sell copies of the Software, and to permit persons
** to whom the Software is furnished to do so, subject to the following conditions:
**
** The above copyright notice and this permission notice shall be included in all copies or
** substantial portions of the Software.
**
** THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED,
** INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR
** PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE
** FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR
** OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER
** DEALINGS IN THE SOFTWARE.
*/
#include "LuaSandboxInternal.h"

#include <string.h>
#include <strings.h>

#define LUA_MAXCAPTURES 32
#define MAXCCALLS 200 /* maximum recursion depth of 'match' */
#define L_ESC '%'
#define SPECIALS "^$*+?.([%-"
#define CAP_UNFINISHED (-1)
#define CAP_POSITION (-2)
#define uchar(c) ((unsigned char)(c))

/* Steps are taken from the run's budget in chunks, so that counting one step is a decrement
   of a field of the match state; what a call did not use goes back when it ends normally. A
   call that ends in an error keeps at most one chunk, which only ever overcharges the run. */
#define STEP_CHUNK 256

typedef struct MatchState {
    const char *src_init; /* init of source string */
    const char *src_end;  /* end ('\0') of source string */
    const char *p_end;    /* end ('\0') of pattern */
    lua_State *L;
    int matchdepth;       /* control for recursive depth (to avoid C stack overflow) */
    int level;            /* total number of captures (finished or unfinished) */
    banter_control *control;
    long long steps;      /* steps left in the chunk taken from the run's budget */
    int icase;            /* 1: letters match either case */
    struct {
        const char *init;
        ptrdiff_t len;
    } capture[LUA_MAXCAPTURES];
} MatchState;

/* ---------------------------------------------------------------------------------------- */
/* The step budget.                                                                          */

/* Takes the next chunk of steps from the run's budget (one of them for the step being
   counted), stopping the run when the budget is spent or, every 65 536 steps, when the
   run's deadline has passed. */
static void take_steps(MatchState *ms) {
    banter_control *c = ms->control;
    long long before = c->pattern_steps_left;
    if (before <= 0) {
        c->pattern_steps_left = -1;
        c->stopped = BANTER_STOP_PATTERN;
        banter_stop_error(ms->L, c);
    }
    long long chunk = before < STEP_CHUNK ? before : STEP_CHUNK;
    c->pattern_steps_left = before - chunk;
    ms->steps = chunk - 1;
    if ((before >> 16) != (c->pattern_steps_left >> 16) && c->deadline > 0 && banter_monotonic() > c->deadline) {
        c->stopped = BANTER_STOP_TIME;
        banter_stop_error(ms->L, c);
    }
}

static void step(MatchState *ms) {
    if (--ms->steps < 0) take_steps(ms);
}

/* Charges `count` steps at once (work done outside the step-by-step matcher). */
static void charge(MatchState *ms, long long count) {
    if (count <= ms->steps) {
        ms->steps -= count;
        return;
    }
    ms->control->pattern_steps_left -= count - ms->steps - 1;
    ms->steps = 0;
    step(ms);
}

/* Gives the unused part of the current chunk back to the run's budget. */
static void steps_done(MatchState *ms) {
    ms->control->pattern_steps_left += ms->steps;
    ms->steps = 0;
}

/* ---------------------------------------------------------------------------------------- */
/* Character classes as in the C locale, whatever locale the process runs in, so a bot       */
/* matches the same way everywhere; a table lookup per character instead of a libc call.    */

enum {
    C_ALPHA = 0x01, C_DIGIT = 0x02, C_LOWER = 0x04, C_UPPER = 0x08,
    C_SPACE = 0x10, C_CNTRL = 0x20, C_PUNCT = 0x40, C_XDIGIT = 0x80
};

/* The classes of each byte; bytes from 0x80 on belong to none. */
static const unsigned char ctype_of[256] = {
    0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x30, 0x30, 0x30, 0x30, 0x30, 0x20, 0x20,
    0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20,
    0x10, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40,
    0x82, 0x82, 0x82, 0x82, 0x82, 0x82, 0x82, 0x82, 0x82, 0x82, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40,
    0x40, 0x89, 0x89, 0x89, 0x89, 0x89, 0x89, 0x09, 0x09, 0x09, 0x09, 0x09, 0x09, 0x09, 0x09, 0x09,
    0x09, 0x09, 0x09, 0x09, 0x09, 0x09, 0x09, 0x09, 0x09, 0x09, 0x09, 0x40, 0x40, 0x40, 0x40, 0x40,
    0x40, 0x85, 0x85, 0x85, 0x85, 0x85, 0x85, 0x05, 0x05, 0x05, 0x05, 0x05, 0x05, 0x05, 0x05, 0x05,
    0x05, 0x05, 0x05, 0x05, 0x05, 0x05, 0x05, 0x05, 0x05, 0x05, 0x05, 0x40, 0x40, 0x40, 0x40, 0x20,
};

static int c_isdigit(int c) { return (unsigned)(c - '0') < 10; }
static int c_isalpha(int c) { return ctype_of[c & 0xFF] & C_ALPHA; }
static int c_isalnum(int c) { return ctype_of[c & 0xFF] & (C_ALPHA | C_DIGIT); }
static int c_isupper(int c) { return (unsigned)(c - 'A') < 26; }
static int c_tolower(int c) { return c_isupper(c) ? c + ('a' - 'A') : c; }
static int c_toupper(int c) { return (unsigned)(c - 'a') < 26 ? c - ('a' - 'A') : c; }

/* The classes `%cl` stands for, or 0 when `cl` is not a class letter (then `%cl` is `cl`
   itself). An upper-case class letter is the complement of the class. */
static int class_bits(int cl) {
    switch (c_tolower(cl)) {
    case 'a': return C_ALPHA;
    case 'c': return C_CNTRL;
    case 'd': return C_DIGIT;
    case 'g': return C_ALPHA | C_DIGIT | C_PUNCT;
    case 'l': return C_LOWER;
    case 'p': return C_PUNCT;
    case 's': return C_SPACE;
    case 'u': return C_UPPER;
    case 'w': return C_ALPHA | C_DIGIT;
    case 'x': return C_XDIGIT;
    default: return 0;
    }
}

/* ---------------------------------------------------------------------------------------- */
/* The matcher, as in lstrlib.c.                                                             */

static const char *match(MatchState *ms, const char *s, const char *p);

static int check_capture(MatchState *ms, int l) {
    l -= '1';
    if (l < 0 || l >= ms->level || ms->capture[l].len == CAP_UNFINISHED)
        return luaL_error(ms->L, "invalid capture index %%%d", l + 1);
    return l;
}

static int capture_to_close(MatchState *ms) {
    int level = ms->level;
    for (level--; level >= 0; level--)
        if (ms->capture[level].len == CAP_UNFINISHED) return level;
    return luaL_error(ms->L, "invalid pattern capture");
}

static const char *classEnd(MatchState *ms, const char *p) {
    switch (*p++) {
    case L_ESC:
        if (p == ms->p_end) luaL_error(ms->L, "malformed pattern (ends with '%%')");
        return p + 1;
    case '[':
        if (*p == '^') p++;
        do { /* look for a ']' */
            if (p == ms->p_end) luaL_error(ms->L, "malformed pattern (missing ']')");
            if (*(p++) == L_ESC && p < ms->p_end) p++; /* skip escapes (e.g. '%]') */
        } while (*p != ']');
        return p + 1;
    default:
        return p;
    }
}

static int match_class(int c, int cl) {
    int bits = class_bits(cl);
    int res;
    if (bits != 0) res = (ctype_of[c & 0xFF] & bits) != 0;
    else if (c_tolower(cl) == 'z') res = (c == 0); /* deprecated option */
    else return cl == c;
    return c_isupper(cl) ? !res : res;
}

static int matchbracketclass(int c, const char *p, const char *ec) {
    int sig = 1;
    if (*(p + 1) == '^') {
        sig = 0;
        p++; /* skip the '^' */
    }
    while (++p < ec) {
        if (*p == L_ESC) {
            p++;
            if (match_class(c, uchar(*p))) return sig;
        } else if (*(p + 1) == '-' && (p + 2 < ec)) {
            p += 2;
            if (uchar(*(p - 2)) <= c && c <= uchar(*p)) return sig;
        } else if (uchar(*p) == c) {
            return sig;
        }
    }
    return !sig;
}

/* matchbracketclass that, ignoring case, also accepts the other case of a letter. */
static int matchbracketclass_case(MatchState *ms, int c, const char *p, const char *ec) {
    if (matchbracketclass(c, p, ec)) return 1;
    if (!ms->icase) return 0;
    return matchbracketclass(c_tolower(c), p, ec) || matchbracketclass(c_toupper(c), p, ec);
}

/* Whether two subject characters are the same (ignoring case, if so asked). */
static int same_char(MatchState *ms, int a, int b) {
    return a == b || (ms->icase && c_tolower(uchar(a)) == c_tolower(uchar(b)));
}

static int singlematch_char(int c, const char *p, const char *ep) {
    switch (*p) {
    case '.': return 1; /* matches any char */
    case L_ESC: return match_class(c, uchar(*(p + 1)));
    case '[': return matchbracketclass(c, p, ep - 1);
    default: return uchar(*p) == c;
    }
}

static int singlematch(MatchState *ms, const char *s, const char *p, const char *ep) {
    if (s >= ms->src_end) return 0;
    int c = uchar(*s);
    if (singlematch_char(c, p, ep)) return 1;
    if (!ms->icase) return 0;
    return singlematch_char(c_tolower(c), p, ep) || singlematch_char(c_toupper(c), p, ep);
}

static const char *matchbalance(MatchState *ms, const char *s, const char *p) {
    if (p >= ms->p_end - 1) luaL_error(ms->L, "malformed pattern (missing arguments to '%%b')");
    if (s >= ms->src_end || !same_char(ms, *s, *p)) return NULL;
    int b = *p;
    int e = *(p + 1);
    int cont = 1;
    while (++s < ms->src_end) {
        step(ms);
        if (same_char(ms, *s, e)) {
            if (--cont == 0) return s + 1;
        } else if (same_char(ms, *s, b)) {
            cont++;
        }
    }
    return NULL; /* string ends out of balance */
}

static const char *max_expand(MatchState *ms, const char *s, const char *p, const char *ep) {
    ptrdiff_t i = 0; /* counts maximum expand for item */
    while (singlematch(ms, s + i, p, ep)) {
        step(ms);
        i++;
    }
    /* keeps trying to match with the maximum repetitions */
    while (i >= 0) {
        step(ms);
        const char *res = match(ms, (s + i), ep + 1);
        if (res) return res;
        i--; /* else didn't match; reduce 1 repetition to try again */
    }
    return NULL;
}

static const char *min_expand(MatchState *ms, const char *s, const char *p, const char *ep) {
    for (;;) {
        step(ms);
        const char *res = match(ms, s, ep + 1);
        if (res != NULL) return res;
        if (singlematch(ms, s, p, ep)) s++; /* try with one more repetition */
        else return NULL;
    }
}

static const char *start_capture(MatchState *ms, const char *s, const char *p, int what) {
    int level = ms->level;
    if (level >= LUA_MAXCAPTURES) luaL_error(ms->L, "too many captures");
    ms->capture[level].init = s;
    ms->capture[level].len = what;
    ms->level = level + 1;
    const char *res = match(ms, s, p);
    if (res == NULL) ms->level--; /* match failed: undo capture */
    return res;
}

static const char *end_capture(MatchState *ms, const char *s, const char *p) {
    int l = capture_to_close(ms);
    ms->capture[l].len = s - ms->capture[l].init; /* close capture */
    const char *res = match(ms, s, p);
    if (res == NULL) ms->capture[l].len = CAP_UNFINISHED; /* match failed: undo capture */
    return res;
}

static const char *match_capture(MatchState *ms, const char *s, int l) {
    l = check_capture(ms, l);
    size_t len = (size_t)ms->capture[l].len;
    if ((size_t)(ms->src_end - s) >= len &&
        (ms->icase ? strncasecmp(ms->capture[l].init, s, len) : memcmp(ms->capture[l].init, s, len)) == 0)
        return s + len;
    return NULL;
}

static const char *match(MatchState *ms, const char *s, const char *p) {
    if (ms->matchdepth-- == 0) luaL_error(ms->L, "pattern too complex");
    step(ms);
    while (s != NULL && p != ms->p_end) {
        if (*p == '(') { /* start capture */
            if (*(p + 1) == ')') s = start_capture(ms, s, p + 2, CAP_POSITION);
            else s = start_capture(ms, s, p + 1, CAP_UNFINISHED);
            break;
        }
        if (*p == ')') { /* end capture */
            s = end_capture(ms, s, p + 1);
            break;
        }
        if (*p == '$' && (p + 1) == ms->p_end) { /* is the '$' the last char in pattern? */
            s = (s == ms->src_end) ? s : NULL;
            break;
        }
        if (*p == L_ESC && *(p + 1) == 'b') { /* balanced string? */
            s = matchbalance(ms, s, p + 2);
            if (s != NULL) { p += 4; continue; }
            break;
        }
        if (*p == L_ESC && *(p + 1) == 'f') { /* frontier? */
            p += 2;
            if (*p != '[') luaL_error(ms->L, "missing '[' after '%%f' in pattern");
            const char *ep = classEnd(ms, p); /* points to what is next */
            int previous = (s == ms->src_init) ? '\0' : uchar(*(s - 1));
            int current = (s < ms->src_end) ? uchar(*s) : '\0';
            if (!matchbracketclass_case(ms, previous, p, ep - 1) && matchbracketclass_case(ms, current, p, ep - 1)) {
                p = ep;
                continue;
            }
            s = NULL;
            break;
        }
        if (*p == L_ESC && c_isdigit(uchar(*(p + 1)))) { /* capture results (%0-%9)? */
            s = match_capture(ms, s, uchar(*(p + 1)));
            if (s != NULL) { p += 2; continue; }
            break;
        }
        /* default: a single-character item with an optional quantifier */
        const char *ep = classEnd(ms, p); /* points to optional suffix */
        if (!singlematch(ms, s, p, ep)) {
            if (*ep == '*' || *ep == '?' || *ep == '-') { /* accept empty? */
                p = ep + 1;
                continue;
            }
            s = NULL; /* fail */
            break;
        }
        if (*ep == '?') { /* optional */
            const char *res = match(ms, s + 1, ep + 1);
            if (res != NULL) { s = res; break; }
            p = ep + 1;
            continue;
        }
        if (*ep == '+') { s = max_expand(ms, s + 1, p, ep); break; } /* 1 or more repetitions */
        if (*ep == '*') { s = max_expand(ms, s, p, ep); break; }     /* 0 or more repetitions */
        if (*ep == '-') { s = min_expand(ms, s, p, ep); break; }     /* 0 or more, minimum */
        s++; /* else: no suffix: matched one character, go on with the rest */
        p = ep;
        step(ms);
    }
    ms->matchdepth++;
    return s;
}

/* Pushes capture `i` (or the whole match when there are none) and returns its length, or
   CAP_POSITION after pushing a position capture. */
static ptrdiff_t get_onecapture(MatchState *ms, int i, const char *s, const char *e, const char **cap) {
    if (i >= ms->level) {
        if (i != 0) luaL_error(ms->L, "invalid capture index %%%d", i + 1);
        *cap = s;
        return e - s;
    }
    ptrdiff_t capl = ms->capture[i].len;
    *cap = ms->capture[i].init;
    if (capl == CAP_UNFINISHED) luaL_error(ms->L, "unfinished capture");
    else if (capl == CAP_POSITION) lua_pushinteger(ms->L, (ms->capture[i].init - ms->src_init) + 1);
    return capl;
}

static void push_onecapture(MatchState *ms, int i, const char *s, const char *e) {
    const char *cap;
    ptrdiff_t l = get_onecapture(ms, i, s, e, &cap);
    if (l != CAP_POSITION) lua_pushlstring(ms->L, cap, (size_t)l);
}

static int push_captures(MatchState *ms, const char *s, const char *e) {
    int nlevels = (ms->level == 0 && s) ? 1 : ms->level;
    luaL_checkstack(ms->L, nlevels, "too many captures");
    for (int i = 0; i < nlevels; i++) push_onecapture(ms, i, s, e);
    return nlevels;
}

/* check whether pattern has no special characters */
static int nospecials(const char *p, size_t l) {
    for (size_t i = 0; i < l; i++)
        if (strchr(SPECIALS, p[i]) && p[i] != '\0') return 0;
    return 1;
}

static void prepstate(MatchState *ms, lua_State *L, const char *s, size_t ls, const char *p, size_t lp, int icase) {
    ms->L = L;
    ms->matchdepth = MAXCCALLS;
    ms->src_init = s;
    ms->src_end = s + ls;
    ms->p_end = p + lp;
    ms->control = banter_control_of(L);
    ms->steps = 0;
    ms->icase = icase;
}

static void reprepstate(MatchState *ms) {
    ms->level = 0;
    ms->matchdepth = MAXCCALLS;
}

static size_t posrelatI(lua_Integer pos, size_t len) {
    if (pos > 0) return (size_t)pos;
    if (pos == 0) return 1;
    if (pos < -(lua_Integer)len) return 1; /* clip to 1 */
    return len + (size_t)pos + 1;
}

/* Plain search (lstrlib's lmemfind), charging the budget per candidate position so huge
   inputs cannot stall. */
static const char *lmemfind(MatchState *ms, const char *s1, size_t l1, const char *s2, size_t l2) {
    if (l2 == 0) return s1; /* empty strings are everywhere */
    if (l2 > l1) return NULL; /* avoids a negative 'l1' */
    const char *last = s1 + (l1 - l2);
    while (s1 <= last) {
        const char *init = memchr(s1, *s2, (size_t)(last - s1) + 1);
        if (!init) return NULL;
        charge(ms, (long long)(l2 / 16) + 1);
        if (memcmp(init + 1, s2 + 1, l2 - 1) == 0) return init;
        s1 = init + 1;
    }
    return NULL;
}

/* ---------------------------------------------------------------------------------------- */
/* Skipping start positions (not in lstrlib). An unanchored search tries the pattern at     */
/* every start position. When every match must begin with one character of a known class    */
/* (the first item, after opening captures, is a single-character class that is not         */
/* optional), positions where that class does not match are skipped first: memchr for a     */
/* literal character, a tight loop otherwise. Each skipped position is still charged one    */
/* step, so the budget bounds the work as before.                                            */

/* The pattern's first item when a match must begin with one character it matches, else
   NULL; `*item_end` receives its end. A pattern with many opening captures is left alone,
   so the errors the matcher raises for it are raised as before. */
static const char *first_item(MatchState *ms, const char *p, const char **item_end) {
    for (int captures = 0; p < ms->p_end && *p == '('; captures++) {
        if (captures == 8) return NULL;
        p += (p + 1 < ms->p_end && *(p + 1) == ')') ? 2 : 1;
    }
    if (p >= ms->p_end || *p == ')' || (*p == '$' && p + 1 == ms->p_end)) return NULL;
    if (*p == L_ESC && p + 1 < ms->p_end && (*(p + 1) == 'b' || *(p + 1) == 'f' || c_isdigit(uchar(*(p + 1)))))
        return NULL;
    const char *ep = classEnd(ms, p);
    if (ep < ms->p_end && (*ep == '*' || *ep == '?' || *ep == '-')) return NULL;
    *item_end = ep;
    return p;
}

/* The first position from `s` where the first item matches, or the subject's end. */
static const char *skip_to_first(MatchState *ms, const char *s, const char *p, const char *ep) {
    const char *from = s;
    int literal = ep == p + 1 && *p != '.' && *p != '[';
    if (!literal && *p == L_ESC && ep == p + 2 && !c_isalnum(uchar(*(p + 1)))) { literal = 1; p++; }
    if (literal && !(ms->icase && c_isalpha(uchar(*p)))) {
        const char *hit = memchr(s, *p, (size_t)(ms->src_end - s));
        s = hit ? hit : ms->src_end;
    } else if (*p == L_ESC && !ms->icase && class_bits(uchar(*(p + 1))) != 0) {
        int bits = class_bits(uchar(*(p + 1)));
        int complement = c_isupper(uchar(*(p + 1))) != 0;
        while (s < ms->src_end && ((ctype_of[uchar(*s)] & bits) != 0) == complement) s++;
    } else {
        while (s < ms->src_end && !singlematch(ms, s, p, ep)) s++;
    }
    charge(ms, s - from);
    return s;
}

/* ---------------------------------------------------------------------------------------- */
/* find, match, gmatch, gsub.                                                                */

static int str_find_aux(lua_State *L, int find, int icase) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = posrelatI(luaL_optinteger(L, 3, 1), ls) - 1;
    if (init > ls) { /* start after string's end? */
        luaL_pushfail(L); /* cannot find anything */
        return 1;
    }
    MatchState ms;
    prepstate(&ms, L, s, ls, p, lp, icase);
    /* explicit request or no special characters? */
    if (find && !icase && (lua_toboolean(L, 4) || nospecials(p, lp))) {
        /* do a plain search */
        const char *s2 = lmemfind(&ms, s + init, ls - init, p, lp);
        steps_done(&ms);
        if (s2) {
            lua_pushinteger(L, (s2 - s) + 1);
            lua_pushinteger(L, (s2 - s) + (lua_Integer)lp);
            return 2;
        }
        luaL_pushfail(L);
        return 1;
    }
    const char *s1 = s + init;
    int anchor = (*p == '^');
    if (anchor) {
        p++; /* skip anchor character */
        lp--;
        ms.p_end = p + lp;
    }
    const char *first_end = NULL;
    const char *first = anchor ? NULL : first_item(&ms, p, &first_end);
    do {
        if (first && (s1 = skip_to_first(&ms, s1, first, first_end)) == ms.src_end) break;
        reprepstate(&ms);
        const char *res = match(&ms, s1, p);
        if (res != NULL) {
            steps_done(&ms);
            if (find) {
                lua_pushinteger(L, (s1 - s) + 1); /* start */
                lua_pushinteger(L, res - s);      /* end */
                return push_captures(&ms, NULL, 0) + 2;
            }
            return push_captures(&ms, s1, res);
        }
    } while (s1++ < ms.src_end && !anchor);
    steps_done(&ms);
    luaL_pushfail(L); /* not found */
    return 1;
}

int banter_str_find(lua_State *L) { return str_find_aux(L, 1, 0); }
int banter_str_match(lua_State *L) { return str_find_aux(L, 0, 0); }

int banter_str_find_case(lua_State *L) {
    int icase = lua_toboolean(L, 3);
    lua_settop(L, 2);
    lua_pushinteger(L, 1);
    return str_find_aux(L, 1, icase);
}

/* The iterator; upvalues: subject, pattern, next start offset, end offset of the last match
   (-1 before the first). */
static int gmatch_aux(lua_State *L) {
    size_t ls, lp;
    const char *s = lua_tolstring(L, lua_upvalueindex(1), &ls);
    const char *p = lua_tolstring(L, lua_upvalueindex(2), &lp);
    lua_Integer position = lua_tointeger(L, lua_upvalueindex(3));
    lua_Integer lastmatch = lua_tointeger(L, lua_upvalueindex(4));
    MatchState ms;
    prepstate(&ms, L, s, ls, p, lp, 0);
    const char *first_end = NULL;
    const char *first = position <= (lua_Integer)ls ? first_item(&ms, p, &first_end) : NULL;
    for (const char *src = s + position; src <= ms.src_end; src++) {
        if (first && (src = skip_to_first(&ms, src, first, first_end)) == ms.src_end) break;
        reprepstate(&ms);
        const char *e = match(&ms, src, p);
        if (e != NULL && (lastmatch < 0 || e != s + lastmatch)) {
            steps_done(&ms);
            lua_pushinteger(L, e - s);
            lua_copy(L, -1, lua_upvalueindex(3));
            lua_copy(L, -1, lua_upvalueindex(4));
            lua_pop(L, 1);
            return push_captures(&ms, src, e);
        }
    }
    steps_done(&ms);
    return 0; /* not found */
}

int banter_str_gmatch(lua_State *L) {
    size_t ls;
    luaL_checklstring(L, 1, &ls);
    luaL_checkstring(L, 2);
    size_t init = posrelatI(luaL_optinteger(L, 3, 1), ls) - 1;
    if (init > ls) init = ls + 1; /* start after string's end */
    lua_settop(L, 2); /* keep strings on closure to avoid being collected */
    lua_pushinteger(L, (lua_Integer)init);
    lua_pushinteger(L, -1);
    lua_pushcclosure(L, gmatch_aux, 4);
    return 1;
}

static void add_s(MatchState *ms, luaL_Buffer *b, const char *s, const char *e) {
    size_t l;
    lua_State *L = ms->L;
    const char *news = lua_tolstring(L, 3, &l);
    const char *p;
    while ((p = memchr(news, L_ESC, l)) != NULL) {
        luaL_addlstring(b, news, (size_t)(p - news));
        p++; /* skip ESC */
        if (*p == L_ESC) { /* '%%' */
            luaL_addchar(b, *p);
        } else if (*p == '0') { /* '%0' */
            luaL_addlstring(b, s, (size_t)(e - s));
        } else if (c_isdigit(uchar(*p))) { /* '%n' */
            const char *cap;
            ptrdiff_t resl = get_onecapture(ms, *p - '1', s, e, &cap);
            if (resl == CAP_POSITION) luaL_addvalue(b); /* add position to accumulated result */
            else luaL_addlstring(b, cap, (size_t)resl);
        } else {
            luaL_error(L, "invalid use of '%c' in replacement string", L_ESC);
        }
        l -= (size_t)(p + 1 - news);
        news = p + 1;
    }
    luaL_addlstring(b, news, l);
}

/* Returns whether the replacement changed the text (lstrlib's add_value). */
static int add_value(MatchState *ms, luaL_Buffer *b, const char *s, const char *e, int tr) {
    lua_State *L = ms->L;
    switch (tr) {
    case LUA_TFUNCTION: { /* call the function */
        lua_pushvalue(L, 3);
        int n = push_captures(ms, s, e);
        lua_call(L, n, 1);
        break;
    }
    case LUA_TTABLE: /* index the table */
        push_onecapture(ms, 0, s, e);
        lua_gettable(L, 3);
        break;
    default: /* LUA_TNUMBER or LUA_TSTRING */
        add_s(ms, b, s, e);
        return 1;
    }
    if (!lua_toboolean(L, -1)) { /* nil or false? */
        lua_pop(L, 1);
        luaL_addlstring(b, s, (size_t)(e - s)); /* keep original text */
        return 0;
    }
    if (!lua_isstring(L, -1)) return luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
    luaL_addvalue(b); /* add result to accumulator */
    return 1;
}

int banter_str_gsub(lua_State *L) {
    size_t srcl, lp;
    const char *src = luaL_checklstring(L, 1, &srcl);
    const char *p = luaL_checklstring(L, 2, &lp);
    const char *lastmatch = NULL;
    int tr = lua_type(L, 3);
    lua_Integer max_s = luaL_optinteger(L, 4, (lua_Integer)srcl + 1);
    int anchor = (*p == '^');
    lua_Integer n = 0;
    int changed = 0; /* as in lstrlib: with no change, the result is the subject itself */
    luaL_argexpected(L, tr == LUA_TNUMBER || tr == LUA_TSTRING || tr == LUA_TFUNCTION || tr == LUA_TTABLE, 3,
                     "string/function/table");
    if (anchor) {
        p++; /* skip anchor character */
        lp--;
    }
    MatchState ms;
    prepstate(&ms, L, src, srcl, p, lp, 0);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    while (n < max_s) {
        reprepstate(&ms);
        const char *e = match(&ms, src, p);
        if (e != NULL && e != lastmatch) { /* match? */
            n++;
            changed = add_value(&ms, &b, src, e, tr) | changed; /* add replacement to buffer */
            src = lastmatch = e;
        } else if (src < ms.src_end) { /* otherwise, skip one character */
            luaL_addchar(&b, *src++);
        } else {
            break; /* end of subject */
        }
        if (anchor) break;
    }
    steps_done(&ms);
    if (!changed) {
        lua_pushvalue(L, 1); /* return the original string */
    } else {
        luaL_addlstring(&b, src, (size_t)(ms.src_end - src));
        luaL_pushresult(&b);
    }
    lua_pushinteger(L, n); /* number of substitutions */
    return 2;
}

/* ---------------------------------------------------------------------------------------- */
/* Checking a pattern without a subject (not in lstrlib).                                   */

int banter_pattern_check(lua_State *L) {
    size_t lp;
    const char *p = luaL_checklstring(L, 1, &lp);
    MatchState ms;
    prepstate(&ms, L, p, 0, p, lp, 0);
    const char *end = p + lp;
    int open = 0, level = 0;
    if (p < end && *p == '^') p++;
    while (p < end) {
        char c = *p;
        if (c == '(') {
            if (++level > LUA_MAXCAPTURES) return luaL_error(L, "too many captures");
            if (p + 1 < end && *(p + 1) == ')') { p += 2; continue; }
            open++;
            p++;
            continue;
        }
        if (c == ')') {
            if (open == 0) return luaL_error(L, "invalid pattern capture");
            open--;
            p++;
            continue;
        }
        if (c == L_ESC && p + 1 < end && *(p + 1) == 'b') {
            if (end - p < 4) return luaL_error(L, "malformed pattern (missing arguments to '%%b')");
            p += 4;
            continue;
        }
        if (c == L_ESC && p + 1 < end && *(p + 1) == 'f') {
            p += 2;
            if (p >= end || *p != '[') return luaL_error(L, "missing '[' after '%%f' in pattern");
            p = classEnd(&ms, p);
            continue;
        }
        p = classEnd(&ms, p);
        if (p < end && strchr("*+-?", *p)) p++;
    }
    if (open > 0) return luaL_error(L, "unfinished capture");
    lua_pushinteger(L, level); /* every '(' is one capture, position captures too */
    return 1;
}
