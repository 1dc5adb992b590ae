// The differential fuzzer of the sandbox's pattern functions: generates subjects, patterns,
// start positions and gsub replacements over the whole Lua 5.4 pattern grammar (malformed
// patterns included), runs each case through the sandbox's string.find/match/gmatch/gsub
// (Sources/LuaSandbox/LuaPatterns.c) and through Lua 5.4's own string library (the system
// liblua5.4, in a plain state), and requires the same results or the same error message. One
// case in ten calls the string.rep and table.move guards instead, around the edges of Lua's
// own checks. The only other accepted outcome is the sandbox's budget stop: for a pattern
// the reference is then not run (it could take exponential time); for the guards it is run
// with capped memory and with tables that raise on their first new key, and must show that
// Lua would have run the call too (out of memory, or moving) rather than raise its own error.
// Every difference is written out as a Lua script that reproduces it under lua5.4.
//
//   PatternDifferential [--seed S] [--cases N] [--seconds T] [--out DIR] [--quiet]
//
// Prints one summary line; exits 1 when a difference was found. Run through scripts/fuzz.
#include "LuaSandbox.h"

#include <errno.h>
#include <limits.h>
#include <lua5.4/lualib.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

/* ---------------------------------------------------------------------------------------- */
/* Random numbers: splitmix64, so a seed names a case sequence on every machine.           */

static uint64_t rng_state;

