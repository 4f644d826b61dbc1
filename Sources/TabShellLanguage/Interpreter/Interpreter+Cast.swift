@_spi(Host) import TabShellKit
import TabShellRendering

/// `record-cast`: a recording of what a screen, or the whole frame, shows (docs/Contract.md,
/// "Pictures, recordings, locators"). It looks at the picture after each command when it is due,
/// at each wake-up of a wait when it is due (30 times a second at most), and when it stops or the
/// script ends.
extension Interpreter {
  /// Starts recording the screen `id` (the whole frame for `nil`) into `name` (relative to the
  /// working directory).
  func startCast(_ name: String, screen id: String?) throws {
    if let recording = observation.cast {
      throw LanguageError.failed(
        "already recording to '\(Checks.shown(recording.file.name))' (record-cast --stop ends it)")
    }
    let picture = try picture(of: id)
    observation.cast = try CastRecording(
      path: workingPath(name), name: name, screen: id, picture: picture)
  }

  /// Stops the recording under way, with a last look at the screen.
  func stopCast() throws {
    guard observation.cast != nil else {
      throw LanguageError.failed("no recording is under way ('record-cast FILE' starts one)")
    }
    recordCast(force: true)
    observation.cast?.stop()
    observation.cast = nil
  }

  /// Looks at the recorded screen and records what changed: when due, or always with `force`. A
  /// screen that is gone ends the recording (the file holds what it showed); a file that cannot
  /// be written ends it with an error where the script is.
  func recordCast(force: Bool = false) {
    guard let recording = observation.cast else { return }
    if let id = recording.screen, shell.screen(id: id) == nil {
      recording.stop()
      observation.cast = nil
      return
    }
    guard force || recording.isDue else { return }
    do {
      try recording.record(try picture(of: recording.screen))
    } catch let error as LanguageError {
      report(Diagnostic(file: state.place.file, location: state.place.location, error: error))
      state.anyFailed = true
      recording.stop()
      observation.cast = nil
    } catch {
      recording.stop()
      observation.cast = nil
    }
  }
}
