// libvterm (Debian's libvterm-dev), the terminal emulator of terminal tabs, for
// TabShellTerminalScreen only. Its colour tests are macros, which Swift cannot call: each is
// wrapped in a static inline function here. Its other functions are called directly.
#ifndef TABSHELL_CVTERM_SHIM_H
#define TABSHELL_CVTERM_SHIM_H
#include <stdint.h>
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

/// One cell of TabShell's screen layer (TerminalCells, in TabShellTerminalScreen): 8 bytes.
/// `glyph` is 0 for a cell nothing was written to (or that was erased), a Unicode scalar, the
/// index of a grapheme cluster of several scalars with `TABSHELL_CLUSTER` set, or
/// `TABSHELL_CONTINUATION` behind a wide character; `style` indexes the terminal's table of
/// styles (0: the default one).
typedef struct {
  uint32_t glyph;
  uint32_t style;
} TabShellCell;

/// The glyph of the cell behind a wide character.
#define TABSHELL_CONTINUATION 0xFFFFFFFFu
/// The flag of a glyph that indexes the terminal's table of clusters.
#define TABSHELL_CLUSTER 0x80000000u
/// A row's flags, kept in the `glyph` of the cell before its first (each row is allocated with
/// one cell more, in front): the row's text goes on in the next row (it wrapped there) ...
#define TABSHELL_ROW_WRAPPED 1u
/// ... and something in the row changed since the damage was last taken ...
#define TABSHELL_ROW_DAMAGED 2u
/// ... within the columns the flags cell's `style` holds (the first, and the end past the last
/// shifted 16 bits up); without this flag, anywhere in the row.
#define TABSHELL_ROW_SPAN 4u

/// Marks the columns `first..<end` of a row changed: the span it holds grows to take them in, or
/// the row's whole is marked when it had no damage, a span past 16 bits, or the whole already.
static inline void tabshell_row_damage(TabShellCell *_Nonnull line, int first, int end) {
  uint32_t flags = line[-1].glyph;
  if (flags & TABSHELL_ROW_DAMAGED) {
    if (!(flags & TABSHELL_ROW_SPAN))
      return;
    uint32_t span = line[-1].style;
    if ((int)(span & 0xFFFFu) < first)
      first = (int)(span & 0xFFFFu);
    if ((int)(span >> 16) > end)
      end = (int)(span >> 16);
  }
  if (first < 0 || end > 0xFFFF || end <= first) {
    line[-1].glyph = (flags | TABSHELL_ROW_DAMAGED) & ~TABSHELL_ROW_SPAN;
    return;
  }
  line[-1].glyph = flags | TABSHELL_ROW_DAMAGED | TABSHELL_ROW_SPAN;
  line[-1].style = (uint32_t)first | ((uint32_t)end << 16);
}

/// Marks the whole of a row changed.
static inline void tabshell_row_damage_whole(TabShellCell *_Nonnull line) {
  line[-1].glyph = (line[-1].glyph | TABSHELL_ROW_DAMAGED) & ~TABSHELL_ROW_SPAN;
}

/// What the glyph callback of TabShell's screen layer reads and writes: the rows of the screen
/// shown, the pen, and the last glyph written, which says whether the next one wraps a line.
/// TerminalCells keeps it as its first stored property, so that the user data libvterm hands the
/// callbacks points to both.
typedef struct {
  /// The rows of the screen shown, top first, each `columns` cells after its flags.
  TabShellCell *_Nonnull *_Nonnull lines;
  int rows;
  int columns;
  /// The style index new cells are written with, and the same style protected (DECSCA).
  uint32_t pen;
  uint32_t protectedPen;
  /// Where the last glyph was written (row -1: none since the cursor moved otherwise): a glyph
  /// written at the start of the next row continues its line.
  int lastRow;
  int lastStart;
  int lastEnd;
  /// The rows whose damage marks may be set since the damage was last taken: from `damageFirst`
  /// up to, not with, `damageEnd` (none when `damageEnd` is not past `damageFirst`), so that
  /// taking it reads those rows' marks, not every row's.
  int damageFirst;
  int damageEnd;
  /// The glyph of a cluster of several scalars (ended by a 0), interned by TerminalCells, whose
  /// address (the head's) is `user`.
  uint32_t (*_Nonnull cluster)(const uint32_t *_Nonnull chars, void *_Nullable user);
} TabShellCellsHead;

/// Takes `row` into the rows whose damage marks are read (`damageFirst`, `damageEnd`).
static inline void tabshell_head_damaged(TabShellCellsHead *_Nonnull head, int row) {
  if (row < head->damageFirst)
    head->damageFirst = row;
  if (row >= head->damageEnd)
    head->damageEnd = row + 1;
}

/// libvterm's `putglyph` state callback: writes a character (and its marks, a cluster) at a
/// position with the pen, marks the cells a wide character covers, those cells as the row's
/// damage, and the row before as wrapped into this one when the glyph starts a row right after
/// the last glyph ended the row before (libvterm wrapped the line: nothing moved the cursor in
/// between). It is
/// called for every character a program prints, so it is C, where a cell is written with a few
/// stores.
static inline int tabshell_cells_putglyph(VTermGlyphInfo *_Nullable info, VTermPos pos,
                                          void *_Nullable user) {
  TabShellCellsHead *head = (TabShellCellsHead *)user;
  if (!head || !info || !info->chars || pos.row < 0 || pos.row >= head->rows || pos.col < 0
      || pos.col >= head->columns)
    return 0;
  TabShellCell *line = head->lines[pos.row];
  uint32_t glyph = info->chars[0];
  if (glyph && info->chars[1])
    glyph = head->cluster(info->chars, user);
  line[pos.col].glyph = glyph;
  line[pos.col].style = info->protected_cell ? head->protectedPen : head->pen;
  for (int column = pos.col + 1; column < pos.col + info->width && column < head->columns; column++)
    line[column].glyph = TABSHELL_CONTINUATION;
  tabshell_row_damage(line, pos.col, pos.col + (info->width > 0 ? info->width : 1));
  tabshell_head_damaged(head, pos.row);
  if (pos.col == 0 && pos.row > 0 && head->lastRow == pos.row - 1)
    head->lines[pos.row - 1][-1].glyph |= TABSHELL_ROW_WRAPPED;
  head->lastRow = pos.row;
  head->lastStart = pos.col;
  head->lastEnd = pos.col + info->width;
  return 1;
}

/// Writes `count` characters of printable ASCII from `text` into cells of style `style` (what
/// `tabshell_cells_putglyph` writes for each: TerminalEmulator's plain text).
static inline void tabshell_cells_put_ascii(TabShellCell *cells, uint32_t style,
                                            const unsigned char *text, int count) {
  for (int index = 0; index < count; index++) {
    cells[index].glyph = text[index];
    cells[index].style = style;
  }
}

/// The bytes of the cells from the first on that hold printable ASCII (or nothing) in style
/// `style`, one a cell, into `bytes`; how many (the scrollback's encoding of a line's plain cells).
static inline int tabshell_cells_ascii_bytes(const TabShellCell *cells, int count, uint32_t style,
                                             unsigned char *bytes) {
  int index = 0;
  for (; index < count && cells[index].glyph < 0x80 && cells[index].style == style; index++)
    bytes[index] = (unsigned char)cells[index].glyph;
  return index;
}

/// Writes `blank` into `count` cells (an erase's row).
static inline void tabshell_cells_fill(TabShellCell *cells, TabShellCell blank, int count) {
  for (int index = 0; index < count; index++)
    cells[index] = blank;
}

#pragma clang assume_nonnull end

#endif
