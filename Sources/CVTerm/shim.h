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

#pragma clang assume_nonnull begin

/// The first fields of libvterm 0.1.4's `struct VTermState` (its `vterm_internal.h`), which its
/// public API does not give: the pending wrap and the scroll region. Read only through
/// `tabshell_vterm_state_head`, and trusted only while `tabshell_vterm_state_head_matches` says
/// the fields the public API also gives agree (another build of libvterm may lay them out
/// otherwise).
typedef struct {
  void *_Nullable vt;
  const void *_Nullable callbacks;
  void *_Nullable cbdata;
  const void *_Nullable fallbacks;
  void *_Nullable fbdata;
  int rows;
  int cols;
  VTermPos pos;
  /// Whether the cursor waits past the last column to wrap (xterm's pending wrap).
  int at_phantom;
  int scrollregion_top;
  /// -1 for the screen's bottom.
  int scrollregion_bottom;
  int scrollregion_left;
  int scrollregion_right;
} TabShellVTermStateHead;

/// The first fields of `state` (`TabShellVTermStateHead`).
static inline TabShellVTermStateHead tabshell_vterm_state_head(const VTermState *state) {
  return *(const TabShellVTermStateHead *)state;
}

/// Whether `TabShellVTermStateHead` lies over `terminal`'s state as libvterm lays it out: the size
/// and the cursor read through it are the ones the public API gives.
static inline int tabshell_vterm_state_head_matches(VTerm *terminal) {
  VTermState *state = vterm_obtain_state(terminal);
  TabShellVTermStateHead head = tabshell_vterm_state_head(state);
  int rows = 0, columns = 0;
  vterm_get_size(terminal, &rows, &columns);
  VTermPos cursor;
  vterm_state_get_cursorpos(state, &cursor);
  return head.vt == (void *)terminal && head.rows == rows && head.cols == columns
         && head.pos.row == cursor.row && head.pos.col == cursor.col;
}


/// What the glyph callback of TabShell's screen layer (TerminalCells, in TabShellTerminalScreen)
/// reads and writes: the rows of the screen shown and the pen. TerminalCells keeps it as its first
/// stored property, so that the user data libvterm hands the callbacks points to both.
typedef struct {
  /// The rows of the screen shown, top first, each `columns` cells.
  VTermScreenCell *_Nonnull *_Nonnull lines;
  int rows;
  int columns;
  /// The attributes and colours of new cells: a blank cell whose stored width is 1.
  VTermScreenCell pen;
} TabShellCellsHead;

/// The first character of the cell behind a wide character.
#define TABSHELL_CONTINUATION 0xFFFFFFFFu

/// libvterm's `putglyph` state callback: writes a character and its marks at a position with the
/// pen, and marks the cells a wide character covers. It is called for every character a program
/// prints, so it is C, where a cell is written with a few stores. A protected cell (DECSCA) stores
/// -1 as its width, which TerminalCells works out when a cell is read.
static inline int tabshell_cells_putglyph(VTermGlyphInfo *_Nullable info, VTermPos pos,
                                          void *_Nullable user) {
  TabShellCellsHead *head = (TabShellCellsHead *)user;
  if (!head || !info || !info->chars || pos.row < 0 || pos.row >= head->rows || pos.col < 0
      || pos.col >= head->columns)
    return 0;
  VTermScreenCell *cell = head->lines[pos.row] + pos.col;
  *cell = head->pen;
  int index = 0;
  for (; index < VTERM_MAX_CHARS_PER_CELL && info->chars[index]; index++)
    cell->chars[index] = info->chars[index];
  if (index < VTERM_MAX_CHARS_PER_CELL)
    cell->chars[index] = 0;
  if (info->protected_cell)
    cell->width = -1;
  if (info->dwl || info->dhl) {
    cell->attrs.dwl = info->dwl;
    cell->attrs.dhl = info->dhl;
  }
  for (int column = pos.col + 1; column < pos.col + info->width && column < head->columns; column++)
    head->lines[pos.row][column].chars[0] = TABSHELL_CONTINUATION;
  return 1;
}

/// Writes `count` characters of printable ASCII from `text` into cells, each a copy of `model` with
/// its character: what `tabshell_cells_putglyph` writes for each, `model` being the cell it wrote
/// for a character just before them on the row (TerminalEmulator's plain text).
static inline void tabshell_cells_put_ascii(VTermScreenCell *cells, VTermScreenCell model,
                                            const unsigned char *text, int count) {
  for (int index = 0; index < count; index++) {
    cells[index] = model;
    cells[index].chars[0] = text[index];
  }
}

/// Writes `blank` into `count` cells (an erase's row).
static inline void tabshell_cells_fill(VTermScreenCell *cells, VTermScreenCell blank, int count) {
  for (int index = 0; index < count; index++)
    cells[index] = blank;
}

#pragma clang assume_nonnull end

#endif
