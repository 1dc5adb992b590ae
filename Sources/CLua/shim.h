// The one place Banter touches Lua's C API from headers. Lua defines much of its API as
// function-like macros, which Swift cannot import; each is re-exposed here as a static inline
// function with the same meaning, prefixed `banter_`.
//
// It also holds the parts of the sandbox that must be written in C because they raise Lua
// errors (a Lua error is a longjmp and must never unwind through Swift frames): the capped
// allocator, the instruction/time hook, the trampoline that calls host (Swift) functions and
// raises their errors after they returned, coroutine.create/wrap that arm the hook on new
// threads, guarded string.rep / table.move, and a Lua-pattern matcher with a step budget and
// a case-insensitive mode that replaces string.find/match/gmatch/gsub.
#ifndef BANTER_CLUA_SHIM_H
#define BANTER_CLUA_SHIM_H

#include <lua5.4/lua.h>
#include <lua5.4/lauxlib.h>
#include <lua5.4/lualib.h>

static const int BANTER_LUA_REGISTRYINDEX = LUA_REGISTRYINDEX;
static const int BANTER_LUA_MULTRET = LUA_MULTRET;

static inline int banter_lua_upvalueindex(int i) { return lua_upvalueindex(i); }
static inline int banter_lua_pcall(lua_State *L, int nargs, int nresults, int msgh) {
    return lua_pcall(L, nargs, nresults, msgh);
}
static inline void banter_lua_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline void banter_lua_newtable(lua_State *L) { lua_newtable(L); }
static inline const char *banter_lua_tostring(lua_State *L, int i) { return lua_tostring(L, i); }
static inline lua_Number banter_lua_tonumber(lua_State *L, int i) { return lua_tonumber(L, i); }
static inline lua_Integer banter_lua_tointeger(lua_State *L, int i) { return lua_tointeger(L, i); }
static inline int banter_lua_isnil(lua_State *L, int i) { return lua_isnil(L, i); }
static inline int banter_lua_isnone(lua_State *L, int i) { return lua_isnone(L, i); }
static inline int banter_lua_isnoneornil(lua_State *L, int i) { return lua_isnoneornil(L, i); }
static inline int banter_lua_istable(lua_State *L, int i) { return lua_istable(L, i); }
static inline int banter_lua_isfunction(lua_State *L, int i) { return lua_isfunction(L, i); }
static inline void banter_lua_pushcfunction(lua_State *L, lua_CFunction f) { lua_pushcfunction(L, f); }
static inline void banter_lua_insert(lua_State *L, int i) { lua_insert(L, i); }
static inline void banter_lua_remove(lua_State *L, int i) { lua_remove(L, i); }
static inline void banter_lua_replace(lua_State *L, int i) { lua_replace(L, i); }
static inline int banter_lua_yield(lua_State *L, int n) { return lua_yield(L, n); }
static inline void *banter_lua_getextraspace(lua_State *L) { return lua_getextraspace(L); }
static inline int banter_luaL_loadbuffer(lua_State *L, const char *s, size_t sz, const char *name) {
    return luaL_loadbufferx(L, s, sz, name, "t");
}

#endif
