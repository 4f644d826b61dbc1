// Readline 8.2's line accepted after a numeric argument, handed over one key late. Included by
// shim.h.
//
// In callback mode, the key that ends a numeric argument (`M-1`, vi's `1`) runs from a branch of
// `rl_callback_read_char` (`RL_STATE_NUMERICARG`, `_rl_arg_callback`) that returns before the check
// for a finished line: when that key accepts the line (`M-1 Enter`, `M-3 C-o`), readline hands it
// over only in the next call, after it read the next key and ran it on the accepted line. Enter
// after a numeric argument did nothing until another key; `C-r` as that key started an incremental
// search on the accepted line, which readline then ended (`readline_internal_teardown`, reverting a
// history entry edited, which frees the entry's line) while the search went on with pointers to the
// history's lines: the key that ended the search copied the freed line (AddressSanitizer:
// heap-use-after-free in `rl_replace_line` from `_rl_isearch_cleanup`). Keys: Up, `x`, `M-1`, Enter,
// `C-r`, `a` (the line REPL; found in a stress of readline with random keys). Readline 8.3 does the
// same.
//
// After each key TabShell has readline hand over a line it accepted and kept
// (`tabshell_rl_hand_over_accepted_line`), through readline's own end of a line, reading no key.

/// Readline's function that `rl_callback_read_char` calls in place of reading a key, when set, and
/// its argument; and the line handler (not in its public headers, but exported).
extern int (*_rl_callback_func)(void *);
extern void *_rl_callback_data;
extern rl_vcpfunc_t *rl_linefunc;

/// Reads no key, and unsets itself: `rl_callback_read_char` then ends the line as after a key.
static int tabshell_rl_read_no_key(void *data) {
  (void)data;
  _rl_callback_func = NULL;
  return 0;
}

/// When readline accepted the line but kept it (the key after a numeric argument accepted it),
/// makes it hand the line to the line handler now, as it does after any other key, without reading
/// a key. Returns 1 when it did. Call after `rl_callback_read_char`.
static inline int tabshell_rl_hand_over_accepted_line(void) {
  if (!rl_done || rl_linefunc == NULL || _rl_callback_func != NULL) return 0;
  int reading = RL_STATE_ISEARCH | RL_STATE_NSEARCH | RL_STATE_CHARSEARCH | RL_STATE_VIMOTION
      | RL_STATE_NUMERICARG | RL_STATE_MULTIKEY;
  if (RL_ISSTATE(reading)) return 0;
  _rl_callback_func = tabshell_rl_read_no_key;
  _rl_callback_data = NULL;
  rl_callback_read_char();
  return 1;
}
