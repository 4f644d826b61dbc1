/// `tabshell attach [NAME]`: this terminal attached to a session (docs/Sessions.md, "Frame
/// mode"), through ``AttachClient``.
package enum AttachCommand {
  /// Attaches this terminal to the session `session` (else `$TABSHELL`'s, else the only one);
  /// returns the exit status.
  package static func run(session: String?, _ context: SessionCommandContext) -> Int32 {
    SessionCommands.run(.attach(session: session), context)
  }
}
