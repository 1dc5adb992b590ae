// Line coverage: the recorder behind LuaCoverage.h. What each function does is documented
// in the header.
#include "LuaSandboxInternal.h"
#include "LuaCoverage.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    char *source;
    int first_line;
    int last_line;
    uint32_t *hits;
    size_t lines;
} banter_covered_function;

struct banter_coverage {
    banter_covered_function *functions;
    size_t count;
    size_t capacity;
    /* The last function seen, so that consecutive lines of one function cost no search. The
       source pointer is Lua's own string, stable while the function's prototype lives. */
    const char *last_source;
    int last_first_line;
    int last_last_line;
    long last_index; /* -1: not recorded (not a script chunk) */
};

banter_coverage *banter_coverage_new(void) {
    banter_coverage *coverage = calloc(1, sizeof *coverage);
    return coverage;
}

void banter_coverage_free(banter_coverage *coverage) {
    if (!coverage) return;
    for (size_t i = 0; i < coverage->count; i++) {
        free(coverage->functions[i].source);
        free(coverage->functions[i].hits);
    }
    free(coverage->functions);
    free(coverage);
}

static long banter_coverage_find(banter_coverage *coverage, const char *source, int first, int last) {
    if (source[0] != '@') return -1;
    for (size_t i = 0; i < coverage->count; i++) {
        banter_covered_function *f = &coverage->functions[i];
        if (f->first_line == first && f->last_line == last && strcmp(f->source, source) == 0) return (long)i;
    }
    if (coverage->count == coverage->capacity) {
        size_t capacity = coverage->capacity ? coverage->capacity * 2 : 32;
        banter_covered_function *grown = realloc(coverage->functions, capacity * sizeof *grown);
        if (!grown) return -1;
        coverage->functions = grown;
        coverage->capacity = capacity;
    }
    char *copy = strdup(source);
    if (!copy) return -1;
    coverage->functions[coverage->count] = (banter_covered_function){ copy, first, last, NULL, 0 };
    return (long)coverage->count++;
}

void banter_coverage_line(banter_coverage *coverage, lua_State *L, lua_Debug *ar) {
    if (!coverage || ar->currentline < 0 || !lua_getinfo(L, "S", ar) || !ar->source) return;
    if (ar->source != coverage->last_source || ar->linedefined != coverage->last_first_line
        || ar->lastlinedefined != coverage->last_last_line) {
        coverage->last_source = ar->source;
        coverage->last_first_line = ar->linedefined;
        coverage->last_last_line = ar->lastlinedefined;
        coverage->last_index = banter_coverage_find(coverage, ar->source, ar->linedefined, ar->lastlinedefined);
    }
    if (coverage->last_index < 0) return;
    banter_covered_function *f = &coverage->functions[coverage->last_index];
    size_t line = (size_t)ar->currentline;
    if (line >= f->lines) {
        size_t lines = line + 64;
        uint32_t *grown = realloc(f->hits, lines * sizeof *grown);
        if (!grown) return;
        memset(grown + f->lines, 0, (lines - f->lines) * sizeof *grown);
        f->hits = grown;
        f->lines = lines;
    }
    if (f->hits[line] < UINT32_MAX) f->hits[line]++;
}

size_t banter_coverage_functions(const banter_coverage *coverage) {
    return coverage ? coverage->count : 0;
}

const char *banter_coverage_source(const banter_coverage *coverage, size_t index) {
    return coverage->functions[index].source;
}

int banter_coverage_first_line(const banter_coverage *coverage, size_t index) {
    return coverage->functions[index].first_line;
}

int banter_coverage_last_line(const banter_coverage *coverage, size_t index) {
    return coverage->functions[index].last_line;
}

const uint32_t *banter_coverage_hits(const banter_coverage *coverage, size_t index, size_t *lines) {
    *lines = coverage->functions[index].lines;
    return coverage->functions[index].hits;
}
