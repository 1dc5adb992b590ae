// The sandbox core: capped allocator, instruction/time hook, host-function trampoline,
// protected tostring, hooked coroutines, xpcall and the string.rep/table.move guards. What each
// function is for is documented in LuaSandbox.h; the pattern matcher is in LuaPatterns.c.
#include "LuaSandboxInternal.h"

#include <lua5.4/lualib.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>


double banter_monotonic(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void banter_arm(banter_control *c) {
    c->stopped = BANTER_STOP_NONE;
    c->instructions_left = c->instruction_limit;
    c->pattern_steps_left = c->pattern_limit;
    c->deadline = c->time_limit > 0 ? banter_monotonic() + c->time_limit : 0;
    c->stop_where[0] = '\0';
}

/* Chunks whose name starts with this are Banter's own Lua code: errors point past them. */
#define BANTER_INTERNAL_CHUNK "=[banter"

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

int banter_stop_error(lua_State *L, banter_control *c) {
    /* The place is the one where the stop was first raised: the loop itself, even when a
       pcall (a finalizer's, a script's) caught that raise and the next one is elsewhere. */
    if (c->stop_where[0] == '\0') {
        banter_where(L);
        const char *where = lua_tostring(L, -1);
        size_t length = strlen(where);
        if (length >= sizeof(c->stop_where)) length = 0; /* a place too long to keep: none */
        memcpy(c->stop_where, where, length);
        c->stop_where[length] = '\0';
        lua_pop(L, 1);
    }
    lua_pushstring(L, c->stop_where);
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

int banter_raise_stop(lua_State *L) {
    return banter_stop_error(L, banter_control_of(L));
}

static void *banter_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    banter_control *c = (banter_control *)ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        if (c->arena) banter_arena_realloc(c->arena, ptr, old, 0);
        else free(ptr);
        c->memory_used -= old;
        return NULL;
    }
    if (c->capped && nsize > old && c->memory_used + (nsize - old) > c->memory_limit) return NULL;
    void *block = c->arena ? banter_arena_realloc(c->arena, ptr, old, nsize) : realloc(ptr, nsize);
    if (block) c->memory_used = c->memory_used - old + nsize;
    return block;
}

static int banter_is_script_chunk(const char *source) {
    return source != NULL && strncmp(source, BANTER_INTERNAL_CHUNK, sizeof(BANTER_INTERNAL_CHUNK) - 1) != 0;
}

int banter_script_depth(lua_State *L) {
    lua_Debug ar;
    int depth = 0;
    for (int level = 0; lua_getstack(L, level, &ar); level++) {
        lua_getinfo(L, "S", &ar);
        if (ar.what[0] != 'C' && banter_is_script_chunk(ar.source)) depth++;
    }
    return depth;
}

/* Keeps the locals of the function the hook runs for (level 0) as they are now: once the
   hook yields, Lua reads that frame one instruction early and would miss a local the line
   just before declared. */
static void banter_debug_keep_locals(lua_State *L) {
    lua_Debug top;
    if (!lua_getstack(L, 0, &top) || !lua_checkstack(L, 4)) return;
    lua_createtable(L, 16, 1);
    int count = 0;
    for (int index = 1;; index++) {
        const char *name = lua_getlocal(L, &top, index);
        if (name == NULL) break;
        lua_rawseti(L, -2, 2 * count + 2);
        lua_pushstring(L, name);
        lua_rawseti(L, -2, 2 * count + 1);
        count++;
    }
    lua_pushinteger(L, count);
    lua_setfield(L, -2, "n");
    lua_setfield(L, LUA_REGISTRYINDEX, BANTER_DEBUG_LOCALS);
}

/* The debugger's line check: yields the host's coroutine where a breakpoint or a step says.
   A hook may yield only on line and count events, with no values (Lua 5.4 manual, lua_yield). */
