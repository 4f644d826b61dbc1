// GNU readline for Swift. Readline's global variables are wrapped in static inline functions so that
// Swift 6 strict concurrency checking never sees a mutable global.
#ifndef TABSHELL_CREADLINE_SHIM_H
#define TABSHELL_CREADLINE_SHIM_H
#include <stdio.h>
#include <stdlib.h>
#include <readline/readline.h>
#include <readline/history.h>
#endif
