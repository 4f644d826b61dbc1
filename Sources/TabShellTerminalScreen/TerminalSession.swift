import CVTerm
@_spi(Host) import TabShellKit
import TabShellPlatform

/// A program in a pseudo-terminal and the emulator that shows it: one terminal tab's engine.
///
/// Output is taken in only by ``takeIn(limit:untilEmpty:)``, which never waits; input is kept until
/// the shell next waits (or output is taken in), then written as far as the terminal takes it,
/// the rest kept, in order, for the next rounds (``flush()``), so that a paste larger than the
/// terminal's buffer reaches the program whole as it reads. When the program ends
/// (``checkEnded()``), what it wrote last is taken in, its terminal closed, and a last line
/// `[exited STATUS]` or `[killed by SIGNAL]` written under its content.
///
/// Isolation: used on the thread that owns the shell.
final class TerminalSession {
  /// The emulator.
  let emulator: TerminalEmulator
  /// The program's terminal, until the session is dropped.
  let terminal: PseudoTerminal
  /// A descriptor readable once the program ended (a pidfd), or -1.
  private var exitDescriptor: Int32
  /// Whether the terminal said the program's side is closed (a read gave `EIO` or the end).
  private var hungUp = false
  /// Bytes for the program not written yet (held until the next wait, or not taken by the
  /// terminal), from ``pendingStart`` on.
  private var pendingInput: [UInt8] = []
  /// Where the bytes not written yet start in ``pendingInput``.
  private var pendingStart = 0
  /// Whether input was sent since the last ``flush()``: the shell's next wait writes it
  /// (``TerminalSessions``). Bytes a terminal did not take are not tried again at each wait, but
  /// by the rounds (``hasPendingInput``).
  private(set) var holdsInput = false
  /// The most bytes of the emulator's answers kept for a program that does not read its input
  /// (answers to its queries beyond it are dropped: a program that asks without reading has them
  /// lost, not the shell its memory).
  static let answerLimit = 65_536
  /// The most bytes of input (keys, text, pastes) kept for a program that does not read: 64 MiB.
  /// Input past it is refused whole (``hasRoom(for:)``), never cut.
  static let inputLimit = 64 << 20
  /// Whether output is being taken in: the emulator's answers wait for the end of the round.
  private var takingIn = false
  /// Whether the program wrote anything since the screen last looked (``takeWrote()``).
  private var wrote = false
  /// The start of a title the last read ended in, until the rest comes.
  private var held = HeldString()
  /// The command the program's output is piped to (`pipe`), if any.
  var pipe: TerminalPipe?

  /// How the program ended, once it did.
  var ending: PseudoTerminal.Ending? { terminal.ending }

  /// The foreground process group of the terminal, the name of its leader's program and when it
  /// was read (``foregroundName()``).
  private var foreground: (group: pid_t, name: String, read: UInt64)?

  /// When the foreground group was last asked (``foregroundName()``).
  private(set) var groupAsked: UInt64?

  /// The name of the program in the terminal's foreground (`bash`, `vim`: the leader of the
  /// foreground process group, `/proc/PID/comm`), or the last one known when it cannot be read.
  /// Cheap: one `tcgetpgrp`, at most every ``groupInterval`` unless `fresh` or just after a key
  /// that may start or end a command (an ask sooner is put off to ``foregroundLook``: each round
  /// of a program's output asks, each key typed and echoed); the name read again only when the
  /// group changed, after ``foregroundRefresh`` (a program that replaced itself in the group,
  /// `exec vim`), or when `fresh`. A group that changed is looked at again, fresh, a moment
  /// later (``foregroundLook``): its leader read at once may not have started its program yet.
  ///
  /// `putOff`: asked for output in a round of the full-screen loop's own (``TerminalSessions/
  /// putsOffForegroundLooks``), where a key's echo would wait for the ask: then nothing is asked
  /// while the look after keys is due (``foregroundLook``), and in the second after a command key
  /// the ask is put off to ``outputLook``, ``groupInterval`` later at most.
  func foregroundName(fresh: Bool = false, putOff: Bool = false) -> String? {
    let now = MonotonicClock.now()
    let afterCommandKey = commandKeySent.map { now &- $0 < Self.commandWindow } ?? false
    if putOff, !fresh, afterCommandKey || foregroundLook != nil {
      if afterCommandKey { outputLook = min(outputLook ?? .max, now &+ Self.groupInterval) }
      return foreground?.name
    }
    if !fresh, !afterCommandKey, let asked = groupAsked, now &- asked < Self.groupInterval {
      if foregroundLook == nil { foregroundLook = asked &+ Self.groupInterval }
      return foreground?.name
    }
    groupAsked = now
    guard let group = terminal.foregroundGroup else { return foreground?.name }
    if !fresh, let foreground, foreground.group == group,
      now &- foreground.read < Self.foregroundRefresh
    {
      return foreground.name
    }
    guard let name = ProcessTable.command(of: group) else { return foreground?.name }
    let changed = foreground.map { $0.group != group } ?? false
    if !fresh, changed { foregroundLook = now + Self.foregroundLookDelay }
    // A group that just changed may have a leader that has not started its program yet (a shell
    // forks, then the child execs `tr`): its name is read again at the next ask, not kept.
    foreground = (group, name, changed ? now &- Self.foregroundRefresh : now)
    return name
  }

