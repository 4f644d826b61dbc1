/// `tabshell attach [NAME]`: the attached client (docs/Sessions.md, "Frame mode").
///
/// The seam for the full-screen client: until it is built, attaching says so and fails, and the
/// server refuses `attach` requests the same way.
package enum AttachCommand {
  /// Attaches this terminal to the session `session` (the only one when `nil`); returns the exit
  /// status.
  package static func run(session: String?, _ context: SessionCommandContext) -> Int32 {
    context.writeError(
      "error: attaching to a session is not available yet; 'tabshell send' runs commands in it\n")
    return 1
  }
}