static uint64_t next_random(void) {
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* A number in [0, n). */
static int below(int n) { return (int)(next_random() % (uint64_t)n); }
static int chance(int percent) { return below(100) < percent; }
static char pick(const char *from) { return from[below((int)strlen(from))]; }

/* ---------------------------------------------------------------------------------------- */
/* Cases.                                                                                    */

/* The pattern functions, then the two guards whose own errors must come before the budget's. */
enum { OP_FIND, OP_MATCH, OP_GMATCH, OP_GSUB, OP_REP, OP_MOVE, OP_COUNT };
static const char *const op_names[OP_COUNT] = { "string.find", "string.match", "string.gmatch", "string.gsub",
                                                "string.rep", "table.move" };

enum { REPL_STRING, REPL_NUMBER, REPL_TABLE, REPL_FUNCTION, REPL_INVALID };

/* Replacement tables and functions, as Lua source: loaded into both states, and written
   into reproducing cases as they are. */
static const char *const replacement_tables[] = {
    "{}",
    "{ a = '<A>', b = false, ab = 1, [1] = 'one', [2] = 2.5, [3] = true, ['('] = '[' }",
    "{ [''] = 'E', a = {}, aa = '%1' }",
};
static const char *const replacement_functions[] = {
    "function(...) return select('#', ...) .. ':' .. table.concat({...}, ',') end",
    "function() return nil end",
    "function() return false end",
    "function(a) return a end",
    "function(a, b) return b end",
    "function() return {} end",
    "function() return 1.5 end",
    "function(a) return #tostring(a) end",
};
#define COUNT_OF(a) ((int)(sizeof(a) / sizeof((a)[0])))

#define MAX_TEXT 1024

typedef struct fuzz_case {
    int op;
    char subject[MAX_TEXT];
    size_t subject_len;
    char pattern[MAX_TEXT];
    size_t pattern_len;
    int has_init;
    lua_Integer init;
    int plain;            /* find's 4th argument: 0 absent, 1 true, 2 false, 3 nil */
    int repl_kind;
    char repl[64];        /* REPL_STRING */
    size_t repl_len;
    lua_Number repl_number;
    int repl_index;       /* REPL_TABLE / REPL_FUNCTION */
    int n_kind;           /* gsub's 4th argument: 0 absent, 1 integer, 2 non-integral float */
    lua_Integer n;
    lua_Integer move[3];  /* table.move's first, last, destination (string.rep: move[0] is the count) */
    int move_target;      /* table.move's 5th argument: 0 absent, 1 a table, 2 a number */
} fuzz_case;

/* Subjects draw from the pattern's own characters and a fixed alphabet that holds every
   class's members, the zero byte, a high byte and the pattern specials. */
static const char subject_alphabet[] = "aaabbbAB019 _.,-()[]%^$*+?\n\t\377\200z";

static void gen_subject(fuzz_case *fc, const char *pool, size_t pool_len) {
    size_t len;
    int shape = below(100);
    if (shape < 70) len = (size_t)below(13);
    else if (shape < 95) len = (size_t)below(41);
    else len = (size_t)below(300);
    for (size_t i = 0; i < len; i++) {
        int from_pattern = pool_len > 0 && chance(45);
        if (from_pattern) fc->subject[i] = pool[below((int)pool_len)];
        else if (chance(4)) fc->subject[i] = '\0';
        else fc->subject[i] = subject_alphabet[below((int)sizeof(subject_alphabet) - 1)];
    }
    fc->subject_len = len;
}

typedef struct pattern_builder {
    char *text;
    size_t len;
    int open;      /* captures opened and not yet closed */
    int captures;  /* captures opened so far */
} pattern_builder;

static void put(pattern_builder *b, char c) {
    if (b->len < MAX_TEXT - 8) b->text[b->len++] = c;
}
static void puts_(pattern_builder *b, const char *s) {
    while (*s) put(b, *s++);
}

static const char class_letters[] = "acdglpsuwxzACDGLPSUWXZ";
/* literal characters; the zero byte is drawn separately (it ends a C string) */
static const char plain_chars[] = "aaabbbAB01 _,z\n\377";
static const char escaped_chars[] = ".%[]-^$*+?()";
static const char odd_letters[] = "eqyEQYbf"; /* not class letters (b, f only inside sets) */

static void gen_set(pattern_builder *b) {
    put(b, '[');
    if (chance(30)) put(b, '^');
    if (chance(10)) put(b, ']'); /* ']' first is a literal */
    int elements = 1 + below(4);
    for (int i = 0; i < elements; i++) {
        int kind = below(100);
        if (kind < 35) {
            put(b, chance(5) ? '\0' : pick(plain_chars));
        } else if (kind < 55) {
            char from = chance(5) ? '\0' : pick("aA0 \1(\200");
            put(b, from);
            put(b, '-');
            put(b, (char)(from + below(30) - 3));
        } else if (kind < 80) {
            put(b, '%');
            put(b, pick(class_letters));
        } else if (kind < 90) {
            put(b, '%');
            put(b, pick(escaped_chars));
        } else if (kind < 95) {
            put(b, pick("-^[.()$%"));
        } else {
            put(b, '%');
            put(b, pick(odd_letters));
        }
    }
    if (chance(8)) put(b, '-'); /* a trailing '-' is a literal */
    put(b, ']');
}

/* One single-character class: a literal, '.', %x, an escaped special or a set. */
static void gen_single(pattern_builder *b) {
    int kind = below(100);
    if (kind < 35) put(b, chance(4) ? '\0' : pick(plain_chars));
    else if (kind < 45) put(b, '.');
    else if (kind < 70) { put(b, '%'); put(b, pick(class_letters)); }
    else if (kind < 78) { put(b, '%'); put(b, pick(escaped_chars)); }
    else if (kind < 81) { put(b, '%'); put(b, pick(odd_letters + 3)); }
    else gen_set(b);
}

static void gen_item(pattern_builder *b) {
    int kind = below(100);
    if (kind < 60) {
        gen_single(b);
        int quantifier = below(100);
        if (quantifier < 12) put(b, '*');
        else if (quantifier < 22) put(b, '+');
        else if (quantifier < 32) put(b, '-');
        else if (quantifier < 42) put(b, '?');
    } else if (kind < 70) {
        put(b, '(');
        b->open++;
        b->captures++;
    } else if (kind < 78) {
        if (b->open > 0 || chance(10)) {
            put(b, ')');
            if (b->open > 0) b->open--;
        } else {
            puts_(b, "()");
            b->captures++;
        }
    } else if (kind < 82) {
        puts_(b, "()");
        b->captures++;
    } else if (kind < 86) {
        puts_(b, "%b");
        put(b, pick("(([ab\"x"));
        put(b, pick("))]ba\"x"));
    } else if (kind < 90) {
        puts_(b, "%f");
        gen_set(b);
    } else if (kind < 95) {
        put(b, '%');
        put(b, (char)('0' + (chance(85) ? 1 + below(b->captures > 0 ? b->captures + 1 : 2) % 10 : below(10))));
    } else {
        put(b, pick("$^*+?-.)"));
    }
}

/* Malformed or extreme patterns: the errors lstrlib raises, and its recursion limit. */
static void gen_malformed(pattern_builder *b, fuzz_case *fc) {
    switch (below(10)) {
    case 0: put(b, '%'); break;                         /* ends with '%' */
    case 1: put(b, '['); if (chance(50)) put(b, pick("a^%]")); break; /* missing ']' */
    case 2: puts_(b, "%b"); if (chance(50)) put(b, '('); break; /* missing arguments to %b */
    case 3: puts_(b, "%f"); if (chance(50)) put(b, 'a'); break; /* missing '[' after %f */
    case 4: put(b, '('); break;                         /* unfinished capture */
    case 5: put(b, ')'); break;                         /* invalid pattern capture */
    case 6: { int n = 30 + below(6); for (int i = 0; i < n; i++) puts_(b, chance(50) ? "(" : "()"); break; }
    case 7: put(b, '%'); put(b, (char)('0' + below(10))); break; /* invalid capture index */
    case 8: { /* pattern too complex: deep recursion on a long subject */
        int n = 150 + below(120);
        const char *item = chance(50) ? "a?" : (chance(50) ? "a*" : "(a)?");
        b->len = 0;
        for (int i = 0; i < n && b->len < MAX_TEXT - 8; i++) puts_(b, item);
        size_t len = (size_t)(n < MAX_TEXT ? n : MAX_TEXT);
        memset(fc->subject, 'a', len);
        fc->subject_len = len;
        break;
    }
    default: if (b->len > 0) b->len = (size_t)below((int)b->len); break; /* cut anywhere */
    }
}

static void gen_replacement(fuzz_case *fc) {
    int kind = below(100);
    if (kind < 50) {
        fc->repl_kind = REPL_STRING;
        size_t len = (size_t)below(8);
        for (size_t i = 0; i < len; i++) {
            int c = below(100);
            if (c < 35) { fc->repl[i++] = '%'; if (i < sizeof(fc->repl)) fc->repl[i] = (char)('0' + below(10)); }
            else if (c < 40) { fc->repl[i++] = '%'; if (i < sizeof(fc->repl)) fc->repl[i] = '%'; }
            else if (c < 43) { fc->repl[i++] = '%'; if (i < sizeof(fc->repl)) fc->repl[i] = pick("ax-"); }
            else if (c < 45) fc->repl[i] = '%'; /* possibly trailing */
            else fc->repl[i] = pick("xyZ- \1");
        }
        fc->repl_len = len < sizeof(fc->repl) ? len : sizeof(fc->repl);
    } else if (kind < 55) {
        fc->repl_kind = REPL_NUMBER;
        fc->repl_number = chance(50) ? (lua_Number)below(100) : 0.25 * below(9);
    } else if (kind < 70) {
        fc->repl_kind = REPL_TABLE;
        fc->repl_index = below(COUNT_OF(replacement_tables));
    } else if (kind < 97) {
        fc->repl_kind = REPL_FUNCTION;
        fc->repl_index = below(COUNT_OF(replacement_functions));
    } else {
        fc->repl_kind = REPL_INVALID;
    }
    int n = below(100);
    if (n < 60) fc->n_kind = 0;
    else if (n < 97) { fc->n_kind = 1; fc->n = chance(90) ? below(6) - 1 : (chance(50) ? LUA_MAXINTEGER : LUA_MININTEGER); }
    else fc->n_kind = 2;
}

/* Integers around the edges table.move and string.rep check: small ones, the extremes and
   their neighbours, and counts just past the sandbox's limits. */
static lua_Integer gen_edge_integer(void) {
    switch (below(10)) {
    case 0: return LUA_MAXINTEGER - below(3);
    case 1: return LUA_MININTEGER + below(3);
    case 2: return LUA_MAXINTEGER / (1 + below(4));
    case 3: return 1000000 + below(3) - 1;
    default: return below(12) - 3;
    }
}

static void gen_guard_case(fuzz_case *fc) {
    if (fc->op == OP_REP) {
        fc->subject_len = (size_t)below(4);
        memcpy(fc->subject, "abc", fc->subject_len);
        fc->repl_kind = below(3); /* separator: 0 absent, 1 "", 2 "-=" */
        /* counts around lstrlib's MAXSIZE (INT_MAX) divided by the length of one copy */
        size_t copy = fc->subject_len + (fc->repl_kind == 2 ? 2 : 0) + (size_t)below(3);
        if (chance(30)) fc->move[0] = (lua_Integer)(INT_MAX / (copy ? copy : 1)) + below(3) - 1;
        else fc->move[0] = gen_edge_integer();
        /* a count of a million builds megabytes for nothing; lua5.4 copies an empty string
           count times, so a huge count would run for years */
        if (fc->move[0] > 1000 && fc->move[0] < 10000000) fc->move[0] = below(12);
        if (fc->subject_len == 0 && fc->repl_kind < 2 && fc->move[0] > 1000) fc->move[0] = below(12);
        return;
    }
    fc->move[0] = gen_edge_integer();
    /* mostly a few elements or a huge range: a range of thousands would only be slow */
    fc->move[1] = chance(50) ? fc->move[0] + below(8) - 2 : gen_edge_integer();
    __int128 range = (__int128)fc->move[1] - fc->move[0];
    if (range > 20 && range < 2000000) fc->move[1] = fc->move[0] + below(20); /* too slow to be worth it */
    fc->move[2] = gen_edge_integer();
    fc->move_target = below(3);
}

static void gen_case(fuzz_case *fc) {
    memset(fc, 0, offsetof(fuzz_case, subject));
    memset(fc->move, 0, sizeof fc->move);
    fc->move_target = 0;
    fc->op = chance(90) ? below(OP_REP) : OP_REP + below(2);
    if (fc->op >= OP_REP) {
        gen_guard_case(fc);
        return;
    }
    pattern_builder b = { fc->pattern, 0, 0, 0 };
    if (chance(20)) put(&b, '^');
    int items = below(100) < 80 ? below(5) : below(10);
    for (int i = 0; i < items; i++) gen_item(&b);
    while (b.open > 0 && chance(90)) { put(&b, ')'); b.open--; }
    if (chance(12)) put(&b, '$');
    /* subjects draw on the pattern's characters, so that patterns match often */
    gen_subject(fc, b.text, b.len);
    if (chance(6)) gen_malformed(&b, fc);
    fc->pattern_len = b.len;

    int init = below(100);
    if (init < 55) fc->has_init = 0;
    else {
        fc->has_init = 1;
        int len = (int)fc->subject_len;
        if (init < 92) fc->init = below(2 * len + 7) - len - 3;
        else if (init < 96) fc->init = 0;
        else fc->init = chance(50) ? LUA_MAXINTEGER : LUA_MININTEGER;
    }
    if (fc->op == OP_FIND) fc->plain = chance(80) ? 0 : 1 + below(3);
    if (fc->op == OP_GSUB) gen_replacement(fc);
}

/* ---------------------------------------------------------------------------------------- */
/* Running a case on one side; outcomes are serialised so that comparing is a memcmp.      */

typedef struct outcome {
    int status;      /* OUT_RESULTS, OUT_ERROR or OUT_BUDGET */
    char *data;
    size_t len, cap;
} outcome;

enum { OUT_RESULTS, OUT_ERROR, OUT_BUDGET };

static void emit(outcome *o, const void *bytes, size_t n) {
    if (o->len + n > o->cap) {
        o->cap = (o->len + n) * 2;
        o->data = realloc(o->data, o->cap);
        if (!o->data) { perror("realloc"); exit(2); }
    }
    memcpy(o->data + o->len, bytes, n);
    o->len += n;
}

/* Appends the value at `index`: a type tag, then its bytes (integers and floats kept apart). */
static void emit_value(outcome *o, lua_State *L, int index) {
    int type = lua_type(L, index);
    if (type == LUA_TSTRING) {
        size_t n;
        const char *s = lua_tolstring(L, index, &n);
        emit(o, "s", 1);
        emit(o, &n, sizeof n);
        emit(o, s, n);
    } else if (type == LUA_TNUMBER && lua_isinteger(L, index)) {
        lua_Integer i = lua_tointeger(L, index);
        emit(o, "i", 1);
        emit(o, &i, sizeof i);
    } else if (type == LUA_TNUMBER) {
        lua_Number d = lua_tonumber(L, index);
        emit(o, "f", 1);
        emit(o, &d, sizeof d);
    } else if (type == LUA_TBOOLEAN) {
        emit(o, lua_toboolean(L, index) ? "T" : "F", 1);
    } else if (type == LUA_TNIL) {
        emit(o, "n", 1);
    } else if (type == LUA_TTABLE) { /* table.move's result: the elements around 1..5 */
        emit(o, "{", 1);
        for (lua_Integer i = -2; i <= 12; i++) {
            lua_rawgeti(L, index, i);
            emit_value(o, L, -1);
            lua_pop(L, 1);
        }
        emit(o, "}", 1);
    } else {
        emit(o, "?", 1);
        const char *name = lua_typename(L, type);
        emit(o, name, strlen(name));
    }
}

typedef struct side {
    lua_State *L;
    int probing;             /* table.move's tables raise on their first new key (see main) */
    banter_control *control; /* the sandbox's; NULL for the reference */
    int functions;           /* registry reference: { find, match, gmatch, gsub } */
    int tables, callbacks;   /* registry references: the replacement tables and functions */
} side;

static void push_replacement(side *sd, const fuzz_case *fc) {
    lua_State *L = sd->L;
    switch (fc->repl_kind) {
    case REPL_STRING: lua_pushlstring(L, fc->repl, fc->repl_len); break;
    case REPL_NUMBER: lua_pushnumber(L, fc->repl_number); break;
    case REPL_TABLE:
        lua_rawgeti(L, LUA_REGISTRYINDEX, sd->tables);
        lua_rawgeti(L, -1, fc->repl_index + 1);
        lua_remove(L, -2);
        break;
    case REPL_FUNCTION:
        lua_rawgeti(L, LUA_REGISTRYINDEX, sd->callbacks);
        lua_rawgeti(L, -1, fc->repl_index + 1);
        lua_remove(L, -2);
        break;
    default: lua_pushboolean(L, 1); break;
    }
}

/* Pushes the function for `op` and its arguments; returns the argument count. */
static int push_call(side *sd, const fuzz_case *fc) {
    lua_State *L = sd->L;
    lua_rawgeti(L, LUA_REGISTRYINDEX, sd->functions);
    lua_rawgeti(L, -1, fc->op + 1);
    lua_remove(L, -2);
    if (fc->op == OP_REP) {
        lua_pushlstring(L, fc->subject, fc->subject_len);
        lua_pushinteger(L, fc->move[0]);
        if (fc->repl_kind == 0) return 2;
        lua_pushstring(L, fc->repl_kind == 1 ? "" : "-=");
        return 3;
    }
    if (fc->op == OP_MOVE) {
        lua_createtable(L, 5, 0);
        for (int i = 1; i <= 5; i++) {
            lua_pushinteger(L, i * 10);
            lua_rawseti(L, -2, i);
        }
        if (sd->probing) luaL_setmetatable(L, "raise on a new key");
        for (int i = 0; i < 3; i++) lua_pushinteger(L, fc->move[i]);
        if (fc->move_target == 0) return 4;
        if (fc->move_target == 1) {
            lua_newtable(L);
            if (sd->probing) luaL_setmetatable(L, "raise on a new key");
        } else {
            lua_pushinteger(L, 7);
        }
        return 5;
    }
    lua_pushlstring(L, fc->subject, fc->subject_len);
    lua_pushlstring(L, fc->pattern, fc->pattern_len);
    int nargs = 2;
    if (fc->op == OP_GSUB) {
        push_replacement(sd, fc);
        nargs = 3;
        if (fc->n_kind == 1) { lua_pushinteger(L, fc->n); nargs = 4; }
        else if (fc->n_kind == 2) { lua_pushnumber(L, 1.5); nargs = 4; }
        return nargs;
    }
    if (fc->has_init || fc->plain) {
        if (fc->has_init) lua_pushinteger(L, fc->init);
        else lua_pushnil(L);
        nargs = 3;
    }
    if (fc->plain) {
        if (fc->plain == 1) lua_pushboolean(L, 1);
        else if (fc->plain == 2) lua_pushboolean(L, 0);
        else lua_pushnil(L);
        nargs = 4;
    }
    return nargs;
}

/* Calls what is on the stack; on an error records it (a budget stop as such) and returns 0. */
static int protected_call(side *sd, int nargs, int nresults, outcome *o) {
    if (sd->control) {
        banter_arm(sd->control);
        banter_sethook(sd->L);
    }
    if (lua_pcall(sd->L, nargs, nresults, 0) == LUA_OK) return 1;
    const char *message = lua_tostring(sd->L, -1);
    if (sd->control && (sd->control->stopped != BANTER_STOP_NONE ||
                        (message && (strstr(message, "string.rep: the result would be larger than") ||
                                     strstr(message, "table.move: more than"))))) {
        o->status = OUT_BUDGET;
    } else {
        o->status = OUT_ERROR;
        o->len = 0;
        emit_value(o, sd->L, -1);
    }
    lua_pop(sd->L, 1);
    return 0;
}

#define GMATCH_ROUNDS 24

/* The sandbox side of a pattern find that matched: banter_pattern_check must count as many
   captures as the match gave after its start and end (the bot dispatch trusts that count),
   else the outcome says so and differs from the reference's. */
static void check_capture_count(side *sd, const fuzz_case *fc, int base, outcome *o) {
    lua_State *L = sd->L;
    int results = lua_gettop(L) - base;
    if (fc->op != OP_FIND || fc->plain == 1 || results < 2 || !lua_isinteger(L, base + 1)) return;
    lua_pushcfunction(L, banter_pattern_check);
    lua_pushlstring(L, fc->pattern, fc->pattern_len);
    if (lua_pcall(L, 1, 1, 0) == LUA_OK && lua_tointeger(L, -1) != results - 2) {
        static const char miscounted[] = "check_pattern miscounted the captures";
        emit(o, miscounted, sizeof miscounted - 1);
    }
    lua_pop(L, 1);
}

static void run_side(side *sd, const fuzz_case *fc, outcome *o) {
    lua_State *L = sd->L;
    o->status = OUT_RESULTS;
    o->len = 0;
    int base = lua_gettop(L);
    int nargs = push_call(sd, fc);
    if (!protected_call(sd, nargs, LUA_MULTRET, o)) goto done;
    if (fc->op != OP_GMATCH) {
        if (sd->control) check_capture_count(sd, fc, base, o);
        for (int i = base + 1; i <= lua_gettop(L); i++) emit_value(o, L, i);
        goto done;
    }
    /* gmatch: the iterator is on the stack; call it until it ends, each round separated */
    for (int round = 0; round < GMATCH_ROUNDS; round++) {
        int top = lua_gettop(L);
        lua_pushvalue(L, base + 1);
        if (!protected_call(sd, 0, LUA_MULTRET, o)) goto done;
        emit(o, "|", 1);
        int got = lua_gettop(L) - top;
        for (int i = top + 1; i <= lua_gettop(L); i++) emit_value(o, L, i);
        int ended = got == 0 || lua_isnil(L, top + 1);
        lua_settop(L, top);
        if (ended) break;
    }
done:
    lua_settop(L, base);
}

/* ---------------------------------------------------------------------------------------- */
/* The two states.                                                                           */

static const char setup_chunk[] =
    "local functions, tables, callbacks = ...\n"
    "for i, source in ipairs(tables) do tables[i] = load('return ' .. source)() end\n"
    "for i, source in ipairs(callbacks) do callbacks[i] = load('return ' .. source)() end\n"
    "return functions, tables, callbacks\n";

static void setup_side(side *sd, lua_State *L, banter_control *control) {
    sd->L = L;
    sd->control = control;
    luaL_openlibs(L);
    if (control) {
        /* the sandbox's functions replace the library's, as in Banter (and so error messages
           name them string.find, ... as Lua's own) */
        lua_getglobal(L, "string");
        lua_pushcfunction(L, banter_str_find); lua_setfield(L, -2, "find");
        lua_pushcfunction(L, banter_str_match); lua_setfield(L, -2, "match");
        lua_pushcfunction(L, banter_str_gmatch); lua_setfield(L, -2, "gmatch");
        lua_pushcfunction(L, banter_str_gsub); lua_setfield(L, -2, "gsub");
        lua_getfield(L, -1, "rep");
        lua_pushcclosure(L, banter_str_rep, 1); lua_setfield(L, -2, "rep");
        lua_pop(L, 1);
        lua_getglobal(L, "table");
        lua_getfield(L, -1, "move");
        lua_pushcclosure(L, banter_table_move, 1); lua_setfield(L, -2, "move");
        lua_pop(L, 1);
    }
    /* for the probes: a table.move that passed Lua's own checks raises "moved" on its first
       write to a new key instead of looping over a huge range */
    luaL_newmetatable(L, "raise on a new key");
    luaL_dostring(L, "return function() error('moved', 0) end");
    lua_setfield(L, -2, "__newindex");
    lua_pop(L, 1);
    if (luaL_loadstring(L, setup_chunk) != LUA_OK) { fprintf(stderr, "%s\n", lua_tostring(L, -1)); exit(2); }
    lua_newtable(L);
    for (int op = 0; op < OP_COUNT; op++) {
        char library[16];
        const char *dot = strchr(op_names[op], '.');
        snprintf(library, sizeof library, "%.*s", (int)(dot - op_names[op]), op_names[op]);
        lua_getglobal(L, library);
        lua_getfield(L, -1, dot + 1);
        lua_rawseti(L, -3, op + 1);
        lua_pop(L, 1);
    }
    lua_newtable(L);
    for (int i = 0; i < COUNT_OF(replacement_tables); i++) {
        lua_pushstring(L, replacement_tables[i]);
        lua_rawseti(L, -2, i + 1);
    }
    lua_newtable(L);
    for (int i = 0; i < COUNT_OF(replacement_functions); i++) {
        lua_pushstring(L, replacement_functions[i]);
        lua_rawseti(L, -2, i + 1);
    }
    if (lua_pcall(L, 3, 3, 0) != LUA_OK) { fprintf(stderr, "%s\n", lua_tostring(L, -1)); exit(2); }
    sd->callbacks = luaL_ref(L, LUA_REGISTRYINDEX);
    sd->tables = luaL_ref(L, LUA_REGISTRYINDEX);
    sd->functions = luaL_ref(L, LUA_REGISTRYINDEX);
}

/* ---------------------------------------------------------------------------------------- */
/* Writing a difference out as a Lua script that reproduces the call.                        */

static void write_literal(FILE *f, const char *s, size_t n) {
    fputc('"', f);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\') fprintf(f, "\\%c", c);
        else if (c >= 32 && c < 127) fputc(c, f);
        else fprintf(f, "\\%03d", c);
    }
    fputc('"', f);
}

