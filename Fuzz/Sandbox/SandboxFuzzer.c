// libFuzzer target for the sandbox's C entry points (Sources/LuaSandbox), built with
// AddressSanitizer and UndefinedBehaviorSanitizer by scripts/fuzz. The first byte of each
// input chooses what runs; the rest is split at 0xFF bytes into the pieces it needs:
//
//   0  pattern functions: find/match/gmatch/gsub/find(ignore case)/check on subject and
//      pattern from the input, under a pattern budget taken from the input
//   1  string.rep guard: text, count, separator
//   2  table.move guard: first, last, destination, with and without a second table
//   3  the capped allocator: Lua code from a fixed list, sized by the input, under a memory
//      limit taken from the input; the accounting must come back to zero on close
//   4  protected tostring: values whose __tostring raises, loops, yields or returns odd types
//   5  host-function trampoline: results, errors and yields, inside coroutines
//
// A crash, a sanitizer report, a broken invariant (abort) or a leak is a finding.
#include "LuaSandbox.h"

#include <lua5.4/lualib.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct pieces {
    const char *piece[4];
    size_t length[4];
    int count;
} pieces;

static pieces split(const uint8_t *data, size_t size) {
    pieces p = { { 0 }, { 0 }, 0 };
    size_t start = 0;
    for (size_t i = 0; i <= size && p.count < 4; i++) {
        if (i == size || (data[i] == 0xFF && p.count < 3)) {
            p.piece[p.count] = (const char *)data + start;
            p.length[p.count] = i - start;
            p.count++;
            start = i + 1;
        }
    }
    return p;
}

static lua_Integer integer_from(const char *s, size_t n) {
    uint64_t value = 0;
    for (size_t i = 0; i < n && i < 8; i++) value = (value << 8) | (uint8_t)s[i];
    /* small numbers mostly, the extremes sometimes */
    switch (n) {
    case 0: return 0;
    case 1: return (int8_t)value;
    case 2: return (int16_t)value;
    default: return (lua_Integer)value;
    }
}

static banter_control control;

static lua_State *new_sandbox(size_t memory_limit, long long pattern_limit) {
    memset(&control, 0, sizeof control);
    control.memory_limit = memory_limit;
    control.hook_step = 100;
    control.instruction_limit = 200000;
    control.pattern_limit = pattern_limit;
    lua_State *L = banter_newstate(&control);
    if (!L) abort();
    luaL_openlibs(L);
    return L;
}

static void close_sandbox(lua_State *L) {
    lua_close(L);
    if (control.memory_used != 0) abort(); /* the allocator's accounting must balance */
}

/* Calls `f` with the arguments on the stack under lua_pcall, capped, with a fresh budget. */
static int call(lua_State *L, lua_CFunction f, int nargs, int upvalues) {
    lua_pushcclosure(L, f, upvalues);
    lua_insert(L, -(nargs + 1));
    banter_arm(&control);
    banter_sethook(L);
    control.capped = 1;
    int status = lua_pcall(L, nargs, LUA_MULTRET, 0);
    control.capped = 0;
    return status;
}

/* Where find(text, pattern, true) matches: start and end, 0 when it does not, -1 on an error. */
static void find_ignoring_case(lua_State *L, const char *s, size_t ls, const char *p, size_t lp, lua_Integer where[2]) {
    lua_pushlstring(L, s, ls);
    lua_pushlstring(L, p, lp);
    lua_pushboolean(L, 1);
    int top = lua_gettop(L) - 3;
    if (call(L, banter_str_find_case, 3, 0) != LUA_OK) {
        where[0] = where[1] = -1;
    } else {
        where[0] = lua_tointeger(L, top + 1);
        where[1] = lua_tointeger(L, top + 2);
    }
    lua_settop(L, top);
}

/* Ignoring case, a text and the same text with every letter's case swapped match at the same
   positions, whatever the pattern (sets, classes, %b, %f and back-references included). */
