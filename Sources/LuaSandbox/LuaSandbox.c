// The sandbox's implementation; see LuaSandbox.h for what it is and why it is C.
#include "LuaSandbox.h"

#include <lua5.4/lualib.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>


static banter_control *banter_control_of(lua_State *L) {
    return *(banter_control **)lua_getextraspace(L);
}

static double banter_monotonic(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/** Arms a fresh budget for one call into Lua and caps the allocator. */
void banter_arm(banter_control *c) {
    c->stopped = BANTER_STOP_NONE;
    c->instructions_left = c->instruction_limit;
    c->pattern_steps_left = c->pattern_limit;
    c->deadline = c->time_limit > 0 ? banter_monotonic() + c->time_limit : 0;
}

/** Chunks whose name starts with this are Banter's own Lua code: errors point past them. */
#define BANTER_INTERNAL_CHUNK "=[banter"

/** Pushes "file:line: " for the innermost frame of the script's own code (skipping C
    functions and Banter's internal chunks), or "" when there is none. */
void banter_where(lua_State *L) {
    lua_Debug ar;
    for (int level = 0; lua_getstack(L, level, &ar); level++) {
        lua_getinfo(L, "Sl", &ar);
        if (ar.currentline > 0 && strncmp(ar.source, BANTER_INTERNAL_CHUNK, sizeof(BANTER_INTERNAL_CHUNK) - 1) != 0) {
            lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
            return;
        }
    }
    lua_pushliteral(L, "");
}

static int banter_stop_error(lua_State *L, banter_control *c) {
    banter_where(L);
    switch (c->stopped) {
    case BANTER_STOP_INSTRUCTIONS:
        lua_pushfstring(L, "stopped: more than %I instructions in one run (an endless loop?)",
                        (lua_Integer)c->instruction_limit);
        break;
    case BANTER_STOP_TIME:
        lua_pushfstring(L, "stopped: ran longer than %f seconds in one run (an endless loop?)",
                        (lua_Number)c->time_limit);
        break;
    default:
        lua_pushfstring(L, "stopped: pattern too complex (more than %I matching steps in one run)",
                        (lua_Integer)c->pattern_limit);
        break;
    }
    lua_concat(L, 2);
    return lua_error(L);
}

/** A C function that raises the current stop error; the host calls it under lua_pcall to get
    the message when a stopped script returned normally anyway. */
int banter_raise_stop(lua_State *L) {
    return banter_stop_error(L, banter_control_of(L));
}

static void *banter_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    banter_control *c = (banter_control *)ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        c->memory_used -= old;
        return NULL;
    }
    if (c->capped && nsize > old && c->memory_used + (nsize - old) > c->memory_limit) return NULL;
    void *block = realloc(ptr, nsize);
    if (block) c->memory_used = c->memory_used - old + nsize;
    return block;
}

static void banter_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    banter_control *c = banter_control_of(L);
    if (c->stopped == BANTER_STOP_NONE) {
        c->instructions_left -= c->hook_step;
        if (c->instructions_left < 0) c->stopped = BANTER_STOP_INSTRUCTIONS;
        else if (c->deadline > 0 && banter_monotonic() > c->deadline) c->stopped = BANTER_STOP_TIME;
    }
    if (c->stopped != BANTER_STOP_NONE) {
        /* From now on fire on every instruction: the script catching the error (pcall) must
           not get another full step of instructions before the next raise, or a loop that
           spends its step inside the pcall would never see the raise outside it. */
        lua_sethook(L, banter_hook, LUA_MASKCOUNT, 1);
        banter_stop_error(L, c);
    }
}

void banter_sethook(lua_State *L) {
    banter_control *c = banter_control_of(L);
    lua_sethook(L, banter_hook, LUA_MASKCOUNT, c->stopped != BANTER_STOP_NONE ? 1 : c->hook_step);
}

/** A new state whose allocator, extra space and hook are in place before any code runs. */
lua_State *banter_newstate(banter_control *c) {
    lua_State *L = lua_newstate(banter_alloc, c);
    if (!L) return NULL;
    *(banter_control **)lua_getextraspace(L) = c;
    banter_sethook(L);
    return L;
}

/** A new coroutine for the host, hook armed; left on top of L's stack. */
lua_State *banter_newthread(lua_State *L) {
    lua_State *thread = lua_newthread(L);
    banter_sethook(thread);
    return thread;
}

/* The trampoline: host functions return a status instead of raising; errors and yields are
   raised here, after the Swift frames are gone. Upvalue 1 is the host function's index. */
