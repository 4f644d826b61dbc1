// Readline 8.2's aborts, made safe in callback mode. Included by shim.h.
//
// Readline's abort (`_rl_abort_internal`) ends with a jump back (`longjmp`) to `_rl_top_level`. In
// callback mode that frame is not always live: `rl_callback_read_char` sets it, but each pass of its
// loop that reads a plain key (`readline_internal_char`) sets it to its own frame and returns. When
// the same `rl_callback_read_char` goes on to more keys (keys pushed back: by an incremental search
// that a fast `ESC` ended, by a macro) and one of them is read by another branch of that loop (the
// second key of a prefix such as `ESC` or `C-x`, the key after a numeric argument), an abort there
// jumps into the frame that is gone: SIGSEGV. An abort where that frame is live only rings the bell.
//
// Every path from a key to that jump in readline 8.2, and what TabShell does about it (the REPL's
// tests in Tests/repl/test_repl.py replay a key sequence for each path that crashed; the rules are
// docs/Contract.md's "The REPL"):
//
// 1. `abort` (`C-g`, `C-x C-g`, `ESC C-g`): replaced by `tabshell_rl_abort`.
// 2. `yank-pop` (`M-y`) when the last command was not a yank: replaced by `tabshell_rl_yank_pop`.
// 3. `yank` (`C-y`) with an empty kill ring: reached in a lost frame after a numeric argument that
//    a macro typed (`"\C-t": "\e2\C-y"`): runs guarded (`tabshell_rl_yank`).
// 4. vi's `p`/`P` (`vi-put`, which yanks) and `vi-yank-pop`: run guarded, as 3.
// 5. `start-kbd-macro` while defining one, `end-kbd-macro` when not defining one, and
//    `call-last-kbd-macro` without a macro: replaced by functions that ring the bell; all three also
//    run guarded, for the macro nesting limit below.
// 6. Macro nesting past 16 levels (`_rl_with_macro_input`): a macro bound to a key sequence that
//    types itself again (`"\C-xt": "\C-xt\C-xt"`, or a macro that a longer binding shadows:
//    `"\C-t": "\C-tq\C-tq"` with `"\C-tz"` bound), or a keyboard macro called with a large count.
//    A key bound to a macro (a keymap's `ANYOTHERKEY` included) is bound instead to
//    `tabshell_rl_macro`, which pushes the same text guarded; the keyboard-macro commands are
//    guarded (5).
// 7. A key that a keymap leaves unbound, with no binding it shadows (`ESC` or `C-x` then a key bound
//    to nothing; `"\e[1;5X"`, five keymaps deep, typed by a macro): bound to `tabshell_rl_abort` in
//    every keymap under the emacs and vi keymaps (`tabshell_rl_bind_unbound_in_map`). A keymap that
//    shadows a binding (`ANYOTHERKEY`) falls back to it and never aborts. vi's replace-mode keymap,
//    made from the vi insertion keymap when `R` is first typed, copies these bindings.
// 8. `re-read-init-file` (`C-x C-r`) reads `~/.inputrc` again, which can bind 1 to 7 back: replaced
//    by `tabshell_rl_re_read_init_file`, which makes them safe again.
// 9. A key sequence's next key that cannot be read (`rl_read_key` < 0: the end of the input or a
//    read error in the middle of an `ESC` or `C-x` sequence): unreachable where the frame is lost.
//    There readline reads only keys that wait already (a pending key, keys pushed back, a macro's,
//    which it gives as unsigned bytes; it pushes the end of the input back only from
//    `rl_gather_tyi`, which it calls with an `rl_event_hook`, never set here); the full-screen mode
//    never ends its input (it gives `C-g`, bound to 1). Where the frame is live it rings the bell.
// 10. Unreachable in callback mode: the `y`/`n` question of a long completion list (readline answers
//     yes itself in callback mode, and TabShell never asks: `tabshell_rl_list_completions_without_asking`),
//     the numeric argument's loop `rl_digit_loop` (not used in callback mode), and the timeout of
//     `rl_set_timeout` (never set).
//
// "Guarded" (`tabshell_rl_guarded`): the command runs with `_rl_top_level` pointing at a frame of
// TabShell's that is live while it runs, so that an abort inside it (readline rings the bell and
// resets its state, as always) lands there and the command returns; the old jump target is put back.