static void write_integer(FILE *f, lua_Integer i) {
    if (i == LUA_MININTEGER) fputs("math.mininteger", f);
    else if (i == LUA_MAXINTEGER) fputs("math.maxinteger", f);
    else fprintf(f, "%lld", (long long)i);
}

/* The outcome in words: the values (as lua5.4's print shows them) or the error. */
static void write_outcome(FILE *f, const outcome *o) {
    if (o->status == OUT_BUDGET) { fputs("stopped by the sandbox's budget", f); return; }
    if (o->status == OUT_ERROR) fputs("error ", f);
    for (size_t at = 0; at < o->len;) {
        char tag = o->data[at++];
        if (tag == 's') {
            size_t n;
            memcpy(&n, o->data + at, sizeof n);
            at += sizeof n;
            write_literal(f, o->data + at, n);
            at += n;
        } else if (tag == 'i') {
            lua_Integer i;
            memcpy(&i, o->data + at, sizeof i);
            at += sizeof i;
            write_integer(f, i);
        } else if (tag == 'f') {
            lua_Number d;
            memcpy(&d, o->data + at, sizeof d);
            at += sizeof d;
            fprintf(f, "%.14g", d);
        } else if (tag == 'T' || tag == 'F') {
            fputs(tag == 'T' ? "true" : "false", f);
        } else if (tag == 'n') {
            fputs("nil", f);
        } else if (tag == '|') {
            fputs(" |", f);
        } else if (tag == '{' || tag == '}') {
            fputc(tag, f);
        } else {
            fputc(tag, f);
        }
        fputc(' ', f);
    }
}

