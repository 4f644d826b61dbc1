// Readline 8.2's yank of a history line's words, made safe from reading past the line. Included by
// shim.h.
//
// `yank-last-arg` (`M-.`, `M-_`), `yank-nth-arg` (`M-C-y`) and vi's `_` (`vi-yank-arg`, which calls
// `yank-nth-arg`) split a history line into words (`history_arg_extract`, `history_tokenize`,
// histexpand.c). The splitter (`history_tokenize_word`) steps over the character after a backslash,
// and over the `(` of `$(`, `<(`, `>(`, `!(`, `@(`, `?(`, `+(` and `*(` and the character after it,
// without looking whether it stepped over the line's end: on a line that ends in a backslash (outside
// single quotes) or in one of those pairs it goes on reading the memory after the line, as words,
// until it finds a zero byte (AddressSanitizer: heap-buffer-overflow in `history_tokenize_word`). The
// last "word" found there is what `M-.` inserts into the line: bytes of the heap. A hostile session
// client reached it through the full-screen mode's command line (a line `echo a\` run, then `M-.`);
// the line REPL by the same keys.
//
// Before such a yank TabShell gives each history line that ends so a copy of itself followed by two
// more zero bytes (`tabshell_rl_pad_history_lines`): the splitter then stops on the first of them, one
// past the line's end, and the words are the line's own (the last is the one that ends the line, as
// readline means). The history is the same text; readline frees the copies as it frees its lines.

#include <stdlib.h>
#include <string.h>

/// Binds `replacement` wherever `keymap` binds `function` (aborts.h).
static inline void tabshell_rl_rebind_in_map(
    rl_command_func_t *function, rl_command_func_t *replacement, Keymap keymap);

/// Whether readline's word splitter can step over the end of `line` (of `length` bytes): it ends in
/// a backslash or in a `(` (the splitter steps over a `(` after one of `$<>!@?+*`).
static inline int tabshell_rl_history_line_overruns(const char *line, size_t length) {
  return length > 0 && (line[length - 1] == '\\' || line[length - 1] == '(');
}

/// Gives every history line that the word splitter could read past a copy of itself with two more
/// zero bytes after its end (readline frees history lines with `free`).
static inline void tabshell_rl_pad_history_lines(void) {
  HIST_ENTRY **entries = history_list();
  if (entries == NULL) return;
  for (int i = 0; entries[i] != NULL; i++) {
    char *line = entries[i]->line;
    if (line == NULL) continue;
    size_t length = strlen(line);
    if (!tabshell_rl_history_line_overruns(line, length)) continue;
    char *padded = calloc(length + 3, 1);
    if (padded == NULL) continue;
    memcpy(padded, line, length);
    entries[i]->line = padded;
    free(line);
  }
}

/// `yank-nth-arg` (`M-C-y`), with the history lines padded.
static int tabshell_rl_yank_nth_arg(int count, int key) {
  tabshell_rl_pad_history_lines();
  return rl_yank_nth_arg(count, key);
}

/// `yank-last-arg` (`M-.`, `M-_`), with the history lines padded. Typed again, it goes on to the
/// line before, as readline's does (which compares `rl_last_func` with itself).
static int tabshell_rl_yank_last_arg(int count, int key) {
  if (rl_last_func == tabshell_rl_yank_last_arg) rl_last_func = rl_yank_last_arg;
  tabshell_rl_pad_history_lines();
  return rl_yank_last_arg(count, key);
}

/// vi's `_` (`vi-yank-arg`), with the history lines padded.
static int tabshell_rl_vi_yank_arg(int count, int key) {
  tabshell_rl_pad_history_lines();
  return rl_vi_yank_arg(count, key);
}

/// Binds the functions above in place of readline's wherever `keymap` binds those.
static inline void tabshell_rl_make_yank_args_safe_in_map(Keymap keymap) {
  tabshell_rl_rebind_in_map(rl_yank_nth_arg, tabshell_rl_yank_nth_arg, keymap);
  tabshell_rl_rebind_in_map(rl_yank_last_arg, tabshell_rl_yank_last_arg, keymap);
  tabshell_rl_rebind_in_map(rl_vi_yank_arg, tabshell_rl_vi_yank_arg, keymap);
}