#include <setjmp.h>
#include <string.h>

/// Readline 8.2's own steps of an abort, and its jump target (not in its public headers, but
/// exported; built with POSIX `sigsetjmp`).
extern void _rl_reset_argument(void);
extern void _rl_pop_executing_macro(void);
extern void _rl_kill_kbd_macro(void);
extern sigjmp_buf _rl_top_level;

/// Whether a keyboard macro was defined (`C-x )`) since the last abort, which forgets it.
static int tabshell_rl_kbd_macro_defined = 0;

/// Runs `function` with readline's abort jumping back here, to a live frame: returns what it
/// returns, or 1 when it aborted (readline rang the bell and forgot the keyboard macro).
static int tabshell_rl_guarded(rl_command_func_t *function, int count, int key) {
  sigjmp_buf saved;
  memcpy(saved, _rl_top_level, sizeof(sigjmp_buf));
  int aborted = sigsetjmp(_rl_top_level, 0);
  int result = aborted ? 1 : function(count, key);
  memcpy(_rl_top_level, saved, sizeof(sigjmp_buf));
  if (aborted) tabshell_rl_kbd_macro_defined = 0;
  return result;
}

/// `abort` (`C-g`, `C-x C-g`, `ESC C-g`): rings the bell and forgets the numeric argument, the
/// pending input, the mark, the macros being run and the one being defined, as readline's does,
/// and returns instead of jumping back. (An incremental search still ends on `C-g` itself.)
static int tabshell_rl_abort(int count, int key) {
  (void)count;
  (void)key;
  rl_ding();
  rl_clear_message();
  _rl_reset_argument();
  rl_clear_pending_input();
  rl_deactivate_mark();
  while (rl_executing_macro) _rl_pop_executing_macro();
  _rl_kill_kbd_macro();
  tabshell_rl_kbd_macro_defined = 0;
  return 0;
}

/// `yank` (`C-y`), guarded: with an empty kill ring it rings the bell.
static int tabshell_rl_yank(int count, int key) { return tabshell_rl_guarded(rl_yank, count, key); }

/// `yank-pop` (`M-y`) that rings the bell when the last command was not a yank.
static int tabshell_rl_yank_pop(int count, int key) {
  if (rl_last_func == tabshell_rl_yank_pop) rl_last_func = rl_yank_pop;
  if (rl_last_func == tabshell_rl_yank) rl_last_func = rl_yank;
  if (rl_last_func != rl_yank && rl_last_func != rl_yank_pop) return rl_ding();
  return tabshell_rl_guarded(rl_yank_pop, count, key);
}

/// vi's `p` and `P` (`vi-put`), guarded: with an empty kill ring they ring the bell.
static int tabshell_rl_vi_put(int count, int key) {
  return tabshell_rl_guarded(rl_vi_put, count, key);
}

/// `vi-yank-pop`, guarded (it follows `p`, `P` or itself, as readline's does).
static int tabshell_rl_vi_yank_pop(int count, int key) {
  if (rl_last_func == tabshell_rl_vi_yank_pop) rl_last_func = rl_vi_yank_pop;
  if (rl_last_func == tabshell_rl_vi_put) rl_last_func = rl_vi_put;
  return tabshell_rl_guarded(rl_vi_yank_pop, count, key);
}

/// `start-kbd-macro` (`C-x (`) that rings the bell while a macro is being defined.
static int tabshell_rl_start_kbd_macro(int count, int key) {
  if (RL_ISSTATE(RL_STATE_MACRODEF)) return rl_ding();
  return tabshell_rl_guarded(rl_start_kbd_macro, count, key);
}

/// `end-kbd-macro` (`C-x )`) that rings the bell when no macro is being defined.
static int tabshell_rl_end_kbd_macro(int count, int key) {
  if (!RL_ISSTATE(RL_STATE_MACRODEF)) return rl_ding();
  tabshell_rl_kbd_macro_defined = 1;
  return tabshell_rl_guarded(rl_end_kbd_macro, count, key);
}

