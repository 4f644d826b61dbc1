import TabShellJSON
import TabShellPlatform

/// How a child process ended.
package enum ExitStatus: Equatable, Sendable, CustomStringConvertible {
  /// It exited with this status.
  case exited(Int32)
  /// A signal ended it.
  case signaled(Int32)

  /// `exited with status 3`, `killed by SIGKILL`.
  package var description: String {
    switch self {
    case .exited(let status): "exited with status \(status)"
    case .signaled(let signal): "killed by \(Signal.name(signal))"
    }
  }

  /// The status a `waitpid` reported.
  init(waitStatus status: Int32) {
    let signal = status & 0x7F
    self = signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
  }
}

/// Something a process plugin did that stops it: the connection is over, its screens go into the
/// error state with ``description`` as their message, and the call that was waiting fails with it.
///
/// A plugin's own refusal (an error answer to a request) is not a fault; see ``RPCResponse``.
package enum PluginFault: Error, Equatable, Sendable, CustomStringConvertible {
  /// The executable could not be started (`posix_spawn` failed): the path and the C library's words.
  case couldNotStart(path: String, reason: String)
  /// The process ended (it exited, or a signal killed it).
  case exited(ExitStatus)
  /// It closed its standard output but goes on running.
  case closedStdout
  /// It closed its standard input: the host's messages cannot reach it.
  case closedStdin
  /// It wrote a line that is not JSON: why, and the line's first characters.
  case notJSON(JSONError, excerpt: String)
  /// It wrote a line that is not UTF-8; the offset of the first bad byte.
  case notUTF8(offset: Int)
  /// It wrote a line longer than the limit (in bytes).
  case lineTooLong(limit: Int)
  /// It wrote JSON that is not a JSON-RPC 2.0 message of this protocol: what is wrong.
  case invalidMessage(String)
  /// It answered with an id that is not the one of the request waiting (`expected` is `nil` when
  /// no request was waiting); `got` is the id as JSON.
  case wrongID(expected: Int?, got: String)
  /// It did not answer the request `method` within the time limit (seconds).
  case timedOut(method: String, seconds: Double)
  /// It did not read its stdin: a message could not be written within the time limit (seconds).
  case notReading(seconds: Double)
  /// It sent more messages than the limit: in one second (`perSecond`), or waiting to be applied.
  case flooded(limit: Int, perSecond: Bool)

  /// What happened, as a sentence without the plugin's name: `the plugin exited with status 3`.
  package var description: String {
    switch self {
    case .couldNotStart(let path, let reason): "cannot start '\(path)': \(reason)"
    case .exited(.exited(let status)): "the plugin exited with status \(status)"
    case .exited(.signaled(let signal)):
      "the plugin was killed by \(Signal.name(signal))"
    case .closedStdout: "the plugin closed its standard output"
    case .closedStdin: "the plugin closed its standard input"
    case .notJSON(let error, let excerpt):
      "the plugin wrote a line that is not JSON (\(error)): \(excerpt)"
    case .notUTF8(let offset): "the plugin wrote a line that is not UTF-8 (at byte \(offset))"
    case .lineTooLong(let limit): "the plugin wrote a line longer than \(limit) bytes"
    case .invalidMessage(let reason): "the plugin wrote an invalid message: \(reason)"
    case .wrongID(let expected?, let got):
      "the plugin answered request \(expected) with id \(got)"
    case .wrongID(nil, let got): "the plugin sent an answer (id \(got)) to no request"
    case .timedOut(let method, let seconds):
      "the plugin did not answer '\(method)' within \(Self.seconds(seconds))"
    case .notReading(let seconds):
      "the plugin did not read its input for \(Self.seconds(seconds))"
    case .flooded(let limit, true): "the plugin sent more than \(limit) messages in one second"
    case .flooded(let limit, false):
      "the plugin sent more than \(limit) messages that were not yet applied"
    }
  }

  /// `2 s`, `0.25 s`.
  private static func seconds(_ value: Double) -> String {
    let whole = value.rounded()
    return whole == value && whole < 1e9 ? "\(Int(whole)) s" : "\(value) s"
  }

  /// The first characters of a line, for a message: at most 40, those holding a control
  /// (``TerminalText/isTerminalControl(_:)``, bidirectional ones too) as `?`.
  static func excerpt(_ bytes: UnsafeRawBufferPointer) -> String {
    let text = String(decoding: bytes.prefix(160), as: UTF8.self)
    var result = ""
    for character in text.prefix(40) {
      let isControl = character.unicodeScalars.contains(where: TerminalText.isTerminalControl)
      result.append(isControl ? "?" : character)
    }
    return text.count > 40 ? result + "…" : result
  }
}
