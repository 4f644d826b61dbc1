/// What a key does in copy mode (docs/Contract.md, "Copy mode, buffers and the clipboard"):
/// `copy-mode ACTION`, named as tmux names its copy mode's commands (`send -X cursor-down`), each
/// bound to its vi key in the key table `copy`.
package enum CopyAction: String, CaseIterable, Sendable {
  case cursorLeft = "cursor-left"
  case cursorRight = "cursor-right"
  case cursorUp = "cursor-up"
  case cursorDown = "cursor-down"
  case nextWord = "next-word"
  case previousWord = "previous-word"
  case nextWordEnd = "next-word-end"
  case startOfLine = "start-of-line"
  case backToIndentation = "back-to-indentation"
  case endOfLine = "end-of-line"
  case historyTop = "history-top"
  case historyBottom = "history-bottom"
  case topLine = "top-line"
  case middleLine = "middle-line"
  case bottomLine = "bottom-line"
  case halfpageUp = "halfpage-up"
  case halfpageDown = "halfpage-down"
  case pageUp = "page-up"
  case pageDown = "page-down"
  case scrollUp = "scroll-up"
  case scrollDown = "scroll-down"
  case beginSelection = "begin-selection"
  case selectLine = "select-line"
  case rectangleToggle = "rectangle-toggle"
  case clearSelection = "clear-selection"
  case copySelectionAndCancel = "copy-selection-and-cancel"
  case cancel
  case searchAgain = "search-again"
  case searchReverse = "search-reverse"
}