/// `call-last-kbd-macro` (`C-x e`) that rings the bell when there is no macro.
static int tabshell_rl_call_last_kbd_macro(int count, int key) {
  if (!RL_ISSTATE(RL_STATE_MACRODEF) && !tabshell_rl_kbd_macro_defined) return rl_ding();
  return tabshell_rl_guarded(rl_call_last_kbd_macro, count, key);
}

/// The macros (`"KEYS": "TEXT"`) that `tabshell_rl_macro` types: where each was bound, and its text
/// (readline's, kept as it was).
enum { tabshell_rl_macro_room = 256 };
struct tabshell_rl_macro_binding {
  Keymap keymap;
  int key;
  const char *text;
};

/// The macros' table (inside a function: a table at file scope is not emitted for Swift).
static struct tabshell_rl_macro_binding *tabshell_rl_macro_table(int **count) {
  static struct tabshell_rl_macro_binding table[tabshell_rl_macro_room];
  static int used = 0;
  *count = &used;
  return table;
}

/// Types the text of the macro bound where readline is dispatching now, as readline would.
static int tabshell_rl_push_macro(int count, int key) {
  (void)count;
  int *used;
  struct tabshell_rl_macro_binding *macros = tabshell_rl_macro_table(&used);
  // The key's own macro, else the one its keymap shadows (`ANYOTHERKEY`: readline dispatches it
  // under the key that matched no longer binding).
  for (int pass = 0; pass < 2; pass++) {
    for (int i = 0; i < *used; i++) {
      if (macros[i].keymap == rl_executing_keymap && macros[i].key == (pass ? ANYOTHERKEY : key)) {
        rl_push_macro_input(strdup(macros[i].text));
        return 0;
      }
    }
  }
  return rl_ding();
}

/// A key bound to a macro: types its text, guarded (past 16 macros inside each other readline
/// aborts).
static int tabshell_rl_macro(int count, int key) {
  return tabshell_rl_guarded(tabshell_rl_push_macro, count, key);
}

/// Binds `replacement` in every slot of `keymap` and of the prefix keymaps under it (`depth` deep
/// at most) that binds `function`, `ANYOTHERKEY` included (readline's `rl_invoking_keyseqs_in_map`
/// leaves those out: with the arrow keys bound, vi's `ESC` is a prefix keymap whose `ANYOTHERKEY`
/// is `vi-movement-mode`, which readline runs for a lone `ESC`).
static inline void tabshell_rl_rebind_in_map_at(
    rl_command_func_t *function, rl_command_func_t *replacement, Keymap keymap, int depth) {
  if (keymap == NULL || depth > 32) return;
  for (int key = 0; key <= ANYOTHERKEY; key++) {
    if (keymap[key].type == ISKMAP) {
      tabshell_rl_rebind_in_map_at(function, replacement, (Keymap)keymap[key].function, depth + 1);
    } else if (keymap[key].type == ISFUNC && keymap[key].function == function) {
      keymap[key].function = replacement;
    }
  }
}

/// Binds `replacement` wherever `keymap` (with its prefix keymaps) binds `function`.
static inline void tabshell_rl_rebind_in_map(
    rl_command_func_t *function, rl_command_func_t *replacement, Keymap keymap) {
  tabshell_rl_rebind_in_map_at(function, replacement, keymap, 0);
}

