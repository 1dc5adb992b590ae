// A Lua state's memory in one contiguous region, so that the whole state can be copied
// aside and copied back: a bot loaded once is put back exactly as it was after loading
// (globals, upvalues, the collector's state, the random generator) instead of being loaded
// again for every scenario or crawled path. See LuaArena.c.
#ifndef BANTER_LUA_ARENA_H
#define BANTER_LUA_ARENA_H

#include <stddef.h>

typedef struct banter_arena banter_arena;
typedef struct banter_arena_snapshot banter_arena_snapshot;

/** Reserves `reserve` bytes of address space (not memory: pages are touched as used).
    NULL when the reservation fails. */
banter_arena *banter_arena_create(size_t reserve);

/** Unmaps the region; blocks that spilled to malloc are freed by the state's lua_close. */
void banter_arena_destroy(banter_arena *arena);

/** The allocator: Lua's lua_Alloc contract, with `osize` the block's size. A request the
    region cannot hold is served by malloc (the arena is then "spilled": no snapshot). */
void *banter_arena_realloc(banter_arena *arena, void *ptr, size_t osize, size_t nsize);

/** A copy of the region as it is now; NULL when a block lives outside it (spilled) or
    memory ran out. */
banter_arena_snapshot *banter_arena_take(banter_arena *arena);

/** Puts the region back as `snapshot` took it. Returns 0 (and changes nothing) when blocks
    spilled since, which the copy would not cover. */
int banter_arena_restore(banter_arena *arena, const banter_arena_snapshot *snapshot);

void banter_arena_snapshot_free(banter_arena_snapshot *snapshot);

/** Bytes the snapshot copies (the region's used part). */
size_t banter_arena_snapshot_bytes(const banter_arena_snapshot *snapshot);

#endif
