// libvterm (Debian's libvterm-dev), the terminal emulator of terminal tabs, for
// TabShellTerminalScreen only. Its colour tests are macros, which Swift cannot call: each is
// wrapped in a static inline function here. Its other functions are called directly.
#ifndef TABSHELL_CVTERM_SHIM_H
#define TABSHELL_CVTERM_SHIM_H
#include <vterm.h>

/// Whether a colour is the terminal's default foreground (`VTERM_COLOR_IS_DEFAULT_FG`).
static inline int tabshell_vterm_color_is_default_fg(const VTermColor *color) {
  return VTERM_COLOR_IS_DEFAULT_FG(color);
}

/// Whether a colour is the terminal's default background (`VTERM_COLOR_IS_DEFAULT_BG`).
static inline int tabshell_vterm_color_is_default_bg(const VTermColor *color) {
  return VTERM_COLOR_IS_DEFAULT_BG(color);
}

/// Whether a colour is one of the 256 indexed ones (`VTERM_COLOR_IS_INDEXED`).
static inline int tabshell_vterm_color_is_indexed(const VTermColor *color) {
  return VTERM_COLOR_IS_INDEXED(color);
}

/// Whether a colour is 24-bit (`VTERM_COLOR_IS_RGB`).
static inline int tabshell_vterm_color_is_rgb(const VTermColor *color) {
  return VTERM_COLOR_IS_RGB(color);
}

#endif
