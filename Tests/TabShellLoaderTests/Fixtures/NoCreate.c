/* Has the version symbol but no create function. ABI is given with -DABI=N. */
int tabshell_plugin_abi_version(void) { return ABI; }