  /// How long the name of the foreground process is kept before it is read again (in the same
  /// process group): half a second.
  static let foregroundRefresh: UInt64 = 500_000_000

  /// The shortest time between two asks of the foreground group, but fresh ones: 50 ms.
  static let groupInterval: UInt64 = 50_000_000

  /// When the foreground process is looked at again after keys or text were sent
  /// (``keysSent(startsOrStops:)``), if it is to be: a command started at a shell's prompt that
  /// writes nothing (`sleep`, `cat`) names the tab all the same. Also ``groupInterval`` after the
  /// program started: one started through another (`sh -c 'exec cat'`, `env ... vim`) is named
  /// after what it became before it writes or a key comes (whose frame would redraw the bar).
  var foregroundLook: UInt64?

  /// When the foreground group is asked for output whose look was put off
  /// (``foregroundName(fresh:putOff:)``), if it is to be.
  var outputLook: UInt64?

  /// How long after the last key the foreground process is looked at: 300 ms.
  static let foregroundLookDelay: UInt64 = 300_000_000

  /// Keys or text were sent to the program: its foreground process is looked at again
  /// ``foregroundLookDelay`` after the last of them. `startsOrStops`: among them a key that may
  /// start or end what runs in the foreground (Enter, a control key: C-c, C-d, C-z).
  func keysSent(startsOrStops: Bool = false) {
    let now = MonotonicClock.now()
    foregroundLook = now + Self.foregroundLookDelay
    if startsOrStops { commandKeySent = now }
  }

  /// When a key that may start or end what runs was last sent (``keysSent(startsOrStops:)``):
  /// for ``commandWindow`` after it, each round of output asks the foreground group, so that the
  /// output of a command started shows with the tab named after it (a script's `wait-for`
  /// followed by `expect title`).
  private var commandKeySent: UInt64?

  /// How long after such a key each round of output asks: a second.
  static let commandWindow: UInt64 = 1_000_000_000

  /// Starts `program` with `arguments` in a terminal of `rows` × `columns` that keeps up to
  /// `scrollback` lines and `scrollbackBytes` bytes of them; throws the system's error when it
  /// cannot be started.
  init(
    program: String, arguments: [String], environment: [String], directory: String?,
    rows: Int, columns: Int, scrollback: Int,
    scrollbackBytes: Int = TerminalEmulator.defaultScrollbackBytes
  ) throws(TerminalError) {
    guard
      let emulator = TerminalEmulator(
        rows: rows, columns: columns, scrollback: scrollback, scrollbackBytes: scrollbackBytes)
    else { throw .cannotStart(program: program, reason: "no memory for the terminal") }
    self.emulator = emulator
    size = (rows, columns)
    do {
      terminal = try PseudoTerminal(
        program: program, arguments: arguments, environment: environment, directory: directory,
        rows: rows, columns: columns)
    } catch {
      throw .cannotStart(program: program, reason: error.description)
    }
    exitDescriptor = ProcessControl.exitDescriptor(of: terminal.pid)
    foregroundLook = MonotonicClock.now() &+ Self.groupInterval
    // Not kept alive: the emulator may answer a query while the last output is taken in as the
    // session goes. A link (``OwnerLink``), not a weak reference, which would make each retain
    // and release of the session, several a key, the runtime's slow ones.
    let link = link
    emulator.onOutput = { bytes in link.object?.send(bytes) }
  }

  /// What its emulator's answers reach it by (``OwnerLink``).
  private lazy var link = OwnerLink(self)

  deinit { link.clear() }

  /// The descriptors whose readiness means work for ``takeIn(limit:untilEmpty:)`` or ``checkEnded()``.
  var descriptors: [Int32] {
    var descriptors: [Int32] = []
    appendDescriptors(to: &descriptors)
    return descriptors
  }

