import TabShellJSON

/// The limits a process plugin is held to. Going past one is a ``PluginFault``.
package struct RPCLimits: Equatable, Sendable {
  /// The longest line the plugin may write on stdout, in bytes without the `\n` (1 MiB).
  package var maxLineBytes = 1 << 20
  /// Seconds the plugin has to answer a request (`--plugin-timeout`, 2 by default); writing a
  /// message to it must also finish within this time.
  package var timeout: Double = 2
  /// Seconds the plugin has to answer `initialize`, which includes starting the program (an
  /// interpreter or a virtual machine may take a while on a busy machine): 10, or ``timeout``
  /// when that is longer.
  package var startTimeout: Double { max(timeout, 10) }
  /// Messages of the plugin's own (requests and notifications) that may wait to be taken by the
  /// host; one more is a flood.
  package var maxQueued = 1_000
  /// Messages of the plugin's own it may send in one second (a burst of this many is allowed,
  /// refilled at this rate); more is a flood.
  package var maxPerSecond = 1_000
  /// A stderr line longer than this (in bytes) is forwarded in pieces; not a fault.
  package var maxStderrLineBytes = 4_096
  /// Seconds between SIGTERM and SIGKILL when a plugin is stopped.
  package var killGrace: Double = 0.05
  /// Seconds a plugin has to exit by itself once its stdin is closed, at a normal shutdown.
  package var shutdownGrace: Double = 0.5
  /// How deep the JSON of a message may nest.
  package var maxDepth = JSON.defaultMaxDepth

  /// The defaults.
  package init() {}

  /// The defaults with another time limit, in seconds.
  package init(timeout: Double) {
    self.timeout = timeout
  }
}