static void write_arguments(FILE *f, const fuzz_case *fc) {
    if (fc->op == OP_REP) {
        write_literal(f, fc->subject, fc->subject_len);
        fputs(", ", f);
        write_integer(f, fc->move[0]);
        if (fc->repl_kind) fputs(fc->repl_kind == 1 ? ", \"\"" : ", \"-=\"", f);
        return;
    }
    if (fc->op == OP_MOVE) {
        fputs("{10, 20, 30, 40, 50}", f);
        for (int i = 0; i < 3; i++) { fputs(", ", f); write_integer(f, fc->move[i]); }
        if (fc->move_target) fputs(fc->move_target == 1 ? ", {}" : ", 7", f);
        return;
    }
    fputs("subject, pattern", f);
    if (fc->op == OP_GSUB) {
        fputs(", ", f);
        switch (fc->repl_kind) {
        case REPL_STRING: write_literal(f, fc->repl, fc->repl_len); break;
        case REPL_NUMBER: fprintf(f, "%.14g", fc->repl_number); break;
        case REPL_TABLE: fputs(replacement_tables[fc->repl_index], f); break;
        case REPL_FUNCTION: fputs(replacement_functions[fc->repl_index], f); break;
        default: fputs("true", f); break;
        }
        if (fc->n_kind == 1) { fputs(", ", f); write_integer(f, fc->n); }
        else if (fc->n_kind == 2) fputs(", 1.5", f);
        return;
    }
    if (fc->has_init || fc->plain) {
        fputs(", ", f);
        if (fc->has_init) write_integer(f, fc->init);
        else fputs("nil", f);
    }
    if (fc->plain) fputs(fc->plain == 1 ? ", true" : fc->plain == 2 ? ", false" : ", nil", f);
}

