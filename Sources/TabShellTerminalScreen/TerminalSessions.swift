@_spi(Host) import TabShellKit
import TabShellPlatform
import TabShellTerminal

/// Every terminal session of a shell: the live ones, whose output the shell takes in whenever it
/// waits, and the closing ones, hung up and killed 2 s later if they did not end, then reaped; a
/// closing session lasts until its program and what it left in its session (a process in its
/// group that ignores SIGHUP, a job in a group of its own) have ended, also when the program
/// ended first.
///
/// The host watches ``descriptors`` while it waits, sleeps no longer than ``timeout``, and then
/// calls ``runBackgroundWork()``, which never blocks. At exit it calls ``endAll()``.
///
/// Isolation: used on the thread that owns the shell.
package final class TerminalSessions {
  /// How many bytes one round takes in from one program: a program that writes without end costs
  /// the shell one bounded round, then the next, and never holds it.
  static let roundLimit = 256 * 1024
  /// How long a hung-up program has to end before it is killed.
  static let grace: UInt64 = 2_000_000_000

  /// An object, not a value: each look at an entry (several a key) would copy its weak
  /// reference, its session and its closure.
  private final class Live {
    /// The screen until it goes (``OwnerLink``, not a weak reference: a screen is retained and
    /// released many times a key).
    var screen: TerminalScreen? { screenLink.object }
    let screenLink: OwnerLink<TerminalScreen>
    let session: TerminalSession
    let needsDisplay: () -> Void

    init(screen: TerminalScreen, session: TerminalSession, needsDisplay: @escaping () -> Void) {
      self.screenLink = screen.link
      self.session = session
      self.needsDisplay = needsDisplay
    }
  }

  private var live: [Live] = []
  /// When the work no descriptor announces (input a program's terminal did not take yet) is next
  /// due: 10 ms after it was first seen waiting. A deadline, not a span, so that a host that runs
  /// the background work once its timeout has run out (``timeout`` 0) runs it.
  private var pendingDeadline: UInt64?
  /// When the closing programs that no pidfd announces are next looked at (every 50 ms), likewise.
  private var lookDeadline: UInt64?
  /// When the live programs whose end no pidfd announces are next looked at (every 50 ms).
  private var endLookDeadline: UInt64?
  private var closing: [(session: TerminalSession, deadline: UInt64)] = []
  /// The commands of pipes stopped (``stopPipe(of:)``), each given ``grace`` to end after its
  /// input closed, then killed; reaped.
  var closingPipes: [(pipe: TerminalPipe, deadline: UInt64)] = []
  /// The array ``descriptors`` last returned, filled again by the next call.
  private var keptDescriptors: [Int32] = []
  /// Where the rounds read the programs' output (one read at a time).
  private let readBuffer = UnsafeMutableRawBufferPointer.allocate(
    byteCount: TerminalSession.readSize, alignment: 16)

  /// How many times one of the screens entered or left copy mode.
  package internal(set) var copyModeChanges = 0

  /// Whether the rounds put off their looks at the programs' foreground processes (which name
  /// their tabs) by a moment (``TerminalSession/foregroundName(fresh:putOff:)``): set by the
  /// full-screen loop and a session's server around their own rounds, where a key's echo would
  /// wait for the look (docs/Performance.md, "A tenth pass"); a command's wait looks in the round
  /// (``TabShellLanguage/TerminalTabs``).
  package var putsOffForegroundLooks = false

  /// Makes an empty set.
  package init() {}

  /// What its screens reach it by (``OwnerLink``).
  private(set) lazy var link = OwnerLink(self)

  deinit {
    link.clear()
    readBuffer.deallocate()
  }

  /// How many programs run or are being ended.
  package var count: Int { live.count + closing.count + closingPipes.count }

  /// The screens of the live programs.
  var screens: [TerminalScreen] { live.compactMap(\.screen) }

  /// The terminal screen of id `id`, if one is live.
  func screen(_ id: String) -> TerminalScreen? {
    // Without the array of every screen made, nor a copy of each entry: each frame asks.
    for index in live.indices {
      if let screen = live[index].screen, screen.id == id { return screen }
    }
    return nil
  }

  /// The terminal screen of id `id` as it draws straight into the frame's grid, if one is live.
  package func gridScreen(_ id: String) -> (any GridDrawingScreen)? { screen(id) }

  /// The pids of the programs that run or are being ended.
  package var pids: [Int32] {
    live.map(\.session.terminal.pid) + closing.map(\.session.terminal.pid)
  }

  /// Called with `true` when a session is added to none, and with `false` when the last one has
  /// ended (its tab closed, its program reaped): the host watches the sessions only in between,
  /// so that a shell with no terminal tab, or none any more, pays nothing for them between two
  /// commands.
  package var onActivity: ((Bool) -> Void)?

  /// Called with the text a mouse selection copied, which the host makes a paste buffer.
  package var onCopy: ((String) -> Void)?

  /// The outer terminal's default colours, as the full-screen mode learnt them: each program,
  /// now and to come, is answered them when it asks (OSC 10, 11).
  package var outerColors = OuterColors() {
    didSet {
      for screen in screens { screen.session.emulator.outerColors = outerColors }
    }
  }

  /// Called with the text a program's OSC 52 set (``ProgramClipboard``), which the host makes a
  /// paste buffer with `set clipboard on`.
  package var onClipboard: ((String) -> Void)?

  /// Adds a live session, shown by `screen`; `needsDisplay` asks for a redraw.
  func add(_ screen: TerminalScreen, needsDisplay: @escaping () -> Void) {
    live.append(Live(screen: screen, session: screen.session, needsDisplay: needsDisplay))
    noticeActivity()
  }

  /// Whether the host was last told that there are sessions (``onActivity``).
  private var told = false

  /// Tells the host when the first session came or the last one went.
  func noticeActivity() {
    guard (count > 0) != told else { return }
    told = count > 0
    onActivity?(told)
  }

  /// Ends a session whose screen left: SIGHUP to its process group (and to what its program left
  /// in its session) now, SIGKILL in 2 s.
  func close(_ session: TerminalSession) {
    defer { noticeActivity() }
    stopPipe(of: session)
    live.removeAll { $0.session === session }
    if session.ending == nil {
      session.hangUp()
      if session.reapIfEnded(), !session.hangUpLeftBehind() { return }
    } else if !session.hangUpLeftBehind() {
      return
    }
    closing.append((session, MonotonicClock.now() + Self.grace))
  }

  /// Whether a closing session is over: its program reaped and nothing it left alive.
  private static func hasEnded(_ session: TerminalSession) -> Bool {
    session.reapIfEnded() && session.leftBehind.isEmpty
  }

  /// The descriptors to watch: the live programs' terminals, and their exits. Each live
  /// program's held input is written first, as the wait's (``watch(in:)``).
  package var descriptors: [Int32] {
    // Filled again in place: the waiter asks at each wake-up and has dropped it by then.
    var descriptors = keptDescriptors
    keptDescriptors = []
    descriptors.removeAll(keepingCapacity: true)
    descriptors.reserveCapacity(2 * (live.count + closing.count))
    // By index, here and below: a copy of each entry retains its screen's link, its session and
    // its closure (the host asks at each wake-up).
    for index in live.indices {
      let session = live[index].session
      session.writeHeldInput()
      session.appendDescriptors(to: &descriptors)
    }
    for index in closing.indices { closing[index].session.appendDescriptors(to: &descriptors) }
    keptDescriptors = descriptors
    return descriptors
  }

  /// ``descriptors`` added to `set`, and ``timeout``: what the full-screen loop asks before each
  /// wait, in one call.
  ///
  /// The input each live program was sent since the last wait (keys, pastes, the emulator's
  /// answers) is written here, as far as its terminal takes it (``TerminalSession/writeHeldInput()``;
  /// what it does not take is tried again by the rounds, ``TerminalSession/hasPendingInput``,
  /// not at each wait: a program that reads nothing costs no `write` a wake-up).
  /// A key's bytes are held until the shell is about to wait, past everything else the key set
  /// off: the kernel's worker that moves them through the program's terminal (and echoes them) is
  /// woken by the write and, on the shell's CPU, runs once the shell sleeps. Written as soon as
  /// the key was delivered, the rest of the key's work (about 2,500 instructions) held the echo
  /// back: 20 µs of work put after that write made the median key to echo about 50 µs longer
  /// (docs/Performance.md, "A ninth pass"). Every waiter asks this or ``descriptors`` before it
  /// waits.
  package func watch(in set: inout SystemIO.PollSet) -> Int32 {
    for index in live.indices {
      let session = live[index].session
      session.writeHeldInput()
      session.appendDescriptors(to: &set)
    }
    for index in closing.indices { closing[index].session.appendDescriptors(to: &set) }
    return timeout
  }

  /// How long the waiter may sleep, in milliseconds (-1: until a descriptor is ready).
  package var timeout: Int32 {
    var wait: Int32 = -1
    func due(_ deadline: UInt64) {
      let until = MonotonicClock.milliseconds(until: deadline)
      wait = wait < 0 ? until : min(wait, until)
    }
    var pending = false
    var endsUnannounced = false
    for index in live.indices {
      let session = live[index].session
      if session.hasPendingInput { pending = true }
      if session.endNeedsLook { endsUnannounced = true }
      // The foreground process of a program sent keys, or output, a moment ago is looked at then
      // (both read before the call: a second call kept the session retained across it).
      let look = min(session.foregroundLook ?? .max, session.outputLook ?? .max)
      if look != .max { due(look) }
    }
    if pending {
      let deadline = pendingDeadline ?? MonotonicClock.now() + 10_000_000
      pendingDeadline = deadline
      due(deadline)
    }
    // A program whose end no pidfd announces is looked at every 50 ms, as a closing one is.
    if endsUnannounced {
      let deadline = endLookDeadline ?? MonotonicClock.now() + 50_000_000
      endLookDeadline = deadline
      due(deadline)
    }
    guard !closing.isEmpty || !closingPipes.isEmpty else { return wait }
    for index in closing.indices { due(closing[index].deadline) }
    // A closing program that ends is noticed by its pidfd; without one (or once it is reaped,
    // with what it left still alive), looked at every 50 ms.
    for index in closingPipes.indices { due(closingPipes[index].deadline) }
    if closing.contains(where: { $0.session.descriptors.isEmpty }) || !closingPipes.isEmpty {
      let deadline = lookDeadline ?? MonotonicClock.now() + 50_000_000
      lookDeadline = deadline
      due(deadline)
    }
    return wait
  }

  /// Takes in what the programs wrote (at most ``roundLimit`` bytes each), notices the ones that
  /// ended, asks once for a redraw of each screen whose content changed and has it tell the shell
  /// what its program did (``TerminalScreen/report(ended:)``), and ends the closing programs whose
  /// time is up. Never waits. With `ready`, the descriptors the wait found ready, a live program
  /// none of whose descriptors is among them and that has no input waiting (that its terminal did
  /// not take yet) is not looked at: its terminal has nothing and it has not ended (a pane beside
  /// the one that echoed a key); one whose end no pidfd announces is looked at every 50 ms.
  package func runBackgroundWork(ready: [Int32]? = nil) {
    // Between two commands of a script with no terminal tab, nothing to look at (no clock read).
    guard !live.isEmpty || !closing.isEmpty || !closingPipes.isEmpty else { return }
    let now = MonotonicClock.now()
    pendingDeadline = nil
    // Whether the 50 ms the waiter was given for the ends no pidfd announces have passed (or it
    // was not given any): such a program is looked at then, not at each round (each key a
    // program beside it echoes); the deadline stays until then.
    let endLookDue = endLookDeadline.map { now >= $0 } ?? true
    if endLookDue { endLookDeadline = nil }
    lookDeadline = nil
    // By index, the entry's parts taken as needed (its redraw closure only for a program that
    // wrote). What the round sets off (a redraw, the screen's reports) is queued as the shell's
    // requests: the list stays as it is meanwhile.
    var index = 0
    while index < live.count {
      let entry = live[index]
      let session = entry.session
      index += 1
      // A program with nothing ready and no work waiting is not looked at: its terminal has
      // nothing and it has not ended (a pane beside the one that echoed a key).
      let looks =
        ready.map {
          session.isAmong($0) || session.hasPendingInput || (endLookDue && session.endNeedsLook)
        } ?? true
      if looks {
        let wrote = session.takeIn(limit: Self.roundLimit, buffer: readBuffer)
        // With a pidfd the program's end wakes the wait: a round that took output in does not
        // look (a `waitpid` each echoed key).
        let ended = wrote && session.endIsAnnounced ? false : session.checkEnded()
        // A pipe ends with the program's output, or when its reader went.
        if ended || session.pipe?.descriptor == -1 { stopPipe(of: session) }
        if wrote || ended {
          entry.needsDisplay()
          entry.screen?.report(ended: ended, putsOffLook: putsOffForegroundLooks)
        }
      }
      // Keys were sent a moment ago: a command that writes nothing names the tab all the same
      // (read fresh). Or output came whose look was put off (``putsOffForegroundLooks``).
      let keysLook = session.foregroundLook.map { now >= $0 } ?? false
      let outputLook = session.outputLook.map { now >= $0 } ?? false
      if keysLook || outputLook {
        if keysLook { session.foregroundLook = nil }
        if outputLook { session.outputLook = nil }
        if entry.screen?.followForeground(fresh: keysLook) == true { entry.needsDisplay() }
      }
    }
    defer { noticeActivity() }
    guard !closing.isEmpty || !closingPipes.isEmpty else { return }
    settleClosing(now: now)
  }

  /// The programs being closed that ended are let go of, and those past their grace killed. A
  /// function of its own, not inlined: each round a key's echo runs the rest of
  /// ``runBackgroundWork(ready:)``, which was spread over two pages of code with it.
  @inline(never)
  private func settleClosing(now: UInt64) {
    closing.removeAll { entry in
      if Self.hasEnded(entry.session) { return true }
      guard now >= entry.deadline else { return false }
      entry.session.kill()
      entry.session.reap()
      return true
    }
    closingPipes.removeAll { entry in
      if entry.pipe.reapIfEnded() { return true }
      guard now >= entry.deadline else { return false }
      entry.pipe.kill()
      return true
    }
  }

  /// Ends every program (at exit): SIGHUP to each, up to 2 s for them to end, then SIGKILL; each
  /// reaped.
  package func endAll() {
    defer { noticeActivity() }
    for entry in live { close(entry.session) }
    live = []
    let deadline = MonotonicClock.now() + Self.grace
    while !closing.isEmpty || !closingPipes.isEmpty {
      closing.removeAll { Self.hasEnded($0.session) }
      closingPipes.removeAll { $0.pipe.reapIfEnded() }
      if closing.isEmpty && closingPipes.isEmpty || MonotonicClock.now() >= deadline { break }
      MonotonicClock.sleep(milliseconds: 10)
    }
    for entry in closing {
      entry.session.kill()
      entry.session.reap()
    }
    for entry in closingPipes { entry.pipe.kill() }
    closing = []
    closingPipes = []
  }
}
