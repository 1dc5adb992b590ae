// What the sandbox core (LuaSandbox.c) and the pattern matcher (LuaPatterns.c) share; private
// to the LuaSandbox target.
#ifndef BANTER_LUA_SANDBOX_INTERNAL_H
#define BANTER_LUA_SANDBOX_INTERNAL_H

#include "LuaSandbox.h"

/** The control block of the state `L` belongs to (stored in its extra space). */
static inline banter_control *banter_control_of(lua_State *L) {
    return *(banter_control **)lua_getextraspace(L);
}

/** Monotonic seconds, for the run's deadline. */
double banter_monotonic(void);

/** Raises the error for the stop recorded in `c` ("file:line: stopped: ..."); never returns. */
int banter_stop_error(lua_State *L, banter_control *c);

/** Records that the line `ar` reports ran (the hook's line events, when coverage is on). */
void banter_coverage_line(struct banter_coverage *coverage, lua_State *L, lua_Debug *ar);

#endif
