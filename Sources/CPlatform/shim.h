// The few C library calls Swift cannot make itself (variadic ones), each wrapped once, for
// TabShellPlatform only.
#ifndef TABSHELL_CPLATFORM_SHIM_H
#define TABSHELL_CPLATFORM_SHIM_H
#include <sys/prctl.h>

/// Makes the calling process the subreaper of its descendants (`PR_SET_CHILD_SUBREAPER`): a
/// process below it whose parent ends is given to it, not to init. 0, or -1 with `errno`.
static inline int tabshell_become_child_subreaper(void) {
  return prctl(PR_SET_CHILD_SUBREAPER, 1UL, 0UL, 0UL, 0UL);
}

#endif