static void check_ignoring_case(lua_State *L, const char *s, size_t ls, const char *p, size_t lp) {
    char *swapped = malloc(ls + 1);
    if (!swapped) abort();
    for (size_t i = 0; i < ls; i++) {
        char c = s[i];
        swapped[i] = (c >= 'a' && c <= 'z') ? (char)(c - 32) : (c >= 'A' && c <= 'Z') ? (char)(c + 32) : c;
    }
    lua_Integer a[2], b[2];
    find_ignoring_case(L, s, ls, p, lp, a);
    int stopped = control.stopped != BANTER_STOP_NONE;
    find_ignoring_case(L, swapped, ls, p, lp, b);
    stopped |= control.stopped != BANTER_STOP_NONE;
    free(swapped);
    if (!stopped && (a[0] != b[0] || a[1] != b[1])) abort();
}

static void fuzz_patterns(const pieces *p, uint8_t mode) {
    lua_State *L = new_sandbox((size_t)1 << 26, 1 + (mode >> 3) * 4000);
    const char *subject = p->piece[0], *pattern = p->count > 1 ? p->piece[1] : "";
    size_t ls = p->length[0], lp = p->count > 1 ? p->length[1] : 0;
    lua_Integer init = p->count > 2 ? integer_from(p->piece[2], p->length[2]) : 1;
    switch (mode & 7) {
    case 0: case 1: /* find, match */
        lua_pushlstring(L, subject, ls);
        lua_pushlstring(L, pattern, lp);
        lua_pushinteger(L, init);
        call(L, (mode & 7) == 0 ? banter_str_find : banter_str_match, 3, 0);
        break;
    case 2: { /* gmatch, iterated to the end */
        lua_pushlstring(L, subject, ls);
        lua_pushlstring(L, pattern, lp);
        lua_pushinteger(L, init);
        if (call(L, banter_str_gmatch, 3, 0) == LUA_OK) {
            int iterator = lua_gettop(L);
            for (int round = 0; round < 1000; round++) {
                lua_pushvalue(L, iterator);
                banter_arm(&control);
                if (lua_pcall(L, 0, 1, 0) != LUA_OK || lua_isnil(L, -1)) break;
                lua_pop(L, 1);
            }
        }
        break;
    }
    case 3: case 4: case 5: { /* gsub with a string, a table, a function */
        lua_pushlstring(L, subject, ls);
        lua_pushlstring(L, pattern, lp);
        if ((mode & 7) == 3) lua_pushlstring(L, p->count > 2 ? p->piece[2] : "%0", p->count > 2 ? p->length[2] : 2);
        else if ((mode & 7) == 4) luaL_dostring(L, "return setmetatable({}, { __index = function(_, k) return k end })");
        else luaL_dostring(L, "return function(...) return select('#', ...) end");
        lua_pushinteger(L, p->count > 3 ? integer_from(p->piece[3], p->length[3]) : 100);
        call(L, banter_str_gsub, 4, 0);
        break;
    }
    case 6: /* find(text, pattern, ignore case) */
        if (init & 1) check_ignoring_case(L, subject, ls, pattern, lp);
        lua_pushlstring(L, subject, ls);
        lua_pushlstring(L, pattern, lp);
        lua_pushboolean(L, init & 1);
        call(L, banter_str_find_case, 3, 0);
        break;
    default: /* check(pattern) */
        lua_pushlstring(L, subject, ls);
        call(L, banter_pattern_check, 1, 0);
        break;
    }
    close_sandbox(L);
}

/* Pushes the guard `guard` with the library's original `library.name` as its upvalue, as
   Banter installs it. */
static void push_guard(lua_State *L, const char *library, const char *name, lua_CFunction guard) {
    lua_getglobal(L, library);
    lua_getfield(L, -1, name);
    lua_remove(L, -2);
    lua_pushcclosure(L, guard, 1);
}