static void banter_debug_line(lua_State *L, lua_Debug *ar, banter_control *c) {
    banter_debug *d = &c->debug;
    if (L != d->thread || ar->currentline <= 0 || !lua_isyieldable(L)) return;
    int marked = ar->currentline < d->line_count && d->lines != NULL && d->lines[ar->currentline];
    if (d->step == BANTER_STEP_NONE && !marked) return;
    if (!lua_getinfo(L, "S", ar) || !banter_is_script_chunk(ar->source)) return;
    int stop = 0;
    switch (d->step) {
    case BANTER_STEP_INTO: stop = 1; break;
    case BANTER_STEP_OVER: stop = banter_script_depth(L) <= d->depth; break;
    case BANTER_STEP_OUT: stop = banter_script_depth(L) < d->depth; break;
    default: break;
    }
    if (!stop && marked && d->test != NULL) stop = d->test(c->owner, ar->source, ar->currentline);
    if (!stop) return;
    d->step = BANTER_STEP_NONE;
    d->stopped = 1;
    d->hooked = 1;
    d->line = ar->currentline;
    banter_debug_keep_locals(L);
    lua_yield(L, 0);
}

static void banter_hook(lua_State *L, lua_Debug *ar) {
    banter_control *c = banter_control_of(L);
    if (ar->event == LUA_HOOKLINE) {
        banter_coverage_line(c->coverage, L, ar);
        if (c->debug.active) banter_debug_line(L, ar, c);
        return;
    }
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
    int mask = LUA_MASKCOUNT | (c->coverage != NULL || c->debug.active ? LUA_MASKLINE : 0);
    lua_sethook(L, banter_hook, mask, c->stopped != BANTER_STOP_NONE ? 1 : c->hook_step);
}

lua_State *banter_newstate(banter_control *c) {
    lua_State *L = lua_newstate(banter_alloc, c);
    if (!L) return NULL;
    *(banter_control **)lua_getextraspace(L) = c;
    banter_sethook(L);
    /* Generational collection: a handler run leaves short-lived garbage (the msg table, the
       reply, captures and concatenations) beside a long-lived sandbox, which is what Lua's
       generational mode is for; dispatch runs about 15% faster than with the incremental
       default. Scripts cannot change the mode (see the prelude's collectgarbage). */
    lua_gc(L, LUA_GCGEN, 0, 0);
    return L;
}

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
    /* As Lua's auxwrap: close the dead coroutine's to-be-closed variables (an error in a
       __close replaces the original) and put the caller's place before a string error.
       Not for a stopped run: its stop is sticky and its thread's hook is off (an error
       raised by the hook leaves it off), so no script code may run there. */
    int stopped = banter_control_of(L)->stopped != 0;
    if (status != LUA_ERRMEM && !stopped) status = lua_resetthread(co);
    lua_xmove(co, L, 1);
    if (status != LUA_ERRMEM && !stopped && lua_type(L, -1) == LUA_TSTRING) {
        luaL_where(L, 1);
        lua_insert(L, -2);
        lua_concat(L, 2);
    }
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
    /* Lua's own check first (lstrlib's str_rep: in 5.4 MAXSIZE is INT_MAX where size_t is
       at least as wide as int, so a result of 2^31 bytes is "too large") */
    if (length + separator_length < length || length + separator_length > (size_t)INT_MAX / (size_t)count)
        return luaL_error(L, "resulting string too large");
    size_t limit = banter_control_of(L)->memory_limit;
    if ((size_t)count > limit / (length + separator_length))
        return luaL_error(L, "string.rep: the result would be larger than the bot's memory limit");
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

/* ltablib's checktab: a table, or a value whose metatable has the field the access needs
   (__index to read, __newindex to write). */
static void banter_check_table(lua_State *L, int arg, const char *field) {
    if (lua_type(L, arg) == LUA_TTABLE) return;
    if (lua_getmetatable(L, arg)) {
        lua_pushstring(L, field);
        int present = lua_rawget(L, -2) != LUA_TNIL;
        lua_pop(L, 2);
        if (present) return;
    }
    luaL_checktype(L, arg, LUA_TTABLE);
}

