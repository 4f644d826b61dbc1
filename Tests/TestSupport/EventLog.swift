@_spi(Host) import TabShellKit
import Testing

/// Records every event a shell emits, for tests that check exact event sequences, and fails the
/// test when events are left unchecked (as TCA's `TestStore` fails on unasserted actions).
///
/// Every event must be taken with ``take()`` (and compared), or dropped on purpose with
/// ``skip(_:)``, which says why; events still recorded when the log goes away are an issue of the
/// test that made the log.
package final class EventLog {
  /// The events since the last ``take()``.
  package private(set) var events: [ShellEvent] = []
  private let sourceLocation: SourceLocation

  /// Starts recording the events of `shell`.
  package init(_ shell: Shell, sourceLocation: SourceLocation = #_sourceLocation) {
    self.sourceLocation = sourceLocation
    shell.addObserver { [weak self] in self?.events.append($0) }
  }

  /// The events since the last call, as text (each event's `description`, as `trace on` prints
  /// it), and forgets them.
  package func take() -> [String] {
    defer { events.removeAll() }
    return events.map(\.description)
  }

  /// Forgets the events since the last call, on purpose: `reason` says why they do not matter
  /// (they were checked elsewhere, or the test is about something else).
  package func skip(_ reason: String) {
    events.removeAll()
  }

  deinit {
    if !events.isEmpty {
      Issue.record(
        "\(events.count) events were not checked: \(events.prefix(8).map(\.description))",
        sourceLocation: sourceLocation)
    }
  }
}
