// Readline 8.2's incremental search, kept inside the line it searches. Included by shim.h.
//
// The search's context (`_rl_iscxt`) holds the line being searched (`sline`, `sline_len`) and where
// in it the search has got to (`sline_index`). Going from line to line (`_rl_isearch_dispatch`,
// isearch.c), the search sets `sline` and `sline_len` for each line it passes, but `sline_index`
// only for a line it searches; a line shorter than the search string it passes over. When it runs
// out of lines, the context is left on the last line passed over (the new line saved while the
// history is browsed: often empty) with the index reached in the line searched before it, and a
// search forward leaves that index past the end of that line. The next search back (`C-r`) starts
// from there, on the short line, and reads past its end (AddressSanitizer: heap-buffer-overflow in
// `_rl_isearch_dispatch`; a match there would put the cursor past the end of the line). Keys: Up,
// `M--` `C-r` (a search forward), `e`, `C-r`. `scripts/fuzz keys` over readline built with
// AddressSanitizer found it.
//
// Before each key readline takes, TabShell puts such a search back on the line it stands on (the
// last it found), the index inside it (`tabshell_rl_keep_search_in_its_line`, called by
// `ReadlineBridge.readCharacter`): in a search, readline takes one key a call, a macro's keys too
// (`rl_callback_read_char` returns after each). The next `C-r` then searches back from where the
// search got to in that line, as after any search that found nothing more.
// The context's layout is readline 8.2's (rlprivate.h, which is not installed): another version of
// readline is left alone, and so is a context whose fields do not agree with each other.

#include <string.h>

/// Readline 8.2's `_rl_search_cxt` (rlprivate.h), built with multibyte characters
/// (`HANDLE_MULTIBYTE`, `MB_LEN_MAX` 16 as rlmbutil.h makes it at least).
struct tabshell_rl_search_context {
  int type;
  int sflags;
  char *search_string;
  int search_string_index;
  int search_string_size;
  char **lines;
  char *allocated_line;
  int hlen;
  int hindex;
  int save_point;
  int save_mark;
  int save_line;
  int last_found_line;
  char *prev_line_found;
  UNDO_LIST *save_undo_list;
  Keymap keymap;
  Keymap okeymap;
  int history_pos;
  int direction;
  int prevc;
  int lastc;
  char mb[16];
  char pmb[16];
  char *sline;
  int sline_len;
  int sline_index;
  char *search_terminators;
};

/// The incremental search under way (readline's, exported but not in its public headers).
extern struct tabshell_rl_search_context *_rl_iscxt;

/// The incremental search under way, if any, in readline 8.2.
static inline struct tabshell_rl_search_context *tabshell_rl_search_under_way(void) {
  if (rl_readline_version != 0x0802 || !RL_ISSTATE(RL_STATE_ISEARCH)) return NULL;
  return _rl_iscxt;
}

/// Puts the incremental search under way back on the line it stands on (`history_pos`: the last it
/// found, or the one it started from) with its index inside it, when the index is past the end of
/// the line it holds (after a search that ran out of lines). Returns 1 when it moved it.
static inline int tabshell_rl_keep_search_in_its_line(void) {
  struct tabshell_rl_search_context *search = tabshell_rl_search_under_way();
  if (search == NULL || search->sline == NULL || search->lines == NULL) return 0;
  if (search->history_pos < 0 || search->history_pos >= search->hlen) return 0;
  if ((size_t)search->sline_len != strlen(search->sline)) return 0;
  if (search->sline_index <= search->sline_len) return 0;
  // Back on the line the search stands on (the last it found, or the one it started from), as if
  // it had not passed over the others, the index inside it.
  char *line = search->lines[search->history_pos];
  if (line != NULL) {
    search->sline = line;
    search->sline_len = (int)strlen(line);
  }
  if (search->sline_index > search->sline_len) search->sline_index = search->sline_len;
  return 1;
}