#define BANTER_MAX_MOVE 1000000
int banter_table_move(lua_State *L) {
    lua_Integer first = luaL_checkinteger(L, 2);
    lua_Integer last = luaL_checkinteger(L, 3);
    lua_Integer to = luaL_checkinteger(L, 4);
    /* Lua's own checks first, in ltablib's order and with its messages */
    banter_check_table(L, 1, "__index");
    banter_check_table(L, !lua_isnoneornil(L, 5) ? 5 : 1, "__newindex");
    if (last >= first) {
        luaL_argcheck(L, first > 0 || last < LUA_MAXINTEGER + first, 3, "too many elements to move");
        luaL_argcheck(L, to <= LUA_MAXINTEGER - (last - first + 1) + 1, 4, "destination wrap around");
        if (last - first >= BANTER_MAX_MOVE)
            return luaL_error(L, "table.move: more than %d elements", BANTER_MAX_MOVE);
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

/* ---------------------------------------------------------------------------------------- */
/* Deferred finalizers (see LuaSandbox.h).                                                  */

static const char banter_finalizer_queue_key = 'q';
static const char banter_sentinel_metatable_key = 'm';

/* The sentinel's __gc: queues the object it stands for. Runs inside Lua's collector, at any
   allocation, so it calls no Lua code. Growing the queue counts against the memory cap; a
   script at its cap loses this finalization (Lua reports the memory error as a warning). */
static int banter_finalizer_fired(lua_State *L) {
    banter_control *c = banter_control_of(L);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &banter_finalizer_queue_key);
    lua_getiuservalue(L, 1, 1);
    lua_rawseti(L, -2, ++c->finalizers_queued);
    return 0;
}

void banter_open_finalizers(lua_State *L) {
    lua_newtable(L);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &banter_finalizer_queue_key);
    lua_createtable(L, 0, 2);
    lua_pushcfunction(L, banter_finalizer_fired);
    lua_setfield(L, -2, "__gc");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_rawsetp(L, LUA_REGISTRYINDEX, &banter_sentinel_metatable_key);
}

int banter_new_userdata(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_newuserdatauv(L, 0, 0);
    lua_pushvalue(L, 1);
    lua_setmetatable(L, -2);
    return 1;
}

int banter_finalizer_sentinel(lua_State *L) {
    luaL_checkany(L, 1);
    lua_newuserdatauv(L, 0, 1);
    lua_pushvalue(L, 1);
    lua_setiuservalue(L, -2, 1);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &banter_sentinel_metatable_key);
    lua_setmetatable(L, -2); /* marks the sentinel for finalization */
    return 1;
}

int banter_finalizer_next(lua_State *L) {
    banter_control *c = banter_control_of(L);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &banter_finalizer_queue_key);
    while (c->finalizers_taken < c->finalizers_queued) {
        lua_Integer slot = ++c->finalizers_taken;
        if (lua_rawgeti(L, -1, slot) != LUA_TNIL) {
            lua_pushnil(L);
            lua_rawseti(L, -3, slot);
            return 1;
        }
        lua_pop(L, 1); /* a slot whose queuing ran out of memory */
    }
    c->finalizers_queued = c->finalizers_taken = 0; /* empty: start again at slot 1 */
    return 0;
}

void banter_collect_garbage(lua_State *L) {
    lua_gc(L, LUA_GCCOLLECT);
}

/* ---------------------------------------------------------------------------------------- */
/* A C frame around a Lua function: the sandbox's debug functions are written in Lua, but   */
/* count stack levels as Lua's C ones do, which a tail call into a Lua function would upset */
/* (it replaces its caller's frame; a C function's frame never replaces one).               */

static int banter_c_frame_done(lua_State *L, int status, lua_KContext context) {
    (void)status;
    (void)context;
    return lua_gettop(L);
}

/* With a continuation, so the function may still pause (chat:wait inside xpcall). */
static int banter_c_frame_call(lua_State *L) {
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_callk(L, lua_gettop(L) - 1, LUA_MULTRET, 0, banter_c_frame_done);
    return banter_c_frame_done(L, LUA_OK, 0);
}

int banter_c_frame(lua_State *L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_settop(L, 1);
    lua_pushcclosure(L, banter_c_frame_call, 1);
    return 1;
}