static void run_guard(lua_State *L, int nargs) {
    banter_arm(&control);
    control.capped = 1;
    lua_pcall(L, nargs, 1, 0);
    control.capped = 0;
}

static void fuzz_rep(const pieces *p, uint8_t mode) {
    lua_State *L = new_sandbox((size_t)1 << (16 + (mode & 7)), 1000);
    push_guard(L, "string", "rep", banter_str_rep);
    lua_pushlstring(L, p->piece[0], p->length[0] % 64);
    lua_pushinteger(L, p->count > 1 ? integer_from(p->piece[1], p->length[1]) : 3);
    int nargs = 2;
    if (p->count > 2) { lua_pushlstring(L, p->piece[2], p->length[2]); nargs = 3; }
    run_guard(L, nargs);
    close_sandbox(L);
}

static void fuzz_move(const pieces *p, uint8_t mode) {
    lua_State *L = new_sandbox((size_t)1 << 24, 1000);
    push_guard(L, "table", "move", banter_table_move);
    luaL_dostring(L, "return {1, 2, 3, 4, 5}");
    lua_pushinteger(L, integer_from(p->piece[0], p->length[0]));
    lua_pushinteger(L, p->count > 1 ? integer_from(p->piece[1], p->length[1]) : 5);
    lua_pushinteger(L, p->count > 2 ? integer_from(p->piece[2], p->length[2]) : 2);
    int nargs = 4;
    if (mode & 1) { lua_newtable(L); nargs = 5; }
    else if (mode & 2) { lua_pushinteger(L, 7); nargs = 5; }
    run_guard(L, nargs);
    close_sandbox(L);
}

/* Workloads for the capped allocator; `n` comes from the input. */
static const char *const allocation_workloads[] = {
    "local n = ... local t = {} for i = 1, n do t[i] = i end return #t",
    "local n = ... return string.rep('x', n)",
    "local n = ... local t = {} for i = 1, n do t['k' .. i] = {i} end return t",
    "local n = ... local s = '' for i = 1, n % 2000 do s = s .. i end return s",
    "local n = ... return table.concat({string.rep('ab', n % 100000), 'c'}, ',')",
    "local n = ... local co = coroutine.wrap(function() local t = {} for i = 1, n do t[i] = {} coroutine.yield(i) end end) for i = 1, n % 1000 do co() end",
    "local n = ... return load(string.rep('local a = 1 ', n % 5000))",
};

static void fuzz_allocator(const pieces *p, uint8_t mode) {
    size_t limit = (size_t)(64 * 1024) + (size_t)(integer_from(p->piece[0], p->length[0] % 4) & 0x3FFFFF);
    lua_State *L = new_sandbox(limit, 100000);
    int workload = (mode & 0x7F) % (int)(sizeof allocation_workloads / sizeof allocation_workloads[0]);
    control.capped = 1;
    if (luaL_loadstring(L, allocation_workloads[workload]) == LUA_OK) {
        lua_pushinteger(L, p->count > 1 ? (integer_from(p->piece[1], p->length[1]) & 0xFFFFF) : 1000);
        banter_arm(&control);
        banter_sethook(L);
        lua_pcall(L, 1, 1, 0);
    }
    control.capped = 0;
    if (control.memory_used > limit) abort(); /* capped growth never passes the limit */
    close_sandbox(L);
}

/* Values to convert; each chunk returns one. */
static const char *const tostring_values[] = {
    "return setmetatable({}, { __tostring = function() error('boom') end })",
    "return setmetatable({}, { __tostring = function() while true do end end })",
    "return setmetatable({}, { __tostring = function() return 42 end })",
    "return setmetatable({}, { __tostring = function() return {} end })",
    "return setmetatable({}, { __tostring = function() coroutine.yield() end })",
    "return setmetatable({}, { __tostring = function() return string.rep('x', 1 << 30) end })",
    "return setmetatable({}, { __tostring = function(t) return tostring(t) end })",
    "return setmetatable({}, { __name = 'Thing' })",
    "return setmetatable({}, { __name = {} })",
    "return {}",
    "return 1.5",
    "return 'text'",
    "return nil",
};

