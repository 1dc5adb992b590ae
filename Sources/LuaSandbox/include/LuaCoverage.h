// Line coverage of scripts, for `banter test --coverage`: while a state's control block
// points at a recorder, the sandbox hook also takes Lua's line events and counts, per
// function of each script chunk ("@file.lua"), how often each line ran. Banter's own
// chunks ("=[banter …]") and strings loaded without a file name are not recorded.
#ifndef BANTER_LUA_COVERAGE_H
#define BANTER_LUA_COVERAGE_H

#include <stddef.h>
#include <stdint.h>

typedef struct banter_coverage banter_coverage;

/** An empty recorder; NULL when out of memory. */
banter_coverage *banter_coverage_new(void);

/** Frees a recorder (NULL is allowed). */
void banter_coverage_free(banter_coverage *coverage);

/** How many functions ran at least one line. */
size_t banter_coverage_functions(const banter_coverage *coverage);

/** Function `index`'s chunk name, as Lua gives it ("@bot.lua"). */
const char *banter_coverage_source(const banter_coverage *coverage, size_t index);

/** The lines function `index` spans (`linedefined`, `lastlinedefined`; 0 for a main chunk). */
int banter_coverage_first_line(const banter_coverage *coverage, size_t index);
int banter_coverage_last_line(const banter_coverage *coverage, size_t index);

/** Run counts of function `index` by line number (0 up to, not including, the count given
    in `lines`). */
const uint32_t *banter_coverage_hits(const banter_coverage *coverage, size_t index, size_t *lines);

#endif