  /// Calls `body` with each of ``descriptors``, without an array made.
  private func forEachDescriptor(_ body: (Int32) -> Void) {
    if !hungUp, terminal.descriptor >= 0 { body(terminal.descriptor) }
    if exitDescriptor >= 0 { body(exitDescriptor) }
  }

  /// Appends ``descriptors`` to `descriptors`.
  func appendDescriptors(to descriptors: inout [Int32]) {
    forEachDescriptor { descriptors.append($0) }
  }

  /// Adds ``descriptors`` to a poll set.
  func appendDescriptors(to set: inout SystemIO.PollSet) {
    forEachDescriptor { set.append($0) }
  }

  /// Whether one of ``descriptors`` is among `ready`.
  func isAmong(_ ready: [Int32]) -> Bool {
    var found = false
    forEachDescriptor { if ready.contains($0) { found = true } }
    return found
  }

  /// Input the terminal did not take yet (the program's, or its pipe's): work no descriptor
  /// announces.
  var hasPendingInput: Bool {
    (pendingCount > 0 && terminal.descriptor >= 0) || pipe?.hasPending == true
  }

  /// Whether only a look can notice the program's end (no pidfd announces it).
  var endNeedsLook: Bool { ending == nil && exitDescriptor < 0 }

  /// How many bytes wait for the program.
  var pendingCount: Int { pendingInput.count - pendingStart }

  /// Whether `count` more bytes of input can wait for the program (``inputLimit``).
  func hasRoom(for count: Int) -> Bool {
    pendingCount + count <= Self.inputLimit
  }

  /// Sends bytes to the program: input (keys, a paste) as long as there is room for it, and the
  /// emulator's answers (which come while output is taken in) up to ``answerLimit`` waiting.
  /// They are written by the next ``flush()``: the shell's when it next waits
  /// (``TerminalSessions``), or a round of ``takeIn(limit:untilEmpty:)``'s.
  func send(_ bytes: some Collection<UInt8>) {
    guard terminal.descriptor >= 0, ending == nil,
      pendingCount + bytes.count <= (takingIn ? Self.answerLimit : Self.inputLimit)
    else { return }
    pendingInput.append(contentsOf: bytes)
    holdsInput = true
  }

  /// Writes the input sent since the last ``flush()``, if any (what the shell's wait does):
  /// bytes a terminal did not take before are left to the rounds.
  func writeHeldInput() {
    if holdsInput { flush() }
  }

  /// Writes what input waits, as far as the terminal takes it now.
  func flush() {
    holdsInput = false
    guard pendingCount > 0 else { return }
    let written = pendingInput[pendingStart...].withUnsafeBytes { terminal.write($0) }
    pendingStart += min(written, pendingCount)
    if pendingStart == pendingInput.count {
      pendingInput.removeAll(keepingCapacity: pendingInput.count <= 1 << 16)
      pendingStart = 0
    } else if pendingStart >= 1 << 16, pendingStart * 2 >= pendingInput.count {
      // What was written goes when it is most of the buffer: each byte is moved at most twice.
      pendingInput.removeFirst(pendingStart)
      pendingStart = 0
    }
  }

  /// A read of fewer bytes ends a round of ``takeIn(limit:untilEmpty:)``.
  static let smallRead = 512

  /// Takes in what the program wrote, at most `limit` bytes, without waiting; whether anything
  /// came. It stops after a read of fewer than ``smallRead`` bytes, unless `untilEmpty` (at the
  /// program's end), where it reads until the terminal has nothing more.
  /// `buffer`: where to read (``readSize`` bytes), when the caller keeps one (a buffer this size
  /// made for each round was an allocation each echo); else one is made for the call.
  func takeIn(
    limit: Int, untilEmpty: Bool = false, buffer kept: UnsafeMutableRawBufferPointer? = nil
  ) -> Bool {
    flush()
    pipe?.flush()
    guard !hungUp, terminal.descriptor >= 0 else { return false }
    var total = 0
    takingIn = true
    defer {
      takingIn = false
      flush()
    }
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Bool {
      while total < limit {
        switch terminal.read(into: buffer) {
        case .read(let count) where count > 0:
          let bytes = UnsafeRawBufferPointer(rebasing: buffer[..<count])
          held.pass(bytes, to: emulator.write)
          pipe?.write(bytes)
          total += count
          wrote = true
          // A few bytes (an echo, a prompt): the terminal had no more for now, and a read that
          // would find nothing is a system call a key; the wait wakes when more comes. A flood
          // comes a few kilobytes a read (the terminal's buffer) and is read on, a round at a
          // time (drawn once, not a frame a read). Not at the end, where what is still on its
          // way is read until the terminal says it is all.
          if count < Self.smallRead, !untilEmpty { return true }
        case .wouldBlock:
          return total > 0
        case .read, .failed:
          // The end, or EIO: every process closed the terminal's other side.
          hungUp = true
          return total > 0
        }
      }
      return true
    }
    if let kept { return read(into: kept) }
    return withUnsafeTemporaryAllocation(byteCount: Self.readSize, alignment: 1) { read(into: $0) }
  }

