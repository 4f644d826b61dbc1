import TabShellPlatform

/// What copy mode does on a key (docs/Contract.md, "Copy mode, buffers and the clipboard").
package enum CopyOperation: Equatable, Sendable {
  /// Moves the cursor.
  case move(CopyMotion)
  /// Starts a selection of characters, or of lines, at the cursor.
  case beginSelection, selectLine
  /// Makes the selection a rectangle, or characters again.
  case toggleRectangle
  /// Drops the selection.
  case clearSelection
  /// Copies the selection (nothing without one) and leaves copy mode.
  case copyAndLeave
  /// Leaves copy mode.
  case leave
  /// Repeats the last search, the same way or the other.
  case searchAgain(reversed: Bool)
}

/// What copy mode did.
package enum CopyOutcome: Equatable, Sendable {
  /// As asked.
  case done
  /// It copied this text (and left).
  case copied(String)
  /// No live terminal screen has the id given.
  case notATerminal
  /// The screen is not in copy mode.
  case notCopying
  /// The search found nothing.
  case noMatch
  /// There is no search to repeat.
  case noSearch
}

extension TerminalSessions {
  /// Whether the terminal screen `id` is in copy mode.
  package func isCopying(_ id: String) -> Bool {
    screen(id)?.isCopying == true
  }

  /// Enters copy mode on the terminal screen `id`; `false` when there is none.
  package func enterCopyMode(_ id: String) -> Bool {
    guard let screen = screen(id) else { return false }
    screen.enterCopyMode()
    return true
  }

  /// Does `operation` in the copy mode of the terminal screen `id`.
  package func copy(_ operation: CopyOperation, screen id: String) -> CopyOutcome {
    guard let screen = screen(id) else { return .notATerminal }
    guard screen.isCopying else { return .notCopying }
    switch operation {
    case .leave:
      screen.leaveCopyMode()
      return .done
    case .copyAndLeave:
      let text = screen.changeCopy { mode, emulator in mode.selectedText(in: emulator) } ?? nil
      screen.leaveCopyMode()
      return text.map(CopyOutcome.copied) ?? .done
    case .searchAgain(let reversed):
      let found = screen.changeCopy { mode, emulator in
        mode.searchAgain(reversed: reversed, in: emulator)
      }
      switch found {
      case .some(.some(true)): return .done
      case .some(.some(false)): return .noMatch
      case .some(.none): return .noSearch
      case .none: return .notCopying
      }
    default:
      _ = screen.changeCopy { mode, emulator in
        switch operation {
        case .move(let motion): mode.move(motion, in: emulator)
        case .beginSelection: mode.beginSelection()
        case .selectLine: mode.selectLine()
        case .toggleRectangle: mode.toggleRectangle()
        case .clearSelection: mode.clearSelection()
        default: break
        }
      }
      return .done
    }
  }

  /// The last search in the copy mode of the terminal screen `id`, if any.
  package func lastSearch(screen id: String) -> CopyPattern? {
    screen(id)?.copy?.search?.pattern
  }

  /// Enters copy mode on the terminal screen `id` when it is not in it, and moves its cursor to
  /// the next match of `pattern` (before it, when `backward`).
  package func search(_ pattern: CopyPattern, backward: Bool, screen id: String) -> CopyOutcome {
    guard let screen = screen(id) else { return .notATerminal }
    let found = screen.changeCopy(entering: true) { mode, emulator in
      mode.search(pattern, backward: backward, in: emulator)
    }
    return found == true ? .done : .noMatch
  }
}

extension TerminalSessions {
  /// The lines of the terminal screen `id` as `capture` prints them
  /// (``TerminalEmulator/capture(scrollback:escapes:)``); `nil` when no live terminal screen has
  /// that id.
  package func capture(_ id: String, scrollback: Bool, escapes: Bool) -> [String]? {
    screen(id)?.session.emulator.capture(scrollback: scrollback, escapes: escapes)
  }
}

extension TerminalSessions {
  /// Pipes the output of the terminal screen `id`'s program to `command` (`pipe`), the pipe
  /// before stopped; with no command, only stops it. `false` when no live terminal screen has that
  /// id; throws the system's error when the command cannot be started.
  package func pipe(_ id: String, to command: String?) throws(SystemError) -> Bool {
    guard let session = screen(id)?.session else { return false }
    stopPipe(of: session)
    guard let command, session.ending == nil else { return true }
    session.pipe = try TerminalPipe(command: command)
    noticeActivity()
    return true
  }

  /// Stops a session's pipe: its input closed, its command given ``grace`` to end, then killed.
  func stopPipe(of session: TerminalSession) {
    guard let pipe = session.pipe else { return }
    session.pipe = nil
    pipe.close()
    if !pipe.reapIfEnded() { closingPipes.append((pipe, MonotonicClock.now() + Self.grace)) }
  }
}
