import TabShellKit

extension KeyTable {
  /// The full-screen mode's built-in keys (docs/Contract.md, "The full-screen mode"): the
  /// bindings every session starts with, before the start-up file's `bind` and `unbind`. Every key
  /// the mode knows is here (Ctrl-C, Ctrl-Z, Ctrl-L, Ctrl-D, Ctrl-X Ctrl-A too): none is fixed in
  /// the code. In the
  /// screen focus only the prefix key (Ctrl-B, as tmux's) is the shell's; the key after it is
  /// looked up in the prefix focus, with tmux's keys for windows there for tabs (`c` a new
  /// terminal tab, `n` and `p` the next and previous, `l` the last, `0` the tenth, `&` close).
  /// PPage and NPage after it scroll a terminal tab back
  /// (`scrollback`, the `terminal` screen type's command: unknown where that type is not
  /// registered, which these bindings then say when pressed).
  package static let defaults: [(focus: KeyFocus, key: String, line: String)] =
    modeDefaults + copyDefaults

  /// The keys of every focus but copy mode's.
  private static let modeDefaults: [(focus: KeyFocus, key: String, line: String)] =
    [
      (.bar, "Left", "swipe right"), (.bar, "Right", "swipe left"),
    ]
    + (1...9).map { (.bar, "\($0)", "tab \($0)") }
    + [
      (.bar, "M-Left", "swipe right"), (.bar, "M-Right", "swipe left"),
    ]
    + (1...9).map { (.bar, "M-\($0)", "tab \($0)") }
    + [
      (.bar, "h", "toggle-bar"), (.bar, ":", "set-focus command"),
      (.bar, "Enter", "set-focus command"),
      (.bar, "Escape", "back"), (.bar, "Up", "panel up"), (.bar, "Down", "panel down"),
      (.bar, "PPage", "panel page-up"), (.bar, "NPage", "panel page-down"),
      (.bar, "?", "help tui"), (.bar, "q", "leave"), (.bar, "Tab", "set-focus screen"),
      (.bar, "C-d", "leave"), (.bar, "C-x", "set-focus c-x"), (.bar, "C-z", "suspend"),
      (.bar, "C-l", "redraw"),
      (.controlX, "C-a", "line-mode"), (.controlX, "a", "line-mode"), (.controlX, "A", "line-mode"),
      (.command, "Escape", "back"), (.command, "M-Left", "swipe right"),
      (.command, "M-Right", "swipe left"),
    ]
    + (1...9).map { (.command, "M-\($0)", "tab \($0)") }
    + [
      (.command, "PPage", "panel page-up"), (.command, "NPage", "panel page-down"),
      (.command, "C-c", "clear-line"), (.command, "C-z", "suspend"), (.command, "C-l", "redraw"),
      (.screen, "C-b", "set-focus prefix"),
      (.prefix, ":", "set-focus command"), (.prefix, "b", "set-focus bar"),
      (.prefix, "Escape", "set-focus bar"), (.prefix, "Left", "select-pane --left --swipe"),
      (.prefix, "Right", "select-pane --right --swipe"),
      (.prefix, "Up", "select-pane --up --swipe"),
      (.prefix, "Down", "select-pane --down --swipe"), (.prefix, "%", "split terminal"),
      (.prefix, "\"", "split --vertical terminal"), (.prefix, "z", "zoom"),
      (.prefix, "x", "close-pane"),
    ]
    + (1...9).map { (.prefix, "\($0)", "tab \($0)") }
    + [
      // tmux's keys for windows, for tabs (docs/Contract.md, "A terminal workspace").
      (.prefix, "0", "tab 10"), (.prefix, "c", "new-tab"), (.prefix, "n", "next-tab"),
      (.prefix, "p", "previous-tab"), (.prefix, "l", "last-tab"), (.prefix, "&", "close-tab ."),
      (.prefix, ",", "rename-tab ."), (.prefix, "w", "choose-tab"),
      (.prefix, "?", "help tui"), (.prefix, "d", "detach"),
      (.prefix, "PPage", "scrollback page-up"), (.prefix, "NPage", "scrollback page-down"),
      (.prefix, "C-z", "suspend"), (.prefix, "C-l", "redraw"),
      (.prefix, "]", "paste-buffer"), (.prefix, "[", "copy-mode"),
      // The list `choose-tab` opens, as tmux's choose-tree.
      (.choose, "Up", "choose-tab up"), (.choose, "Down", "choose-tab down"),
      (.choose, "k", "choose-tab up"), (.choose, "j", "choose-tab down"),
      (.choose, "Enter", "choose-tab select"), (.choose, "Escape", "choose-tab cancel"),
      (.choose, "q", "choose-tab cancel"), (.choose, "C-l", "redraw"),
    ]

  /// Copy mode's keys (the table `copy`), tmux's vi keys: every one runs `copy-mode ACTION` but
  /// the searches and the command line.
  private static let copyDefaults: [(focus: KeyFocus, key: String, line: String)] =
    copyActions.map { (KeyFocus.copy, $0.key, "copy-mode " + $0.action) } + [
      (.copy, "/", "search"), (.copy, "?", "search --backward"), (.copy, ":", "set-focus command"),
    ]

  /// The keys of copy mode that run `copy-mode ACTION`, and their actions.
  private static let copyActions: [(key: String, action: String)] = [
    ("h", "cursor-left"), ("j", "cursor-down"), ("k", "cursor-up"), ("l", "cursor-right"),
    ("Left", "cursor-left"), ("Down", "cursor-down"), ("Up", "cursor-up"),
    ("Right", "cursor-right"), ("w", "next-word"), ("b", "previous-word"),
    ("e", "next-word-end"), ("0", "start-of-line"), ("^", "back-to-indentation"),
    ("$", "end-of-line"), ("Home", "start-of-line"), ("End", "end-of-line"),
    ("g", "history-top"), ("G", "history-bottom"), ("H", "top-line"), ("M", "middle-line"),
    ("L", "bottom-line"), ("C-u", "halfpage-up"), ("C-d", "halfpage-down"),
    ("C-b", "page-up"), ("C-f", "page-down"), ("PPage", "page-up"), ("NPage", "page-down"),
    ("C-y", "scroll-up"), ("C-e", "scroll-down"), ("n", "search-again"),
    ("N", "search-reverse"), ("v", "begin-selection"), ("Space", "begin-selection"),
    ("V", "select-line"), ("C-v", "rectangle-toggle"), ("y", "copy-selection-and-cancel"),
    ("Enter", "copy-selection-and-cancel"), ("q", "cancel"), ("Escape", "cancel"),
  ]
}