static void write_difference(FILE *f, uint64_t seed, long long index, const fuzz_case *fc,
                             const outcome *lua, const outcome *sandbox) {
    fprintf(f, "-- Differential fuzzer: seed %llu, case %lld (scripts/fuzz --seed %llu differential)\n",
            (unsigned long long)seed, index, (unsigned long long)seed);
    fputs("-- lua5.4:  ", f);
    write_outcome(f, lua);
    fputs("\n-- sandbox: ", f);
    write_outcome(f, sandbox);
    fputc('\n', f);
    if (fc->op < OP_REP) {
        fputs("local subject = ", f);
        write_literal(f, fc->subject, fc->subject_len);
        fputs("\nlocal pattern = ", f);
        write_literal(f, fc->pattern, fc->pattern_len);
        fputc('\n', f);
    }
    if (fc->op == OP_MOVE) { /* the elements, as the fuzzer compares them */
        fputs("local ok, t = pcall(table.move, ", f);
        write_arguments(f, fc);
        fputs(")\nif not ok then print(ok, t) return end\nfor i = -2, 12 do io.write(tostring(t[i]), \" \") end print()\n", f);
        return;
    }
    if (fc->op == OP_GMATCH) {
        fputs("local ok, iterator = pcall(string.gmatch, ", f);
        write_arguments(f, fc);
        fputs(")\nif not ok then print(ok, iterator) return end\n", f);
        fprintf(f, "for _ = 1, %d do\n  local r = table.pack(pcall(iterator))\n"
                   "  print(table.unpack(r, 1, r.n))\n  if not r[1] or r[2] == nil then break end\nend\n",
                GMATCH_ROUNDS);
    } else {
        fprintf(f, "print(pcall(%s, ", op_names[fc->op]);
        write_arguments(f, fc);
        fputs("))\n", f);
    }
}

