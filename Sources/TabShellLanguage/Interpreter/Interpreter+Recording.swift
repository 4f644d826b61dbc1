@_spi(Host) import TabShellKit

extension Interpreter {
  /// Whether the command running now was typed at the prompt (not in a script or a sourced file).
  var isAtPrompt: Bool {
    if case .some(.none) = state.files.last { return true }
    return false
  }

  /// `require`: a plugin or screen type is missing. At the prompt the command fails; in a script
  /// the failure is reported and the script stops, even with `--keep-going` (nothing after it
  /// could work).
  func requirementFailed(_ what: String, load: String) throws {
    let error = LanguageError.missingRequirement(what, load: load, atPrompt: isAtPrompt)
    if isAtPrompt { throw error }
    report(diagnostic(for: error, at: state.place.location, file: state.place.file))
    throw ExitRequest(status: 1)
  }

  /// `record FILE`: starts recording into FILE (relative to the current folder at the prompt).
  package func startRecording(_ path: String) throws(LanguageError) {
    if let recorder { throw .alreadyRecording(recorder.name) }
    recorder = try Recorder(
      path: resolve(path), name: path, shell: shell, bar: view.renderOptions.bar)
  }

  /// `record stop`: adds the checks of the final state and ends the recording.
  package func stopRecording() throws(LanguageError) {
    guard let recorder else { throw .notRecording }
    self.recorder = nil
    try recorder.finish(shell)
  }

  /// Records a command that has run, as text that runs it again, whatever way it was entered (a
  /// line typed, a tap or a key in a full-screen mode). Does nothing when no recording is under
  /// way. A recording that cannot be written is reported and ends.
  package func record(commandText: String, succeeded: Bool) {
    guard let recorder else { return }
    do throws(LanguageError) {
      try recorder.record(commandText: commandText, succeeded: succeeded)
    } catch {
      self.recorder = nil
      report(Diagnostic(file: nil, location: state.place.location, error: error))
    }
  }

  /// Runs a line typed at the prompt while recording: command by command, each recorded as it has
  /// run (a line with syntax errors, as a failure). `record` itself, which starts or ends the
  /// recording, is not recorded; nor is `exit`; a gesture records the command it resolved to
  /// (``recorded(command:succeeded:)``), not itself; `tui` changes only the view.
  func runRecording(_ script: Script, line: String) -> Outcome {
    let raw = Lexer.lex(line).commands
    guard script.diagnostics.isEmpty, raw.count == script.commands.count else {
      record(commandText: line, succeeded: false)
      return runScript(script)
    }
    state.anyFailed = false
    for (command, raw) in zip(script.commands, raw) {
      let recording = recorder
      let succeeded: Bool
      do {
        succeeded = try runCommands(
          Script(file: nil, directory: script.directory, commands: [command], diagnostics: []))
      } catch let request as ExitRequest {
        return .exit(request.status(anyFailed: state.anyFailed))
      } catch {
        succeeded = false
      }
      if recorder === recording, !Self.recordsNothingTyped(command, table: table) {
        record(
          commandText: ScriptWords.line(raw.words.map(\.text), literalDollars: false),
          succeeded: succeeded)
      }
      if !succeeded, !settings.keepGoing { return .failure }
    }
    return state.anyFailed ? .failure : .success
  }

  /// Whether a command typed is not written as typed: a gesture (which records what it resolved
  /// to) or `tui`.
  static func recordsNothingTyped(_ command: Command, table: CommandTable) -> Bool {
    switch command.boxed.target {
    case .builtin(let index):
      let declaration = table.declarations[index]
      return declaration.isGesture || declaration.name == TerminalCommands.tui.name
    case .keepingOutput(let inner): return recordsNothingTyped(inner, table: table)
    case .screen: return false
    }
  }
}
