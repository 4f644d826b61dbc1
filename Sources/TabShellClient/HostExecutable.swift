import TabShellPlatform

/// Where the shell's executable is: `tabshell-host` in the folder of this executable's file (links
/// followed, so that an installed `bin/tabshell` link finds `lib/tabshell/tabshell-host`).
enum HostExecutable {
  /// The host's file name.
  static let name = "tabshell-host"

  /// Its path.
  static var path: String {
    let own = Platform.ownExecutable.flatMap(FileStatus.realPath) ?? CommandLine.arguments.first
    guard let own, let slash = own.lastIndex(of: "/") else { return name }
    return String(own[...slash]) + name
  }
}
