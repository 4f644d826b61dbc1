/// The paste buffers (docs/Contract.md, "Copy mode, buffers and the clipboard"), as tmux keeps
/// them: each a name and its text, newest first. A copy (copy mode's `y`, a mouse selection, a
/// program's OSC 52) makes an automatic buffer named `buffer0`, `buffer1`, … (the next number
/// whose name is free); at most ``automaticLimit`` automatic buffers are kept, the oldest going
/// first. A buffer given a name (`set-buffer -b NAME`, `load-buffer -b NAME`) is not automatic and
/// stays until it is deleted; setting a buffer that exists replaces it, and it becomes the newest.
package struct PasteBuffers: Sendable {
  /// One buffer.
  package struct Buffer: Equatable, Sendable {
    /// Its name.
    package var name: String
    /// Its text.
    package var text: String
    /// Whether a copy made it (and not a name given): automatic buffers past the limit go.
    package var isAutomatic: Bool

    /// Makes one.
    package init(name: String, text: String, isAutomatic: Bool) {
      self.name = name
      self.text = text
      self.isAutomatic = isAutomatic
    }
  }

  /// The most automatic buffers kept (tmux's `buffer-limit`).
  package static let automaticLimit = 50
  /// The most bytes a buffer holds: 16 MiB.
  package static let byteLimit = 16 << 20

  /// The buffers, newest first.
  package private(set) var buffers: [Buffer] = []
  /// The number the next automatic buffer's name starts looking from.
  private var nextNumber = 0
  /// Whether copies go to the outer terminal's clipboard too (`set clipboard`).
  package var clipboard = ClipboardPolicy.external
  /// The last copy not yet sent to the outer terminal's clipboard, if any.
  package var outgoing: String?

  /// No buffers.
  package init() {}

  /// The newest buffer, if any.
  package var newest: Buffer? { buffers.first }

  /// The buffer named `name`, if any.
  package func buffer(named name: String) -> Buffer? {
    buffers.first { $0.name == name }
  }

  /// Adds an automatic buffer holding `text` (a copy); its name. The oldest automatic buffers go
  /// first when there are ``automaticLimit`` already.
  @discardableResult
  package mutating func add(_ text: String) -> String {
    var automatic = buffers.filter(\.isAutomatic).count
    while automatic >= Self.automaticLimit,
      let oldest = buffers.lastIndex(where: \.isAutomatic)
    {
      buffers.remove(at: oldest)
      automatic -= 1
    }
    var name: String
    repeat {
      name = "buffer\(nextNumber)"
      nextNumber += 1
    } while buffer(named: name) != nil
    buffers.insert(Buffer(name: name, text: text, isAutomatic: true), at: 0)
    return name
  }

  /// Sets the buffer `name` to `text` (replacing one of that name, which is then no longer
  /// automatic), or adds an automatic one when `name` is `nil`; its name. It becomes the newest.
  @discardableResult
  package mutating func set(_ name: String?, to text: String) -> String {
    guard let name else { return add(text) }
    buffers.removeAll { $0.name == name }
    buffers.insert(Buffer(name: name, text: text, isAutomatic: false), at: 0)
    return name
  }

  /// Removes the buffer `name`; whether there was one.
  @discardableResult
  package mutating func delete(_ name: String) -> Bool {
    guard let index = buffers.firstIndex(where: { $0.name == name }) else { return false }
    buffers.remove(at: index)
    return true
  }
}