static int banter_trampoline(lua_State *L) {
    banter_control *c = banter_control_of(L);
    if (c->stopped != BANTER_STOP_NONE) return banter_stop_error(L, c);
    int was_capped = c->capped;
    c->capped = 0;
    int result = c->dispatch(L, c->owner, (int)lua_tointeger(L, lua_upvalueindex(1)));
    c->capped = was_capped;
    if (result >= 0) return result;
    if (result == BANTER_HOST_YIELD) return lua_yield(L, 0);
    banter_where(L);
    lua_insert(L, -2);
    lua_concat(L, 2);
    return lua_error(L);
}

void banter_push_host_function(lua_State *L, int index) {
    lua_pushinteger(L, index);
    lua_pushcclosure(L, banter_trampoline, 1);
}

/* Error objects become strings inside protected mode: a __tostring that raises (or loops)
   must not reach an unprotected conversion, which would abort the process. */
static int banter_tostring_body(lua_State *L) {
    int type = lua_type(L, 1);
    if (type != LUA_TSTRING && type != LUA_TNUMBER && luaL_getmetafield(L, 1, "__tostring") == LUA_TNIL) {
        lua_pushnil(L); /* no readable form: the host names the type instead */
        return 1;
    }
    luaL_tolstring(L, 1, NULL);
    return 1;
}

/** Replaces the value on top of L with its string form; returns 0 (and pushes nothing in
    place of it) when the conversion itself failed. */
int banter_protected_tostring(lua_State *L) {
    banter_control *c = banter_control_of(L);
    if (lua_type(L, -1) == LUA_TSTRING) return 1;
    lua_pushcfunction(L, banter_tostring_body);
    lua_insert(L, -2);
    int was_capped = c->capped;
    c->capped = 1;
    int status = lua_pcall(L, 1, 1, 0);
    c->capped = was_capped;
    banter_sethook(L);
    if (status == LUA_OK && lua_type(L, -1) == LUA_TSTRING) return 1;
    lua_pop(L, 1);
    return 0;
}

/* ---------------------------------------------------------------------------------------- */
/* coroutine.create / coroutine.wrap replacements that arm the hook on every new thread.    */

int banter_co_create(lua_State *L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_State *thread = banter_newthread(L);
    lua_pushvalue(L, 1);
    lua_xmove(L, thread, 1);
    return 1;
}

static int banter_co_wrapped(lua_State *L) {
    lua_State *co = lua_tothread(L, lua_upvalueindex(1));
    int nargs = lua_gettop(L);
    if (lua_status(co) == LUA_OK && lua_gettop(co) == 0)
        return luaL_error(L, "cannot resume dead coroutine");
    if (!lua_checkstack(co, nargs)) return luaL_error(L, "too many arguments to resume");
    lua_xmove(L, co, nargs);
    int nresults = 0;
    int status = lua_resume(co, L, nargs, &nresults);
    if (status == LUA_OK || status == LUA_YIELD) {
        if (!lua_checkstack(L, nresults + 1)) {
            lua_pop(co, nresults);
            return luaL_error(L, "too many results to resume");
        }
        lua_xmove(co, L, nresults);
        return nresults;
    }
    lua_xmove(co, L, 1);
    return lua_error(L);
}

int banter_co_wrap(lua_State *L) {
    banter_co_create(L);
    lua_pushcclosure(L, banter_co_wrapped, 1);
    return 1;
}

/* ---------------------------------------------------------------------------------------- */
/* string.rep and table.move: C loops whose length the script controls.                     */

