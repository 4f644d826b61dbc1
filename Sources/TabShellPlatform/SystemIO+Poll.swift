#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension SystemIO {
  /// What `poll` says of a descriptor waited on for reading.
  package struct Readiness: OptionSet, Equatable, Sendable {
    package var rawValue: Int16
    package init(rawValue: Int16) { self.rawValue = rawValue }

    /// There is something to read (`POLLIN`).
    package static let readable = Readiness(rawValue: Int16(POLLIN))
    /// The other end hung up (`POLLHUP`).
    package static let hungUp = Readiness(rawValue: Int16(POLLHUP))
    /// An error (`POLLERR`).
    package static let error = Readiness(rawValue: Int16(POLLERR))
    /// Not an open descriptor (`POLLNVAL`).
    package static let invalid = Readiness(rawValue: Int16(POLLNVAL))
    /// The descriptor is gone: hung up, in error or not open.
    package static let gone = Readiness(rawValue: Int16(POLLHUP | POLLERR | POLLNVAL))

    // Asked of each wait's answer in the loops, as bits: the option set's `contains` and
    // `isDisjoint(with:)` ran the standard library's unspecialized code (a call through the
    // protocol for each of `intersection`, `isEmpty`, `==`), a few pages of code a key.
    /// Whether there is something to read (``readable``).
    package var isReadable: Bool { rawValue & Int16(POLLIN) != 0 }
    /// Whether the descriptor is gone (any of ``gone``).
    package var isGone: Bool { rawValue & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 }
    /// Whether the wait said nothing of the descriptor.
    package var isQuiet: Bool { rawValue == 0 }
  }

  /// Waits until one of `descriptors` can be read, has hung up or is in error, or `milliseconds`
  /// have passed (-1: no limit): what each one is (all empty after the time ran out), or the
  /// failure (`EINTR` when a signal came).
  package static func waitForInput(_ descriptors: [Int32], milliseconds: Int32)
    -> Result<[Readiness], SystemError>
  {
    var set = PollSet()
    set.append(contentsOf: descriptors)
    if let error = set.wait(milliseconds: milliseconds) { return .failure(error) }
    return .success(set.readiness)
  }

  /// Descriptors waited on for reading (``waitForInput(_:milliseconds:)``), kept from one wait to
  /// the next: a loop that waits at each key fills it again in place, where a wait made an array
  /// of the descriptors and another of what each is.
  package struct PollSet {
    private var entries: [pollfd] = []
    /// The array ``ready(from:)`` last returned.
    private var readyKept: [Int32] = []

    /// An empty set.
    package init() {}

    /// How many descriptors it holds.
    package var count: Int { entries.count }

    /// Empties it, keeping its storage.
    package mutating func removeAll() { entries.removeAll(keepingCapacity: true) }

    /// Adds a descriptor, waited on for reading.
    package mutating func append(_ descriptor: Int32) {
      entries.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0))
    }

    /// Adds descriptors, in order.
    package mutating func append(contentsOf descriptors: [Int32]) {
      for descriptor in descriptors { append(descriptor) }
    }

    /// Waits as ``SystemIO/waitForInput(_:milliseconds:)`` does; the failure, if any. Each
    /// descriptor's readiness is then ``subscript(_:)``.
    package mutating func wait(milliseconds: Int32) -> SystemError? {
      let count = entries.withUnsafeMutableBufferPointer {
        poll($0.baseAddress, nfds_t($0.count), milliseconds)
      }
      return count >= 0 ? nil : .current
    }

    /// What the last wait said of the descriptor at `index` (in the order added).
    package subscript(_ index: Int) -> Readiness { Readiness(rawValue: entries[index].revents) }

    /// What the last wait said of each descriptor, in order.
    package var readiness: [Readiness] { entries.map { Readiness(rawValue: $0.revents) } }

    /// The descriptors from `index` on of which the last wait said anything (ready to read, hung
    /// up, in error).
    package mutating func ready(from index: Int) -> [Int32] {
      // The array the last call returned, filled again in place (its reader has dropped it).
      var ready = readyKept
      readyKept = []
      ready.removeAll(keepingCapacity: true)
      for entry in entries[min(index, entries.count)...] where entry.revents != 0 {
        ready.append(entry.fd)
      }
      readyKept = ready
      return ready
    }

    /// Whether the last wait said anything of a descriptor from `index` on.
    package func anyReady(from index: Int) -> Bool {
      entries[min(index, entries.count)...].contains { $0.revents != 0 }
    }
  }
}
