// GNU readline for Swift. Readline's global variables are wrapped in static inline functions so that
// Swift 6 strict concurrency checking never sees a mutable global. Readline's functions (the callback
// interface, the history list) are called directly.
#ifndef TABSHELL_CREADLINE_SHIM_H
#define TABSHELL_CREADLINE_SHIM_H
#include <stdio.h>
#include <stdlib.h>
#include <readline/readline.h>
#include <readline/history.h>

/// Names the application for `$if tabshell` sections of `~/.inputrc`. Call before readline starts.
static inline void tabshell_rl_set_readline_name(const char *name) {
  rl_readline_name = strdup(name);
}

/// Readline leaves SIGINT, SIGTERM, SIGHUP and SIGWINCH to the application (the REPL handles them).
static inline void tabshell_rl_leave_signals_to_application(void) {
  rl_catch_signals = 0;
  rl_catch_sigwinch = 0;
}

/// Words break on blanks and `;`; quotes group words, as in the command language.
static inline void tabshell_rl_set_word_breaks(void) {
  rl_completer_word_break_characters = " \t\n;";
  rl_basic_word_break_characters = " \t\n;";
  rl_completer_quote_characters = "\"'";
}

/// In callback mode readline cannot wait for an answer to "Display all N possibilities? (y or n)" or
/// for its `--More--` pager (it takes "yes" at once), so neither is shown: long lists are printed
/// whole. Call before `rl_initialize`, so that `~/.inputrc` can still change both.
static inline void tabshell_rl_list_completions_without_asking(void) {
  rl_variable_bind("completion-query-items", "0");
  rl_variable_bind("page-completions", "off");
}

/// `C-x` ends an incremental search (`C-r`, `C-s`) as `ESC` and `C-j` do, instead of starting a key
/// sequence that readline 8.2 then runs as the search ends: when that command aborts (`C-x e` with
/// no keyboard macro, `C-x )`, an unbound `C-x C-v`), readline jumps back (`longjmp`) to a frame that
/// is gone and crashes (SIGSEGV in `rl_callback_read_char`). Call before `rl_initialize`, so that
/// `~/.inputrc` can still change it.
static inline void tabshell_rl_end_searches_on_ctrl_x(void) {
  rl_variable_bind("isearch-terminators", "\"\\C-[\\C-j\\C-x\"");
}

/// Installs the function readline calls on Tab.
static inline void tabshell_rl_set_attempted_completion_function(rl_completion_func_t *function) {
  rl_attempted_completion_function = function;
}

/// With 1, readline does not fall back to file-name completion after the attempted completion function.
static inline void tabshell_rl_set_attempted_completion_over(int value) {
  rl_attempted_completion_over = value;
}

/// The character appended after a sole completion (reset to a space before each completion).
static inline void tabshell_rl_set_completion_append_character(int value) {
  rl_completion_append_character = value;
}

/// The quote that opens the word being completed (`'` or `"`), or 0 outside quotes.
static inline int tabshell_rl_completion_quote_character(void) { return rl_completion_quote_character; }

/// The line being edited (owned by readline).
static inline const char *tabshell_rl_line_buffer(void) { return rl_line_buffer; }

/// The cursor, a byte offset into the line buffer.
static inline int tabshell_rl_point(void) { return rl_point; }

/// The length of the line buffer in bytes.
static inline int tabshell_rl_end(void) { return rl_end; }

/// Puts `text` back on the line being edited, the cursor at byte `point`, and redraws it.
static inline void tabshell_rl_restore_line(const char *text, int point) {
  rl_replace_line(text, 0);
  rl_point = point < 0 ? 0 : (point > rl_end ? rl_end : point);
  rl_redisplay();
}

/// Whether readline already wrote a newline after Ctrl-D on an empty line: readline 8.1 and later do so
/// when they leave bracketed-paste mode (on by default, off on dumb terminals or by `~/.inputrc`).
static inline int tabshell_rl_wrote_newline_at_eof(void) {
  const char *paste = rl_variable_value("enable-bracketed-paste");
  return rl_readline_version >= 0x0801 && paste != NULL && paste[0] == 'o' && paste[1] == 'n';
}

/// Readline driven by the full-screen mode: `getc` reads the keys the mode hands it, `redisplay`
/// only tells the mode that the line changed (the mode draws it), the terminal is the mode's (no
/// preparing, no restoring), `available` says whether keys are waiting, and `display` shows the
/// completions. `NULL` for any of them puts readline's own back.
static inline void tabshell_rl_set_full_screen_hooks(
    rl_getc_func_t *getc, rl_voidfunc_t *redisplay, rl_vintfunc_t *prep, rl_voidfunc_t *deprep,
    rl_hook_func_t *available, rl_compdisp_func_t *display) {
  rl_getc_function = getc ? getc : rl_getc;
  rl_redisplay_function = redisplay ? redisplay : rl_redisplay;
  rl_prep_term_function = prep ? prep : rl_prep_terminal;
  rl_deprep_term_function = deprep ? deprep : rl_deprep_terminal;
  rl_input_available_hook = available;
  rl_completion_display_matches_hook = display;
}

