#if canImport(Glibc)
  import Glibc
#endif

/// Starts `executable` with `arguments` and `environment` the way a shell starts a command: no
/// signal blocked and every signal at its default action (a child of Foundation's `Process`
/// inherits the test thread's blocked signals), its descriptors set up by `actions`. Returns its
/// process id, or the `posix_spawn` error.
public func spawnAsAShellWould(
  _ executable: String, _ arguments: [String], environment: [String],
  actions: inout posix_spawn_file_actions_t
) -> Result<pid_t, SpawnFailure> {
  var attributes = posix_spawnattr_t()
  posix_spawnattr_init(&attributes)
  defer { posix_spawnattr_destroy(&attributes) }
  var none = sigset_t()
  sigemptyset(&none)
  var all = sigset_t()
  sigfillset(&all)
  posix_spawnattr_setsigmask(&attributes, &none)
  posix_spawnattr_setsigdefault(&attributes, &all)
  posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
  let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
  defer { for pointer in argv { free(pointer) } }
  let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
  defer { for pointer in envp { free(pointer) } }
  var child: pid_t = 0
  let code = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
  return code == 0 ? .success(child) : .failure(SpawnFailure(code: code))
}

/// `posix_spawn` failed with `code`.
public struct SpawnFailure: Error, CustomStringConvertible {
  /// The error number.
  public let code: Int32
  public var description: String { "posix_spawn: \(String(cString: strerror(code)))" }
}
