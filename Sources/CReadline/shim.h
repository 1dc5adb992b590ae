// The one place Banter touches GNU readline from headers. readline.h needs stdio.h first.
//
// Readline's state lives in C global variables, which Swift 6 will not touch directly (they
// are shared mutable state); these helpers read and set the few Banter needs.
#ifndef BANTER_CREADLINE_SHIM_H
#define BANTER_CREADLINE_SHIM_H

#include <stdio.h>
#include <locale.h>
#include <string.h>
#include <langinfo.h>
#include <readline/readline.h>
#include <readline/history.h>

/// Names the application for ~/.inputrc conditionals and leaves signals and the
/// environment to Banter (it handles SIGINT and SIGWINCH in its own loop).
static inline void banter_rl_configure(const char *name) {
    rl_readline_name = name;
    rl_catch_signals = 0;
    rl_catch_sigwinch = 0;
    rl_change_environment = 0;
}

/// The text being edited (not a copy).
static inline const char *banter_rl_line_buffer(void) { return rl_line_buffer; }
static inline int banter_rl_point(void) { return rl_point; }
static inline void banter_rl_set_point(int point) { rl_point = point; }

static inline void banter_rl_set_attempted_completion(rl_completion_func_t *function) {
    rl_attempted_completion_function = function;
}
/// Tells readline not to fall back to file-name completion.
static inline void banter_rl_completion_over(void) { rl_attempted_completion_over = 1; }
static inline void banter_rl_set_completion_append_character(int character) {
    rl_completion_append_character = character;
}

/// Where readline reads keys from, and how it asks whether more are waiting (NULL: its own
/// look at the terminal): swapped while the line editor hands it keys read ahead.
static inline void banter_rl_set_input(rl_getc_func_t *getc, rl_hook_func_t *available) {
    rl_getc_function = getc;
    rl_input_available_hook = available;
}

/// Switches to the user's locale, and to C.UTF-8 when that is not UTF-8, so readline
/// measures and moves over multibyte characters correctly. Returns 1 when UTF-8 is on.
static inline int banter_use_utf8_locale(void) {
    setlocale(LC_ALL, "");
    const char *codeset = nl_langinfo(CODESET);
    if (codeset && (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0)) return 1;
    if (setlocale(LC_CTYPE, "C.UTF-8") != NULL) return 1;
    return 0;
}

#endif