/// Makes `stream` readline's output and returns the one it replaces (the full-screen mode gives it
/// /dev/null, so that nothing readline writes itself — a newline after a line, a bell — reaches the
/// screen, and puts the old one back when it leaves).
static inline FILE *tabshell_rl_swap_output(FILE *stream) {
  FILE *old = rl_outstream;
  rl_outstream = stream;
  return old;
}

/// Opens /dev/null for writing (NULL when it cannot).
static inline FILE *tabshell_open_null_output(void) { return fopen("/dev/null", "w"); }

/// Closes a stream opened by `tabshell_open_null_output`.
static inline void tabshell_close_output(FILE *stream) {
  if (stream) fclose(stream);
}

/// The prompt readline shows now: the line's prompt, or a search's (`(reverse-i-search)...`).
static inline const char *tabshell_rl_display_prompt(void) { return rl_display_prompt; }
/// The line's own prompt (`rl_prompt`), whatever a search shows.
static inline const char *tabshell_rl_prompt(void) { return rl_prompt; }

/// Binds a key sequence in readline's keymap (such as `\\C-x\\C-a`).
static inline int tabshell_rl_bind_keyseq(const char *sequence, rl_command_func_t *function) {
  return rl_bind_keyseq(sequence, function);
}

/// Readline 8.2's line saved while browsing the history (not in its public headers, but exported).
extern HIST_ENTRY *_rl_saved_line_for_history;

/// Keeps readline's history position and the line being edited in step, after each key.
///
/// While the user browses the history, readline keeps the new line aside (`_rl_saved_line_for_history`)
/// and edits a history entry. A non-incremental search (`M-p`, `M-n`) that ends — found, not found
/// or aborted with `C-g` — drops that saved line but leaves the position on the entry where it started,
/// so the next history motion treats the new line as that entry's edit and hands one undo list to two
/// owners: readline 8.2 then frees it twice (`_rl_free_saved_history_line`, status 134). With no saved
/// line the line being edited is the new line, so the position goes back to the end of the history,
/// where readline itself puts it when it drops the saved line. Not while a search is under way.
/// Returns 1 when it moved the position.
static inline int tabshell_rl_settle_history_position(void) {
  if (RL_ISSTATE(RL_STATE_NSEARCH | RL_STATE_ISEARCH | RL_STATE_SEARCH)) return 0;
  if (_rl_saved_line_for_history != NULL || where_history() >= history_length) return 0;
  using_history();
  return 1;
}

#include "searches.h"
#include "vimode.h"
#include "vimotions.h"
#include "arguments.h"
#include "yankargs.h"
#include "isearch.h"
#include "aborts.h"

/// Drops the state of the line being edited, for a line abandoned (Ctrl-C, `clear-line`) or a mode
/// left: first ends what readline had under way (an incremental or non-incremental search, a numeric
/// argument: `rl_callback_sigcleanup`), then frees the line's undo list (`rl_free_line_state`, with
/// the numeric argument, the keyboard macro being defined and the message) once no history entry
/// and no saved line holds any part of it (vimode.h's `tabshell_rl_forget_undo_list_in_history`).
///
/// Readline 8.2's own order, for a SIGINT in callback mode, is the other way round, and so was
/// TabShell's: the list freed first, then a search ended; ending a search that found a line moves
/// the history to that line and makes its entry's undo list the line's, so the next line began with
/// a list that the entry also held; freed with that line, it left the entry a freed list, and a key
/// typed back on that entry used it (heap-use-after-free in `rl_insert_text`: history Up Up `x`
/// Down `y`, `C-r` `first`, Ctrl-C, `z` Enter, Up Up Up `w` `C-_` `v`; `scripts/fuzz sessions`
/// over readline built with AddressSanitizer found it through a session client's keys). And
/// `rl_free_line_state` forgets the list only in the entry that holds its top: an entry edited,
/// left and come back to holds a part lower down.
static inline void tabshell_rl_drop_line_state(void) {
  rl_callback_sigcleanup();
  tabshell_rl_forget_undo_list_in_history();
  rl_free_line_state();
}

/// Flushes C's stdout (which readline and Swift's `print` share); the `stdout` global stays in C.
static inline void tabshell_flush_stdout(void) { fflush(stdout); }

/// A NULL-terminated array of `count` strings, all NULL until set, allocated as readline frees a
/// completion's matches (`malloc`); NULL when it cannot be allocated.
static inline char **tabshell_rl_new_matches(int count) {
  char **matches = (char **)calloc((size_t)count + 1, sizeof(char *));
  return matches;
}

/// Sets the `index`th of `matches` to a copy of `word` (`strdup`, freed by readline).
static inline void tabshell_rl_set_match(char **matches, int index, const char *word) {
  matches[index] = strdup(word);
}

/// Writes `text` to C's stderr; the `stderr` global stays in C.
static inline void tabshell_write_stderr(const char *text) { fputs(text, stderr); }

#endif
