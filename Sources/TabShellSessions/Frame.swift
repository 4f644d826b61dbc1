import TabShellJSON
import TabShellRPC

/// One frame of frame mode (docs/Sessions.md, "Frame mode"): a type byte and a payload, written
/// after a 5-byte header (the type, then the payload's length as 4 bytes, big-endian).
package struct Frame: Equatable, Sendable {
  /// The type byte (its meaning depends on the direction: ``ClientFrame``, ``ServerFrame``).
  package var type: UInt8
  /// The payload.
  package var payload: [UInt8]

  /// The header's size in bytes.
  package static let headerSize = 5

  /// Makes a frame.
  package init(type: UInt8, payload: [UInt8] = []) {
    self.type = type
    self.payload = payload
  }

  /// Appends the frame (header and payload) to `bytes`.
  package func encode(into bytes: inout [UInt8]) {
    Self.appendHeader(type: type, length: payload.count, to: &bytes)
    bytes.append(contentsOf: payload)
  }

  /// The frame's bytes.
  package var encoded: [UInt8] {
    var bytes: [UInt8] = []
    encode(into: &bytes)
    return bytes
  }

  /// Appends a header for a payload of `length` bytes.
  package static func appendHeader(type: UInt8, length: Int, to bytes: inout [UInt8]) {
    let length = UInt32(clamping: length)
    bytes.append(type)
    bytes.append(UInt8(truncatingIfNeeded: length >> 24))
    bytes.append(UInt8(truncatingIfNeeded: length >> 16))
    bytes.append(UInt8(truncatingIfNeeded: length >> 8))
    bytes.append(UInt8(truncatingIfNeeded: length))
  }
}

extension LineBuffer {
  /// A connection's buffer (docs/Sessions.md, "Framing"): lines of at most
  /// ``SessionProtocol/messageLimit`` bytes, or frames of at most that payload.
  package static func session(limit: Int = SessionProtocol.messageLimit) -> LineBuffer {
    LineBuffer(limit: limit, headroom: Frame.headerSize)
  }

  /// The next whole frame, if the buffer holds one; ``LineBuffer/Next/tooLong`` as soon as a
  /// header says more than ``LineBuffer/limit`` bytes follow.
  package mutating func nextFrame() -> Next<Frame> {
    let (next, taken) = withPending { bytes -> (Next<Frame>, Int) in
      guard bytes.count >= Frame.headerSize else { return (.none, 0) }
      let length =
        Int(bytes[1]) << 24 | Int(bytes[2]) << 16 | Int(bytes[3]) << 8 | Int(bytes[4])
      guard length <= limit else { return (.tooLong, 0) }
      let size = Frame.headerSize + length
      guard bytes.count >= size else { return (.none, 0) }
      let payload = Array(bytes[Frame.headerSize..<size])
      return (.item(Frame(type: bytes[0], payload: payload)), size)
    }
    consume(taken)
    return next
  }
}

/// A frame from an attached client.
package enum ClientFrame: Equatable, Sendable {
  /// What the user typed, as the terminal sent it (type 1).
  case input([UInt8])
  /// The terminal's new size (type 2).
  case resize(columns: Int, rows: Int)
  /// The client leaves; the session goes on (type 3).
  case detach

  /// The frame this is, or `nil` for garbage (an unknown type, a resize of the wrong length, a
  /// detach with a payload).
  package init?(_ frame: Frame) {
    switch frame.type {
    case 1: self = .input(frame.payload)
    case 2:
      guard frame.payload.count == 4 else { return nil }
      let bytes = frame.payload
      self = .resize(
        columns: Int(bytes[0]) << 8 | Int(bytes[1]), rows: Int(bytes[2]) << 8 | Int(bytes[3]))
    case 3:
      guard frame.payload.isEmpty else { return nil }
      self = .detach
    default: return nil
    }
  }

  /// The frame.
  package var frame: Frame {
    switch self {
    case .input(let bytes): Frame(type: 1, payload: bytes)
    case .resize(let columns, let rows):
      Frame(
        type: 2,
        payload: [columns, rows].flatMap { value -> [UInt8] in
          let value = UInt16(clamping: value)
          return [UInt8(value >> 8), UInt8(value & 0xFF)]
        })
    case .detach: Frame(type: 3)
    }
  }
}

/// Why a server ends an attached client's connection (the `end` frame's `reason`).
package enum EndReason: String, Equatable, Sendable, CaseIterable {
  /// The client detached (prefix `d`, `detach`).
  case detached
  /// The shell ended (`quit`, `exit N`).
  case exited
  /// The session was killed (`kill-session`).
  case killed
  /// The client did not read its output.
  case tooSlow = "too-slow"
  /// The client sent garbage.
  case `protocol`
  /// The client sent input faster than the session takes it in (more than
  /// ``SessionProtocol/inputBacklogLimit`` bytes waiting).
  case flood
}

/// A frame from the server to an attached client.
package enum ServerFrame: Equatable, Sendable {
  /// Bytes to write to the terminal as they are (type 1).
  case output([UInt8])
  /// The connection ends (type 2): why, the message to print, and the status for `exited`.
  case end(reason: EndReason, message: String, status: Int?)

  /// The frame.
  package var frame: Frame {
    switch self {
    case .output(let bytes): return Frame(type: 1, payload: bytes)
    case .end(let reason, let message, let status):
      var object: JSONObject = ["reason": .string(reason.rawValue), "message": .string(message)]
      if let status { object["status"] = .int(status) }
      var bytes: [UInt8] = []
      JSONValue.object(object).write(to: &bytes)
      return Frame(type: 2, payload: bytes)
    }
  }

  /// The frame this is, or `nil` for garbage.
  package init?(_ frame: Frame) {
    switch frame.type {
    case 1: self = .output(frame.payload)
    case 2:
      guard let value = try? JSON.parse(frame.payload),
        let reason = value["reason"]?.stringValue.flatMap(EndReason.init(rawValue:)),
        let message = value["message"]?.stringValue
      else { return nil }
      self = .end(reason: reason, message: message, status: value["status"]?.intValue)
    default: return nil
    }
  }
}
