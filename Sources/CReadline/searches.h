// Readline 8.2's history searches that leave one undo list with two owners. Included by shim.h.
//
// While the user browses the history, readline keeps the new line aside
// (`_rl_saved_line_for_history`, with its undo list) and edits a history entry with the entry's own
// undo list (`rl_replace_from_history` hands it over; a history motion gives the changes back to
// the entry, `rl_maybe_replace_line`). Two kinds of search start by dropping the saved line
// (`_rl_free_saved_history_line`, which frees its undo list too) and then save the line being
// edited in its place (`rl_maybe_save_line`), undo list and all:
//
// - vi's `/` and `?` (`rl_vi_search`, vi_mode.c: `_rl_free_saved_history_line` before
//   `rl_noninc_reverse_search`, whose `_rl_nsearch_init` calls `rl_maybe_save_line`);
// - `history-search-backward`, `history-search-forward` and their `substring` forms as they start
//   (`rl_history_search_reinit` in search.c, marked "XXX rl_undo_list?" there, then
//   `rl_history_search_internal`'s `rl_maybe_save_line`, or `rl_get_previous_history`'s when the
//   cursor is at the start of the line). Readline binds them to no key; `~/.inputrc` may.
//
// The entry's undo list is then also the saved line's. A search that fails or is aborted puts that
// line back as the line being edited (`rl_maybe_unsave_line`), the history position left on the
// entry and no line saved: the next history motion saves it as the new line, and the next such
// search frees it (misc.c's `_rl_free_saved_history_line`, `_rl_free_undo_list`) while the entry
// still holds it; the entry hands the freed list out again, and a later search frees it again:
// glibc's "double free detected in tcache 2" (status 134). A hostile session client reached it
// through the full-screen mode's command line (`M-C-j` for vi, `ESC k`, `/`, `C-g`); the line REPL
// by the same keys. Readline 8.3 keeps the search's saved line apart and frees no undo list there.
//
// A search typed again (vi's `n` and `N`, `rl_vi_search_again`; `non-incremental-forward-search-
// history-again` and `non-incremental-reverse-search-history-again`, which `~/.inputrc` may bind)
// goes straight to the match (`noninc_dosearch`), which frees the line's undo list unless the
// matching entry holds it (`make_history_line_current`, `rl_free_undo_list`). On an entry edited
// before, left and come back to, that list is the entry's own with the changes made since on top,
// and readline forgets the freed list only in a history entry that holds its top
// (`_hs_replace_history_data`): the entry keeps the rest, freed. Back on that entry, an undo (`u`)
// reads it and frees it again (AddressSanitizer: heap-use-after-free in `rl_do_undo`; without it
// the memory is usually someone else's by then). Keys: M-C-j, ESC, `/echo` Enter, `k`, `x`, `k`,
// `j`, `x`, `n`, `k`, `u`, in both modes.
//
// Before such a search TabShell hands the line's undo list to the entry it edits, as a history
// motion would, and the line starts a list of its own (`tabshell_rl_give_undo_list_to_entry`): the
// searches work as they did, but the changes made to that entry cannot be undone on the line that
// an aborted or failed search leaves (they stay in the entry, as after a history motion).

/// Binds `replacement` wherever `keymap` binds `function` (aborts.h).
static inline void tabshell_rl_rebind_in_map(
    rl_command_func_t *function, rl_command_func_t *replacement, Keymap keymap);

/// Hands the undo list of the line being edited to the history entry it edits (`rl_maybe_replace_line`,
/// as a history motion does) and gives the line an empty one of its own, so that a search that saves
/// the line (with its undo list) after dropping the saved new line leaves no list with two owners. At
/// the end of the history (the line being edited is the new line) it does nothing.
static inline void tabshell_rl_give_undo_list_to_entry(void) {
  if (current_history() == NULL) return;
  rl_maybe_replace_line();
  rl_undo_list = NULL;
}

/// vi's `/` and `?` (`vi-search`), after the line's undo list goes to its history entry.
static int tabshell_rl_vi_search(int count, int key) {
  tabshell_rl_give_undo_list_to_entry();
  return rl_vi_search(count, key);
}

/// vi's `n` and `N` (`vi-search-again`), after the line's undo list goes to its history entry.
static int tabshell_rl_vi_search_again(int count, int key) {
  tabshell_rl_give_undo_list_to_entry();
  return rl_vi_search_again(count, key);
}

