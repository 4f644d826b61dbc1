import TabShellKit
import TabShellLanguage
import TabShellPlatform
import TabShellTerminal
import TabShellTerminalScreen

/// The terminal tabs as the interpreter's commands reach into them (``TabShellLanguage/TerminalTabs``):
/// copy mode's actions, by the language's names, become the terminal's operations; a regular
/// expression is matched by the language's engine, line by line.
final class HostTerminalTabs: TerminalTabs, GridDrawingScreens {
  private let sessions: TerminalSessions

  init(sessions: TerminalSessions) {
    self.sessions = sessions
  }

  func gridScreen(_ id: String) -> (any GridDrawingScreen)? { sessions.gridScreen(id) }

  func isCopying(_ id: String) -> Bool { sessions.isCopying(id) }

  var copyModeChanges: Int { sessions.copyModeChanges }

  var putsOffForegroundLooks: Bool {
    get { sessions.putsOffForegroundLooks }
    set { sessions.putsOffForegroundLooks = newValue }
  }

  func enterCopyMode(_ id: String) throws(TerminalTabError) {
    guard sessions.enterCopyMode(id) else { throw .notATerminal(id) }
  }

  func copy(_ action: CopyAction, screen id: String) throws(TerminalTabError) -> String? {
    switch sessions.copy(Self.operation(action), screen: id) {
    case .done: return nil
    case .copied(let text): return text
    case .notATerminal: throw .notATerminal(id)
    case .notCopying: throw .notCopying(id)
    case .noSearch: throw .noSearch
    case .noMatch:
      let last = sessions.lastSearch(screen: id)
      throw .noMatch(last?.text ?? "", isRegex: last?.isExpression == true)
    }
  }

  func search(_ text: String, pattern: TextPattern?, backward: Bool, screen id: String)
    throws(TerminalTabError)
  {
    let copyPattern =
      pattern.map { pattern in CopyPattern.matching(text) { pattern.ranges(in: $0) } }
      ?? .plain(text)
    switch sessions.search(copyPattern, backward: backward, screen: id) {
    case .notATerminal: throw .notATerminal(id)
    case .noMatch: throw .noMatch(text, isRegex: pattern != nil)
    default: break
    }
  }

  func capture(_ id: String, scrollback: Bool, escapes: Bool) throws(TerminalTabError) -> [String] {
    guard let lines = sessions.capture(id, scrollback: scrollback, escapes: escapes) else {
      throw .notATerminal(id)
    }
    return lines
  }

  func pipe(_ id: String, to command: String?) throws(TerminalTabError) {
    let found: Bool
    do throws(SystemError) {
      found = try sessions.pipe(id, to: command)
    } catch {
      throw .cannotPipe(command ?? "", reason: error.description)
    }
    guard found else { throw .notATerminal(id) }
  }

  func useOuterColor(_ color: Canvas.Color, background: Bool) {
    if background {
      sessions.outerColors.background = color
    } else {
      sessions.outerColors.foreground = color
    }
  }

  /// The terminal's operation for an action.
  static func operation(_ action: CopyAction) -> CopyOperation {
    switch action {
    case .cursorLeft: .move(.left)
    case .cursorRight: .move(.right)
    case .cursorUp: .move(.up)
    case .cursorDown: .move(.down)
    case .nextWord: .move(.nextWord)
    case .previousWord: .move(.previousWord)
    case .nextWordEnd: .move(.nextWordEnd)
    case .startOfLine: .move(.startOfLine)
    case .backToIndentation: .move(.backToIndentation)
    case .endOfLine: .move(.endOfLine)
    case .historyTop: .move(.historyTop)
    case .historyBottom: .move(.historyBottom)
    case .topLine: .move(.topLine)
    case .middleLine: .move(.middleLine)
    case .bottomLine: .move(.bottomLine)
    case .halfpageUp: .move(.halfPageUp)
    case .halfpageDown: .move(.halfPageDown)
    case .pageUp: .move(.pageUp)
    case .pageDown: .move(.pageDown)
    case .scrollUp: .move(.scrollUp)
    case .scrollDown: .move(.scrollDown)
    case .beginSelection: .beginSelection
    case .selectLine: .selectLine
    case .rectangleToggle: .toggleRectangle
    case .clearSelection: .clearSelection
    case .copySelectionAndCancel: .copyAndLeave
    case .cancel: .leave
    case .searchAgain: .searchAgain(reversed: false)
    case .searchReverse: .searchAgain(reversed: true)
    }
  }
}
