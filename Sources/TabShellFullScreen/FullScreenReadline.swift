import CReadline
import TabShellHost
import TabShellPlatform

/// Readline as the full-screen mode keeps it, the way gdb's TUI does: through its callback
/// interface, with the mode's own hooks. Readline edits the line, keeps the history, searches it
/// (Ctrl-R) and completes words; it reads its keys from the queue the mode fills
/// (``feed(_:)``) and writes nothing to the terminal: its redisplay only marks the line as changed
/// (``takeChanged()``), the mode draws the line itself, and what readline would print (a newline
/// after a line, a bell) goes to /dev/null. Completion lists come to the mode as well
/// (``takeCompletions()``), to show in its output panel.
///
/// Isolation: the statics are set and read only on the thread running the REPL (readline's callbacks
/// run inside `rl_callback_read_char`, which that thread calls), as ``ReadlineBridge``'s are.
package enum FullScreenReadline {
  nonisolated(unsafe) private static var queue: [UInt8] = []
  nonisolated(unsafe) private static var head = 0
  nonisolated(unsafe) private static var changed = false
  nonisolated(unsafe) private static var completions: [String]?
  nonisolated(unsafe) private static var savedOutput: UnsafeMutablePointer<FILE>?
  nonisolated(unsafe) private static var nullOutput: UnsafeMutablePointer<FILE>?

  /// Whether the full-screen mode has readline now.
  nonisolated(unsafe) package private(set) static var isInstalled = false

  /// Takes readline over for the full-screen mode.
  static func install() {
    isInstalled = true
    queue.removeAll(keepingCapacity: true)
    head = 0
    changed = true
    completions = nil
    nullOutput = tabshell_open_null_output()
    if let nullOutput { savedOutput = tabshell_rl_swap_output(nullOutput) }
    tabshell_rl_set_full_screen_hooks(
      { _ in FullScreenReadline.nextByte() },
      { FullScreenReadline.changed = true },
      { _ in },
      {},
      { FullScreenReadline.head < FullScreenReadline.queue.count ? 1 : 0 },
      { matches, count, _ in FullScreenReadline.listCompletions(matches, count) })
  }

  /// Gives readline back its own terminal handling and output.
  static func uninstall() {
    isInstalled = false
    tabshell_rl_set_full_screen_hooks(nil, nil, nil, nil, nil, nil)
    if let savedOutput { _ = tabshell_rl_swap_output(savedOutput) }
    tabshell_close_output(nullOutput)
    savedOutput = nil
    nullOutput = nil
    queue.removeAll()
    head = 0
  }

  /// Hands readline the bytes of one key (or several), as the terminal sent them, and lets it
  /// act on them.
  static func feed(_ bytes: [UInt8]) {
    guard !bytes.isEmpty else { return }
    queue.append(contentsOf: bytes)
    while head < queue.count {
      let before = head
      ReadlineBridge.readCharacter()
      // Readline takes at least one byte a call; never spin if it did not.
      if head == before { head += 1 }
      // The line handler ran, or Ctrl-X Ctrl-A asks to leave: the rest waits.
      if ReadlineBridge.hasInput || ReadlineBridge.isModeSwitchRequested { break }
    }
    if head >= queue.count {
      queue.removeAll(keepingCapacity: true)
      head = 0
    }
  }

  /// Drops keys readline has not read (after a line, the next line starts fresh).
  static func dropPending() {
    queue.removeAll(keepingCapacity: true)
    head = 0
  }

  /// Whether readline changed the line since the last call.
  static func takeChanged() -> Bool {
    defer { changed = false }
    return changed
  }

  /// Marks the line as changed (a new prompt, a line put back).
  package static func markChanged() { changed = true }

  /// The completions readline listed since the last call, if it listed any.
  static func takeCompletions() -> [String]? {
    defer { completions = nil }
    return completions
  }

  /// The line as the mode shows it: the prompt readline shows now (a search's while Ctrl-R
  /// searches), the text, and the cursor as a byte offset into the text.
  static var line: (prompt: String, text: [UInt8], point: Int) {
    let prompt = tabshell_rl_display_prompt().map { String(cString: $0) } ?? ""
    guard let buffer = tabshell_rl_line_buffer() else { return (prompt, [], 0) }
    let count = Int(tabshell_rl_end())
    let text = UnsafeRawBufferPointer(start: buffer, count: max(0, count))
    return (prompt, Array(text), Int(tabshell_rl_point()))
  }

  /// The next byte for readline: from the queue; Ctrl-G (abort the key sequence) should readline
  /// ask for more than a key brought, which never leaves it waiting.
  private static func nextByte() -> Int32 {
    guard head < queue.count else { return 0x07 }
    head += 1
    return Int32(queue[head - 1])
  }

  private static func listCompletions(
    _ matches: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ count: Int32
  ) {
    guard let matches, count > 0 else { return }
    completions = (1...Int(count)).compactMap { matches[$0].map { String(cString: $0) } }
    changed = true
  }
}