/// `non-incremental-forward-search-history-again`, after the line's undo list goes to its history
/// entry.
static int tabshell_rl_noninc_forward_search_again(int count, int key) {
  tabshell_rl_give_undo_list_to_entry();
  return rl_noninc_forward_search_again(count, key);
}

/// `non-incremental-reverse-search-history-again`, after the line's undo list goes to its history
/// entry.
static int tabshell_rl_noninc_reverse_search_again(int count, int key) {
  tabshell_rl_give_undo_list_to_entry();
  return rl_noninc_reverse_search_again(count, key);
}

/// Readline's own history search in place of ours as the last command, so that a search typed again
/// goes on from the last match as readline's does (it compares `rl_last_func` with its own).
static int tabshell_rl_history_search_before(rl_command_func_t *function);

/// Runs the history search `function` after the line's undo list goes to its history entry, when
/// it starts (not when it goes on from its last match).
static int tabshell_rl_history_search_guarded(rl_command_func_t *function, int count, int key) {
  if (!tabshell_rl_history_search_before(function)) tabshell_rl_give_undo_list_to_entry();
  return function(count, key);
}

/// `history-search-backward`, guarded.
static int tabshell_rl_history_search_backward(int count, int key) {
  return tabshell_rl_history_search_guarded(rl_history_search_backward, count, key);
}

/// `history-search-forward`, guarded.
static int tabshell_rl_history_search_forward(int count, int key) {
  return tabshell_rl_history_search_guarded(rl_history_search_forward, count, key);
}

/// `history-substring-search-backward`, guarded.
static int tabshell_rl_history_substr_search_backward(int count, int key) {
  return tabshell_rl_history_search_guarded(rl_history_substr_search_backward, count, key);
}

/// `history-substring-search-forward`, guarded.
static int tabshell_rl_history_substr_search_forward(int count, int key) {
  return tabshell_rl_history_search_guarded(rl_history_substr_search_forward, count, key);
}

/// Puts readline's search in place of ours in `rl_last_func`, and says whether the last command was
/// a search of the same kind as `function` (anchored or substring), which `function` goes on with
/// instead of starting again.
static int tabshell_rl_history_search_before(rl_command_func_t *function) {
  if (rl_last_func == tabshell_rl_history_search_backward) rl_last_func = rl_history_search_backward;
  if (rl_last_func == tabshell_rl_history_search_forward) rl_last_func = rl_history_search_forward;
  if (rl_last_func == tabshell_rl_history_substr_search_backward) {
    rl_last_func = rl_history_substr_search_backward;
  }
  if (rl_last_func == tabshell_rl_history_substr_search_forward) {
    rl_last_func = rl_history_substr_search_forward;
  }
  int anchored = function == rl_history_search_backward || function == rl_history_search_forward;
  if (anchored) {
    return rl_last_func == rl_history_search_backward || rl_last_func == rl_history_search_forward;
  }
  return rl_last_func == rl_history_substr_search_backward
      || rl_last_func == rl_history_substr_search_forward;
}

/// Binds the searches above in place of readline's in `keymap` (with its prefix keymaps).
static inline void tabshell_rl_make_searches_safe_in_map(Keymap keymap) {
  tabshell_rl_rebind_in_map(rl_vi_search, tabshell_rl_vi_search, keymap);
  tabshell_rl_rebind_in_map(rl_vi_search_again, tabshell_rl_vi_search_again, keymap);
  tabshell_rl_rebind_in_map(
      rl_noninc_forward_search_again, tabshell_rl_noninc_forward_search_again, keymap);
  tabshell_rl_rebind_in_map(
      rl_noninc_reverse_search_again, tabshell_rl_noninc_reverse_search_again, keymap);
  tabshell_rl_rebind_in_map(rl_history_search_backward, tabshell_rl_history_search_backward, keymap);
  tabshell_rl_rebind_in_map(rl_history_search_forward, tabshell_rl_history_search_forward, keymap);
  tabshell_rl_rebind_in_map(
      rl_history_substr_search_backward, tabshell_rl_history_substr_search_backward, keymap);
  tabshell_rl_rebind_in_map(
      rl_history_substr_search_forward, tabshell_rl_history_substr_search_forward, keymap);
}