/// In `keymap` and the prefix keymaps under it (`depth` deep at most): binds `tabshell_rl_abort`
/// to every key left unbound (readline aborts on such a key by the same jump as `abort`'s), and
/// `tabshell_rl_macro` to every key bound to a macro (its text is kept for it). A keymap that
/// shadows a binding, or lies under one that does (`ANYOTHERKEY`: readline then falls back to the
/// shadowed binding), keeps its unbound keys.
static inline void tabshell_rl_make_keys_safe_in_map(Keymap keymap, int depth, int shadowed) {
  if (keymap == NULL || depth > 32) return;
  shadowed = shadowed || keymap[ANYOTHERKEY].function != NULL;
  for (int key = 0; key <= ANYOTHERKEY; key++) {
    if (keymap[key].type == ISKMAP) {
      tabshell_rl_make_keys_safe_in_map((Keymap)keymap[key].function, depth + 1, shadowed);
    } else if (keymap[key].type == ISMACR && keymap[key].function != NULL) {
      int *used;
      struct tabshell_rl_macro_binding *macros = tabshell_rl_macro_table(&used);
      int slot = 0;
      while (slot < *used && (macros[slot].keymap != keymap || macros[slot].key != key)) slot++;
      if (slot == tabshell_rl_macro_room) continue;
      if (slot == *used) *used += 1;
      macros[slot].keymap = keymap;
      macros[slot].key = key;
      macros[slot].text = (const char *)keymap[key].function;
      keymap[key].type = ISFUNC;
      keymap[key].function = tabshell_rl_macro;
    } else if (keymap[key].type == ISFUNC && keymap[key].function == NULL && !shadowed
               && key != ANYOTHERKEY) {
      keymap[key].function = tabshell_rl_abort;
    }
  }
}

static int tabshell_rl_re_read_init_file(int count, int key);

/// Puts the functions above in place of readline's aborting commands, searches.h's in place of its
/// history searches, vimode.h's in place of vi's command mode, vimotions.h's in place of its
/// motions that can loop for ever and yankargs.h's in place of its yanks of a history line's words,
/// in the emacs and vi keymaps (with `~/.inputrc`'s bindings). Call
/// after `rl_initialize` (and after `~/.inputrc` is read again).
static inline void tabshell_rl_make_aborts_safe(void) {
  // Forgets the macros that `~/.inputrc`, read again, bound to something else.
  int *used;
  struct tabshell_rl_macro_binding *macros = tabshell_rl_macro_table(&used);
  int kept = 0;
  for (int i = 0; i < *used; i++) {
    if (macros[i].keymap[macros[i].key].function == tabshell_rl_macro) macros[kept++] = macros[i];
  }
  *used = kept;
  Keymap keymaps[] = {emacs_standard_keymap, vi_insertion_keymap, vi_movement_keymap};
  for (int i = 0; i < 3; i++) {
    tabshell_rl_rebind_in_map(rl_abort, tabshell_rl_abort, keymaps[i]);
    tabshell_rl_rebind_in_map(rl_yank, tabshell_rl_yank, keymaps[i]);
    tabshell_rl_rebind_in_map(rl_yank_pop, tabshell_rl_yank_pop, keymaps[i]);
    tabshell_rl_rebind_in_map(rl_vi_put, tabshell_rl_vi_put, keymaps[i]);
    tabshell_rl_rebind_in_map(rl_vi_yank_pop, tabshell_rl_vi_yank_pop, keymaps[i]);
    tabshell_rl_rebind_in_map(rl_start_kbd_macro, tabshell_rl_start_kbd_macro, keymaps[i]);
    tabshell_rl_rebind_in_map(rl_end_kbd_macro, tabshell_rl_end_kbd_macro, keymaps[i]);
    tabshell_rl_rebind_in_map(rl_call_last_kbd_macro, tabshell_rl_call_last_kbd_macro, keymaps[i]);
    tabshell_rl_rebind_in_map(rl_re_read_init_file, tabshell_rl_re_read_init_file, keymaps[i]);
    tabshell_rl_make_searches_safe_in_map(keymaps[i]);
    tabshell_rl_make_vi_mode_safe_in_map(keymaps[i]);
    tabshell_rl_make_vi_motions_safe_in_map(keymaps[i]);
    tabshell_rl_make_yank_args_safe_in_map(keymaps[i]);
    tabshell_rl_make_keys_safe_in_map(keymaps[i], 0, 0);
  }
}

/// `re-read-init-file` (`C-x C-r`): reads `~/.inputrc` again, then makes its bindings safe.
static int tabshell_rl_re_read_init_file(int count, int key) {
  int result = rl_re_read_init_file(count, key);
  tabshell_rl_make_aborts_safe();
  return result;
}