/* ---------------------------------------------------------------------------------------- */

/* The reference state's allocator: capped, so that a string.rep Lua would run fails with
   "not enough memory" instead of building gigabytes. */
static size_t reference_used;
#define REFERENCE_MEMORY ((size_t)64 << 20)
static void *reference_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    (void)ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        reference_used -= old;
        return NULL;
    }
    if (nsize > old && reference_used + (nsize - old) > REFERENCE_MEMORY) return NULL;
    void *block = realloc(ptr, nsize);
    if (block) reference_used = reference_used - old + nsize;
    return block;
}

/* After the sandbox's budget stopped a string.rep or table.move: whether Lua would have run
   the call too (it ran out of its capped memory, or began moving), rather than raise its own
   error, which must then have been the sandbox's answer. */
static int lua_would_run(side *reference, const fuzz_case *fc, outcome *o) {
    reference->probing = 1;
    run_side(reference, fc, o);
    reference->probing = 0;
    if (o->status != OUT_ERROR) return 1;
    const char *expected = fc->op == OP_REP ? "not enough memory" : "moved";
    return o->len > 1 + sizeof(size_t) && memmem(o->data, o->len, expected, strlen(expected)) != NULL;
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void usage(void) {
    fputs("usage: PatternDifferential [--seed S] [--cases N] [--seconds T] [--out DIR] [--quiet]\n", stderr);
    exit(2);
}

int main(int argc, char **argv) {
    uint64_t seed = (uint64_t)time(NULL);
    long long cases = -1;
    double seconds = -1;
    const char *out = ".build/fuzz/differences";
    int quiet = 0;
    for (int i = 1; i < argc; i++) {
        const char *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(argv[i], "--seed") == 0 && value) { seed = strtoull(value, NULL, 10); i++; }
        else if (strcmp(argv[i], "--cases") == 0 && value) { cases = atoll(value); i++; }
        else if (strcmp(argv[i], "--seconds") == 0 && value) { seconds = atof(value); i++; }
        else if (strcmp(argv[i], "--out") == 0 && value) { out = value; i++; }
        else if (strcmp(argv[i], "--quiet") == 0) quiet = 1;
        else usage();
    }
    if (cases < 0 && seconds < 0) cases = 1000000;

    banter_control control = { 0 };
    control.memory_limit = (size_t)16 << 20; /* string.rep's budget; below the reference's cap */
    control.hook_step = 1000;
    control.instruction_limit = 1000000000000LL;
    control.pattern_limit = 200000;
    lua_State *sandbox_state = banter_newstate(&control);
    lua_State *reference_state = lua_newstate(reference_alloc, NULL);
    if (!sandbox_state || !reference_state) { fputs("cannot create Lua states\n", stderr); return 2; }
    side sandbox, reference;
    setup_side(&sandbox, sandbox_state, &control);
    setup_side(&reference, reference_state, NULL);

    rng_state = seed;
    fuzz_case fc;
    outcome from_lua = { 0 }, from_sandbox = { 0 };
    long long run = 0, differences = 0, budget_stops = 0, errors = 0;
    double start = now(), deadline = seconds >= 0 ? start + seconds : 0, last_report = start;
    for (; cases < 0 || run < cases; run++) {
        if ((run & 0xFFFF) == 0 && run > 0) {
            if (!quiet && now() - last_report > 60) {
                last_report = now();
                fprintf(stderr, "... %lld cases, %lld differences\n", run, differences);
            }
        }
        if (deadline > 0 && (run & 1023) == 0 && now() > deadline) break;
        gen_case(&fc);
        run_side(&sandbox, &fc, &from_sandbox);
        if (from_sandbox.status == OUT_BUDGET) {
            budget_stops++;
            if (fc.op < OP_REP || lua_would_run(&reference, &fc, &from_lua)) continue;
        } else {
            run_side(&reference, &fc, &from_lua);
            if (from_lua.status == OUT_ERROR) errors++;
            if (from_lua.status == from_sandbox.status && from_lua.len == from_sandbox.len &&
                memcmp(from_lua.data, from_sandbox.data, from_lua.len) == 0)
                continue;
        }
        differences++;
        if (differences <= 100) {
            mkdir(out, 0777);
            char path[4096];
            snprintf(path, sizeof path, "%s/seed%llu-case%lld.lua", out, (unsigned long long)seed, run);
            FILE *f = fopen(path, "w");
            if (!f) { fprintf(stderr, "cannot write %s: %s\n", path, strerror(errno)); return 2; }
            write_difference(f, seed, run, &fc, &from_lua, &from_sandbox);
            fclose(f);
            if (!quiet) fprintf(stderr, "difference: %s\n", path);
        }
    }
    double elapsed = now() - start;
    printf("differential: %lld cases in %.1f s (%.0f/s), seed %llu: %lld differences, "
           "%lld budget stops, %lld errors agreed\n",
           run, elapsed, elapsed > 0 ? run / elapsed : 0.0, (unsigned long long)seed, differences,
           budget_stops, errors);
    lua_close(sandbox_state);
    lua_close(reference_state);
    return differences > 0 ? 1 : 0;
}
