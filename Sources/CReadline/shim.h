// The one place Banter touches GNU readline from headers. readline.h needs stdio.h first.
#ifndef BANTER_CREADLINE_SHIM_H
#define BANTER_CREADLINE_SHIM_H

#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>

#endif
