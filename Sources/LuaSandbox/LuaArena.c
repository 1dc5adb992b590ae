// The arena behind a snapshotting Lua state (LuaArena.h). Blocks come from size classes
// (multiples of 16 bytes up to 1 KiB, then powers of two), each with its own free list, and
// otherwise from a bump pointer. Lua tells the allocator every block's size when it frees or
// resizes it, so blocks carry no header, and all the allocator's bookkeeping (the bump
// offset and the list heads) sits outside the region, copied with a snapshot. Restoring
// copies the used part back over the region at the same address, so every pointer inside
// the state stays valid.
#include "LuaArena.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define SMALL_STEP 16
#define SMALL_LIMIT 1024
#define SMALL_CLASSES (SMALL_LIMIT / SMALL_STEP)
#define CLASSES (SMALL_CLASSES + 54)

struct banter_arena {
    char *base;
    size_t reserve;
    size_t top;               /* bytes handed out by the bump pointer */
    void *free_lists[CLASSES];
    unsigned long spills;     /* blocks ever served by malloc */
};

struct banter_arena_snapshot {
    size_t top;
    void *free_lists[CLASSES];
    unsigned long spills;
    char data[];
};

static int size_class(size_t size) {
    if (size <= SMALL_LIMIT) return (int)((size + SMALL_STEP - 1) / SMALL_STEP) - 1;
    if (size > ((size_t)1 << 62)) return CLASSES; /* never from the region */
    int shift = 11;
    while (((size_t)1 << shift) < size) shift++;
    return SMALL_CLASSES + (shift - 11);
}

static size_t class_size(int class) {
    if (class < SMALL_CLASSES) return (size_t)(class + 1) * SMALL_STEP;
    return (size_t)1 << (class - SMALL_CLASSES + 11);
}

static int owns(const banter_arena *arena, const void *ptr) {
    return (const char *)ptr >= arena->base && (const char *)ptr < arena->base + arena->reserve;
}

banter_arena *banter_arena_create(size_t reserve) {
    banter_arena *arena = calloc(1, sizeof *arena);
    if (!arena) return NULL;
    reserve = (reserve + 4095) & ~(size_t)4095;
    void *base = mmap(NULL, reserve, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (base == MAP_FAILED) {
        free(arena);
        return NULL;
    }
    arena->base = base;
    arena->reserve = reserve;
    return arena;
}

void banter_arena_destroy(banter_arena *arena) {
    if (!arena) return;
    munmap(arena->base, arena->reserve);
    free(arena);
}

static void *arena_alloc(banter_arena *arena, size_t size) {
    int class = size_class(size);
    if (class < CLASSES) {
        void *block = arena->free_lists[class];
        if (block) {
            arena->free_lists[class] = *(void **)block;
            return block;
        }
        size_t bytes = class_size(class);
        if (arena->reserve - arena->top >= bytes) {
            block = arena->base + arena->top;
            arena->top += bytes;
            return block;
        }
    }
    void *block = malloc(size);
    if (block) arena->spills++;
    return block;
}

static void arena_free(banter_arena *arena, void *ptr, size_t size) {
    if (!owns(arena, ptr)) {
        free(ptr);
        return;
    }
    int class = size_class(size);
    *(void **)ptr = arena->free_lists[class];
    arena->free_lists[class] = ptr;
}

void *banter_arena_realloc(banter_arena *arena, void *ptr, size_t osize, size_t nsize) {
    if (nsize == 0) {
        if (ptr) arena_free(arena, ptr, osize);
        return NULL;
    }
    if (!ptr) return arena_alloc(arena, nsize);
    if (owns(arena, ptr) && size_class(osize) == size_class(nsize)) return ptr;
    void *block = arena_alloc(arena, nsize);
    if (!block) return NULL; /* Lua keeps the old block */
    memcpy(block, ptr, osize < nsize ? osize : nsize);
    arena_free(arena, ptr, osize);
    return block;
}

banter_arena_snapshot *banter_arena_take(banter_arena *arena) {
    if (arena->spills != 0) return NULL;
    banter_arena_snapshot *snapshot = malloc(sizeof *snapshot + arena->top);
    if (!snapshot) return NULL;
    snapshot->top = arena->top;
    memcpy(snapshot->free_lists, arena->free_lists, sizeof arena->free_lists);
    snapshot->spills = arena->spills;
    memcpy(snapshot->data, arena->base, arena->top);
    return snapshot;
}

int banter_arena_restore(banter_arena *arena, const banter_arena_snapshot *snapshot) {
    if (arena->spills != snapshot->spills) return 0;
    /* Pages a run used beyond the snapshot go back to the system when there are many. */
    size_t kept = (snapshot->top + 4095) & ~(size_t)4095;
    if (arena->top > kept + ((size_t)4 << 20)) madvise(arena->base + kept, arena->top - kept, MADV_DONTNEED);
    memcpy(arena->base, snapshot->data, snapshot->top);
    arena->top = snapshot->top;
    memcpy(arena->free_lists, snapshot->free_lists, sizeof arena->free_lists);
    return 1;
}

void banter_arena_snapshot_free(banter_arena_snapshot *snapshot) { free(snapshot); }

size_t banter_arena_snapshot_bytes(const banter_arena_snapshot *snapshot) { return snapshot->top; }