int banter_str_rep(lua_State *L) {
    size_t length, separator_length;
    luaL_checklstring(L, 1, &length);
    lua_Integer count = luaL_checkinteger(L, 2);
    luaL_optlstring(L, 3, "", &separator_length);
    if (count <= 0 || length + separator_length == 0) {
        lua_pushliteral(L, "");
        return 1;
    }
    size_t limit = banter_control_of(L)->memory_limit;
    if ((size_t)count > limit / (length + separator_length))
        return luaL_error(L, "string.rep: the result would be larger than the bot's memory limit");
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

#define BANTER_MAX_MOVE 1000000
int banter_table_move(lua_State *L) {
    lua_Integer first = luaL_checkinteger(L, 2);
    lua_Integer last = luaL_checkinteger(L, 3);
    if (last >= first && (last - first >= BANTER_MAX_MOVE || last - first < 0))
        return luaL_error(L, "table.move: more than %d elements", BANTER_MAX_MOVE);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

/* ---------------------------------------------------------------------------------------- */
/* Lua patterns with a step budget and an optional case-insensitive mode. Same syntax and   */
/* results as the standard library; each step of backtracking is charged to the run's      */
/* pattern budget, and the run's deadline is checked as it goes.                            */

#define BANTER_MAX_CAPTURES 32
#define BANTER_MAX_PATTERN_DEPTH 200
#define BANTER_CAP_UNFINISHED (-1)
#define BANTER_CAP_POSITION (-2)

/* Steps are taken from the run's budget in chunks, so that counting one step is a decrement
   of a field of the match state; what a call did not use goes back when it ends normally. A
   call that ends in an error keeps at most one chunk, which only ever overcharges the run. */
#define BANTER_STEP_CHUNK 256

typedef struct banter_match {
    const char *src_init, *src_end, *p_end;
    lua_State *L;
    banter_control *control;
    long long steps;            /* steps left in the chunk taken from the run's budget */
    int icase;
    int depth;
    int level;
    struct { const char *init; ptrdiff_t len; } capture[BANTER_MAX_CAPTURES];
} banter_match;

/** Takes the next chunk of steps from the run's budget (one of them for the step being
    counted), stopping the run when the budget is spent or, every 65 536 steps, when the
    run's deadline has passed. */
static void banter_take_steps(banter_match *ms) {
    banter_control *c = ms->control;
    long long before = c->pattern_steps_left;
    if (before <= 0) {
        c->pattern_steps_left = -1;
        c->stopped = BANTER_STOP_PATTERN;
        banter_stop_error(ms->L, c);
    }
    long long chunk = before < BANTER_STEP_CHUNK ? before : BANTER_STEP_CHUNK;
    c->pattern_steps_left = before - chunk;
    ms->steps = chunk - 1;
    if ((before >> 16) != (c->pattern_steps_left >> 16) && c->deadline > 0 && banter_monotonic() > c->deadline) {
        c->stopped = BANTER_STOP_TIME;
        banter_stop_error(ms->L, c);
    }
}

static void banter_step(banter_match *ms) {
    if (--ms->steps < 0) banter_take_steps(ms);
}

/** Charges `count` steps at once (work done outside the step-by-step matcher). */
static void banter_charge(banter_match *ms, long long count) {
    if (count <= ms->steps) {
        ms->steps -= count;
        return;
    }
    ms->control->pattern_steps_left -= count - ms->steps - 1;
    ms->steps = 0;
    banter_step(ms);
}

/** Gives the unused part of the current chunk back to the run's budget. */
static void banter_match_done(banter_match *ms) {
    ms->control->pattern_steps_left += ms->steps;
    ms->steps = 0;
}

static const char *banter_class_end(banter_match *ms, const char *p) {
    char c = *p++;
    if (c == '%') {
        if (p >= ms->p_end) luaL_error(ms->L, "malformed pattern (ends with '%%')");
        return p + 1;
    }
    if (c == '[') {
        if (p < ms->p_end && *p == '^') p++;
        do {
            if (p >= ms->p_end) luaL_error(ms->L, "malformed pattern (missing ']')");
            c = *p++;
            if (c == '%' && p < ms->p_end) p++;
        } while (p >= ms->p_end || *p != ']');
        return p + 1;
    }
    return p;
}

/* Character classes as in the C locale, whatever locale the process runs in, so a bot
   matches the same way everywhere; a table lookup per character instead of a libc call. */
enum {
    BANTER_ALPHA = 0x01, BANTER_DIGIT = 0x02, BANTER_LOWER = 0x04, BANTER_UPPER = 0x08,
    BANTER_SPACE = 0x10, BANTER_CNTRL = 0x20, BANTER_PUNCT = 0x40, BANTER_XDIGIT = 0x80
};

/** The classes of each byte; bytes from 0x80 on belong to none. */
static const unsigned char banter_ctype[256] = {
    0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x30, 0x30, 0x30, 0x30, 0x30, 0x20, 0x20,
    0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20,
    0x10, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40,
    0x82, 0x82, 0x82, 0x82, 0x82, 0x82, 0x82, 0x82, 0x82, 0x82, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40,
    0x40, 0x89, 0x89, 0x89, 0x89, 0x89, 0x89, 0x09, 0x09, 0x09, 0x09, 0x09, 0x09, 0x09, 0x09, 0x09,
    0x09, 0x09, 0x09, 0x09, 0x09, 0x09, 0x09, 0x09, 0x09, 0x09, 0x09, 0x40, 0x40, 0x40, 0x40, 0x40,
    0x40, 0x85, 0x85, 0x85, 0x85, 0x85, 0x85, 0x05, 0x05, 0x05, 0x05, 0x05, 0x05, 0x05, 0x05, 0x05,
    0x05, 0x05, 0x05, 0x05, 0x05, 0x05, 0x05, 0x05, 0x05, 0x05, 0x05, 0x40, 0x40, 0x40, 0x40, 0x20,
};

static int banter_isdigit(int c) { return (unsigned)(c - '0') < 10; }
static int banter_isalpha(int c) { return banter_ctype[c & 0xFF] & BANTER_ALPHA; }
static int banter_isalnum(int c) { return banter_ctype[c & 0xFF] & (BANTER_ALPHA | BANTER_DIGIT); }
static int banter_isupper(int c) { return (unsigned)(c - 'A') < 26; }
static int banter_tolower(int c) { return banter_isupper(c) ? c + ('a' - 'A') : c; }
static int banter_toupper(int c) { return (unsigned)(c - 'a') < 26 ? c - ('a' - 'A') : c; }

/** The classes `%cl` stands for, or 0 when `cl` is not a class letter (then `%cl` is `cl`
    itself). An upper-case class letter is the complement of the class. */
static int banter_class_bits(int cl) {
    switch (banter_tolower(cl)) {
    case 'a': return BANTER_ALPHA;
    case 'c': return BANTER_CNTRL;
    case 'd': return BANTER_DIGIT;
    case 'g': return BANTER_ALPHA | BANTER_DIGIT | BANTER_PUNCT;
    case 'l': return BANTER_LOWER;
    case 'p': return BANTER_PUNCT;
    case 's': return BANTER_SPACE;
    case 'u': return BANTER_UPPER;
    case 'w': return BANTER_ALPHA | BANTER_DIGIT;
    case 'x': return BANTER_XDIGIT;
    default: return 0;
    }
}

static int banter_class_matches(int c, int cl) {
    int bits = banter_class_bits(cl);
    if (bits == 0) return cl == c;
    return ((banter_ctype[c & 0xFF] & bits) != 0) != (banter_isupper(cl) != 0);
}

static int banter_bracket_matches(int c, const char *p, const char *ec) {
    int negate = 0;
    if (*(p + 1) == '^') { negate = 1; p++; }
    while (++p < ec) {
        if (*p == '%') {
            p++;
            if (banter_class_matches(c, (unsigned char)*p)) return !negate;
        } else if (*(p + 1) == '-' && p + 2 < ec) {
            p += 2;
            if ((unsigned char)*(p - 2) <= c && c <= (unsigned char)*p) return !negate;
        } else if ((unsigned char)*p == c) {
            return !negate;
        }
    }
    return negate;
}

static int banter_single_raw(int c, const char *p, const char *ep) {
    switch (*p) {
    case '.': return 1;
    case '%': return banter_class_matches(c, (unsigned char)*(p + 1));
    case '[': return banter_bracket_matches(c, p, ep - 1);
    default: return (unsigned char)*p == c;
    }
}

static int banter_single(banter_match *ms, const char *s, const char *p, const char *ep) {
    if (s >= ms->src_end) return 0;
    int c = (unsigned char)*s;
    if (banter_single_raw(c, p, ep)) return 1;
    if (!ms->icase) return 0;
    return banter_single_raw(banter_tolower(c), p, ep) || banter_single_raw(banter_toupper(c), p, ep);
}

static const char *banter_do_match(banter_match *ms, const char *s, const char *p);

static const char *banter_max_expand(banter_match *ms, const char *s, const char *p, const char *ep) {
    ptrdiff_t i = 0;
    while (banter_single(ms, s + i, p, ep)) { banter_step(ms); i++; }
    while (i >= 0) {
        banter_step(ms);
        const char *result = banter_do_match(ms, s + i, ep + 1);
        if (result) return result;
        i--;
    }
    return NULL;
}

static const char *banter_min_expand(banter_match *ms, const char *s, const char *p, const char *ep) {
    for (;;) {
        banter_step(ms);
        const char *result = banter_do_match(ms, s, ep + 1);
        if (result) return result;
        if (!banter_single(ms, s, p, ep)) return NULL;
        s++;
    }
}

static const char *banter_start_capture(banter_match *ms, const char *s, const char *p, ptrdiff_t what) {
    if (ms->level >= BANTER_MAX_CAPTURES) luaL_error(ms->L, "too many captures");
    ms->capture[ms->level].init = s;
    ms->capture[ms->level].len = what;
    ms->level++;
    const char *result = banter_do_match(ms, s, p);
    if (!result) ms->level--;
    return result;
}

static const char *banter_end_capture(banter_match *ms, const char *s, const char *p) {
    int open = -1;
    for (int i = ms->level - 1; i >= 0; i--)
        if (ms->capture[i].len == BANTER_CAP_UNFINISHED) { open = i; break; }
    if (open < 0) luaL_error(ms->L, "invalid pattern capture");
    ms->capture[open].len = s - ms->capture[open].init;
    const char *result = banter_do_match(ms, s, p);
    if (!result) ms->capture[open].len = BANTER_CAP_UNFINISHED;
    return result;
}

static const char *banter_match_balance(banter_match *ms, const char *s, const char *p) {
    if (p + 1 >= ms->p_end) luaL_error(ms->L, "malformed pattern (missing arguments to '%%b')");
    if (s >= ms->src_end || *s != *p) return NULL;
    int open = *p, close = *(p + 1), depth = 1;
    while (++s < ms->src_end) {
        banter_step(ms);
        if (*s == close) {
            if (--depth == 0) return s + 1;
        } else if (*s == open) {
            depth++;
        }
    }
    return NULL;
}

static const char *banter_match_backref(banter_match *ms, const char *s, int index) {
    int l = index - '1';
    if (l < 0 || l >= ms->level || ms->capture[l].len == BANTER_CAP_UNFINISHED)
        luaL_error(ms->L, "invalid capture index %%%d", l + 1);
    size_t len = (size_t)ms->capture[l].len;
    if ((size_t)(ms->src_end - s) >= len &&
        (ms->icase ? strncasecmp(ms->capture[l].init, s, len) : memcmp(ms->capture[l].init, s, len)) == 0)
        return s + len;
    return NULL;
}

static const char *banter_do_match(banter_match *ms, const char *s, const char *p) {
    if (++ms->depth > BANTER_MAX_PATTERN_DEPTH) luaL_error(ms->L, "pattern too complex");
    banter_step(ms);
    while (s != NULL && p != ms->p_end) {
        if (*p == '(') {
            s = *(p + 1) == ')' ? banter_start_capture(ms, s, p + 2, BANTER_CAP_POSITION)
                                : banter_start_capture(ms, s, p + 1, BANTER_CAP_UNFINISHED);
            break;
        }
        if (*p == ')') { s = banter_end_capture(ms, s, p + 1); break; }
        if (*p == '$' && p + 1 == ms->p_end) { s = (s == ms->src_end) ? s : NULL; break; }
        if (*p == '%' && p + 1 < ms->p_end && *(p + 1) == 'b') {
            s = banter_match_balance(ms, s, p + 2);
            if (s != NULL) { p += 4; continue; }
            break;
        }
        if (*p == '%' && p + 1 < ms->p_end && *(p + 1) == 'f') {
            p += 2;
            if (p >= ms->p_end || *p != '[') luaL_error(ms->L, "missing '[' after '%%f' in pattern");
            const char *ep = banter_class_end(ms, p);
            int previous = (s == ms->src_init) ? '\0' : (unsigned char)*(s - 1);
            int current = (s < ms->src_end) ? (unsigned char)*s : '\0';
            if (!banter_bracket_matches(previous, p, ep - 1) && banter_bracket_matches(current, p, ep - 1)) {
                p = ep;
                continue;
            }
            s = NULL;
            break;
        }
        if (*p == '%' && p + 1 < ms->p_end && banter_isdigit((unsigned char)*(p + 1))) {
            s = banter_match_backref(ms, s, (unsigned char)*(p + 1));
            if (s != NULL) { p += 2; continue; }
            break;
        }
        const char *ep = banter_class_end(ms, p);
        char quantifier = ep < ms->p_end ? *ep : '\0';
        if (!banter_single(ms, s, p, ep)) {
            if (quantifier == '*' || quantifier == '?' || quantifier == '-') { p = ep + 1; continue; }
            s = NULL;
            break;
        }
        if (quantifier == '?') {
            const char *result = banter_do_match(ms, s + 1, ep + 1);
            if (result) { s = result; break; }
            p = ep + 1;
            continue;
        }
        if (quantifier == '+') { s = banter_max_expand(ms, s + 1, p, ep); break; }
        if (quantifier == '*') { s = banter_max_expand(ms, s, p, ep); break; }
        if (quantifier == '-') { s = banter_min_expand(ms, s, p, ep); break; }
        s++;
        p = ep;
        banter_step(ms);
    }
    ms->depth--;
    return s;
}

static void banter_push_capture(banter_match *ms, int i, const char *s, const char *e) {
    if (i >= ms->level) {
        if (i == 0) lua_pushlstring(ms->L, s, (size_t)(e - s));
        else luaL_error(ms->L, "invalid capture index %%%d", i + 1);
        return;
    }
    ptrdiff_t len = ms->capture[i].len;
    if (len == BANTER_CAP_UNFINISHED) luaL_error(ms->L, "unfinished capture");
    if (len == BANTER_CAP_POSITION)
        lua_pushinteger(ms->L, (ms->capture[i].init - ms->src_init) + 1);
    else
        lua_pushlstring(ms->L, ms->capture[i].init, (size_t)len);
}

static int banter_push_captures(banter_match *ms, const char *s, const char *e, int whole_if_none) {
    int count = (ms->level == 0 && whole_if_none) ? 1 : ms->level;
    luaL_checkstack(ms->L, count, "too many captures");
    for (int i = 0; i < count; i++) banter_push_capture(ms, i, s, e);
    return count;
}

static void banter_match_init(banter_match *ms, lua_State *L, const char *s, size_t ls,
                                     const char *p, size_t lp, int icase) {
    ms->L = L;
    ms->control = banter_control_of(L);
    ms->src_init = s;
    ms->src_end = s + ls;
    ms->p_end = p + lp;
    ms->icase = icase;
    ms->steps = 0;
}

static void banter_match_reset(banter_match *ms) {
    ms->level = 0;
    ms->depth = 0;
}

static size_t banter_start_position(lua_Integer init, size_t len) {
    if (init > 0) return (size_t)init;
    if (init == 0) return 1;
    if (init < -(lua_Integer)len) return 1;
    return len + (size_t)init + 1;
}

static int banter_has_specials(const char *p, size_t l) {
    for (size_t i = 0; i < l; i++)
        if (strchr("^$*+?.([%-", p[i])) return 1;
    return 0;
}

/* Plain search, charging the budget per candidate position so huge inputs cannot stall. */
static const char *banter_plain_find(banter_match *ms, const char *s, size_t ls, const char *p, size_t lp) {
    if (lp == 0) return s;
    if (lp > ls) return NULL;
    const char *last = s + (ls - lp);
    while (s <= last) {
        const char *hit = memchr(s, *p, (size_t)(last - s) + 1);
        if (!hit) return NULL;
        banter_charge(ms, (long long)(lp / 16) + 1);
        if (memcmp(hit + 1, p + 1, lp - 1) == 0) return hit;
        s = hit + 1;
    }
    return NULL;
}

/* An unanchored search tries the pattern at every start position. When every match must
   begin with one character of a known class (the first item, after opening captures, is a
   single-character class that is not optional), positions where that class does not match
   are skipped first: memchr for a literal character, a tight loop otherwise. Each skipped
   position is still charged one step, so the budget bounds the work as before. */

/** The pattern's first item when a match must begin with one character it matches, else
    NULL; `*item_end` receives its end. A pattern with many opening captures is left alone,
    so the errors the matcher raises for it are raised as before. */
static const char *banter_first_item(banter_match *ms, const char *p, const char **item_end) {
    for (int captures = 0; p < ms->p_end && *p == '('; captures++) {
        if (captures == 8) return NULL;
        p += (p + 1 < ms->p_end && *(p + 1) == ')') ? 2 : 1;
    }
    if (p >= ms->p_end || *p == ')' || (*p == '$' && p + 1 == ms->p_end)) return NULL;
    if (*p == '%' && p + 1 < ms->p_end && (*(p + 1) == 'b' || *(p + 1) == 'f' || banter_isdigit((unsigned char)*(p + 1))))
        return NULL;
    const char *ep = banter_class_end(ms, p);
    if (ep < ms->p_end && (*ep == '*' || *ep == '?' || *ep == '-')) return NULL;
    *item_end = ep;
    return p;
}

/** The first position from `s` where the first item matches, or the subject's end. */
static const char *banter_skip_to_first(banter_match *ms, const char *s, const char *p, const char *ep) {
    const char *from = s;
    int literal = ep == p + 1 && *p != '.' && *p != '[';
    if (!literal && *p == '%' && ep == p + 2 && !banter_isalnum((unsigned char)*(p + 1))) { literal = 1; p++; }
    if (literal && !(ms->icase && banter_isalpha((unsigned char)*p))) {
        const char *hit = memchr(s, *p, (size_t)(ms->src_end - s));
        s = hit ? hit : ms->src_end;
    } else if (*p == '%' && !ms->icase && banter_class_bits((unsigned char)*(p + 1)) != 0) {
        int bits = banter_class_bits((unsigned char)*(p + 1));
        int complement = banter_isupper((unsigned char)*(p + 1)) != 0;
        while (s < ms->src_end && ((banter_ctype[(unsigned char)*s] & bits) != 0) == complement) s++;
    } else {
        while (s < ms->src_end && !banter_single(ms, s, p, ep)) s++;
    }
    banter_charge(ms, s - from);
    return s;
}

static int banter_find_aux(lua_State *L, int find, int icase) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = banter_start_position(luaL_optinteger(L, 3, 1), ls) - 1;
    if (init > ls) { luaL_pushfail(L); return 1; }
    banter_match ms;
    banter_match_init(&ms, L, s, ls, p, lp, icase);
    if (find && !icase && (lua_toboolean(L, 4) || !banter_has_specials(p, lp))) {
        const char *hit = banter_plain_find(&ms, s + init, ls - init, p, lp);
        banter_match_done(&ms);
        if (hit) {
            lua_pushinteger(L, (hit - s) + 1);
            lua_pushinteger(L, (hit - s) + (lua_Integer)lp);
            return 2;
        }
        luaL_pushfail(L);
        return 1;
    }
    const char *s1 = s + init;
    int anchor = (*p == '^');
    if (anchor) { p++; lp--; ms.p_end = p + lp; }
    const char *first_end = NULL;
    const char *first = anchor ? NULL : banter_first_item(&ms, p, &first_end);
    do {
        if (first && (s1 = banter_skip_to_first(&ms, s1, first, first_end)) == ms.src_end) break;
        banter_match_reset(&ms);
        const char *e = banter_do_match(&ms, s1, p);
        if (e != NULL) {
            banter_match_done(&ms);
            if (find) {
                lua_pushinteger(L, (s1 - s) + 1);
                lua_pushinteger(L, e - s);
                return banter_push_captures(&ms, NULL, NULL, 0) + 2;
            }
            return banter_push_captures(&ms, s1, e, 1);
        }
    } while (s1++ < ms.src_end && !anchor);
    banter_match_done(&ms);
    luaL_pushfail(L);
    return 1;
}

int banter_str_find(lua_State *L) { return banter_find_aux(L, 1, 0); }
int banter_str_match(lua_State *L) { return banter_find_aux(L, 0, 0); }

/** find(text, pattern, ignore_case): string.find (never plain) with a case-insensitive
    option; what bot handlers are matched with. */
int banter_str_find_case(lua_State *L) {
    int icase = lua_toboolean(L, 3);
    lua_settop(L, 2);
    lua_pushinteger(L, 1);
    return banter_find_aux(L, 1, icase);
}

static int banter_gmatch_next(lua_State *L) {
    size_t ls, lp;
    const char *s = lua_tolstring(L, lua_upvalueindex(1), &ls);
    const char *p = lua_tolstring(L, lua_upvalueindex(2), &lp);
    lua_Integer position = lua_tointeger(L, lua_upvalueindex(3));
    lua_Integer last_match = lua_tointeger(L, lua_upvalueindex(4));
    banter_match ms;
    banter_match_init(&ms, L, s, ls, p, lp, 0);
    const char *first_end = NULL;
    const char *first = position <= (lua_Integer)ls ? banter_first_item(&ms, p, &first_end) : NULL;
    for (const char *src = s + position; src <= ms.src_end; src++) {
        if (first && (src = banter_skip_to_first(&ms, src, first, first_end)) == ms.src_end) break;
        banter_match_reset(&ms);
        const char *e = banter_do_match(&ms, src, p);
        if (e != NULL && (last_match < 0 || e != s + last_match)) {
            banter_match_done(&ms);
            lua_pushinteger(L, e - s);
            lua_copy(L, -1, lua_upvalueindex(3));
            lua_copy(L, -1, lua_upvalueindex(4));
            lua_pop(L, 1);
            return banter_push_captures(&ms, src, e, 1);
        }
    }
    banter_match_done(&ms);
    return 0;
}

int banter_str_gmatch(lua_State *L) {
    size_t ls;
    luaL_checklstring(L, 1, &ls);
    luaL_checkstring(L, 2);
    size_t init = banter_start_position(luaL_optinteger(L, 3, 1), ls) - 1;
    if (init > ls) init = ls + 1;
    lua_settop(L, 2);
    lua_pushinteger(L, (lua_Integer)init);
    lua_pushinteger(L, -1);
    lua_pushcclosure(L, banter_gmatch_next, 4);
    return 1;
}

static void banter_add_replacement(banter_match *ms, luaL_Buffer *b, const char *s, const char *e, int tr) {
    lua_State *L = ms->L;
    if (tr == LUA_TSTRING) {
        size_t l;
        const char *news = lua_tolstring(L, 3, &l);
        const char *end = news + l;
        const char *p;
        while ((p = memchr(news, '%', (size_t)(end - news))) != NULL) {
            luaL_addlstring(b, news, (size_t)(p - news));
            p++;
            if (p >= end) luaL_error(L, "invalid use of '%%' in replacement string");
            if (*p == '%') {
                luaL_addchar(b, '%');
            } else if (*p == '0') {
                luaL_addlstring(b, s, (size_t)(e - s));
            } else if (banter_isdigit((unsigned char)*p)) {
                banter_push_capture(ms, *p - '1', s, e);
                luaL_tolstring(L, -1, NULL);
                lua_remove(L, -2);
                luaL_addvalue(b);
            } else {
                luaL_error(L, "invalid use of '%%' in replacement string");
            }
            news = p + 1;
        }
        luaL_addlstring(b, news, (size_t)(end - news));
        return;
    }
    if (tr == LUA_TFUNCTION) {
        lua_pushvalue(L, 3);
        int n = banter_push_captures(ms, s, e, 1);
        lua_call(L, n, 1);
    } else {
        banter_push_capture(ms, 0, s, e);
        lua_gettable(L, 3);
    }
    if (!lua_toboolean(L, -1)) {
        lua_pop(L, 1);
        luaL_addlstring(b, s, (size_t)(e - s));
        return;
    }
    if (!lua_isstring(L, -1)) luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
    luaL_addvalue(b);
}

int banter_str_gsub(lua_State *L) {
    size_t ls, lp;
    const char *src = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    int tr = lua_type(L, 3);
    lua_Integer max_n = luaL_optinteger(L, 4, (lua_Integer)ls + 1);
    luaL_argexpected(L, tr == LUA_TNUMBER || tr == LUA_TSTRING || tr == LUA_TFUNCTION || tr == LUA_TTABLE, 3,
                     "string/function/table");
    if (tr == LUA_TNUMBER) { lua_tostring(L, 3); tr = LUA_TSTRING; }
    int anchor = (*p == '^');
    if (anchor) { p++; lp--; }
    banter_match ms;
    banter_match_init(&ms, L, src, ls, p, lp, 0);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    const char *last_match = NULL;
    lua_Integer n = 0;
    while (n < max_n) {
        banter_match_reset(&ms);
        const char *e = banter_do_match(&ms, src, p);
        if (e != NULL && e != last_match) {
            n++;
            banter_add_replacement(&ms, &b, src, e, tr);
            src = last_match = e;
        } else if (src < ms.src_end) {
            luaL_addchar(&b, *src++);
        } else {
            break;
        }
        if (anchor) break;
    }
    banter_match_done(&ms);
    luaL_addlstring(&b, src, (size_t)(ms.src_end - src));
    luaL_pushresult(&b);
    lua_pushinteger(L, n);
    return 2;
}

/** check(pattern): raises a clear error when `pattern` is malformed, so that handlers
    registered with a bad pattern fail when the script loads, not on the first message. */
int banter_pattern_check(lua_State *L) {
    size_t lp;
    const char *p = luaL_checklstring(L, 1, &lp);
    banter_match ms;
    banter_match_init(&ms, L, p, 0, p, lp, 0);
    const char *end = p + lp;
    int open = 0, level = 0;
    if (p < end && *p == '^') p++;
    while (p < end) {
        char c = *p;
        if (c == '(') {
            if (++level > BANTER_MAX_CAPTURES) return luaL_error(L, "too many captures");
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
        if (c == '%' && p + 1 < end && *(p + 1) == 'b') {
            if (end - p < 4) return luaL_error(L, "malformed pattern (missing arguments to '%%b')");
            p += 4;
            continue;
        }
        if (c == '%' && p + 1 < end && *(p + 1) == 'f') {
            p += 2;
            if (p >= end || *p != '[') return luaL_error(L, "missing '[' after '%%f' in pattern");
            p = banter_class_end(&ms, p);
            continue;
        }
        p = banter_class_end(&ms, p);
        if (p < end && strchr("*+-?", *p)) p++;
    }
    if (open > 0) return luaL_error(L, "unfinished capture");
    return 0;
}
