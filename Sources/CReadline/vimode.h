// Readline 8.2's vi command mode that frees an undo list a history entry still holds. Included by
// shim.h.
//
// The first time a line goes into vi's command mode (`ESC`, `vi-movement-mode`), readline frees the
// line's undo list (POSIX's `U`: what was typed before cannot be undone; `rl_vi_movement_mode` while
// `RL_STATE_VICMDONCE` is unset, that is once a line in the vi mode, or after `M-C-j` switched to
// it). `rl_free_undo_list` then forgets the freed list in a history entry that holds its top
// (`_hs_replace_history_data`), and only there. On a history entry edited before, left and come
// back to, the line's list is the entry's own with the changes made since on top (an insertion
// since, or the `UNDO_END` that vi's insertion group, begun by `M-C-j` on the new line, adds as
// the mode ends): the entry keeps the rest, freed. A line accepted there (`ESC C-j`) leaves the
// entry so (the line has no undo list left, so `readline_internal_teardown` does not revert the
// entry); back on it, an undo (`C-_`, `u`) frees the list again (AddressSanitizer: double free in
// `rl_do_undo`; glibc has mostly handed the memory to something else by then, which readline then
// frees). Keys: Up, `$`, Down, `M-C-j`, Up, `M-C-j` (`ESC C-j`: the command mode, then Enter), Up,
// Up, `C-_`, in the line REPL and the full-screen mode's command line alike (found in a
// stress of readline with random keys). Readline 8.3 does the same.
//
// Before that first command mode TabShell forgets the line's undo list, every part of it, in the
// history entries and the saved line (`tabshell_rl_forget_undo_list_in_history`), as readline does
// for the top: the entry keeps the text it had, as when the list's top was its own.

/// Whether `list` is the line's undo list or a part of it (a later change's `next`).
static inline int tabshell_rl_undo_list_holds(const void *list) {
  for (UNDO_LIST *change = rl_undo_list; change != NULL; change = change->next) {
    if ((const void *)change == list) return 1;
  }
  return 0;
}

/// Forgets the line's undo list (every part of it) in the history entries and in the line saved
/// while the history is browsed, before readline frees it.
static inline void tabshell_rl_forget_undo_list_in_history(void) {
  if (rl_undo_list == NULL) return;
  HIST_ENTRY **entries = history_list();
  for (int i = 0; entries != NULL && entries[i] != NULL; i++) {
    if (entries[i]->data != NULL && tabshell_rl_undo_list_holds(entries[i]->data)) {
      entries[i]->data = NULL;
    }
  }
  if (_rl_saved_line_for_history != NULL && _rl_saved_line_for_history->data != NULL
      && tabshell_rl_undo_list_holds(_rl_saved_line_for_history->data)) {
    _rl_saved_line_for_history->data = NULL;
  }
}

/// `vi-movement-mode` (`ESC` in vi's insertion mode): the first time in a line, after the history
/// forgets the line's undo list, which readline frees then.
static int tabshell_rl_vi_movement_mode(int count, int key) {
  if (!RL_ISSTATE(RL_STATE_VICMDONCE)) tabshell_rl_forget_undo_list_in_history();
  return rl_vi_movement_mode(count, key);
}

/// Binds `replacement` wherever `keymap` (with its prefix keymaps, `ANYOTHERKEY` of vi's `ESC`
/// included) binds `function` (aborts.h).
static inline void tabshell_rl_rebind_in_map(
    rl_command_func_t *function, rl_command_func_t *replacement, Keymap keymap);

/// Binds the command above in place of readline's in `keymap` (with its prefix keymaps).
static inline void tabshell_rl_make_vi_mode_safe_in_map(Keymap keymap) {
  tabshell_rl_rebind_in_map(rl_vi_movement_mode, tabshell_rl_vi_movement_mode, keymap);
}
