// The sandbox Banter runs every script in, written in C because Lua errors and yields must
// be raised from C frames, never unwound through Swift ones: the capped allocator, the
// instruction/time hook, the trampoline that turns a host function's status into a Lua
// error or yield after the Swift closure returned, error-to-string conversion inside
// lua_pcall, coroutine creation that installs the hook, xpcall whose message handler never
// runs inside the hook, guarded string.rep and table.move,
// and a Lua-pattern matcher with a step budget (string.find/match/gmatch/gsub). The core is
// LuaSandbox.c, the matcher LuaPatterns.c (derived from Lua's lstrlib.c).
#ifndef BANTER_LUA_SANDBOX_H
#define BANTER_LUA_SANDBOX_H

#include <lua5.4/lua.h>
#include <lua5.4/lauxlib.h>
#include "LuaArena.h"
#include "LuaCoverage.h"

/* ---------------------------------------------------------------------------------------- */
/* Sandbox control block: one per lua_State, reached from every thread through the extra   */
/* space (Lua copies the main thread's extra space into each new thread).                   */

/** What a host function asks the trampoline to do after it returned. */
enum {
    BANTER_HOST_ERROR = -1, /* raise the string on top of the stack, prefixed with file:line */
    BANTER_HOST_YIELD = -2  /* yield the running coroutine (no values) */
};

/** Why a run was stopped; sticky until the host arms a new budget. */
enum {
    BANTER_STOP_NONE = 0,
    BANTER_STOP_INSTRUCTIONS = 1,
    BANTER_STOP_TIME = 2,
    BANTER_STOP_PATTERN = 3
};

/** The host's dispatcher: runs host function number `index` for the Lua call on `L`. */
typedef int (*banter_host_dispatch)(lua_State *L, void *owner, int index);

/** How the debugger's line check goes on after a line ran (see banter_debug). */
enum {
    BANTER_STEP_NONE = 0, /* stop only at breakpoints */
    BANTER_STEP_INTO = 1, /* stop at the next line of the script's own code */
    BANTER_STEP_OVER = 2, /* ... in the same function or a caller */
    BANTER_STEP_OUT = 3   /* ... in a caller */
};

#define BANTER_DEBUG_LOCALS "banter.debug.locals"

/** The host's breakpoint test: whether line `line` of chunk `source` ("@bot.lua") has one. */
typedef int (*banter_breakpoint_test)(void *owner, const char *source, int line);

/** The host's debugger, as the hook sees it. While `active`, the hook takes line events on
    `thread` (the host-driven coroutine being run) and yields it, with `stopped` set, at a
    line with a breakpoint (`lines[line]` non-zero, then `test` decides) or where `step`
    says; a paused coroutine is resumed by the host like one that waits. Lines of Banter's
    own chunks and of other coroutines never stop. */
typedef struct banter_debug {
    int active;
    int step;                  /* BANTER_STEP_* */
    int depth;                 /* the stack depth a step over or out started at */
    int stopped;               /* set when the coroutine paused for the debugger; the host clears it */
    int hooked;                /* the hook paused it (not a host function): see `line` */
    int line;                  /* the line the hook paused at; Lua reports the innermost frame
                                  of a coroutine a hook yielded one instruction early, so the
                                  hook also keeps that frame's locals in the registry under
                                  BANTER_DEBUG_LOCALS: { name1, value1, name2, value2, ..., n = N } */
    lua_State *thread;
    const unsigned char *lines; /* a quick filter by line number, owned by the host */
    int line_count;
    banter_breakpoint_test test;
} banter_debug;

typedef struct banter_control {
    size_t memory_used;
    size_t memory_limit;
    int capped;                 /* 1 while script code runs; host code allocates uncapped */
    int stopped;                /* BANTER_STOP_*, sticky */
    int hook_step;              /* instructions between two hook calls */
    long long instruction_limit;
    long long instructions_left;
    double time_limit;          /* seconds per run; 0 = none */
    double deadline;            /* monotonic seconds */
    long long pattern_limit;
    long long pattern_steps_left;
    banter_host_dispatch dispatch;
    void *owner;
    struct banter_coverage *coverage; /* line coverage being recorded, or NULL (see LuaCoverage.h) */
    long long finalizers_queued; /* objects the collector queued for finalization, in all */
    long long finalizers_taken;  /* of those, handed to the host's finalizer runner */
    char stop_where[256];        /* "file:line: " where the stop was first raised, sticky with it */
    struct banter_arena *arena;  /* the state's memory when it can be snapshotted, or NULL (LuaArena.h) */
    banter_debug debug;          /* the host's step debugger (zero: none) */
} banter_control;

