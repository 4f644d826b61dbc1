// Readline 8.2's vi motions that never end on a line whose end is invalid UTF-8. Included by shim.h.
//
// In vi command mode a forward move that reaches the end of the line stops on its last character
// (text.c, `_rl_forward_char_internal`: `if (point >= rl_end && VI_COMMAND_MODE()) point =
// _rl_find_prev_mbchar (rl_line_buffer, rl_end, MB_FIND_NONZERO)`). The two scans disagree on where
// that character starts when the line ends in a character with stray continuation bytes after it
// (`"\xc3\xa9\x80"`, `é` and `\x80`) or in a cut-short sequence (`"\xf1\x80"`): going forward
// (`_rl_find_next_mbchar_internal`) each byte of an invalid sequence is a character, but going back
// (`_rl_find_prev_utf8char`, mbutil.c) steps over the continuation bytes to the lead byte and takes
// it as the start (`_rl_test_nonzero` calls an invalid sequence a character). A move forward from
// the `\x80` lands back on the `é` (on the `\xf1`): behind the cursor. `_rl_vi_advance_point`
// (vi_mode.c) only catches a move that stays put, and the loops that call it go round for ever:
// `rl_vi_eword`'s, `rl_vi_eWord`'s, `rl_vi_fword`'s and `rl_vi_fWord`'s (`e`, `E`, `w`, `W`, and
// `vi-complete`'s `*`, `=` and `\`, which call `E`), and `rl_vi_match`'s (`%`, by
// `rl_forward_char`); `rl_vi_change_case` (`~`) goes back and forth as many times as its count (up
// to 1,000,000, a line's length each). A hostile session client hung the session server this way
// (the full-screen mode's command line: `M-C-j` for vi, a line that ends so, `ESC`, `e`); the
// line REPL by the same keys. (Readline holds back a cut-short sequence until it is complete or
// invalid, so a typed line ends in one only through edits; a stray `\x80` goes in at once. `d`,
// `c` and `y` put a blank after the line while their motion runs: it never ends so there.)
//
// TabShell runs these commands with a keymap of its own in place of the vi command keymap, so that
// `VI_COMMAND_MODE()` is false and a forward move stops at the end of the line instead of going
// back: every loop ends there. The command keymap is put back (unless the command changed the
// keymap itself: `*` and `\` start inserting), and readline moves a cursor left at the end of the
// line back onto the last character after every key in vi command mode (`rl_vi_check`), as
// before. On a line that is valid UTF-8 the commands move as readline's do.

/// Binds `replacement` wherever `keymap` binds `function` (aborts.h).
static inline void tabshell_rl_rebind_in_map(
    rl_command_func_t *function, rl_command_func_t *replacement, Keymap keymap);

/// Runs `function` with a keymap that is not the vi command keymap, then puts the keymap back if the
/// command left it alone.
static int tabshell_rl_vi_forward_guarded(rl_command_func_t *function, int count, int key) {
  static Keymap stand_in = NULL;
  if (stand_in == NULL) stand_in = rl_make_bare_keymap();
  Keymap keymap = rl_get_keymap();
  if (keymap != vi_movement_keymap) return function(count, key);
  rl_set_keymap(stand_in);
  int result = function(count, key);
  if (rl_get_keymap() == stand_in) rl_set_keymap(keymap);
  return result;
}

/// `vi-next-word` (`w`, `W`), guarded.
static int tabshell_rl_vi_next_word(int count, int key) {
  return tabshell_rl_vi_forward_guarded(rl_vi_next_word, count, key);
}

/// `vi-end-word` (`e`, `E`), guarded.
static int tabshell_rl_vi_end_word(int count, int key) {
  return tabshell_rl_vi_forward_guarded(rl_vi_end_word, count, key);
}

/// `vi-match` (`%`), guarded.
static int tabshell_rl_vi_match(int count, int key) {
  return tabshell_rl_vi_forward_guarded(rl_vi_match, count, key);
}

/// `vi-change-case` (`~`), guarded.
static int tabshell_rl_vi_change_case(int count, int key) {
  return tabshell_rl_vi_forward_guarded(rl_vi_change_case, count, key);
}

/// `vi-complete` (`*`, `=`, `\`), guarded.
static int tabshell_rl_vi_complete(int count, int key) {
  return tabshell_rl_vi_forward_guarded(rl_vi_complete, count, key);
}

/// Binds the commands above in place of readline's in `keymap` (with its prefix keymaps).
static inline void tabshell_rl_make_vi_motions_safe_in_map(Keymap keymap) {
  tabshell_rl_rebind_in_map(rl_vi_next_word, tabshell_rl_vi_next_word, keymap);
  tabshell_rl_rebind_in_map(rl_vi_end_word, tabshell_rl_vi_end_word, keymap);
  tabshell_rl_rebind_in_map(rl_vi_match, tabshell_rl_vi_match, keymap);
  tabshell_rl_rebind_in_map(rl_vi_change_case, tabshell_rl_vi_change_case, keymap);
  tabshell_rl_rebind_in_map(rl_vi_complete, tabshell_rl_vi_complete, keymap);
}
