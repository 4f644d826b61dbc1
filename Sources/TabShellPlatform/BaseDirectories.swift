#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The XDG base directories, with one rule for every file TabShell keeps (the start-up file, the
/// plugin folder, the history):
///
/// - `XDG_CONFIG_HOME`, `XDG_DATA_HOME` or `XDG_STATE_HOME` is used when it is an absolute path; an
///   unset, empty or relative one is ignored, as the XDG base directory specification asks.
/// - Otherwise the folder is under the home folder: `$HOME/.config`, `$HOME/.local/share`,
///   `$HOME/.local/state`, where `HOME` must be an absolute path too. A caller may name a second
///   home (the history takes the password database's, ``passwordDatabaseHome()``) for when `HOME`
///   is not one; it must be absolute as well.
/// - With no absolute home at all there is no folder: nothing is read or written relative to the
///   current folder.
package enum BaseDirectories {
  /// One of the base directories.
  package enum Kind: Sendable, CaseIterable {
    /// Settings: `XDG_CONFIG_HOME`, by default `~/.config`.
    case config
    /// Data files: `XDG_DATA_HOME`, by default `~/.local/share`.
    case data
    /// State kept between runs (history): `XDG_STATE_HOME`, by default `~/.local/state`.
    case state

    /// The environment variable that names it.
    package var variable: String {
      switch self {
      case .config: "XDG_CONFIG_HOME"
      case .data: "XDG_DATA_HOME"
      case .state: "XDG_STATE_HOME"
      }
    }

    /// Its place under the home folder when the variable does not name it.
    package var defaultUnderHome: String {
      switch self {
      case .config: ".config"
      case .data: ".local/share"
      case .state: ".local/state"
      }
    }
  }

  /// `kind`'s folder with `path` under it (such as `tabshell/history`), by the rule above; `nil`
  /// when there is no absolute folder.
  package static func path(
    _ kind: Kind, _ path: String, environment: [String: String], fallbackHome: String? = nil
  ) -> String? {
    if let folder = absolute(environment[kind.variable]) {
      return join(folder, path)
    }
    guard let home = absolute(environment["HOME"]) ?? absolute(fallbackHome) else { return nil }
    return join(join(home, kind.defaultUnderHome), path)
  }

  /// This user's home folder in the password database (`getpwuid`), when it has one.
  package static func passwordDatabaseHome() -> String? {
    guard let record = getpwuid(getuid()), let directory = record.pointee.pw_dir else { return nil }
    return String(cString: directory)
  }

  /// `value` when it is an absolute path.
  private static func absolute(_ value: String?) -> String? {
    guard let value, value.hasPrefix("/") else { return nil }
    return value
  }

  private static func join(_ folder: String, _ path: String) -> String {
    folder.hasSuffix("/") ? folder + path : folder + "/" + path
  }
}