/** Monotonic seconds, for the run's deadline. */
double banter_monotonic(void);

/** Arms a fresh budget for one call into Lua and caps the allocator. */
void banter_arm(banter_control *c);

/** Pushes "file:line: " for the innermost frame of the script's own code (skipping C
    functions and Banter's internal chunks), or "" when there is none. */
void banter_where(lua_State *L);

/** A C function that raises the current stop error; the host calls it under lua_pcall to get
    the message when a stopped script returned normally anyway. */
int banter_raise_stop(lua_State *L);

/** A new state whose allocator, extra space and hook are in place before any code runs. */
lua_State *banter_newstate(banter_control *c);

/** A new coroutine for the host, hook armed; left on top of L's stack. */
lua_State *banter_newthread(lua_State *L);

/** Installs the instruction/time hook on L (every coroutine needs its own). */
void banter_sethook(lua_State *L);

/** How many frames of the script's own code are on `L`'s stack (Banter's chunks and C
    functions not counted): what a step over or out compares. */
int banter_script_depth(lua_State *L);

/** Pushes a Lua function that calls host function number `index` through the trampoline. */
void banter_push_host_function(lua_State *L, int index);

/** Replaces the value on top of L with its string form; returns 0 (and pushes nothing in
    place of it) when the conversion itself failed. */
int banter_protected_tostring(lua_State *L);

/* ---------------------------------------------------------------------------------------- */
/* Finalizers, deferred: Lua's collector never calls script code. An object whose metatable */
/* had __gc when the script set it gets a sentinel (a userdata only the sandbox holds, kept  */
/* alive by the object through an ephemeron table); the sentinel's own __gc, in C, only     */
/* queues the object (resurrecting it, as Lua does), and the host runs the queued objects'  */
/* __gc at safe points, under the run's budget.                                             */

/** Creates the finalization queue and the sentinels' metatable (once per state). */
void banter_open_finalizers(lua_State *L);

/** sentinel(object): a new userdata that queues `object` when the collector finalizes it. */
int banter_finalizer_sentinel(lua_State *L);

/** next(): the next queued object, taken off the queue, or nothing when it is empty. */
int banter_finalizer_next(lua_State *L);

/** new_userdata(metatable): an empty userdata with that metatable, for the sandbox's io
    (its standard files are userdata, as Lua's are). */
int banter_new_userdata(lua_State *L);

/** A full garbage collection (lua_gc is variadic, which Swift cannot call). */
void banter_collect_garbage(lua_State *L);

/** c_frame(f): a C function that calls `f` with its arguments and returns its results, so
    that a tail call to it keeps its caller's frame, as with Lua's own C functions. */
int banter_c_frame(lua_State *L);

/** script_levels(thread|nil, level, count): the stack levels, as the calling Lua function
    counts them, of up to `count` (-1: all) frames the script sees from its level `level`
    on: a Banter function (of an "=[banter" chunk) stands for a C function, so the C and
    Banter functions it calls are hidden. On the caller's own thread, the script's level 0
    is the C frame around the caller (see banter_c_frame). */
int banter_script_levels(lua_State *L);

/** xpcall, as Lua's: the message handler runs where the error was raised, before the stack
    unwinds; not for a stop of the budget (raised by the hook, where hooks are off). */
int banter_xpcall(lua_State *L);

/** coroutine.create, with the hook installed on the new thread. */
int banter_co_create(lua_State *L);

/** coroutine.wrap, with the hook installed on the new thread. */
int banter_co_wrap(lua_State *L);

/** string.rep that refuses results beyond the memory cap before allocating; Lua's own
    "resulting string too large" comes first, as in Lua. */
int banter_str_rep(lua_State *L);

/** table.move bounded in the number of elements it may touch; Lua's own argument errors
    ("too many elements to move", "destination wrap around", ...) come first, as in Lua. */
int banter_table_move(lua_State *L);

/** string.find with the pattern step budget. */
int banter_str_find(lua_State *L);

/** find(text, pattern, ignore_case): string.find (never plain) with a case-insensitive
    option; what bot handlers are matched with. */
int banter_str_find_case(lua_State *L);

/** string.match with the pattern step budget. */
int banter_str_match(lua_State *L);

/** string.gmatch with the pattern step budget. */
int banter_str_gmatch(lua_State *L);

/** string.gsub with the pattern step budget. */
int banter_str_gsub(lua_State *L);

/** check(pattern): raises a clear error when `pattern` is malformed, so that handlers
    registered with a bad pattern fail when the script loads, not on the first message.
    Returns how many captures the pattern has (what a match gives after start and end). */
int banter_pattern_check(lua_State *L);

#endif
