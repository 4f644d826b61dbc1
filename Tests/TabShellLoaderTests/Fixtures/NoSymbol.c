/* A plain C shared object: an ELF file, but not a TabShell plugin. */
int not_a_plugin(void) { return 42; }
