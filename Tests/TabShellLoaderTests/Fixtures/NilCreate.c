/* Has both entry points, but its create function returns nothing. ABI is given with -DABI=N. */
#include <stddef.h>
int tabshell_plugin_abi_version(void) { return ABI; }
void *tabshell_plugin_create(void) { return NULL; }
