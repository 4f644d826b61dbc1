import TabShellPlatform

/// Something besides the process plugins that the shell takes in whenever it waits (at the REPL's
/// prompt, in the full-screen loop, between a script's commands): the host registers it on the
/// interpreter (``Interpreter/backgroundSources``), as the CLI registers the terminal tabs'
/// programs. Each closure is called on the thread that owns the shell and must never block. A
/// class: the full-screen loop asks each source twice a wake-up, and a value of four closures and
/// a name copied for each question retained and released each of them.
package final class BackgroundSource {
  /// What it is (`terminal`): the host removes it by its name when it has nothing to watch.
  package let name: String
  /// The descriptors whose readiness means work for ``run``.
  package let descriptors: () -> [Int32]
  /// How long a waiter may sleep before ``run`` is due, in milliseconds as `poll` takes them
  /// (-1: until a descriptor is ready).
  package let timeout: () -> Int32
  /// ``descriptors`` added to a poll set, and ``timeout``, in one call (by default, the two).
  package let watch: (inout SystemIO.PollSet) -> Int32
  /// Takes in what came, without waiting; requests it makes of screens are settled after it.
  /// Given the descriptors the wait found ready, when the waiter knows them (`nil`: it does not,
  /// and the source looks at everything it watches).
  package let run: ([Int32]?) -> Void
  /// Ends what it runs, when the shell exits.
  package let end: () -> Void

  /// Makes a source.
  package init(
    name: String, descriptors: @escaping () -> [Int32], timeout: @escaping () -> Int32,
    watch: ((inout SystemIO.PollSet) -> Int32)? = nil, run: @escaping ([Int32]?) -> Void,
    end: @escaping () -> Void
  ) {
    self.name = name
    self.descriptors = descriptors
    self.timeout = timeout
    self.watch =
      watch ?? { set in
        set.append(contentsOf: descriptors())
        return timeout()
      }
    self.run = run
    self.end = end
  }
}