  /// How many bytes a read of the program's output asks for.
  static let readSize = 16_384

  /// Whether the program's end wakes the wait (a pidfd), so that a round that took its output in
  /// need not look whether it ended.
  var endIsAnnounced: Bool { exitDescriptor >= 0 && !hungUp }

  /// Whether the program wrote anything since the last call (what it wrote last before it ended
  /// included).
  func takeWrote() -> Bool {
    defer { wrote = false }
    return wrote
  }

  /// Notices that the program ended (reaping it): takes in what it wrote last, closes its terminal
  /// and writes the last line. Whether it ended just now.
  func checkEnded() -> Bool {
    guard ending == nil, let ending = terminal.reapIfEnded() else { return false }
    _ = takeIn(limit: 1 << 20, untilEmpty: true)
    held.flush(to: emulator.write)
    // What it left running in its session is hung up with its terminal.
    terminal.hangUp()
    terminal.close()
    closeExitDescriptor()
    pendingInput = []
    pendingStart = 0
    let line: String
    switch ending {
    case .exited(let status): line = "[exited \(status)]"
    case .killed(let signal): line = "[killed by SIG\(PseudoTerminal.signalName(signal))]"
    }
    // CAN first: a string or sequence the program left unfinished (an OSC never ended) ends
    // without the line, which it would have taken in.
    emulator.write("\u{18}")
    emulator.write((emulator.cursor.column == 0 ? "" : "\r\n") + line + "\u{1B}[?25l")
    return true
  }

  /// Hangs up on the program: SIGHUP to its process group, its terminal closed. It is then ended
  /// with ``kill()`` if it does not end by itself.
  func hangUp() {
    // Input sent before the hang-up goes first, as far as the terminal takes it.
    flush()
    terminal.hangUp()
    terminal.close()
    pendingInput = []
    pendingStart = 0
  }

  /// Kills the program's process group, and what it left in its session.
  func kill() {
    terminal.kill()
    for member in leftBehind { ProcessControl.signal(member, Signal.kill) }
  }

  /// The processes alive that the program left in its session (``ProcessTable``): in its process
  /// group, or in another it made, the program itself aside.
  var leftBehind: [Int32] { ProcessTable.members(ofSession: terminal.pid) }

  /// Hangs up on what the program left in its session (SIGHUP and SIGCONT to each), as its
  /// terminal closing hangs up on its process group; whether there was any.
  func hangUpLeftBehind() -> Bool {
    let members = leftBehind
    for member in members {
      ProcessControl.signal(member, Signal.hangUp)
      ProcessControl.signal(member, Signal.continue)
    }
    return !members.isEmpty
  }

  /// Reaps the program if it ended; whether it has.
  func reapIfEnded() -> Bool {
    guard terminal.reapIfEnded() != nil else { return false }
    closeExitDescriptor()
    return true
  }

  /// Waits for the killed program to end.
  func reap() {
    terminal.reap()
    closeExitDescriptor()
  }

  /// The size the terminal was last given (the emulator's may be wider:
  /// ``TerminalEmulator/fewestColumns``).
  private(set) var size: (rows: Int, columns: Int)

  /// Resizes the emulator and the terminal (the program gets SIGWINCH).
  func resize(rows: Int, columns: Int) {
    guard rows != size.rows || columns != size.columns else { return }
    size = (rows, columns)
    emulator.resize(rows: rows, columns: columns)
    terminal.resize(rows: rows, columns: columns)
  }

  private func closeExitDescriptor() {
    if exitDescriptor >= 0 { SystemIO.close(exitDescriptor) }
    exitDescriptor = -1
  }
}

/// Why a terminal screen could not be made.
enum TerminalError: Error, CustomStringConvertible {
  /// The program could not be started.
  case cannotStart(program: String, reason: String)

  var description: String {
    switch self {
    case .cannotStart(let program, let reason): "cannot start '\(program)': \(reason)"
    }
  }
}