/* ---------------------------------------------------------------------------------------- */
/* xpcall as Lua's luaB_xpcall, with the message handler run at the error point (the        */
/* erroring frames still on the stack), as in Lua, except for a stop of the budget: that    */
/* error is raised by the hook, where Lua turns hooks off, so the script's handler would    */
/* run without a budget. It is skipped then (the stop is sticky and raised again at the     */
/* script's next instruction, whatever the handler would have done).                        */

static int banter_xpcall_handler(lua_State *L) {
    if (banter_control_of(L)->stopped != BANTER_STOP_NONE) {
        lua_settop(L, 1);
        return 1;
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

static int banter_xpcall_done(lua_State *L, int status, lua_KContext extra) {
    if (status != LUA_OK && status != LUA_YIELD) {
        lua_pushboolean(L, 0);
        lua_pushvalue(L, -2);
        return 2;
    }
    return lua_gettop(L) - (int)extra;
}

int banter_xpcall(lua_State *L) {
    int n = lua_gettop(L);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, banter_xpcall_handler, 1);
    lua_replace(L, 2);
    lua_pushboolean(L, 1);
    lua_pushvalue(L, 1);
    lua_rotate(L, 3, 2);
    int status = lua_pcallk(L, n - 2, LUA_MULTRET, 2, 2, banter_xpcall_done);
    return banter_xpcall_done(L, status, 2);
}

/* ---------------------------------------------------------------------------------------- */
/* The stack as a script sees it: a Banter function (a Lua function of an "=[banter" chunk, */
/* or a C frame made by banter_c_frame) stands for a C function, as Lua's own library       */
/* functions are, so the C and Banter functions it calls are part of it and hidden.         */

static int banter_is_banter_frame(lua_State *L1, lua_Debug *ar) {
    lua_getinfo(L1, "S", ar);
    if (strncmp(ar->source, BANTER_INTERNAL_CHUNK, sizeof(BANTER_INTERNAL_CHUNK) - 1) == 0) return 1;
    if (ar->what[0] != 'C' || !lua_checkstack(L1, 1)) return 0;
    lua_getinfo(L1, "f", ar);
    int made_by_c_frame = lua_tocfunction(L1, -1) == banter_c_frame_call;
    lua_pop(L1, 1);
    return made_by_c_frame;
}

int banter_script_levels(lua_State *L) {
    lua_State *L1 = lua_isthread(L, 1) ? lua_tothread(L, 1) : L;
    lua_Integer level = luaL_checkinteger(L, 2);
    lua_Integer count = luaL_optinteger(L, 3, -1);
    /* on the caller's own thread: 0 is this function, 1 its Lua caller, 2 the C frame
       around that caller (the script's level 0); the caller counts levels the same way */
    int base = L1 == L ? 2 : 0;
    lua_newtable(L);
    if (level < 0) return 1;
    lua_Debug frame, caller;
    lua_Integer seen = 0, found = 0;
    for (int k = base; lua_getstack(L1, k, &frame) && (count < 0 || found < count); k++) {
        /* the script's level 0 is its own call, whoever made it (an xpcall handler too) */
        if ((L1 != L || k > base) && lua_getstack(L1, k + 1, &caller) && banter_is_banter_frame(L1, &caller)) {
            lua_getinfo(L1, "S", &frame);
            if (frame.what[0] == 'C' || strncmp(frame.source, BANTER_INTERNAL_CHUNK, sizeof(BANTER_INTERNAL_CHUNK) - 1) == 0)
                continue;
        }
        /* xpcall's wrapper around the script's handler: Lua calls the handler itself */
        if (lua_checkstack(L1, 1)) {
            lua_getinfo(L1, "f", &frame);
            int wrapper = lua_tocfunction(L1, -1) == banter_xpcall_handler;
            lua_pop(L1, 1);
            if (wrapper) continue;
        }
        if (seen++ < level) continue;
        lua_pushinteger(L, k);
        lua_rawseti(L, -2, ++found);
    }
    return 1;
}
