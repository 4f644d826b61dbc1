import TabShellLanguage
import TabShellSessions

/// The seam through which attached clients (frame mode, docs/Sessions.md) plug into a session's
/// server loop (``SessionServer``).
///
/// The server owns the sockets and the protocol: it accepts connections, reads and writes them
/// (never waiting), answers line-mode requests, and for `attach` answers `{}`, switches the
/// connection to frame mode and hands it over here with ``attached(_:columns:rows:)``. From then
/// on it decodes the connection's frames and passes each one to ``received(_:from:)``; a
/// garbage frame never arrives here (the server sends `end`, reason `protocol`, and closes), but
/// ``detached(_:reason:)`` is called for it as for any connection that leaves. Output goes the
/// other way through ``TabShellSessions/SessionConnection/send(_:)-(some Collection<UInt8>)`` with
/// frames encoded by ``TabShellSessions/ServerFrame``; a `false` from it means the client is too
/// slow: the server cuts it off after the round (with ``detached(_:reason:)``, reason `too-slow`).
///
/// Isolation: the server's thread; no method re-enters the server's loop.
package protocol AttachedClients: AnyObject {
  /// `connection` attached at this size; its `attach` answer is queued already, so what this
  /// sends comes after it (the first whole frame).
  func attached(_ connection: SessionConnection, columns: Int, rows: Int)
  /// A frame from an attached connection.
  func received(_ frame: ClientFrame, from connection: SessionConnection)
  /// `connection` is no longer attached: it detached, closed, died, was too slow or sent garbage.
  /// The server sends the `end` frame for `reason` and closes it after this call.
  func detached(_ connection: SessionConnection, reason: EndReason)
  /// How long the loop may wait before calling ``roundEnded(cameIn:)`` anyway, in milliseconds as `poll`
  /// takes them (-1: no limit).
  var timeout: Int32 { get }
  /// Called at the end of every round of the loop, after requests and background work ran: the
  /// time to draw what changed. `cameIn` says whether anything came in the round (a read, an
  /// accept, a signal, background work) that may have changed the shell; a round that only wrote
  /// to connections or whose wait ran out changed nothing.
  func roundEnded(cameIn: Bool)
  /// The session ends (`reason` `exited` with its status, or `killed`): the last round. The server
  /// then sends every attached client its `end` frame and closes it.
  func sessionEnding(reason: EndReason, status: Int32?)
  /// A command's wait woke up or ended: the clients' frame is drawn meanwhile (as
  /// ``TabShellLanguage/InterpreterHost/whileWaiting(_:)`` returns).
  func whileWaiting(_ moment: WaitMoment) -> Int32
  /// The full-screen mode the clients draw, for its commands (`set-focus`, `back`, `panel`).
  var fullScreen: (any FullScreenControl)? { get }
  /// `detach`: the client typing it, else every client.
  func detach()
  /// Where what runs outside the clients' own keys and lines prints (background work, a screen's
  /// plugin while it draws): shown in the panel at the end of the round.
  var backgroundOutput: any OutputSink { get }
}
