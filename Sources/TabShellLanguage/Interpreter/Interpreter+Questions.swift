@_spi(Host) import TabShellKit

/// A question a command leaves for the user to answer on the command line before it acts
/// (docs/Contract.md, "A terminal workspace"): a yes or no before it ends running programs
/// (`quit`, `close-tab`), or a line it needs (`rename-tab` without a title: the new title, the old
/// one filled in).
package struct Question: Sendable {
  /// What it asks, the prompt the command line shows: `quit: 2 programs are running; quit
  /// anyway? (y/n)`, `(rename-tab) `.
  package let prompt: String
  /// For a line, what is filled in to begin with; `nil` for a yes or no.
  package let initial: String?
  /// The command the answer runs, as a recording writes it.
  package let line: @Sendable (String) -> String
  /// Runs it with the answer (the line; `y` for a yes).
  let run: @Sendable (Interpreter, String) throws -> Void

  /// Whether it asks for a yes or no.
  package var isYesOrNo: Bool { initial == nil }

  /// Whether `answer` (a line typed; `nil` for Ctrl-D, the end of the input) runs the command: a
  /// yes (`y` or `yes` in any case, or Ctrl-D) to a yes-or-no question, a line that is not empty
  /// to a question for a line.
  package func accepts(_ answer: String?) -> Bool {
    guard let answer else { return isYesOrNo }
    if isYesOrNo { return ["y", "yes"].contains(answer.filter { !$0.isWhitespace }.lowercased()) }
    return !answer.isEmpty
  }
}

/// Whether the commands running now were typed, or pressed, by someone who can be asked, and the
/// question a command left for them.
struct Asking {
  /// Set while a line typed or a key pressed at the line prompt or in the full-screen mode runs
  /// (``Interpreter/askingUser(_:)``); never for a script, `-c`, `send` or a start-up file.
  var asksUser = false
  /// The question the last command that asked left, until the host takes it.
  var pending: Question?
}

/// Which screens run programs, and which are named after their program's foreground process
/// (terminal tabs'), as the host knows them (``HostServices/programs``).
package protocol ScreenPrograms: AnyObject {
  /// How many programs are running in the screens `ids` (in every screen for `nil`): started and
  /// not ended.
  func runningPrograms(inScreens ids: Set<String>?) -> Int
}

extension Interpreter {
  /// Runs `body` as typed or pressed by someone who can be asked: `quit`, `close-tab` and `leave`
  /// then leave a question (``takeQuestion()``) instead of ending running programs, and
  /// `rename-tab` without a title one for the title.
  package func askingUser<Result>(_ body: () throws -> Result) rethrows -> Result {
    let outer = state.asking.asksUser
    state.asking.asksUser = true
    defer { state.asking.asksUser = outer }
    return try body()
  }

  /// The question a command left since the last call, if any (taken once).
  package func takeQuestion() -> Question? {
    defer { state.asking.pending = nil }
    return state.asking.pending
  }

  /// Answers `question`: when `answer` is one it accepts (``Question/accepts(_:)``), runs its
  /// command as a command (its hooks after it, its output to `sink`), which a recording writes;
  /// else nothing runs (``Outcome/success``).
  package func answer(
    _ question: Question, with answer: String?, to sink: (any OutputSink)? = nil
  ) -> Outcome {
    guard question.accepts(answer) else { return .success }
    let text = answer ?? "y"
    let line = question.line(text)
    return runAsCommand(to: sink) { interpreter in
      do {
        try question.run(interpreter, text)
      } catch let error where !(error is ExitRequest || error is Interrupted) {
        interpreter.recorded(command: line, succeeded: false)
        throw error
      }
      interpreter.recorded(command: line, succeeded: true)
    }
  }

  /// Whether the command running now can ask: typed or pressed (``askingUser(_:)``), not in a
  /// file it sources.
  var asksUser: Bool { state.asking.asksUser && state.sourceDepth == 0 }

  /// How many programs run in the screens `ids` (every screen for `nil`).
  func runningPrograms(inScreens ids: Set<String>?) -> Int {
    services.programs?.runningPrograms(inScreens: ids) ?? 0
  }

  /// Whether a command that would end `count` running programs leaves a question instead (someone
  /// can be asked, and `count` is not 0): `command: N programs are running; WHAT anyway? (y/n)`,
  /// a yes running `run` (written as `line`).
  func asksFirst(
    ending count: Int, command: String, what: String, line: String,
    run: @escaping @Sendable (Interpreter) throws -> Void
  ) -> Bool {
    guard asksUser, count > 0 else { return false }
    let programs = count == 1 ? "1 program is" : "\(count) programs are"
    state.asking.pending = Question(
      prompt: "\(command): \(programs) running; \(what) anyway? (y/n)", initial: nil,
      line: { _ in line }, run: { interpreter, _ in try run(interpreter) })
    return true
  }

  /// `rename-tab TAB` without a title: leaves a question for the title, the old one filled in,
  /// when someone can be asked; else the title is missing.
  func askTitle(of reference: TabReference) throws {
    let index = try shell.model.index(of: reference)
    let tab = shell.model.tabs[index]
    guard asksUser else {
      throw LanguageError.missingArgument(
        command: "rename-tab", argument: "TITLE", usage: TabCommands.renameTab.usage)
    }
    let id = tab.id
    state.asking.pending = Question(
      prompt: "(rename-tab) ", initial: tab.item.title,
      line: { ScriptWords.line(["rename-tab", id, $0]) },
      run: { try $0.send(.renameTab(.name(id), to: $1)) })
  }

  /// `quit`: leaves with status 0, unless it asks first (`force` never does).
  func quit(force: Bool) throws {
    let count = runningPrograms(inScreens: nil)
    if !force,
      asksFirst(
        ending: count, command: "quit", what: "quit", line: "quit --force",
        run: { _ in throw ExitRequest(status: 0) })
    {
      return
    }
    throw ExitRequest(status: 0)
  }

  /// `close-tab`: closes a tab, unless it asks first (`force` never does) because programs run
  /// in its screens.
  func closeTab(_ reference: TabReference, force: Bool) throws {
    let index = try shell.model.index(of: reference)
    let tab = shell.model.tabs[index]
    let id = tab.id
    // Every screen of the tab: its panes and the screens pushed over them.
    let count = runningPrograms(inScreens: Set(tab.screens.map(\.id)))
    if !force,
      asksFirst(
        ending: count, command: "close-tab", what: "close the tab",
        line: ScriptWords.line(["close-tab", "--force", "--", id]),
        run: { try $0.send(.closeTab(.name(id))) })
    {
      return
    }
    try send(.closeTab(reference))
  }

  /// `close-pane [--to ID]`: closes a pane, asking first when its program runs (a tab's last
  /// pane closes the tab: then the programs of all its screens count) and someone can be asked.
  func closePane(_ id: String?, force: Bool) throws {
    let place = try shell.model.pane(id)
    let tab = shell.model.tabs[place.tab]
    let pane = tab.panes[place.index].id
    let screens = tab.panes.count == 1 ? tab.screens.map(\.id) : [pane]
    if !force,
      asksFirst(
        ending: runningPrograms(inScreens: Set(screens)), command: "close-pane",
        what: "close the pane", line: ScriptWords.line(["close-pane", "--force", "--to", pane]),
        run: { try $0.send(.closePane(pane)) })
    {
      return
    }
    try send(.closePane(id))
  }

  /// `leave` (`q`, Ctrl-D): in a session, detaches this terminal; elsewhere quits, asking first.
  package func leave() throws {
    if host?.detachClients() == true { return }
    try quit(force: false)
  }
}