static void fuzz_tostring(const pieces *p, uint8_t mode) {
    (void)p;
    lua_State *L = new_sandbox((size_t)1 << 24, 1000);
    int which = (mode & 0x7F) % (int)(sizeof tostring_values / sizeof tostring_values[0]);
    if (luaL_dostring(L, tostring_values[which]) == LUA_OK) {
        banter_arm(&control);
        int top = lua_gettop(L);
        if (banter_protected_tostring(L)) {
            if (lua_type(L, -1) != LUA_TSTRING || lua_gettop(L) != top) abort();
        } else if (lua_gettop(L) != top - 1) {
            abort();
        }
    }
    close_sandbox(L);
}

/* Host function 0 returns its arguments, 1 raises, 2 yields, 3 returns a huge count of nils. */
static int dispatch(lua_State *L, void *owner, int index) {
    (void)owner;
    switch (index) {
    case 0: return lua_gettop(L);
    case 1: lua_pushliteral(L, "host says no"); return BANTER_HOST_ERROR;
    case 2: return BANTER_HOST_YIELD;
    default:
        if (!lua_checkstack(L, 50)) { lua_pushliteral(L, "stack"); return BANTER_HOST_ERROR; }
        for (int i = 0; i < 50; i++) lua_pushnil(L);
        return 50;
    }
}

static void fuzz_trampoline(const pieces *p, uint8_t mode) {
    lua_State *L = new_sandbox((size_t)1 << 24, 1000);
    control.dispatch = dispatch;
    for (int i = 0; i < 4; i++) {
        banter_push_host_function(L, i);
        lua_setglobal(L, (const char *[]){ "echo", "fail", "pause", "many" }[i]);
    }
    lua_pushcfunction(L, banter_co_create);
    lua_setglobal(L, "cocreate");
    lua_pushcfunction(L, banter_co_wrap);
    lua_setglobal(L, "cowrap");
    /* the program: a sequence of steps chosen by the input's bytes */
    static const char *const steps[] = {
        "echo(1, 'a', nil)", "pcall(fail)", "pcall(pause)", "select('#', many())",
        "cowrap(function() pause() pause() end)()", "coroutine.resume(cocreate(function() fail() end))",
        "local co = cocreate(function(...) return echo(...) end) coroutine.resume(co, 1, 2)",
        "pcall(cowrap(function() fail() end))", "local w = cowrap(function() end) w() pcall(w)",
        "while true do end",
    };
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (size_t i = 0; i < p->length[0] && i < 16; i++) {
        luaL_addstring(&b, steps[(uint8_t)p->piece[0][i] % (sizeof steps / sizeof steps[0])]);
        luaL_addchar(&b, '\n');
    }
    luaL_pushresult(&b);
    lua_State *thread = banter_newthread(L);
    if (luaL_loadstring(thread, lua_tostring(L, -2)) == LUA_OK) {
        banter_arm(&control);
        control.capped = mode & 1;
        for (int resumes = 0; resumes < 8; resumes++) {
            int nresults = 0;
            int status = lua_resume(thread, L, 0, &nresults);
            if (status != LUA_YIELD) break;
            lua_pop(thread, nresults);
        }
        control.capped = 0;
    }
    close_sandbox(L);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 2) return 0;
    uint8_t target = data[0], mode = data[1];
    pieces p = split(data + 2, size - 2);
    switch (target % 6) {
    case 0: fuzz_patterns(&p, mode); break;
    case 1: fuzz_rep(&p, mode); break;
    case 2: fuzz_move(&p, mode); break;
    case 3: fuzz_allocator(&p, mode); break;
    case 4: fuzz_tostring(&p, mode); break;
    default: fuzz_trampoline(&p, mode); break;
    }
    return 0;
}
